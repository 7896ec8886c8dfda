"""The strict input boundary: raw answer text to a tuple of :class:`Claim`.

An LLM answer for the closed configuration contract (seeds 000/001) is untrusted
text. This module reads it with the standard :mod:`json` module plus hooks, and
refuses anything outside one narrow shape::

    {"claims": [{"field": str, "value": str, "doc": str, "quote": str}, ...]}

Two public layers:

* :func:`loads_strict` -- any JSON text (RFC 8259) that I-JSON (RFC 7493) allows,
  with a nesting limit of :data:`MAX_DEPTH`. This is the "strict JSON" layer.
* :func:`parse_claims` -- :func:`loads_strict` plus the claims shape and the input
  bounds of the seed (:data:`MAX_INPUT_UNITS`, :data:`MAX_STRING_UNITS`,
  :data:`MAX_CLAIMS`).

Both raise :class:`ClaimsSyntaxError` and nothing else for any ``str`` or ``bytes``
(no ``RecursionError``, no ``UnicodeError``). Lengths are counted in UTF-16 code
units, as Java's ``String.length()`` counts them: a character outside the Basic
Multilingual Plane (an emoji) counts two. Lines and columns are 1-based; columns
count code points.

Which code wins when several problems apply (DESIGN, "Which parse code wins"):

1. the input length (``too_long``), before anything is read;
2. the first problem met while reading from left to right: ``not_json`` (anything
   RFC 8259 refuses, including a byte-order mark, raw control characters, NaN,
   Infinity and a no-break space between tokens), ``duplicate_member`` (reported at
   the repeated name, once its colon has been read), ``too_deep`` (the opening
   bracket of level 65), ``bad_number`` (a number that overflows an IEEE 754 double);
3. only in :func:`parse_claims`, shape problems in document order: ``wrong_shape``
   (top level, missing or unknown member, non-string or empty value),
   ``too_many_claims`` (met at the ninth claim), ``too_long`` (a string over 2048
   units, counted on the decoded value), ``bad_text``.

``bad_text`` is a lone surrogate or a Unicode noncharacter anywhere (I-JSON,
RFC 7493 section 2.1) and, inside a claim, a control character other than tab,
line feed and carriage return (Unicode category Cc, whether escaped or raw).
A whitespace-only string is not empty.

JSONTestSuite conformance (``../shared/conformance``): every ``y_`` file is
accepted except the ten that I-JSON forbids (duplicate names, noncharacters;
listed in DESIGN); every ``n_`` file is refused. The implementation-defined
``i_`` files are decided as follows:

* ``i_number_*`` that overflow a double (``huge_exp``, ``real_pos_overflow``,
  ``real_neg_overflow``, ``neg_int_huge_exp``, ``pos_double_huge_exp``):
  refused, ``bad_number`` (RFC 7493 section 2.2).
* ``i_number_double_huge_neg_exp``, ``i_number_real_underflow``: accepted; they
  round to zero, which is precision loss, not overflow.
* ``i_number_too_big_*_int``, ``i_number_very_big_negative_int``: accepted; they
  fit a double's range (as integers they are exact in Python).
* ``i_object_key_lone_2nd_surrogate`` and every ``i_string_*`` with a lone or
  broken surrogate escape: refused, ``bad_text`` (RFC 7493 section 2.1).
* ``i_string_*`` that are not valid UTF-8 (invalid sequences, overlong forms,
  ISO Latin-1, UTF-16 with or without a BOM, code points past U+10FFFF, encoded
  surrogates): refused, ``not_json`` (RFC 8259 section 8.1 requires UTF-8).
* ``i_structure_500_nested_arrays``: refused, ``too_deep`` (RFC 8259 section 9
  lets a parser limit nesting; ours is 64).
* ``i_structure_UTF-8_BOM_empty_object``: refused, ``not_json`` (RFC 8259
  section 8.1: a parser may ignore a BOM; we refuse it, as DESIGN says).
"""

