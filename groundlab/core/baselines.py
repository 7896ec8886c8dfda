"""Weaker admission checks to compare the contract against (the study's three layers).

The configuration article ("a real citation can still support a wrong answer") admits
its 22 cases three ways: :func:`strict_json_accepts` (17 of 22),
:func:`citation_only_accepts` (13 of 22, 10 of them contract violations) and the full
contract, :func:`groundlab.core.contract.verify_answer` (3 of 22). The first two are what
a team might ship instead of the contract.
"""

from __future__ import annotations

from typing import Iterable

from groundlab.core.claims import ClaimsSyntaxError, parse_claims
from groundlab.core.contract import citation_failure
from groundlab.core.registry import Registry, Request, Source

__all__ = ["LAYERS", "citation_only_accepts", "strict_json_accepts"]

LAYERS = ("strict JSON", "citation-only check", "full contract")
"""The study's three admission layers, weakest first, as a learner reads them."""


def strict_json_accepts(raw: str | bytes) -> bool:
    """``True`` when ``raw`` parses into claims; never raises for ``str`` or ``bytes``."""
    try:
        parse_claims(raw)
    except ClaimsSyntaxError:
        return False
    return True


def citation_only_accepts(
    raw: str | bytes, request: Request, sources: Registry | Iterable[Source]
) -> bool:
    """``True`` when ``raw`` parses, holds at least one claim, and every claim's quote
    appears verbatim in a registry document that ``request`` supplied.

    Nothing else: not whether the quote supports the field and value, nor the document's
    scope and revision. ``ValueError`` only for wrong trusted input, as ``verify_answer``.
    """
    registry = Registry.of(sources)
    registry.check_request(request)
    try:
        claims = parse_claims(raw)
    except ClaimsSyntaxError:
        return False
    return citation_failure(claims, request, registry) is None
