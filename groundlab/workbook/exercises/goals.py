"""Goals for :class:`~groundlab.workbook.exercises.exercise.Exercise`: what a learner's answer must make the library decide.

Each builder returns ``goal(answer) -> Feedback``, computed when the answer is checked. Standard
library only (a fuzzy rung loads rapidfuzz when a goal runs it). See ``docs/architecture.md``,
"Exercise answers" and "The checker lab".
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from groundlab.core.baselines import citation_only_accepts
from groundlab.core.contract import Status, verify_answer
from groundlab.core.registry import Registry, Request, Source
from groundlab.lab.ladder import LADDER
from groundlab.lab.score import ScoreReport, score_verifier
from groundlab.study.cases import CaseSet
from groundlab.workbook.catalogues import WORKBOOK_CATALOGUE
from groundlab.workbook.exercises.exercise import Feedback
from groundlab.core.trace import decided_row

__all__ = ["request_problem", "rung_goal", "score_goal", "verdict_goal"]

tr = WORKBOOK_CATALOGUE

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
    """A goal on an answer text (``str``): the contract gives ``status``, optionally at ``claim``'s ``check``.

    With ``citation_only_ok``, the citation-only check must also decide so. The feedback lists what
    differs, each with the library's "why". ``ValueError`` for wrong trusted input.
    """
    registry = Registry.of(sources)
    registry.check_request(request)
    wanted = Status(status)

    def goal(raw: str) -> Feedback:
        if not isinstance(raw, str):
            return Feedback(False, tr("the answer should be the answer text (a str), not {type}").format(type=type(raw).__name__))
        problems = []
        if citation_only_ok is not None:
            accepted = citation_only_accepts(raw, request, registry)
            if accepted != citation_only_ok:
                problems.append(
                    {
                        (True, False): tr("the citation-only check should accept it, but it rejects it"),
                        (False, True): tr("the citation-only check should reject it, but it accepts it"),
                    }[(bool(citation_only_ok), bool(accepted))]
                )
        verdict = verify_answer(raw, request, registry)
        row = decided_row(verdict, request, registry)
        why = tr("every check passed") if row is None else row.line
        if verdict.status is not wanted:
            problems.append(
                tr("the contract should say {wanted}, but it says {status} ({why})").format(wanted=wanted, status=verdict.status, why=why)
            )
        elif row is not None and (claim, check) != (None, None):
            if (claim is not None and row.claim != claim) or (check is not None and row.check != check):
                where = tr("claim {number}").format(number=claim) if claim is not None else tr("some claim")
                found = tr("answer") if row.claim is None else tr("claim {number}").format(number=row.claim)
                problems.append(
                    tr("it should fail at {where}'s {check}, but it fails at {found}'s {found_check}").format(
                        where=where, check=check or tr("check"), found=found, found_check=row.check
                    )
                )
        if problems:
            return Feedback(False, tr("{problems}.").format(problems=tr("; ").join(problems)))
        return Feedback(True, tr("the contract says {status} ({why}).").format(status=verdict.status, why=why))

    return goal


def request_problem(answer: Any, registry: Registry) -> Feedback | None:
    """``None`` when ``answer`` is a ``Request`` that ``registry`` can serve, else the "not yet" :class:`Feedback` saying why."""
    if not isinstance(answer, Request):
        return Feedback(
            False,
            tr("the answer should be a Request (from groundlab, or dataclasses.replace of one), not {type}").format(
                type=type(answer).__name__
            ),
        )
    try:
        registry.check_request(answer)
    except ValueError as err:
        return Feedback(False, tr("the registry refuses this request: {error}.").format(error=err))
    return None




def rung_goal(source: str, *, accepted_by: str, refused_by: str) -> Callable[[str], Feedback]:
    """A goal on a quote (``str``) of ``source``: rung ``accepted_by`` accepts it and rung ``refused_by`` refuses it.

    Rungs are :data:`~groundlab.lab.ladder.LADDER` names; the feedback gives both decisions in ladder
    order. ``ValueError`` for an unknown rung or one rung twice; ``TypeError`` for a non-``str``
    ``source``; a fuzzy rung raises ``ImportError`` at check time without rapidfuzz.
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
            return Feedback(False, tr("the answer should be a quote (a str), not {type}").format(type=type(quote).__name__))
        clauses, right = [], True
        for name, want in wanted:
            got = bool(LADDER[order[name]].check(quote, source))
            if got == want:
                clause = tr("{rung} accepts it") if got else tr("{rung} refuses it")
            else:
                right = False
                clause = tr("{rung} should accept it, but it refuses it") if want else tr("{rung} should refuse it, but it accepts it")
            clauses.append(clause.format(rung=name))
        return Feedback(right, tr("{problems}.").format(problems=tr("; ").join(clauses)))

    return goal


def score_goal(baseline: ScoreReport, *, name: str = "my_verifier", cases: CaseSet | None = None) -> Callable[[Any], Feedback]:
    """A goal on a verifier ``fn(raw, request, sources)``: it agrees on more cases than ``baseline`` and raises on none.

    ``baseline`` is a ``ScoreReport`` on the same ``cases`` (default: the mutation catalogue); the
    feedback gives the learner's score, what is still wrong and at most three kinds it still gets
    wrong. ``TypeError`` when ``baseline`` is not a ``ScoreReport``.
    """
    if not isinstance(baseline, ScoreReport):
        raise TypeError(f"baseline must be a ScoreReport (from score_verifier), not {type(baseline).__name__}")

    def goal(fn: Any) -> Feedback:
        if not callable(fn):
            return Feedback(
                False,
                tr("the answer should be a verifier, a function (raw, request, sources) -> status, not {type}").format(
                    type=type(fn).__name__
                ),
            )
        report = score_verifier(fn, cases, name=name)
        problems = []
        if report.agreed <= baseline.agreed:
            problems.append(tr("it should agree on more than {count}").format(count=baseline.agreed))
        if report.errors:
            raised = [d for d in report.disagreements if d.raised]
            if raised:
                first = tr("first: {case}: {got}").format(case=raised[0].case_id, got=raised[0].got)
            else:
                first = tr("first in kind {kind}").format(kind=next(k.kind for k in report.kinds if k.errors))
            problems.append(tr("it should raise on none ({first})").format(first=first))
        message = tr("{agreed} of {total} agree, {errors} raised; {baseline} agrees on {baseline_agreed} of {baseline_total}").format(
            agreed=report.agreed, total=report.total, errors=report.errors, baseline=baseline.verifier,
            baseline_agreed=baseline.agreed, baseline_total=baseline.total,
        )
        message = tr("{problems}.").format(problems=tr("; ").join([message, *problems]))
        wrong = [
            tr("{kind} ({agreed} of {total})").format(kind=k.kind, agreed=k.agreed, total=k.total)
            for k in report.kinds
            if k.agreed < k.total
        ][:_WRONG_KINDS]
        if wrong:
            message += tr(" First kinds it still gets wrong: {kinds}.").format(kinds=tr(", ").join(wrong))
        return Feedback(not problems, message)

    return goal
