"""Notebook 02's modify exercise: an answer the citation-only check accepts and the contract rejects.

Standard library only. See ``docs/architecture.md``, "Exercise answers".
"""

from __future__ import annotations

import json
from dataclasses import replace

from typing import Any

from groundlab.core.contract import Status
from groundlab.study.cases import CaseSet, load_case_set
from groundlab.workbook.exercises.exercise import Exercise
from groundlab.workbook.exercises.goals import verdict_goal
from groundlab.workbook.lessons.text import N_

__all__ = ["predict_cases", "CASE", "exercises"]

CASE = "complete"
"""The study case whose answer the learner modifies and whose request it is checked against."""

_SOLUTION = '''import json

answer = json.loads(cases["complete"].raw)
answer["claims"][1]["value"] = "true"  # the quote still says retry_enabled=false, and it is in prod-v2
my_answer = json.dumps(answer)'''


def exercises(*, cases: CaseSet | None = None, **_context: Any) -> dict[str, Exercise]:
    """Notebook 02's exercises: ``{"fool_citation_only": Exercise}`` on an answer text.

    Right when, for case ``complete``'s request in ``cases`` (default: the 22-case study), the
    citation-only check accepts it and the contract says ``VALUE_MISMATCH`` at claim 1's ``value``
    check. The solution uses the notebook's ``cases``. ``KeyError`` without case ``complete``.
    """
    cases = load_case_set() if cases is None else cases
    request = cases[CASE].request
    goal = verdict_goal(request, cases.sources, Status.VALUE_MISMATCH, citation_only_ok=True, claim=1, check="value")
    return {
        "fool_citation_only": Exercise(
            N_("Fool the citation-only check"),
            N_(
                "Change one value of the complete answer so that the citation-only check still accepts it, "
                "but the contract rejects it at claim 1's value check."
            ),
            goal,
            [
                N_("The citation-only check reads only doc and quote. Which member can change without it noticing?"),
                N_("Claim 1 is the retry claim: answer['claims'][1]['value'] = ... Keep its quote as it is."),
            ],
            _SOLUTION,
        )
    }


def predict_cases(study: CaseSet) -> dict:
    """Notebook 02's Predict case ``a_genuine_quote``: the study's opening answer (``wrong-value-real-quote``)
    with claim 1 quoting ``dev-v2``'s genuine retry line and value, under the study's request.

    The citation-only check asks only whether each cited document was supplied and holds the quote
    (it never compares scope or values); the answer comes from the library on *Check*.
    """
    from groundlab.workbook.lessons import PredictCase, claims_text

    case = study["wrong-value-real-quote"]
    answer = json.loads(case.raw)
    answer["claims"][1].update(doc="dev-v2", value="true", quote="retry_enabled=true")
    return {"a_genuine_quote": PredictCase(claims_text(answer["claims"]), case.request)}
