"""Tests for groundlab.grounding.rule: visible text, normalize_quote and is_quoted ("No Quote, No Claim")."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from groundlab import is_quoted, normalize_quote
from groundlab.grounding.rule import (
    APPLICATION_LABELS, BLANK_FILLERS, DROP_REASONS, TYPOGRAPHY_FOLD, article_is_quoted, article_normalize_quote,
    cuts_number, drop_reason, field_values, fold_typography, has_visible_content, meets_quote_floor,
    quoted_in_fields, visible_text,
)

PROFILE = "Headline: Backend developer\nSkills: Java (Intermediate, 3 years)"
JOB = "Job title: Java Engineer\nDescription: Build secure Java APIs and deploy services on AWS."


def test_a_quote_counts_from_three_characters_of_its_normal_form():
    """MIN_QUOTE_CHARS ("No Quote, No Claim"): a quote present in the source is refused under 3
    characters and counts from 3, measured in code points after normalising."""
    source = "We deploy Go and AWS services."
    assert (is_quoted("Go", source), is_quoted("AWS", source)) == (False, True)
    assert (is_quoted("go", "Go"), is_quoted("go ", "Go "), is_quoted("Go.", "Go.")) == (False, False, False)
    assert is_quoted(" \u201cGo.\u201d ", source) is False  # 2 characters once trimmed
    assert is_quoted("o\t\ta", source) is True  # "o a": the collapsed space is one of the 3
    assert is_quoted("\u0130", "\u0130") is False  # lower-cases to i + U+0307: 2 code points
    assert is_quoted("\u0130x", "\u0130x") is True  # 3 code points
    assert [n for n in range(1, 6) if is_quoted("a" * n, "a" * 9)] == [3, 4, 5]


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


IS_QUOTED_CASES = [
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
    # the end marks are trimmed at the ends only, and only they are
    (";Java Engineer;", JOB, True),
    ("Java; Engineer", "Java Engineer", False),
    ("java engineer", "Java; Engineer", False),
    ("(Java)", "Java", False),
    ("'Java.'", "\u201cjava\u201d", True),
    # the source is normalised too: its case and whitespace runs
    ("java engineer", "JAVA \t\r\n ENGINEER", True),
    ("a \u3164\u3164", "a \u3164\u3164", True),  # a visible letter is enough
    ("\u3164\u3164\u3164", "x\u3164\u3164\u3164x", False),  # blank fillers show nothing
    ("\u00ad.,\u200b", "\u00ad.,\u200b", False),  # invisible and punctuation only
]


@pytest.mark.parametrize(("quote", "source", "expected"), IS_QUOTED_CASES)
def test_is_quoted(quote, source, expected):
    assert is_quoted(quote, source) is expected


# (quote, source, is_quoted, article_is_quoted): what the typography fold and the number clause change
TYPOGRAPHY_CASES = [
    ('I feel "worthless"', "I feel \u201cworthless\u201d", True, False),  # quote marks inside the quote
    ("I don't know", "I don\u2019t know", True, False),
    ("I don\u2019t know", "I don't know", True, False),
    ("mustn\u02bct share", "Staff mustn't share", True, False),  # U+02BC MODIFIER LETTER APOSTROPHE
    ("6' tall", "6\u2032 tall", True, False),  # a prime is a single mark
    ("6' tall", '6" tall', False, False),  # single and double stay apart: feet are not inches
    ("6\u2032 tall", "6\u2033 tall", False, False),
    ('below 6"', "below 6\u2032 (feet)", False, True),  # the article trims the inch mark; the default keeps it
    ('below 6".', 'the shelf is below 6".', True, True),
    ("set it to \u201c5\u201d", 'Set it to "5".', True, False),
    ("'6 feet'", "a 6 feet b", True, True),  # kept only after a digit: both marks here are trimmed
    ("PostgreSQL", "with Postgre\u00adSQL", True, False),  # a soft hyphen inside a source word
    ("configuration", "the configu\u00ad\nration file", True, False),  # at a line end: the word is joined
    ("configuration", "the configu\u00ad \r\n ration file", True, False),
    ("configu ration", "the configu\u00ad\nration file", False, False),  # the soft hyphen is no space
    ("configu\u00ad\nration", "the configuration file", True, False),  # on the quote's side too
    ("configuration", "the configu-\nration file", False, False),  # a hard hyphen is not joined: re-sign / resign
    ("configu- ration", "the configu-\nration file", True, True),  # the line read as it shows
    ("the \ufb01nance team", "the finance team", True, False),  # ligatures on either side
    ("the finance team", "the \ufb01nance team", True, False),
    ("tra\ufb03c and \ufb06ock", "traffic and stock", True, False),
    ("two-factor login", "two\u2013factor login", True, False),  # dashes fold to the hyphen-minus
    ("two\u2014factor login", "two\u2011factor login", True, False),
    ("at -18 \u00b0C", "at \u221218 \u00b0C", True, False),  # the minus sign
    ("3-5 years", "3\u20135 years", True, False),
    # a number is never cut, by a sign, a range dash, a decimal point or another digit
    ("18 \u00b0C", "at \u221218 \u00b0C", False, True),
    ("18 \u00b0C", "at -18 \u00b0C", False, True),
    ("18 \u00b0C", "at +18 \u00b0C", False, True),
    ("5 years of Python", "3-5 years of Python", False, True),
    ("-5 years", "3\u20135 years", False, False),
    ("-5 years", "3-5 years", False, True),
    ("take 10", "take 10\u201314 days", False, True),
    ("take 10", "take 10.5 days", False, True),
    ("5 days", "take 10.5 days", False, True),
    ("5 days", "take 10,5 days", False, True),
    ("00 ms", "5000 ms", False, True),
    ("timeout 500", "timeout 5000", False, True),
    ("19 cases", "COVID-19 cases", True, True),  # a hyphen after a letter is not a sign
    ("take 10", "take 10, then 5", True, True),  # a comma then a space ends the number
    ("take 10", "take 10. Then 5", True, True),
    ("is -5", "it is -5", True, True),
    ("5 \u00b0C", "at 15 \u00b0C and -5 \u00b0C", False, True),  # every occurrence cuts a number
    ("5 \u00b0C", "at 15 \u00b0C, or 5 \u00b0C", True, True),  # one does not
    ("v2 API", "the v2 API", True, True),  # a digit after a letter starts no number
    # a pair of quote marks around a quote ending in a digit is trimmed; an inch mark alone stays
    ('"read_timeout_ms=5000"', "read_timeout_ms=5000", True, True),
    ("\u201cthe limit is 5000\u201d", "the limit is 5000 ms", True, True),
    ("\u2018the limit is 5000\u2019", "the limit is 5000 ms", True, True),
    ('"the limit is 5000".', "the limit is 5000 ms", True, True),
    ('"below 6""', 'the shelf is below 6" high', True, True),  # inches inside quote marks
    ("\u2018below 6\u201d", 'the shelf is below 6" high', True, True),  # a single mark opens: the double stays
    # a line-end soft hyphen never joins two digits into one number
    ("limit 15 mg", "limit 1\u00ad\n5 mg", False, False),
    ("limit 1\u00ad\n5 mg", "limit 15 mg", False, False),
    ("limit 1 5 mg", "limit 1\u00ad\n5 mg", True, False),
    ("limit 15 mg", "limit 1\u00ad\u00ad\n5 mg", False, False),  # other soft hyphens beside it
    ("limit 15 mg", "limit 1\u00ad\n\u00ad\n5 mg", False, False),  # a chain of line ends
    ("limit 15mg", "limit 15\u00ad\n mg", True, False),  # a digit on one side only: joined
]


@pytest.mark.parametrize(("quote", "source", "expected", "article"), TYPOGRAPHY_CASES)
def test_is_quoted_folds_typography_and_keeps_numbers_whole(quote, source, expected, article):
    assert (is_quoted(quote, source), article_is_quoted(quote, source)) == (expected, article)


@pytest.mark.parametrize(("quote", "source", "expected"), IS_QUOTED_CASES)
def test_the_articles_rule_gives_the_hand_written_verdicts_too(quote, source, expected):
    # The table holds no typography difference and cuts no number, so both rules agree on it.
    assert article_is_quoted(quote, source) is expected


def test_the_typography_fold_table():
    assert fold_typography("\u201cIt\u2019s \u2013 \u2212 \ufb03\u00ad\u00bb") == '"It\'s - - ffi"'
    assert fold_typography("re-\nsign") == "re-\nsign" and fold_typography(None) == ""
    assert fold_typography("ab\u00ad\n  cd\u00ad ef") == "abcd ef"
    assert {TYPOGRAPHY_FOLD[c] for c in "\u2018\u2019\u2032"} == {"'"} and TYPOGRAPHY_FOLD["\u2033"] == '"'
    assert TYPOGRAPHY_FOLD["\ufb05"] == TYPOGRAPHY_FOLD["\ufb06"] == "st" and TYPOGRAPHY_FOLD["\u00ad"] == ""
    assert len(TYPOGRAPHY_FOLD) == 8 + 7 + 10 + 1 + 7
    assert normalize_quote(" \u201cDon\u2019t\u201d. ") == "don't"
    assert normalize_quote('"Shelf: 6".') == 'shelf: 6' == article_normalize_quote('"Shelf: 6".')  # a pair of marks
    assert normalize_quote('Shelf: 6".') == 'shelf: 6"' and article_normalize_quote('Shelf: 6".') == "shelf: 6"
    assert article_normalize_quote(" \u201cDon\u2019t\u201d. ") == "don\u2019t"


@pytest.mark.parametrize("form", ["!!!", "---", "(((", "\u200b\u200b\u200b", "ab", "\u3164\u3164\u3164"])
def test_the_floor_refuses_punctuation_invisible_and_short_forms(form):
    assert meets_quote_floor(form) is False
    assert is_quoted(form, f"x {form} x") is False and article_is_quoted(form, f"x {form} x") is False


def test_the_floor_accepts_three_visible_characters():
    assert [meets_quote_floor(f) for f in ("abc", "5%!", "C++", "a b")] == [True] * 4


def test_a_number_in_a_digit_run_is_searched_in_linear_time(monkeypatch):
    """A quote of digits inside a long digit run: every occurrence but the first starts inside the
    run, so the search skips the run instead of trying each offset (was 196,001 tries, 3.6 s)."""
    from groundlab.grounding import rule

    calls = []

    def counted(source, start, end):
        calls.append(start)
        return cuts_number(source, start, end)

    monkeypatch.setattr(rule, "cuts_number", counted)
    assert is_quoted("1" * 4000, "1" * 200_000) is False
    assert calls == [0, 1]
    calls.clear()
    assert is_quoted("12a" * 1000 + "1", "12a" * 50_000 + "1 end") is True  # the last occurrence only
    assert len(calls) == 49_001 and calls[-1] == 3 * 49_000
    calls.clear()
    assert is_quoted("1111", "x 1111111 y 1111 z") is True and calls == [2, 3, 12]


_NUMBERY = st.lists(st.sampled_from("1122a.-+, "), max_size=24).map("".join)


@settings(max_examples=300)
@given(_NUMBERY, st.integers(1, 6), st.data())
def test_property_found_in_tries_every_occurrence(haystack, size, data):
    """found_in skips offsets by the needle's period and digit runs; it must agree with trying
    every offset of the normal form."""
    from groundlab.grounding.rule import found_in

    needle = data.draw(st.one_of(
        st.lists(st.sampled_from("12a.-"), min_size=1, max_size=size).map("".join),
        st.just(haystack[:size] or "1"), st.just(haystack[size:] or "1")))
    chars = list(haystack)
    brute = any(haystack.startswith(needle, at) and not _cut(chars, at, at + len(needle))
                for at in range(len(haystack) - len(needle) + 1))
    assert found_in(needle, haystack) is brute


def test_cuts_number_at_each_edge():
    text = "at -18.5 c, covid-19 and 3-5"
    spans = {text[a:b]: cuts_number(text, a, b) for a, b in [(4, 6), (5, 8), (3, 6), (3, 8), (18, 20), (25, 26), (27, 28), (18, 24)]}
    assert spans == {"18": True, "8.5": True, "-18": True, "-18.5": False, "19": False, "3": True, "5": True, "19 and": False}


# --------------------------------------------------------------------------
# a quote comes from one place: one field's value of the text the application built

STITCHED = "Skills: Python, Java\nExperience: 10 years of sales in retail"


def test_field_values_split_at_the_applications_labels():
    assert field_values(STITCHED) == ("Python, Java", "10 years of sales in retail")
    assert field_values("Job title: Java Engineer\nDescription: Build APIs.\nOn AWS.") == ("Java Engineer", "Build APIs.\nOn AWS.")
    assert field_values("no label here\nSkills: Go") == ("no label here", "Go")
    assert field_values("Skills:Go\nSkillset: Go") == ("Skills:Go\nSkillset: Go",)  # only "Label: " starts a field
    assert field_values("") == field_values(None) == ()
    assert APPLICATION_LABELS == ("Headline", "Desired role", "Skills", "Experience", "Work preferences", "Job title", "Description")


def test_a_stitched_cross_field_quote_is_rejected():
    """Issue 20, item 4: the line break between two fields normalises to a space, so the whole-text
    rule finds a quote made of two fields; the draft rule does not."""
    quote = "Java Experience: 10 years"
    assert is_quoted(quote, STITCHED) is True  # the text as one piece of prose
    assert quoted_in_fields(quote, STITCHED) is False
    assert quoted_in_fields("Java", STITCHED) and quoted_in_fields("10 years of sales", STITCHED)
    assert drop_reason("match", "p", quote, "Java", STITCHED, "Job title: Java") == ("quote_absent", "profile")
    assert drop_reason("match", "p", "Python, Java", "title: Java", STITCHED, "Job title: Java") == ("quote_absent", "job")


@pytest.mark.parametrize("label_quote", ["Desired role", "Desired role: Senior", "Skills: Java", "Work preferences:"])
def test_the_applications_labels_are_not_quotable(label_quote):
    profile = "Desired role: Senior Java engineer\nSkills: Java (Intermediate, 3 years)\nWork preferences: Remote"
    assert quoted_in_fields(label_quote, profile) is False
    assert drop_reason("match", "p", label_quote, "Java", profile, "Job title: Java") == ("quote_absent", "profile")
    assert drop_reason("match", "p", "Senior Java engineer", "Java", profile, "Job title: Java") == (None, None)


def test_a_multi_line_value_is_one_field():
    profile = "Experience: Built REST services\nfor a logistics company.\nSkills: Go"
    assert quoted_in_fields("REST services for a logistics", profile) is True
    assert quoted_in_fields("logistics company. Skills", profile) is False


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


# --------------------------------------------------------------------------
# reference rules, written another way: character by character, from the clauses of the article's
# rule and of groundlab's default (the typography fold, then the article's steps, no number cut)

_END_MARKS = frozenset(" \"'\u201c\u201d\u2018\u2019.,;:")  # the only characters trimmed, and only at the ends
# Characters that render as nothing although they are not Cc or Cf, by range (rule.py's docstring).
_BLANK_RANGES = [(0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180D), (0x180F, 0x180F),
                 (0x2800, 0x2800), (0x3164, 0x3164), (0xFFA0, 0xFFA0), (0xFE00, 0xFE0F), (0xE0100, 0xE01EF)]


def _reference_normal_form(text: str, keep_unit_mark: bool = False) -> list[str]:
    chars: list[str] = []
    gap = False
    for ch in text.lower():  # the article's lower-casing is str.lower, on the whole text
        if ch.isspace():
            gap = True
            continue
        if gap and chars:
            chars.append(" ")  # a run of whitespace between two other characters: one space
        gap = False
        chars.append(ch)
    start, end = 0, len(chars)
    while start < end and chars[start] in _END_MARKS:
        start += 1
    while end > start and chars[end - 1] in _END_MARKS:
        end -= 1
    if keep_unit_mark and start < end < len(chars) and chars[end] in "'\"" and chars[end - 1].isdecimal():
        # groundlab's default: a quote mark right after a digit is an inch or foot mark, unless it
        # closes the same mark that opens the quote ("5000" in quote marks is 5000)
        opened = sum(1 for ch in chars[:start] if ch == chars[end])
        closed = sum(1 for ch in chars[end:] if ch == chars[end])
        if closed > opened:
            end += 1
    return chars[start:end]


def _shows_something_not_punctuation(chars: list[str]) -> bool:
    for ch in chars:
        category = unicodedata.category(ch)
        blank = any(low <= ord(ch) <= high for low, high in _BLANK_RANGES)
        # unassigned code points (Cn) show nothing either (rule.HIDDEN_CATEGORIES); surrogates are never drawn here
        if not (ch.isspace() or blank or category in ("Cc", "Cf", "Cn") or category[0] == "P"):
            return True
    return False


def reference_article_is_quoted(quote: str | None, source: str | None) -> bool:
    """The article's rule restated: normalise both; the quote counts when it has at least three
    characters, one of them visible and not punctuation, and occurs in the source at some offset."""
    needle = _reference_normal_form(quote or "")
    haystack = _reference_normal_form(source or "")
    if len(needle) < 3 or not _shows_something_not_punctuation(needle):
        return False
    for offset in range(len(haystack) - len(needle) + 1):
        if all(haystack[offset + i] == needle[i] for i in range(len(needle))):
            return True
    return False


# The typography fold, from the rule's wording: single marks to ', double marks to ", dashes and
# the minus sign to -, soft hyphens removed, the seven Latin ligatures spelt out.
_SINGLE = "\u2018\u2019\u201a\u201b\u2032\u2039\u203a\u02bc"
_DOUBLE = "\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb"
_DASH = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"
_SPELT = {"\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi", "\ufb04": "ffl", "\ufb05": "st", "\ufb06": "st"}
_LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"


def _reference_fold(text: str) -> str:
    out: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "\u00ad":
            j = i + 1
            while j < len(text) and text[j].isspace():
                j += 1
            # a soft hyphen before a whitespace run that holds a line break: the run goes too,
            # unless that would join a digit to a digit (then the run stays, a space); the digits
            # are looked for past other soft hyphens and whitespace (a space between is no join)
            at_line_end = any(c in _LINE_BREAKS for c in text[i + 1 : j])
            before, after = i - 1, j
            while before >= 0 and (text[before] == "\u00ad" or text[before].isspace()):
                before -= 1
            while after < len(text) and (text[after] == "\u00ad" or text[after].isspace()):
                after += 1
            digits_around = before >= 0 and after < len(text) and text[before].isdecimal() and text[after].isdecimal()
            if at_line_end and digits_around:
                out.extend(text[i + 1 : j])  # the break stays
            i = j if at_line_end else i + 1
            continue
            continue
        out.append("'" if ch in _SINGLE else '"' if ch in _DOUBLE else "-" if ch in _DASH else _SPELT.get(ch, ch))
        i += 1
    return "".join(out)


def _digit(chars: list[str], at: int) -> bool:
    return 0 <= at < len(chars) and chars[at].isdecimal()


def _sign(chars: list[str], at: int) -> bool:
    # + or -, unless it follows a letter (then it is a hyphen: covid-19)
    return 0 <= at < len(chars) and chars[at] in "+-" and not (at > 0 and chars[at - 1].isalpha())


def _cut(hay: list[str], start: int, end: int) -> bool:
    """Whether hay[start:end] cuts a number, clause by clause as the rule's docstring words it."""
    begins_number = _digit(hay, start) or (hay[start] in "+-" and end - start > 1 and _digit(hay, start + 1))
    if begins_number and _digit(hay, start - 1):
        return True  # starts right after a digit
    if _digit(hay, start) and (_sign(hay, start - 1) or (start > 1 and hay[start - 1] in ".," and _digit(hay, start - 2))):
        return True  # starts after a sign, or after a decimal point or comma that follows a digit
    if _digit(hay, end - 1):
        if _digit(hay, end):
            return True  # ends right before a digit
        if end < len(hay) and (hay[end] in ".," or _sign(hay, end)) and _digit(hay, end + 1):
            return True  # ends before . , or a sign that a digit follows
    return False


