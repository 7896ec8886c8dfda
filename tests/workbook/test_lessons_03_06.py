"""The make and modify exercises of notebooks 03 to 06: each goal's feedback, right and wrong, exactly."""

from __future__ import annotations

from dataclasses import replace

import pytest

from groundlab.workbook import Exercise, Feedback, Scoreboard, lesson_exercises
from groundlab import load_case_set
from groundlab.workbook.lessons import l03, l04, l05, l06

STUDY = load_case_set()


def solved(q: Exercise, name: str, **namespace):
    """The value the solution assigns to ``name``, run with ``namespace`` (what the notebook defines)."""
    scope = {"replace": replace, "study": STUDY, "cases": STUDY, **namespace}
    exec(q.solution(), scope)
    return scope[name]


@pytest.mark.parametrize("lesson, names", [("03", ["dev_request"]), ("04", ["fixed"]), ("05", ["my_answer"]), ("06", ["my_counterexample"])])
def test_each_lesson_has_its_exercises_with_one_or_two_hints(lesson, names):
    board = Scoreboard()
    q = lesson_exercises(lesson, board=board, cases=STUDY)
    assert list(vars(q)) == names
    for exercise in vars(q).values():
        assert isinstance(exercise, Exercise) and 1 <= len(exercise.hints) <= 2
        assert exercise not in board.exercises
        exercise.check(None)
        assert exercise in board.exercises


# ---------------------------------------------------------------- 03


DEV = STUDY["dev-environment"]
DEV_V1 = replace(DEV.request, revision="v1")


def test_03_request_goal_names_the_first_failing_check_then_the_next():
    goal = l03.exercises(cases=STUDY)["dev_request"].goal
    assert goal(DEV_V1) == Feedback(
        False,
        "the contract should say ACCEPT, but it says SCOPE_MISMATCH "
        "(claim 0 scope: FAILED: dev-v2 is environment 'dev', the request asks for 'prod').",
    )
    assert goal(replace(DEV_V1, environment="dev")) == Feedback(
        False,
        "the contract should say ACCEPT, but it says STALE_REVISION "
        "(claim 0 revision: FAILED: dev-v2 is revision 'v2', the request asks for 'v1').",
    )
    assert goal(replace(DEV_V1, environment="dev", revision="v2")) == Feedback(True, "the contract says ACCEPT (every check passed).")


def test_03_request_goal_refuses_what_is_not_a_valid_request():
    goal = l03.request_goal(DEV.raw, STUDY.sources)
    assert goal(DEV.raw) == Feedback(False, "the answer should be a Request (from groundlab, or dataclasses.replace of one), not str")
    assert goal(replace(DEV_V1, supplied=("prod-v9",))) == Feedback(
        False,
        "the registry refuses this request: the request supplies 'prod-v9', which no source in the "
        "registry has (known ids: billing-v2, dev-v2, prod-v1, prod-v2).",
    )


def test_03_solution_meets_the_goal():
    q = l03.exercises(cases=STUDY)["dev_request"]
    assert q.goal(solved(q, "dev_request", dev_v1=DEV_V1)).right


# ---------------------------------------------------------------- 04


OTHER = STUDY["quote-other-field"]


def test_04_quote_only_goal_feedback():
    goal = l04.exercises(cases=STUDY)["fixed"].goal
    assert goal(OTHER.raw) == Feedback(
        False,
        "the contract should say ACCEPT, but it says QUOTE_NOT_SUPPORTING "
        "(claim 0 supports: FAILED: quote 'retry_enabled=false' is not read_timeout_ms=5000).",
    )
    assert goal(OTHER.raw.replace('"value": "5000"', '"value": "1"')) == Feedback(
        False, "change only quotes: claim 0's value was '5000', now '1'"
    )
    assert goal(STUDY["one-field"].raw) == Feedback(False, "keep the 2 claims of the answer; it now has 1")
    assert goal(7) == Feedback(False, "the answer should be the answer text (a str), not int")
    refused = goal("{")
    assert not refused.right and refused.message.startswith("the answer should still parse into claims, but it does not: not_json")
    fixed = OTHER.raw.replace('"quote": "retry_enabled=false"', '"quote": "read_timeout_ms=5000"', 1)
    assert goal(fixed) == Feedback(True, "the contract says ACCEPT (every check passed).")


def test_04_quote_only_goal_needs_an_original_that_parses():
    with pytest.raises(ValueError, match="the original answer must parse"):
        l04.quote_only_goal("not json", OTHER.request, STUDY.sources)


def test_04_solution_meets_the_goal():
    q = l04.exercises(cases=STUDY)["fixed"]
    assert q.goal(solved(q, "fixed", case=OTHER)).right


# ---------------------------------------------------------------- 05


REPEAT = STUDY["duplicate-field"]


def test_05_repeat_goal_feedback():
    goal = l05.exercises(cases=STUDY)["my_answer"].goal
    assert goal(REPEAT.raw) == Feedback(
        False,
        "the contract should say VALUE_MISMATCH, but it says DUPLICATE_CLAIM "
        "(claim 1 duplicate: FAILED: claim 0 already answers 'read_timeout_ms').",
    )
    second = REPEAT.raw.replace('"value": "5000"', '"value": "2000"', 2).replace('"value": "2000"', '"value": "5000"', 1)
    assert goal(second).message.endswith("but it says DUPLICATE_CLAIM (claim 1 duplicate: FAILED: claim 0 already answers 'read_timeout_ms').")
    assert goal(STUDY["wrong-value-real-quote"].raw) == Feedback(
        False, "some field should still be claimed twice; each field is claimed once"
    )
    assert goal(None) == Feedback(False, "the answer should be the answer text (a str), not NoneType")
    first = REPEAT.raw.replace('"value": "5000"', '"value": "2000"', 1)
    assert goal(first) == Feedback(
        True, "the contract says VALUE_MISMATCH (claim 0 value: FAILED: claimed '2000', but prod-v2 says read_timeout_ms=5000)."
    )


def test_05_solution_meets_the_goal():
    q = l05.exercises(cases=STUDY)["my_answer"]
    assert q.goal(solved(q, "my_answer")).right


# ---------------------------------------------------------------- 06


ONE = STUDY["one-field"]


def test_06_counterexample_goal_feedback():
    goal = l06.exercises(cases=STUDY)["my_counterexample"].goal
    assert goal(ONE.raw) == Feedback(False, "the contract should say STALE_REVISION, but it says ACCEPT (every check passed).")
    assert goal(ONE.raw.replace("prod-v2", "prod-v1")) == Feedback(
        False,
        "the citation-only check should accept it, but it rejects it; the contract should say STALE_REVISION, "
        "but it says NO_CITATION (claim 0 citation: FAILED: the quote does not appear verbatim in the cited document).",
    )
    right = ONE.raw.replace("5000", "2000").replace("prod-v2", "prod-v1")
    assert goal(right) == Feedback(
        True, "the contract says STALE_REVISION (claim 0 revision: FAILED: prod-v1 is revision 'v1', the request asks for 'v2')."
    )


def test_06_solution_meets_the_goal():
    q = l06.exercises(cases=STUDY)["my_counterexample"]
    assert q.goal(solved(q, "my_counterexample")).right


def test_a_lesson_without_its_case_raises_key_error():
    from dataclasses import replace as copy

    empty = copy(STUDY, cases=())
    for module in (l03, l04, l05, l06):
        with pytest.raises(KeyError):
            module.exercises(cases=empty)
