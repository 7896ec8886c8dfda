"""Where a quote nearly occurs: the closest window of a source and its character alignment.

Offsets count code points. The window search never runs a ``difflib.SequenceMatcher``
over a whole source, so a 1 MB source stays fast (see :func:`closest_window`).
See ``docs/architecture.md``, "Decisions recorded so far" (hint alignment is bounded).
"""

from __future__ import annotations

import difflib
import functools
import unicodedata
from collections import Counter
from dataclasses import dataclass

from groundlab.hints.chars import is_mark
from groundlab.hints.folding import fold
from groundlab.hints.render import token

__all__ = ["MAX_ALIGNED", "Window", "closest_window"]


@dataclass(frozen=True)
class Window:
    """The part of a source most like a quote (see :func:`closest_window`).

    * ``start``, ``end`` -- code point offsets into the source; ``text`` is
      ``source[start:end]``;
    * ``ratio`` -- ``difflib.SequenceMatcher(None, quote, text).ratio()``, a float
      in 0..1 (1.0 only when ``text == quote``);
    * ``alignment`` -- three lines (``quote``, ``document``, markers) showing the
      quote and the window character by character: ``^`` where they differ, ``+``
      for a character only in the quote, ``-`` for one only in the document. A
      space is shown as ``␣``; invisible, whitespace and combining characters as
      ``⟨U+200B⟩``. More than 72 columns are cut to 72, starting 12 columns
      before the first difference (``…`` marks a cut).
    """

    start: int
    end: int
    text: str
    ratio: float
    alignment: str


def _width(shown: str) -> int:
    if len(shown) == 1 and unicodedata.east_asian_width(shown) in ("W", "F"):
        return 2
    return len(shown)


_ALIGN_COLUMNS = 72
"""Most alignment columns shown (a column is one character or one ⟨U+XXXX⟩ token)."""


