"""The strict input boundary: raw answer text to a tuple of :class:`Claim`, or a typed refusal.

An answer for the closed configuration contract ("a real citation can still
support a wrong answer") is untrusted text, accepted only in one narrow shape::

    {"claims": [{"field": str, "value": str, "doc": str, "quote": str}, ...]}

:func:`parse_claims` is :func:`~groundlab.core.reader.loads_strict` plus that
shape and the bounds: :data:`MAX_INPUT_UNITS`, :data:`MAX_STRING_UNITS` (both in
UTF-16 code units, as Java's ``String.length()`` counts) and :data:`MAX_CLAIMS`.
It raises :class:`~groundlab.core.errors.ClaimsSyntaxError` and nothing else for
any ``str`` or ``bytes``. Which code wins when several apply:
``docs/architecture.md``, "Parse-code precedence". Standard library only.
"""

from __future__ import annotations

import json
from functools import partial
from itertools import chain
from operator import itemgetter
from typing import NamedTuple, NoReturn

from groundlab.core._scanner import whitespace_end
from groundlab.core.charset import CLAIM_BAD
from groundlab.core.errors import ERROR_CODES, REASONS, ClaimsSyntaxError, DocPath, format_path
from groundlab.core.reader import (
    MAX_DEPTH,
    SCAN_PLAIN,
    SCAN_SHORT,
    SHORT_TEXT,
    Problem,
    decode_bytes,
    first_repeat,
    loads_strict,
    locate,
    member_count,
    missed_by_plain,
    read,
    repeat_refusal,
)
from groundlab.core.text import utf16_length

__all__ = [
    "CLAIM_MEMBERS",
    "Claim",
    "ClaimsSyntaxError",
    "ERROR_CODES",
    "MAX_CLAIMS",
    "MAX_DEPTH",
    "MAX_INPUT_UNITS",
    "MAX_STRING_UNITS",
    "REASONS",
    "format_path",
    "loads_strict",
    "parse_claims",
    "utf16_length",
]

MAX_INPUT_UNITS = 8192
"""Largest accepted answer, in UTF-16 code units (the configuration article: 8192 per input)."""
MAX_STRING_UNITS = 2048
"""Largest accepted claim string, in UTF-16 code units, counted on the decoded value."""
MAX_CLAIMS = 8
"""Most claims one answer may hold (the configuration article: eight claims)."""
_HALF = MAX_STRING_UNITS // 2  # a string of at most this many code points is within MAX_STRING_UNITS
CLAIM_MEMBERS = ("field", "value", "doc", "quote")
"""The exact members of one claim object, in their canonical order."""


class Claim(NamedTuple):
    """One candidate claim: the answer says ``field`` has ``value``, citing ``quote`` from ``doc``.

    Four non-empty ``str`` of at most :data:`MAX_STRING_UNITS` UTF-16 code units,
    exactly as decoded (no trimming, no case folding). Untrusted until
    :func:`groundlab.core.contract.verify_answer` has checked it.
    """

    field: str
    value: str
    doc: str
    quote: str


def _type_name(value) -> str:
    """The JSON type of a decoded value: ``"null"``, ``"boolean"``, ``"number"``, ``"array"``, ..."""
    return _TYPE_NAMES[type(value)]


_TYPE_NAMES = {
    type(None): "null", bool: "boolean", int: "number", float: "number", list: "array", dict: "object", str: "string",
}


def _refusal(text: str, code: str, reason: str, path: DocPath, context: dict, at_name: bool = False) -> ClaimsSyntaxError:
    """A shape refusal, for :func:`parse_claims` to raise (raised there, it unwinds one frame
    only); its place is found by a re-read only when first asked for."""
    return ClaimsSyntaxError._fast(
        code, reason, path, context, text, partial(_place_only, text, path + ("<name>",) if at_name else path)
    )


def _place_only(text: str, key: DocPath) -> tuple:
    """resolve() for a shape refusal: reason and context are known, the position is looked up."""
    return None, None, locate(text, key)


def _token(value: bool | int | float) -> str:
    """``json.dumps(value)`` for a decoded boolean or number, without its encoder's frames."""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if type(value) is int or (type(value) is float and value - value == 0):  # finite: as json writes it
        return repr(value)
    return json.dumps(value)  # pragma: no cover - the reader refuses NaN, Infinity and overflow


