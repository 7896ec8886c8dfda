"""Syntax errors in groundlab's own words: what the reader met and what it expected at a position.

:func:`describe_syntax` looks only at the text and the innermost open container,
never at the interpreter's error message, so every supported Python describes
a refusal alike. Standard library only. See ``docs/architecture.md``, "Errors are data".
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["STRING_RUN", "describe_syntax"]

STRING_RUN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
"""One complete JSON string (the loop unrolled, so that ``re`` runs it fast)."""
_WS = " \t\n\r"


def describe_syntax(text: str, pos: int, container: str | None) -> tuple[str, dict]:
    """The reason and context of a syntax error at ``pos``, from the text alone.

    ``container`` is the innermost open ``"object"``, ``"array"`` or ``None`` (top
    level). ``text[:pos]`` must be a prefix the reader accepted. Returns a reason of
    ``REASONS["not_json"]`` and a context with ``found``, ``near`` and, where the
    reader expected a token, ``expected``.
    """
    ch = text[pos] if pos < len(text) else ""
    context: dict[str, Any] = {"found": ch, "near": text[pos : pos + 20]}
    prefix = text[:pos]
    if '"' in STRING_RUN.sub("", prefix):  # inside a string that has not ended
        if ch and ch < " ":
            return "raw_control", context
        backslash = text.rfind("\\", 0, pos + 1)
        width = 6 if text[backslash + 1 : backslash + 2] == "u" else 2
        context["escape"] = text[backslash : backslash + width]
        return ("bad_escape" if ch else "unterminated_string"), context
    if ch == "\ufeff" and not prefix.strip(_WS):
        return "bom", context
    if ch.isspace() and ch not in _WS:
        return "bad_whitespace", context
    before = prefix.rstrip(_WS)
    prev = before[-1:]
    if container is None:
        if prev:
            return "extra_data", context
        expected = "value"
    elif container == "array":
        expected = "value" if prev in ("[", ",") else "comma or ]"
    elif prev in ("{", ","):
        expected = "member name"
    elif prev == ":":
        expected = "value"
    elif prev == '"' and _string_is_name(before):
        expected = "colon"
    else:
        expected = "comma or }"
    context["expected"] = expected
    if not ch:
        return "end_of_text", context
    if ch == '"' and expected in ("value", "member name") and STRING_RUN.match(text, pos) is None:
        return "unterminated_string", context
    if prev == "," and ch in "]}" and before[:-1].rstrip(_WS)[-1:] not in ("[", "{", ","):
        return "trailing_comma", context  # a comma after a member or value; "[,]" misses a value instead
    return {
        "value": "expected_value", "member name": "expected_name", "colon": "expected_colon",
    }.get(expected, "expected_comma"), context


def _string_is_name(before: str) -> bool:
    """``before`` ends with a complete string: is it a member name (not a member value)?"""
    end = len(before) - 1
    start = before.rfind('"', 0, end)
    while start > 0 and (start - len(before[:start].rstrip("\\"))) % 2 == 1:  # an escaped quote
        start = before.rfind('"', 0, start)
    return before[:start].rstrip(_WS)[-1:] in ("{", ",")
