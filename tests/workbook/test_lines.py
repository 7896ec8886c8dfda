"""One definition of a line in the view: LF only, columns in code points, every hidden character shown."""

from __future__ import annotations

import pytest

from groundlab.core.text import line_column
from groundlab.workbook.presentation.lines import LinePlace, line_place, text_lines, visible, width


def test_lines_end_at_line_feeds_only():
    text = "a\rb\u2028c\x85d\x0ce\r\nf\n\ng\n"
    assert text_lines(text) == ["a\rb\u2028c\x85d\x0ce\r", "f", "", "g", ""]
    # line N of text_lines is the line line_column numbers N, for every offset
    for position in range(len(text) + 1):
        line, column = line_column(text, position)
        assert text_lines(text)[line - 1][: column - 1] == text[position - column + 1 : position]


@pytest.mark.parametrize(
    "ch, shown",
    [
        ("\r", "⟨U+000D⟩"),
        ("\x0c", "⟨U+000C⟩"),
        ("\x0b", "⟨U+000B⟩"),
        ("\x85", "⟨U+0085⟩"),
        ("\u2028", "⟨U+2028⟩"),
        ("\u2029", "⟨U+2029⟩"),
        ("\t", "⟨U+0009⟩"),
        ("\n", "⟨U+000A⟩"),
        ("\x00", "⟨U+0000⟩"),
        ("\x7f", "⟨U+007F⟩"),
        ("\u00a0", "⟨U+00A0⟩"),
        ("\u200b", "⟨U+200B⟩"),
        ("\u200d", "⟨U+200D⟩"),
        ("\ufeff", "⟨U+FEFF⟩"),
        ("\u202e", "⟨U+202E⟩"),
        ("\u2066", "⟨U+2066⟩"),
        ("\u0301", "⟨U+0301⟩"),
        ("\ufe0f", "⟨U+FE0F⟩"),
        ("\ud800", "⟨U+D800⟩"),
        ("\ue000", "⟨U+E000⟩"),
        ("\U000e0001", "⟨U+E0001⟩"),
        (" ", " "),
        ("x", "x"),
        ('"', '"'),
        ("日", "日"),
        ("😀", "😀"),
        ("⟨", "⟨"),
    ],
)
def test_visible_shows_every_hidden_character_as_its_code_point(ch, shown):
    assert visible(ch) == shown


def test_visible_keeps_ordinary_text():
    assert visible('{"claims": [{"field": "read_timeout_ms"}]}') == '{"claims": [{"field": "read_timeout_ms"}]}'
    assert visible("a\r\nb") == "a⟨U+000D⟩⟨U+000A⟩b"


def test_width_counts_wide_characters_twice():
    assert width("") == 0
    assert width("ab") == 2
    assert width("日本") == 4
    assert width("😀") == 2
    assert width("⟨U+000D⟩") == 8


def test_line_place_of_a_lone_carriage_return_line():
    text = 'x\n{"a":\r [1}'
    assert line_place(text, 11) == LinePlace(
        2, 10, '{"a":\r [1}', '{"a":⟨U+000D⟩ [1}', " " * 16 + "^", ("U+000D CARRIAGE RETURN",)
    )


def test_line_place_at_the_line_feed_that_ends_the_line():
    assert line_place('"a\nb"', 2) == LinePlace(1, 3, '"a', '"a⟨U+000A⟩', "  ^", ("U+000A LINE FEED",))


def test_line_place_at_the_end_and_the_start():
    assert line_place("ab\n", 3) == LinePlace(2, 1, "", "", "^", ())
    assert line_place("ab", 2) == LinePlace(1, 3, "ab", "ab", "  ^", ())
    assert line_place("", 0) == LinePlace(1, 1, "", "", "^", ())


def test_line_place_after_wide_and_escaped_characters():
    place = line_place("日\u200b\u202ex", 3)
    assert place.shown == "日⟨U+200B⟩⟨U+202E⟩x"
    assert place.caret == " " * (2 + 8 + 8) + "^"
    assert place.escaped == ("U+200B ZERO WIDTH SPACE", "U+202E RIGHT-TO-LEFT OVERRIDE")


def test_line_place_names_each_escaped_character_once():
    assert line_place("\r\r\t\r", 0).escaped == ("U+000D CARRIAGE RETURN", "U+0009 CHARACTER TABULATION")


@pytest.mark.parametrize("position", [-1, 3])
def test_line_place_outside_the_text(position):
    with pytest.raises(ValueError, match=rf"position {position} is outside the text \(0\.\.2\)"):
        line_place("ab", position)