def _claim(text: str, item, index: int, check_chars: bool) -> Claim | ClaimsSyntaxError:
    """Claim ``index`` of the answer, or the refusal of its first problem in document order."""
    path: DocPath = ("claims", index)
    if type(item) is not dict:
        return _refusal(text, "wrong_shape", "claim_not_object", path, {"found": _type_name(item)})
    for name, value in item.items():
        if name not in CLAIM_MEMBERS:
            return _refusal(text, "wrong_shape", "unknown_claim_member", path + (name,), {"member": name}, at_name=True)
        if type(value) is not str:
            context = {"member": name, "found": _type_name(value)}
            if isinstance(value, (bool, int, float)):
                context["token"] = _token(value)
            return _refusal(text, "wrong_shape", "not_string", path + (name,), context)
        if value == "":
            return _refusal(text, "wrong_shape", "empty", path + (name,), {"member": name})
        if len(value) > _HALF:  # fewer code points are at most 2048 UTF-16 units
            units = len(value) if value.isascii() else utf16_length(value)
            if units > MAX_STRING_UNITS:
                context = {"member": name, "count": units, "limit": MAX_STRING_UNITS}
                return _refusal(text, "too_long", "string", path + (name,), context)
        if check_chars:
            found = CLAIM_BAD.first(value)
            if found:
                return _refusal(text, "bad_text", "claim_char", path + (name,), {"member": name, "found": found})
    if len(item) != 4:
        missing = tuple([m for m in CLAIM_MEMBERS if m not in item])
        return _refusal(text, "wrong_shape", "missing_members", path, {"missing": missing})
    return _new_tuple(Claim, (item["field"], item["value"], item["doc"], item["quote"]))


def _too_long_input(text: str | None, size: int) -> NoReturn:
    if text is not None:
        context = {"count": utf16_length(text), "limit": MAX_INPUT_UNITS}
        raise ClaimsSyntaxError("too_long", "input", context=context)
    # too many bytes to decode: each UTF-16 code unit takes at most 3 UTF-8 bytes
    raise ClaimsSyntaxError("too_long", "input_bytes", context={"bytes": 3 * MAX_INPUT_UNITS, "limit": MAX_INPUT_UNITS, "count": size})


_WHITESPACE = " \t\n\r"  # JSON's; "" (an empty text) is in it too


def parse_claims(raw: str | bytes) -> tuple[Claim, ...]:
    """Parse an untrusted answer into claims, or refuse it.

    ``raw`` is the whole answer as ``str`` or UTF-8 ``bytes``. Returns a tuple of
    :class:`Claim` in answer order; an empty claim list parses (the contract then
    says ``NO_CITATION``). Raises :class:`ClaimsSyntaxError` (codes
    :data:`ERROR_CODES`) and ``TypeError`` only for input that is neither ``str``
    nor ``bytes``.
    """
    if type(raw) is not str and isinstance(raw, (bytes, bytearray, memoryview)):
        raw = bytes(raw)
        # Every UTF-16 code unit takes at most 3 UTF-8 bytes, so this refuses huge
        # inputs before decoding them; an invalid byte counts as one unit (U+FFFD).
        if len(raw) > 3 * MAX_INPUT_UNITS:
            _too_long_input(None, len(raw))
        rough = raw.decode("utf-8", "replace")
        if utf16_length(rough) > MAX_INPUT_UNITS:
            _too_long_input(rough, len(raw))
        text = decode_bytes(raw)
    elif isinstance(raw, str):
        text = raw
        if len(text) > MAX_INPUT_UNITS or (not text.isascii() and utf16_length(text) > MAX_INPUT_UNITS):
            _too_long_input(text, len(text))
    else:
        raise TypeError(f"expected str or bytes, not {type(raw).__name__}")

    outcome = _claims_or_refusal(text)
    if type(outcome) is tuple:
        return outcome
    try:
        raise outcome
    finally:  # the traceback keeps this frame, so it must not keep the refusal: no reference cycle
        outcome = None


def _claims_or_refusal(text: str) -> tuple[Claim, ...] | ClaimsSyntaxError:
    """The claims of an answer within the length bound, or its refusal (returned, for
    :func:`parse_claims` to raise; a reading-phase refusal the reader decides is raised)."""
    # A raw refused character is found by one search over the whole text (outside
    # strings JSON allows only ASCII); only an escape can hide one in a string.
    raw_bad = (not text.isascii() or "\x7f" in text) and CLAIM_BAD.first(text) is not None
    escaped = "\\" in text and ("\\u" in text or "\\b" in text or "\\f" in text)
    # One read: the C reader without the duplicate hook (what PLAIN.decode does, without its
    # two Python frames). What it cannot see (a repeated name, too deep a nesting) is ruled
    # out by counting (reader.missed_by_plain); only a text that has such a problem is read again.
    try:
        scan = SCAN_SHORT if len(text) <= SHORT_TEXT else SCAN_PLAIN
        value, end = scan(text, whitespace_end(text, 0) if text[:1] in _WHITESPACE else 0)
        if end != len(text) and whitespace_end(text, end) != len(text):
            raise StopIteration(end)  # text after the value
    except (StopIteration, json.JSONDecodeError, Problem, RecursionError) as err:
        value, claims = read(text, err), None  # raises the reading-phase refusal, as cheaply as it can
    else:
        claims = None if raw_bad else _fast_shape(value, escaped)
        if type(claims) is tuple:
            # A well-formed answer holds 1 + 4n members: a colon each, if none repeats.
            members = 1 + 4 * len(claims)
            colons = text.count(":")
            if colons == members:
                return claims
            # colons in strings, or a repeated name
            if "\\u" in text:  # an escape may spell a colon: count the names in the text
                return missed_by_plain(text, value, members) or claims
            if colons - "".join(chain.from_iterable(claims)).count(":") == members:
                return claims
            return repeat_refusal(text, whole=True, search=_claim_repeat) or claims
        members = None
        if claims:  # the first claims are well-formed: four members each, no object inside
            rest = member_count(value["claims"][len(claims) :], 2)
            members = -1 if rest < 0 else 1 + 4 * len(claims) + rest
        refusal = missed_by_plain(text, value, members)
        if refusal is not None:
            return refusal
    return _walk_shape(text, value, raw_bad or escaped, claims or None)


