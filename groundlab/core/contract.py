"""The closed configuration contract: an answer's claims against trusted evidence.

:func:`verify_answer` returns a :class:`Verdict`; the first failing check decides,
in the order of ``docs/architecture.md``, "Order of checks" (parse, citation, then
claim by claim duplicate, requested, scope, revision, value, supports, then
coverage), as the configuration article ("a real citation can still support a
wrong answer") labels its cases. Comparisons are exact strings (``5s`` is not
``5000``); a failure returns an empty accepted map (no partial success).

The trace is a tuple of :class:`TraceStep` named tuples ``(claim, check, passed,
reason)``, sliced from precomputed pieces so verifying stays cheap;
:func:`groundlab.core.trace.trace_rows` builds the human sentences when shown.
"""

from __future__ import annotations

from enum import Enum
from types import MappingProxyType
from typing import Iterable, Mapping, NamedTuple, Union

from groundlab.core.claims import Claim, ClaimsSyntaxError, parse_claims
from groundlab.core.registry import Registry, Request, Source

__all__ = [
    "CHECKS",
    "REASONS",
    "STATUS_MEANINGS",
    "STATUS_OF_CHECK",
    "Status",
    "TraceStep",
    "Verdict",
    "citation_failure",
    "verify_answer",
]


class NameEnum(str, Enum):
    """A ``str`` enum that prints as its value on every supported Python:
    ``str(member) == member.value`` and ``f"{member}" == member.value``."""

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


class Status(NameEnum):
    """A verdict's status: the configuration article's names, plus ``INVALID_JSON`` and ``NO_CITATION``.

    ``Status.ACCEPT == "ACCEPT"`` and ``str(Status.ACCEPT) == "ACCEPT"``. Members are
    listed in the order the checks run.
    """

    INVALID_JSON = "INVALID_JSON"
    NO_CITATION = "NO_CITATION"
    DUPLICATE_CLAIM = "DUPLICATE_CLAIM"
    UNREQUESTED_FIELD = "UNREQUESTED_FIELD"
    SCOPE_MISMATCH = "SCOPE_MISMATCH"
    STALE_REVISION = "STALE_REVISION"
    VALUE_MISMATCH = "VALUE_MISMATCH"
    QUOTE_NOT_SUPPORTING = "QUOTE_NOT_SUPPORTING"
    INCOMPLETE = "INCOMPLETE"
    ACCEPT = "ACCEPT"


CHECKS = ("parse", "citation", "duplicate", "requested", "scope", "revision", "value", "supports", "coverage")
"""Every check name a trace step can carry, in the order the checks run."""

STATUS_OF_CHECK: Mapping[str, "Status"] = {
    "parse": Status.INVALID_JSON,
    "citation": Status.NO_CITATION,
    "duplicate": Status.DUPLICATE_CLAIM,
    "requested": Status.UNREQUESTED_FIELD,
    "scope": Status.SCOPE_MISMATCH,
    "revision": Status.STALE_REVISION,
    "value": Status.VALUE_MISMATCH,
    "supports": Status.QUOTE_NOT_SUPPORTING,
    "coverage": Status.INCOMPLETE,
}
"""Check name -> the status a failure of that check produces (the order of the checks)."""

STATUS_MEANINGS: Mapping["Status", str] = MappingProxyType(
    {
        Status.INVALID_JSON: "the answer is not claims JSON (see its parse code)",
        Status.NO_CITATION: "no claims, or a claim cites a document that is unknown or not supplied, or its quote is not in that document verbatim",
        Status.DUPLICATE_CLAIM: "two claims answer the same field",
        Status.UNREQUESTED_FIELD: "a claim answers a field the request does not ask for",
        Status.SCOPE_MISMATCH: "the cited document belongs to another service or environment",
        Status.STALE_REVISION: "the cited document is not the requested revision (older or newer)",
        Status.VALUE_MISMATCH: "the claimed value differs from the cited document's fact, or it has none",
        Status.QUOTE_NOT_SUPPORTING: "the quote is genuine but is not the document's field=value line for this field",
        Status.INCOMPLETE: "some requested field has no claim",
        Status.ACCEPT: "every check passed: the accepted map holds every requested field",
    }
)
"""Status -> one line a learner reads (the cheat sheet), in check order."""

