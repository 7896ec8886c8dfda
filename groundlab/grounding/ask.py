"""Ask a real model for claims and verify them: one attempt, a timeout, secret-safe errors.

``ask`` sends ``build_claims_prompt`` to any ``ChatModel`` once and gives the raw
reply to ``verify_answer`` unchanged: no code fence is removed and nothing is
repaired, so a malformed reply is an ``INVALID_JSON`` verdict, not an error.
Only a provider failure raises, as ``ProviderError`` (``call_once``). Standard
library only. Rules: the configuration article ("a real citation can still
support a wrong answer") decides; "No Quote, No Claim" sets one attempt, a 30 s
timeout and no secrets; see ``docs/architecture.md``, "The closed configuration
contract" and "Grounding".
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass

from groundlab.core.contract import Verdict, verify_answer
from groundlab.core.registry import Registry, Request, Source
from groundlab.grounding.chat import ChatModel, check_timeout
from groundlab.grounding.claims_prompt import build_claims_prompt
from groundlab.grounding.provider import DEFAULT_TIMEOUT, ProviderError, call_once

__all__ = ["AskResult", "ask"]

logger = logging.getLogger("groundlab.grounding.ask")


@dataclass(frozen=True)
class AskResult:
    """What ``ask`` got and decided.

    Attributes:
        verdict: the ``Verdict`` of ``verify_answer`` for ``reply``.
        reply: the model's reply exactly as returned (``str``), for display
            and debugging; untrusted text.
    """

    verdict: Verdict
    reply: str


def ask(
    request: Request,
    sources: Registry | Iterable[Source],
    model: ChatModel,
    *,
    timeout: float = DEFAULT_TIMEOUT,
) -> AskResult:
    """Get claims for ``request`` from ``model`` and verify them against ``sources``.

    Steps: check the arguments (before any call); ``build_claims_prompt(request,
    sources)``, which sends only the supplied documents, fenced as untrusted
    data; exactly one ``model.complete(messages, timeout=timeout)``, no retry;
    ``verify_answer(reply, request, sources)``. For structured output, build
    the adapter with ``response_format=claims_response_format()``; the contract
    decides either way. One INFO line is logged on ``groundlab.grounding.ask``:
    ``"answer verified: <STATUS>"``; a failure logs one WARNING
    (``call_once``) and never the reply, the prompt or the provider's text.

    Args:
        request: the trusted question.
        sources: a ``Registry`` or any iterable of ``Source``.
        model: any ``ChatModel`` (``FakeChatModel``, ``OpenAICompatibleChatModel``...).
        timeout: seconds, finite and > 0 (default ``DEFAULT_TIMEOUT``, 30.0).

    Returns:
        ``AskResult(verdict, reply)``.

    Raises:
        TypeError: ``model`` has no ``complete``, ``timeout`` is not a number,
            or ``request``/``sources`` have the wrong types.
        ValueError: ``timeout`` is not finite and > 0, or the request supplies
            an id no source has (trusted input is wrong: a bug, not a verdict).
        ProviderError: the model raised any ``Exception`` (``str`` is the fixed
            ``PROVIDER_ERROR_MESSAGE``, nothing chained), or returned something
            other than a ``str``.

    Rule: the configuration article and "No Quote, No Claim";
    ``docs/architecture.md``, "Grounding".
    """
    if not isinstance(model, ChatModel):
        raise TypeError(f"model must have a complete() method, not {type(model).__name__}")
    timeout = check_timeout(timeout)
    registry = Registry.of(sources)
    messages = build_claims_prompt(request, registry)
    reply = call_once(model, messages, timeout, logger)
    if not isinstance(reply, str):
        logger.warning("chat model returned %s instead of str", type(reply).__name__)
        raise ProviderError(type(reply).__name__)
    verdict = verify_answer(reply, request, registry)
    logger.info("answer verified: %s", verdict.status.value)
    return AskResult(verdict, reply)
