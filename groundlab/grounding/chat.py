"""Chat-model plumbing for the "no quote, no claim" explainer (seed 002).

This module holds everything that talks to (or pretends to be) a language
model, and nothing that decides what is true:

``ChatModel``
    The protocol ``groundlab.grounding.explain.explain_match`` calls: one method,
    ``complete(messages, *, timeout) -> str``.
``ChatModelError``
    What a model adapter raises when the provider cannot give an answer.
``FakeChatModel``
    Canned replies for tests and notebooks; records every call. Seed 002 tests
    its explainer with a fake model only, with no network and no key.
``OpenAICompatibleChatModel``
    A small adapter for any ``POST {base_url}/chat/completions`` service.
    It needs ``httpx`` (the optional extra ``groundlab[live]``), imported only
    when the adapter is used, so this module imports without it.
``mask_secrets(text, *secrets) -> str``
    Hide API keys and bearer tokens in text bound for a log or an error
    message ("provider errors never show secrets", DESIGN.md).

Only the standard library is imported at module import time.
"""

from __future__ import annotations

import copy
import json
import math
import os
import re
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

__all__ = [
    "ChatModel",
    "ChatModelError",
    "FakeChatModel",
    "OpenAICompatibleChatModel",
    "mask_secrets",
    "MASK",
    "ENV_BASE_URL",
    "ENV_MODEL",
    "ENV_API_KEY",
]

#: The text that replaces a secret.
MASK: str = "***"

#: Environment variables read by ``OpenAICompatibleChatModel.from_env``.
ENV_BASE_URL: str = "GROUNDLAB_LLM_BASE_URL"
ENV_MODEL: str = "GROUNDLAB_LLM_MODEL"
ENV_API_KEY: str = "GROUNDLAB_LLM_API_KEY"

# Secret-looking patterns. Each keeps a harmless prefix and masks the value.
_SECRET_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    # "Authorization: Bearer <token>", "Basic <credentials>"
    (re.compile(r"(?i)\b(bearer|basic)(\s+)[^\s\"',;]+"), r"\1\2" + MASK),
    # api_key=..., "api_key": "...", x-api-key: ..., access_token=..., ?key=...
    (
        re.compile(
            r"(?i)((?:\b|_)(?:api[_-]?key|access[_-]?token|token|secret|password|key)"
            r"[\"']?\s*[:=]\s*[\"']?)([^\s\"',;&]+)"
        ),
        r"\1" + MASK,
    ),
    # OpenAI-style keys: sk-..., sk-proj-...
    (re.compile(r"(?<![A-Za-z0-9])sk-[A-Za-z0-9_\-]{3,}"), "sk-" + MASK),
    # Google API keys (the seed's service is Gemini): AIza...
    (re.compile(r"\bAIza[0-9A-Za-z_\-]{10,}"), MASK),
    # user:password@ in URLs
    (re.compile(r"(?<=://)[^/\s:@]+:[^/\s@]+@"), MASK + "@"),
)


