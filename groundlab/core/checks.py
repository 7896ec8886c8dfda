"""The contract's checks, written once: :data:`CHECK_TABLE`, one :class:`Check` per check.

Every statement of a check's place, status, scope, meaning or reason codes reads this
table: :data:`CHECKS`, :data:`STATUS_OF_CHECK`, :data:`CLAIM_CHECKS` and
:data:`STATUS_MEANINGS` are derived from it, and the contract, the per-field contract,
the trace, the cheat sheet and the glossary use those. Standard library only. See
``docs/architecture.md``, "Order of checks".

How the order runs: ``parse``, then ``citation`` over every claim, then the claim-level
checks claim by claim (every claim-level check of claim 0, ``duplicate`` to
``supports``, runs before any of claim 1's), then ``coverage``. The first failure
decides the verdict.
"""

from __future__ import annotations

from enum import Enum
from types import MappingProxyType
from typing import Mapping, NamedTuple

from groundlab.core.errors import ERROR_CODES
from groundlab.core.language import LIBRARY_CATALOGUE as tr
from groundlab.core.language import N_

__all__ = [
    "CHECKS",
    "CHECK_TABLE",
    "CLAIM_CHECKS",
    "Check",
    "NameEnum",
    "REASONS",
    "STATUS_MEANINGS",
    "STATUS_OF_CHECK",
    "Status",
    "check_meaning",
    "reason_meaning",
    "status_meaning",
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
    listed in the order the checks run (:data:`CHECK_TABLE`), ``ACCEPT`` last.
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


class Check(NamedTuple):
    """One row of the check table: a check's name, place, status, scope, meaning and reasons.

    * ``name`` -- the check name a trace step carries (``"parse"`` ... ``"coverage"``);
    * ``order`` -- its place in the order, 1 to 9;
    * ``status`` -- the :class:`Status` of a verdict this check decides (fails first);
    * ``scope`` -- ``"answer"`` (runs once per answer) or ``"claim"`` (runs once per
      claim, claim by claim);
    * ``meaning`` -- one line a learner reads: what a failure of this check means;
    * ``reasons`` -- the reason codes a failed step of this check can carry (keys of
      :data:`REASONS`; for ``parse``, the parse codes
      :data:`~groundlab.core.errors.ERROR_CODES`). A passed step carries ``"ok"``.
    """

    name: str
    order: int
    status: Status
    scope: str
    meaning: str
    reasons: tuple[str, ...]


CHECK_TABLE: tuple[Check, ...] = (
    Check("parse", 1, Status.INVALID_JSON, "answer", N_("the answer is not claims JSON (see its parse code)"), ERROR_CODES),
    Check(
        "citation", 2, Status.NO_CITATION, "answer",
        N_("no claims, or a claim cites a document that is unknown or not supplied, or its quote is not in that document verbatim"),
        ("no_claims", "unknown_doc", "not_supplied", "quote_absent"),
    ),
    Check("duplicate", 3, Status.DUPLICATE_CLAIM, "claim", N_("two claims answer the same field"), ("repeated_field",)),
    Check(
        "requested", 4, Status.UNREQUESTED_FIELD, "claim",
        N_("a claim answers a field the request does not ask for"), ("not_requested",),
    ),
    Check(
        "scope", 5, Status.SCOPE_MISMATCH, "claim",
        N_("the cited document belongs to another service or environment"), ("other_service", "other_environment"),
    ),
    Check(
        "revision", 6, Status.STALE_REVISION, "claim",
        N_("the cited document is not the requested revision (older or newer)"), ("old_revision",),
    ),
    Check(
        "value", 7, Status.VALUE_MISMATCH, "claim",
        N_("the claimed value differs from the cited document's fact, or it has none"), ("no_fact", "other_value"),
    ),
    Check(
        "supports", 8, Status.QUOTE_NOT_SUPPORTING, "claim",
        N_("the quote is genuine but is not the document's field=value line for this field"), ("not_canonical",),
    ),
    Check("coverage", 9, Status.INCOMPLETE, "answer", N_("some requested field has no claim"), ("missing_fields",)),
)
"""Every check, in the order the checks run. ``citation`` is answer-level: it goes over
every claim before any claim-level check runs."""

CHECKS: tuple[str, ...] = tuple(check.name for check in CHECK_TABLE)
"""Every check name a trace step can carry, in the order the checks run."""

CLAIM_CHECKS: tuple[str, ...] = tuple(check.name for check in CHECK_TABLE if check.scope == "claim")
"""The claim-level check names, in the order they run for each claim."""

STATUS_OF_CHECK: Mapping[str, Status] = MappingProxyType({check.name: check.status for check in CHECK_TABLE})
"""Check name -> the status a failure of that check produces (the order of the checks)."""

STATUS_MEANINGS: Mapping[Status, str] = MappingProxyType(
    {
        **{check.status: check.meaning for check in CHECK_TABLE},
        Status.ACCEPT: N_("every check passed: the accepted map holds every requested field"),
    }
)
"""Status -> one line a learner reads (the cheat sheet), in check order; ``ACCEPT`` last."""

REASONS: Mapping[str, str] = MappingProxyType({
    "ok": N_("the check passed"),
    "no_claims": N_("the answer holds no claims, so nothing is cited"),
    "unknown_doc": N_("the cited document is not in the registry"),
    "not_supplied": N_("the cited document was not supplied with this request"),
    "quote_absent": N_("the quote does not appear verbatim in the cited document"),
    "repeated_field": N_("an earlier claim already answers this field"),
    "not_requested": N_("the request does not ask for this field"),
    "other_service": N_("the document belongs to another service"),
    "other_environment": N_("the document belongs to another environment"),
    "old_revision": N_("the document is not the requested revision"),
    "no_fact": N_("the document has no fact for this field"),
    "other_value": N_("the claimed value differs from the document's fact"),
    "not_canonical": N_("the quote is not the document's field=value line for this field"),
    "missing_fields": N_("some requested fields have no claim"),
})
"""Reason code -> one-line meaning. ``"ok"`` is every passed step's; each other code is
in the ``reasons`` of exactly one check. Parse steps carry the parse error code instead."""


_MEANING_OF_CHECK: Mapping[str, str] = MappingProxyType({check.name: check.meaning for check in CHECK_TABLE})


def status_meaning(status: Status | str) -> str:
    """``STATUS_MEANINGS[status]`` in the language in force (``KeyError`` for an unknown status)."""
    return tr(STATUS_MEANINGS[Status(status)])


def check_meaning(name: str) -> str:
    """The check ``name``'s meaning (:attr:`Check.meaning`) in the language in force."""
    return tr(_MEANING_OF_CHECK[name])


def reason_meaning(reason: str) -> str:
    """``REASONS[reason]`` in the language in force (``KeyError`` for an unknown reason code)."""
    return tr(REASONS[reason])
