"""Tests for groundlab.grounding.rule: visible text, normalize_quote and is_quoted ("No Quote, No Claim")."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from groundlab import is_quoted, normalize_quote
from groundlab.grounding.rule import BLANK_FILLERS, DROP_REASONS, drop_reason, has_visible_content, visible_text

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
# a reference rule, written another way: character by character, from the article's clauses

_END_MARKS = frozenset(" \"'\u201c\u201d\u2018\u2019.,;:")  # the only characters trimmed, and only at the ends
# Characters that render as nothing although they are not Cc or Cf, by range (rule.py's docstring).
_BLANK_RANGES = [(0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180D), (0x180F, 0x180F),
                 (0x2800, 0x2800), (0x3164, 0x3164), (0xFFA0, 0xFFA0), (0xFE00, 0xFE0F), (0xE0100, 0xE01EF)]


def _reference_normal_form(text: str) -> list[str]:
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
    return chars[start:end]


def _shows_something_not_punctuation(chars: list[str]) -> bool:
    for ch in chars:
        category = unicodedata.category(ch)
        blank = any(low <= ord(ch) <= high for low, high in _BLANK_RANGES)
        # unassigned code points (Cn) show nothing either (rule.HIDDEN_CATEGORIES); surrogates are never drawn here
        if not (ch.isspace() or blank or category in ("Cc", "Cf", "Cn") or category[0] == "P"):
            return True
    return False


def reference_is_quoted(quote: str | None, source: str | None) -> bool:
    """The rule restated: normalise both; the quote counts when it has at least three characters,
    one of them visible and not punctuation, and occurs in the source at some offset."""
    needle = _reference_normal_form(quote or "")
    haystack = _reference_normal_form(source or "")
    if len(needle) < 3 or not _shows_something_not_punctuation(needle):
        return False
    for offset in range(len(haystack) - len(needle) + 1):
        if all(haystack[offset + i] == needle[i] for i in range(len(needle))):
            return True
    return False


def _counts_at_all(quote: str) -> bool:
    # whether the quote can count anywhere: at least three characters, one visible and not punctuation
    needle = _reference_normal_form(quote)
    return len(needle) >= 3 and _shows_something_not_punctuation(needle)


@pytest.mark.parametrize(("quote", "source", "expected"), IS_QUOTED_CASES)
def test_the_reference_rule_agrees_with_the_hand_written_table(quote, source, expected):
    assert reference_is_quoted(quote, source) is expected


# Characters that exercise every clause: cases, whitespace of several kinds, the end marks,
# punctuation that is never trimmed, invisible characters, blank fillers, İ and Σ (lower-casing
# changes their length or depends on the context).
_TRICKY = st.sampled_from(
    list("aAbBJjvV19 ") * 3 + ["\t", "\n", "\r\n", "\u00a0", "\u2003", "\u3000", "\x1c"]
    + list("\"'\u201c\u201d\u2018\u2019.,;:") + list("!?()-*%") + ["\u200b", "\u00ad", "\u202e", "\u3164", "\ufe0f"]
    + ["\u0130", "\u03a3", "\u03c3", "\u03c2"]
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
    change = draw(st.sampled_from(["none", "upper", "lower", "spaces", "marks", "inner mark"]))
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