from __future__ import annotations

import json
import json.decoder
import json.scanner
import re
import unicodedata
from typing import NamedTuple, NoReturn, Union

__all__ = [
    "Claim",
    "ClaimsSyntaxError",
    "CLAIM_MEMBERS",
    "ERROR_CODES",
    "MAX_CLAIMS",
    "MAX_DEPTH",
    "MAX_INPUT_UNITS",
    "MAX_STRING_UNITS",
    "loads_strict",
    "parse_claims",
    "utf16_length",
]

MAX_INPUT_UNITS = 8192
"""Largest accepted answer, in UTF-16 code units (seed 000: 8192 per input)."""
MAX_STRING_UNITS = 2048
"""Largest accepted claim string, in UTF-16 code units, decoded (seed 000)."""
MAX_CLAIMS = 8
"""Most claims one answer may hold (seed 000: eight claims)."""
MAX_DEPTH = 64
"""Deepest accepted nesting of arrays and objects (RFC 8259 section 9 permits a limit)."""
CLAIM_MEMBERS = ("field", "value", "doc", "quote")
"""The exact members of one claim object, in their canonical order."""

ERROR_CODES = (
    "too_long",
    "too_many_claims",
    "not_json",
    "too_deep",
    "duplicate_member",
    "bad_text",
    "bad_number",
    "wrong_shape",
)
"""Every value :attr:`ClaimsSyntaxError.code` can take."""

Path = tuple[Union[str, int], ...]


class Claim(NamedTuple):
    """One candidate claim: the answer says ``field`` has ``value``, citing ``quote`` from ``doc``.

    All four members are non-empty ``str`` of at most :data:`MAX_STRING_UNITS`
    UTF-16 code units, exactly as decoded from the answer (no trimming, no case
    folding). A claim is untrusted until :func:`groundlab.core.contract.verify_answer`
    has checked it against the trusted request and registry.
    """

    field: str
    value: str
    doc: str
    quote: str


class ClaimsSyntaxError(ValueError):
    """The answer text was refused at the input boundary (status ``INVALID_JSON``).

    Errors are data, as in ``jsonschema``:

    * ``code`` -- one of :data:`ERROR_CODES`;
    * ``message`` -- a sentence a learner understands, naming what was wrong;
    * ``path`` -- where in the decoded document, e.g. ``("claims", 2, "quote")``;
      ``()`` for the whole input or when nothing was decoded;
    * ``line``, ``column`` -- 1-based; columns count code points; ``None`` when
      unknown (a bound counted over the whole input has no single place);
    * ``position`` -- 0-based code point offset into the decoded text, or ``None``.

    ``str(err)`` is the message followed by the place.
    """

    def __init__(
        self,
        code: str,
        message: str,
        *,
        path: Path = (),
        line: int | None = None,
        column: int | None = None,
        position: int | None = None,
    ) -> None:
        self.code = code
        self.message = message
        self.path = tuple(path)
        self.line = line
        self.column = column
        self.position = position
        super().__init__(self._render())

    def _render(self) -> str:
        where = []
        if self.line is not None:
            where.append(f"line {self.line}, column {self.column}")
        if self.path:
            where.append(f"at {format_path(self.path)}")
        suffix = f" ({'; '.join(where)})" if where else ""
        return f"{self.code}: {self.message}{suffix}"

    def __repr__(self) -> str:
        return (
            f"ClaimsSyntaxError(code={self.code!r}, path={self.path!r}, "
            f"line={self.line!r}, column={self.column!r})"
        )

    def to_dict(self) -> dict:
        """``{code, message, path, line, column}`` as JSON-ready data (``path`` a list)."""
        return {
            "code": self.code,
            "message": self.message,
            "path": list(self.path),
            "line": self.line,
            "column": self.column,
        }

    def __reduce__(self):  # keep pickling (multiprocessing, hypothesis) working
        return (
            _rebuild_error,
            (self.code, self.message, self.path, self.line, self.column, self.position),
        )


