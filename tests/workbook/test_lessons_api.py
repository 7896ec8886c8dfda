"""lesson_exercises and lesson_hints refuse bad input with messages of their own."""

from __future__ import annotations

import pytest

from groundlab.workbook import lesson_exercises, lesson_hints
from groundlab import load_case_set


def test_a_misspelt_context_name_is_refused_with_the_names_the_lesson_takes():
    with pytest.raises(TypeError) as caught:
        lesson_exercises("04", case=load_case_set())
    assert str(caught.value) == "notebook 04's exercises take cases=; given: case"


def test_a_missing_context_is_refused_before_the_module_runs():
    with pytest.raises(TypeError) as caught:
        lesson_exercises("04")
    assert str(caught.value) == "notebook 04's exercises take cases=; given: none"


@pytest.mark.parametrize("lesson", ["4", "004", 4, "ab"])
def test_a_lesson_is_two_digits(lesson):
    for function in (lesson_exercises, lesson_hints):
        with pytest.raises(ValueError, match="two-digit number"):
            function(lesson)


def test_a_lesson_without_a_module_or_hints_is_named():
    with pytest.raises(ValueError, match=r"^notebook 99 has no exercises module \(groundlab\.workbook\.lessons\.l99\)$"):
        lesson_exercises("99")
    with pytest.raises(ValueError, match="^notebook 99 has no Predict hints$"):
        lesson_hints("99")


def test_an_unknown_context_name_is_refused_even_beside_the_right_ones():
    with pytest.raises(TypeError) as caught:
        lesson_exercises("03", cases=load_case_set(), studdy=1)
    assert str(caught.value) == "notebook 03's exercises take cases=; given: cases, studdy"
    with pytest.raises(TypeError) as caught:
        lesson_exercises("00", case=load_case_set())
    assert str(caught.value) == "notebook 00's exercises take cases=; given: case"


def test_a_board_must_be_a_scoreboard():
    with pytest.raises(TypeError, match="^board is a groundlab Scoreboard, not str$"):
        lesson_exercises("00", board="x", cases=load_case_set())
