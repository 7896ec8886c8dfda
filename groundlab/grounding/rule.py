"""The "No Quote, No Claim" rule: a quote counts only when it occurs, normalised, in the text the model saw.

Standard library only. Lengths are characters (code points). Rule: the job-match
article "No Quote, No Claim"; see ``docs/architecture.md``, "Grounding".

A quote must also show something: one that is empty after removing invisible
characters (``visible_text``), or made only of punctuation, proves nothing to
the user who reads it, so it never counts (``has_visible_content``).

A found quote shows that the words exist in the source, not that the point built
on them is true: the test is a substring test, so ``"Java"`` is found in
``"JavaScript"``.

The draft rule for one explanation point, which of its tests fails first, is
:func:`drop_reason`: the one home of that rule, used by
:func:`~groundlab.grounding.draft.check_draft` (through ``point_checks``) and by
the lab's detector (``groundlab.lab.detector.point_kept``).
"""

from __future__ import annotations

import functools
import unicodedata

__all__ = [
    "BLANK_FILLERS",
    "DROP_REASONS",
    "MIN_QUOTE_CHARS",
    "NORMALISATION_STEPS",
    "drop_reason",
    "has_visible_content",
    "is_quoted",
    "normalize_quote",
    "visible_text",
]

#: A normalised quote shorter than this many characters (code points) never
#: counts: "a" or "of" occurs almost everywhere and proves nothing ("No Quote, No Claim").
MIN_QUOTE_CHARS: int = 3

# Characters trimmed from both ends after lower-casing and collapsing
# whitespace. After the collapse the only whitespace left is U+0020, so a plain
# space in this set covers "whitespace" for the trim.
_TRIM_CHARS = " \"'\u201c\u201d\u2018\u2019.,;:"

