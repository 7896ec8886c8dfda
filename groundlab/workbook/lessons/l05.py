"""Notebook 05's modify exercise: an answer with a repeated field whose deciding check is still the value.

Standard library only. See ``docs/architecture.md``, "Exercise answers".
"""

from __future__ import annotations

import json
from dataclasses import replace

from typing import Any, Callable, Iterable

from groundlab.core.claims import ClaimsSyntaxError, parse_claims
from groundlab.core.contract import Status
from groundlab.core.registry import Registry, Request, Source
from groundlab.workbook.exercises.exercise import Exercise, Feedback
from groundlab.workbook.exercises.goals import verdict_goal
from groundlab.workbook.lessons.text import N_, tr

__all__ = ["predict_cases", "exercises", "repeat_goal"]

DUPLICATE_CASE = "duplicate-field"
"""The study case to modify: the timeout is claimed twice, both times correctly."""

_SOLUTION = """my_answer = study["duplicate-field"].raw.replace('"value": "5000"', '"value": "2000"', 1)"""


def repeat_goal(request: Request, sources: Registry | Iterable[Source], status: Status | str) -> Callable[[Any], Feedback]:
    """A goal on an answer text: some field is still claimed more than once, and the contract gives ``status``.

    The feedback names the first thing still wrong: not a ``str``, no longer parses, no repeated
    field, then :func:`~groundlab.workbook.exercises.goals.verdict_goal`'s. ``ValueError`` for an unknown
    ``status`` or wrong trusted input.
    """
    contract = verdict_goal(request, sources, Status(status))

    def goal(raw: Any) -> Feedback:
        if not isinstance(raw, str):
            return Feedback(False, tr("the answer should be the answer text (a str), not {kind}").format(kind=type(raw).__name__))
        try:
            fields = [claim.field for claim in parse_claims(raw)]
        except ClaimsSyntaxError as err:
            return Feedback(False, tr("the answer should still parse into claims, but it does not: {error}").format(error=err))
        if len(set(fields)) == len(fields):
            return Feedback(False, tr("some field should still be claimed twice; each field is claimed once"))
        return contract(raw)

    return goal


def exercises(*, cases: Any, **_context: Any) -> dict[str, Exercise]:
    """Notebook 05's exercises: ``{"my_answer": Exercise}``, case ``duplicate-field`` with its repeat kept and ``VALUE_MISMATCH``.

    ``cases`` is the frozen study; the solution uses the notebook's ``study`` (the same case set).
    ``KeyError`` when ``cases`` lacks the case.
    """
    case = cases[DUPLICATE_CASE]
    return {
        "my_answer": Exercise(
            N_("A repeat that is not what decides"),
            N_(
                "Change one value in the {case} answer, keeping the repeated field, so that "
                "the contract's status is VALUE_MISMATCH."
            ).fill(case=DUPLICATE_CASE),
            repeat_goal(case.request, cases.sources, Status.VALUE_MISMATCH),
            [
                N_("The per-claim checks run claim by claim, in answer order. At which claim is the repeat found?"),
                N_("A wrong value must be met before the repeat is: change the value of claim 0, the first claim (str.replace with count 1)."),
            ],
            _SOLUTION,
        )
    }


def predict_cases(study: Any) -> dict:
    """Notebook 05's Predict case ``a_one_field_request``: a request for the retry flag alone, and the
    study's complete answer's retry claim on its own.

    It turns on coverage being measured against the requested fields, not the document's facts,
    rather than on the check order.
    """
    from groundlab.workbook.lessons import PredictCase, claims_text

    complete = study["complete"]
    retry = [c for c in json.loads(complete.raw)["claims"] if c["field"] == "retry_enabled"]
    request = replace(complete.request, fields=("retry_enabled",))
    return {"a_one_field_request": PredictCase(claims_text(retry), request)}
