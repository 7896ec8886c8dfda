"""Notebook 05's modify exercise: an answer with a repeated field whose deciding check is still the value.

Standard library and groundlab only. See ``docs/architecture.md``, "Exercise answers",
and the lesson package's docstring (``exercises(**context)``).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from groundlab.core.claims import ClaimsSyntaxError, parse_claims
from groundlab.core.contract import Status
from groundlab.core.registry import Registry, Request, Source
from groundlab.workbook.exercises.exercise import Exercise, Feedback
from groundlab.workbook.exercises.goals import verdict_goal

__all__ = ["exercises", "repeat_goal"]

DUPLICATE_CASE = "duplicate-field"
"""The study case to modify: the timeout is claimed twice, both times correctly."""

_SOLUTION = """my_answer = study["duplicate-field"].raw.replace('"value": "5000"', '"value": "2000"', 1)"""


def repeat_goal(request: Request, sources: Registry | Iterable[Source], status: Status | str) -> Callable[[Any], Feedback]:
    """A goal on an answer text: some field is still claimed twice or more, and the contract gives ``status``.

    The goal takes the learner's answer (``str``). Its feedback names the first thing
    still wrong: ``"the answer should be the answer text (a str), not int"``; ``"the
    answer should still parse into claims, but it does not: <code>: <message> (...)"``;
    ``"some field should still be claimed twice; each field is claimed once"``; then
    :func:`~groundlab.workbook.exercises.goals.verdict_goal`'s feedback (``"the contract should say
    VALUE_MISMATCH, but it says DUPLICATE_CLAIM (claim 1 duplicate: ...)."``).
    ``ValueError`` for an unknown ``status`` or wrong trusted input.
    """
    contract = verdict_goal(request, sources, Status(status))

    def goal(raw: Any) -> Feedback:
        if not isinstance(raw, str):
            return Feedback(False, f"the answer should be the answer text (a str), not {type(raw).__name__}")
        try:
            fields = [claim.field for claim in parse_claims(raw)]
        except ClaimsSyntaxError as err:
            return Feedback(False, f"the answer should still parse into claims, but it does not: {err}")
        if len(set(fields)) == len(fields):
            return Feedback(False, "some field should still be claimed twice; each field is claimed once")
        return contract(raw)

    return goal


def exercises(*, cases: Any, **_context: Any) -> dict[str, Exercise]:
    """Notebook 05's exercises: ``{"my_answer": Exercise}``.

    ``cases`` is the frozen study (:class:`~groundlab.study.cases.CaseSet`). The learner
    changes one value of the ``duplicate-field`` answer so that, with its repeat kept,
    the contract's status is ``VALUE_MISMATCH``; the solution uses the notebook's
    ``study`` (the same case set). ``KeyError`` when the case set lacks the case.
    """
    case = cases[DUPLICATE_CASE]
    return {
        "my_answer": Exercise(
            "A repeat that is not what decides",
            f"Change one value in the {DUPLICATE_CASE} answer, keeping the repeated field, so that "
            "the contract's status is VALUE_MISMATCH.",
            repeat_goal(case.request, cases.sources, Status.VALUE_MISMATCH),
            [
                "The per-claim checks run claim by claim, in answer order. At which claim is the repeat found?",
                "A wrong value must be met before the repeat is: change the value of claim 0, the first claim (str.replace with count 1).",
            ],
            _SOLUTION,
        )
    }
