"""The trace view-model: a verdict's steps as display rows, one sentence each.

:func:`trace_rows` is the only code that describes a trace step. The trace table,
the claim editor's trace, the Predict exercises' "why" and ``groundlab verify``
all render its rows. Standard library only. Answer text inside a sentence is
quoted with ``repr`` and never interpreted; escape it before putting it in HTML.
See ``docs/architecture.md``, "One trace view".
"""

from __future__ import annotations

from typing import Iterable, NamedTuple, Union

from groundlab.core.checks import Status, reason_meaning
from groundlab.core.contract import TraceStep, Verdict
from groundlab.core.language import LIBRARY_CATALOGUE as tr
from groundlab.core.language import N_
from groundlab.core.registry import Registry, Request, Source

__all__ = ["TraceRow", "claim_place", "decided_row", "trace_rows"]


class TraceRow(NamedTuple):
    """One check that ran, ready to show.

    * ``claim`` -- claim index, or ``None`` for a step about the whole answer;
    * ``where`` -- ``"claim 0"`` ... or ``"answer"``, in the language in force (``"聲明 0"``, ``"回答"``);
      :attr:`place` is the same in every language;
    * ``check`` -- the check name (a name of :data:`groundlab.core.checks.CHECK_TABLE`);
    * ``passed`` -- ``bool``;
    * ``decided`` -- this failed step decided the verdict (at most one row);
    * ``reason`` -- the step's reason code (a parse error code for ``parse``);
    * ``status`` -- the :class:`~groundlab.core.checks.Status` the table gives a failure, or ``None``;
    * ``sentence`` -- what happened, plain text, without the ``claim 0 value:`` head.
    """

    claim: Union[int, None]
    where: str
    check: str
    passed: bool
    decided: bool
    reason: str
    status: Union[Status, None]
    sentence: str

    @property
    def place(self) -> str:
        """Where the check ran as data, the same in every language: ``"claim 0"`` ... or ``"answer"``
        (:func:`claim_place`); :attr:`where` is it as shown."""
        return claim_place(self.claim)

    @property
    def line(self) -> str:
        """The row as one line: ``claim 0 value: FAILED: claimed '2000', but ...``."""
        template = tr("{where} {check}: passed: {sentence}") if self.passed else tr("{where} {check}: FAILED: {sentence}")
        return template.format(where=self.where, check=self.check, sentence=self.sentence)


def claim_place(claim: int | None) -> str:
    """A claim index as a place, the same in every language: ``"claim 0"``, or ``"answer"`` for ``None``."""
    return "answer" if claim is None else f"claim {claim}"


def trace_rows(
    verdict: Verdict, request: Request, sources: Registry | Iterable[Source]
) -> tuple[TraceRow, ...]:
    """Every step of ``verdict.trace``, in order, as a :class:`TraceRow`.

    ``request`` and ``sources`` are the trusted inputs the verdict was computed
    with; they supply the facts the sentences name. Raises nothing for a verdict
    that :func:`~groundlab.core.contract.verify_answer` returned for them.
    """
    registry = Registry.of(sources)
    rows = []
    for step in verdict.trace:
        rows.append(
            TraceRow(
                step.claim,
                tr("answer") if step.claim is None else tr("claim {index}").format(index=step.claim),
                step.check,
                step.passed,
                not step.passed,
                step.reason,
                step.status,
                _sentence(step, verdict, request, registry),
            )
        )
    return tuple(rows)


def decided_row(verdict: Verdict, request: Request, sources: Registry | Iterable[Source]) -> TraceRow | None:
    """The row of the step that decided a rejection, or ``None`` for ``ACCEPT``."""
    for row in trace_rows(verdict, request, sources):
        if row.decided:
            return row
    return None


_MISMATCHED = {"other_service": "service", "other_environment": "environment", "old_revision": "revision"}
"""Reason code -> the attribute of the source and the request that differ."""


_PASSED = {
    "citation": N_("quote found in {doc}"),
    "duplicate": N_("first claim for {field_repr}"),
    "requested": N_("{field_repr} is requested"),
    "scope": N_("{doc} is {service} / {environment}"),
    "revision": N_("{doc} is revision {revision}"),
    "value": N_("{doc} says {field}={value}"),
    "supports": N_("the quote is {field}={value}"),
}
"""Check name -> the sentence of a claim-level check that passed (one template a row, translated when shown)."""
_DIFFERS = {
    "service": N_("{doc} is service {have}, the request asks for {want}"),
    "environment": N_("{doc} is environment {have}, the request asks for {want}"),
    "revision": N_("{doc} is revision {have}, the request asks for {want}"),
}
"""The mismatched attribute -> the sentence of a failed scope or revision check."""


def _sentence(step: TraceStep, verdict: Verdict, request: Request, registry: Registry) -> str:
    claim_index, check, passed, reason = step
    if check == "parse":
        if passed:
            return tr("{count} claim(s) read").format(count=len(verdict.claims))
        return verdict.error.message if verdict.error else reason
    if check == "coverage":
        if passed:
            return tr("every requested field is answered")
        answered = {c.field for c in verdict.claims}
        missing = [f for f in request.fields if f not in answered]
        return tr("no claim for {fields}").format(fields=", ".join(missing))
    if claim_index is None:
        return reason_meaning(reason)
    claim = verdict.claims[claim_index]
    source = registry.by_id.get(claim.doc)
    if passed:
        return tr(_PASSED[check]).format(
            doc=claim.doc, field=claim.field, field_repr=repr(claim.field), value=claim.value,
            service=request.service, environment=request.environment, revision=request.revision,
        )
    if source is not None:
        if reason in _MISMATCHED:
            name = _MISMATCHED[reason]
            return tr(_DIFFERS[name]).format(doc=claim.doc, have=repr(getattr(source, name)), want=repr(getattr(request, name)))
        if reason == "other_value":
            return tr("claimed {value}, but {doc} says {field}={fact}").format(
                value=repr(claim.value), doc=claim.doc, field=claim.field, fact=source.facts[claim.field]
            )
        if reason == "not_canonical":
            return tr("quote {quote} is not {field}={fact}").format(
                quote=repr(claim.quote), field=claim.field, fact=source.facts.get(claim.field)
            )
        if reason == "no_fact":
            return tr("{doc} has no fact for {field}").format(doc=claim.doc, field=repr(claim.field))
    if reason == "repeated_field":
        first = next(i for i, c in enumerate(verdict.claims) if c.field == claim.field)
        return tr("claim {first} already answers {field}").format(first=first, field=repr(claim.field))
    if reason == "not_requested":
        return tr("the request asks for {fields}, not {field}").format(fields=", ".join(request.fields), field=repr(claim.field))
    if reason in ("unknown_doc", "not_supplied"):
        return tr("{doc}: {meaning}").format(doc=repr(claim.doc), meaning=reason_meaning(reason))
    return reason_meaning(reason)
