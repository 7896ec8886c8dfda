"""JSON hints: the recognisable mistake behind an ``INVALID_JSON`` verdict, read from the error's data.

The hints read :class:`groundlab.core.errors.ClaimsSyntaxError` fields only
(``code``, ``reason``, ``context``, ``line``, ``column``, ``position``), never its
message, plus the raw answer when given. Positions count code points. Rules:
RFC 8259 (JSON) and RFC 7493 (I-JSON). See ``docs/architecture.md``, "Errors are data".
"""

from __future__ import annotations

import re

from groundlab.core.text import describe_char
from groundlab.hints.chars import JSON_WHITESPACE, is_foreign_digit, is_invisible, is_odd_space
from groundlab.hints.kinds import Hint
from groundlab.hints.render import codepoints

__all__ = ["json_hints"]

_CURLY_DOUBLE = "\u201c\u201d\u201e\u201f\u2033\uff02"
_CURLY_SINGLE = "\u2018\u2019\u201a\u201b\u2032"
_CONSTANT = re.compile(r"-?(NaN|Infinity)")
_PYTHON_WORD = re.compile(r"(True|False|None)\b")
_PYTHON_TO_JSON = {"True": "true", "False": "false", "None": "null"}
_LITERAL = re.compile(r"-?[\w.+-]+")
_A_TYPE = {"number": "the number", "boolean": "the boolean", "null": "null"}


def json_hints(error, raw: str | bytes | None = None) -> tuple[Hint, ...]:
    """Explain a recognisable :class:`~groundlab.core.errors.ClaimsSyntaxError`: ``()`` or one hint.

    ``error`` is ``verdict.error``; ``raw``, the answer (``str`` or UTF-8 ``bytes``), is
    optional: without it the hint uses the error's ``found`` and ``near`` context alone. The
    hint has ``claim=None`` and ``check="parse"``. Recognised: a byte-order mark, a Markdown
    fence, a raw control character, typographic or single quotes, non-JSON whitespace, an
    invisible character or a non-ASCII digit between tokens, ``NaN``/``Infinity``, Python's
    ``True``/``False``/``None``, a trailing comma, a comma with no value or member before it, a
    comment, text after the value, an unquoted member name, and a number, boolean or null as a
    claim member. Never raises for a ``ClaimsSyntaxError``.
    """
    code = getattr(error, "code", None)
    if code not in ("not_json", "wrong_shape"):
        return ()
    if isinstance(raw, (bytes, bytearray, memoryview)):
        text: str | None = bytes(raw).decode("utf-8", "replace")
    else:
        text = raw if isinstance(raw, str) else None
    where = f" at line {error.line}, column {error.column}" if error.line is not None else ""
    found = _shape_hint(error, text, where) if code == "wrong_shape" else _syntax_hint(error, text, where)
    if found is None:
        return ()
    kind, sentence, chars = found
    return (Hint(kind, sentence, None, "parse", codepoints(chars)),)


def _shape_hint(error, text: str | None, where: str) -> tuple[str, str, str] | None:
    """``(kind, sentence, characters)`` for a ``wrong_shape`` error: a claim member that is not a string."""
    context = error.context
    kind = context.get("found")
    if error.reason != "not_string" or kind not in _A_TYPE:
        return None
    literal = context.get("token", "")
    position = error.position
    if text is not None and position is not None:  # the number as the answer wrote it (1.5e3, not 1500.0)
        written = _LITERAL.match(text, position)
        literal = written.group() if written else ""
    literal = f" {literal}" if literal and kind != "null" else ""
    return (
        "syntax",
        f"The claim's {context.get('member')} is written as {_A_TYPE[kind]}{literal}{where}; every claim member "
        f"must be a JSON string in double quotes (for example \"5000\", \"false\"), because the contract compares "
        "strings.",
        "",
    )


