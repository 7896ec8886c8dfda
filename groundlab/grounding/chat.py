"""Chat adapters: the ``ChatModel`` protocol, a fake with canned replies, an OpenAI-compatible adapter.

Nothing here decides what is true: ``groundlab.grounding.explain.explain_match``
calls a ``ChatModel`` and checks what comes back. Standard library only at
import time; the adapter imports ``httpx`` (the extra ``groundlab[live]``) when
it is built or called. Rules ("No Quote, No Claim"): one attempt per call, no
retry; tests use a fake model; errors never show the key. See
``docs/architecture.md``, "Grounding".
"""

from __future__ import annotations

import base64
import copy
import functools
import json
import math
import os
import socket
import threading
import time
import zlib
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable
from urllib.parse import unquote, urlsplit, urlunsplit

from groundlab._extras import require
from groundlab.grounding.masking import MASK, mask_secrets
from groundlab.grounding.provider import ChatModelError

__all__ = [
    "ChatModel",
    "ChatModelError",
    "FakeChatModel",
    "MAX_REPLY_BYTES",
    "OpenAICompatibleChatModel",
    "check_timeout",
    "ENV_BASE_URL",
    "ENV_MODEL",
    "ENV_API_KEY",
]

#: Environment variables read by ``OpenAICompatibleChatModel.from_env``.
ENV_BASE_URL: str = "GROUNDLAB_LLM_BASE_URL"
ENV_MODEL: str = "GROUNDLAB_LLM_MODEL"
ENV_API_KEY: str = "GROUNDLAB_LLM_API_KEY"


@runtime_checkable
class ChatModel(Protocol):
    """Anything that turns a chat prompt into one reply string.

    ``complete(messages, *, timeout) -> str``: ``messages`` is a
    ``list[dict[str, str]]`` of ``{"role": "system" | "user", "content": ...}``
    in order; ``timeout`` is in seconds (``float``); the reply is returned
    unparsed. It should raise ``ChatModelError`` when the provider fails
    (``explain_match`` treats *any* ``Exception`` as a provider failure). A model may
    also take a ``response_format`` keyword (a mapping or ``None``): ``ask(...,
    schema=...)`` passes one, and refuses a model whose ``complete`` does not take it.
    ``isinstance(obj, ChatModel)`` only checks that ``complete`` exists.
    """

    def complete(self, messages: list[dict[str, str]], *, timeout: float) -> str:
        """Return the model's reply to ``messages`` within ``timeout`` seconds."""
        ...


def _finite_number(value: object, name: str, *, unit: str = "", positive: bool) -> float:
    # A real number (not bool), finite, and > 0 (positive) or >= 0; as a float.
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be a number{unit}, not {type(value).__name__}")
    if not math.isfinite(value) or value < 0 or (positive and value == 0):
        bound = "> 0" if positive else ">= 0"
        raise ValueError(f"{name} must be a finite number{unit} {bound}, got {value!r}")
    return float(value)


def check_timeout(timeout: object) -> float:
    """Return ``timeout`` (seconds) as a ``float`` after checking it is a finite number > 0.

    Raises:
        TypeError: if ``timeout`` is not an ``int`` or ``float`` (``bool`` is refused).
        ValueError: if it is not finite or not > 0.
    """
    return _finite_number(timeout, "timeout", unit=" of seconds", positive=True)


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


