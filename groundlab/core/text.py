"""Text measures shared by every layer: UTF-16 length, naming a character, clipping, line and column.

One definition each, so the parser, the hints, the widgets and the CLI count and
name alike. Standard library only. See ``docs/architecture.md``, "Units".
"""

from __future__ import annotations

import unicodedata

__all__ = ["CONTROL_NAMES", "clip", "describe_char", "line_column", "show_char", "utf16_length", "width"]

CONTROL_NAMES = {
    0x00: "NULL",
    0x07: "BELL",
    0x08: "BACKSPACE",
    0x09: "CHARACTER TABULATION",
    0x0A: "LINE FEED",
    0x0B: "LINE TABULATION",
    0x0C: "FORM FEED",
    0x0D: "CARRIAGE RETURN",
    0x1B: "ESCAPE",
    0x1C: "INFORMATION SEPARATOR FOUR",
    0x1D: "INFORMATION SEPARATOR THREE",
    0x1E: "INFORMATION SEPARATOR TWO",
    0x1F: "INFORMATION SEPARATOR ONE",
    0x7F: "DELETE",
    0x85: "NEXT LINE",
}
"""Names of control characters: Unicode gives Cc characters no ``Name`` property, so
these are their ``Name_Alias`` values (NameAliases.txt)."""


def utf16_length(text: str) -> int:
    """Length of ``text`` in UTF-16 code units, as Java's ``String.length()`` counts.

    A code point above U+FFFF counts 2; any other, a lone surrogate included, counts 1.
    """
    if text.isascii():
        return len(text)
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def describe_char(ch: str) -> str:
    """Name one code point for a learner: ``"U+200B ZERO WIDTH SPACE"``.

    Unnamed code points get a bracket: ``"U+D800 (a lone surrogate)"``,
    ``"U+FFFF (a noncharacter)"``, ``"U+0080 (a control character)"``,
    ``"U+E000 (a private-use character)"``, ``"U+0378 (unassigned)"``. Control
    characters use their name alias (``"U+000D CARRIAGE RETURN"``).
    Raises ``TypeError`` unless ``ch`` is a one-character ``str``.
    """
    if not isinstance(ch, str) or len(ch) != 1:
        raise TypeError("describe_char expects a one-character str")
    point = ord(ch)
    name = unicodedata.name(ch, "") or CONTROL_NAMES.get(point, "")
    if name:
        return f"U+{point:04X} {name}"
    if 0xD800 <= point <= 0xDFFF:
        return f"U+{point:04X} (a lone surrogate)"
    if 0xFDD0 <= point <= 0xFDEF or (point & 0xFFFE) == 0xFFFE:
        return f"U+{point:04X} (a noncharacter)"
    category = unicodedata.category(ch)
    if category == "Cc":
        return f"U+{point:04X} (a control character)"
    if category == "Co":
        return f"U+{point:04X} (a private-use character)"
    return f"U+{point:04X} (unassigned)"


def show_char(ch: str) -> str:
    """A character as a message shows it: printable ASCII quoted (``'}'``), anything else
    by :func:`describe_char`, so no invisible or control character reaches a message."""
    return repr(ch) if "\x21" <= ch <= "\x7e" else describe_char(ch)


def clip(text: str, limit: int = 40) -> str:
    """``text`` cut to at most ``limit`` characters (code points), ending in ``…`` when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def line_column(text: str, position: int) -> tuple[int, int]:
    """1-based ``(line, column)`` of code point offset ``position`` in ``text``; columns count code points.

    A line ends at a line feed (U+000A) only, as RFC 8259 readers count: not at a carriage
    return, U+2028 or a form feed.
    """
    line = text.count("\n", 0, position) + 1
    column = position - (text.rfind("\n", 0, position) + 1) + 1
    return line, column


def width(shown: str) -> int:
    """Monospace columns ``shown`` takes: 2 per East Asian Wide or Fullwidth character (UAX #11), else 1."""
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in shown)
