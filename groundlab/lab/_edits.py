"""Private: editing an answer in its own text, so a compact, CRLF or escaped base keeps its form.

The mutation catalogue (:mod:`groundlab.lab.mutations`) makes each change through
these helpers: find each claim's span, find a member's key and value, splice new text
in. Offsets are code points. Standard library only.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from groundlab.core.contract import Status

_WS = " \t\r\n"
_DECODER = json.JSONDecoder()


class _Base(NamedTuple):
    id: str
    raw: str
    request: dict  # the request as JSON data
    claims: tuple  # the decoded claim objects, in answer order
    spans: tuple  # (start, end) of each claim object in raw
    array: tuple  # (start, end) of the claims array in raw


class _M(NamedTuple):
    slug: str
    description: str
    raw: str
    expected: Status
    claims: Any = None  # the intended decoded claims, checked against raw; None: not checked
    request: Any = None  # a changed request (dict); None: the base's
    code: Any = None


def _skip(raw: str, i: int, comma: bool = False) -> int:
    while i < len(raw) and raw[i] in _WS:
        i += 1
    return _skip(raw, i + 1) if comma and i < len(raw) and raw[i] == "," else i


def _base(case) -> _Base:
    raw, r = case.raw, case.request
    start = raw.index("[", raw.index('"claims"'))
    spans, i = [], _skip(raw, start + 1)
    while raw[i] != "]":
        end = _DECODER.raw_decode(raw, i)[1]
        spans.append((i, end))
        i = _skip(raw, end, comma=True)
    request = {"service": r.service, "environment": r.environment, "revision": r.revision,
               "fields": list(r.fields), "supplied": list(r.supplied)}
    return _Base(case.id, raw, request, tuple(json.loads(raw)["claims"]), tuple(spans), (start, i + 1))


def _members(raw: str, span: tuple) -> list:
    """``[(name, key start, key end, value start, value end)]`` of one claim object, in text order."""
    out, i = [], _skip(raw, span[0] + 1)
    while raw[i] != "}":
        name, key_end = _DECODER.raw_decode(raw, i)
        value = _skip(raw, _skip(raw, key_end) + 1)
        end = _DECODER.raw_decode(raw, value)[1]
        out.append((name, i, key_end, value, end))
        i = _skip(raw, end, comma=True)
    return out


def _splice(raw: str, *edits: tuple) -> str:
    for start, end, text in sorted(edits, reverse=True):
        raw = raw[:start] + text + raw[end:]
    return raw


def _member(base: _Base, i: int, name: str) -> tuple:
    return next(m for m in _members(base.raw, base.spans[i]) if m[0] == name)


def _claim_text(base: _Base, i: int, **new: str) -> str:
    """Claim ``i``'s object text with the members in ``new`` replaced."""
    start, end = base.spans[i]
    edits = [(m[3] - start, m[4] - start, json.dumps(new[m[0]])) for m in _members(base.raw, base.spans[i]) if m[0] in new]
    return _splice(base.raw[start:end], *edits)


def _with(base: _Base, i: int, expected: Status, **new: str) -> tuple:
    """``(raw, expected, intended claims)`` for the base with claim ``i``'s members in ``new`` replaced."""
    claims = [dict(c) for c in base.claims]
    claims[i].update(new)
    return _splice(base.raw, (*base.spans[i], _claim_text(base, i, **new))), expected, claims
