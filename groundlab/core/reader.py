"""The strict JSON layer: RFC 8259 text under the I-JSON rules, read with the standard ``json`` module.

:func:`loads_strict` decodes one JSON text or raises
:class:`~groundlab.core.errors.ClaimsSyntaxError`. A fast C read handles the common
case; on a refusal the code and path are decided without re-reading when a cheap
test proves no earlier problem exists, and the exact place, reason and context
are found lazily, by the pure-Python locator, only when someone asks. A text the C
reader reads whole, but that repeats a member name, is read once more by the C
reader, keeping every pair (:data:`RECORD`), and the first repeat in document order
is found in what it decoded. :func:`missed_by_plain` serves a caller that read with
:data:`PLAIN` (no duplicate hook): it counts colons against decoded members, so a
text without a repeated name is not read again. Syntax errors are described in
groundlab's own words from the text at the position, never from the interpreter's
messages. Precedence: ``docs/architecture.md``, "Parse-code precedence". Standard
library only.
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

__all__ = [
    "MAX_DEPTH", "PLAIN", "SCAN_PLAIN", "SCAN_SHORT", "SHORT_TEXT", "TOO_DEEP", "as_text", "first_repeat", "loads_strict",
    "locate", "max_depth_exceeded", "member_count", "missed_by_plain", "read", "read_placed", "repeat_refusal",
]

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
"""The same reader without the duplicate hook (callers count members themselves: :func:`missed_by_plain`)."""
SCAN_PLAIN = _scanner.c_scanner(PLAIN)
"""``SCAN_PLAIN(text, index) -> (value, end)``: :data:`PLAIN`'s scanner, without ``decode``'s two
Python frames (``StopIteration(index)`` where no value starts; the caller checks what follows)."""
SHORT_TEXT = 308
"""An integer of at most 308 digits always fits a double (:func:`_to_number`)."""
SCAN_SHORT = _scanner.c_scanner(json.JSONDecoder(parse_float=_to_number, parse_constant=_fast_constant, strict=True))
""":data:`SCAN_PLAIN` for a text of at most :data:`SHORT_TEXT` characters, whose integers cannot
overflow: the C reader makes them itself, as ``_to_number`` would, without a Python call each."""


RECORD = json.JSONDecoder(
    object_pairs_hook=tuple, parse_float=_to_number, parse_int=_to_number, parse_constant=_fast_constant, strict=True,
)
"""The C reader keeping each object as the tuple of its ``(name, value)`` pairs, a repeated name
included (no decoded JSON value is a tuple otherwise)."""

_STRING = STRING_RUN.pattern
_CLOSED = re.compile(rf'\{{(?:{_STRING}|[^{{}}\[\]"])*\}}|\[(?:{_STRING}|[^{{}}\[\]"])*\]', re.DOTALL)
_NAME = re.compile(r'"([^"\\]*(?:\\.[^"\\]*)*)"[ \t\n\r]*:', re.DOTALL)
_STRINGS = re.compile(rf"{_STRING}([ \t\n\r]*:)?", re.DOTALL)
"""Every string of a valid JSON text, left to right; a member name captures its colon."""


_AS_SQUARE = bytes.maketrans(b"{}", b"[]")
_NOT_BRACKETS = bytes(set(range(256)) - set(b"[]{}"))


def max_depth_exceeded(text: str) -> bool:
    """True when brackets outside strings nest deeper than :data:`MAX_DEPTH` (valid JSON assumed,
    or a prefix of it whose strings are complete: the open brackets are closed at its end).

    At C speed, without a Python step per bracket: strings and every character but brackets
    are removed, braces become square brackets, then each pass removes every innermost pair
    ``[]`` in one left-to-right scan (``bytes.replace``), which lowers the nesting by exactly
    one; brackets left after ``MAX_DEPTH`` passes nest deeper.
    """
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False
    brackets = STRING_RUN.sub("", text).encode("utf-8", "surrogatepass").translate(_AS_SQUARE, _NOT_BRACKETS)
    brackets += b"]" * max(0, brackets.count(b"[") - brackets.count(b"]"))
    for _ in range(MAX_DEPTH):
        brackets = brackets.replace(b"[]", b"")
        if not brackets:
            return False
    return True


def _open_container(prefix: str) -> str | None:
    """The innermost container still open at the end of ``prefix`` (a valid prefix whose strings
    are complete): ``"array"``, ``"object"`` or ``None`` at the top level."""
    brackets = STRING_RUN.sub("", prefix).encode("utf-8", "surrogatepass").translate(None, _NOT_BRACKETS)
    while True:
        shorter = brackets.replace(b"[]", b"").replace(b"{}", b"")
        if shorter == brackets:
            break
        brackets = shorter
    return {b"[": "array", b"{": "object"}.get(brackets[-1:])


_DIGITS_BESIDE = re.compile(r"[^\x00-\x7f]")


def read_placed(text: str):
    """:func:`read`, except that a syntax error the C reader places is described at that place
    directly, without the pure-Python locator, when nothing before it can be a problem; so is a
    repeated name (:func:`_placed_repeat`) and a nesting past the limit in a text valid otherwise:
    for a large trusted file, where the locator would read every byte again.

    The same value or refusal as :func:`read` (code, reason, context, place): the C reader
    stops at the first syntax error from the left; a repeated name in a closed object would have
    stopped it earlier (its hook), and the prefix is checked for depth and for repeated names in
    the objects still open (:func:`_nothing_before`). A non-ASCII character beside the place
    (where a Unicode digit could continue a number for the locator) leaves the decision to :func:`read`.
    """
    try:
        value = FAST.decode(text)
    except json.JSONDecodeError as err:
        pos = err.pos
        near = text[max(0, pos - 1) : pos + 3]
        if not _DIGITS_BESIDE.search(near) and not max_depth_exceeded(text[:pos]) and (
            _nothing_before(text, pos, depth_checked=True) or _one_value_before(text, pos)
        ):
            problem = Locator(text)._syntax(pos, _open_container(text[:pos]))
            raise _error(text, problem) from None
    except Problem as problem:
        if problem.code == "duplicate_member":
            placed = _placed_repeat(text)
            if placed is not None:
                try:
                    raise placed from None
                finally:  # the traceback keeps this frame: it must not keep the refusal (a cycle)
                    placed = None
    except RecursionError:
        pass
    else:
        if not max_depth_exceeded(text):
            return value
        # every other rule passed: the first bracket of level MAX_DEPTH + 1 is the problem
        problem = Problem("too_deep", "too_deep", {"limit": MAX_DEPTH}, _first_too_deep(text))
        raise _error(text, problem) from None
    return read(text)


def _placed_repeat(text: str) -> ClaimsSyntaxError | None:
    """The refusal of a text whose first problem is a repeated name, placed without the locator:
    :func:`first_repeat` finds the object (as :func:`repeat_refusal` does), and the C scanner
    skips to its repeated name's offset. ``None`` when that is not sure (the locator decides)."""
    try:
        value = RECORD.decode(text)
    except (json.JSONDecodeError, Problem, RecursionError):
        return None
    path = first_repeat(value, ()) if type(value) in _NESTED else None
    if path is None or path is TOO_DEEP:
        return None
    for key in path:  # a name on the path comes before its object's first repeat: its first occurrence
        value = value[key] if type(value) is list else next(item for name, item in value if name == key)
    seen: set = set()
    for index, (name, _) in enumerate(value):
        if name in seen:
            break
        seen.add(name)
    at = _member_offset(text, path, index)
    return _error(text, Problem("duplicate_member", "duplicate_member", {"member": name}, at, path))


