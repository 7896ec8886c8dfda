"""The lab notebooks' make exercises, defined in the library so that a notebook shows only the task.

Each factory returns an :class:`~groundlab.workbook.exercises.exercise.Exercise`; its solution is
reached only through ``q.solution()``. Standard library only (a fuzzy rung loads rapidfuzz when
checked). See ``docs/architecture.md``, "Exercise answers".
"""

from __future__ import annotations

from groundlab.lab.score import ScoreReport
from groundlab.workbook.exercises.exercise import Exercise
from groundlab.workbook.exercises.goals import rung_goal, score_goal
from groundlab.workbook.lessons.text import N_

__all__ = ["beat_citation_only_exercise", "dropped_not_exercise"]

_DROPPED_NOT = (
    "# The same 4 missing characters ('not ') are a smaller share of a longer quote: with the\n"
    "# sentence before it the quote is 153 characters long, and partial_ratio rises above 95.\n"
    'answer = ("Staff may work remotely for up to 3 days a week after their probation period. "\n'
    '          "Working from another country is permitted without written approval from HR.")'
)

_BEAT_CITATION_ONLY = '''def my_verifier(raw, request, sources):
    status = citation_only_verifier(raw, request, sources)
    if status == "ACCEPT":
        claims = parse_claims(raw)
        # .get, not [...]: a claim for a field that its document lacks must not raise
        if any(claim.value != sources[claim.doc].facts.get(claim.field) for claim in claims):
            return "VALUE_MISMATCH"
    return status
# 335 of 555 now agree. Scope, revision, support, duplicates, unrequested and missing
# fields each need a check of their own: that is why the contract has more than two.'''


def dropped_not_exercise(source: str) -> Exercise:
    """Make a quote of ``source`` without its "not" that ``is_quoted`` refuses and ``partial_95`` accepts.

    ``source`` is the policy text of catalogue item ``dropped_not-16``. ``TypeError`` for a non-``str``
    ``source``; checking raises ``ImportError`` without rapidfuzz.
    """
    return Exercise(
        N_("A dropped 'not' that partial_95 lets through"),
        N_("Leave out the policy's 'not': is_quoted refuses the quote, partial_95 accepts it."),
        rung_goal(source, accepted_by="partial_95", refused_by="is_quoted"),
        [
            N_("Leaving out 'not ' costs 4 characters however long the quote is, and partial_95 forgives under 5% of the quote."),
            N_("Quote two sentences: the one before it, and this one with only 'not ' removed."),
        ],
        _DROPPED_NOT,
    )


def beat_citation_only_exercise(baseline: ScoreReport) -> Exercise:
    """Write ``my_verifier`` that agrees on more mutation cases than ``baseline`` and raises on none.

    ``baseline`` is the citation-only verifier's ``ScoreReport`` on the mutation catalogue; the
    solution needs ``citation_only_verifier`` and ``parse_claims`` in scope. ``TypeError`` when
    ``baseline`` is not a ``ScoreReport``.
    """
    return Exercise(
        N_("Beat the citation-only verifier"),
        N_("Agree on more than {agreed} of {total} cases, and raise on none.").fill(agreed=baseline.agreed, total=baseline.total),
        score_goal(baseline),
        [
            N_("Keep the citation-only verifier's status whenever it is not ACCEPT: it is right on every syntax, shape and citation fault."),
            N_(
                "Under the if, compare each claim's value with sources[claim.doc].facts.get(claim.field); "
                "use .get, because a KeyError on a field that its document lacks counts as a disagreement."
            ),
        ],
        _BEAT_CITATION_ONLY,
    )
