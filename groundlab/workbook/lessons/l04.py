"""Notebook 04's modify exercise: repair an answer by changing its quotes only, until the contract accepts.

Standard library only. See ``docs/architecture.md``, "Exercise answers".
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from groundlab.core.claims import ClaimsSyntaxError, parse_claims
from groundlab.core.contract import Status
from groundlab.core.registry import Registry, Request, Source
from groundlab.workbook.exercises.exercise import Exercise, Feedback
from groundlab.workbook.exercises.goals import verdict_goal
from groundlab.workbook.lessons.text import N_, tr

__all__ = ["exercises", "quote_only_goal"]

OTHER_FIELD_CASE = "quote-other-field"
"""The study case to repair: its timeout claim quotes the retry line of ``prod-v2``."""

_KEPT = ("field", "value", "doc")

_SOLUTION = """fixed = case.raw.replace('"quote": "retry_enabled=false"', '"quote": "read_timeout_ms=5000"', 1)"""


def quote_only_goal(
    original: str, request: Request, sources: Registry | Iterable[Source], status: Status | str = Status.ACCEPT
) -> Callable[[Any], Feedback]:
    """A goal on an answer text: only quotes of ``original`` changed, and the contract gives ``status``.

    The feedback names the first thing still wrong: not a ``str``, no longer parses, another claim
    count, a field, value or doc changed, then :func:`~groundlab.workbook.exercises.goals.verdict_goal`'s.
    ``ValueError`` when ``original`` does not parse, ``status`` is unknown or trusted input is wrong.
    """
    try:
        before = parse_claims(original)
    except ClaimsSyntaxError as err:
        raise ValueError(f"the original answer must parse: {err}") from None
    contract = verdict_goal(request, sources, Status(status))

    def goal(raw: Any) -> Feedback:
        if not isinstance(raw, str):
            return Feedback(False, tr("the answer should be the answer text (a str), not {kind}").format(kind=type(raw).__name__))
        try:
            after = parse_claims(raw)
        except ClaimsSyntaxError as err:
            return Feedback(False, tr("the answer should still parse into claims, but it does not: {error}").format(error=err))
        if len(after) != len(before):
            return Feedback(False, tr("keep the {before} claims of the answer; it now has {after}").format(before=len(before), after=len(after)))
        for index, (old, new) in enumerate(zip(before, after)):
            for member in _KEPT:
                if getattr(old, member) != getattr(new, member):
                    was, now = getattr(old, member), getattr(new, member)
                    return Feedback(
                        False,
                        tr("change only quotes: claim {index}'s {member} was {was}, now {now}").format(
                            index=index, member=member, was=repr(was), now=repr(now)
                        ),
                    )
        return contract(raw)

    return goal


def exercises(*, cases: Any, **_context: Any) -> dict[str, Exercise]:
    """Notebook 04's exercises: ``{"fixed": Exercise}``, case ``quote-other-field`` accepted by changing quotes only.

    ``cases`` is the frozen study; the solution uses the notebook's ``case`` (that case). ``KeyError``
    when ``cases`` lacks the case.
    """
    case = cases[OTHER_FIELD_CASE]
    return {
        "fixed": Exercise(
            N_("Repair the quote, keep everything else"),
            N_(
                "Change only quotes of the {case} answer (fields, values and documents stay) "
                "so that the contract accepts it."
            ).fill(case=OTHER_FIELD_CASE),
            quote_only_goal(case.raw, case.request, cases.sources),
            [
                N_("The supports check wants each claim's quote to be exactly the document's line for that claim's field."),
                N_("Claim 0 is the timeout claim. Replace its quote (the first quote in the text: str.replace with count 1) by prod-v2's timeout line."),
            ],
            _SOLUTION,
        )
    }
