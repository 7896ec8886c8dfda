"""Notebook 02's modify exercise: an answer the citation-only check accepts and the contract rejects.

``exercises(cases=...)`` returns ``{"fool_citation_only": Exercise}``. The goal is
computed by groundlab (:func:`~groundlab.workbook.exercises.goals.verdict_goal`): for the request of
the study's case ``complete``, the citation-only check accepts the learner's answer
and the full contract rejects it with ``VALUE_MISMATCH`` at claim 1's ``value`` check.
Standard library only. See ``docs/architecture.md``, "Exercise answers".
"""

from __future__ import annotations

from typing import Any

from groundlab.core.contract import Status
from groundlab.study.cases import CaseSet, load_case_set
from groundlab.workbook.exercises.exercise import Exercise
from groundlab.workbook.exercises.goals import verdict_goal

__all__ = ["CASE", "exercises"]

CASE = "complete"
"""The study case whose answer the learner modifies and whose request it is checked against."""

_SOLUTION = '''import json

answer = json.loads(cases["complete"].raw)
answer["claims"][1]["value"] = "true"  # the quote still says retry_enabled=false, and it is in prod-v2
my_answer = json.dumps(answer)'''


def exercises(*, cases: CaseSet | None = None, **_context: Any) -> dict[str, Exercise]:
    """Notebook 02's exercises: ``{"fool_citation_only": Exercise}``.

    ``cases`` is the 22-case study (a :class:`~groundlab.study.cases.CaseSet`; default
    :func:`~groundlab.study.cases.load_case_set`); other keyword arguments are ignored.
    ``fool_citation_only`` takes an answer text (``str``) and is right when, for the
    request of case ``complete``, the citation-only check accepts it and the contract
    says ``VALUE_MISMATCH`` at claim 1's ``value`` check; its feedback says which of the
    three still differs. The solution uses the notebook's ``cases``. ``KeyError`` if
    ``cases`` has no case ``complete``.
    """
    cases = load_case_set() if cases is None else cases
    request = cases[CASE].request
    goal = verdict_goal(request, cases.sources, Status.VALUE_MISMATCH, citation_only_ok=True, claim=1, check="value")
    return {
        "fool_citation_only": Exercise(
            "Fool the citation-only check",
            "Change one value of the complete answer so that the citation-only check still accepts it, "
            "but the contract rejects it at claim 1's value check.",
            goal,
            [
                "The citation-only check reads only doc and quote. Which member can change without it noticing?",
                "Claim 1 is the retry claim: answer['claims'][1]['value'] = ... Keep its quote as it is.",
            ],
            _SOLUTION,
        )
    }
