"""groundlab.hints.folding: the fewest transforms under which two strings match, and the length-preserving fold."""

import pytest

from groundlab.hints.folding import equivalence, fold, fold_spaced, line_endings


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
