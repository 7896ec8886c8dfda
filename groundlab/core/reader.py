"""The strict JSON layer: RFC 8259 text under the I-JSON rules, read with the standard ``json`` module.

:func:`loads_strict` decodes one JSON text or raises
:class:`~groundlab.core.errors.ClaimsSyntaxError`. A fast C read handles the common
case; on a refusal the code and path are decided without re-reading when a cheap
test proves no earlier problem exists, and the exact place, reason and context
are found lazily, by the pure-Python locator, only when someone asks. Syntax
errors are described in groundlab's own words from the text at the position,
never from the interpreter's messages. Precedence: ``docs/architecture.md``,
"Parse-code precedence". Standard library only.
"""

from __future__ import annotations

import json
import re
from functools import partial
from typing import NoReturn

from groundlab.core import _scanner
from groundlab.core.charset import IJSON_BAD
from groundlab.core.errors import ClaimsSyntaxError, DocPath
from groundlab.core.syntax import STRING_RUN, describe_syntax

__all__ = ["MAX_DEPTH", "as_text", "locate", "loads_strict", "max_depth_exceeded", "read"]

MAX_DEPTH = 64
"""Deepest accepted nesting of arrays and objects (RFC 8259 section 9 permits a limit)."""

_INF = float("inf")


class Problem(Exception):
    """Internal: a reading problem met by a hook or the locator; becomes a ClaimsSyntaxError."""

    def __init__(self, code: str, reason: str, context: dict, position: int | None = None, path: DocPath = ()) -> None:
        super().__init__(code, reason)
        self.code, self.reason, self.context, self.position, self.path = code, reason, context, position, path


def _to_number(number: str) -> int | float:
    """Decode a JSON number token; raise ``Problem("bad_number")`` if it overflows a double."""
    if "." in number or "e" in number or "E" in number:
        value = float(number)
        if value in (_INF, -_INF):
            raise Problem("bad_number", "overflow", {"number": number})
        return value
    # Up to 308 digits always fit a double; 310 never do (the largest double has 309).
    if len(number) > 308 and float(number) in (_INF, -_INF):
        raise Problem("bad_number", "overflow", {"number": number})
    return int(number)


def _fast_constant(name: str) -> NoReturn:
    raise Problem("not_json", "constant", {"name": name})


def _fast_pairs(pairs: list) -> dict:
    result = dict(pairs)
    if len(result) != len(pairs):
        raise Problem("duplicate_member", "duplicate_member", {})
    return result


FAST = json.JSONDecoder(
    object_pairs_hook=_fast_pairs, parse_float=_to_number, parse_int=_to_number,
    parse_constant=_fast_constant, strict=True,
)
"""The C reader with the I-JSON hooks (duplicate names, NaN/Infinity, overflowing numbers)."""
PLAIN = json.JSONDecoder(parse_float=_to_number, parse_int=_to_number, parse_constant=_fast_constant, strict=True)
"""The same reader without the duplicate hook (callers count members themselves)."""

_BRACKETS = re.compile(r"[\[{]|[\]}]")
_STRING = STRING_RUN.pattern
_CLOSED = re.compile(rf'\{{(?:{_STRING}|[^{{}}\[\]"])*\}}|\[(?:{_STRING}|[^{{}}\[\]"])*\]', re.DOTALL)
_NAME = re.compile(r'"([^"\\]*(?:\\.[^"\\]*)*)"[ \t\n\r]*:', re.DOTALL)


