"""Weaker admission checks to compare the contract against (the study's three layers).

The configuration article compares three ways to admit an answer over 22 cases:

* :func:`strict_json_accepts` -- the answer parses into claims (syntax and shape,
  :func:`groundlab.core.claims.parse_claims`); 17 of the 22 cases;
* :func:`citation_only_accepts` -- it also cites: every quote appears verbatim in a
  supplied document; 13 of 22;
* the full contract, :func:`groundlab.core.contract.verify_answer`; 3 of 22.

Each returns a plain ``bool``. They are what a team might ship instead of the
contract, kept here so a notebook can show what each layer lets through.
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

    Over the study it accepts 10 contract violations (the configuration article): it
    never asks whether the quote supports the claimed field and value, nor whether
    the document has the requested scope and revision. Raises ``ValueError`` only
    for wrong trusted input, like :func:`groundlab.core.contract.verify_answer`.
    """
    registry = Registry.of(sources)
    registry.check_request(request)
    try:
        claims = parse_claims(raw)
    except ClaimsSyntaxError:
        return False
    return citation_failure(claims, request, registry) is None
