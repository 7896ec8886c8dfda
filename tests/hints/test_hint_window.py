"""groundlab.hints.window: the closest window of a source and its character alignment."""

from dataclasses import FrozenInstanceError

import pytest
from hint_answers import PROFILE, kinds

from groundlab.hints import closest_window, quote_hints


def test_window_is_frozen():
    window = closest_window("ab", "xaby")
    with pytest.raises(FrozenInstanceError):
        window.start = 0


def test_window_of_a_verbatim_quote(prod_v2):
    window = closest_window("retry_enabled=false", prod_v2)
    assert (window.start, window.end, window.text, window.ratio) == (21, 40, "retry_enabled=false", 1.0)


def test_window_alignment_marks_an_inserted_invisible_character(prod_v2):
    window = closest_window("read_timeout_\u200bms=5000", prod_v2)
    assert (window.start, window.end, window.text) == (0, 20, "read_timeout_ms=5000")
    assert window.ratio == pytest.approx(40 / 41)
    assert window.alignment == (
        "quote:    read_timeout_⟨U+200B⟩ms=5000\n"
        "document: read_timeout_        ms=5000\n"
        "                       ++++++++"
    )


def test_window_alignment_marks_replacements_and_document_only_characters():
    window = closest_window("read_timeout_ms=5000", "x read_timeout_ns=500 y")
    assert window.text == "read_timeout_ns=500"
    assert window.alignment == (
        "quote:    read_timeout_ms=5000\n"
        "document: read_timeout_ns=500\n"
        "                       ^     +"
    )


def test_window_shows_spaces_as_open_box():
    window = closest_window("a  b", "xx a b yy")
    assert window.text == "a b"
    assert window.alignment.splitlines() == ["quote:    a␣␣b", "document: a␣ b", "            +"]


def test_window_does_not_cross_a_line_the_quote_does_not_have(prod_v2):
    window = closest_window("read_timeout_ms=5000 ms", prod_v2)
    assert window.text == "read_timeout_ms=5000"


def test_window_prefers_covering_the_quote():
    window = closest_window("Java (3 years)", PROFILE)
    assert window.text == "Java (Intermediate, 3 years)"


def test_window_keeps_combining_marks_with_their_letter():
    window = closest_window("caf\u00e9", "the cafe\u0301 menu")
    assert (window.start, window.end, window.text) == (4, 9, "cafe\u0301")
    window = closest_window("\u0301 MENU", "the cafe\u0301 menu")  # not verbatim, starts at a mark
    assert (window.start, window.text) == (7, "e\u0301 menu")


def test_window_of_empty_inputs():
    window = closest_window("", "abc")
    assert (window.start, window.end, window.text, window.ratio) == (0, 0, "", 0.0)
    window = closest_window("x", "")
    assert (window.start, window.end, window.text, window.ratio) == (0, 0, "", 0.0)
    assert window.alignment == "quote:    x\ndocument:\n          +"


def test_window_refuses_non_text():
    with pytest.raises(TypeError):
        closest_window(b"x", "x")


def test_window_finds_a_near_miss_in_a_megabyte():
    filler = "".join(f"line {i}: nothing to see here, key_{i}=value_{i}\n" for i in range(25_000))
    planted = "read_timeout_ms=5000\n"
    source = filler[:600_000] + planted + filler[600_000:]
    assert len(source) > 1_000_000
    window = closest_window("READ_TIMEOUT_\u200bMS=5000", source)
    assert (window.start, window.end) == (600_000, 600_020)
    assert kinds(quote_hints("READ_TIMEOUT_\u200bMS=5000", source)) == ("invisible", "case", "closest")


def test_long_alignment_is_cut_around_the_first_difference():
    text = "abcdefghij" * 20
    quote = text[:100] + "X" + text[101:]
    window = closest_window(quote, text)
    assert (window.start, window.end) == (0, 200)
    first, second, marks = window.alignment.splitlines()
    # 200 columns; the first difference is column 100, so columns 88..159 are shown
    assert first == "quote:    …" + quote[88:100] + "X" + quote[101:160] + "…"
    assert second == "document: …" + text[88:160] + "…"
    assert marks == " " * 10 + " " + " " * 12 + "^"


def test_window_widens_over_at_most_30_combining_marks():
    # a letter with 100 marks: the window took them all, walking the source one mark at a time
    window = closest_window("qe\u0301X", "aaa qe" + "\u0301" * 100 + " zzz")
    assert (window.start, window.end) == (4, 37)  # 'qe' + U+0301 + 30 more (UAX #15's stream-safe limit)
    window = closest_window("\u0301\u0301abd", "\u0301" * 100 + "abc")
    assert (window.start, window.end) == (68, 102)


def test_window_of_empty_and_verbatim_inputs_is_aligned_in_full():
    assert closest_window("", "abc").aligned == 0
    assert closest_window("xyz", "").aligned == 3
    assert closest_window("b", "abc").aligned == 1
