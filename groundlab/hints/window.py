"""Where a quote nearly occurs: the closest window of a source and its character alignment.

Offsets count code points. ``docs/architecture.md``, "Decisions recorded so far" (hint
alignment is bounded).

The search never aligns a whole source, and every alignment is bounded in work
(:mod:`groundlab.hints.bounded`), so a 1 MB or a repetitive source stays fast. Candidate
starts come from exact look-ups of short runs of the folded quote in the folded source
(folded once per source and cached); each is aligned (``autojunk=False``) with a region of
the quote's length plus a quarter of it (16 to 256 code points) on each side, each
distinct region once. The run of matching blocks with the best
:func:`~groundlab.hints.candidates.span_score` wins, widened over unmatched quote
characters (never across a line break the quote lacks), trimmed by :func:`_trim_ends`, and
never cutting a letter off its combining marks (up to 30, UAX #15's stream-safe limit).
"""

from __future__ import annotations

import difflib
import functools
from dataclasses import dataclass

from groundlab.core.language import LIBRARY_CATALOGUE as tr
from groundlab.hints.alignment import alignment_lines
from groundlab.hints.bounded import WORK_LIMIT, Budget, bounded_matcher
from groundlab.hints.candidates import best_span, candidate_starts, span_score
from groundlab.hints.chars import is_mark
from groundlab.hints.folding import fold

__all__ = ["MAX_ALIGNED", "Window", "closest_window"]


@dataclass(frozen=True)
class Window:
    """The part of a source most like a quote (see :func:`closest_window`).

    * ``start``, ``end`` -- code point offsets into the source; ``text`` is ``source[start:end]``;
    * ``ratio`` -- ``difflib.SequenceMatcher(None, quote[:aligned], text).ratio()``, in 0..1
      (1.0 only when ``text`` is ``quote[:aligned]``);
    * ``alignment`` -- the three lines of
      :func:`~groundlab.hints.alignment.alignment_lines`, and a fourth when only part of the
      quote was aligned;
    * ``aligned`` -- how many code points of the quote, from its start, were aligned
      (``len(quote)``, or fewer for a quote too long or too repetitive to align in full).
    """

    start: int
    end: int
    text: str
    ratio: float
    alignment: str
    aligned: int


@functools.lru_cache(maxsize=8)
def _folded_source(source: str) -> str:
    """:func:`~groundlab.hints.folding.fold` of ``source``, computed once per source text (8 kept)."""
    return fold(source)


_TRIM_LIMIT = 256
"""Quotes up to this many code points get the end-trimming refinement."""


def _trim_ends(fq: str, fs: str, ws: int, we: int, budget: Budget) -> tuple[int, int]:
    """Drop up to 3 characters from either end of the window when that raises the
    folded ``ratio`` (SequenceMatcher's greedy matching sometimes leaves a stray
    character at an end). Only for quotes up to :data:`_TRIM_LIMIT` code points.
    A cut whose ``quick_ratio`` (an upper bound) cannot beat the best is not
    aligned; the alignments share ``budget``, and trimming stops, keeping the
    best so far, when it runs out."""
    if len(fq) > _TRIM_LIMIT:
        return ws, we
    best: tuple[float, int, int] | None = None
    for cut_start in range(4):
        for cut_end in range(4):
            start, end = ws + cut_start, we - cut_end
            if (cut_start or cut_end) and end <= start:
                continue
            if best is not None and difflib.SequenceMatcher(None, fq, fs[start:end], False).quick_ratio() <= best[0]:
                continue  # quick_ratio bounds ratio from above (difflib), so this cut cannot win
            matcher = bounded_matcher(fq, fs[start:end], budget)
            if matcher is None:
                return (ws, we) if best is None else (best[1], best[2])
            ratio = matcher.ratio()
            if best is None or ratio > best[0]:
                best = (ratio, start, end)
    assert best is not None
    return best[1], best[2]


MAX_ALIGNED = 300
"""Longest quote prefix, in code points, that :func:`closest_window` aligns."""

_HEADS = (MAX_ALIGNED, 64, 16)
"""Prefix lengths tried in turn when an alignment exceeds its work bound; the last is never bounded."""

_SEARCH_UNITS = 2 * WORK_LIMIT
"""Work units for aligning every candidate region of one prefix (about 4 x what 300 ordinary characters need)."""

_TRIM_UNITS = 2 * WORK_LIMIT
"""Work units for :func:`_trim_ends` (about 2 x what 256 characters of low-entropy text need)."""

_MAX_MARKS = 30
"""Most combining marks a window is widened over at each end: the stream-safe limit of UAX #15."""


