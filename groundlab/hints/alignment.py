"""The alignment a ``closest`` hint shows: a quote and its window, character by character, in three lines.

Columns count characters; a wide (East Asian ``W`` or ``F``) character takes two.
The alignment is drawn from ``difflib`` opcodes computed elsewhere (bounded, see
:mod:`groundlab.hints.bounded`), so drawing it costs no alignment work. See
``docs/architecture.md``, "Hints".
"""

from __future__ import annotations

import unicodedata
from typing import Sequence

from groundlab.hints.render import token

__all__ = ["ALIGN_COLUMNS", "alignment_lines"]

ALIGN_COLUMNS = 72
"""Most alignment columns shown (a column is one character or one ⟨U+XXXX⟩ token)."""


def _width(shown: str) -> int:
    if len(shown) == 1 and unicodedata.east_asian_width(shown) in ("W", "F"):
        return 2
    return len(shown)


def alignment_lines(quote: str, window: str, opcodes: Sequence[tuple[str, int, int, int, int]]) -> str:
    """Three lines (``quote:``, ``document:``, markers) drawing ``opcodes`` of ``quote`` against ``window``.

    ``opcodes``: ``difflib.SequenceMatcher(None, quote, window).get_opcodes()``,
    or ``[("equal", 0, n, 0, n)]`` for a window equal to the quote. Markers: ``^``
    where they differ, ``+`` for a character only in the quote, ``-`` for one only
    in the document. More than :data:`ALIGN_COLUMNS` columns are cut to that many,
    starting 12 columns before the first difference (``…`` marks a cut).
    """
    columns: list[tuple[str, str, str]] = []
    for tag, i1, i2, j1, j2 in opcodes:
        if tag == "equal":
            columns.extend((token(c), token(c), " ") for c in quote[i1:i2])
            continue
        left, right = quote[i1:i2], window[j1:j2]
        for k in range(max(len(left), len(right))):
            q = token(left[k]) if k < len(left) else ""
            d = token(right[k]) if k < len(right) else ""
            columns.append((q, d, "^" if q and d else ("+" if q else "-")))
    first = next((i for i, col in enumerate(columns) if col[2] != " "), 0)
    lo = 0 if len(columns) <= ALIGN_COLUMNS else max(0, min(first - 12, len(columns) - ALIGN_COLUMNS))
    hi = min(len(columns), lo + ALIGN_COLUMNS)
    lines = ["", "", ""]
    for q, d, mark in columns[lo:hi]:
        width = max(_width(q), _width(d), 1)
        lines[0] += q + " " * (width - _width(q))
        lines[1] += d + " " * (width - _width(d))
        lines[2] += mark * width
    if lo > 0:
        lines = ["…" + line if i < 2 else " " + line for i, line in enumerate(lines)]
    if hi < len(columns):
        lines = [line + "…" if i < 2 else line for i, line in enumerate(lines)]
    return "\n".join(
        [f"quote:    {lines[0]}".rstrip(), f"document: {lines[1]}".rstrip(), f"          {lines[2]}".rstrip()]
    )
