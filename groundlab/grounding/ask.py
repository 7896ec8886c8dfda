"""Ask a real model for claims and verify them: one attempt, a timeout, secret-safe errors.

The configuration article ("a real citation can still support a wrong answer") decides
the reply; the job-match article ("No Quote, No Claim") sets one attempt, a 30 s timeout
and no secrets in errors. ``docs/architecture.md``, "Grounding". Standard library only.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Iterable
from dataclasses import dataclass

from groundlab.core.contract import Verdict, verify_answer
from groundlab.core.registry import Registry, Request, Source
from groundlab.grounding.chat import ChatModel, check_timeout
from groundlab.grounding.claims_prompt import build_claims_prompt, claims_response_format
from groundlab.grounding.provider import DEFAULT_TIMEOUT, ProviderError, call_once

__all__ = ["AskResult", "ask"]

logger = logging.getLogger("groundlab.grounding.ask")


@dataclass(frozen=True)
class AskResult:
    """What ``ask`` got and decided: ``verdict`` (of ``verify_answer`` for ``reply``) and ``reply``.

    ``reply`` is the model's ``str`` exactly as returned: untrusted text, for display.
    """

    verdict: Verdict
    reply: str


def ask(
    request: Request,
    sources: Registry | Iterable[Source],
    model: ChatModel,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    schema: str | None = None,
) -> AskResult:
    """Get claims for ``request`` from ``model`` in one call and verify them against ``sources``.

    ``sources``: a ``Registry`` or an iterable of ``Source``; ``model``: any ``ChatModel``;
    ``timeout``: seconds, finite and > 0, for the whole call. ``schema``: ``None`` (the model's
    own configuration), ``"portable"`` or ``"full"``: this call then sends
    ``claims_response_format(portable=...)`` as ``complete(..., response_format=...)``, which the
    model's ``complete`` must accept (``OpenAICompatibleChatModel`` and ``FakeChatModel`` do).
    Either way ``verify_answer`` enforces every constraint. Only the supplied documents are sent
    (:func:`build_claims_prompt`), with no retry, and the raw reply goes to ``verify_answer``
    unrepaired: a malformed reply is an ``INVALID_JSON`` verdict, not an error. Logs one INFO
    line, ``"answer verified: <STATUS>"``, on ``groundlab.grounding.ask`` (a failure: one
    WARNING); never the reply, the prompt or the provider's text.

    Raises:
        TypeError: ``model`` has no ``complete`` (or, with a ``schema``, one without a
            ``response_format`` keyword), ``timeout`` is not a number, or
            ``request``/``sources`` have the wrong types.
        ValueError: ``timeout`` is not finite and > 0, ``schema`` is not ``None``,
            ``"portable"`` or ``"full"``, or the request supplies an id no source has.
        ProviderError: the model raised an ``Exception`` or returned something other than
            a ``str``; its ``str`` is ``PROVIDER_ERROR_MESSAGE``, nothing chained.
    """
    if not isinstance(model, ChatModel):
        raise TypeError(f"model must have a complete() method, not {type(model).__name__}")
    timeout = check_timeout(timeout)
    extra = {} if schema is None else {"response_format": _response_format(model, schema)}
    registry = Registry.of(sources)
    messages = build_claims_prompt(request, registry)
    reply = call_once(model, messages, timeout, logger, **extra)
    if not isinstance(reply, str):
        logger.warning("chat model returned %s instead of str", type(reply).__name__)
        raise ProviderError(type(reply).__name__)
    verdict = verify_answer(reply, request, registry)
    logger.info("answer verified: %s", verdict.status.value)
    return AskResult(verdict, reply)


def _response_format(model: ChatModel, schema: object) -> dict:
    # The response_format of ``schema`` ("portable" or "full"), once ``model.complete`` takes one.
    if schema not in ("portable", "full"):
        raise ValueError(f"schema must be None, 'portable' or 'full', not {schema!r}")
    try:
        parameters = inspect.signature(model.complete).parameters.values()
    except (TypeError, ValueError):
        parameters = ()
    if not any(p.name == "response_format" or p.kind is p.VAR_KEYWORD for p in parameters):
        raise TypeError(f"schema= needs a model whose complete() takes response_format, not {type(model).__name__}")
    return claims_response_format(portable=schema == "portable")