def _member_offset(text: str, path: DocPath, index: int) -> int:
    """The offset of the opening quote of member ``index`` of the object at ``path`` in ``text``
    (valid JSON apart from repeated names), values before it skipped at C speed."""
    at = _scanner.whitespace_end(text, 0)
    for key in (*path, None):
        at = _scanner.whitespace_end(text, at + 1)  # past the bracket
        if isinstance(key, int):
            for _ in range(key):
                at = _scanner.whitespace_end(text, _skip(text, at))
                at = _scanner.whitespace_end(text, at + 1)  # past the comma
            continue
        count = 0
        while True:
            name, after = _scanner.scanstring(text, at + 1, True)
            if key is None and count == index:
                return at
            at = _scanner.whitespace_end(text, _scanner.whitespace_end(text, after) + 1)  # past the colon
            if name == key:
                break
            at = _scanner.whitespace_end(text, _skip(text, at))
            at = _scanner.whitespace_end(text, at + 1)  # past the comma
            count += 1
    raise AssertionError("no such member")  # pragma: no cover


def _skip(text: str, at: int) -> int:
    """The end of the value starting at ``at`` (read by the C scanner, names repeated or not)."""
    return SCAN_PLAIN(text, at)[1]


_STRING_OR_BRACKET = re.compile(rf"{_STRING}|[\[\]{{}}]", re.DOTALL)