#: The steps of :func:`normalize_quote`, in order, as a learner reads them (the cheat sheet).
NORMALISATION_STEPS: tuple[str, ...] = (
    "lower-case both texts (str.lower)",
    "every run of whitespace (tab, line feed, no-break space ...) becomes one space",
    "trim spaces, quote marks and the punctuation "
    + " ".join(ch for ch in _TRIM_CHARS if ch != " ")
    + " from both ends",
    f"the quote then counts if it is at least {MIN_QUOTE_CHARS} characters, shows a character "
    "that is not punctuation, and is a plain substring of the normalised source",
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


def _shows(ch: str) -> bool:
    # False for whitespace, controls (Cc), format characters (Cf) and blank fillers.
    return not (ch.isspace() or ch in BLANK_FILLERS or unicodedata.category(ch) in ("Cc", "Cf"))


def visible_text(text: str | None) -> str:
    """Return ``text`` without the characters a reader cannot see.

    Removed: whitespace (``str.isspace``: spaces, tabs, line breaks, U+00A0,
    U+3000...), control characters (category ``Cc``), format characters
    (category ``Cf``: U+200B ZERO WIDTH SPACE, U+200C/U+200D ZERO WIDTH
    (NON-)JOINER, U+2060 WORD JOINER, the bidirectional controls U+200E, U+200F,
    U+202A to U+202E and U+2066 to U+2069, U+00AD SOFT HYPHEN, U+FEFF
    BYTE ORDER MARK, tag characters...) and ``BLANK_FILLERS``. Everything else
    is kept in order. Categories: Unicode UAX #44.

    Args:
        text: any ``str``, or ``None`` (treated as ``""``).

    Returns:
        The visible characters (``str``, possibly empty).

    Raises:
        TypeError: if ``text`` is neither ``str`` nor ``None``.

    Example: ``visible_text("\\u200bJava\\u00ad 17")`` is ``"Java17"``.

    Rule: "No Quote, No Claim"; ``docs/architecture.md``, "Grounding".
    """
    return "".join(filter(_shows, _require_text(text, "text")))


def has_visible_content(text: str | None) -> bool:
    """True when ``text`` shows at least one character that is not punctuation.

    Visible characters are those ``visible_text`` keeps; punctuation is every
    Unicode category ``P*`` (``. , ! ? " ' - ( ) * …``), so ``"..."`` or
    ``"\\u200b\\u200b"`` is False and ``"5%"`` or ``"C++"`` is True. A point
    without visible text, or a quote without visible content, is never a
    grounded point.

    Raises:
        TypeError: if ``text`` is neither ``str`` nor ``None``.

    Rule: "No Quote, No Claim"; ``docs/architecture.md``, "Grounding".
    """
    return any(not unicodedata.category(ch).startswith("P") for ch in visible_text(text))


def _normalize(text: str) -> str:
    # lower-case, every str.split() whitespace run -> one space, trim the ends.
    return " ".join(text.lower().split()).strip(_TRIM_CHARS)


@functools.lru_cache(maxsize=64)
def _normalized_source(source: str) -> str:
    # Sources are long and reused for many quotes: normalise each one once.
    # The cache holds at most 64 sources (and their normal forms) alive.
    return _normalize(source)


def _require_text(value: object, name: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str or None, not {type(value).__name__}")
    return value


def normalize_quote(text: str | None) -> str:
    """Return the normal form in which quotes and sources are compared.

    Steps, in order:

    1. ``None`` becomes ``""``.
    2. Lower-case with ``str.lower()`` (full Unicode lower-casing; a few
       characters change length, e.g. ``"İ"`` becomes two code points).
    3. Every run of whitespace, as ``str.split()`` sees whitespace (this
       includes tab, CR, LF, and the no-break space U+00A0), becomes a single
       space, and leading/trailing whitespace goes.
    4. Any run of spaces, quote marks ``" ' “ ” ‘ ’`` and the punctuation
       ``. , ; :`` is trimmed from both ends. Inside the text nothing else is
       touched: brackets, hyphens, ``%``, ``*`` stay as they are.

    Args:
        text: the quote or source text, or ``None``.

    Returns:
        The normalised ``str`` (possibly empty).

    Raises:
        TypeError: if ``text`` is neither ``str`` nor ``None``.

    Example: ``normalize_quote(' “Java (Intermediate,\\t3 years)”. ')`` is
    ``'java (intermediate, 3 years)'``.

    Rule: "No Quote, No Claim"; ``docs/architecture.md``, "Grounding".
    """
    return _normalize(_require_text(text, "text"))


def is_quoted(quote: str | None, source: str | None) -> bool:
    """Return True iff ``quote`` occurs in ``source`` after normalising both.

    The normalised quote must be at least ``MIN_QUOTE_CHARS`` (3) code points
    long, show a character that is not punctuation (``has_visible_content``),
    and be a plain substring (``in``, no regular expression) of the
    normalised source (``normalize_quote``). ``None`` or an empty quote or
    source never counts; nor does ``"\\u200b\\u200b\\u200b"`` or ``"!!!"``. Each
    distinct source is normalised once and cached. True does not prove a
    whole word (``is_quoted("Java", "JavaScript")`` is True) nor that the
    point built on the quote is true.

    Args:
        quote: the evidence the model cited, or ``None``.
        source: the text the quote should come from (the exact text that was
            sent to the model), or ``None``.

    Returns:
        ``bool``.

    Raises:
        TypeError: if ``quote`` or ``source`` is neither ``str`` nor ``None``.

    Rule: "No Quote, No Claim"; ``docs/architecture.md``, "Grounding".
    """
    needle = _normalize(_require_text(quote, "quote"))
    if len(needle) < MIN_QUOTE_CHARS or not has_visible_content(needle):
        return False
    haystack = _require_text(source, "source")
    if not haystack:
        return False
    return needle in _normalized_source(haystack)


#: Why a draft point is dropped, the first failing test in :func:`drop_reason`'s order: the item
#: is null (``check_draft``'s walk decides that one, as an item, not a point, is missing); its
#: sentence has no visible text; a gap's profile quote has visible text; or a quote (the profile
#: quote of a match, then the job quote) is refused by ``is_quoted`` because it is missing
#: (``None`` or ``""``), empty once normalised, shorter than ``MIN_QUOTE_CHARS``, holds invisible
#: characters only, punctuation only, or is absent from its text.
DROP_REASONS: tuple[str, ...] = (
    "null", "no_text", "gap_profile_quote", "quote_missing", "quote_empty", "quote_short",
    "quote_invisible", "quote_punctuation", "quote_absent",
)


def _quote_fault(quote: str | None) -> str:
    # Why is_quoted refuses ``quote``, in the order of its own tests (the text aside).
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
    """Why the draft rule drops one explanation point, or ``(None, None)`` when it keeps it.

    The tests, in order, the first failing one naming the reason (:data:`DROP_REASONS`):

    1. ``point`` has visible text (:func:`visible_text` is not empty), else ``"no_text"``;
    2. for a ``"gap"``: ``profile_quote`` has no visible text, else ``"gap_profile_quote"``;
    3. for a ``"match"``: ``is_quoted(profile_quote, profile_text)``, else the quote's fault;
    4. ``is_quoted(job_quote, job_text)``, else the quote's fault.

    A quote's fault is the first test of :func:`is_quoted` it fails: ``"quote_missing"``
    (``None`` or ``""``), ``"quote_empty"`` (nothing once normalised), ``"quote_short"``
    (under ``MIN_QUOTE_CHARS``), ``"quote_invisible"`` or ``"quote_punctuation"`` (nothing
    visible, or punctuation only) or ``"quote_absent"`` (not in its text).

    Args:
        kind: ``"match"`` or ``"gap"``, the draft list the point belongs to.
        point: the sentence for the user.
        profile_quote, job_quote: the quotes as the model wrote them (``None`` allowed).
        profile_text, job_text: the texts exactly as sent to the model.

    Returns:
        ``(reason, quote)``: ``reason`` is ``None`` when the point is kept, else one of
        :data:`DROP_REASONS` (never ``"null"``: a missing item is the caller's to name);
        ``quote`` is ``"profile"`` or ``"job"`` for a ``quote_*`` reason, else ``None``.

    Raises:
        ValueError: if ``kind`` is neither ``"match"`` nor ``"gap"``.
        TypeError: if a text or quote is neither ``str`` nor ``None``.

    Rule: "No Quote, No Claim"; ``docs/architecture.md``, "Grounding".
    """
    if kind not in ("match", "gap"):
        raise ValueError(f"kind must be 'match' or 'gap', not {kind!r}")
    if not visible_text(point):
        return "no_text", None
    if kind == "gap" and visible_text(profile_quote):
        return "gap_profile_quote", None
    if kind == "match" and not is_quoted(profile_quote, profile_text):
        return _quote_fault(profile_quote), "profile"
    if not is_quoted(job_quote, job_text):
        return _quote_fault(job_quote), "job"
    return None, None
