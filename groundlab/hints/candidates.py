"""Where a quote may start in a source, and which run of matching blocks covers it best.

Offsets count code points; both texts are folded first
(:func:`groundlab.hints.folding.fold`, length-preserving). ``docs/architecture.md``, "Hints".

The look-ups are exact ``str.count`` / ``str.find`` calls, linear in the source, with a
fixed number of runs and at most :data:`_OCCURRENCES_CAP` occurrences, so a 1 MB source
stays fast. Unlike ``ratio``, :func:`span_score` prefers ``Java (Intermediate, 3 years)``
to ``iate, 3 years)`` for the quote ``Java (3 years)``, yet still drops a stray match far
from the rest.
"""

from __future__ import annotations

from collections import Counter

__all__ = ["best_span", "candidate_starts", "span_score"]

_GRAM_SIZES = (8, 5, 3, 2, 1)
_GRAMS_PER_SIZE = 24
_OCCURRENCES_CAP = 2000
_CANDIDATES = 8


def candidate_starts(fq: str, fs: str) -> list[int]:
    """Likely start offsets of the folded quote ``fq`` in the folded source ``fs``, best first.

    Each occurrence of an evenly spaced run of the quote (8 characters, else 5, 3, 2, 1)
    votes for a start; at most :data:`_CANDIDATES` starts, each with at least half the
    votes of the best; ``[0]`` when no run occurs.
    """
    n = len(fq)
    for k in _GRAM_SIZES:
        if n < k:
            continue
        count_offsets = n - k + 1
        step = max(1, count_offsets // _GRAMS_PER_SIZE)
        grams = []
        counted: dict[str, int] = {}  # a repetitive quote repeats its runs: count each once
        for offset in range(0, count_offsets, step):
            gram = fq[offset : offset + k]
            if "\x00" in gram or not gram.strip():
                continue
            found = counted[gram] = counted[gram] if gram in counted else fs.count(gram)
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


def span_score(matched: int, span: int) -> float:
    """A window's score: ``matched`` quote characters minus 0.25 per unmatched character of its ``span``."""
    return matched - 0.25 * (span - matched)


def best_span(blocks: list) -> tuple[int, int]:
    """Indices ``(i, j)`` of the run of matching blocks ``blocks[i..j]`` with the
    best :func:`span_score`. Quadratic in the number of blocks, which is capped
    at 256 (beyond that the whole run is used)."""
    if len(blocks) > 256:
        return 0, len(blocks) - 1
    best = (float("-inf"), 0, 0)
    for i, first in enumerate(blocks):
        matched = 0
        for j in range(i, len(blocks)):
            matched += blocks[j].size
            score = span_score(matched, blocks[j].b + blocks[j].size - first.b)
            if score > best[0]:
                best = (score, i, j)
    return best[1], best[2]