def _first_too_deep(text: str) -> int:
    """The offset of the first bracket, outside strings, at nesting level ``MAX_DEPTH + 1`` (one must exist)."""
    depth = 0
    for match in _STRING_OR_BRACKET.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return match.start()
        elif token in "]}":
            depth -= 1
    raise AssertionError("no bracket nests too deep")  # pragma: no cover - called after max_depth_exceeded


def _nothing_before(text: str, end: int, closed_too: bool = False, depth_checked: bool = False) -> bool:
    """True when ``text[:end]`` surely holds no problem the C reader could not have seen first.

    Objects closed before ``end`` passed the duplicate hook (unless ``closed_too``
    says they did not), and numbers and constants passed their hooks. What is
    left: too deep a nesting (``depth_checked``: the caller ruled it out), or a repeated
    member name in an object. A ``False`` only means "ask the exact locator".
    """
    if not depth_checked and text.count("[", 0, end) + text.count("{", 0, end) > MAX_DEPTH:
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
        # CPython 3.13+ places a trailing comma at the comma itself; every version is placed at the
        # bracket. A comma with no member or value before it ("[,]", "[1,,]") is not trailing: it
        # stays where it is, as a missing value or member.
        if text[pos : pos + 1] == "," and text[:pos].rstrip(" \t\n\r")[-1:] not in ("[", "{", ","):
            after = _scanner.whitespace_end(text, pos + 1)
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
    except Problem as problem:  # a hook: a repeated name, a constant or an overflowing number
        if problem.code == "duplicate_member":
            refusal = repeat_refusal(text)
            if refusal is not None:
                try:
                    raise refusal from None
                finally:  # the traceback keeps this frame: it must not keep the refusal (a cycle)
                    refusal = None
        elif _nothing_before(text, len(text), closed_too=True):
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


def _exact_refusal(text: str) -> ClaimsSyntaxError | None:
    """The locator's refusal of ``text`` (its first problem from the left), or ``None``."""
    try:
        _exact_read(text)
    except ClaimsSyntaxError as refusal:
        return refusal.with_traceback(None)  # its frames would keep it (a reference cycle)
    return None  # pragma: no cover - only called for text with a problem


def _lazy(text: str, code: str, path: DocPath = ()) -> ClaimsSyntaxError:
    """A refusal whose code and path are decided; the locator finds the rest on first access."""
    return ClaimsSyntaxError._fast(code, None, path, None, text, partial(_exactly, text))


def first_repeat(value, path: DocPath, depth: int = 1):
    """The path of the object whose repeated name comes first in document order, in a value
    :data:`RECORD` decoded (objects are tuples of pairs) found at ``path``, nested ``depth``
    deep; ``None`` when it repeats no name; :data:`TOO_DEEP` when a bracket of level
    ``MAX_DEPTH + 1`` comes first. A repeated name counts once its colon is read, before
    its value; every array and object before it is visited, so none nests deeper unseen."""
    if depth > MAX_DEPTH:
        return TOO_DEEP
    if type(value) is list:
        for index, item in enumerate(value):
            if type(item) in _NESTED:
                found = first_repeat(item, path + (index,), depth + 1)
                if found is not None:
                    return found
        return None
    if len(dict(value)) == len(value):  # an object that repeats no name: only what it holds can
        for name, item in value:
            if type(item) in _NESTED:
                found = first_repeat(item, path + (name,), depth + 1)
                if found is not None:
                    return found
        return None
    seen: set = set()
    for name, item in value:
        if name in seen:
            return path
        seen.add(name)
        if type(item) in _NESTED:
            found = first_repeat(item, path + (name,), depth + 1)
            if found is not None:
                return found
    return None  # pragma: no cover - a repeat is always met by the loop