def _rebuild_error(code, message, path, line, column, position):
    return ClaimsSyntaxError(
        code, message, path=path, line=line, column=column, position=position
    )


_PLAIN_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_\-]*\Z")


def format_path(path: Path) -> str:
    """Render a document path such as ``("claims", 2, "quote")`` as ``claims[2].quote``.

    A member name that is not a plain ASCII name is shown as a JSON string in
    brackets with every non-ASCII character escaped (``["\\u001b[2J"]``), so an
    answer's text can never put control characters or lone surrogates into a
    message, a terminal or a log.
    """
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        elif _PLAIN_NAME.match(part):
            out += ("." if out else "") + part
        else:
            out += f"[{json.dumps(part)}]"
    return out or "(top level)"


# ---------------------------------------------------------------- characters


def utf16_length(text: str) -> int:
    """Length of ``text`` in UTF-16 code units, as Java's ``String.length()``.

    A code point above U+FFFF counts 2; every other code point, including a lone
    surrogate, counts 1.
    """
    if text.isascii():
        return len(text)
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def _noncharacters() -> list[int]:
    # Unicode section 23.7: U+FDD0..U+FDEF and the last two code points of every plane.
    points = list(range(0xFDD0, 0xFDF0))
    for plane in range(17):
        points += [plane * 0x10000 + 0xFFFE, plane * 0x10000 + 0xFFFF]
    return points


def _char_class(points: list[int]) -> str:
    """A regex character class body for ``points``, consecutive points merged into ranges."""
    points = sorted(set(points))
    parts, start = [], 0
    for i in range(1, len(points) + 1):
        if i == len(points) or points[i] != points[i - 1] + 1:
            low, high = points[start], points[i - 1]
            parts.append(re.escape(chr(low)) + (f"-{re.escape(chr(high))}" if high != low else ""))
            start = i
    return "".join(parts)


class _BadText:
    """Finds the first character of a class in a string, fast.

    ``re`` is slow on classes that hold astral code points, so the Basic
    Multilingual Plane part is one pattern and the astral noncharacters another,
    searched only when the string has an astral character.
    """

    def __init__(self, points: list[int]) -> None:
        self._bmp = re.compile(f"[{_char_class([p for p in points if p <= 0xFFFF])}]")
        self._astral = re.compile(f"[{_char_class([p for p in points if p > 0xFFFF])}]")

    def first(self, text: str) -> str | None:
        """The first (BMP, then astral) offending character in ``text``, or ``None``."""
        match = self._bmp.search(text)
        if match is None and not text.isascii() and max(text) > "\uffff":
            match = self._astral.search(text)
        return match.group() if match else None


_SURROGATES = list(range(0xD800, 0xE000))  # Unicode category Cs
_CONTROLS = [p for p in range(0x100) if unicodedata.category(chr(p)) == "Cc" and chr(p) not in "\t\n\r"]
# I-JSON text rule (RFC 7493 section 2.1), for every string, names included.
_IJSON_BAD = _BadText(_SURROGATES + _noncharacters())
# The claim rule adds control characters other than tab, line feed, carriage return.
_CLAIM_BAD = _BadText(_SURROGATES + _noncharacters() + _CONTROLS)


def _describe_char(ch: str) -> str:
    """Name one character for a learner: ``'}'`` or ``U+200B ZERO WIDTH SPACE``."""
    point = ord(ch)
    if 0x21 <= point <= 0x7E:
        return repr(ch)
    if 0xD800 <= point <= 0xDFFF:
        return f"U+{point:04X} (a lone surrogate)"
    name = unicodedata.name(ch, "")
    if name:
        return f"U+{point:04X} {name}"
    if point in _NONCHAR_SET:
        return f"U+{point:04X} (a noncharacter)"
    return f"U+{point:04X} (a control character)"


_NONCHAR_SET = frozenset(_noncharacters())


