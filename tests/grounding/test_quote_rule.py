"""Tests for groundlab.grounding.rule: normalize_quote and is_quoted ("No Quote, No Claim")."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from groundlab import MIN_QUOTE_CHARS, is_quoted, normalize_quote

PROFILE = "Headline: Backend developer\nSkills: Java (Intermediate, 3 years)"
JOB = "Job title: Java Engineer\nDescription: Build secure Java APIs and deploy services on AWS."


def test_min_quote_chars():
    assert MIN_QUOTE_CHARS == 3


# --------------------------------------------------------------------------
# normalize_quote


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (None, ""),
        ("", ""),
        ("   ", ""),
        ("Java", "java"),
        ("  JAVA  Engineer ", "java engineer"),
        ("\u201cJava (Intermediate, 3 years)\u201d", "java (intermediate, 3 years)"),
        ("\u2018secure Java APIs\u2019.", "secure java apis"),
        ("\"'Java'\"", "java"),
        ("Java\u00a0(Intermediate,\u00a03 years)", "java (intermediate, 3 years)"),
        ("Java\t(Intermediate,\r\n3 years)", "java (intermediate, 3 years)"),
        ("Java\u2003\u2003Engineer", "java engineer"),  # em spaces are str.split() whitespace
        (". , ; : \u201c \u201d", ""),  # punctuation only
        ("...Java...", "java"),
        (": Java; Engineer :", "java; engineer"),  # inner punctuation stays
        ("(Java)", "(java)"),  # brackets are not trimmed
        ("Java!", "java!"),  # neither is ! or ?
        ("-Java-", "-java-"),
        ("a.*s", "a.*s"),
        ("50% (approx", "50% (approx"),
        (" \u201c on. \u201d ", "on"),
        ("\u00a0 \t Java \u00a0", "java"),
        ("JAVA\u200bSCRIPT", "java\u200bscript"),  # zero-width space is not whitespace
    ],
)
def test_normalize_quote(raw, expected):
    assert normalize_quote(raw) == expected


def test_normalize_quote_uses_full_unicode_lowercase():
    assert normalize_quote("STRASSE \u0130") == "strasse i\u0307"
    assert len(normalize_quote("\u0130")) == 2


@pytest.mark.parametrize("bad", [b"Java", 3, ["Java"], object()])
def test_normalize_quote_rejects_non_text(bad):
    with pytest.raises(TypeError, match="text must be a str or None"):
        normalize_quote(bad)


# --------------------------------------------------------------------------
# is_quoted


@pytest.mark.parametrize(
    ("quote", "source", "expected"),
    [
        ("Java (Intermediate, 3 years)", PROFILE, True),
        ("Java (3 years)", PROFILE, False),  # shortened: not the words of the profile
        ("java (INTERMEDIATE, 3 years)", PROFILE, True),
        ("\u201cJava (Intermediate,  3 years)\u201d.", PROFILE, True),
        ("Backend developer\nSkills", PROFILE, True),  # across the line break
        ("developer Skills", PROFILE, True),
        ("Build secure Java APIs", JOB, True),
        ("builds APIs securely", JOB, False),  # a paraphrase is not a quote
        ("on AWS", JOB, True),
        ("AWS", JOB, True),  # exactly 3 characters
        ("on", JOB, False),  # exactly 2 characters, although present
        ("\u201con.\u201d", JOB, False),  # 2 characters after trimming
        ("Ja", "Java", False),
        ("Jav", "Java", True),
        ("Java", "JavaScript developer", True),  # documented limit: substring, not word
        ("ckend dev", PROFILE, True),  # cut words still pass
        ("a.*s", "Java APIs", False),  # no regex: '.*' is literal
        ("a.*s", "see a.*s here", True),
        ("50% (approx", "we ship 50% (approx. weekly)", True),
        ("APIs|AWS", JOB, False),
        ("Java (Intermediate", PROFILE, True),  # an unbalanced bracket is just a character
        ("[Java]", "[Java] developer", True),
        ("\\d+ years", "3 years", False),
        ("...", PROFILE, False),  # punctuation only normalises to ""
        ("   ", PROFILE, False),
        ("", PROFILE, False),
        (None, PROFILE, False),
        ("Java", None, False),
        ("Java", "", False),
        (None, None, False),
        ("Java Engineer", JOB.replace("\n", "\r\n"), True),
        ("Engineer Description", JOB.replace("\n", "\r\n"), True),  # CRLF is one space
        ("Java\u00a0Engineer", JOB, True),
        ("Java Engineer", "Job title: Java\u00a0Engineer", True),
        (
            "Java Engineer",
            "Job title: Java\u200bEngineer",
            False,
        ),  # zero-width space is not whitespace
        ("Kubernetes", PROFILE, False),
    ],
)
def test_is_quoted(quote, source, expected):
    assert is_quoted(quote, source) is expected


def test_is_quoted_rejects_non_text():
    with pytest.raises(TypeError, match="quote must be a str or None, not bytes"):
        is_quoted(b"Java", PROFILE)
    with pytest.raises(TypeError, match="source must be a str or None, not int"):
        is_quoted("Java", 42)


def test_is_quoted_repeated_checks_against_a_long_source():
    # The cached normal form must give the same answers as a fresh one.
    source = ("filler text " * 50_000) + "Build secure Java APIs"
    quotes = ["secure java apis", "missing phrase", "FILLER TEXT filler", "Java"] * 50
    answers = [is_quoted(q, source) for q in quotes]
    assert answers.count(True) == 150
    assert answers[:4] == [True, False, True, True]
    assert is_quoted("secure java apis", source + " ") is True  # a different, uncached source


words = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=8
).filter(lambda w: w.split() == [w])


@settings(max_examples=100)
@given(st.lists(words, min_size=1, max_size=12), st.data())
def test_property_runs_of_whole_words_are_quoted(word_list, data):
    """A run of whole words of a single-spaced text is found in it, if long enough."""
    source = " ".join(word_list)
    start = data.draw(st.integers(0, len(word_list) - 1))
    stop = data.draw(st.integers(start + 1, len(word_list)))
    quote = " ".join(word_list[start:stop])
    assert is_quoted(quote, source) is (len(normalize_quote(quote)) >= MIN_QUOTE_CHARS)


@settings(max_examples=100)
@given(st.one_of(st.none(), st.text()), st.one_of(st.none(), st.text()))
def test_property_is_quoted_never_raises_on_text(quote, source):
    result = is_quoted(quote, source)
    assert isinstance(result, bool)
    if result:
        assert len(normalize_quote(quote)) >= MIN_QUOTE_CHARS


@settings(max_examples=100)
@given(st.text())
def test_property_every_text_quotes_itself_when_long_enough(text):
    assert is_quoted(text, text) is (len(normalize_quote(text)) >= MIN_QUOTE_CHARS)


@settings(max_examples=100)
@given(st.text(), st.text())
def test_property_result_only_depends_on_normal_forms(quote, source):
    assert is_quoted(quote, source) is is_quoted(normalize_quote(quote), normalize_quote(source))
