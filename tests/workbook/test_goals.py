"""Goals of the lab's make exercises: a rung goal on a quote, a score goal on a verifier; exact feedback."""

from __future__ import annotations

import pytest

from groundlab.workbook import Exercise, Feedback, rung_goal, score_goal
from groundlab import (
    citation_only_verifier, contract_verifier, load_case_set, load_perturbations, parse_claims,
    quotes_exist_verifier, score_verifier,
)

pytest.importorskip("rapidfuzz")

POLICY = load_perturbations()["dropped_not-16"].source
DROPPED = "Working from another country is permitted without written approval from HR."
LONG_DROPPED = "Staff may work remotely for up to 3 days a week after their probation period. " + DROPPED
STUDY = load_case_set()


@pytest.fixture(scope="module")
def beat_citation_only():
    return score_goal(score_verifier(citation_only_verifier, name="citation-only"))


def _value_check(raw, request, sources):
    status = citation_only_verifier(raw, request, sources)
    if status == "ACCEPT" and any(c.value != sources[c.doc].facts.get(c.field) for c in parse_claims(raw)):
        return "VALUE_MISMATCH"
    return status


def test_rung_goal_right_answer():
    goal = rung_goal(POLICY, accepted_by="partial_95", refused_by="is_quoted")
    assert goal(LONG_DROPPED) == Feedback(True, "is_quoted refuses it; partial_95 accepts it.")


def test_rung_goal_each_wrong_answer_says_each_rungs_decision():
    goal = rung_goal(POLICY, accepted_by="partial_95", refused_by="is_quoted")
    assert goal(DROPPED) == Feedback(False, "is_quoted refuses it; partial_95 should accept it, but it refuses it.")
    assert goal(POLICY) == Feedback(False, "is_quoted should refuse it, but it accepts it; partial_95 accepts it.")
    assert goal("Another policy altogether, about parking.") == Feedback(
        False, "is_quoted refuses it; partial_95 should accept it, but it refuses it."
    )
    assert goal(5) == Feedback(False, "the answer should be a quote (a str), not int")


def test_rung_goal_orders_the_rungs_as_the_ladder_does():
    goal = rung_goal(POLICY, accepted_by="exact", refused_by="token_set_90")
    assert goal(POLICY) == Feedback(False, "exact accepts it; token_set_90 should refuse it, but it accepts it.")


def test_rung_goal_refuses_unknown_rungs():
    with pytest.raises(ValueError, match=r"no rung 'partial_99'; the rungs: exact, article, is_quoted, "):
        rung_goal(POLICY, accepted_by="partial_99", refused_by="is_quoted")
    with pytest.raises(ValueError, match="one rung cannot both accept and refuse: 'exact'"):
        rung_goal(POLICY, accepted_by="exact", refused_by="exact")
    with pytest.raises(TypeError, match="source must be a str, not NoneType"):
        rung_goal(None, accepted_by="exact", refused_by="is_quoted")


def test_score_goal_right_answer(beat_citation_only):
    assert beat_citation_only(_value_check) == Feedback(
        True,
        "335 of 555 agree, 0 raised; citation-only agrees on 280 of 555. First kinds it still gets wrong: "
        "doc_swap_scope (0 of 28), doc_swap_revision (0 of 14), quote_swap (0 of 42).",
    )
    assert beat_citation_only(contract_verifier) == Feedback(True, "555 of 555 agree, 0 raised; citation-only agrees on 280 of 555.")


def test_score_goal_no_better_than_the_baseline(beat_citation_only):
    assert beat_citation_only(citation_only_verifier) == Feedback(
        False,
        "280 of 555 agree, 0 raised; citation-only agrees on 280 of 555; it should agree on more than 280. "
        "First kinds it still gets wrong: value_swap (0 of 21), value_near_miss (0 of 28), doc_swap_scope (0 of 28).",
    )


def test_score_goal_a_verifier_that_raises(beat_citation_only):
    assert beat_citation_only(quotes_exist_verifier) == Feedback(
        False,
        "164 of 555 agree, 38 raised; citation-only agrees on 280 of 555; it should agree on more than 280; "
        "it should raise on none (first: complete.shape.missing-quote: raised KeyError: 'quote'). "
        "First kinds it still gets wrong: syntax (56 of 64), shape (0 of 72), value_swap (0 of 21).",
    )

    def raises_on_unreadable(raw, request, sources):
        parse_claims(raw)
        return contract_verifier(raw, request, sources)

    goal = score_goal(score_verifier(citation_only_verifier, STUDY, name="citation-only"), cases=STUDY)
    feedback = goal(raises_on_unreadable)
    assert not feedback.right
    assert feedback.message.startswith(
        "17 of 22 agree, 5 raised; citation-only agrees on 12 of 22; it should raise on none (first: duplicate-key: "
        "raised ClaimsSyntaxError: duplicate_member: "
    )


def test_score_goal_answer_must_be_a_verifier(beat_citation_only):
    assert beat_citation_only("my_verifier") == Feedback(
        False, "the answer should be a verifier, a function (raw, request, sources) -> status, not str"
    )
    with pytest.raises(TypeError, match="baseline must be a ScoreReport"):
        score_goal(280)


def test_an_exercise_with_a_score_goal_counts_once_it_is_solved(beat_citation_only):
    q = Exercise("Beat it", "Agree on more.", beat_citation_only, ["Start from the citation-only verifier."], "def my_verifier(): ...")
    assert not q.check(citation_only_verifier).right
    assert q.outcome is None
    assert q.check(_value_check).right
    assert q.checks == 2 and q.outcome.right and q.last.right


def test_goals_need_no_widget_library():
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from groundlab.workbook.exercises.goals import rung_goal, score_goal\n"
        "from groundlab.lab.score import score_verifier\n"
        "from groundlab.lab.verifiers import contract_verifier\n"
        "print(score_goal(score_verifier(contract_verifier))(contract_verifier).right)\n"
        "print(sorted(m for m in ('ipywidgets', 'IPython', 'pandas', 'matplotlib', 'numpy', 'pydantic') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == ["False", "[]"]  # the contract cannot beat itself