def reference_is_quoted(quote: str | None, source: str | None) -> bool:
    """groundlab's default restated: fold both, normalise both as the article does; the quote counts
    when it has at least three characters, one visible and not punctuation, and occurs at some offset
    of the source where it cuts no number."""
    needle = _reference_normal_form(_reference_fold(quote or ""), keep_unit_mark=True)
    haystack = _reference_normal_form(_reference_fold(source or ""), keep_unit_mark=True)
    if len(needle) < 3 or not _shows_something_not_punctuation(needle):
        return False
    for offset in range(len(haystack) - len(needle) + 1):
        if all(haystack[offset + i] == needle[i] for i in range(len(needle))) and not _cut(haystack, offset, offset + len(needle)):
            return True
    return False


def _counts_at_all(quote: str) -> bool:
    # whether the quote can count anywhere: at least three characters, one visible and not punctuation
    needle = _reference_normal_form(_reference_fold(quote), keep_unit_mark=True)
    return len(needle) >= 3 and _shows_something_not_punctuation(needle)


@pytest.mark.parametrize(("quote", "source", "expected"), IS_QUOTED_CASES)
def test_the_reference_rule_agrees_with_the_hand_written_table(quote, source, expected):
    assert reference_is_quoted(quote, source) is expected


@pytest.mark.parametrize(("quote", "source", "expected", "article"), TYPOGRAPHY_CASES)
def test_the_reference_rules_agree_with_the_typography_table(quote, source, expected, article):
    assert (reference_is_quoted(quote, source), reference_article_is_quoted(quote, source)) == (expected, article)


