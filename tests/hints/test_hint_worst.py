"""The hints in bounded time: repetitive and huge inputs get a stated "too long to align" hint, never seconds.

The issue asks for "within about 1 s" on any input the contract admits; the tests allow a
generous 5 s a call (a shared machine), and benchmarks/hints_worst.py measures the real figures.
"""

import time

from hypothesis import given, settings
from hypothesis import strategies as st
from hint_answers import kinds

from groundlab import is_quoted
from groundlab.hints import HINT_KINDS, closest_window, quote_hints, value_hints
from groundlab.hints.window import MAX_ALIGNED

BUDGET_S = 5.0

TOO_LONG = (
    "The closest text in the document is 'abababababababababababababababababababababababababababababa…' "
    "(line 1, 55% similar to the quote's first 64 characters); the quote is too long to align in full within "
    "the hints' time bound, so its other 192 characters were not aligned."
)


def timed(call):
    start = time.perf_counter()
    result = call()
    return time.perf_counter() - start, result


def test_a_repetitive_quote_too_costly_to_align_is_placed_by_its_first_64_characters():
    # "a" x 256 against "abab...": each full alignment took seconds (6-8 s on the benchmark machine)
    seconds, window = timed(lambda: closest_window("a" * 256, "ab" * 300))
    assert seconds < BUDGET_S
    assert (window.start, window.end, window.aligned) == (0, 79, 64)
    assert window.text == "ab" * 39 + "a"
    assert window.alignment.endswith("\n(only the first 64 characters of the 256-character quote were aligned)")


def test_the_closest_hint_says_the_quote_is_too_long_to_align_and_what_was_skipped():
    hints = quote_hints("a" * 256, "ab" * 300)
    assert kinds(hints) == ("closest",)
    assert hints[0].message == TOO_LONG
    assert hints[0].detail == closest_window("a" * 256, "ab" * 300).alignment


def test_a_quote_over_max_aligned_characters_says_so_too():
    hints = quote_hints("x" * 400, "abc x y", doc="prod-v2")
    assert hints[-1].message == (
        "The closest text in prod-v2 is 'x y' (line 1, 0% similar to the quote's first 300 characters); the "
        "quote is too long to align in full within the hints' time bound, so its other 100 characters were "
        "not aligned."
    )
    assert closest_window("x" * 400, "abc x y").aligned == MAX_ALIGNED


def test_a_verbatim_long_quote_is_aligned_in_full():
    quote = "read_timeout_ms=5000\n" * 30
    window = closest_window(quote, "x" + quote)
    assert (window.start, window.aligned, window.ratio) == (1, len(quote), 1.0)
    assert "only the first" not in window.alignment


def _mixed(size):
    pieces = ("Größe ", "東京都の設定 ", "مرحبا ", "cafe\u0301 ", "😀 ", "x\u200by ", "\u0430\u0435 ", "\uff15 ", "\r\n")
    return "".join(pieces[(i * 7) % len(pieces)] for i in range(size // 4))[:size]


def test_a_megabyte_of_mixed_scripts_with_a_quote_found_after_transforms():
    source = _mixed(1_000_000)
    quote = "\u200b" + source[500_000:500_060].upper()
    seconds, hints = timed(lambda: quote_hints(quote, source))
    assert seconds < BUDGET_S
    assert kinds(hints)[-1] == "closest"
    assert set(kinds(hints)) <= set(HINT_KINDS)


# ---- property: repetitive texts of every shape finish in bounded time and give well-formed hints

_UNITS = st.sampled_from(["a", "b", "ab", "aab", "abc", " ", "\n", "\r\n", "A", "\u200b", "e\u0301", "😀", "\u0430"])


@st.composite
def repetitive(draw, max_length):
    """A short pattern repeated up to ``max_length`` code points, with up to 3 single-character changes."""
    pattern = "".join(draw(st.lists(_UNITS, min_size=1, max_size=3)))
    length = draw(st.one_of(st.integers(1, 300), st.integers(1, max_length), st.integers(max_length // 2, max_length)))
    text = (pattern * (length // len(pattern) + 1))[:length]
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(text) - 1))
        text = text[:at] + draw(_UNITS) + text[at + 1 :]
    return text


@settings(max_examples=30, deadline=None)
@given(quote=repetitive(3000), source=repetitive(200_000))
def test_repetitive_texts_get_well_formed_hints_within_the_budget(quote, source):
    for normalized in (False, True):
        seconds, hints = timed(lambda: quote_hints(quote, source, normalized=normalized))
        assert seconds < BUDGET_S
        assert all(h.kind in HINT_KINDS and h.message and "\n" not in h.message for h in hints)
        found = is_quoted(quote, source) if normalized else quote in source
        if found:
            assert hints == ()
        else:
            assert kinds(hints).count("closest") == 1 and hints[-1].kind == "closest"
    seconds, window = timed(lambda: closest_window(quote, source))
    assert seconds < BUDGET_S
    assert 0 <= window.start <= window.end <= len(source)
    assert window.text == source[window.start : window.end]
    assert 0.0 <= window.ratio <= 1.0
    assert 0 < window.aligned <= len(quote)
    assert window.aligned == len(quote) or "only the first" in window.alignment
    seconds, hints = timed(lambda: value_hints(quote[:2048], source[:2048]))
    assert seconds < BUDGET_S
    assert all(h.kind in HINT_KINDS for h in hints)


def test_combining_marks_just_under_the_old_limit_stay_fast():
    """A 65 KB run of combining marks took about 5 s before the near-window limit was 8,192."""
    import time

    from groundlab import quote_hints

    source = "read_timeout_ms=5000\n" + "a" + "\u0301\u0316" * 32700
    start = time.perf_counter()
    hints = quote_hints("read_timeout_ms=500O", source)
    assert time.perf_counter() - start < 5.0  # generous: about 0.02 s here
    assert hints and hints[-1].kind == "closest"