def max_depth_exceeded(text: str) -> bool:
    """True when brackets outside strings nest deeper than :data:`MAX_DEPTH` (valid JSON assumed)."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False
    depth = 0
    for match in _BRACKETS.finditer(STRING_RUN.sub("", text)):
        if match.group() in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        else:
            depth -= 1
    return False


def _nothing_before(text: str, end: int, closed_too: bool = False) -> bool:
    """True when ``text[:end]`` surely holds no problem the C reader could not have seen first.

    Objects closed before ``end`` passed the duplicate hook (unless ``closed_too``
    says they did not), and numbers and constants passed their hooks. What is
    left: too deep a nesting, or a repeated member name in an object. A ``False``
    only means "ask the exact locator".
    """
    if text.count("[", 0, end) + text.count("{", 0, end) > MAX_DEPTH:
        return False
    skeleton = text[:end]
    while "}" in skeleton or "]" in skeleton:  # drop closed containers, innermost first
        if closed_too:
            for match in _CLOSED.finditer(skeleton):
                if match.group().startswith("{") and not _unique_names(match.group()):
                    return False
        shorter = _CLOSED.sub("", skeleton)
        if shorter == skeleton:
            break
        skeleton = shorter
    return _unique_names(skeleton)


def _unique_names(members: str) -> bool:
    """True when the member names in ``members`` repeat none and hold no escape."""
    names = _NAME.findall(members)
    return len(set(names)) == len(names) and not any("\\" in name for name in names)


class Locator:
    """The exact reader: the stdlib pure-Python scanner with hooks that know positions.

    Finds the first problem from the left (its code, reason, context and place)
    and, with ``want_positions``, where every value and member name starts.
    """

    def __init__(self, text: str, want_positions: bool = False) -> None:
        self.text = text
        self.strict = True
        self.memo: dict = {}
        self.object_hook = None
        self.object_pairs_hook = dict
        self.parse_float = self.parse_int = self._number
        self.parse_constant = self._constant
        self.parse_string = _scanner.scanstring
        self.parse_object = self._object
        self.parse_array = self._array
        self.depth = 0
        self.value_start = 0
        self.path: list = []
        self.positions: dict[DocPath, int] | None = {} if want_positions else None
        self.scan_once = _scanner.make_scanner(self)

    def _number(self, number: str):
        start = self.value_start
        if not number.isascii():  # the pure-Python scanner's \d matches any Unicode digit
            offset = next(i for i, ch in enumerate(number) if not ch.isascii())
            raise Problem("not_json", "non_ascii_digit", {"found": number[offset]}, start + offset)
        try:
            return _to_number(number)
        except Problem as problem:
            problem.position = start
            raise

    def _constant(self, name: str) -> NoReturn:
        raise Problem("not_json", "constant", {"name": name}, self.value_start)

    def _enter(self, bracket_at: int) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise Problem("too_deep", "too_deep", {"limit": MAX_DEPTH}, bracket_at)

    def _record(self, key: DocPath, at: int) -> None:
        if self.positions is not None:
            self.positions.setdefault(key, at)

    def _child(self, scan_once, s: str, idx: int, key):
        self.path.append(key)
        self._record(tuple(self.path), idx)
        self.value_start = idx
        try:
            return scan_once(s, idx)
        finally:
            self.path.pop()

    def _object(self, s_and_end, strict, scan_once, object_hook, object_pairs_hook, memo):
        text, end = s_and_end
        self._enter(end - 1)
        seen: set = set()
        resume = [end]  # where the next member name's search starts

        def member_value(s: str, idx: int):
            name_at = s.index('"', resume[0])
            name, _ = _scanner.scanstring(s, name_at + 1, True)
            if name in seen:
                raise Problem("duplicate_member", "duplicate_member", {"member": name}, name_at, tuple(self.path))
            seen.add(name)
            self._record(tuple(self.path) + (name, "<name>"), name_at)
            value, after = self._child(scan_once, s, idx, name)
            resume[0] = after
            return value, after

        try:
            result = _scanner.JSONObject((text, end), strict, member_value, object_hook, dict, memo)
        except json.JSONDecodeError as err:
            raise self._syntax(err.pos, "object") from None
        self.depth -= 1
        return result

    def _array(self, s_and_end, scan_once):
        text, end = s_and_end
        self._enter(end - 1)
        index = [0]

        def item(s: str, idx: int):
            value, after = self._child(scan_once, s, idx, index[0])
            index[0] += 1
            return value, after

        try:
            result = _scanner.JSONArray((text, end), item)
        except json.JSONDecodeError as err:
            raise self._syntax(err.pos, "array") from None
        except StopIteration as stop:
            raise self._syntax(stop.value, "array") from None
        self.depth -= 1
        return result

    def read(self):
        """Decode the whole text; raise :class:`Problem` for the first problem from the left."""
        text = self.text
        start = _scanner.whitespace_end(text, 0)
        self.value_start = start
        self._record((), start)
        try:
            value, end = self.scan_once(text, start)
        except StopIteration as stop:
            raise self._syntax(stop.value, None) from None
        except json.JSONDecodeError as err:  # a top-level string
            raise self._syntax(err.pos, None) from None
        end = _scanner.whitespace_end(text, end)
        if end != len(text):
            raise self._syntax(end, None)
        return value

    def _syntax(self, pos: int, container: str | None) -> Problem:
        text = self.text
        if text[pos : pos + 1] == ",":  # CPython 3.13+ places a trailing comma at the comma itself;
            after = _scanner.whitespace_end(text, pos + 1)  # every version is placed at the bracket
            if text[after : after + 1] in ("]", "}") and after < len(text):
                pos = after
        reason, context = describe_syntax(text, pos, container)
        return Problem("not_json", reason, context, pos)


def _error(text: str, problem: Problem) -> ClaimsSyntaxError:
    return ClaimsSyntaxError(
        problem.code, problem.reason, path=problem.path, context=problem.context,
        position=problem.position, text=text,
    )


def _exactly(text: str):
    """resolve() for a refusal whose code is known: the locator's reason, context and place."""
    try:
        Locator(text).read()
    except Problem as problem:
        return problem.reason, problem.context, problem.position
    return None, None, None  # pragma: no cover - only called for text the C reader refused


