"""The ladder's lens folds and fuzzy scores: what each one changes, and what it leaves alone."""

from __future__ import annotations

import pytest

from groundlab import normalize_quote
from groundlab.lab.folds import drop_invisible, join_line_hyphens, lens_form, lens_forms, lens_match, nfkc


def test_nfkc_folds_compatibility_forms_and_composes_accents():
    assert nfkc("\uff2a\uff41\uff56\uff41 \ufb01le Zu\u0308rich") == "Java file Z\u00fcrich"
    assert nfkc("\u2013 \u2019") == "\u2013 \u2019"  # dashes and curly marks are not compatibility forms


def test_drop_invisible_removes_format_characters_only():
    assert drop_invisible("log\u00adistics\u200b and\ufeff\u2060 more") == "logistics and more"
    assert drop_invisible("a\u00a0b\tc") == "a\u00a0b\tc"
    assert drop_invisible("plain ascii") == "plain ascii"


@pytest.mark.parametrize(
    ("text", "joined"),
    [
        ("configu-\nration", "configuration"),
        ("configu-\r\nration", "configuration"),
        ("configu- \n ration", "configuration"),
        ("on-call", "on-call"),
        ("5-\n6", "5-\n6"),
        ("end -\nstart", "end -\nstart"),
        ("on-\n call and off-\npeak", "oncall and offpeak"),
    ],
)
def test_join_line_hyphens(text, joined):
    assert join_line_hyphens(text) == joined


def test_lens_forms_stack_the_folds_in_order():
    text = "\u201cCONFIGU-\nRA\u00adTION \uff46ile\u201d."
    assert lens_forms(text) == (
        normalize_quote(text),
        "configu- ration file",  # the typography fold removed the soft hyphen before NFKC
        "configu- ration file",
        "configuration file",
    )
    assert tuple(lens_form(text, k) for k in range(4)) == lens_forms(text)
    assert lens_form(None, 3) == "" and lens_forms(None) == ("", "", "", "")


def test_lens_form_refuses_bad_arguments():
    with pytest.raises(ValueError, match="steps must be 0 to 3, not 4"):
        lens_form("x", 4)
    with pytest.raises(TypeError, match="text must be a str or None, not int"):
        lens_form(5, 1)
    with pytest.raises(TypeError, match="text must be a str or None, not bytes"):
        lens_forms(b"x")


def test_lens_match_keeps_the_rules_minimum():
    assert lens_match("abc", "xxabcxx") is True
    assert lens_match("ab", "ab") is False
    assert lens_match("abd", "abc") is False


def test_fuzzy_scores():
    pytest.importorskip("rapidfuzz")
    from groundlab.lab.fuzzy import partial_score, token_set_score

    assert partial_score("abc", "xxabcxx") == 100.0
    assert round(partial_score("retries on", "retries off"), 2) == 94.74  # best window "retries o": 2 * 9 / 19
    assert token_set_score("permitted is working", "Working is not permitted.") == 100.0
    assert token_set_score("alpha", "omega") == 20.0  # no shared word: the plain ratio, 2 * 1 / 10