def _fast_shape(value, check_strings: bool) -> tuple[Claim, ...] | list[Claim] | None:
    """The claims of a well-formed answer (a tuple). When anything is unusual, :func:`_walk_shape`
    decides the error in document order: a list of the claims before the first unusual one
    says where it may start (the top level is ``{"claims": [...]}`` of at most
    :data:`MAX_CLAIMS`, and those claims are well-formed); ``None`` says the top level is unusual."""
    if type(value) is not dict or len(value) != 1:
        return None
    members = value.get("claims")
    if type(members) is not list or len(members) > MAX_CLAIMS:
        return None
    out = []
    for item in members:
        if type(item) is not dict or len(item) != 4:
            return out
        claim = field, said, doc, quote = item.get("field"), item.get("value"), item.get("doc"), item.get("quote")
        if type(field) is not str or type(said) is not str or type(doc) is not str or type(quote) is not str:
            return out
        if not field or not said or not doc or not quote:
            return out
        if len(field) > _HALF or len(said) > _HALF or len(doc) > _HALF or len(quote) > _HALF:
            if max(map(utf16_length, claim)) > MAX_STRING_UNITS:
                return out
        if check_strings and CLAIM_BAD.first("".join(claim)):  # one search: the four strings joined
            return out
        out.append(_new_tuple(Claim, claim))
    return tuple(out)


def _claim_repeat(pairs: tuple) -> DocPath | None:
    """:func:`~groundlab.core.reader.first_repeat` for an answer whose decoded value is a
    well-formed claim list (``pairs``: as :data:`~groundlab.core.reader.RECORD` reads it).

    With one top-level member, the claims kept are the ones read; a claim of four pairs
    repeats no name and, its values being strings, holds no array or object. So the first
    claim of more pairs holds the first repeat (or a value it dropped holds it, or nests
    too deep before it).
    """
    if len(pairs) != 1:
        return first_repeat(pairs, ())
    for index, claim in enumerate(pairs[0][1]):
        if len(claim) != 4:
            if _NESTED.isdisjoint(map(type, map(_second, claim))):  # no array or object: its own repeat
                return ("claims", index)
            return first_repeat(claim, ("claims", index), 3)
    return None  # pragma: no cover - called only for an answer that repeats a name


_NESTED = frozenset((tuple, list))  # what RECORD makes of an object and an array
_second = itemgetter(1)


_new_tuple = tuple.__new__  # builds a Claim without NamedTuple's Python-level __new__


def _walk_shape(text: str, value, check_chars: bool, done: list[Claim] | None = None) -> tuple[Claim, ...] | ClaimsSyntaxError:
    """The careful shape walk: every member in document order; the claims, or the refusal of
    the first problem (returned, for :func:`parse_claims` to raise). ``done``: the claims
    :func:`_fast_shape` found well-formed before the first unusual one, where the walk goes on."""
    if done:
        return _walk_claims(text, value["claims"], check_chars, done)
    if type(value) is not dict:
        return _refusal(text, "wrong_shape", "top_level", (), {"found": _type_name(value)})
    claims: tuple[Claim, ...] | None = None
    for name, member in value.items():
        if name != "claims":
            return _refusal(text, "wrong_shape", "unknown_member", (name,), {"member": name}, at_name=True)
        if type(member) is not list:
            return _refusal(text, "wrong_shape", "claims_not_array", ("claims",), {"found": _type_name(member)})
        claims = _walk_claims(text, member, check_chars, [])
        if type(claims) is not tuple:
            return claims
    if claims is None:
        return _refusal(text, "wrong_shape", "no_claims", (), {})
    return claims


def _walk_claims(text: str, items: list, check_chars: bool, out: list[Claim]) -> tuple[Claim, ...] | ClaimsSyntaxError:
    """The claims of the claim list ``items``, or the refusal of the first problem; ``out``:
    the claims already walked (the walk starts after them)."""
    for index in range(len(out), len(items)):
        if index == MAX_CLAIMS:
            context = {"limit": MAX_CLAIMS, "count": len(items)}
            return _refusal(text, "too_many_claims", "too_many_claims", ("claims", index), context)
        claim = _claim(text, items[index], index, check_chars)
        if type(claim) is not Claim:
            return claim
        out.append(claim)
    return tuple(out)
