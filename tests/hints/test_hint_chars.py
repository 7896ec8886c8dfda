"""groundlab.hints.chars: which characters are invisible, look-alike, odd spaces or non-ASCII digits."""

import pytest

from groundlab.hints import describe_char, is_invisible
from groundlab.hints.chars import (
    CONFUSABLES, PLAIN_RANGES, first_each, has_latin, is_foreign_digit, is_mark, is_odd_space, lookalike_target,
    notable_chars,
)


@pytest.mark.parametrize(
    "ch, text",
    [
        ("\u200b", "U+200B ZERO WIDTH SPACE"),
        ("\u00ad", "U+00AD SOFT HYPHEN"),
        ("\ufeff", "U+FEFF ZERO WIDTH NO-BREAK SPACE"),
        ("\r", "U+000D CARRIAGE RETURN"),
        ("\x85", "U+0085 NEXT LINE"),
        ("\x01", "U+0001 (a control character)"),
        ("\ud800", "U+D800 (a lone surrogate)"),
        ("\uffff", "U+FFFF (a noncharacter)"),
        ("\U0010fffe", "U+10FFFE (a noncharacter)"),
        ("\u0378", "U+0378 (unassigned)"),
        ("\ue000", "U+E000 (a private-use character)"),
        ("\u0430", "U+0430 CYRILLIC SMALL LETTER A"),
    ],
)
def test_describe_char_names_code_points(ch, text):
    assert describe_char(ch) == text


def test_describe_char_refuses_more_than_one_character():
    with pytest.raises(TypeError):
        describe_char("ab")


@pytest.mark.parametrize(
    "ch",
    ["\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\u00ad", "\ufeff", "\u2060", "\u180e",
     "\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069",
     "\u034f", "\u3164", "\ufe0f", "\U000e0041", "\x00", "\x7f"],
)
def test_invisible_characters(ch):
    assert is_invisible(ch)


@pytest.mark.parametrize("ch", ["a", " ", "\t", "\n", "\r", "\u00a0", "\u3000", "\x0b", "\u0430", "\u0301"])
def test_visible_or_whitespace_characters_are_not_invisible(ch):
    assert not is_invisible(ch)


def test_odd_spaces_are_whitespace_json_does_not_allow():
    assert [is_odd_space(c) for c in " \t\n\r"] == [False] * 4
    assert is_odd_space("\u00a0") and is_odd_space("\u3000") and not is_odd_space("a")


def test_foreign_digits_are_non_ascii_decimal_digits():
    assert is_foreign_digit("\uff15") and is_foreign_digit("\u0665")
    assert not is_foreign_digit("5") and not is_foreign_digit("\u00bd")


def test_look_alikes_map_non_ascii_to_ascii_of_the_same_case():
    assert CONFUSABLES["\u0430"] == "a" and CONFUSABLES["\u2010"] == "-"
    for ch, target in CONFUSABLES.items():
        assert not ch.isascii() and target.isascii() and len(target) == 1
        assert ch.isupper() == target.isupper()
    assert lookalike_target("\u03bb", latin_context=True) == ""  # a Greek letter with no single twin
    assert lookalike_target("\u03bb", latin_context=False) is None
    assert lookalike_target("a", latin_context=True) is None


def test_first_each_finds_each_distinct_character_once():
    assert first_each("a\u200bb\u200bc\u2060", is_invisible, "") == [(1, "\u200b"), (5, "\u2060")]
    assert first_each("a\u200b", is_invisible, "\u200b") == []


def test_first_each_on_a_long_text_is_the_same_as_walking_it():
    text = "x" * 5000 + "\u200b" + "y\u2060\u200b" + "".join(chr(0xE0020 + i) for i in range(8)) + "\u00ad"
    assert first_each(text, is_invisible, "") == [
        (5000, "\u200b"), (5002, "\u2060"), (5004, "\U000e0020"), (5005, "\U000e0021"), (5006, "\U000e0022"),
        (5007, "\U000e0023"),
    ]  # fmt: skip
    assert first_each(text, is_invisible, "\u200b\U000e0020" + "z" * 5000) == [
        (5002, "\u2060"), (5005, "\U000e0021"), (5006, "\U000e0022"), (5007, "\U000e0023"), (5008, "\U000e0024"),
        (5009, "\U000e0025"),
    ]  # fmt: skip
    assert first_each("]^-\\" * 2000 + "\u3000", is_odd_space, "") == [(8000, "\u3000")]  # regex-special text


def _sampled(lo, hi):
    return sorted({lo, hi, *range(lo, hi + 1, 61)})


def test_plain_ranges_hold_nothing_a_hint_flags_or_a_fold_changes():
    from groundlab.hints.folding import _digit_out, _fold_out, _invisible_out, _spaced_out

    checked = 0
    for lo, hi in PLAIN_RANGES:
        for point in _sampled(lo, hi):
            ch = chr(point)
            assert not (is_invisible(ch) or is_foreign_digit(ch) or is_odd_space(ch) or is_mark(ch)), hex(point)
            assert lookalike_target(ch, True) is None and ch not in CONFUSABLES and not has_latin(ch), hex(point)
            assert ch.casefold() == ch and ch.lower() == ch, hex(point)
            assert {_fold_out(ch), _spaced_out(ch), _invisible_out(ch), _digit_out(ch)} == {None}, hex(point)
            checked += 1
    assert checked > 15_000


def test_notable_chars_of_a_long_text_leave_out_the_plain_ranges():
    text = "東京" * 3000 + "a\u200b\U000f0001"
    assert notable_chars(text) == frozenset("a\u200b")
    assert notable_chars("東京a") == frozenset("東京a")  # a short text is taken as it is