def mask_secrets(text: str, *secrets: str | None) -> str:
    """Return ``text`` with API keys, tokens and the given secrets replaced by ``***``.

    Masked, in this order:

    1. every occurrence of each extra secret passed in ``secrets`` (for
       example an adapter's configured key), longest first; ``None`` and empty
       strings are skipped;
    2. ``Bearer <token>`` / ``Basic <credentials>`` (any case);
    3. the value after ``api_key``, ``api-key``, ``apikey``, ``x-api-key``,
       ``access_token``, ``token``, ``secret``, ``password`` or ``key`` followed
       by ``=`` or ``:`` (with or without JSON quotes), e.g. ``api_key=abc`` or
       ``"api_key": "abc"``;
    4. ``sk-...``-style keys (kept as ``sk-***``) and ``AIza...`` Google keys;
    5. ``user:password@`` in URLs.

    This is a best-effort filter for logs and error messages, not a proof that
    no secret remains: a key in an unknown format that is not passed in
    ``secrets`` may survive. Over-masking is preferred to under-masking.

    Args:
        text: any text (``str``).
        *secrets: exact strings that must not appear in the result.

    Returns:
        The masked ``str``.

    Raises:
        TypeError: if ``text`` or a secret is not a ``str`` (``None`` secrets
            are allowed and skipped).

    Rule source: DESIGN.md "No quote, no claim" ("provider errors never show
    secrets to the user"); seed 002 tests a provider error carrying a fake key.
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    extra = []
    for secret in secrets:
        if secret is None:
            continue
        if not isinstance(secret, str):
            raise TypeError(f"secrets must be str or None, not {type(secret).__name__}")
        if secret:
            extra.append(secret)
    for secret in sorted(extra, key=len, reverse=True):
        text = text.replace(secret, MASK)
    for pattern, replacement in _SECRET_PATTERNS:
        text = pattern.sub(replacement, text)
    return text


@runtime_checkable
class ChatModel(Protocol):
    """Anything that turns a chat prompt into one reply string.

    ``complete(messages, *, timeout)``:

    * ``messages``: ``list[dict[str, str]]``, each ``{"role": ..., "content": ...}``
      with role ``"system"`` or ``"user"``, in order.
    * ``timeout``: ``float``, seconds the caller is willing to wait.
    * returns the model's reply text (``str``), unparsed.
    * should raise ``ChatModelError`` when the provider fails; callers such as
      ``explain_match`` treat *any* exception as a provider failure.

    The protocol is ``runtime_checkable``: ``isinstance(obj, ChatModel)`` only
    checks that a ``complete`` attribute exists.
    """

    def complete(self, messages: list[dict[str, str]], *, timeout: float) -> str:
        """Return the model's reply to ``messages`` within ``timeout`` seconds."""
        ...


class ChatModelError(Exception):
    """The chat-model provider could not give an answer.

    Raised by adapters for connection failures, timeouts, non-2xx statuses and
    replies that are not the expected JSON. Adapters in this module mask their
    key in the message (``mask_secrets``), but the message is still meant for
    logs, not for end users: ``explain_match`` shows users a fixed sentence.

    Attributes:
        status_code: the HTTP status (``int``) when the provider answered with
            a non-2xx status, else ``None``.
    """

    def __init__(self, message: str, *, status_code: int | None = None) -> None:
        super().__init__(message)
        self.status_code = status_code


def _check_messages(messages: object) -> list[dict[str, str]]:
    if not isinstance(messages, list) or not messages:
        raise TypeError("messages must be a non-empty list of {'role': str, 'content': str} dicts")
    for index, message in enumerate(messages):
        if (
            not isinstance(message, dict)
            or not isinstance(message.get("role"), str)
            or not isinstance(message.get("content"), str)
        ):
            raise TypeError(
                f"messages[{index}] must be a dict with str 'role' and 'content' members"
            )
    return messages


def _check_timeout(timeout: object) -> float:
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
        raise TypeError(f"timeout must be a number of seconds, not {type(timeout).__name__}")
    if not math.isfinite(timeout) or timeout <= 0:
        raise ValueError(f"timeout must be a finite number of seconds > 0, got {timeout!r}")
    return float(timeout)