# ---------------------------------------------------------------- reading


class _Problem(Exception):
    """Internal: a reading problem met by a hook; never leaves this module."""

    def __init__(self, code: str, message: str, position: int | None = None, path: Path = ()) -> None:
        super().__init__(code, message, position)
        self.code = code
        self.message = message
        self.position = position
        self.path = path


def _to_number(number: str) -> int | float:
    """Decode a JSON number token; raise ``_Problem("bad_number")`` if it overflows a double."""
    if "." in number or "e" in number or "E" in number:
        value = float(number)
        if value in (_INF, -_INF):
            raise _Problem("bad_number", "")
        return value
    # Up to 308 digits always fit a double; 310 never do (the largest double has 309).
    if len(number) > 308 and float(number) in (_INF, -_INF):
        raise _Problem("bad_number", "")
    return int(number)


_INF = float("inf")


def _fast_constant(name: str) -> NoReturn:
    raise _Problem("not_json", "")


def _fast_pairs(pairs: list) -> dict:
    result = dict(pairs)
    if len(result) != len(pairs):
        raise _Problem("duplicate_member", "")
    return result


_FAST = json.JSONDecoder(
    object_pairs_hook=_fast_pairs,
    parse_float=_to_number,
    parse_int=_to_number,
    parse_constant=_fast_constant,
    strict=True,
)
# The same reader without the duplicate hook, for parse_claims' counted fast path.
_PLAIN = json.JSONDecoder(
    parse_float=_to_number, parse_int=_to_number, parse_constant=_fast_constant, strict=True
)
_STRING_RUN = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[{]|[\]}]")
_WS = json.decoder.WHITESPACE.match


