"""The closed configuration contract: an answer's claims against trusted evidence.

:func:`verify_answer` returns a :class:`Verdict`; the first failing check decides, in the
order of :data:`groundlab.core.checks.CHECK_TABLE`, as the configuration article ("a real
citation can still support a wrong answer") labels its cases. Comparisons are exact
strings (``5s`` is not ``5000``); a failure returns an empty accepted map (no partial
success). :func:`citation_failure` and :func:`claim_failure` are the rules that both this
contract and :func:`groundlab.core.fields.verify_fields` apply.

The trace is a tuple of :class:`TraceStep` named tuples ``(claim, check, passed,
reason)``, sliced from precomputed pieces so verifying stays cheap;
:func:`groundlab.core.trace.trace_rows` builds the human sentences when shown.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Iterable, Mapping, NamedTuple, Union

from groundlab.core.checks import CHECKS, CLAIM_CHECKS, REASONS, STATUS_MEANINGS, STATUS_OF_CHECK, Status
from groundlab.core.claims import MAX_CLAIMS, Claim, ClaimsSyntaxError, parse_claims
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
    "claim_failure",
    "source_failure",
    "verify_answer",
]


class TraceStep(NamedTuple):
    """One check that ran: ``claim`` index (``None`` for a step about the whole answer:
    ``parse``, ``coverage``, a ``citation`` of no claims), ``check`` name (one of
    :data:`CHECKS`), ``passed``, and ``reason`` (a key of :data:`REASONS`, or a
    :data:`groundlab.core.claims.ERROR_CODES` code for a failed ``parse``)."""

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
# tuples, so a passing check costs no allocation (the trace stays cheap). The claim-level
# steps come claim by claim, each claim's in the order of CLAIM_CHECKS.
_PER_CLAIM = len(CLAIM_CHECKS)
_AT = {check: at for at, check in enumerate(CLAIM_CHECKS)}  # claim-level check -> its place in a claim's steps
_PARSE_OK = (TraceStep(None, "parse", True, "ok"),)
_CITED = tuple(tuple(TraceStep(i, "citation", True, "ok") for i in range(n)) for n in range(MAX_CLAIMS + 1))
_PASSED = tuple(TraceStep(i, check, True, "ok") for i in range(MAX_CLAIMS) for check in CLAIM_CHECKS)
_COVERED = (TraceStep(None, "coverage", True, "ok"),)
_ACCEPT_TRACE = tuple(_PARSE_OK + _CITED[n] + _PASSED[: n * _PER_CLAIM] + _COVERED for n in range(MAX_CLAIMS + 1))


def citation_failure(claims: tuple[Claim, ...], request: Request, registry: Registry) -> TraceStep | None:
    """The citation check alone: ``None`` when it passes, else its failing trace step.

    Passes when ``claims`` is non-empty and, for every claim in order, ``doc`` is a
    registry id listed in ``request.supplied`` and ``quote`` is a substring of that
    source's ``text`` (exact, case-sensitive). The failing step is
    ``TraceStep(claim index or None, "citation", False, reason)``. This is the whole of the
    citation-only check, the first check of the contract, and the per-field contract's
    citation check (called with one claim).
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


def source_failure(source: Source, request: Request) -> tuple[str, str] | None:
    """The scope and revision checks of a cited source: ``None`` when both pass.

    Else ``(check, reason)``: ``("scope", "other_service")``, ``("scope",
    "other_environment")`` or ``("revision", "old_revision")``, the first that applies.
    """
    if source.service != request.service:
        return ("scope", "other_service")
    if source.environment != request.environment:
        return ("scope", "other_environment")
    if source.revision != request.revision:
        return ("revision", "old_revision")
    return None


def claim_failure(claim: Claim, source: Source, request: Request) -> tuple[str, str] | None:
    """The claim-level checks that look at the evidence, in the order of the check table:
    scope and revision (:func:`source_failure`), value, supports.

    ``source`` is the registry's source for ``claim.doc`` (the citation check passed).
    Returns ``None`` when all pass, else ``(check, reason)`` of the first that fails:
    ``("value", "no_fact")``, ``("value", "other_value")`` (the value differs from
    ``source.facts[claim.field]`` as an exact string), ``("supports", "not_canonical")``
    (the quote is not exactly ``field=value``), or one of :func:`source_failure`'s.
    """
    failed = source_failure(source, request)
    if failed is not None:
        return failed
    field, value, _, quote = claim
    fact = source.facts.get(field)
    if fact is None:
        return ("value", "no_fact")
    if fact != value:
        return ("value", "other_value")
    if quote != field + "=" + fact:
        return ("supports", "not_canonical")
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
    accepted: dict[str, str] = {}
    for index, claim in enumerate(claims):
        field, value, doc, _ = claim
        if field in accepted:
            check, reason = "duplicate", "repeated_field"
        elif field not in fields:
            check, reason = "requested", "not_requested"
        else:
            failed = claim_failure(claim, by_id[doc], request)
            if failed is None:
                accepted[field] = value
                continue
            check, reason = failed
        done = index * _PER_CLAIM + _AT[check]  # the claim-level steps that passed before this one
        trace = _PARSE_OK + _CITED[n] + _PASSED[:done] + (_new(TraceStep, (index, check, False, reason)),)
        return _new(Verdict, (STATUS_OF_CHECK[check], True, _EMPTY, trace, None, claims))

    if len(accepted) != len(fields):
        trace = _ACCEPT_TRACE[n][:-1] + (_new(TraceStep, (None, "coverage", False, "missing_fields")),)
        return _new(Verdict, (Status.INCOMPLETE, True, _EMPTY, trace, None, claims))
    return _new(Verdict, (Status.ACCEPT, True, MappingProxyType(dict(sorted(accepted.items()))), _ACCEPT_TRACE[n], None, claims))