def read(text: str, plain_error: Exception | None = None):
    """Read JSON text under the reading-phase rules; return the decoded value.

    ``plain_error``: what :data:`PLAIN` raised for this text, when the caller already tried
    it. Raises :class:`~groundlab.core.errors.ClaimsSyntaxError` (``not_json``,
    ``duplicate_member``, ``too_deep``, ``bad_number``) for the first problem from the left.
    """
    if isinstance(plain_error, Problem) and _nothing_before(text, len(text), closed_too=True):
        raise _lazy(text, plain_error.code) from None  # a constant or an overflowing number
    try:
        value = FAST.decode(text)
    except json.JSONDecodeError as err:
        if _one_value_before(text, err.pos) or _nothing_before(text, err.pos):
            raise _lazy(text, "not_json") from None
    except Problem as problem:  # a hook: a constant or an overflowing number, met inline
        if problem.code != "duplicate_member" and _nothing_before(text, len(text), closed_too=True):
            raise _lazy(text, problem.code) from None
    except RecursionError:
        pass
    else:
        if not max_depth_exceeded(text):
            return value
        raise _lazy(text, "too_deep")  # every other rule passed: the nesting is the first problem
    return _exact_read(text)


def _one_value_before(text: str, end: int) -> bool:
    """True when one whole value, read with every hook, ends before ``end`` within the depth
    limit: then the problem at ``end`` (text after the value) is the first one."""
    try:
        _, value_end = FAST.raw_decode(text, _scanner.whitespace_end(text, 0))
    except (json.JSONDecodeError, Problem, RecursionError):
        return False
    return value_end <= end and not max_depth_exceeded(text[:value_end])


def _exact_read(text: str):
    """The locator's read: the first problem from the left, exactly placed."""
    try:
        return Locator(text).read()
    except Problem as problem:
        raise _error(text, problem) from None
    except RecursionError:  # pragma: no cover - the depth limit stops far earlier
        raise ClaimsSyntaxError("too_deep", "too_deep", context={"limit": MAX_DEPTH}) from None


def _lazy(text: str, code: str) -> ClaimsSyntaxError:
    """A refusal whose code is decided; the locator finds the rest on first access."""
    return ClaimsSyntaxError(code, text=text, resolve=partial(_exactly, text))


def decode_bytes(raw: bytes) -> str:
    """Strict UTF-8 decoding; invalid bytes are ``not_json`` (``invalid_utf8``) at their place."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        prefix = raw[: err.start].decode("utf-8")
        raise ClaimsSyntaxError(
            "not_json", "invalid_utf8", context={"byte": raw[err.start], "offset": err.start},
            position=len(prefix), text=prefix,
        ) from None


def as_text(raw: str | bytes | bytearray | memoryview) -> str:
    """``raw`` as ``str``: bytes are decoded as strict UTF-8. ``TypeError`` for anything else."""
    if isinstance(raw, str):
        return raw
    if isinstance(raw, (bytes, bytearray, memoryview)):
        return decode_bytes(bytes(raw))
    raise TypeError(f"expected str or bytes, not {type(raw).__name__}")


def _first_bad_text(value, path: list) -> tuple[DocPath, str] | None:
    """Depth-first, document-order search for a string breaking the I-JSON text rule."""
    if isinstance(value, str):
        found = IJSON_BAD.first(value)
        return (tuple(path), found) if found else None
    if isinstance(value, dict):
        for name, item in value.items():
            found = IJSON_BAD.first(name)
            if found:
                return (tuple(path) + (name,), found)
            found = _first_bad_text(item, path + [name])
            if found:
                return found
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found = _first_bad_text(item, path + [index])
            if found:
                return found
    return None


def locate(text: str, path: DocPath) -> int | None:
    """Code point offset where the value at ``path`` starts (a member name: path + ``("<name>",)``).

    A pure-Python re-read; called lazily, only when a shape error's place is asked for.
    """
    locator = Locator(text, want_positions=True)
    try:
        locator.read()
    except Problem:  # pragma: no cover - only called on text that reads cleanly
        return None
    return locator.positions.get(tuple(path))


def loads_strict(raw: str | bytes):
    """Decode one JSON text under RFC 8259 plus the I-JSON rules of RFC 7493; no length limit.

    ``raw``: ``str`` or ``bytes`` (strict UTF-8, never guessed as UTF-16); returns what
    :func:`json.loads` returns. Raises :class:`~groundlab.core.errors.ClaimsSyntaxError`
    with code ``not_json``, ``duplicate_member``, ``too_deep`` (over :data:`MAX_DEPTH`
    levels), ``bad_number`` (overflows a double) or ``bad_text`` (a lone surrogate or
    noncharacter); ``TypeError`` only when ``raw`` is neither ``str`` nor ``bytes``.
    """
    text = as_text(raw)
    value = read(text)
    found = _first_bad_text(value, [])
    if found:
        path, ch = found
        raise ClaimsSyntaxError(
            "bad_text", "ijson", path=path, context={"found": ch}, text=text,
            resolve=lambda: (None, None, locate(text, path)),
        )
    return value
