"""The lab notebooks' make exercises, defined in the library so that a notebook shows only the task.

Each factory returns an :class:`~groundlab.view.exercise.Exercise` whose goal is
computed by groundlab; the solution stays reachable through ``q.solution()`` and is
not printed in the notebook, nor in its student copy. Standard library only. See
``docs/architecture.md``, "Exercise answers".
"""

from __future__ import annotations

from groundlab.lab.score import ScoreReport
from groundlab.view.exercise import Exercise
from groundlab.view.goals import rung_goal, score_goal

__all__ = ["beat_citation_only_exercise", "dropped_not_exercise"]

_DROPPED_NOT = (
    'answer = "Staff may work remotely for up to 3 days a week after their probation period. '
    'Working from another country is permitted without written approval from HR."'
)

_BEAT_CITATION_ONLY = '''def my_verifier(raw, request, sources):
    status = citation_only_verifier(raw, request, sources)
    if status == "ACCEPT" and any(c.value != sources[c.doc].facts.get(c.field) for c in parse_claims(raw)):
        return "VALUE_MISMATCH"
    return status'''


def dropped_not_exercise(source: str) -> Exercise:
    """Make a quote of ``source`` without its "not" that ``is_quoted`` refuses and ``partial_95`` accepts."""
    return Exercise(
        "A dropped 'not' that partial_95 lets through",
        "Leave out the policy's 'not': is_quoted refuses the quote, partial_95 accepts it.",
        rung_goal(source, accepted_by="partial_95", refused_by="is_quoted"),
        [
            "Leaving out 'not ' costs 4 characters however long the quote is, and partial_95 forgives under 5% of the quote.",
            "Quote two sentences: the one before it, and this one with only 'not ' removed.",
        ],
        _DROPPED_NOT,
    )


def beat_citation_only_exercise(baseline: ScoreReport) -> Exercise:
    """Write ``my_verifier`` that agrees on more mutation cases than ``baseline`` and raises on none."""
    return Exercise(
        "Beat the citation-only verifier",
        f"Agree on more than {baseline.agreed} of {baseline.total} cases, and raise on none.",
        score_goal(baseline),
        [
            "Keep the citation-only verifier's status whenever it is not ACCEPT: it is right on every syntax, shape and citation fault.",
            "Then compare each parsed claim's value with sources[claim.doc].facts.get(claim.field).",
        ],
        _BEAT_CITATION_ONLY,
    )
