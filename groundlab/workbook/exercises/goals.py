"""Goals for :class:`~groundlab.workbook.exercises.exercise.Exercise`: what a learner's answer must make the library decide.

Each builder returns ``goal(answer) -> Feedback``; the feedback names the first
thing that is still wrong, computed by groundlab at the moment of checking.
Standard library only (the ladder's fuzzy rungs load rapidfuzz when a goal runs
them). See ``docs/architecture.md``, "Exercise answers" and "The checker lab".
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from groundlab.core.baselines import citation_only_accepts
from groundlab.core.contract import Status, verify_answer
from groundlab.core.registry import Registry, Request, Source
from groundlab.lab.ladder import LADDER
from groundlab.lab.score import ScoreReport, score_verifier
from groundlab.study.cases import CaseSet
from groundlab.workbook.exercises.exercise import Feedback
from groundlab.core.trace import decided_row

__all__ = ["request_problem", "rung_goal", "score_goal", "verdict_goal"]

_WRONG_KINDS = 3  # kinds named in a score goal's feedback


def verdict_goal(
    request: Request,
    sources: Registry | Iterable[Source],
    status: Status | str,
    *,
    citation_only_ok: bool | None = None,
    claim: int | None = None,
    check: str | None = None,
) -> Callable[[str], Feedback]:
    """A goal on an answer text: the contract gives ``status`` (at ``claim``'s ``check``
    when given) and the citation-only check decides ``citation_only_ok`` (when given).

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
        if citation_only_ok is not None:
            accepted = citation_only_accepts(raw, request, registry)
            if accepted != citation_only_ok:
                want = "accept" if citation_only_ok else "reject"
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


def request_problem(answer: Any, registry: Registry) -> Feedback | None:
    """``None`` when ``answer`` is a :class:`~groundlab.core.registry.Request` that ``registry``
    can serve; else the "not yet" :class:`Feedback` that says why (its type, or the registry's
    reason). For goals whose answer is a request the learner builds."""
    if not isinstance(answer, Request):
        return Feedback(False, f"the answer should be a Request (from groundlab, or dataclasses.replace of one), not {type(answer).__name__}")
    try:
        registry.check_request(answer)
    except ValueError as err:
        return Feedback(False, f"the registry refuses this request: {err}.")
    return None


_DOES = {True: "accepts", False: "refuses"}
_SHOULD = {True: "accept", False: "refuse"}


def rung_goal(source: str, *, accepted_by: str, refused_by: str) -> Callable[[str], Feedback]:
    """A goal on a quote of ``source``: the ladder's rung ``accepted_by`` accepts it and the rung ``refused_by`` refuses it.

    Rungs are named as in :data:`~groundlab.lab.ladder.LADDER` (``"is_quoted"``,
    ``"partial_95"``). The goal takes the learner's quote (``str``); its feedback gives
    each of the two rungs' decisions in ladder order, ``"is_quoted refuses it;
    partial_95 accepts it."``, and for a rung that decides otherwise ``"partial_95
    should accept it, but it refuses it"``. ``ValueError`` for an unknown rung or the
    same rung twice; ``TypeError`` when ``source`` is not a ``str``. A fuzzy rung loads
    rapidfuzz when the goal runs (``ImportError`` without it).
    """
    if not isinstance(source, str):
        raise TypeError(f"source must be a str, not {type(source).__name__}")
    order = {rung.name: index for index, rung in enumerate(LADDER)}
    for name in (accepted_by, refused_by):
        if name not in order:
            raise ValueError(f"no rung {name!r}; the rungs: {', '.join(order)}")
    if accepted_by == refused_by:
        raise ValueError(f"one rung cannot both accept and refuse: {accepted_by!r}")
    wanted = sorted(((accepted_by, True), (refused_by, False)), key=lambda pair: order[pair[0]])

    def goal(quote: str) -> Feedback:
        if not isinstance(quote, str):
            return Feedback(False, f"the answer should be a quote (a str), not {type(quote).__name__}")
        clauses, right = [], True
        for name, want in wanted:
            got = bool(LADDER[order[name]].check(quote, source))
            if got == want:
                clauses.append(f"{name} {_DOES[got]} it")
            else:
                right = False
                clauses.append(f"{name} should {_SHOULD[want]} it, but it {_DOES[got]} it")
        return Feedback(right, "; ".join(clauses) + ".")

    return goal


def score_goal(baseline: ScoreReport, *, name: str = "my_verifier", cases: CaseSet | None = None) -> Callable[[Any], Feedback]:
    """A goal on a verifier ``fn(raw, request, sources)``: it agrees on more cases than ``baseline`` and raises on none.

    ``baseline`` is a :class:`~groundlab.lab.score.ScoreReport` of the same ``cases``
    (default: the frozen mutation catalogue); the goal scores the learner's verifier
    with :func:`~groundlab.lab.score.score_verifier` under ``name``. Its feedback:
    ``"335 of 555 agree, 0 raised; citation-only agrees on 280 of 555."``, then what is
    still wrong (``"it should agree on more than 280"``, ``"it should raise on none
    (first: <case>: raised KeyError: 'quote')"``), then ``"First kinds it still gets
    wrong: <kind> (<agreed> of <total>), ..."`` (at most three, in catalogue order).
    ``TypeError`` when ``baseline`` is not a ``ScoreReport``.
    """
    if not isinstance(baseline, ScoreReport):
        raise TypeError(f"baseline must be a ScoreReport (from score_verifier), not {type(baseline).__name__}")

    def goal(fn: Any) -> Feedback:
        if not callable(fn):
            return Feedback(False, f"the answer should be a verifier, a function (raw, request, sources) -> status, not {type(fn).__name__}")
        report = score_verifier(fn, cases, name=name)
        problems = []
        if report.agreed <= baseline.agreed:
            problems.append(f"it should agree on more than {baseline.agreed}")
        if report.errors:
            raised = [d for d in report.disagreements if d.raised]
            first = f"first: {raised[0].case_id}: {raised[0].got}" if raised else f"first in kind {next(k.kind for k in report.kinds if k.errors)}"
            problems.append(f"it should raise on none ({first})")
        message = f"{report.agreed} of {report.total} agree, {report.errors} raised; {baseline.verifier} agrees on {baseline.agreed} of {baseline.total}"
        message += ("; " + "; ".join(problems) if problems else "") + "."
        wrong = [f"{k.kind} ({k.agreed} of {k.total})" for k in report.kinds if k.agreed < k.total][:_WRONG_KINDS]
        if wrong:
            message += f" First kinds it still gets wrong: {', '.join(wrong)}."
        return Feedback(not problems, message)

    return goal