def _alignment(quote: str, window: str) -> str:
    """Three lines aligning ``quote`` with ``window`` (see :class:`Window`)."""
    columns: list[tuple[str, str, str]] = []
    matcher = difflib.SequenceMatcher(None, quote, window, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            columns.extend((token(c), token(c), " ") for c in quote[i1:i2])
            continue
        left, right = quote[i1:i2], window[j1:j2]
        for k in range(max(len(left), len(right))):
            q = token(left[k]) if k < len(left) else ""
            d = token(right[k]) if k < len(right) else ""
            columns.append((q, d, "^" if q and d else ("+" if q else "-")))
    first = next((i for i, col in enumerate(columns) if col[2] != " "), 0)
    lo = 0 if len(columns) <= _ALIGN_COLUMNS else max(0, min(first - 12, len(columns) - _ALIGN_COLUMNS))
    hi = min(len(columns), lo + _ALIGN_COLUMNS)
    shown = columns[lo:hi]
    lines = ["", "", ""]
    for q, d, mark in shown:
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


@functools.lru_cache(maxsize=8)
def _folded_source(source: str) -> str:
    return fold(source)


_GRAM_SIZES = (8, 5, 3, 2, 1)
_GRAMS_PER_SIZE = 24
_OCCURRENCES_CAP = 2000
_CANDIDATES = 8


def _candidate_starts(fq: str, fs: str) -> list[int]:
    """Likely start offsets of the quote in the source, best first.

    Up to :data:`_GRAMS_PER_SIZE` evenly spaced runs of ``k`` characters of the
    folded quote are looked up in the folded source (``k`` = 8, then 5, 3, 2, 1
    until some run is found); the rarest runs are used first, each occurrence votes
    for ``occurrence - offset in quote``, and votes within 8 code points of each
    other are merged. At most :data:`_CANDIDATES` starts are returned, each with
    at least half the votes of the best one.
    """
    n = len(fq)
    for k in _GRAM_SIZES:
        if n < k:
            continue
        count_offsets = n - k + 1
        step = max(1, count_offsets // _GRAMS_PER_SIZE)
        grams = []
        for offset in range(0, count_offsets, step):
            gram = fq[offset : offset + k]
            if "\x00" in gram or not gram.strip():
                continue
            found = fs.count(gram)
            if found:
                grams.append((found, offset, gram))
        if not grams:
            continue
        grams.sort()
        votes: Counter = Counter()
        used = 0
        for found, offset, gram in grams:
            if used >= _OCCURRENCES_CAP:
                break
            position = fs.find(gram)
            while position != -1 and used < _OCCURRENCES_CAP:
                votes[position - offset] += 1
                used += 1
                position = fs.find(gram, position + 1)
        clusters: list[list[int]] = []  # [score, best_start, best_votes, last_start]
        for start in sorted(votes):
            if clusters and start - clusters[-1][3] <= 8:
                cluster = clusters[-1]
                cluster[0] += votes[start]
                if votes[start] > cluster[2]:
                    cluster[1], cluster[2] = start, votes[start]
                cluster[3] = start
            else:
                clusters.append([votes[start], start, votes[start], start])
        clusters.sort(key=lambda c: (-c[0], c[1]))
        top = clusters[0][0]
        return [c[1] for c in clusters[:_CANDIDATES] if 2 * c[0] >= top]
    return [0]


def _span_score(matched: int, span: int) -> float:
    """How good a window is: quote characters it matches, minus a quarter point
    for each window character left unmatched. Unlike ``ratio``, this prefers
    ``Java (Intermediate, 3 years)`` over ``iate, 3 years)`` for the quote
    ``Java (3 years)``, yet still drops a stray match far from the rest."""
    return matched - 0.25 * (span - matched)


def _best_span(blocks: list) -> tuple[int, int]:
    """Indices ``(i, j)`` of the run of matching blocks ``blocks[i..j]`` with the
    best :func:`_span_score`. Quadratic in the number of blocks, which is capped
    at 256 (beyond that the whole run is used)."""
    if len(blocks) > 256:
        return 0, len(blocks) - 1
    best = (float("-inf"), 0, 0)
    for i, first in enumerate(blocks):
        matched = 0
        for j in range(i, len(blocks)):
            matched += blocks[j].size
            score = _span_score(matched, blocks[j].b + blocks[j].size - first.b)
            if score > best[0]:
                best = (score, i, j)
    return best[1], best[2]


_TRIM_LIMIT = 256
"""Quotes up to this many code points get the end-trimming refinement."""


def _trim_ends(fq: str, fs: str, ws: int, we: int) -> tuple[int, int]:
    """Drop up to 3 characters from either end of the window when that raises the
    folded ``ratio`` (SequenceMatcher's greedy matching sometimes leaves a stray
    character at an end). Only for quotes up to :data:`_TRIM_LIMIT` code points."""
    if len(fq) > _TRIM_LIMIT:
        return ws, we
    best = (difflib.SequenceMatcher(None, fq, fs[ws:we], autojunk=False).ratio(), ws, we)
    for cut_start in range(4):
        for cut_end in range(4):
            start, end = ws + cut_start, we - cut_end
            if (cut_start or cut_end) and end > start:
                ratio = difflib.SequenceMatcher(None, fq, fs[start:end], autojunk=False).ratio()
                if ratio > best[0]:
                    best = (ratio, start, end)
    return best[1], best[2]


MAX_ALIGNED = 300
"""Longest quote prefix, in code points, that :func:`closest_window` aligns."""


def closest_window(quote: str, source: str) -> Window:
    """The window of ``source`` most like ``quote``, aligned character by character.

    ``quote``, ``source``: ``str``; offsets are code points. A verbatim quote gives
    its first occurrence and ``ratio`` 1.0; an empty quote or source gives
    ``Window(0, 0, "", 0.0, ...)``. Raises ``TypeError`` for anything but ``str``.

    Candidate starts come from exact look-ups of short runs of the folded quote
    (:func:`groundlab.hints.folding.fold`) in the folded source; each is aligned
    (``difflib``, ``autojunk=False``) with a region of the quote's length plus a
    margin of a quarter of it (16 to 256 code points) on each side, never the
    whole source. The run of matching blocks with the best :func:`_span_score`
    wins, widened over unmatched quote characters (never across a line break the
    quote lacks), trimmed by :func:`_trim_ends` and never cutting a letter off
    its combining marks. ``ratio`` and ``alignment`` use the unfolded text. A
    quote longer than :data:`MAX_ALIGNED` is placed by its first
    :data:`MAX_ALIGNED` code points, and the alignment ends with a line saying so.
    """
    if not isinstance(quote, str) or not isinstance(source, str):
        raise TypeError("closest_window expects two str")
    if not quote or not source:
        return Window(0, 0, "", 0.0, _alignment(quote, ""))
    at = source.find(quote)
    if at != -1:
        return Window(at, at + len(quote), quote, 1.0, _alignment(quote, quote))
    if len(quote) > MAX_ALIGNED:
        # Aligning is quadratic in the quote's length; a long quote is placed by its
        # beginning, and the alignment says so.
        head = closest_window(quote[:MAX_ALIGNED], source)
        note = f"\n(only the first {MAX_ALIGNED} characters of the {len(quote)}-character quote were aligned)"
        return Window(head.start, head.end, head.text, head.ratio, head.alignment + note)
    fq = fold(quote)
    fs = _folded_source(source)
    n = len(quote)
    margin = max(16, min(n // 4, 256))
    best: tuple[float, int, int] | None = None  # (-score, start, end)
    for start in _candidate_starts(fq, fs):
        lo = max(0, start - margin)
        hi = min(len(source), start + n + margin)
        region = fs[lo:hi]
        matcher = difflib.SequenceMatcher(None, fq, region, autojunk=False)
        blocks = [b for b in matcher.get_matching_blocks() if b.size]
        if not blocks:
            continue
        first_i, last_i = _best_span(blocks)
        first, last = blocks[first_i], blocks[last_i]
        ws, we = lo + first.b, lo + last.b + last.size
        lead, tail = first.a, n - (last.a + last.size)
        crosses = "\n" not in quote
        while lead and ws > lo and not (crosses and source[ws - 1] in "\r\n"):
            ws, lead = ws - 1, lead - 1
        while tail and we < hi and not (crosses and source[we] in "\r\n"):
            we, tail = we + 1, tail - 1
        matched = sum(b.size for b in blocks[first_i : last_i + 1])
        key = (-_span_score(matched, we - ws), ws, we)
        if best is None or key < best:
            best = key
    if best is None:
        ws, we = 0, min(len(source), n)
    else:
        ws, we = _trim_ends(fq, fs, best[1], best[2])
    while ws > 0 and ws < len(source) and is_mark(source[ws]):
        ws -= 1
    while we < len(source) and is_mark(source[we]):
        we += 1
    text = source[ws:we]
    ratio = difflib.SequenceMatcher(None, quote, text, autojunk=False).ratio()
    return Window(ws, we, text, ratio, _alignment(quote, text))