# Characters that exercise every clause: cases, whitespace of several kinds, the end marks,
# punctuation that is never trimmed, invisible characters, blank fillers, İ and Σ (lower-casing
# changes their length or depends on the context).
_TRICKY = st.sampled_from(
    list("aAbBJjvV19 ") * 3 + ["\t", "\n", "\r\n", "\u00a0", "\u2003", "\u3000", "\x1c"]
    + list("\"'\u201c\u201d\u2018\u2019.,;:") + list("!?()-*%") + ["\u200b", "\u00ad", "\u202e", "\u3164", "\ufe0f"]
    + ["\u0130", "\u03a3", "\u03c3", "\u03c2"]
    # the typography fold's characters, and digits, signs and separators for the number clause
    + list("\u2013\u2014\u2212\u2032\u2033\u00ab\u02bc\ufb01\ufb03\ufb06") + list("0123+-.,") * 2 + ["\u00ad\n"]
)
_tricky_text = st.lists(_TRICKY, max_size=16).map("".join)
_tricky_source = st.lists(_TRICKY, min_size=4, max_size=16).map("".join)


@st.composite
def quote_and_source(draw):
    """A source, and a quote that is often a piece of it with its case, spaces or ends changed."""
    source = draw(_tricky_source)
    if draw(st.integers(0, 3)) == 0:
        return draw(_tricky_text), source
    start = draw(st.integers(0, len(source) - 1))
    quote = source[start : draw(st.integers(min(start + 3, len(source)), len(source)))]
    change = draw(st.sampled_from(["none", "upper", "lower", "spaces", "marks", "inner mark", "typography"]))
    if change == "upper":
        quote = quote.upper()
    elif change == "lower":
        quote = quote.lower()
    elif change == "spaces":
        quote = quote.replace(" ", draw(st.sampled_from(["  ", "\t", "\n ", "\u00a0"])))
    elif change == "marks":
        # trimmed marks, and marks that are not trimmed
        quote = draw(st.sampled_from(["", "\u201c", ". ", ":", "'", "(", "!", "-", "\u00ab"])) + quote
        quote += draw(st.sampled_from(["", "\u201d", ".", ";", "'", ")", "!", "?", "\u2026"]))
    elif change == "typography":
        # another character of the same fold class (or the plain one), anywhere in the quote
        swap = {"'": "\u2019", "\u2019": "'", '"': "\u201d", "\u201c": '"', "-": "\u2212", "\u2013": "-"}
        quote = "".join(swap.get(ch, ch) for ch in quote)
    elif change == "inner mark" and len(quote) > 1:
        at = draw(st.integers(1, len(quote) - 1))
        quote = quote[:at] + draw(st.sampled_from([",", ".", ";", ":"])) + quote[at:]
    return quote, source


