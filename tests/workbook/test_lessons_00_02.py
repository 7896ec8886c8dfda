"""The make and modify exercises of notebooks 00, 01 and 02 (``groundlab.workbook.lessons.l00`` ... ``l02``):
each goal's feedback, right and wrong, word for word, and each solution meets its own goal."""

from __future__ import annotations

import json

import pytest

from groundlab.workbook import Exercise, Feedback, Scoreboard, lesson_exercises
from groundlab import load_case_set
from groundlab.workbook.lessons import l00, l01, l02

TIMEOUT = '{"field": "read_timeout_ms", "value": "5000", "doc": "prod-v2", "quote": "read_timeout_ms=5000"}'
RETRY = '{"field": "retry_enabled", "value": "false", "doc": "prod-v2", "quote": "retry_enabled=false"}'


@pytest.fixture(scope="module")
def study():
    return load_case_set()


def solved(exercise: Exercise, name: str, study) -> object:
    """Run ``exercise``'s solution in a notebook-like namespace and return the learner's variable."""
    namespace = {"cases": study, "json": json}
    exec(compile(exercise.solution(), f"{exercise.title}.solution()", "exec"), namespace)
    return namespace[name]


@pytest.mark.parametrize(
    "lesson, names",
    [("00", ["accept_both"]), ("01", ["python_reads"]), ("02", ["fool_citation_only"])],
)
def test_each_lesson_tracks_its_exercises_on_the_board(lesson, names, study):
    board = Scoreboard()
    q = lesson_exercises(lesson, board=board, **({} if lesson == "01" else {"cases": study}))  # 01 takes none
    assert list(vars(q)) == names
    assert board.exercises == [], "an exercise joins the board at its first check"
    for name in names:
        getattr(q, name).check(None)
    assert board.exercises == [getattr(q, name) for name in names]
    for name in names:
        exercise = getattr(q, name)
        assert 1 <= len(exercise.hints) <= 2
        assert exercise.hint().startswith("Hint 1 of ")


# ------------------------------------------------------------------ 00: an answer the contract accepts


def test_00_the_timeout_claim_alone_is_not_yet_enough(study):
    goal = l00.exercises(cases=study)["accept_both"].goal
    assert goal('{"claims": [' + TIMEOUT + "]}") == Feedback(
        False,
        "the contract should say ACCEPT, but it says INCOMPLETE (answer coverage: FAILED: no claim for retry_enabled).",
    )


def test_00_an_empty_answer_and_a_non_string_say_what_is_wrong(study):
    goal = l00.exercises(cases=study)["accept_both"].goal
    assert goal('{"claims": []}') == Feedback(
        False,
        "the contract should say ACCEPT, but it says NO_CITATION "
        "(answer citation: FAILED: the answer holds no claims, so nothing is cited).",
    )
    assert goal(None) == Feedback(False, "the answer should be the answer text (a str), not NoneType")


def test_00_both_claims_are_accepted_and_the_solution_meets_the_goal(study):
    exercise = l00.exercises(cases=study)["accept_both"]
    right = Feedback(True, "the contract says ACCEPT (every check passed).")
    assert exercise.goal('{"claims": [' + TIMEOUT + ", " + RETRY + "]}") == right
    assert exercise.goal(solved(exercise, "my_answer", study)) == right


def test_00_loads_the_study_by_default(study):
    exercise = l00.exercises()["accept_both"]
    assert exercise.goal('{"claims": [' + RETRY + ", " + TIMEOUT + "]}").right


# ------------------------------------------------------------------ 01: texts Python reads but the boundary refuses


def test_01_the_starter_parses_and_shows_no_code():
    goal = l01.exercises()["python_reads"].goal
    assert goal(['{"claims": []}']) == Feedback(
        False, "text 0 parses into 0 claim(s), but the boundary should refuse it; it should show 3 different codes, but shows 0."
    )


def test_01_each_wrong_text_is_named_in_order():
    goal = l01.python_reads_goal()
    texts = ['{"claims": []}', '{"claims": []} and more', 5, '{"claims": NaN}', "[" * 100_000 + "]" * 100_000]
    assert goal(texts) == Feedback(
        False,
        "text 0 parses into 0 claim(s), but the boundary should refuse it; "
        "json.loads refuses text 1 (JSONDecodeError), but it should read it; "
        "text 2 should be a str, not int; "
        "json.loads refuses text 4 (RecursionError), but it should read it; "
        "it should show 3 different codes, but shows 1: not_json (text 3).",
    )


def test_01_a_repeated_code_counts_once():
    goal = l01.python_reads_goal()
    assert goal(['{"claims": NaN}', '{"claims": Infinity}', '{"claims": 1e400}']) == Feedback(
        False, "it should show 3 different codes, but shows 2: not_json (text 0), bad_number (text 2)."
    )


def test_01_three_codes_are_right_and_the_solution_meets_the_goal(study):
    goal = l01.python_reads_goal()
    texts = ('{"claims": [], "claims": []}', '{"claims": 1e400}', '{"claims": {}}')
    assert goal(texts) == Feedback(
        True,
        "json.loads reads all 3 texts, and parse_claims refuses them with 3 different codes: "
        "duplicate_member (text 0), bad_number (text 1), wrong_shape (text 2).",
    )
    exercise = l01.exercises()["python_reads"]
    assert exercise.goal(solved(exercise, "my_texts", study)) == Feedback(
        True,
        "json.loads reads all 4 texts, and parse_claims refuses them with 4 different codes: "
        "wrong_shape (text 0), not_json (text 1), bad_number (text 2), duplicate_member (text 3).",
    )


def test_01_the_answer_is_a_list_of_texts():
    goal = l01.python_reads_goal()
    assert goal('{"claims": NaN}') == Feedback(False, "the answer should be a list of answer texts (str), not str")
    assert goal(None) == Feedback(False, "the answer should be a list of answer texts (str), not NoneType")
    with pytest.raises(ValueError, match="wanted is at least 1"):
        l01.python_reads_goal(0)


# ------------------------------------------------------------------ 02: fool the citation-only check


def edited(study, claim: int, **members: str) -> str:
    answer = json.loads(study["complete"].raw)
    answer["claims"][claim].update(members)
    return json.dumps(answer)


def test_02_the_unchanged_answer_is_accepted_so_not_yet(study):
    goal = l02.exercises(cases=study)["fool_citation_only"].goal
    assert goal(study["complete"].raw) == Feedback(
        False, "the contract should say VALUE_MISMATCH, but it says ACCEPT (every check passed)."
    )


def test_02_the_wrong_claim_and_a_changed_quote_are_named(study):
    goal = l02.exercises(cases=study)["fool_citation_only"].goal
    assert goal(edited(study, 0, value="2000")) == Feedback(
        False, "it should fail at claim 1's value, but it fails at claim 0's value."
    )
    assert goal(edited(study, 1, value="true", quote="retry_enabled=true")) == Feedback(
        False,
        "the citation-only check should accept it, but it rejects it; the contract should say VALUE_MISMATCH, "
        "but it says NO_CITATION (claim 1 citation: FAILED: the quote does not appear verbatim in the cited document).",
    )


def test_02_a_new_retry_value_is_right_and_the_solution_meets_the_goal(study):
    exercise = l02.exercises(cases=study)["fool_citation_only"]
    right = Feedback(
        True, "the contract says VALUE_MISMATCH (claim 1 value: FAILED: claimed 'true', but prod-v2 says retry_enabled=false)."
    )
    assert exercise.goal(edited(study, 1, value="true")) == right
    assert exercise.goal(solved(exercise, "my_answer", study)) == right
