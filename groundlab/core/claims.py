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
from typing import NamedTuple, NoReturn

from groundlab.core.charset import CLAIM_BAD
from groundlab.core.errors import ERROR_CODES, REASONS, ClaimsSyntaxError, DocPath, format_path
from groundlab.core.reader import (
    MAX_DEPTH,
    PLAIN,
    Problem,
    decode_bytes,
    loads_strict,
    locate,
    read,
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
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return "string"


def _shape_error(text: str, code: str, reason: str, path: DocPath, context: dict, at_name: bool = False) -> NoReturn:
    """Raise a shape refusal; its place is found by a re-read only when first asked for."""
    key = tuple(path) + ("<name>",) if at_name else tuple(path)
    raise ClaimsSyntaxError(
        code, reason, path=path, context=context, text=text, resolve=partial(_place_only, text, key)
    )


def _place_only(text: str, key: DocPath) -> tuple:
    """resolve() for a shape refusal: reason and context are known, the position is looked up."""
    return None, None, locate(text, key)


def _check_string(text: str, value: str, path: DocPath, check_chars: bool) -> None:
    member = path[-1]
    if value == "":
        _shape_error(text, "wrong_shape", "empty", path, {"member": member})
    units = len(value) if value.isascii() else utf16_length(value)
    if units > MAX_STRING_UNITS:
        _shape_error(text, "too_long", "string", path, {"member": member, "count": units, "limit": MAX_STRING_UNITS})
    if check_chars:
        found = CLAIM_BAD.first(value)
        if found:
            _shape_error(text, "bad_text", "claim_char", path, {"member": member, "found": found})


def _claim(text: str, item, index: int, check_chars: bool) -> Claim:
    path: DocPath = ("claims", index)
    if type(item) is not dict:
        _shape_error(text, "wrong_shape", "claim_not_object", path, {"found": _type_name(item)})
    for name, value in item.items():
        member = path + (name,)
        if name not in CLAIM_MEMBERS:
            _shape_error(text, "wrong_shape", "unknown_claim_member", member, {"member": name}, at_name=True)
        if type(value) is not str:
            context = {"member": name, "found": _type_name(value)}
            if isinstance(value, (bool, int, float)):
                context["token"] = json.dumps(value)
            _shape_error(text, "wrong_shape", "not_string", member, context)
        _check_string(text, value, member, check_chars)
    if len(item) != 4:
        missing = tuple(m for m in CLAIM_MEMBERS if m not in item)
        _shape_error(text, "wrong_shape", "missing_members", path, {"missing": missing})
    return Claim(item["field"], item["value"], item["doc"], item["quote"])


def _too_long_input(text: str | None, size: int) -> NoReturn:
    if text is not None:
        context = {"count": utf16_length(text), "limit": MAX_INPUT_UNITS}
        raise ClaimsSyntaxError("too_long", "input", context=context)
    # too many bytes to decode: each UTF-16 code unit takes at most 3 UTF-8 bytes
    raise ClaimsSyntaxError("too_long", "input_bytes", context={"bytes": 3 * MAX_INPUT_UNITS, "limit": MAX_INPUT_UNITS, "count": size})


_UNREAD = object()


def parse_claims(raw: str | bytes) -> tuple[Claim, ...]:
    """Parse an untrusted answer into claims, or refuse it.

    ``raw`` is the whole answer as ``str`` or UTF-8 ``bytes``. Returns a tuple of
    :class:`Claim` in answer order; an empty claim list parses (the contract then
    says ``NO_CITATION``). Raises :class:`ClaimsSyntaxError` (codes
    :data:`ERROR_CODES`) and ``TypeError`` only for input that is neither ``str``
    nor ``bytes``.
    """
    if isinstance(raw, (bytes, bytearray, memoryview)):
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
        if len(text) > MAX_INPUT_UNITS or utf16_length(text) > MAX_INPUT_UNITS:
            _too_long_input(text, len(text))
    else:
        raise TypeError(f"expected str or bytes, not {type(raw).__name__}")

    # A raw refused character is found by one search over the whole text (outside
    # strings JSON allows only ASCII); only an escape can hide one in a string.
    raw_bad = (not text.isascii() or "\x7f" in text) and CLAIM_BAD.first(text) is not None
    escaped = "\\" in text and ("\\u" in text or "\\b" in text or "\\f" in text)
    plain_error, value = None, _UNREAD
    if not raw_bad:
        # Fast path: the C reader without the duplicate hook. A duplicate member
        # leaves fewer decoded names than colons, so equal counts prove none.
        try:
            value = PLAIN.decode(text)
        except (json.JSONDecodeError, Problem, RecursionError) as err:
            plain_error, value = err, _UNREAD
        else:
            claims = _fast_shape(value, escaped)
            if claims is not None and text.count(":") == 1 + 4 * len(claims):
                return claims
            value = _UNREAD  # read again with the duplicate hook, for reading-phase problems
    if value is _UNREAD:
        value = read(text, plain_error)
    if not raw_bad:
        claims = _fast_shape(value, escaped)
        if claims is not None:
            return claims
    return _walk_shape(text, value, check_chars=raw_bad or escaped)


def _fast_shape(value, check_strings: bool) -> tuple[Claim, ...] | None:
    """The claims of a well-formed answer, or ``None`` when anything is unusual
    (then :func:`_walk_shape` decides the error in document order)."""
    if type(value) is not dict or len(value) != 1:
        return None
    members = value.get("claims")
    if type(members) is not list or len(members) > MAX_CLAIMS:
        return None
    out = []
    bad = CLAIM_BAD.first
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
    """The careful shape walk: every member in document order, the first problem raised."""
    if type(value) is not dict:
        _shape_error(text, "wrong_shape", "top_level", (), {"found": _type_name(value)})
    claims: tuple[Claim, ...] | None = None
    for name, member in value.items():
        if name != "claims":
            _shape_error(text, "wrong_shape", "unknown_member", (name,), {"member": name}, at_name=True)
        if type(member) is not list:
            _shape_error(text, "wrong_shape", "claims_not_array", ("claims",), {"found": _type_name(member)})
        out = []
        for index, item in enumerate(member):
            if index == MAX_CLAIMS:
                context = {"limit": MAX_CLAIMS, "count": len(member)}
                _shape_error(text, "too_many_claims", "too_many_claims", ("claims", index), context)
            out.append(_claim(text, item, index, check_chars))
        claims = tuple(out)
    if claims is None:
        _shape_error(text, "wrong_shape", "no_claims", (), {})
    return claims
