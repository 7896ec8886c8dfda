"""groundlab.hints.render: how messages show text, places and lists."""

from groundlab.hints.render import after, char_list, codepoints, list_words, show, space_run, token


def test_show_quotes_clips_and_spells_out_what_cannot_be_seen():
    assert show("a b\u200b\u0301\u00a0") == "'a b⟨U+200B⟩⟨U+0301⟩⟨U+00A0⟩'"
    assert show("a b", spaces=True) == "'a␣b'"
    assert show("x" * 50) == "'" + "x" * 39 + "…'"
    assert token(" ") == "␣" and token("\t") == "⟨U+0009⟩" and token("é") == "é"


def test_after_names_the_place_by_what_comes_before_it():
    assert after("read_timeout_ms", 0) == "at the start"
    assert after("read_timeout_ms", 13) == "after 'read_timeout_'"
    assert after("x" * 30, 20) == "after '…" + "x" * 15 + "'"


def test_lists_names_and_runs():
    assert list_words([]) == "" and list_words(["a", "b", "c"]) == "a, b and c"
    assert codepoints("a\u200ba") == ("U+0061 LATIN SMALL LETTER A", "U+200B ZERO WIDTH SPACE")
    assert char_list([(1, "\u200b"), (3, "\u2060")], "a\u200bb\u2060") == (
        "U+200B ZERO WIDTH SPACE (after 'a') and U+2060 WORD JOINER (after 'a⟨U+200B⟩b')"
    )
    assert space_run(" ") == "a plain space (U+0020 SPACE)"
    assert space_run("  \t") == "2 × U+0020 SPACE + U+0009 CHARACTER TABULATION"
