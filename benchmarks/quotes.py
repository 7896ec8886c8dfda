"""Cost of the quote check on a long source: 1,000 quotes against 1 MB of text.

Builds a deterministic source of about 1,000,000 code points (made-up words in lines, with
some capitals, tabs and no-break spaces so normalising has work to do) and 1,000 quotes: 500
taken from the source (re-cased, with whitespace changed, some wrapped in curly quotes) and
500 that are not in it. Prints:

* the time of the first ``is_quoted`` call, which normalises the source once (the source
  cache of ``groundlab.grounding.rule`` is cleared first);
* the total for all 1,000 quotes, including that first call, and the time per quote after it;
* ``is_quoted`` on quotes of digits (or periodic ones) whose every occurrence cuts a number;
* for comparison, the near-miss explanation of :mod:`groundlab.hints` for 10 of the quotes
  (``quote_hints(..., normalized=True)`` and ``closest_window`` on the same source).

Figures only, no assertions; the aim, under a second for all 1,000, keeps the check cheap
enough to run on every reply ("No Quote, No Claim"; ``docs/architecture.md``). Run:
``python benchmarks/quotes.py`` (or ``make bench``).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SOURCE_CHARS = 1_000_000
QUOTES = 1_000


def build_source(rng: random.Random) -> str:
    syllables = ["ka", "lo", "mi", "ren", "to", "sa", "vel", "dor", "qui", "an", "es", "ur"]
    words = ["".join(rng.choice(syllables) for _ in range(rng.randint(1, 4))) for _ in range(4000)]
    lines = []
    size = 0
    while size < SOURCE_CHARS:
        line_words = [rng.choice(words) for _ in range(rng.randint(6, 14))]
        if rng.random() < 0.2:
            line_words[0] = line_words[0].capitalize()
        sep = "\t" if rng.random() < 0.05 else ("\u00a0" if rng.random() < 0.05 else " ")
        line = sep.join(line_words) + "."
        lines.append(line)
        size += len(line) + 1
    return "\n".join(lines)[:SOURCE_CHARS]


def build_quotes(rng: random.Random, source: str) -> list[str]:
    quotes = []
    for i in range(QUOTES):
        start = rng.randrange(0, len(source) - 200)
        piece = source[start : start + rng.randint(12, 80)]
        if i % 2 == 0:  # found after normalising
            piece = piece.upper() if i % 4 == 0 else piece
            quotes.append(f"\u201c{piece}\u201d" if i % 6 == 0 else piece)
        else:  # not found: one letter changed
            k = rng.randrange(len(piece))
            quotes.append(piece[:k] + ("z" if piece[k] != "z" else "y") + "x" + piece[k + 1 :])
    return quotes


def main() -> int:
    from groundlab.grounding import rule as quote_module

    rng = random.Random(20240611)
    source = build_source(rng)
    quotes = build_quotes(rng, source)
    quote_module._normalized_source.cache_clear()
    is_quoted = quote_module.is_quoted

    start = time.perf_counter()
    first = is_quoted(quotes[0], source)
    first_s = time.perf_counter() - start
    found = int(first)
    start_rest = time.perf_counter()
    for quote in quotes[1:]:
        found += is_quoted(quote, source)
    rest_s = time.perf_counter() - start_rest
    total_s = first_s + rest_s

    print(f"is_quoted: {QUOTES} quotes against a source of {len(source):,} code points")
    print(f"  first call (normalises the source once): {first_s * 1e3:8.1f} ms")
    print(f"  all {QUOTES} quotes, first call included:  {total_s * 1e3:8.1f} ms   (aim: < 1000 ms)")
    print(f"  per quote after the first:               {rest_s / (QUOTES - 1) * 1e6:8.1f} us")
    print(f"  quotes found: {found} of {QUOTES}")

    # Occurrences that all cut a number: the search must not retry every offset.
    worst = [("1" * 4000, "1" * 200_000), ("12a" * 1000 + "1", "12a" * 50_000 + "1 end"),
             ("5" * 300, "5" * 1_000_000)]
    print("is_quoted where every occurrence but at most one cuts a number:")
    for quote, worst_source in worst:
        start = time.perf_counter()
        verdict = is_quoted(quote, worst_source)
        print(f"  {len(quote):5,}-character quote in {len(worst_source):9,} code points: "
              f"{(time.perf_counter() - start) * 1e3:8.1f} ms ({verdict})")

    from groundlab.hints import closest_window, quote_hints

    sample = quotes[1:21:2]  # ten quotes that are not found
    hint_times, window_times = [], []
    for quote in sample:
        start = time.perf_counter()
        quote_hints(quote, source, normalized=True)
        hint_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        closest_window(quote, source)
        window_times.append(time.perf_counter() - start)
    print("groundlab.hints on the same source (10 quotes that are not found):")
    print(f"  quote_hints(normalized=True): median {statistics.median(hint_times) * 1e3:7.1f} ms, "
          f"first {hint_times[0] * 1e3:7.1f} ms (folds and caches the source)")
    print(f"  closest_window:               median {statistics.median(window_times) * 1e3:7.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