REASONS = {
    "ok": "the check passed",
    "no_claims": "the answer holds no claims, so nothing is cited",
    "unknown_doc": "the cited document is not in the registry",
    "not_supplied": "the cited document was not supplied with this request",
    "quote_absent": "the quote does not appear verbatim in the cited document",
    "repeated_field": "an earlier claim already answers this field",
    "not_requested": "the request does not ask for this field",
    "other_service": "the document belongs to another service",
    "other_environment": "the document belongs to another environment",
    "old_revision": "the document is not the requested revision",
    "no_fact": "the document has no fact for this field",
    "other_value": "the claimed value differs from the document's fact",
    "not_canonical": "the quote is not the document's field=value line for this field",
    "missing_fields": "some requested fields have no claim",
}
"""Reason code -> one-line meaning. Parse steps carry the parse error code instead."""


class TraceStep(NamedTuple):
    """One check that ran: ``claim`` index (``None`` for answer-level checks), ``check``
    name (one of :data:`CHECKS`), ``passed``, and ``reason`` (a key of :data:`REASONS`,
    or a :data:`groundlab.core.claims.ERROR_CODES` code for a failed ``parse``)."""

    claim: Union[int, None]
    check: str
    passed: bool
    reason: str

    @property
    def status(self) -> Status | None:
        """The status this step produces when it fails; ``None`` if it passed."""
        return None if self.passed else STATUS_OF_CHECK[self.check]


_EMPTY: Mapping[str, str] = MappingProxyType({})
_new = tuple.__new__  # builds a named tuple without NamedTuple's Python-level __new__


class Verdict(NamedTuple):
    """What :func:`verify_answer` decided.

    * ``status`` -- a :class:`Status`;
    * ``citation_only_ok`` -- what the citation-only check decided for the same input
      (parsed, non-empty, every quote verbatim in a supplied document);
    * ``accepted`` -- read-only ``field -> value`` mapping sorted by field; empty
      unless ``status`` is ``ACCEPT``;
    * ``trace`` -- tuple of :class:`TraceStep`, in the order the checks ran;
    * ``error`` -- the :class:`~groundlab.core.claims.ClaimsSyntaxError` for
      ``INVALID_JSON``, else ``None``;
    * ``claims`` -- the parsed claims (empty for ``INVALID_JSON``).
    """

    status: Status
    citation_only_ok: bool
    accepted: Mapping[str, str]
    trace: tuple
    error: Union[ClaimsSyntaxError, None] = None
    claims: tuple = ()

    @property
    def ok(self) -> bool:
        """``True`` exactly when ``status`` is ``ACCEPT``."""
        return self.status is Status.ACCEPT

    def failed_step(self) -> TraceStep | None:
        """The step that decided a rejection, or ``None`` for ``ACCEPT``."""
        last = self.trace[-1]
        return None if last.passed else last

    def to_dict(self) -> dict:
        """The verdict as JSON-ready data (``str``, ``bool``, ``int``, ``None``, lists, dicts).

        Keys: ``status``, ``ok``, ``citation_only_ok``, ``accepted`` (a dict), ``error``
        (:meth:`ClaimsSyntaxError.to_dict` or ``None``), ``claims`` (a list of
        ``{field, value, doc, quote}``) and ``trace`` (a list of ``{claim, check,
        passed, reason}``). The CLI's ``--json`` and the study's evidence use it.
        """
        return {
            "status": self.status.value,
            "ok": self.status is Status.ACCEPT,
            "citation_only_ok": self.citation_only_ok,
            "accepted": dict(self.accepted),
            "error": None if self.error is None else self.error.to_dict(),
            "claims": [claim._asdict() for claim in self.claims],
            "trace": [step._asdict() for step in self.trace],
        }


# Precomputed trace pieces: a verdict's trace is built by slicing these shared
# tuples, so a passing check costs no allocation (the trace stays cheap).
_CLAIM_CHECKS = ("duplicate", "requested", "scope", "revision", "value", "supports")
_MAX = 8  # groundlab.core.claims.MAX_CLAIMS; parse_claims never returns more
_PARSE_OK = (TraceStep(None, "parse", True, "ok"),)
_CITED = tuple(tuple(TraceStep(i, "citation", True, "ok") for i in range(n)) for n in range(_MAX + 1))
_PASSED = tuple(TraceStep(i, check, True, "ok") for i in range(_MAX) for check in _CLAIM_CHECKS)
_COVERED = (TraceStep(None, "coverage", True, "ok"),)
_ACCEPT_TRACE = tuple(
    _PARSE_OK + _CITED[n] + _PASSED[: n * len(_CLAIM_CHECKS)] + _COVERED for n in range(_MAX + 1)
)