def _syntax_hint(error, text: str | None, where: str) -> tuple[str, str, str] | None:
    """``(kind, sentence, characters)`` for a ``not_json`` error, or ``None``; the first rule that fits wins."""
    reason, context, position = error.reason, error.context, error.position
    if text is not None and position is not None and 0 <= position <= len(text):
        rest, at_start = text[position:], not text[:position].strip(JSON_WHITESPACE)
    else:  # without the answer: the error's own view of the text at the position
        rest, at_start = context.get("near", ""), position == 0
    ch = rest[:1] or str(context.get("found") or "")[:1] or None
    if reason == "bom":
        return (
            "invisible",
            "The answer starts with U+FEFF ZERO WIDTH NO-BREAK SPACE, a byte-order mark some editors add; "
            "JSON text must not start with it here, so remove it.",
            "\ufeff",
        )
    if at_start and rest.startswith("```"):
        return (
            "syntax",
            "The answer is wrapped in a Markdown code fence (```); send the JSON text alone, without the fence.",
            "",
        )
    if ch is not None:
        found = _character_hint(ch, reason, where)
        if found is not None:
            return found
    constant = context.get("name") or _matched(_CONSTANT, rest)
    if constant:
        return (
            "syntax",
            f"{constant}{where} is not a JSON value (RFC 8259 has no NaN or Infinity); a claim's value must "
            "be a string anyway.",
            "",
        )
    word = _matched(_PYTHON_WORD, rest)
    if word:
        return (
            "syntax",
            f"{word}{where} is Python's spelling; JSON writes {_PYTHON_TO_JSON[word]}, and a claim's "
            "members must be strings anyway.",
            "",
        )
    if reason in ("expected_value", "expected_name") and ch == ",":
        what = "value" if reason == "expected_value" else "member"
        return (
            "syntax",
            f"There is a comma with no {what} before it{where}; remove the extra comma, or write the "
            f"missing {what} there.",
            "",
        )
    if reason == "trailing_comma":
        return (
            "syntax",
            f"There is a trailing comma before '{ch}'{where}; JSON does not allow a comma after "
            "the last member or element.",
            "",
        )
    if ch == "/" and rest[1:2] in ("/", "*"):
        return "syntax", f"There is a comment{where}; JSON has no comments, so remove it.", ""
    if reason == "extra_data":
        return (
            "syntax",
            f"There is more text after the JSON value ends{where}; send only the JSON object, with no "
            "explanation before or after it.",
            "",
        )
    if reason == "expected_name" and ch is not None and (ch.isalpha() or ch == "_"):
        return (
            "syntax",
            f"A member name is not in double quotes{where}; JSON member names are strings, such as \"claims\".",
            "",
        )
    return None


def _matched(pattern: re.Pattern, text: str) -> str:
    found = pattern.match(text)
    return found.group() if found else ""


def _character_hint(ch: str, reason: str, where: str) -> tuple[str, str, str] | None:
    """The hint one character at the error's position explains: a raw control character, a
    typographic or single quote, odd whitespace, an invisible character or a non-ASCII digit."""
    if reason == "raw_control":
        if ch in "\n\r\t":
            return (
                "syntax",
                f"A string contains a raw {describe_char(ch)}{where}; inside a JSON string a line break or tab "
                "must be written as an escape (\\n, \\r, \\t).",
                ch,
            )
        return (
            "invisible",
            f"A string contains the raw control character {describe_char(ch)}{where}, which cannot be seen "
            "and is not allowed unescaped in JSON text.",
            ch,
        )
    if ch in _CURLY_DOUBLE:
        return (
            "confusable",
            f"The answer uses {describe_char(ch)}{where}, a typographic quotation mark, where JSON needs the "
            "straight double quote '\"' (U+0022 QUOTATION MARK).",
            ch,
        )
    if ch == "'" or ch in _CURLY_SINGLE:
        return (
            "syntax",
            f"The answer uses {describe_char(ch)}{where} to quote a string; JSON strings and member names "
            "need double quotes '\"' (U+0022).",
            ch,
        )
    if is_odd_space(ch):
        return (
            "whitespace",
            f"There is a {describe_char(ch)} between tokens{where}; JSON allows only space, tab, line feed and "
            "carriage return there (RFC 8259 section 2), so replace it with a plain space.",
            ch,
        )
    if is_invisible(ch):
        return (
            "invisible",
            f"There is an invisible character, {describe_char(ch)}, between tokens{where}; JSON allows only "
            "space, tab, line feed and carriage return there.",
            ch,
        )
    if is_foreign_digit(ch):
        return (
            "digits",
            f"The number uses {describe_char(ch)}{where}, a non-ASCII digit; JSON numbers use the digits 0-9 only.",
            ch,
        )
    return None