class FakeChatModel:
    """A chat model with canned replies, for tests and notebooks (seed 002).

    Args:
        replies: either one ``str``, returned for every call, or a non-empty
            sequence whose items are used one per call, in order. A sequence
            item that is a ``BaseException`` instance is raised instead of
            returned (to simulate a provider failure). A call after the
            sequence is used up raises ``LookupError`` (so a test that calls
            the model more often than planned fails loudly; a single reply
            that should repeat is given as a plain ``str``).

    Attributes:
        calls: ``list[list[dict[str, str]]]``, a deep copy of the ``messages``
            of every call, in order (recorded before the reply is chosen, so
            failing calls are recorded too).
        timeouts: ``list[float]``, the ``timeout`` of every call, in order.

    Raises:
        TypeError: at construction, if ``replies`` is not a ``str`` or a
            sequence of ``str`` / ``BaseException`` instances; at call time, if
            ``messages`` or ``timeout`` has the wrong type.
        ValueError: at construction, if the sequence is empty; at call time,
            if ``timeout`` is not finite and > 0.
    """

    def __init__(self, replies: str | Sequence[str | BaseException]) -> None:
        if isinstance(replies, str):
            self._repeat: str | None = replies
            self._replies: tuple[str | BaseException, ...] = ()
        else:
            if not isinstance(replies, Sequence) or isinstance(replies, (bytes, bytearray)):
                raise TypeError(
                    "replies must be a str or a sequence of str / exception instances, "
                    f"not {type(replies).__name__}"
                )
            items = tuple(replies)
            if not items:
                raise ValueError("replies must not be empty")
            for index, item in enumerate(items):
                if not isinstance(item, (str, BaseException)):
                    raise TypeError(
                        f"replies[{index}] must be a str or an exception instance, "
                        f"not {type(item).__name__}"
                    )
            self._repeat = None
            self._replies = items
        self.calls: list[list[dict[str, str]]] = []
        self.timeouts: list[float] = []

    def complete(self, messages: list[dict[str, str]], *, timeout: float) -> str:
        """Record the call and return (or raise) the next canned reply.

        Raises:
            TypeError / ValueError: for malformed ``messages`` or ``timeout``.
            LookupError: when a reply sequence is used up.
            BaseException: the canned exception, when that is the next item.
        """
        _check_messages(messages)
        timeout = _check_timeout(timeout)
        self.calls.append(copy.deepcopy(messages))
        self.timeouts.append(timeout)
        if self._repeat is not None:
            return self._repeat
        index = len(self.calls) - 1
        if index >= len(self._replies):
            raise LookupError(
                f"FakeChatModel has no reply left for call {index + 1} ({len(self._replies)} given)"
            )
        reply = self._replies[index]
        if isinstance(reply, BaseException):
            raise reply
        return reply

    def __repr__(self) -> str:
        given = 1 if self._repeat is not None else len(self._replies)
        return f"FakeChatModel(replies={given}, calls={len(self.calls)})"


def _import_httpx() -> Any:
    try:
        import httpx
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError(
            "OpenAICompatibleChatModel needs httpx; install it with: pip install 'groundlab[live]'"
        ) from exc
    return httpx