def _place(head: str, source: str, fs: str, bounded: bool) -> tuple[int, int, difflib.SequenceMatcher] | None:
    """``(start, end, matcher)`` of the window for ``head`` (the matcher aligns ``head`` with
    ``source[start:end]``), or ``None`` when ``bounded`` and an alignment exceeds its work bound."""
    unbounded = Budget(1 << 62)
    search = Budget(_SEARCH_UNITS) if bounded else unbounded
    fq = fold(head)
    n = len(head)
    margin = max(16, min(n // 4, 256))
    aligned_regions: dict[str, tuple[list, int, int] | None] = {}  # a repetitive source repeats its regions
    best: tuple[float, int, int] | None = None  # (-score, start, end)
    for start in candidate_starts(fq, fs):
        lo = max(0, start - margin)
        hi = min(len(source), start + n + margin)
        region = fs[lo:hi]
        if region not in aligned_regions:
            matcher = bounded_matcher(fq, region, search)
            if matcher is None:
                return None
            blocks = [b for b in matcher.get_matching_blocks() if b.size]
            aligned_regions[region] = (blocks, *best_span(blocks)) if blocks else None
        found = aligned_regions[region]
        if found is None:
            continue
        blocks, first_i, last_i = found
        first, last = blocks[first_i], blocks[last_i]
        ws, we = lo + first.b, lo + last.b + last.size
        lead, tail = first.a, n - (last.a + last.size)
        crosses = "\n" not in head
        while lead and ws > lo and not (crosses and source[ws - 1] in "\r\n"):
            ws, lead = ws - 1, lead - 1
        while tail and we < hi and not (crosses and source[we] in "\r\n"):
            we, tail = we + 1, tail - 1
        matched = sum(b.size for b in blocks[first_i : last_i + 1])
        key = (-span_score(matched, we - ws), ws, we)
        if best is None or key < best:
            best = key
    if best is None:
        ws, we = 0, min(len(source), n)
    else:
        ws, we = _trim_ends(fq, fs, best[1], best[2], Budget(_TRIM_UNITS))
    marks = 0
    while ws > 0 and ws < len(source) and is_mark(source[ws]) and marks < _MAX_MARKS:
        ws, marks = ws - 1, marks + 1
    marks = 0
    while we < len(source) and is_mark(source[we]) and marks < _MAX_MARKS:
        we, marks = we + 1, marks + 1
    matcher = bounded_matcher(head, source[ws:we], Budget() if bounded else unbounded)
    return None if matcher is None else (ws, we, matcher)


def closest_window(quote: str, source: str) -> Window:
    """The window of ``source`` most like ``quote`` (both ``str``, else ``TypeError``), aligned character by character.

    A verbatim quote gives its first occurrence and ``ratio`` 1.0; an empty quote or source
    gives ``Window(0, 0, "", 0.0, ...)``. ``ratio`` and ``alignment`` use the unfolded text.
    Only a prefix is aligned when the whole would cost too much: the first
    :data:`MAX_ALIGNED` code points, then 64, then 16 (which always fit) when a prefix's
    alignments exceed their work bound; ``aligned`` says how many, and so does the
    alignment's last line.
    """
    if not isinstance(quote, str) or not isinstance(source, str):
        raise TypeError("closest_window expects two str")
    n = len(quote)
    if not quote or not source:
        return Window(0, 0, "", 0.0, alignment_lines(quote, "", [("delete", 0, n, 0, 0)] if n else []), n)
    at = source.find(quote) if n > MAX_ALIGNED else -1  # a shorter quote is looked up as the first prefix
    if at != -1:
        return _verbatim(quote, at)
    fs = _folded_source(source)
    window = None
    for size in [min(n, MAX_ALIGNED)] + [size for size in _HEADS if size < min(n, MAX_ALIGNED)]:
        window = _head_window(quote[:size], source, fs, bounded=size > _HEADS[-1])
        if window is not None:
            break
    assert window is not None  # the last prefix is aligned without a bound
    if window.aligned == n:
        return window
    note = "\n" + tr("(only the first {aligned} characters of the {count}-character quote were aligned)").format(
        aligned=window.aligned, count=n
    )
    return Window(window.start, window.end, window.text, window.ratio, window.alignment + note, window.aligned)


def _head_window(head: str, source: str, fs: str, bounded: bool) -> Window | None:
    """The window of ``head`` (a prefix of the quote), or ``None`` when ``bounded`` and its alignment is too costly."""
    at = source.find(head)
    if at != -1:
        return _verbatim(head, at)
    placed = _place(head, source, fs, bounded)
    if placed is None:
        return None
    ws, we, matcher = placed
    text = source[ws:we]
    return Window(ws, we, text, matcher.ratio(), alignment_lines(head, text, matcher.get_opcodes()), len(head))


def _verbatim(text: str, at: int) -> Window:
    """The window of ``text`` found verbatim at offset ``at``: ratio 1.0, every character aligned."""
    n = len(text)
    return Window(at, at + n, text, 1.0, alignment_lines(text, text, [("equal", 0, n, 0, n)]), n)
