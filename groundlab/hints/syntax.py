"""JSON hints: the recognisable mistake behind an ``INVALID_JSON`` verdict, read from the error's data.

The hints read :class:`groundlab.core.errors.ClaimsSyntaxError` fields only
(``code``, ``reason``, ``context``, ``line``, ``column``, ``position``), never its
message, plus the raw answer when given. Positions count code points. Rules:
RFC 8259 (JSON) and RFC 7493 (I-JSON). See ``docs/architecture.md``, "Errors are data".
"""

from __future__ import annotations

import re

from groundlab.core.language import LIBRARY_CATALOGUE as tr
from groundlab.core.language import N_
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
_A_TYPE = {"number": N_("the number"), "boolean": N_("the boolean"), "null": N_("null")}


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
    where = tr(" at line {line}, column {column}").format(line=error.line, column=error.column) if error.line is not None else ""
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
        tr(
            "The claim's {member} is written as {kind}{literal}{where}; every claim member "
            "must be a JSON string in double quotes (for example \"5000\", \"false\"), because the contract compares "
            "strings."
        ).format(member=context.get("member"), kind=tr(_A_TYPE[kind]), literal=literal, where=where),
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
            tr(
                "The answer starts with U+FEFF ZERO WIDTH NO-BREAK SPACE, a byte-order mark some editors add; "
                "JSON text must not start with it here, so remove it."
            ),
            "\ufeff",
        )
    if at_start and rest.startswith("```"):
        return (
            "syntax",
            tr("The answer is wrapped in a Markdown code fence (```); send the JSON text alone, without the fence."),
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
            tr(
                "{constant}{where} is not a JSON value (RFC 8259 has no NaN or Infinity); a claim's value must "
                "be a string anyway."
            ).format(constant=constant, where=where),
            "",
        )
    word = _matched(_PYTHON_WORD, rest)
    if word:
        return (
            "syntax",
            tr(
                "{word}{where} is Python's spelling; JSON writes {json}, and a claim's "
                "members must be strings anyway."
            ).format(word=word, where=where, json=_PYTHON_TO_JSON[word]),
            "",
        )
    if reason in ("expected_value", "expected_name") and ch == ",":
        if reason == "expected_value":
            template = tr("There is a comma with no value before it{where}; remove the extra comma, or write the missing value there.")
        else:
            template = tr(
                "There is a comma with no member before it{where}; remove the extra comma, or write the missing member there."
            )
        return (
            "syntax",
            template.format(where=where),
            "",
        )
    if reason == "trailing_comma":
        return (
            "syntax",
            tr(
                "There is a trailing comma before '{char}'{where}; JSON does not allow a comma after "
                "the last member or element."
            ).format(char=ch, where=where),
            "",
        )
    if ch == "/" and rest[1:2] in ("/", "*"):
        return "syntax", tr("There is a comment{where}; JSON has no comments, so remove it.").format(where=where), ""
    if reason == "extra_data":
        return (
            "syntax",
            tr(
                "There is more text after the JSON value ends{where}; send only the JSON object, with no "
                "explanation before or after it."
            ).format(where=where),
            "",
        )
    if reason == "expected_name" and ch is not None and (ch.isalpha() or ch == "_"):
        return (
            "syntax",
            tr("A member name is not in double quotes{where}; JSON member names are strings, such as \"claims\".").format(
                where=where
            ),
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
                tr(
                    "A string contains a raw {char}{where}; inside a JSON string a line break or tab "
                    "must be written as an escape (\\n, \\r, \\t)."
                ).format(char=describe_char(ch), where=where),
                ch,
            )
        return (
            "invisible",
            tr(
                "A string contains the raw control character {char}{where}, which cannot be seen "
                "and is not allowed unescaped in JSON text."
            ).format(char=describe_char(ch), where=where),
            ch,
        )
    if ch in _CURLY_DOUBLE:
        return (
            "confusable",
            tr(
                "The answer uses {char}{where}, a typographic quotation mark, where JSON needs the "
                "straight double quote '\"' (U+0022 QUOTATION MARK)."
            ).format(char=describe_char(ch), where=where),
            ch,
        )
    if ch == "'" or ch in _CURLY_SINGLE:
        return (
            "syntax",
            tr(
                "The answer uses {char}{where} to quote a string; JSON strings and member names "
                "need double quotes '\"' (U+0022)."
            ).format(char=describe_char(ch), where=where),
            ch,
        )
    if is_odd_space(ch):
        return (
            "whitespace",
            tr(
                "There is a {char} between tokens{where}; JSON allows only space, tab, line feed and "
                "carriage return there (RFC 8259 section 2), so replace it with a plain space."
            ).format(char=describe_char(ch), where=where),
            ch,
        )
    if is_invisible(ch):
        return (
            "invisible",
            tr(
                "There is an invisible character, {char}, between tokens{where}; JSON allows only "
                "space, tab, line feed and carriage return there."
            ).format(char=describe_char(ch), where=where),
            ch,
        )
    if is_foreign_digit(ch):
        return (
            "digits",
            tr("The number uses {char}{where}, a non-ASCII digit; JSON numbers use the digits 0-9 only.").format(
                char=describe_char(ch), where=where
            ),
            ch,
        )
    return None
