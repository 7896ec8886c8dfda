"""Example verifiers to score with :func:`groundlab.lab.score.score_verifier`: the contract and two weaker ones.

Each is a callable ``(raw, request, sources) -> str`` returning a status name (``"ACCEPT"``):
:func:`contract_verifier`, the full contract (``docs/architecture.md``, "Order of checks");
:func:`citation_only_verifier`, the check that the configuration article, "a real citation can still
support a wrong answer", shows admitting contract violations; :func:`quotes_exist_verifier`, a
learner's naive first try, which raises on some shapes. Standard library only.
"""

from __future__ import annotations

import json
from types import MappingProxyType
from typing import Callable, Iterable, Mapping

from groundlab.core.baselines import citation_only_accepts, strict_json_accepts
from groundlab.core.contract import Status, verify_answer
from groundlab.core.registry import Registry, Request, Source

__all__ = ["VERIFIERS", "citation_only_verifier", "contract_verifier", "quotes_exist_verifier"]


def contract_verifier(raw: str | bytes, request: Request, sources: Registry | Iterable[Source]) -> str:
    """The full contract's status name: ``verify_answer(raw, request, sources).status.value``."""
    return verify_answer(raw, request, sources).status.value


def citation_only_verifier(raw: str | bytes, request: Request, sources: Registry | Iterable[Source]) -> str:
    """The citation-only check as a status name: ``"INVALID_JSON"``, ``"NO_CITATION"`` or ``"ACCEPT"``.

    ``"NO_CITATION"`` when there are no claims or a quote is not verbatim in the supplied document it
    cites (:func:`groundlab.core.baselines.citation_only_accepts`); nothing else is checked.
    ``ValueError`` only for wrong trusted input.
    """
    if not strict_json_accepts(raw):
        return Status.INVALID_JSON.value
    return (Status.ACCEPT if citation_only_accepts(raw, request, sources) else Status.NO_CITATION).value


def quotes_exist_verifier(raw: str | bytes, request: Request, sources: Registry | Iterable[Source]) -> str:
    """A learner's "parse it, check that the quotes exist", written the naive way on purpose.

    ``"INVALID_JSON"`` when ``json.loads`` refuses ``raw``, ``"NO_CITATION"`` when there are no
    claims or a quote is not in its document's text, else ``"ACCEPT"``. Deliberately naive:
    Python's lenient ``json`` (NaN, repeated members and lone surrogates pass), no shape check,
    ``request`` ignored (an unsupplied document counts), and plain look-ups that raise
    ``KeyError`` for a missing member or an unknown document and ``TypeError`` for a bare list.
    """
    try:
        answer = json.loads(raw)
    except ValueError:
        return "INVALID_JSON"
    texts = {source.id: source.text for source in sources}
    claims = answer["claims"]
    if not claims:
        return "NO_CITATION"
    for claim in claims:
        if claim["quote"] not in texts[claim["doc"]]:
            return "NO_CITATION"
    return "ACCEPT"


VERIFIERS: Mapping[str, Callable[..., str]] = MappingProxyType({
    "contract": contract_verifier,
    "citation-only": citation_only_verifier,
    "quotes-exist": quotes_exist_verifier,
})
"""Name -> example verifier, for choosing one by name (on a command line, say)."""