class FakeChatModel:
    """A chat model with canned replies, for tests and notebooks; records every call.

    Args:
        replies: one ``str``, returned for every call, or a non-empty sequence
            used one item per call, in order; an item that is a
            ``BaseException`` instance is raised instead of returned. A call
            after the sequence is used up raises ``LookupError``.

    Attributes:
        calls: ``list[list[dict[str, str]]]``, a deep copy of each call's
            ``messages`` (failing calls included).
        timeouts: ``list[float]``, each call's ``timeout`` in seconds.
        response_formats: ``list``, each call's ``response_format`` (``None`` when not given).

    Raises:
        TypeError: ``replies`` is not a ``str`` or a sequence of ``str`` /
            exception instances; at call time, malformed ``messages`` or ``timeout``.
        ValueError: the sequence is empty; at call time, ``timeout`` not finite and > 0.
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
        self.response_formats: list[dict[str, Any] | None] = []

    def complete(
        self, messages: list[dict[str, str]], *, timeout: float, response_format: Mapping[str, Any] | None = None
    ) -> str:
        """Record the call and return (or raise) the next canned reply; ``response_format`` is only recorded.

        Raises:
            TypeError / ValueError: for malformed ``messages`` or ``timeout``.
            LookupError: when a reply sequence is used up.
            BaseException: the canned exception, when that is the next item.
        """
        _check_messages(messages)
        timeout = check_timeout(timeout)
        fmt = _json_mapping(response_format, "response_format")
        self.calls.append(copy.deepcopy(messages))
        self.timeouts.append(timeout)
        self.response_formats.append(fmt)
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
    # httpx, or an ImportError that names the extra adding it (groundlab[live]).
    return require("httpx", "live")


@functools.lru_cache(maxsize=1)
def _tls_context() -> Any:
    # httpx's default verifying TLS context (certifi, or SSL_CERT_FILE / SSL_CERT_DIR), built once.
    return _import_httpx().create_ssl_context()


#: The largest reply body ``OpenAICompatibleChatModel`` reads, in bytes after any
#: ``Content-Encoding`` is undone (4 MiB; a claims or draft reply is a few KiB).
MAX_REPLY_BYTES: int = 4 * 1024 * 1024

#: The zlib window of each ``Content-Encoding`` the adapter undoes itself, chunk by chunk and
#: never past the size cap (a compressed bomb costs at most the cap). The request asks for
#: ``identity``; a server that compresses anyway may use one of these, once.
_ENCODINGS: dict[str, int] = {"identity": 0, "gzip": 16 + zlib.MAX_WBITS, "x-gzip": 16 + zlib.MAX_WBITS, "deflate": zlib.MAX_WBITS}


class _Exchange:
    # One HTTP request, run on a worker thread so that the caller's wait ends at the deadline
    # whatever the server does (httpx's timeouts bound each read, not their sum). The worker
    # streams the body and stops at the size cap; once abandoned, its socket is shut, so a
    # read blocked anywhere (connecting, headers, body) ends, and it stops at the next chunk.

    def __init__(
        self, client: Any, method: str, url: str, headers: dict[str, str], payload: object, read_s: float, limit: int
    ) -> None:
        self.client, self.method, self.url, self.headers, self.payload = client, method, url, headers, payload
        self.read_s, self.limit = read_s, limit
        self.abandoned = threading.Event()
        self.done = threading.Event()
        self.outcome: tuple[str, Any] = ("transport", "Exception")
        self._lock = threading.Lock()
        self._socket: Any = None

    def _trace(self, event: str, info: dict[str, Any]) -> None:
        # httpcore's trace hook: keep the connection's socket, so that abandon() can shut it.
        if event == "connection.connect_tcp.complete":
            try:
                sock = info["return_value"].get_extra_info("socket")
            except Exception:  # another network backend: the per-read timeout stays the bound
                sock = None
            with self._lock:
                self._socket = sock
            if self.abandoned.is_set():
                self.abandon()

    def abandon(self) -> None:
        # The caller stopped waiting: shut the socket, which ends a read that is blocked (even
        # in the middle of dripped headers), so the worker ends now instead of at its timeout.
        self.abandoned.set()
        with self._lock:
            sock = self._socket
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def run(self) -> None:
        try:
            self.outcome = self._fetch()
        except BaseException as exc:  # nothing escapes the worker thread  # pragma: no cover
            self.outcome = ("transport", type(exc).__name__)
        finally:
            self.done.set()

    def _fetch(self) -> tuple[str, Any]:
        # ("ok", body) | ("http_status", status) | ("too_large", None) | ("deadline", None)
        # | ("transport", class name) | ("bad_encoding", None) | ("abandoned", None).
        httpx = _import_httpx()
        try:
            with self.client.stream(
                self.method,
                self.url,
                json=self.payload,
                headers=self.headers,
                timeout=httpx.Timeout(self.read_s),
                extensions={"trace": self._trace},
            ) as response:
                if not 200 <= response.status_code < 300:
                    return "http_status", response.status_code
                declared = response.headers.get("Content-Length", "")
                encoding = response.headers.get("Content-Encoding", "identity").strip().lower() or "identity"
                if encoding not in _ENCODINGS:  # several layers, br, zstd...: not undone here
                    return "bad_encoding", None
                if encoding == "identity" and declared.isdigit() and int(declared) > self.limit:
                    return "too_large", None
                decoder = zlib.decompressobj(_ENCODINGS[encoding]) if _ENCODINGS[encoding] else None
                body = bytearray()
                for chunk in response.iter_raw():  # as sent: decoded below, within the cap
                    if self.abandoned.is_set():
                        return "abandoned", None
                    while chunk:
                        if decoder is None:
                            body += chunk
                            chunk = b""
                        else:
                            body += decoder.decompress(chunk, self.limit + 1 - len(body))
                            chunk = decoder.unconsumed_tail
                        if len(body) > self.limit:
                            return "too_large", None
                return "ok", bytes(body)
        except zlib.error:
            return "bad_encoding", None
        except httpx.TimeoutException:
            return "deadline", None
        except Exception as exc:  # any transport failure; its text may hold the URL
            return "transport", type(exc).__name__


def _refused(choice: object, message: object, content: object) -> bool:
    """Whether a reply without string content is the model declining: ``content`` null beside a
    ``refusal`` text, ``content`` a list of parts holding a ``{"type": "refusal"}`` part, or
    ``content`` null with ``finish_reason`` ``"content_filter"`` (the provider's filter)."""
    refusal = message.get("refusal") if isinstance(message, dict) else None
    if content is None and isinstance(refusal, str) and refusal.strip():
        return True
    if isinstance(content, list) and any(isinstance(part, dict) and part.get("type") == "refusal" for part in content):
        return True
    return content is None and isinstance(choice, dict) and choice.get("finish_reason") == "content_filter"


class OpenAICompatibleChatModel:
    """A ``ChatModel`` for services that speak the OpenAI chat-completions API.

    ``complete`` sends one ``POST {base_url}/chat/completions`` with the JSON
    body ``{"model", "messages", "temperature"}`` (plus ``"response_format"``
    when one is given, and ``Authorization: Bearer <api_key>`` when a key is
    given) and returns ``choices[0].message.content``: one attempt, no retry.
    The path is joined with ``urllib.parse``, so a query string (Azure's
    ``?api-version=...``) stays the query of every request. With
    ``model=None`` the first call asks ``GET {base_url}/models`` once and uses
    the first model listed, so a local server (Ollama, llama.cpp, vLLM) needs
    only its URL. ``timeout`` is a deadline for the whole call (model
    discovery, connecting, sending, waiting and reading): ``complete`` returns
    or raises within it, however slowly a server drips its answer. The body is
    streamed and read up to ``max_reply_bytes``. Error texts are built from an
    allow-list (``ChatModelError``): no response body, no exception text, no
    key; ``ChatModelError`` is raised ``from None``.

    Args:
        base_url: ``str`` starting with ``http://`` or ``https://``, e.g.
            ``"http://127.0.0.1:11434/v1"``; a trailing ``/`` of the path is
            removed, a query string is kept, a fragment dropped. A
            ``user:password@`` part is taken out of the URL (httpx logs every
            URL at INFO) and sent as ``Authorization: Basic``.
        model: the provider's model name (non-empty ``str``), or ``None`` for
            the first model the server lists.
        api_key: the key, or ``None`` / ``""`` for services without one.
        temperature: finite ``float`` >= 0; default 0.0 (copy text, do not invent).
        response_format: an OpenAI-compatible ``response_format`` mapping (for
            example ``claims_response_format()``), sent as JSON; default ``None``.
        max_reply_bytes: ``int`` > 0, the size cap of a reply body in bytes
            (default ``MAX_REPLY_BYTES``, 4 MiB).

    Raises:
        ImportError: ``httpx`` is not installed; the message names the extra
            that adds it, ``pip install 'groundlab[live]'``.
        TypeError / ValueError: an argument of the wrong type or value; a
            ``base_url`` with both ``user:password@`` and an ``api_key``, or
            whose query string holds a credential (pass it as ``api_key``).
    """

    def __init__(
        self,
        base_url: str,
        model: str | None = None,
        api_key: str | None = None,
        *,
        temperature: float = 0.0,
        response_format: Mapping[str, Any] | None = None,
        max_reply_bytes: int = MAX_REPLY_BYTES,
    ) -> None:
        httpx = _import_httpx()
        if not isinstance(base_url, str) or not base_url.strip():
            raise ValueError("base_url must be a non-empty str")
        if not base_url.strip().startswith(("http://", "https://")):
            raise ValueError("base_url must start with http:// or https://")
        if model is not None and (not isinstance(model, str) or not model.strip()):
            raise ValueError("model must be a non-empty str or None")
        if api_key is not None and not isinstance(api_key, str):
            raise TypeError(f"api_key must be a str or None, not {type(api_key).__name__}")
        if isinstance(max_reply_bytes, bool) or not isinstance(max_reply_bytes, int):
            raise TypeError(f"max_reply_bytes must be an int, not {type(max_reply_bytes).__name__}")
        if max_reply_bytes <= 0:
            raise ValueError(f"max_reply_bytes must be > 0, got {max_reply_bytes!r}")
        self.temperature = _finite_number(temperature, "temperature", positive=False)
        self.response_format = _json_mapping(response_format, "response_format")
        self.max_reply_bytes = max_reply_bytes
        self.model = model.strip() if model is not None else None
        self._api_key = api_key or None
        if any(ord(char) < 0x21 or ord(char) == 0x7F for char in base_url.strip()):
            # urlsplit drops a CR or LF silently ("http://x/v1\r\nHost: evil" -> "http://x/v1Host: evil")
            raise ValueError("base_url must not hold spaces or control characters")
        parts = urlsplit(base_url.strip())
        host = parts.netloc.rpartition("@")[2]
        if not host or not parts.hostname:
            raise ValueError("base_url must name a host")
        try:
            parts.port  # noqa: B018 - urlsplit checks the port only when asked
        except ValueError:
            raise ValueError("base_url's port must be a number from 0 to 65535") from None
        self._scheme, self._host, self._path, self._query = parts.scheme, host, parts.path.rstrip("/"), parts.query
        self._basic: str | None = None
        self._userinfo: tuple[str, ...] = ()
        if "@" in parts.netloc:
            if self._api_key:
                raise ValueError(
                    "base_url carries user:password@ and api_key is given too: pass one of them"
                )
            user, password = unquote(parts.username or ""), unquote(parts.password or "")
            self._basic = base64.b64encode(f"{user}:{password}".encode()).decode("ascii")
            self._userinfo = tuple(s for s in (password, self._basic, parts.password or "") if s)
        if mask_secrets(self._query) != self._query:
            raise ValueError(
                "base_url's query string holds a credential; pass the key as api_key instead "
                "(a URL is logged, a header is not)"
            )
        self.base_url = urlunsplit((self._scheme, self._host, self._path, self._query, ""))
        # Scheme, host, port and path only: no user information, query or fragment.
        self._endpoint = mask_secrets(f"{self._scheme}://{self._host}{self._path}", *self.secrets)
        # One client per adapter, built here with the process's one TLS context: loading the CA
        # certificates takes about 0.1 s, which must not count against a call's deadline. No
        # keep-alive: each request opens its own connection, whose socket an abandoned request
        # can shut (one TCP handshake per call, nothing beside a model's answer time).
        self._client = httpx.Client(verify=_tls_context(), limits=httpx.Limits(max_keepalive_connections=0))

    def _join(self, suffix: str) -> str:
        # The URL of ``suffix`` (``"/models"``, ``"/chat/completions"``) below the base path,
        # with the base URL's query string and without user information.
        return urlunsplit((self._scheme, self._host, self._path + suffix, self._query, ""))

    @property
    def url(self) -> str:
        """The endpoint URL: the base URL's path joined with ``/chat/completions``, its query kept."""
        return self._join("/chat/completions")

    @property
    def secrets(self) -> tuple[str, ...]:
        """Strings that must never reach a log or a user: the key, the URL's password and its Basic token."""
        return ((self._api_key,) if self._api_key else ()) + self._userinfo

    @classmethod
    def from_env(
        cls,
        environ: Mapping[str, str] | None = None,
        *,
        response_format: Mapping[str, Any] | None = None,
    ) -> OpenAICompatibleChatModel | None:
        """Build an adapter from ``ENV_BASE_URL`` and the optional ``ENV_MODEL`` and ``ENV_API_KEY``.

        Args:
            environ: the mapping to read (default ``os.environ``).
            response_format: passed to the constructor.

        Returns:
            The adapter, or ``None`` when the base URL is unset or blank, so an
            app runs without a live model. An unset model means the first model
            the server lists.

        Raises:
            ImportError / TypeError / ValueError: as the constructor does.
        """
        env = os.environ if environ is None else environ
        base_url = (env.get(ENV_BASE_URL) or "").strip()
        if not base_url:
            return None
        model = (env.get(ENV_MODEL) or "").strip() or None
        api_key = (env.get(ENV_API_KEY) or "").strip() or None
        return cls(base_url, model, api_key, response_format=response_format)

    def _send(self, method: str, suffix: str, deadline: float, timeout: float, payload: object = None) -> bytes:
        # One HTTP request that ends by ``deadline`` (time.monotonic()); the 2xx body, or
        # ChatModelError raised outside any except block.
        headers = {"Accept": "application/json", "Accept-Encoding": "identity"}
        if payload is not None:
            headers["Content-Type"] = "application/json"
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        elif self._basic:
            headers["Authorization"] = f"Basic {self._basic}"
        context: dict[str, Any] = {"endpoint": self._endpoint + suffix}
        late = ChatModelError(code="deadline", context={**context, "timeout_s": timeout})
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise late from None
        exchange = _Exchange(self._client, method, self._join(suffix), headers, payload, remaining, self.max_reply_bytes)
        threading.Thread(target=exchange.run, name="groundlab-chat-request", daemon=True).start()
        if not exchange.done.wait(remaining):
            exchange.abandon()  # its socket is shut: the worker's read ends at once
            raise late from None
        kind, value = exchange.outcome
        if kind == "ok":
            return value
        if kind == "http_status":
            failure = ChatModelError(code="http_status", status_code=value, context=context)
        elif kind == "too_large":
            failure = ChatModelError(code="too_large", context={**context, "limit_bytes": self.max_reply_bytes})
        elif kind == "transport":
            failure = ChatModelError(code="transport", context={**context, "error_type": value})
        elif kind == "bad_encoding":  # a Content-Encoding the adapter does not undo, or a corrupt one
            failure = ChatModelError(code="bad_reply", context={**context, "path": "Content-Encoding"})
        else:  # httpx's own timeout of the remaining time
            failure = late
        raise failure from None

    def _served_model(self, deadline: float, timeout: float) -> str:
        model = _json_path(self._send("GET", "/models", deadline, timeout), ("data", 0, "id"))
        if not isinstance(model, str) or not model.strip():
            context = {"endpoint": self._endpoint + "/models", "path": "data[0].id"}
            raise ChatModelError(code="bad_reply", context=context) from None
        return model

    def complete(
        self,
        messages: list[dict[str, str]],
        *,
        timeout: float,
        response_format: Mapping[str, Any] | None = None,
    ) -> str:
        """Send ``messages`` once and return ``choices[0].message.content`` (``str``).

        Args:
            messages: ``list[dict[str, str]]`` with ``role`` and ``content``.
            timeout: seconds (finite, > 0), the deadline of the whole call: model
                discovery, connecting, sending, waiting and reading the body.
            response_format: this call's ``response_format`` in place of the
                configured one (``None``: the configured one).

        Raises:
            TypeError / ValueError: for malformed ``messages``, ``timeout`` or ``response_format``.
            ChatModelError: code ``deadline`` (``timeout`` passed), ``transport``,
                ``http_status`` (``status_code`` set), ``too_large`` (a body over
                ``max_reply_bytes``), ``bad_reply`` (no string at
                ``choices[0].message.content``, however deeply the body nests, or no
                model listed at ``data[0].id``) or ``refusal`` (``content`` is null and
                ``refusal`` a text: the model declined).
        """
        _check_messages(messages)
        timeout = check_timeout(timeout)
        fmt = _json_mapping(response_format, "response_format") if response_format is not None else self.response_format
        deadline = time.monotonic() + timeout
        if self.model is None:
            self.model = self._served_model(deadline, timeout)
        payload: dict[str, Any] = {"model": self.model, "messages": messages, "temperature": self.temperature}
        if fmt is not None:
            payload["response_format"] = fmt
        body = self._send("POST", "/chat/completions", deadline, timeout, payload)
        choice = _json_path(body, ("choices", 0))
        message = choice.get("message") if isinstance(choice, dict) else None
        content = message.get("content") if isinstance(message, dict) else None
        if isinstance(content, str):
            return content
        context = {"endpoint": self._endpoint + "/chat/completions"}
        if _refused(choice, message, content):
            raise ChatModelError(code="refusal", context=context) from None
        raise ChatModelError(code="bad_reply", context={**context, "path": "choices[0].message.content"}) from None

    def __repr__(self) -> str:
        key = MASK if self._api_key or self._basic else None
        return (
            f"OpenAICompatibleChatModel(base_url={self._endpoint!r}, "
            f"model={self.model!r}, api_key={key!r}, temperature={self.temperature!r})"
        )


def _json_mapping(value: object, name: str) -> dict[str, Any] | None:
    # None, or a JSON-serialisable mapping, copied so later edits by the caller do not leak in.
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise TypeError(f"{name} must be a mapping or None, not {type(value).__name__}")
    try:
        return json.loads(json.dumps(dict(value), allow_nan=False))
    except (TypeError, ValueError):
        raise TypeError(f"{name} must hold JSON values only (str keys, no NaN)") from None


def _json_path(body: bytes, path: tuple[str | int, ...]) -> Any:
    # The value at ``path`` inside a JSON body, or None (not JSON, nested past the
    # interpreter's recursion limit, or no such member).
    try:
        data: Any = json.loads(body.decode("utf-8"))
        for step in path:
            data = data[step]
    except (ValueError, UnicodeDecodeError, LookupError, TypeError, RecursionError):
        return None
    return data
