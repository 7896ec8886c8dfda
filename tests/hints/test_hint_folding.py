"""groundlab.hints.folding: the fewest transforms under which two strings match, and the length-preserving fold."""

import pytest

from groundlab.hints.folding import (
    _CHANGES, EQUIVALENCE_LIMIT, TRANSFORMS, _chain, _fold_out, equivalence, fold, fold_spaced, line_endings, translated,
)


@pytest.mark.parametrize(
    "a, b, contains, kinds",
    [
        ("Prod", "prod", False, {"case"}),
        ("\ufb01le", "file", False, {"nfkc"}),  # casefold also expands the ligature; NFKC explains it
        ("cafe\u0301", "caf\u00e9", False, {"nfc"}),
        ("a  b", "a b", False, {"whitespace"}),
        ("a\r\nb", "a\nb", False, {"line_endings"}),
        ("5\u200b000", "5000", False, {"invisible"}),
        ("\uff15000", "5000", False, {"digits"}),
        ("f\u0430lse", "false", False, {"confusable"}),
        ("TIMEOUT", "read_timeout_ms", True, {"case"}),
    ],
)
def test_equivalence_keeps_only_the_transforms_it_needs(a, b, contains, kinds):
    assert equivalence(a, b, contains) == frozenset(kinds)


def test_no_equivalence_when_nothing_makes_them_match_or_the_quote_vanishes():
    assert equivalence("abc", "xyz", False) is None
    assert equivalence("same", "same", False) is None  # no transform applies
    assert equivalence("\u200b", "abc", True) is None  # an empty quote would match anything


@pytest.mark.parametrize("text", ["READ_timeout", "caf\u00e9 \u00a0\u200b\uff15", "\uff32\u0430\x07\u3000", "\U0001d400x"])
def test_the_folds_keep_every_offset(text):
    assert len(fold(text)) == len(text) == len(fold_spaced(text))
    assert fold_spaced("A\u00a0B") == "a\u00a0b" and fold("A\u00a0B") == "a b"


def test_line_endings_read_crlf_and_cr_as_lf():
    assert line_endings("a\r\nb\rc\n") == "a\nb\nc\n"


_SAMPLES = ["", "plain ascii", "Tab\there", "a\r\nb", "a\rb", "x\u200by", "\x07bell", "\uff15\u0665", "cafe\u0301",
            "caf\u00e9", "\ufb01", "\u0430\u0435", "Stra\u00dfe", "\u00a0\u3000", "東京 😀", "\u2028"]  # fmt: skip


@pytest.mark.parametrize("text", _SAMPLES + ["".join(_SAMPLES) * 300])
def test_whether_a_transform_changes_a_text_is_decided_without_running_it(text):
    assert {name: changes(text) for name, changes in _CHANGES.items()} == {
        name: fn(text) != text for name, fn in TRANSFORMS.items()
    }


@pytest.mark.parametrize(
    "text",
    [
        "".join(_SAMPLES) * 300 + "".join(chr(c) for c in range(0x2000, 0x3000)),  # repeats: str.translate
        "".join(chr(c) for c in range(0x100, 0x20000) if not 0xD800 <= c <= 0xDFFF),  # distinct: a regex
    ],
)
def test_a_long_fold_is_the_fold_of_each_character(text):
    assert fold(text) == "".join(ch if _fold_out(ch) is None else _fold_out(ch) for ch in text)


def test_a_short_fold_and_nothing_to_change():
    assert translated("abc", lambda ch: None) == "abc"


def test_equivalence_shares_each_chain_prefix_and_stops_at_its_limit():
    memo = {}
    assert _chain("A\u200b B", frozenset(["invisible", "case", "whitespace"]), memo) == "ab"
    assert sorted(map(sorted, memo)) == [["case", "invisible"], ["case", "invisible", "whitespace"], ["invisible"]]
    at_limit = "a" + " " * (EQUIVALENCE_LIMIT - 1)
    assert equivalence("A", at_limit, False) == frozenset(["case", "whitespace"])
    assert equivalence("A", at_limit + " ", False) is None  # over the limit: not searched
