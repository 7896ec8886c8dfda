"""Goals for :class:`~groundlab.view.exercise.Exercise`: what a learner's answer must make the library decide.

Each builder returns ``goal(answer) -> Feedback``; the feedback names the first
thing that is still wrong, computed by groundlab at the moment of checking.
Standard library only. See ``docs/architecture.md``, "Exercise answers".
"""

from __future__ import annotations

from typing import Callable, Iterable

from groundlab.core.baselines import citation_only_accepts
from groundlab.core.contract import Status, verify_answer
from groundlab.core.registry import Registry, Request, Source
from groundlab.view.exercise import Feedback
from groundlab.view.trace import decided_row

__all__ = ["verdict_goal"]


def verdict_goal(
    request: Request,
    sources: Registry | Iterable[Source],
    status: Status | str,
    *,
    citation_ok: bool | None = None,
    claim: int | None = None,
    check: str | None = None,
) -> Callable[[str], Feedback]:
    """A goal on an answer text: the contract gives ``status`` (at ``claim``'s ``check``
    when given) and the citation-only check decides ``citation_ok`` (when given).

    The goal takes the learner's raw answer (``str``). Its feedback lists what differs
    from the goal, first the citation-only check's decision, then the status, then the
    deciding check, each with the library's own "why". ``ValueError`` for wrong trusted
    input.
    """
    registry = Registry.of(sources)
    registry.check_request(request)
    wanted = Status(status)

    def goal(raw: str) -> Feedback:
        if not isinstance(raw, str):
            return Feedback(False, f"the answer should be the answer text (a str), not {type(raw).__name__}")
        problems = []
        if citation_ok is not None:
            accepted = citation_only_accepts(raw, request, registry)
            if accepted != citation_ok:
                want = "accept" if citation_ok else "reject"
                problems.append(f"the citation-only check should {want} it, but it {'accepts' if accepted else 'rejects'} it")
        verdict = verify_answer(raw, request, registry)
        row = decided_row(verdict, request, registry)
        why = "every check passed" if row is None else row.line
        if verdict.status is not wanted:
            problems.append(f"the contract should say {wanted}, but it says {verdict.status} ({why})")
        elif row is not None and (claim, check) != (None, None):
            if (claim is not None and row.claim != claim) or (check is not None and row.check != check):
                where = f"claim {claim}" if claim is not None else "some claim"
                problems.append(f"it should fail at {where}'s {check or 'check'}, but it fails at {row.where}'s {row.check}")
        if problems:
            return Feedback(False, "; ".join(problems) + ".")
        return Feedback(True, f"the contract says {verdict.status} ({why}).")

    return goal
