"""The scoreboard counts the tracked exercises predicted right."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from groundlab.workbook.exercises.predict import Predict  # noqa: E402
from groundlab.workbook.exercises.scoreboard import Scoreboard  # noqa: E402


def test_scoreboard_counts_right_answers(study):
    board = Scoreboard()
    assert board.text == "0 of 0 right"
    first = Predict.case(study, "complete", board=board)
    second = board.track(Predict.case(study, "missing-field"))
    board.track(second)  # tracked once
    assert board.total == 2
    assert board.text == "0 of 2 right (2 not done yet)"
    assert repr(board) == "Scoreboard: 0 of 2 right (2 not done yet)"
    assert board._repr_mimebundle_()["text/plain"] == repr(board)
    first.choose("ACCEPT")
    first.check()
    assert board.value == "<p><strong>Score: 1 of 2 right (1 not done yet)</strong></p>"
    second.choose("ACCEPT")
    second.check_button.click()
    assert (board.right, board.checked, board.total) == (1, 2, 2)
    assert board.text == "1 of 2 right"
    with pytest.raises(TypeError):
        board.track("not an exercise")


def test_the_board_counts_library_checked_exercises_once_solved_or_given_up():
    from groundlab.workbook import Exercise, Feedback, Scoreboard

    board = Scoreboard()
    q = board.track(Exercise("make", "task", lambda answer: Feedback(answer == "right", "checked"), ["a hint"], "s"))
    assert board.text == "0 of 1 right (1 not done yet)"
    q.check("wrong")
    assert board.text == "0 of 1 right (1 not done yet)", "a wrong check (the starter answer, say) is not a try"
    q.check("right")
    assert board.text == "1 of 1 right"
    assert "1 of 1 right" in board.value
    given_up = board.track(Exercise("make 2", "task", lambda answer: Feedback(False, "no"), ["a hint"], "s"))
    given_up.solution()
    assert board.text == "1 of 2 right"


def test_running_a_predict_cell_again_keeps_one_exercise_and_its_first_try():
    from groundlab.workbook import Predict, Scoreboard

    board = Scoreboard()
    first = Predict("Same", "q", ["a", "b"], lambda: ("b", "the second"), hints=["look again"], board=board)
    first.choose("a")
    first.check()
    again = Predict("Same", "q", ["a", "b"], lambda: ("b", "the second"), hints=["look again"], board=board)
    assert board.exercises == [again] and again.outcome == first.outcome and not again.outcome.right
    again.choose("b")
    again.check()
    assert board.text == "0 of 1 right", "the first try counts, however often the cell runs"
    assert again.hints_shown == 1, "the hint the first run's wrong try earned stays shown"
    third = Predict("Same", "q", ["a", "b"], lambda: ("b", "the second"), hints=["look again"], board=board)
    assert third.closed and third.choices.disabled and board.total == 1