TOO_DEEP = object()
"""What :func:`first_repeat` returns when nesting past :data:`MAX_DEPTH` comes before any repeat."""
_NESTED = frozenset((tuple, list))
_WS = " \t\n\r"
_SCAN_RECORD = _scanner.c_scanner(RECORD)


def repeat_refusal(text: str, whole: bool = False, search=None) -> ClaimsSyntaxError | None:
    """The refusal of a text that repeats a member name somewhere (returned, for the caller to raise).

    When the whole text reads with every other hook, the only reading-phase problems left
    are repeated names and nesting past the limit, and :func:`first_repeat` (or ``search``,
    when the caller knows a quicker way for its shape) finds which comes first: a repeat's
    code and path are decided without the locator, which finds the reason, context and
    place on first access. Otherwise the locator decides it all (``None`` only for a text
    without a problem, never one that repeats a name). ``whole``: :data:`PLAIN` read the
    whole text.
    """
    try:
        if whole:
            value = _SCAN_RECORD(text, _scanner.whitespace_end(text, 0) if text[:1] in _WS else 0)[0]
        else:
            value = RECORD.decode(text)
    except (json.JSONDecodeError, Problem, RecursionError):
        pass
    else:
        if search is not None:
            path = search(value)
        else:
            path = first_repeat(value, ()) if type(value) in _NESTED else None
        if path is not None and path is not TOO_DEEP:
            return _lazy(text, "duplicate_member", path)
    return _exact_refusal(text)


def member_count(value, depth: int = 1) -> int:
    """How many members the objects in ``value`` (a decoded value, its repeats merged, found at
    nesting ``depth``) hold; ``-1`` when its arrays and objects nest deeper than :data:`MAX_DEPTH`."""
    if type(value) is dict:
        count = len(value)
        value = value.values()
    elif type(value) is list:
        count = 0
    else:
        return 0
    if depth > MAX_DEPTH:
        return -1
    for item in value:
        if type(item) is dict or type(item) is list:
            inner = member_count(item, depth + 1)
            if inner < 0:
                return -1
            count += inner
    return count


def missed_by_plain(text: str, value, members: int | None = None) -> ClaimsSyntaxError | None:
    """The reading-phase refusal that :data:`PLAIN`, which read ``value`` from ``text``, does not
    see (a nesting deeper than :data:`MAX_DEPTH`, or a repeated member name), or ``None``.

    Every member is written with one colon outside strings. So when the text holds no more
    colons than the decoded objects hold members, or no more member names (strings before
    a colon) than that, no object repeats a name, the value nests as deep as the text, and
    nothing is read again. ``members``: :func:`member_count` of ``value``, when the caller
    knows it.
    """
    if members is None:
        members = member_count(value)
    if members < 0:  # too deep; a repeated name may still come before the bracket of level 65
        try:
            read(text)
        except ClaimsSyntaxError as refusal:
            return refusal.with_traceback(None)  # its frames would keep it (a reference cycle)
    colons = text.count(":")
    if colons == members:
        return None
    names = _STRINGS.findall(text)
    return None if len(names) - names.count("") == members else repeat_refusal(text, whole=True)


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
            resolve=partial(_placed, text, path),  # a module function: an unresolved error pickles
        )
    return value


def _placed(text: str, path: tuple) -> tuple:
    """``resolve()`` of a ``bad_text`` refusal: no new reason or context, the place of ``path`` in ``text``."""
    return None, None, locate(text, path)
