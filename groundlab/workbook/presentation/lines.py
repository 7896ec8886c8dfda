"""A text's lines as the parser counts them, shown so that no character hides and a caret points true.

Standard library only. There is one definition of a line (``docs/architecture.md``,
"Units"): a line ends at a line feed (U+000A) only, and columns count code points;
:func:`groundlab.core.text.line_column` is that definition. Every line, column or
line excerpt the view shows comes from this module: the caret box of
:func:`groundlab.workbook.presentation.verdict_html.trace_html` (so the claim editor's too) and the
lines offered by a claim row's quote picker.

The visible form (:func:`visible`) keeps U+0020 SPACE and every printable character
as it is, and shows every other character as ``⟨U+XXXX⟩`` (four to six hex digits),
the notation of the hints' alignments (:func:`groundlab.hints.render.token`). That
covers the line breaks other than LF (carriage return, form feed, vertical tab,
U+0085, U+2028, U+2029), the tab and every other whitespace, controls, format
characters (zero-width characters, bidi controls such as U+202E), combining marks,
private-use, unassigned and lone surrogate code points. So nothing in an excerpt is
invisible, nothing starts a new line in a browser, and nothing reorders the line.
"""

from __future__ import annotations

import unicodedata
from typing import NamedTuple

from groundlab.core.text import describe_char, line_column
from groundlab.hints.render import token

__all__ = ["LinePlace", "line_place", "text_lines", "visible", "visible_lines", "width"]


def text_lines(text: str) -> list[str]:
    """The lines of ``text``: split at every line feed only, which no line includes.

    ``n`` line feeds give ``n + 1`` lines (the last may be empty), numbered from 1 as
    :func:`groundlab.core.text.line_column` numbers them; a carriage return, U+2028,
    U+0085 or a form feed stays inside its line.
    """
    return text.split("\n")


def _shown(ch: str) -> str:
    return " " if ch == " " else token(ch)


def visible(text: str) -> str:
    """``text`` with each character a reader could not see or place shown as ``⟨U+XXXX⟩``.

    U+0020 SPACE and printable characters stay as they are (see the module docstring
    for the rule). ``visible("a\\rb") == "a⟨U+000D⟩b"``.
    """
    if text.isascii() and text.isprintable():  # printable ASCII only: nothing to show differently
        return text
    return "".join(_shown(ch) for ch in text)


def visible_lines(text: str) -> str:
    """:func:`visible` of each line of ``text``, the line feeds kept as line breaks.

    ``visible_lines("a\tb\nc") == "a⟨U+0009⟩b\nc"``.
    """
    return "\n".join(visible(line) for line in text_lines(text))


def width(shown: str) -> int:
    """Monospace columns that ``shown`` takes: 2 for each East Asian Wide or Fullwidth
    character (UAX #11), 1 for every other character."""
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in shown)


class LinePlace(NamedTuple):
    """One place of a text, on its line, ready to show under a caret.

    * ``line``, ``column`` -- 1-based, as :func:`groundlab.core.text.line_column` counts;
    * ``text`` -- the whole line, exactly (no line feed);
    * ``shown`` -- :func:`visible` of ``text``, then ``⟨U+000A⟩`` when the place is
      the line feed that ends the line (so the caret has a character to sit under);
    * ``caret`` -- spaces as wide as the shown characters before the place, then ``^``;
    * ``escaped`` -- :func:`groundlab.core.text.describe_char` of each character of
      ``shown`` written as ``⟨U+XXXX⟩``, distinct, in order of first appearance.
    """

    line: int
    column: int
    text: str
    shown: str
    caret: str
    escaped: tuple[str, ...]


def line_place(text: str, position: int) -> LinePlace:
    """The line holding code point offset ``position`` of ``text``, shown, with the caret under it.

    ``position`` may be ``len(text)`` (the end of the text). ``ValueError`` when it
    is outside ``0..len(text)``. The line starts ``column - 1`` code points before
    ``position`` and ends at the next line feed or the end of the text.
    """
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
