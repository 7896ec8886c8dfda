"""Provider failures: the adapter's error, the user's error, and the one call that turns one into the other.

Rule: the job-match article, "No Quote, No Claim" (one attempt per call; provider errors
never show secrets); ``docs/architecture.md``, "Grounding". What a log line or an error
text may say is an allow-list: the exception's class name, the HTTP status code, the
elapsed time in milliseconds, an error code of ``CHAT_ERROR_CODES`` and fixed words.
Nothing is built from ``str(exception)`` or a provider's body; ``mask_secrets`` runs on top
as defence in depth. Standard library only.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from groundlab.core.failure import GroundlabError
from groundlab.core.language import LIBRARY_CATALOGUE as tr
from groundlab.core.language import N_
from groundlab.grounding.masking import mask_secrets

__all__ = [
    "CHAT_ERROR_CODES",
    "DEFAULT_TIMEOUT",
    "PROVIDER_ERROR_MESSAGE",
    "PROVIDER_REFUSAL_MESSAGE",
    "ChatModelError",
    "ProviderError",
    "call_once",
]

#: Default seconds for a model's one attempt, the whole call ("No Quote, No Claim": a 30 s timeout).
DEFAULT_TIMEOUT: float = 30.0

#: The sentence a user sees when the model service fails.
PROVIDER_ERROR_MESSAGE: str = N_(
    "The language model service could not be reached or did not answer. "
    "No explanation is available right now; please try again later."
)

#: The sentence a user sees when the model answered with a refusal instead of a reply.
PROVIDER_REFUSAL_MESSAGE: str = N_(
    "The language model declined to answer this request (a refusal). "
    "No explanation is available for it; trying again will not change that."
)

# code -> the template of ChatModelError's message, filled from its context.
_TEMPLATES: dict[str, str] = {
    "deadline": N_("chat model request to {endpoint} did not finish within its {timeout_s:g} s deadline"),
    "transport": N_("chat model request to {endpoint} failed: {error_type}"),
    "http_status": N_("chat model request to {endpoint} returned HTTP {status_code}"),
    "too_large": N_("chat model response from {endpoint} was larger than the {limit_bytes} byte limit"),
    "bad_reply": N_("chat model response from {endpoint} was not chat-completions JSON with a string at {path}"),
    "refusal": N_("chat model at {endpoint} refused to answer (choices[0].message.refusal)"),
    "other": "{detail}",
}

#: The codes of ``ChatModelError``, in the order a call can meet them.
CHAT_ERROR_CODES: tuple[str, ...] = tuple(_TEMPLATES)


class ChatModelError(GroundlabError):
    """The chat-model provider could not give an answer.

    ``code`` is one of ``CHAT_ERROR_CODES``, with ``status_code`` (``int`` or ``None``) and a
    read-only ``context``; the message is ``TEMPLATES[code]`` over them, masked with
    ``mask_secrets``. Context by code: ``deadline`` (the whole call took longer than its
    timeout): ``endpoint``, ``timeout_s``; ``transport``: ``endpoint``, ``error_type`` (the
    transport exception's class name); ``http_status`` (a non-2xx answer): ``endpoint``,
    ``status_code``; ``too_large`` (the body passed the size cap): ``endpoint``,
    ``limit_bytes``; ``bad_reply``: ``endpoint``, ``path`` (``"choices[0].message.content"``);
    ``refusal`` (``content`` null beside a ``refusal`` text, which is not kept): ``endpoint``;
    ``other`` (the default, for
    fakes and other adapters): ``detail``, the free text given, masked (ignored for other
    codes). ``endpoint`` holds only scheme, host, port and path. ``args`` is ``(message,)``.

    Raises:
        TypeError: ``detail`` is not a ``str`` or ``status_code`` not an ``int``.
        ValueError: an unknown ``code``, or a context value its template needs is missing.
    """

    TEMPLATES = MappingProxyType(_TEMPLATES)

    def __init__(
        self,
        detail: str = "",
        *,
        code: str = "other",
        status_code: int | None = None,
        context: Mapping[str, Any] | None = None,
    ) -> None:
        if code not in _TEMPLATES:
            raise ValueError(f"code must be one of {', '.join(CHAT_ERROR_CODES)}, not {code!r}")
        if not isinstance(detail, str):
            raise TypeError(f"detail must be a str, not {type(detail).__name__}")
        if status_code is not None and (isinstance(status_code, bool) or not isinstance(status_code, int)):
            raise TypeError(f"status_code must be an int or None, not {type(status_code).__name__}")
        # No secret may survive in the data either: every text value of the context is masked too.
        values = {key: mask_secrets(value) if isinstance(value, str) else value for key, value in (context or {}).items()}
        if code == "other":
            values["detail"] = mask_secrets(detail)
        if status_code is not None:
            values["status_code"] = status_code
        try:
            message = mask_secrets(_TEMPLATES[code].format_map(values))
        except KeyError as missing:
            raise ValueError(f"code {code!r} needs the context value {missing}") from None
        except (TypeError, ValueError):
            raise ValueError(f"code {code!r}: a context value has the wrong type") from None
        super().__init__(message, code=code, context=values)  # unpickling calls ChatModelError(message)
        self.status_code = status_code

    def _render(self) -> str:
        return mask_secrets(super()._render())


class ProviderError(GroundlabError):
    """The model service failed or refused; ``str(error)`` is a fixed sentence chosen by ``code``.

    ``code`` is ``"provider"`` (``PROVIDER_ERROR_MESSAGE``: not reached, no answer, a bad
    answer) or ``"refusal"`` (``PROVIDER_REFUSAL_MESSAGE``: the model declined, a
    ``ChatModelError`` of code ``refusal``). ``args`` and the read-only ``context`` hold
    ``error_type``, ``status_code`` and ``elapsed_ms`` (see those properties). No key, token,
    URL or provider text reaches the message, the cause or the context (raised ``from None``).

    Raises:
        ValueError: ``code`` is neither ``"provider"`` nor ``"refusal"``.
    """

    TEMPLATES = MappingProxyType({"provider": PROVIDER_ERROR_MESSAGE, "refusal": PROVIDER_REFUSAL_MESSAGE})

    def __init__(
        self,
        error_type: str = "",
        status_code: int | None = None,
        elapsed_ms: int | None = None,
        code: str = "provider",
    ) -> None:
        # Only a class name that masking leaves alone is kept: anything else could carry a secret.
        if not (isinstance(error_type, str) and error_type.isidentifier() and mask_secrets(error_type) == error_type):
            error_type = ""
        context = {"error_type": error_type, "status_code": status_code, "elapsed_ms": elapsed_ms}
        super().__init__(error_type, status_code, elapsed_ms, code, code=code, context=context)

    @property
    def error_type(self) -> str:
        """The class name of the model's exception (``str``), or ``""``."""
        return self._context["error_type"]

    @property
    def status_code(self) -> int | None:
        """The HTTP status (``int``) when the exception carried one, else ``None``."""
        return self._context["status_code"]

    @property
    def elapsed_ms(self) -> int | None:
        """How long the one attempt took, in milliseconds (``int``), or ``None``."""
        return self._context["elapsed_ms"]


def _model_secrets(model: object) -> list[str]:
    try:
        return [s for s in getattr(model, "secrets", ()) or () if isinstance(s, str) and s]
    except Exception:  # a hostile or broken adapter: mask with the patterns only
        return []


def _error_type(exc: BaseException, secrets: list[str]) -> str:
    # The class name, only when it is an identifier that masking leaves alone.
    try:
        name = type(exc).__name__
    except Exception:
        return "Exception"
    if not isinstance(name, str) or not name.isidentifier() or mask_secrets(name, *secrets) != name:
        return "Exception"
    return name


def _status_code(exc: BaseException) -> int | None:
    # An HTTP status: ChatModelError.status_code, or an int attribute of that
    # name on another adapter's exception (never read from the text).
    try:
        value = getattr(exc, "status_code", None)
    except Exception:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and 100 <= value <= 599:
        return int(value)
    return None


def _describe(exc: BaseException, model: object) -> tuple[str, int | None, str]:
    # (error type, HTTP status, what the log line says after "failed: ").
    error_type = _error_type(exc, _model_secrets(model))
    status = _status_code(exc)
    parts = []
    if isinstance(exc, ChatModelError) and exc.code in _TEMPLATES:
        parts.append(exc.code)
    if status is not None:
        parts.append(f"HTTP {status}")
    return error_type, status, error_type + (f" ({', '.join(parts)})" if parts else "")


def call_once(
    model: Any, messages: list[dict[str, str]], timeout: float, logger: logging.Logger, **options: Any
) -> object:
    """Call ``model.complete(messages, timeout=timeout, **options)`` once and return its reply, unchecked.

    ``timeout`` is in seconds, already checked (``check_timeout``). Any ``Exception`` from the
    model (not a ``BaseException`` such as ``KeyboardInterrupt``) becomes ``ProviderError``
    (code ``"refusal"`` for a ``ChatModelError`` of code ``refusal``, else ``"provider"``),
    with neither cause nor context, after one WARNING on ``logger``, e.g. ``"chat model call
    failed: ChatModelError (http_status, HTTP 401)"`` (the code and status only when known);
    the record also carries ``error_type``, ``status_code`` and ``elapsed_ms`` (milliseconds,
    kept out of the message so that it is the same on every run).
    """
    started = time.monotonic()
    try:
        return model.complete(messages, timeout=timeout, **options)
    except Exception as exc:  # any provider failure, by design
        elapsed_ms = int((time.monotonic() - started) * 1000)
        try:
            error_type, status, said = _describe(exc, model)
            refused = isinstance(exc, ChatModelError) and isinstance(exc.code, str) and exc.code == "refusal"
        except Exception:  # describing never decides the outcome
            error_type, status, said, refused = "Exception", None, "Exception", False
    logger.warning(
        "chat model call failed: %s",
        said,
        extra={"error_type": error_type, "status_code": status, "elapsed_ms": elapsed_ms},
    )
    raise ProviderError(error_type, status, elapsed_ms, "refusal" if refused else "provider") from None
