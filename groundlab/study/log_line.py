"""One line of a log of real answers, checked: :class:`LineChecker` and its :class:`LogResult`.

A log line is one JSON object: ``{"id"?: str | int, "request"?: {request object}, "answer": ...}``.
``answer`` is the model's raw text, or a chat log: ``{"messages": [...]}`` (the last message
whose ``role`` is ``"assistant"``) or an OpenAI chat completion ``{"choices": [{"message":
...}]}`` (the first choice's message); the message's ``content`` is the raw text (a list of
content parts gives the ``text`` of its ``"text"`` parts, joined). A line without
``request`` uses the checker's default request. The answer goes to
:func:`~groundlab.core.contract.verify_answer` and
:func:`~groundlab.core.fields.verify_fields` unrepaired; the deciding check is the failed
step of the verdict's trace. A UTF-8 byte order mark opening line 1 (only) is dropped. A
line that cannot be checked (an integer of more than 4,300 digits is ``line_not_json``) is a result of status
:data:`LINE_ERROR` with a reason code of :data:`LINE_ERROR_CODES`, never an exception.
``docs/architecture.md``, "Checking a log". Standard library only.
"""

from __future__ import annotations

import json
import json.encoder
import re
from types import MappingProxyType
from typing import Any, Mapping, NamedTuple, Union

from groundlab.core.language import N_
from groundlab.core.checks import Status
from groundlab.core.claims import MAX_INPUT_UNITS
from groundlab.core.contract import verify_answer
from groundlab.core.failure import GroundlabError
from groundlab.core.fields import FieldState, verify_fields
from groundlab.core.registry import Registry, Request, Source, request_from_dict
from groundlab.core.trusted import TrustedInputError

__all__ = ["LINE_ERROR", "LINE_ERROR_CODES", "MAX_LINE_BYTES", "LineChecker", "LineError", "LogResult", "check_line"]

LINE_ERROR = "LINE_ERROR"
"""The status of a log line that could not be checked (not one of the contract's statuses)."""

MAX_LINE_BYTES = 16 * 3 * MAX_INPUT_UNITS
"""Longest log line read, in bytes (393,216): room for a largest answer written with JSON
escapes, and its request. A longer line is a ``line_too_long`` result; only this much of it is held."""

_TEMPLATES = {
    "line_too_long": N_("the line is longer than {limit} bytes; it was not read"),
    "line_not_utf8": N_("the line is not UTF-8 (byte {offset})"),
    "line_not_json": N_("the line is not JSON: {detail} (column {column})"),
    "line_not_object": N_("the line is JSON but not an object (it is {kind})"),
    "no_answer": N_('the line has no "answer" member'),
    "bad_answer": N_('the "answer" member is {kind}, not a string or a chat log with an assistant message'),
    "bad_id": N_('the "id" member is {kind}, not a string or a whole number'),
    "no_request": N_('the line has no "request" member and no default request was given (--request)'),
    "bad_request": N_('the "request" member is not a request: {detail}'),
    "unknown_document": N_("the request supplies a document the registry does not have: {detail}"),
}

LINE_ERROR_CODES: Mapping[str, str] = MappingProxyType(_TEMPLATES)
"""Reason code of a :data:`LINE_ERROR` -> the template of its message."""


class LineError(GroundlabError):
    """Why one log line could not be checked: ``code`` (a key of :data:`LINE_ERROR_CODES`),
    ``line`` (1-based line number) and ``context`` (the values the message is rendered from).
    Never raised out of :class:`LineChecker`; it becomes the result's ``error``."""

    TEMPLATES = LINE_ERROR_CODES

    def __init__(self, code: str, line: int, context: Mapping[str, Any] | None = None) -> None:
        super().__init__(code, line, context, code=code, context=context)
        self.line = line

    def to_dict(self) -> dict:
        """``{"code", "message"}``: what a result line's ``error`` holds."""
        return {"code": self.code, "message": self.message}