@settings(max_examples=1000)
@given(quote_and_source())
def test_property_is_quoted_agrees_with_the_reference_rule(pair):
    quote, source = pair
    result = is_quoted(quote, source)
    event(f"quoted={result}")
    assert result is reference_is_quoted(quote, source)


@settings(max_examples=150)
@given(quote_and_source())
def test_property_article_is_quoted_agrees_with_the_articles_reference_rule(pair):
    quote, source = pair
    assert article_is_quoted(quote, source) is reference_article_is_quoted(quote, source)


words = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=8
).filter(lambda w: w.split() == [w])


@settings(max_examples=100)
@given(st.lists(words, min_size=1, max_size=12), st.data())
def test_property_runs_of_whole_words_are_quoted(word_list, data):
    """A run of whole words of a single-spaced text is found in it, when the reference rule says
    it counts at all (long enough and showing something)."""
    source = " ".join(word_list)
    start = data.draw(st.integers(0, len(word_list) - 1))
    stop = data.draw(st.integers(start + 1, len(word_list)))
    quote = " ".join(word_list[start:stop])
    assert is_quoted(quote, source) is _counts_at_all(quote)


@settings(max_examples=100)
@given(st.one_of(st.none(), st.text()), st.one_of(st.none(), st.text()))
def test_property_is_quoted_never_raises_and_agrees_with_the_reference_on_any_text(quote, source):
    assert is_quoted(quote, source) is reference_is_quoted(quote, source)
    assert article_is_quoted(quote, source) is reference_article_is_quoted(quote, source)


@settings(max_examples=100)
@given(st.text())
def test_property_every_text_quotes_itself_when_long_enough(text):
    assert is_quoted(text, text) is _counts_at_all(text)


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
