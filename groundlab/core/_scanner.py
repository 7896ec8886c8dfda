"""Private: the standard library's pure-Python JSON scanner internals that the exact locator relies on.

The locator (:mod:`groundlab.core.reader`) drives ``json.scanner.py_make_scanner`` with
its own hooks so that it knows where each value starts. That uses names the
:mod:`json` package does not document; they are gathered here, and
:func:`check` (run by ``tests/core/test_scanner_internals.py``) fails loudly
if a Python upgrade changes them. Standard library only.
"""

from __future__ import annotations

import json.decoder
import json.scanner
import re

__all__ = ["CONTEXT_ATTRIBUTES", "JSONArray", "JSONObject", "c_scanner", "check", "make_scanner", "scanstring", "whitespace_end"]

make_scanner = json.scanner.py_make_scanner
"""``make_scanner(context) -> scan_once(text, index) -> (value, end)``; raises ``StopIteration(index)``
where no value starts, ``json.JSONDecodeError`` for other syntax errors."""
JSONObject = json.decoder.JSONObject
"""``JSONObject((text, end), strict, scan_once, object_hook, object_pairs_hook, memo) -> (value, end)``."""
JSONArray = json.decoder.JSONArray
"""``JSONArray((text, end), scan_once) -> (value, end)``."""
scanstring = json.decoder.scanstring
"""``scanstring(text, end_after_quote, strict) -> (str, end)`` (the C version where available)."""

_WHITESPACE = json.decoder.WHITESPACE


def c_scanner(decoder: json.JSONDecoder):
    """``decoder``'s own ``scan_once(text, index) -> (value, end)`` (the C scanner where available),
    which ``decoder.decode`` calls after skipping whitespace; raises ``StopIteration(index)`` where
    no value starts."""
    return decoder.scan_once


def whitespace_end(text: str, index: int) -> int:
    """The offset of the first character at or after ``index`` that is not JSON whitespace."""
    return _WHITESPACE.match(text, index).end()


CONTEXT_ATTRIBUTES = (
    "memo", "object_hook", "object_pairs_hook", "parse_array", "parse_constant",
    "parse_float", "parse_int", "parse_object", "parse_string", "strict",
)
"""The attributes ``make_scanner`` reads from its context object."""


def check() -> None:
    """Raise ``RuntimeError`` naming what differs if these internals are not as the locator expects."""
    import inspect  # only the test calls this; inspect is slow to import

    problems = []
    read = sorted(set(re.findall(r"context\.(\w+)", inspect.getsource(make_scanner))))
    if read != sorted(CONTEXT_ATTRIBUTES):
        problems.append(f"py_make_scanner reads {read}, expected {sorted(CONTEXT_ATTRIBUTES)}")
    expected = {
        JSONObject: ["s_and_end", "strict", "scan_once", "object_hook", "object_pairs_hook", "memo"],
        JSONArray: ["s_and_end", "scan_once"],
    }
    for function, names in expected.items():
        got = list(inspect.signature(function).parameters)[: len(names)]
        if got != names:
            problems.append(f"{function.__name__} takes {got}, expected {names}")
    decoder = json.JSONDecoder()
    if "self.scan_once(s, idx)" not in inspect.getsource(json.JSONDecoder.raw_decode) or c_scanner(decoder)("[1] ", 0) != ([1], 3):
        problems.append("JSONDecoder.raw_decode no longer calls its decoder's scan_once(s, idx)")
    if _WHITESPACE.pattern != r"[ \t\n\r]*":
        problems.append(f"json.decoder.WHITESPACE is {_WHITESPACE.pattern!r}")
    if problems:
        raise RuntimeError("the json module's scanner internals changed: " + "; ".join(problems))