def citation_failure(claims: tuple[Claim, ...], request: Request, registry: Registry) -> TraceStep | None:
    """The citation check alone: ``None`` when it passes, else its failing trace step.

    Passes when ``claims`` is non-empty and, for every claim in order, ``doc`` is a
    registry id listed in ``request.supplied`` and ``quote`` is a substring of that
    source's ``text`` (exact, case-sensitive). The failing step is
    ``TraceStep(claim index or None, "citation", False, reason)``. This is the whole of the
    citation-only check and the first check of the contract.
    """
    if not claims:
        return _new(TraceStep, (None, "citation", False, "no_claims"))
    by_id = registry.by_id
    supplied = request.supplied
    for index, claim in enumerate(claims):
        source = by_id.get(claim.doc)
        if source is None:
            return _new(TraceStep, (index, "citation", False, "unknown_doc"))
        if claim.doc not in supplied:
            return _new(TraceStep, (index, "citation", False, "not_supplied"))
        if claim.quote not in source.text:
            return _new(TraceStep, (index, "citation", False, "quote_absent"))
    return None


def verify_answer(
    raw: str | bytes,
    request: Request,
    sources: Registry | Iterable[Source],
) -> Verdict:
    """Verify one untrusted answer against the trusted request and sources.

    ``raw`` is the model's whole answer (``str`` or UTF-8 ``bytes``); ``request`` a
    :class:`~groundlab.core.registry.Request`; ``sources`` a
    :class:`~groundlab.core.registry.Registry` or any iterable of
    :class:`~groundlab.core.registry.Source`. Returns a :class:`Verdict`; an answer is
    never "an error": every refusal is a status.

    Raises ``ValueError`` only for wrong trusted input (two sources with one id, a
    supplied id that no source has) and ``TypeError`` for wrong argument types.
    """
    registry = Registry.of(sources)
    registry.check_request(request)
    try:
        claims = parse_claims(raw)
    except ClaimsSyntaxError as err:
        return _new(Verdict, (Status.INVALID_JSON, False, _EMPTY, (_new(TraceStep, (None, "parse", False, err.code)),), err, ()))

    n = len(claims)
    failed = citation_failure(claims, request, registry)
    if failed is not None:
        trace = _PARSE_OK + _CITED[failed.claim or 0] + (failed,)
        return _new(Verdict, (Status.NO_CITATION, False, _EMPTY, trace, None, claims))

    by_id = registry.by_id
    fields = request.fields
    service, environment, revision = request.service, request.environment, request.revision
    accepted: dict[str, str] = {}
    for index, (field, value, doc, quote) in enumerate(claims):
        source = by_id[doc]
        if field in accepted:
            at, status, reason = 0, Status.DUPLICATE_CLAIM, "repeated_field"
        elif field not in fields:
            at, status, reason = 1, Status.UNREQUESTED_FIELD, "not_requested"
        elif source.service != service:
            at, status, reason = 2, Status.SCOPE_MISMATCH, "other_service"
        elif source.environment != environment:
            at, status, reason = 2, Status.SCOPE_MISMATCH, "other_environment"
        elif source.revision != revision:
            at, status, reason = 3, Status.STALE_REVISION, "old_revision"
        else:
            fact = source.facts.get(field)
            if fact is None:
                at, status, reason = 4, Status.VALUE_MISMATCH, "no_fact"
            elif fact != value:
                at, status, reason = 4, Status.VALUE_MISMATCH, "other_value"
            elif quote != field + "=" + fact:
                at, status, reason = 5, Status.QUOTE_NOT_SUPPORTING, "not_canonical"
            else:
                accepted[field] = value
                continue
        done = index * len(_CLAIM_CHECKS) + at
        trace = _PARSE_OK + _CITED[n] + _PASSED[:done] + (_new(TraceStep, (index, _CLAIM_CHECKS[at], False, reason)),)
        return _new(Verdict, (status, True, _EMPTY, trace, None, claims))

    if len(accepted) != len(fields):
        trace = _ACCEPT_TRACE[n][:-1] + (_new(TraceStep, (None, "coverage", False, "missing_fields")),)
        return _new(Verdict, (Status.INCOMPLETE, True, _EMPTY, trace, None, claims))
    return _new(Verdict, (Status.ACCEPT, True, MappingProxyType(dict(sorted(accepted.items()))), _ACCEPT_TRACE[n], None, claims))
