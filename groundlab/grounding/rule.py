"""The "No Quote, No Claim" rule: a quote counts only when it occurs, normalised, in the text the model saw.

Rule: the job-match article, "No Quote, No Claim"; ``docs/architecture.md``, "Grounding" and
"Quote typography". :func:`article_is_quoted` is the article's rule exactly as it states it;
:func:`is_quoted`, groundlab's default, is that rule after the typography fold
(:data:`TYPOGRAPHY_FOLD`) and with whole numbers, measured on the checker lab's catalogue before
it was adopted. Lengths count characters (code points); ``None`` reads as ``""``. Standard
library only.

A found quote shows that its words occur in the source, not that the point built on
them is true. :func:`drop_reason` is the one home of the draft rule for one point:
``check_draft`` and the lab's detector both call it.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from types import MappingProxyType

from groundlab.core.failure import GroundlabError
from groundlab.core.language import N_
from groundlab.grounding.prompt import JOB_LABELS, PROFILE_LABELS

__all__ = [
    "APPLICATION_LABELS",
    "ARTICLE_NORMALISATION_STEPS",
    "BLANK_FILLERS",
    "DROP_REASONS",
    "HIDDEN_CATEGORIES",
    "MAX_POINTS",
    "MIN_QUOTE_CHARS",
    "NORMALISATION_STEPS",
    "NoGroundedPoints",
    "TYPOGRAPHY_FOLD",
    "article_is_quoted",
    "article_normalize_quote",
    "cuts_number",
    "drop_reason",
    "field_values",
    "fold_typography",
    "found_in",
    "has_visible_content",
    "is_quoted",
    "meets_quote_floor",
    "normalize_quote",
    "quoted_in_fields",
    "visible_text",
]

#: A normalised quote shorter than this many characters (code points) never
#: counts: "a" or "of" occurs almost everywhere and proves nothing ("No Quote, No Claim").
MIN_QUOTE_CHARS: int = 3

# Characters trimmed from both ends after lower-casing and collapsing
# whitespace. After the collapse the only whitespace left is U+0020, so a plain
# space in this set covers "whitespace" for the trim.
_TRIM_CHARS = " \"'\u201c\u201d\u2018\u2019.,;:"

#: The article's steps (:func:`article_normalize_quote`, :func:`article_is_quoted`), as a learner reads them.
ARTICLE_NORMALISATION_STEPS: tuple[str, ...] = (
    "lower-case both texts (str.lower)",
    "every run of whitespace (tab, line feed, no-break space ...) becomes one space",
    "trim spaces, quote marks and the punctuation "
    + " ".join(ch for ch in _TRIM_CHARS if ch != " ")
    + " from both ends",
    f"the quote then counts if it is at least {MIN_QUOTE_CHARS} characters, shows a character "
    "that is not punctuation, and is a plain substring of the normalised source",
)

#: The typography fold, one table: each character of a class is written as the class's plain
#: form (``""``: removed). Applied to quote and source alike before the article's steps.
#: Single quote marks, apostrophes and primes stay apart from double ones (``6'`` is feet,
#: ``6"`` inches); every dash and the minus sign become the hyphen-minus.
_FOLD_CLASSES: tuple[tuple[str, str], ...] = (
    ("'", "\u2018\u2019\u201a\u201b\u2032\u2039\u203a\u02bc"),  # ‘ ’ ‚ ‛ ′ ‹ › ʼ
    ('"', "\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb"),  # “ ” „ ‟ ″ « »
    ("-", "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"),  # ‐ ‑ ‒ – — ― − ﹘ ﹣ －
    ("", "\u00ad"),  # SOFT HYPHEN: a place a word may break, never a character of it
)
_LIGATURES = "\ufb00\ufb01\ufb02\ufb03\ufb04\ufb05\ufb06"  # ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ

#: ``{character: replacement}``: the typography fold as data (the cheat sheet and the tests read it).
#: The ligatures expand to their NFKC letters (``"ﬃ"`` -> ``"ffi"``, ``"ﬅ"`` -> ``"st"``).
TYPOGRAPHY_FOLD: "MappingProxyType[str, str]" = MappingProxyType(
    {ch: plain for plain, chars in _FOLD_CLASSES for ch in chars}
    | {ch: unicodedata.normalize("NFKC", ch) for ch in _LIGATURES}
)
_FOLD_TABLE = str.maketrans(dict(TYPOGRAPHY_FOLD))

# The line breaks of str.splitlines; a soft hyphen before a whitespace run holding one of them
# is a word wrapped at the end of a line: the hyphen and the run go, the word is joined, unless
# a digit stands on both sides (a number is never spliced: "1<SHY>\n5" stays "1 5").
_BREAKS = "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"
_SOFT_LINE_END = re.compile(f"(?:\u00ad[^\\S{_BREAKS}]*[{_BREAKS}]\\s*)+")  # a chain of them: one join
_DIGIT_RUN = re.compile(r"\d*")  # re's \d on str is Unicode Nd, the digits of str.isdecimal


def _join_line_end(match: re.Match[str]) -> str:
    # The characters either side of the chain, other soft hyphens (which go) skipped.
    text, start, end = match.string, match.start(), match.end()
    while start > 0 and text[start - 1] == "\u00ad":
        start -= 1
    while end < len(text) and text[end] == "\u00ad":
        end += 1
    if start > 0 and end < len(text) and text[start - 1].isdecimal() and text[end].isdecimal():
        return match.group()[1:]  # the break stays whitespace: one space once collapsed
    return ""

#: The steps of :func:`normalize_quote` and :func:`is_quoted` (groundlab's default), in order.
NORMALISATION_STEPS: tuple[str, ...] = (
    "fold the typography: single quote marks and primes to ', double ones to \" (kept apart), dashes "
    "and the minus sign to -, soft hyphens out (one at a line end joins its word, unless a digit "
    "stands on both sides), "
    "\ufb00 \ufb01 \ufb02 \ufb03 \ufb04 \ufb05 \ufb06 spelt out",
    *ARTICLE_NORMALISATION_STEPS[:2],
    ARTICLE_NORMALISATION_STEPS[2] + " (a mark right after a digit stays: 6\"; unless it closes "
    "the same mark opening the quote: \"5000\" is 5000)",
    f"the quote then counts if it is at least {MIN_QUOTE_CHARS} characters, shows a character "
    "that is not punctuation, and is a substring of the normalised source that cuts no number",
)


#: Characters that render as nothing although their category is not ``Cf``:
#: U+034F COMBINING GRAPHEME JOINER, the Hangul fillers (U+115F, U+1160, U+3164,
#: U+FFA0), the Khmer inherent vowels (U+17B4, U+17B5), the Mongolian free
#: variation selectors (U+180B to U+180D, U+180F), U+2800 BRAILLE PATTERN BLANK
#: and the variation selectors (U+FE00 to U+FE0F, U+E0100 to U+E01EF).
BLANK_FILLERS: frozenset[str] = frozenset(
    "\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u2800\u3164\uffa0"
    + "".join(map(chr, range(0xFE00, 0xFE10)))
    + "".join(map(chr, range(0xE0100, 0xE01F0)))
)


#: The Unicode general categories that show nothing: controls, format characters, unassigned
#: code points (U+2065, U+FFF0, U+E0080: no glyph to show; many lie in the default-ignorable
#: ranges, which render as nothing) and surrogates. Private use (``Co``) may have a glyph: it shows.
HIDDEN_CATEGORIES: frozenset[str] = frozenset({"Cc", "Cf", "Cn", "Cs"})


def _shows(ch: str) -> bool:
    # False for whitespace, the HIDDEN_CATEGORIES and blank fillers.
    return not (ch.isspace() or ch in BLANK_FILLERS or unicodedata.category(ch) in HIDDEN_CATEGORIES)


def visible_text(text: str | None) -> str:
    """Return ``text`` without the characters a reader cannot see (a ``str``, possibly empty).

    Removed: whitespace (``str.isspace``), control characters (category ``Cc``), format
    characters (``Cf``: zero-width characters, bidirectional controls, U+00AD SOFT HYPHEN,
    U+FEFF...), unassigned code points (``Cn``, in the Unicode version of ``unicodedata``:
    U+2065, U+FFF0, U+E0080...), surrogates (``Cs``) and :data:`BLANK_FILLERS`; the rest is
    kept in order (:data:`HIDDEN_CATEGORIES`). ``TypeError`` unless ``str`` or ``None``.
    """
    return "".join(filter(_shows, _require_text(text, "text")))


def has_visible_content(text: str | None) -> bool:
    """True when ``text`` shows at least one character that is not punctuation.

    Visible: what :func:`visible_text` keeps; punctuation: Unicode category ``P*``. So
    ``"..."`` and ``"\\u200b"`` are False, ``"5%"`` and ``"C++"`` True. ``TypeError`` unless
    ``str`` or ``None``.
    """
    return any(not unicodedata.category(ch).startswith("P") for ch in visible_text(text))


def _article_normalize(text: str) -> str:
    # lower-case, every str.split() whitespace run -> one space, trim the ends.
    return " ".join(text.lower().split()).strip(_TRIM_CHARS)


def _fold(text: str) -> str:
    # The typography fold: line-end soft hyphens joined, then the table.
    if text.isascii():
        return text
    if "\u00ad" in text:
        text = _SOFT_LINE_END.sub(_join_line_end, text)
    return text.translate(_FOLD_TABLE)


def _normalize(text: str) -> str:
    # groundlab's normal form: the typography fold, then the article's steps, except that a
    # quote mark right after a digit stays at the end (6' is six feet, 6" six inches) unless the
    # trimmed end holds no more of that mark than the trimmed start: then it closes a pair.
    collapsed = " ".join(_fold(text).lower().split())
    body = collapsed.rstrip(_TRIM_CHARS)
    end = len(body)
    if end and end < len(collapsed) and collapsed[end] in "'\"" and body[-1].isdecimal():
        mark = collapsed[end]
        opening = collapsed[: len(collapsed) - len(collapsed.lstrip(_TRIM_CHARS))]
        if collapsed[end:].count(mark) > opening.count(mark):
            body = collapsed[: end + 1]
    return body.lstrip(_TRIM_CHARS)


@functools.lru_cache(maxsize=64)
def _normalized_source(source: str) -> str:
    # Sources are long and reused for many quotes: normalise each one once.
    # The cache holds at most 64 sources (and their normal forms) alive.
    return _normalize(source)


@functools.lru_cache(maxsize=64)
def _article_source(source: str) -> str:
    return _article_normalize(source)


def _require_text(value: object, name: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str or None, not {type(value).__name__}")
    return value


def fold_typography(text: str | None) -> str:
    """``text`` after the typography fold alone (a ``str``; case and spaces untouched).

    A soft hyphen (U+00AD) followed by whitespace that holds a line break is removed with that
    whitespace (``"configu\\u00ad\\nration"`` -> ``"configuration"``), unless the characters either
    side (other soft hyphens skipped) are both digits (``"1\\u00ad\\n5"`` ->
    ``"1\\n5"``: a number is not spliced); then each character of
    :data:`TYPOGRAPHY_FOLD` is replaced (quote marks, apostrophes and primes -> ``'`` or ``"``,
    dashes and U+2212 MINUS SIGN -> ``-``, other soft hyphens removed, ligatures spelt out).
    A hyphen at a line end is left as it is: ``"re-\\nsign"`` may be *re-sign* or a wrapped
    *resign*, and the text does not say which. ``TypeError`` unless ``str`` or ``None``.
    """
    return _fold(_require_text(text, "text"))


def normalize_quote(text: str | None) -> str:
    """Return the normal form in which :func:`is_quoted` compares quotes and sources (a ``str``, possibly empty).

    :func:`fold_typography`, then the article's steps (:func:`article_normalize_quote`):
    lower-cased by ``str.lower``, each whitespace run (``str.split``) one space, spaces, quote
    marks and ``. , ; :`` trimmed from both ends, except that a quote mark right after a digit
    is kept at the end (``'6".'`` -> ``'6"'``: an inch or foot mark is part of the number)
    unless it closes the same mark opening the text (``'"5000".'`` -> ``'5000'``; ``'"6""'`` ->
    ``'6"'``: it stays when the end holds more of that mark than the start).
    ``TypeError`` unless ``str`` or ``None``.
    """
    return _normalize(_require_text(text, "text"))


def article_normalize_quote(text: str | None) -> str:
    """The article's normal form exactly (a ``str``, possibly empty): no typography fold.

    Lower-cased by ``str.lower`` (``"İ"`` becomes two code points); each whitespace run
    (``str.split``: tab, CR, LF, U+00A0...) becomes one space; spaces, quote marks
    ``" ' “ ” ‘ ’`` and ``. , ; :`` are trimmed from both ends; nothing else inside is
    touched. ``TypeError`` unless ``str`` or ``None``.
    """
    return _article_normalize(_require_text(text, "text"))


def meets_quote_floor(form: str) -> bool:
    """True when a normalised quote may count at all: at least :data:`MIN_QUOTE_CHARS` code points
    and visible content (:func:`has_visible_content`).

    The one home of the guards every quote checker keeps: :func:`is_quoted`,
    :func:`article_is_quoted` and every quote checker of the checker lab. ``!!!``, ``---``,
    ``(((`` and three zero-width spaces fail it.
    """
    return len(form) >= MIN_QUOTE_CHARS and has_visible_content(form)


def _sign_at(text: str, at: int) -> bool:
    # A + or - at ``at`` that is a sign or a range dash, not a hyphen after a letter ("COVID-19").
    return text[at] in "+-" and not (at > 0 and text[at - 1].isalpha())


def cuts_number(source: str, start: int, end: int) -> bool:
    """True when ``source[start:end]`` (a non-empty span of a normal form) cuts a number in two.

    It does when the span starts with a digit, or a sign then a digit, right after a digit; starts
    with a digit right after a sign (``+`` or ``-`` not after a letter: ``"5 °c"`` in ``"-5 °c"``,
    ``"10"`` in ``"5-10"``) or a decimal point or comma after a digit; or ends with a digit right
    before a digit, or before ``.``, ``,`` or a sign that a digit follows (``"5"`` in ``"5.5"`` or
    ``"5-10"``). Digits: ``str.isdecimal``. ``"19 cases"`` in ``"covid-19 cases"`` cuts nothing.
    """
    first, last = source[start], source[end - 1]
    if start > 0:
        before = source[start - 1]
        signed = first in "+-" and end - start > 1 and source[start + 1].isdecimal()
        if (first.isdecimal() or signed) and before.isdecimal():
            return True
        if first.isdecimal() and (_sign_at(source, start - 1) or (
                before in ".," and start > 1 and source[start - 2].isdecimal())):
            return True
    if last.isdecimal() and end < len(source):
        after = source[end]
        if after.isdecimal():
            return True
        if (after in ".," or _sign_at(source, end)) and end + 1 < len(source) and source[end + 1].isdecimal():
            return True
    return False


def found_in(form: str, source_form: str) -> bool:
    """True iff ``form`` occurs in ``source_form`` (both normal forms) at an offset where it cuts no number (:func:`cuts_number`).

    Every occurrence is tried, in linear time: a run of overlapping ones is stepped by the
    quote's period, and one that starts inside a digit run skips the rest of that run.
    """
    needle, haystack = form, source_form
    if not needle:
        return False
    start = haystack.find(needle)
    size, period = len(needle), 0
    while start != -1:
        if not cuts_number(haystack, start, start + size):
            return True
        if needle[0].isdecimal() and start > 0 and haystack[start - 1].isdecimal():
            # It starts inside a digit run: so does every occurrence up to the run's end.
            start = haystack.find(needle, _DIGIT_RUN.match(haystack, start).end() + 1)
            continue
        period = period or _smallest_period(needle)
        if haystack.startswith(needle[size - period:], start + size):
            start += period  # the next occurrence: none lies closer than the period
        else:
            # Occurrences at distance d < size make d a period; with the next one at start + period
            # absent, Fine and Wilf put the next one at least size - period + 2 away.
            start = haystack.find(needle, start + max(period, size - period) + 1)
    return False


def _smallest_period(text: str) -> int:
    # The least p > 0 with text[i] == text[i + p] for every i (len(text) when there is none
    # shorter), from the prefix function (Knuth, Morris and Pratt).
    border = [0] * len(text)
    k = 0
    for i in range(1, len(text)):
        while k and text[i] != text[k]:
            k = border[k - 1]
        if text[i] == text[k]:
            k += 1
        border[i] = k
    return len(text) - border[-1]


def is_quoted(quote: str | None, source: str | None) -> bool:
    """True iff the normalised ``quote`` occurs in the normalised ``source`` without cutting a number.

    groundlab's default quote check: both texts in :func:`normalize_quote`'s form (the
    typography fold, then the article's steps); the quote must pass :func:`meets_quote_floor`
    (at least :data:`MIN_QUOTE_CHARS` code points, visible content) and occur at an offset where
    it does not cut a number (:func:`cuts_number`: ``"5 °C"`` is not quoted from ``"−5 °C"``).
    An empty or ``None`` quote or source never counts. ``source`` is the text exactly as sent
    to the model, taken as one piece of prose (line breaks are spaces); a text built of labelled
    fields is checked field by field by :func:`quoted_in_fields`. Still a substring test:
    ``is_quoted("Java", "JavaScript")`` is True. ``TypeError`` unless each is ``str`` or ``None``.
    """
    needle = _normalize(_require_text(quote, "quote"))
    if not meets_quote_floor(needle):
        return False
    haystack = _require_text(source, "source")
    if not haystack:
        return False
    return found_in(needle, _normalized_source(haystack))


def article_is_quoted(quote: str | None, source: str | None) -> bool:
    """The article's rule, exactly as "No Quote, No Claim" states it (groundlab's default before the typography fold).

    True iff :func:`article_normalize_quote` of ``quote`` is a plain substring of that of
    ``source``, and passes :func:`meets_quote_floor`. Curly and straight marks inside a quote
    differ (``"don’t"`` is not ``"don't"``); a number may be cut (``"5 °C"`` is found in
    ``"-5 °C"``). ``TypeError`` unless each is ``str`` or ``None``.
    """
    needle = _article_normalize(_require_text(quote, "quote"))
    if not meets_quote_floor(needle):
        return False
    haystack = _require_text(source, "source")
    return bool(haystack) and needle in _article_source(haystack)


#: The labels the application writes before each field of the texts it sends
#: (``profile_text``: ``PROFILE_LABELS``; ``job_text``: ``JOB_LABELS``).
#: Text the application wrote is not evidence, so a label is never quotable.
APPLICATION_LABELS: tuple[str, ...] = (*PROFILE_LABELS.values(), *JOB_LABELS.values())
_LABEL_LINE = re.compile("(?:" + "|".join(map(re.escape, APPLICATION_LABELS)) + "): ")


@functools.lru_cache(maxsize=64)
def _field_values(text: str) -> tuple[str, ...]:
    values: list[list[str]] = []
    for line in text.split("\n"):
        label = _LABEL_LINE.match(line)
        if label is not None or not values:
            values.append([line[label.end():] if label else line])
        else:
            values[-1].append(line)  # a value's own line break: the same field goes on
    return tuple("\n".join(lines) for lines in values)


def field_values(text: str | None) -> tuple[str, ...]:
    """The quotable units of a text the application built (``profile_text``, ``job_text``): one per field.

    The text is split at its ``"\\n"`` line breaks; a line that starts with one of
    :data:`APPLICATION_LABELS` then ``": "`` starts a new field, whose value (the line after the
    label, and any following lines without a label) is one unit; the label is not part of it.
    Lines before the first label form one unit of their own, so a text without labels is one
    unit. ``()`` for ``""`` or ``None``. ``TypeError`` unless ``str`` or ``None``.
    """
    text = _require_text(text, "text")
    return _field_values(text) if text else ()


def quoted_in_fields(quote: str | None, text: str | None) -> bool:
    """True iff :func:`is_quoted` finds ``quote`` within one of :func:`field_values` of ``text``.

    A quote must come from one place: ``"Java Experience: 10 years"`` is not quoted from
    ``"Skills: Python, Java\\nExperience: 10 years of sales"`` (two fields and a label), and
    ``"Desired role"`` is not quoted from ``"Desired role: Java engineer"``. ``TypeError``
    unless each is ``str`` or ``None``.
    """
    _require_text(quote, "quote")
    return any(is_quoted(quote, value) for value in field_values(text))


#: Why a draft point is dropped, the first failing test in :func:`drop_reason`'s order: the item
#: is null (``check_draft``'s walk decides that one, as an item, not a point, is missing); its
#: sentence has no visible text; a gap's profile quote has visible text; or a quote (the profile
#: quote of a match, then the job quote) is refused by ``is_quoted`` because it is missing
#: (``None`` or ``""``), empty once normalised, shorter than ``MIN_QUOTE_CHARS``, holds invisible
#: characters only, punctuation only, or is absent from each field of its text (:func:`quoted_in_fields`).
DROP_REASONS: tuple[str, ...] = (
    "null", "no_text", "gap_profile_quote", "quote_missing", "quote_empty", "quote_short",
    "quote_invisible", "quote_punctuation", "quote_absent",
)


def _quote_fault(quote: str | None) -> str:
    # Why quoted_in_fields refuses ``quote``, in the order of is_quoted's own tests (the text aside).
    norm = normalize_quote(quote)
    if not quote:
        return "quote_missing"
    if not norm:
        return "quote_empty"
    if len(norm) < MIN_QUOTE_CHARS:
        return "quote_short"
    if not has_visible_content(norm):
        return "quote_punctuation" if visible_text(quote) else "quote_invisible"
    return "quote_absent"


def drop_reason(
    kind: str,
    point: str | None,
    profile_quote: str | None,
    job_quote: str | None,
    profile_text: str | None,
    job_text: str | None,
) -> tuple[str | None, str | None]:
    """Why the draft rule drops one point: ``(reason, quote)``, or ``(None, None)`` when it keeps it.

    ``kind`` is ``"match"`` or ``"gap"``; the quotes are as the model wrote them, the texts
    exactly as sent; each quote must lie within one field's value of its text
    (:func:`quoted_in_fields`). ``reason`` is the first failing test, in :data:`DROP_REASONS` order (never
    ``"null"``); ``quote`` is ``"profile"`` or ``"job"`` for a ``quote_*`` reason, else ``None``.
    ``ValueError`` for any other ``kind``; ``TypeError`` for a text or quote that is neither
    ``str`` nor ``None``.
    """
    if kind not in ("match", "gap"):
        raise ValueError(f"kind must be 'match' or 'gap', not {kind!r}")
    for name, value in (("point", point), ("profile_quote", profile_quote), ("job_quote", job_quote),
                        ("profile_text", profile_text), ("job_text", job_text)):
        if value is not None and not isinstance(value, str):
            raise TypeError(f"{name} must be a str or None, not {type(value).__name__}")
    if not visible_text(point):
        return "no_text", None
    if kind == "gap" and visible_text(profile_quote):
        return "gap_profile_quote", None
    if kind == "match" and not quoted_in_fields(profile_quote, profile_text):
        return _quote_fault(profile_quote), "profile"
    if not quoted_in_fields(job_quote, job_text):
        return _quote_fault(job_quote), "job"
    return None, None


#: At most this many points of each kind (matches, gaps) are kept; items after
#: the fifth kept one are neither checked nor counted as dropped ("No Quote, No Claim").
MAX_POINTS: int = 5


class NoGroundedPoints(GroundlabError):
    """No point of the draft survived the quote check.

    An empty explanation would itself read as a claim ("you match nothing"),
    so the caller gets this error instead and shows no explanation.

    Attributes:
        dropped: ``int``, how many items were checked and failed (0 when the
            draft had no items at all).
        code: ``"all_dropped"``, or ``"no_items"`` when ``dropped`` is 0;
            ``context`` is ``{"dropped": dropped}``.
    """

    TEMPLATES = MappingProxyType(
        {
            "all_dropped": N_(
                "No point could be shown: all {dropped} checked point(s) failed the "
                "quote check (no quote, no claim)."
            ),
            "no_items": N_("No point could be shown: the draft contained no matches and no gaps."),
        }
    )

    def __init__(self, dropped: int) -> None:
        super().__init__(dropped, code="all_dropped" if dropped else "no_items", context={"dropped": dropped})
        self.dropped = dropped