class LogResult(NamedTuple):
    """The outcome of one log line.

    * ``line`` -- 1-based line number in the log;
    * ``id`` -- the line's ``id`` (``str`` or ``int``), or ``None`` when it has none;
    * ``status`` -- a :class:`~groundlab.core.checks.Status` value (``"ACCEPT"`` ...) or
      :data:`LINE_ERROR`, a ``str``;
    * ``check`` -- the deciding check's name (a name of
      :data:`~groundlab.core.checks.CHECK_TABLE`), ``None`` for ``ACCEPT`` and ``LINE_ERROR``;
    * ``citation_only_ok`` -- what the citation-only check decided (``False`` for ``LINE_ERROR``);
    * ``accepted`` -- a ``dict`` ``field -> value`` of an ``ACCEPT``, sorted by field; else ``{}``
      (plain dicts, so a result pickles: a Dask cluster sends results between processes);
    * ``error`` -- for ``LINE_ERROR``, ``{"code", "message"}`` (:data:`LINE_ERROR_CODES`); for
      ``INVALID_JSON``, ``{"code"}``, the parse code (:data:`~groundlab.core.claims.ERROR_CODES`); else ``None``;
    * ``fields`` -- ``((field, FieldState value), ...)`` from ``verify_fields``, in request
      order; ``()`` for ``LINE_ERROR``. Counted by the summary, not written to a result line.
    """

    line: int
    id: Union[str, int, None]
    status: str
    check: Union[str, None]
    citation_only_ok: bool
    accepted: Mapping[str, str]
    error: Union[Mapping[str, str], None]
    fields: tuple = ()

    def to_dict(self) -> dict:
        """The result line's object: ``line``, ``id`` (only when the log line had one),
        ``status``, ``check``, ``citation_only_ok``, ``accepted`` and ``error`` (only when set)."""
        data: dict = {"line": self.line}
        if self.id is not None:
            data["id"] = self.id
        data["status"] = self.status
        data["check"] = self.check
        data["citation_only_ok"] = self.citation_only_ok
        data["accepted"] = dict(self.accepted)
        if self.error is not None:
            data["error"] = dict(self.error)
        return data

    def to_json(self) -> str:
        """:meth:`to_dict` as one line of ASCII JSON (no newline): exactly
        ``json.dumps(self.to_dict())``, the same bytes on every run, built without the encoder's
        generic walk."""
        ident = "" if self.id is None else f', "id": {_str(self.id) if type(self.id) is str else int(self.id)}'
        check = "null" if self.check is None else _str(self.check)
        accepted = ", ".join([f"{_str(k)}: {_str(v)}" for k, v in self.accepted.items()])
        error = "" if self.error is None else ', "error": ' + json.dumps(dict(self.error))
        return (
            f'{{"line": {int(self.line)}{ident}, "status": {_str(self.status)}, "check": {check}, '
            f'"citation_only_ok": {"true" if self.citation_only_ok else "false"}, "accepted": {{{accepted}}}{error}}}'
        )


_str = json.encoder.encode_basestring_ascii  # a JSON string literal, as json.dumps writes it
_KINDS = {dict: "an object", list: "an array", str: "a string", int: "a number", float: "a number",
          bool: "a boolean", type(None): "null"}
_VERIFIED, _NOT_CHECKED = FieldState.VERIFIED.value, FieldState.NOT_CHECKED.value
_LONG_NUMBER = re.compile(r"[0-9]{4301,}")  # past Python's digit limit for int(): json.loads raises ValueError
_CACHE_LIMIT = 256  # requests kept per checker; the cache is emptied when full, so memory stays flat


def _kind(value: Any) -> str:
    return _KINDS.get(type(value), type(value).__name__)


def _content(message: Any) -> str | None:
    """A chat message's text content, or ``None`` when it has none."""
    if not isinstance(message, dict):
        return None
    content = message.get("content")
    if type(content) is str:
        return content
    if isinstance(content, list) and content:
        parts = [p.get("text") for p in content if isinstance(p, dict) and p.get("type") == "text"]
        if parts and all(type(p) is str for p in parts):
            return "".join(parts)
    return None


