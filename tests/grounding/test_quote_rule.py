"""Tests for groundlab.grounding.rule: visible text, normalize_quote and is_quoted ("No Quote, No Claim")."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from groundlab import MIN_QUOTE_CHARS, is_quoted, normalize_quote
from groundlab.grounding.rule import BLANK_FILLERS, DROP_REASONS, drop_reason, has_visible_content, visible_text

PROFILE = "Headline: Backend developer\nSkills: Java (Intermediate, 3 years)"
JOB = "Job title: Java Engineer\nDescription: Build secure Java APIs and deploy services on AWS."


def test_min_quote_chars():
    assert MIN_QUOTE_CHARS == 3


# --------------------------------------------------------------------------
# visible text

INVISIBLE = {
    "zero width space": "\u200b",
    "zero width non-joiner": "\u200c",
    "zero width joiner": "\u200d",
    "word joiner": "\u2060",
    "left-to-right mark": "\u200e",
    "right-to-left mark": "\u200f",
    "bidi embeddings and overrides": "\u202a\u202b\u202c\u202d\u202e",
    "bidi isolates": "\u2066\u2067\u2068\u2069",
    "soft hyphen": "\u00ad",
    "byte order mark": "\ufeff",
    "tag characters": "\U000e0041\U000e007f",
    "hangul filler": "\u3164",
    "braille blank": "\u2800",
    "variation selector": "\ufe0f",
    "combining grapheme joiner": "\u034f",
    "whitespace": " \t\r\n\u00a0\u3000\u2028",
    "controls": "\x00\x07\x1b\x7f",
}


@pytest.mark.parametrize("chars", INVISIBLE.values(), ids=INVISIBLE.keys())
def test_invisible_characters_are_removed(chars):
    assert visible_text(chars) == ""
    assert visible_text(f"J{chars}ava") == "Java"
    assert has_visible_content(chars) is False


@pytest.mark.parametrize(
    ("text", "visible", "content"),
    [
        (None, "", False),
        ("", "", False),
        ("\u200bJava\u00ad 17", "Java17", True),
        ("...", "...", False),
        ("\u200b!?\u200b", "!?", False),
        ("\u201c\u201d \u2014 \u2026 ()*", "\u201c\u201d\u2014\u2026()*", False),  # every char is P*
        ("5%", "5%", True),
        ("C++", "C++", True),  # + is a math symbol (Sm), not punctuation
        ("$", "$", True),
        ("\u00e9", "\u00e9", True),
    ],
)
def test_visible_text_and_content(text, visible, content):
    assert visible_text(text) == visible
    assert has_visible_content(text) is content


def test_blank_fillers_are_not_format_characters():
    import unicodedata

    assert len(BLANK_FILLERS) == 12 + 16 + 240
    # U+180F MONGOLIAN FREE VARIATION SELECTOR FOUR is new in Unicode 14 (CPython 3.11);
    # CPython 3.10's Unicode 13 still calls it unassigned.
    assigned = {ch for ch in BLANK_FILLERS if unicodedata.category(ch) != "Cn" or ch != "\u180f"}
    assert {unicodedata.category(ch) for ch in assigned} == {"Mn", "Lo", "So"}


@pytest.mark.parametrize("bad", [b"x", 3])
def test_visible_text_rejects_non_text(bad):
    with pytest.raises(TypeError, match=f"text must be a str or None, not {type(bad).__name__}"):
        visible_text(bad)
    with pytest.raises(TypeError):
        has_visible_content(bad)


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
        # a quote that shows nothing, or only punctuation, never counts
        ("\u200b\u200b\u200b", "a\u200b\u200b\u200bb", False),
        ("\u00ad\u00ad\u00ad", "co\u00ad\u00ad\u00adop", False),
        ("\u202e\u2066\u2069", "x\u202e\u2066\u2069y", False),
        ("!!!", "Wow!!!", False),
        ("(-)", "a (-) b", False),
        ("\u200b!!!\u200b", "\u200b!!!\u200b", False),
        ("C++", "Skills: C++", True),
        ("50%", "up to 50% remote", True),
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
    counts = len(normalize_quote(quote)) >= MIN_QUOTE_CHARS and has_visible_content(normalize_quote(quote))
    assert is_quoted(quote, source) is counts


@settings(max_examples=100)
@given(st.one_of(st.none(), st.text()), st.one_of(st.none(), st.text()))
def test_property_is_quoted_never_raises_on_text(quote, source):
    result = is_quoted(quote, source)
    assert isinstance(result, bool)
    if result:
        assert len(normalize_quote(quote)) >= MIN_QUOTE_CHARS
        assert has_visible_content(quote)


@settings(max_examples=100)
@given(st.text())
def test_property_every_text_quotes_itself_when_long_enough(text):
    norm = normalize_quote(text)
    assert is_quoted(text, text) is (len(norm) >= MIN_QUOTE_CHARS and has_visible_content(norm))


@settings(max_examples=100)
@given(st.text(alphabet=st.characters(categories=("Cf", "Pd", "Ps", "Pe", "Po", "Zs")), min_size=3))
def test_property_invisible_or_punctuation_quotes_never_count(text):
    assert is_quoted(text, "x " + text + " x") is False


@settings(max_examples=100)
@given(st.text(), st.text())
def test_property_result_only_depends_on_normal_forms(quote, source):
    assert is_quoted(quote, source) is is_quoted(normalize_quote(quote), normalize_quote(source))


# --------------------------------------------------------------------------
# the draft rule for one point (plain data, no pydantic)


@pytest.mark.parametrize(
    ("kind", "point", "profile_quote", "job_quote", "expected"),
    [
        ("match", "p", "Java (Intermediate", "secure Java APIs", (None, None)),
        ("match", " \u200b", "Java", "Java APIs", ("no_text", None)),
        ("match", None, "Java", "Java APIs", ("no_text", None)),
        ("match", "p", None, "Java APIs", ("quote_missing", "profile")),
        ("match", "p", "....", "AWS", ("quote_empty", "profile")),
        ("match", "p", "Ja", "AWS", ("quote_short", "profile")),
        ("match", "p", "\u200b\u200b\u200b\u200b", "AWS", ("quote_invisible", "profile")),
        ("match", "p", "?!?", "AWS", ("quote_punctuation", "profile")),
        ("match", "p", "Java", "Azure", ("quote_absent", "job")),
        ("gap", "g", "Java", "AWS", ("gap_profile_quote", None)),
        ("gap", "g", " \u200b ", "deploy services on AWS", (None, None)),
        ("gap", "g", "", None, ("quote_missing", "job")),
    ],
)
def test_drop_reason_names_the_first_failing_test(kind, point, profile_quote, job_quote, expected):
    profile, job = "Java (Intermediate, 3 years)", "Build secure Java APIs and deploy services on AWS"
    assert drop_reason(kind, point, profile_quote, job_quote, profile, job) == expected
    assert expected[0] is None or expected[0] in DROP_REASONS


def test_drop_reason_refuses_an_unknown_kind():
    with pytest.raises(ValueError, match="kind must be 'match' or 'gap'"):
        drop_reason("claim", "p", "Java", "Java", "Java", "Java")


@pytest.mark.parametrize(
    ("arguments", "name"),
    [
        (("match", 5, "abc", "abc", "abc", "abc"), "point"),
        (("match", "p", "abc", None, "abc", 5), "job_text"),
        (("match", "p", "ab", "abc", 5, "abc"), "profile_text"),
        (("gap", "p", b"x", "abc", "abc", "abc"), "profile_quote"),
    ],
)
def test_drop_reason_refuses_a_wrong_type_before_deciding(arguments, name):
    with pytest.raises(TypeError, match=rf"^{name} must be a str or None, not "):
        drop_reason(*arguments)
