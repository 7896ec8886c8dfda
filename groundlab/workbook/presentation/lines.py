"""A text's lines as the parser counts them, shown so that no character hides and a caret points true.

A line ends at a line feed (U+000A) only, and columns count code points, as
:func:`groundlab.core.text.line_column` does (``docs/architecture.md``, "Units"); the workbook's
caret boxes and quote pickers take their lines from here. The visible form keeps U+0020 SPACE and
printable characters and shows every other character as ``⟨U+XXXX⟩`` (4 to 6 hex digits, as
:func:`groundlab.hints.render.token`): other line breaks, tabs and other whitespace, controls,
format and bidi characters, combining marks, private-use, unassigned and lone surrogate code
points. So nothing shown is invisible, breaks the line or reorders it. Standard library only.
"""

from __future__ import annotations

from typing import NamedTuple

from groundlab.core.text import describe_char, line_column, width
from groundlab.hints.render import token

__all__ = ["LinePlace", "line_place", "text_lines", "visible", "visible_lines", "width"]


def text_lines(text: str) -> list[str]:
    """``text`` split at each line feed only: ``n`` line feeds give ``n + 1`` lines; a CR or U+2028 stays in its line."""
    return text.split("\n")


def _shown(ch: str) -> str:
    return " " if ch == " " else token(ch)


def visible(text: str) -> str:
    """``text`` with each character but SPACE and the printable ones shown as ``⟨U+XXXX⟩``: ``visible("a\\rb") == "a⟨U+000D⟩b"``."""
    if text.isascii() and text.isprintable():  # printable ASCII only: nothing to show differently
        return text
    return "".join(_shown(ch) for ch in text)


def visible_lines(text: str) -> str:
    """:func:`visible` of each line of ``text``, the line feeds kept: ``visible_lines("a\\tb\\nc") == "a⟨U+0009⟩b\\nc"``."""
    return "\n".join(visible(line) for line in text_lines(text))


class LinePlace(NamedTuple):
    """One place of a text, on its line, ready to show under a caret.

    ``line``, ``column``: 1-based. ``text``: the whole line, without its line feed. ``shown``:
    :func:`visible` of it, plus ``⟨U+000A⟩`` when the place is the ending line feed. ``caret``: spaces
    as wide as what is shown before the place, then ``^``. ``escaped``: ``describe_char`` of each
    character shown as ``⟨U+XXXX⟩``, distinct, in order.
    """

    line: int
    column: int
    text: str
    shown: str
    caret: str
    escaped: tuple[str, ...]


def line_place(text: str, position: int) -> LinePlace:
    """The :class:`LinePlace` of code point offset ``position`` in ``text``; ``ValueError`` outside ``0..len(text)``."""
    if not 0 <= position <= len(text):
        raise ValueError(f"position {position} is outside the text (0..{len(text)})")
    line, column = line_column(text, position)
    start = position - (column - 1)
    end = text.find("\n", position)
    end = len(text) if end < 0 else end
    body = text[start:end]
    chars = body + ("\n" if end == position < len(text) else "")
    shown = visible(chars)
    caret = " " * width(visible(body[: column - 1])) + "^"
    escaped = tuple(dict.fromkeys(describe_char(ch) for ch in chars if ch != " " and token(ch) != ch))
    return LinePlace(line, column, body, shown, caret, escaped)