class OpenAICompatibleChatModel:
    """A ``ChatModel`` for services that speak the OpenAI chat-completions API.

    Each ``complete`` call sends one ``POST {base_url}/chat/completions`` with
    the JSON body ``{"model": model, "messages": messages, "temperature":
    temperature}`` and, when ``api_key`` is given, the header
    ``Authorization: Bearer <api_key>``; it returns
    ``choices[0].message.content``. There is exactly one attempt, no retry
    (seed 002: someone is waiting). The default temperature is 0.0: the model
    should copy text, not be creative.

    Args:
        base_url: e.g. ``"https://api.openai.com/v1"`` or
            ``"http://127.0.0.1:11434/v1"``; must start with ``http://`` or
            ``https://``; a trailing ``/`` is removed.
        model: the provider's model name (non-empty ``str``).
        api_key: the key, or ``None`` (or ``""``) for services without one.
        temperature: finite ``float`` >= 0.

    Raises:
        ImportError: if ``httpx`` is not installed (message says
            ``pip install 'groundlab[live]'``).
        TypeError / ValueError: for arguments of the wrong type or value.

    The key never appears in ``repr``, in error messages (they go through
    ``mask_secrets`` with the key), or in ``ChatModelError`` chains (errors
    are raised ``from None``). ``secrets`` lists the strings a log must mask.
    """

    def __init__(
        self,
        base_url: str,
        model: str,
        api_key: str | None = None,
        *,
        temperature: float = 0.0,
    ) -> None:
        _import_httpx()
        if not isinstance(base_url, str) or not base_url.strip():
            raise ValueError("base_url must be a non-empty str")
        base_url = base_url.strip().rstrip("/")
        if not base_url.startswith(("http://", "https://")):
            raise ValueError("base_url must start with http:// or https://")
        if not isinstance(model, str) or not model.strip():
            raise ValueError("model must be a non-empty str")
        if api_key is not None and not isinstance(api_key, str):
            raise TypeError(f"api_key must be a str or None, not {type(api_key).__name__}")
        if isinstance(temperature, bool) or not isinstance(temperature, (int, float)):
            raise TypeError(f"temperature must be a number, not {type(temperature).__name__}")
        if not math.isfinite(temperature) or temperature < 0:
            raise ValueError(f"temperature must be a finite number >= 0, got {temperature!r}")
        self.base_url = base_url
        self.model = model.strip()
        self.temperature = float(temperature)
        self._api_key = api_key or None

    @property
    def url(self) -> str:
        """The endpoint URL, ``f"{base_url}/chat/completions"``."""
        return f"{self.base_url}/chat/completions"

    @property
    def secrets(self) -> tuple[str, ...]:
        """Strings that must never reach a log or a user: the configured key, if any."""
        return (self._api_key,) if self._api_key else ()

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> OpenAICompatibleChatModel | None:
        """Build an adapter from ``GROUNDLAB_LLM_BASE_URL``, ``GROUNDLAB_LLM_MODEL``
        and (optional) ``GROUNDLAB_LLM_API_KEY``.

        Args:
            environ: the mapping to read (default ``os.environ``).

        Returns:
            The adapter, or ``None`` when the base URL or the model is unset
            or blank, so an app can run without a live model (seed 002: the
            AI feature is optional).

        Raises:
            ImportError / ValueError: as the constructor does.
        """
        env = os.environ if environ is None else environ
        base_url = (env.get(ENV_BASE_URL) or "").strip()
        model = (env.get(ENV_MODEL) or "").strip()
        if not base_url or not model:
            return None
        api_key = (env.get(ENV_API_KEY) or "").strip() or None
        return cls(base_url, model, api_key)

    def _mask(self, text: str) -> str:
        return mask_secrets(text, *self.secrets)

    def complete(self, messages: list[dict[str, str]], *, timeout: float) -> str:
        """Send ``messages`` once and return the reply text.

        Args:
            messages: ``list[dict[str, str]]`` with ``role`` and ``content``.
            timeout: seconds (finite, > 0). httpx applies it to each phase
                (connect, write, each read, pool), so it bounds every wait,
                not the sum of them.

        Returns:
            ``choices[0].message.content`` (``str``).

        Raises:
            TypeError / ValueError: for malformed ``messages`` or ``timeout``.
            ChatModelError: on a timeout, a connection or protocol failure, a
                non-2xx status (``status_code`` set), or a body that is not
                JSON with a string at ``choices[0].message.content``. The key
                is masked in every message.
        """
        httpx = _import_httpx()
        _check_messages(messages)
        timeout = _check_timeout(timeout)
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        payload = {"model": self.model, "messages": messages, "temperature": self.temperature}

        failure: ChatModelError | None = None
        response = None
        try:
            response = httpx.post(self.url, json=payload, headers=headers, timeout=timeout)
        except httpx.TimeoutException:
            failure = ChatModelError(
                self._mask(f"chat model request to {self.url} timed out after {timeout:g} s")
            )
        except httpx.HTTPError as exc:
            failure = ChatModelError(
                self._mask(f"chat model request to {self.url} failed: {type(exc).__name__}: {exc}")
            )
        if failure is not None:
            # Raised outside the except block: no chained httpx exception
            # (whose text is not masked) travels with the error.
            raise failure from None
        assert response is not None

        if not 200 <= response.status_code < 300:
            body = response.text[:300]
            raise ChatModelError(
                self._mask(
                    f"chat model request to {self.url} returned HTTP {response.status_code}: {body}"
                ),
                status_code=response.status_code,
            ) from None

        content = _reply_content(response.content)
        if content is None:
            raise ChatModelError(
                self._mask(
                    f"chat model response from {self.url} was not chat-completions JSON "
                    "with a string at choices[0].message.content"
                )
            ) from None
        return content

    def __repr__(self) -> str:
        key = MASK if self._api_key else None
        return (
            f"OpenAICompatibleChatModel(base_url={mask_secrets(self.base_url)!r}, "
            f"model={self.model!r}, api_key={key!r}, temperature={self.temperature!r})"
        )


def _reply_content(body: bytes) -> str | None:
    """Return ``choices[0].message.content`` from a response body, or None."""
    try:
        data = json.loads(body.decode("utf-8"))
        content = data["choices"][0]["message"]["content"]
    except (ValueError, UnicodeDecodeError, LookupError, TypeError):
        return None
    return content if isinstance(content, str) else None