def _max_depth_exceeded(text: str) -> bool:
    """True when brackets outside strings nest deeper than MAX_DEPTH (valid JSON assumed)."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False
    depth = 0
    for match in _BRACKETS.finditer(_STRING_RUN.sub("", text)):
        if match.group() in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        else:
            depth -= 1
    return False


class _Locator:
    """The slow, exact reader: stdlib json's pure-Python scanner with hooks that know positions.

    It is used only when the fast C reader met a problem (or the nesting may be too
    deep), to find the first problem from the left and where it is. It also records
    where every value and member name starts, so shape errors get a line and column.
    """

    def __init__(self, text: str, want_positions: bool = False) -> None:
        self.text = text
        self.strict = True
        self.memo: dict = {}
        self.object_hook = None
        self.object_pairs_hook = dict
        self.parse_float = self._number
        self.parse_int = self._number
        self.parse_constant = self._constant
        self.parse_string = json.decoder.scanstring
        self.parse_object = self._object
        self.parse_array = self._array
        self.depth = 0
        self.value_start = 0
        self.path: list = []
        self.positions: dict[Path, int] | None = {} if want_positions else None
        self.scan_once = json.scanner.py_make_scanner(self)

    # hooks -----------------------------------------------------------
    def _number(self, number: str):
        start = self.value_start
        if not number.isascii():  # the pure-Python scanner's \d matches any Unicode digit
            offset = next(i for i, ch in enumerate(number) if not ch.isascii())
            raise _Problem(
                "not_json",
                f"{_describe_char(number[offset])} is not a JSON digit; numbers use 0-9 only",
                start + offset,
            )
        try:
            return _to_number(number)
        except _Problem:
            raise _Problem(
                "bad_number",
                f"the number {_clip(number)} is too large for a double-precision float (I-JSON)",
                start,
            ) from None

    def _constant(self, name: str) -> NoReturn:
        raise _Problem("not_json", f"{name} is not a JSON value (RFC 8259 has no NaN or Infinity)", self.value_start)

    def _enter(self, bracket_at: int) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise _Problem(
                "too_deep",
                f"arrays and objects are nested more than {MAX_DEPTH} levels deep",
                bracket_at,
            )

    def _record(self, at: int) -> None:
        if self.positions is not None:
            self.positions.setdefault(tuple(self.path), at)

    def _child(self, scan_once, s: str, idx: int, key):
        """Scan the member or item ``key`` that starts at ``idx``, tracking its path."""
        self.path.append(key)
        self._record(idx)
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
            name, _ = json.decoder.scanstring(s, name_at + 1, True)
            if name in seen:
                raise _Problem(
                    "duplicate_member",
                    f"the member name {_clip(json.dumps(name))} appears twice in one object",
                    name_at,
                    tuple(self.path),
                )
            seen.add(name)
            if self.positions is not None:
                self.positions.setdefault(tuple(self.path) + (name, "<name>"), name_at)
            value, after = self._child(scan_once, s, idx, name)
            resume[0] = after
            return value, after

        result = json.decoder.JSONObject(
            (text, end), strict, member_value, object_hook, dict, memo
        )
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

        result = json.decoder.JSONArray((text, end), item)
        self.depth -= 1
        return result

    # entry -----------------------------------------------------------
    def read(self):
        text = self.text
        start = _WS(text, 0).end()
        self.value_start = start
        self._record(start)
        try:
            value, end = self.scan_once(text, start)
        except StopIteration as stop:
            raise _Problem("not_json", _expecting_value(text, stop.value), stop.value) from None
        except json.JSONDecodeError as err:
            raise _Problem("not_json", _decode_message(err), err.pos) from None
        end = _WS(text, end).end()
        if end != len(text):
            raise _Problem("not_json", _EXTRA_DATA, end)
        return value


_EXTRA_DATA = "extra data after the JSON value ends (only one value is allowed)"


def _expecting_value(text: str, pos: int) -> str:
    if pos >= len(text):
        return "the text ended where a JSON value was expected"
    ch = text[pos]
    if ch == "\ufeff":
        return "a byte-order mark (U+FEFF) is not allowed in JSON text"
    if ch.isspace() and ch not in " \t\n\r":
        return f"{_describe_char(ch)} is not JSON whitespace (only space, tab, line feed and carriage return are)"
    return f"expected a JSON value, found {_describe_char(ch)}"


def _decode_message(err: json.JSONDecodeError) -> str:
    text, pos = err.doc, err.pos
    msg = err.msg
    if msg.startswith("Invalid control character"):
        return f"raw control character {_describe_char(text[pos])} inside a string; escape it"
    if pos < len(text):
        ch = text[pos]
        if ch.isspace() and ch not in " \t\n\r":
            return f"{_describe_char(ch)} is not JSON whitespace (only space, tab, line feed and carriage return are)"
    if msg.startswith("Unterminated string"):
        return "a string starts here but never ends (missing closing quote)"
    if msg.startswith("Expecting property name"):
        return "expected a member name in double quotes (no trailing comma, no single quotes)"
    if msg.startswith("Invalid \\escape") or msg.startswith("Invalid \\u"):
        return "invalid escape sequence in a string"
    found = f", found {_describe_char(text[pos])}" if pos < len(text) else ", found the end of the text"
    return f"{msg[0].lower()}{msg[1:]}{found}"


def _clip(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _line_column(text: str, position: int) -> tuple[int, int]:
    line = text.count("\n", 0, position) + 1
    column = position - (text.rfind("\n", 0, position) + 1) + 1
    return line, column


def _raise_at(text: str, code: str, message: str, position: int | None, path: Path = ()) -> NoReturn:
    line = column = None
    if position is not None:
        line, column = _line_column(text, position)
    raise ClaimsSyntaxError(code, message, path=path, line=line, column=column, position=position)


def _read(text: str):
    """Read JSON text with the reading-phase rules; return the decoded value."""
    try:
        value = _FAST.decode(text)
    except json.JSONDecodeError as err:
        # Two errors the fast reader already places exactly: nothing was read before
        # the first token, or one whole value was read (every hook passed) and more
        # text follows it. Anything else needs the locator to find what came first.
        if err.pos == _WS(text, 0).end():
            message = _expecting_value(text, err.pos) if err.msg == "Expecting value" else _decode_message(err)
            _raise_at(text, "not_json", message, err.pos)
        if err.msg == "Extra data" and not _max_depth_exceeded(text[: err.pos]):
            _raise_at(text, "not_json", _EXTRA_DATA, err.pos)
    except (_Problem, RecursionError):
        pass
    else:
        if not _max_depth_exceeded(text):
            return value
    try:
        return _Locator(text).read()
    except _Problem as problem:
        _raise_at(text, problem.code, problem.message, problem.position, problem.path)
    except RecursionError:  # pragma: no cover - the depth limit stops far earlier
        _raise_at(text, "too_deep", "nesting too deep to read", None)


def _decode_bytes(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        prefix = raw[: err.start].decode("utf-8")
        _raise_at(
            prefix,
            "not_json",
            f"the bytes are not valid UTF-8 (byte 0x{raw[err.start]:02X} at offset {err.start}); "
            "JSON text must be UTF-8 (RFC 8259 section 8.1)",
            len(prefix),
        )


def _as_text(raw: str | bytes | bytearray) -> str:
    if isinstance(raw, str):
        return raw
    if isinstance(raw, (bytes, bytearray, memoryview)):
        return _decode_bytes(bytes(raw))
    raise TypeError(f"expected str or bytes, not {type(raw).__name__}")


def _first_bad_text(value, path: list) -> tuple[Path, str, str] | None:
    """Depth-first, document-order search for a string breaking the I-JSON text rule."""
    if isinstance(value, str):
        found = _IJSON_BAD.first(value)
        return (tuple(path), value, found) if found else None
    if isinstance(value, dict):
        for name, item in value.items():
            found = _IJSON_BAD.first(name)
            if found:
                return (tuple(path) + (name,), name, found)
            found = _first_bad_text(item, path + [name])
            if found:
                return found
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found = _first_bad_text(item, path + [index])
            if found:
                return found
    return None


def _locate(text: str, path: Path) -> int | None:
    """Code point offset where the value at ``path`` starts (a re-read; error paths only)."""
    locator = _Locator(text, want_positions=True)
    try:
        locator.read()
    except _Problem:  # pragma: no cover - only called on text that reads cleanly
        return None
    return locator.positions.get(tuple(path))


def loads_strict(raw: str | bytes):
    """Decode one JSON text under RFC 8259 plus the I-JSON rules of RFC 7493.

    ``raw`` is ``str`` or ``bytes``; bytes are decoded as strict UTF-8 (never
    guessed as UTF-16). Returns what :func:`json.loads` would return: ``dict``
    (member order kept), ``list``, ``str``, ``int``, ``float``, ``bool`` or ``None``.

    Raises :class:`ClaimsSyntaxError` with code ``not_json`` (anything RFC 8259
    refuses, a byte-order mark, invalid UTF-8), ``duplicate_member``, ``too_deep``
    (more than :data:`MAX_DEPTH` levels), ``bad_number`` (overflows a double) or
    ``bad_text`` (a lone surrogate or noncharacter, RFC 7493 section 2.1), and
    ``TypeError`` only when ``raw`` is neither ``str`` nor ``bytes``. No length
    limit applies here; :func:`parse_claims` adds the claim bounds.
    """
    text = _as_text(raw)
    value = _read(text)
    found = _first_bad_text(value, [])
    if found:
        path, string, ch = found
        _raise_at(
            text,
            "bad_text",
            f"{_describe_char(ch)} is not allowed in JSON text (I-JSON)",
            _locate(text, path),
            path,
        )
    return value


# ---------------------------------------------------------------- shape


def _shape_error(text: str, code: str, message: str, path: Path, at_name: bool = False) -> NoReturn:
    key = tuple(path) + ("<name>",) if at_name else tuple(path)
    _raise_at(text, code, message, _locate(text, key), path)


def _type_name(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return "a string"


def _check_string(text: str, value: str, path: Path, check_chars: bool) -> None:
    if value == "":
        _shape_error(text, "wrong_shape", f"{path[-1]!s} must not be an empty string", path)
    units = len(value) if value.isascii() else utf16_length(value)
    if units > MAX_STRING_UNITS:
        _shape_error(
            text,
            "too_long",
            f"{path[-1]!s} is {units} UTF-16 code units long; the limit is {MAX_STRING_UNITS}",
            path,
        )
    if check_chars:
        found = _CLAIM_BAD.first(value)
        if found:
            _shape_error(
                text,
                "bad_text",
                f"{path[-1]!s} contains {_describe_char(found)}, which a claim may not contain",
                path,
            )


def _claim(text: str, item, index: int, check_chars: bool) -> Claim:
    path: Path = ("claims", index)
    if type(item) is not dict:
        _shape_error(
            text,
            "wrong_shape",
            f"each claim must be an object with field, value, doc and quote, not {_type_name(item)}",
            path,
        )
    for name, value in item.items():
        member = path + (name,)
        if name not in CLAIM_MEMBERS:
            _shape_error(
                text,
                "wrong_shape",
                f"unknown member {_clip(json.dumps(name))} in a claim; allowed: field, value, doc, quote",
                member,
                at_name=True,
            )
        if type(value) is not str:
            _shape_error(
                text,
                "wrong_shape",
                f"{name} must be a string, not {_type_name(value)}",
                member,
            )
        _check_string(text, value, member, check_chars)
    if len(item) != 4:
        missing = ", ".join(m for m in CLAIM_MEMBERS if m not in item)
        _shape_error(text, "wrong_shape", f"this claim is missing {missing}", path)
    return Claim(item["field"], item["value"], item["doc"], item["quote"])


def parse_claims(raw: str | bytes) -> tuple[Claim, ...]:
    """Parse an untrusted answer into claims, or refuse it.

    ``raw`` is the model's whole answer as ``str`` or UTF-8 ``bytes``. The answer
    must be exactly ``{"claims": [...]}`` with at most :data:`MAX_CLAIMS` claim
    objects, each with exactly the non-empty string members ``field``, ``value``,
    ``doc`` and ``quote`` (seed 000: no free ``answer`` member, so prose cannot
    contradict checked claims). An empty claim list parses; the contract then
    returns ``NO_CITATION``.

    Returns a tuple of :class:`Claim` in answer order.

    Raises :class:`ClaimsSyntaxError` (codes in :data:`ERROR_CODES`, precedence in
    the module docstring): the whole input is over :data:`MAX_INPUT_UNITS` UTF-16
    code units (``too_long``), any :func:`loads_strict` reading problem, then shape
    problems in document order. ``TypeError`` only for input that is neither
    ``str`` nor ``bytes``.
    """
    if isinstance(raw, (bytes, bytearray, memoryview)):
        raw = bytes(raw)
        # Every UTF-16 code unit takes at most 3 UTF-8 bytes, so this bound is exact
        # enough to refuse huge inputs before decoding them. An invalid byte counts
        # as one unit (it decodes to U+FFFD), so the length check still comes first.
        if len(raw) > 3 * MAX_INPUT_UNITS:
            _too_long_input(None)
        rough = raw.decode("utf-8", "replace")
        if utf16_length(rough) > MAX_INPUT_UNITS:
            _too_long_input(rough)
        text = _decode_bytes(raw)
    elif isinstance(raw, str):
        text = raw
        if len(text) > MAX_INPUT_UNITS or utf16_length(text) > MAX_INPUT_UNITS:
            _too_long_input(text)
    else:
        raise TypeError(f"expected str or bytes, not {type(raw).__name__}")

    # Only an escape can put a bad character into a decoded string that the text
    # itself does not show; a raw one is found by one search over the whole text
    # (outside strings, JSON allows only ASCII whitespace and punctuation).
    raw_bad = (not text.isascii() or "\x7f" in text) and _CLAIM_BAD.first(text) is not None
    escaped = "\\u" in text
    if not raw_bad:
        # Fast path: the C reader without the duplicate hook. A duplicate member
        # would leave fewer decoded names than colons in the text, so when the
        # counts agree nothing was overwritten; otherwise read again carefully.
        try:
            value = _PLAIN.decode(text)
        except (json.JSONDecodeError, _Problem, RecursionError):
            pass
        else:
            claims = _fast_shape(value, escaped)
            if claims is not None and text.count(":") == 1 + 4 * len(claims):
                return claims
    value = _read(text)
    if not raw_bad:
        claims = _fast_shape(value, escaped)
        if claims is not None:
            return claims
    return _walk_shape(text, value, check_chars=raw_bad or escaped)


def _fast_shape(value, check_strings: bool) -> tuple[Claim, ...] | None:
    """The claims of a well-formed answer, or ``None`` when anything is unusual.

    ``check_strings`` asks for each string to be searched for bad text (needed when
    the text has escapes). ``None`` sends the answer to :func:`_walk_shape`, which
    decides the error code in document order.
    """
    if type(value) is not dict or len(value) != 1:
        return None
    members = value.get("claims")
    if type(members) is not list or len(members) > MAX_CLAIMS:
        return None
    out = []
    bad = _CLAIM_BAD.first
    for item in members:
        if type(item) is not dict or len(item) != 4:
            return None
        claim = (item.get("field"), item.get("value"), item.get("doc"), item.get("quote"))
        for text in claim:
            if type(text) is not str or not text:
                return None
            # More than 1024 code points may be more than 2048 UTF-16 units.
            if len(text) > MAX_STRING_UNITS // 2 and utf16_length(text) > MAX_STRING_UNITS:
                return None
            if check_strings and bad(text):
                return None
        out.append(_new_tuple(Claim, claim))
    return tuple(out)


_new_tuple = tuple.__new__  # builds a Claim without NamedTuple's Python-level __new__


def _walk_shape(text: str, value, check_chars: bool) -> tuple[Claim, ...]:
    """The careful shape walk: every member in document order, first problem raised."""
    if type(value) is not dict:
        _shape_error(
            text,
            "wrong_shape",
            f'the answer must be an object {{"claims": [...]}}, not {_type_name(value)}',
            (),
        )
    claims: tuple[Claim, ...] | None = None
    for name, member in value.items():
        if name != "claims":
            _shape_error(
                text,
                "wrong_shape",
                f"unknown member {_clip(json.dumps(name))}; the answer may hold only claims",
                (name,),
                at_name=True,
            )
        if type(member) is not list:
            _shape_error(text, "wrong_shape", f"claims must be an array, not {_type_name(member)}", ("claims",))
        out = []
        for index, item in enumerate(member):
            if index == MAX_CLAIMS:
                _shape_error(
                    text,
                    "too_many_claims",
                    f"an answer may hold at most {MAX_CLAIMS} claims; this one holds {len(member)}",
                    ("claims", index),
                )
            out.append(_claim(text, item, index, check_chars))
        claims = tuple(out)
    if claims is None:
        _shape_error(text, "wrong_shape", 'the answer has no "claims" member', ())
    return claims


def _too_long_input(text: str | None) -> NoReturn:
    if text is not None:
        message = f"the answer is {utf16_length(text)} UTF-16 code units long; the limit is {MAX_INPUT_UNITS}"
    else:  # too many bytes to decode: each UTF-16 unit takes at most 3 UTF-8 bytes
        message = (
            f"the answer is over {3 * MAX_INPUT_UNITS} bytes, so over {MAX_INPUT_UNITS} "
            f"UTF-16 code units; the limit is {MAX_INPUT_UNITS}"
        )
    raise ClaimsSyntaxError("too_long", message)