def _answer_text(answer: Any) -> str | None:
    """The raw answer a log line's ``answer`` holds, or ``None`` when it holds none."""
    if type(answer) is str:
        return answer
    if not isinstance(answer, dict):
        return None
    if "messages" in answer:
        messages = answer["messages"]
        if not isinstance(messages, list):
            return None
        for message in reversed(messages):
            if isinstance(message, dict) and message.get("role") == "assistant":
                return _content(message)
        return None
    choices = answer.get("choices")
    if isinstance(choices, list) and choices and isinstance(choices[0], dict):
        return _content(choices[0].get("message"))
    return None


def _request_key(obj: Any):
    """A hashable key for a request object, or ``None`` when it cannot have one."""
    if type(obj) is not dict:
        return None
    try:
        return tuple((k, tuple(v) if type(v) is list else v) for k, v in obj.items())
    except TypeError:
        return None


class LineChecker:
    """Checks log lines against one registry: ``checker(line, number) -> LogResult``.

    Args:
        registry: the trusted :class:`~groundlab.core.registry.Registry` every line is checked against.
        request: the default :class:`~groundlab.core.registry.Request`, for lines without
            ``request``; ``None``: such a line is a ``no_request`` :data:`LINE_ERROR`.

    Raises ``ValueError`` when the default request supplies an id the registry lacks, and
    ``TypeError`` for wrong argument types. Worker processes and Dask tasks rebuild it from
    :attr:`spec`; it keeps at most 256 distinct requests read from lines, so memory stays flat.
    """

    def __init__(self, registry: Registry, request: Request | None = None) -> None:
        if not isinstance(registry, Registry):
            raise TypeError(f"registry must be a Registry, not {type(registry).__name__}")
        if request is not None:
            if not isinstance(request, Request):
                raise TypeError(f"request must be a Request or None, not {type(request).__name__}")
            registry.check_request(request)
        self.registry = registry
        self.request = request
        self._requests: dict = {}
        self._states: dict = {}

    @property
    def spec(self) -> tuple:
        """``(sources, request)`` in plain, picklable data (a source's facts are a read-only view,
        which does not pickle): what a worker process or a Dask task rebuilds the checker from
        with :meth:`from_spec`."""
        sources = tuple((s.id, s.service, s.environment, s.revision, dict(s.facts), s.text) for s in self.registry)
        return sources, self.request

    @classmethod
    def from_spec(cls, spec: tuple) -> "LineChecker":
        """The checker :attr:`spec` describes (its caches start empty)."""
        sources, request = spec
        return cls(Registry(Source(*fields) for fields in sources), request)

    def _request(self, obj: Any, number: int) -> Request:
        key = _request_key(obj)
        if key is not None:
            known = self._requests.get(key)
            if known is not None:
                return known
        try:
            request = request_from_dict(obj, "request")
        except TrustedInputError as err:
            raise LineError("bad_request", number, {"detail": err.message}) from None
        try:
            self.registry.check_request(request)
        except ValueError as err:
            raise LineError("unknown_document", number, {"detail": str(err)}) from None
        if key is not None:
            if len(self._requests) >= _CACHE_LIMIT:
                self._requests.clear()
            self._requests[key] = request
        return request

    def _read(self, line: Any, number: int) -> dict:
        """The line's object; raises :class:`LineError`."""
        if type(line) is dict:
            return line
        if isinstance(line, (bytes, bytearray)):
            if number == 1 and line[:3] == b"\xef\xbb\xbf":  # a UTF-8 byte order mark opens the file
                line = line[3:]
            if len(line) > MAX_LINE_BYTES:
                raise LineError("line_too_long", number, {"limit": MAX_LINE_BYTES})
            try:
                line = line.decode("utf-8")
            except UnicodeDecodeError as err:
                raise LineError("line_not_utf8", number, {"offset": err.start}) from None
        elif isinstance(line, str):
            if number == 1 and line[:1] == "\ufeff":
                line = line[1:]
            if len(line) > MAX_LINE_BYTES:  # a code point is at least one byte
                raise LineError("line_too_long", number, {"limit": MAX_LINE_BYTES})
        elif isinstance(line, Mapping):
            return dict(line)
        else:
            raise TypeError(f"a log line must be str, bytes or a dict, not {type(line).__name__}")
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as err:
            raise LineError("line_not_json", number, {"detail": err.msg, "column": err.colno}) from None
        except RecursionError:
            raise LineError("line_not_json", number, {"detail": "nested too deeply", "column": 1}) from None
        except ValueError:  # an integer longer than int() converts (sys.get_int_max_str_digits())
            found = _LONG_NUMBER.search(line)
            column = found.start() + 1 if found else 1
            raise LineError("line_not_json", number, {"detail": "a number has too many digits", "column": column}) from None
        if type(obj) is not dict:
            raise LineError("line_not_object", number, {"kind": _kind(obj)})
        return obj

    def __call__(self, line: str | bytes | Mapping[str, Any], number: int) -> LogResult:
        """Check one log line.

        Args:
            line: the line as ``str`` or ``bytes`` (a trailing newline is allowed), or its
                already decoded object (a ``dict``).
            number: its 1-based line number, copied into the result.

        Returns:
            A :class:`LogResult`. Raises ``TypeError`` only when ``line`` is of another type.
        """
        obj: dict = {}
        try:
            obj = self._read(line, number)
            ident = obj.get("id")
            if ident is not None and (type(ident) is not str and type(ident) is not int):
                raise LineError("bad_id", number, {"kind": _kind(ident)})
            if "answer" not in obj:
                raise LineError("no_answer", number)
            raw = _answer_text(obj["answer"])
            if raw is None:
                raise LineError("bad_answer", number, {"kind": _kind(obj["answer"])})
            if "request" in obj:
                request = self._request(obj["request"], number)
            elif self.request is not None:
                request = self.request
            else:
                raise LineError("no_request", number)
        except LineError as err:
            ident = obj.get("id")
            ident = ident if type(ident) is str or type(ident) is int else None
            return LogResult(number, ident, LINE_ERROR, None, False, {}, err.to_dict(), ())
        verdict = verify_answer(raw, request, self.registry)
        status = verdict.status
        if status is Status.ACCEPT:
            return LogResult(number, ident, "ACCEPT", None, True, dict(verdict.accepted), None, self._all(request, _VERIFIED))
        if status is Status.INVALID_JSON:
            error = {"code": verdict.error.code}  # the parse code; its sentence costs more than the check (groundlab verify shows it)
            return LogResult(number, ident, "INVALID_JSON", "parse", False, {}, error, self._all(request, _NOT_CHECKED))
        report = verify_fields(raw, request, self.registry)
        fields = tuple([(name, result.state.value) for name, result in report.fields.items()])
        return LogResult(number, ident, status.value, verdict.failed_step().check, verdict.citation_only_ok, {}, None, fields)

    def _all(self, request: Request, state: str) -> tuple:
        """Every requested field in one state: what ``verify_fields`` returns for an ``ACCEPT``
        (every field ``VERIFIED``) and an ``INVALID_JSON`` (every field ``NOT_CHECKED``), as the
        per-field contract guarantees, without reading the answer a second time."""
        key = (request, state)
        known = self._states.get(key)
        if known is None:
            if len(self._states) >= _CACHE_LIMIT:
                self._states.clear()
            known = self._states[key] = tuple((name, state) for name in request.fields)
        return known

def check_line(
    line: str | bytes | Mapping[str, Any], number: int, registry: Registry, request: Request | None = None
) -> LogResult:
    """Check one log line against ``registry`` (``request``: the default request); see :class:`LineChecker`.

    For many lines, make one :class:`LineChecker` and call it: it keeps the requests it read.
    """
    return LineChecker(registry, request)(line, number)
