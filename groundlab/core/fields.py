"""The per-field contract: one state per requested field, instead of all-or-nothing.

The configuration article ("a real citation can still support a wrong answer")
names a per-field partial contract as a different product contract that needs
explicit per-field states; :func:`verify_fields` is that contract, with the same
inputs, parser and checks as :func:`~groundlab.core.contract.verify_answer`. See
``docs/architecture.md``, "The per-field contract". Standard library only.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Iterable, Mapping, NamedTuple, Union

from groundlab.core.claims import Claim, ClaimsSyntaxError, parse_claims
from groundlab.core.checks import STATUS_OF_CHECK, NameEnum, Status
from groundlab.core.contract import citation_failure, claim_failure
from groundlab.core.registry import Registry, Request, Source

__all__ = ["FieldReport", "FieldResult", "FieldState", "verify_fields"]


class FieldState(NameEnum):
    """The state of one requested field; ``str(FieldState.VERIFIED) == "VERIFIED"``."""

    VERIFIED = "VERIFIED"
    REJECTED = "REJECTED"
    MISSING = "MISSING"
    NOT_CHECKED = "NOT_CHECKED"


class FieldResult(NamedTuple):
    """One requested field's outcome: ``state``; ``reason``, the
    :class:`~groundlab.core.contract.Status` that rejected it (``INVALID_JSON`` for
    ``NOT_CHECKED``, ``None`` otherwise); ``value``, the verified value or ``None``."""

    state: FieldState
    reason: Union[Status, None]
    value: Union[str, None]


class FieldReport(NamedTuple):
    """What :func:`verify_fields` decided.

    * ``fields`` -- read-only ``field -> FieldResult``, in request order;
    * ``accepted`` -- read-only ``field -> value`` of the ``VERIFIED`` fields, sorted by field;
    * ``unrequested`` -- ``(field, doc)`` of each claim for a field the request did not
      ask for, in answer order (never checked further, never returned);
    * ``complete`` -- every requested field ``VERIFIED`` and no unrequested claim;
    * ``error`` -- the :class:`~groundlab.core.errors.ClaimsSyntaxError`, or ``None``.
    """

    fields: Mapping[str, FieldResult]
    accepted: Mapping[str, str]
    unrequested: tuple
    complete: bool
    error: Union[ClaimsSyntaxError, None] = None

    def to_dict(self) -> dict:
        """JSON-ready data: ``fields`` as ``{field: {state, reason, value}}``, ``accepted``,
        ``unrequested`` (a list of ``[field, doc]``), ``complete`` and ``error``."""
        return {
            "fields": {
                name: {"state": r.state.value, "reason": r.reason.value if r.reason else None, "value": r.value}
                for name, r in self.fields.items()
            },
            "accepted": dict(self.accepted),
            "unrequested": [list(pair) for pair in self.unrequested],
            "complete": self.complete,
            "error": None if self.error is None else self.error.to_dict(),
        }


def _claim_reason(claim: Claim, request: Request, registry: Registry) -> Status | None:
    """The status of the first check this one claim fails, or ``None``: the contract's own
    rules, :func:`~groundlab.core.contract.citation_failure` then
    :func:`~groundlab.core.contract.claim_failure`."""
    cited = citation_failure((claim,), request, registry)
    if cited is not None:
        return STATUS_OF_CHECK[cited.check]
    failed = claim_failure(claim, registry.by_id[claim.doc], request)
    return None if failed is None else STATUS_OF_CHECK[failed[0]]


def verify_fields(
    raw: str | bytes, request: Request, sources: Registry | Iterable[Source]
) -> FieldReport:
    """Verify each requested field on its own; return a :class:`FieldReport`.

    ``raw``, ``request`` and ``sources`` are as for
    :func:`~groundlab.core.contract.verify_answer`. An unreadable answer makes every
    field ``NOT_CHECKED`` (reason ``INVALID_JSON``). Otherwise, per requested field in
    request order: no claim -> ``MISSING``; two or more claims -> ``REJECTED``
    (``DUPLICATE_CLAIM``); one claim -> the contract's citation, scope, revision, value
    and supports checks (the same functions, in the table's order), the first failure
    ``REJECTED`` with that status, else ``VERIFIED`` with the value. A field that is not
    ``VERIFIED`` never carries a value. Raises ``ValueError``/``TypeError`` only for wrong trusted input.
    """
    registry = Registry.of(sources)
    registry.check_request(request)
    try:
        claims = parse_claims(raw)
    except ClaimsSyntaxError as err:
        not_checked = FieldResult(FieldState.NOT_CHECKED, Status.INVALID_JSON, None)
        fields = MappingProxyType({name: not_checked for name in request.fields})
        return FieldReport(fields, MappingProxyType({}), (), False, err)
    by_field: dict[str, list[Claim]] = {}
    unrequested = []
    for claim in claims:
        if claim.field in request.fields:
            by_field.setdefault(claim.field, []).append(claim)
        else:
            unrequested.append((claim.field, claim.doc))
    results = {}
    for name in request.fields:
        named = by_field.get(name, [])
        if not named:
            results[name] = FieldResult(FieldState.MISSING, None, None)
        elif len(named) > 1:
            results[name] = FieldResult(FieldState.REJECTED, Status.DUPLICATE_CLAIM, None)
        else:
            reason = _claim_reason(named[0], request, registry)
            if reason is None:
                results[name] = FieldResult(FieldState.VERIFIED, None, named[0].value)
            else:
                results[name] = FieldResult(FieldState.REJECTED, reason, None)
    accepted = {name: r.value for name, r in sorted(results.items()) if r.state is FieldState.VERIFIED}
    complete = len(accepted) == len(request.fields) and not unrequested
    return FieldReport(MappingProxyType(results), MappingProxyType(accepted), tuple(unrequested), complete)
