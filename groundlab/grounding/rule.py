"""The "No Quote, No Claim" rule: a quote counts only when it occurs, normalised, in the text the model saw.

Rule: the job-match article, "No Quote, No Claim"; ``docs/architecture.md``, "Grounding".
Lengths count characters (code points); ``None`` reads as ``""``. Standard library only.

A found quote shows that its words occur in the source, not that the point built on
them is true. :func:`drop_reason` is the one home of the draft rule for one point:
``check_draft`` and the lab's detector both call it.
"""

from __future__ import annotations

import functools
import unicodedata
from types import MappingProxyType

from groundlab.core.failure import GroundlabError

__all__ = [
    "BLANK_FILLERS",
    "DROP_REASONS",
    "HIDDEN_CATEGORIES",
    "MAX_POINTS",
    "MIN_QUOTE_CHARS",
    "NORMALISATION_STEPS",
    "NoGroundedPoints",
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
    """Return the normal form in which quotes and sources are compared (a ``str``, possibly empty).

    Lower-cased by ``str.lower`` (``"İ"`` becomes two code points); each whitespace run
    (``str.split``: tab, CR, LF, U+00A0...) becomes one space; spaces, quote marks
    ``" ' “ ” ‘ ’`` and ``. , ; :`` are trimmed from both ends; nothing else inside is
    touched. ``TypeError`` unless ``str`` or ``None``.
    """
    return _normalize(_require_text(text, "text"))


def is_quoted(quote: str | None, source: str | None) -> bool:
    """True iff the normalised ``quote`` is a substring of the normalised ``source``.

    The normalised quote must also be at least :data:`MIN_QUOTE_CHARS` code points long and
    have visible content (:func:`has_visible_content`); an empty or ``None`` quote or source
    never counts. ``source`` is the text exactly as sent to the model. A plain substring
    test: ``is_quoted("Java", "JavaScript")`` is True. ``TypeError`` unless each is ``str``
    or ``None``.
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
    """Why the draft rule drops one point: ``(reason, quote)``, or ``(None, None)`` when it keeps it.

    ``kind`` is ``"match"`` or ``"gap"``; the quotes are as the model wrote them, the texts
    exactly as sent. ``reason`` is the first failing test, in :data:`DROP_REASONS` order (never
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
    if kind == "match" and not is_quoted(profile_quote, profile_text):
        return _quote_fault(profile_quote), "profile"
    if not is_quoted(job_quote, job_text):
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
            "all_dropped": (
                "No point could be shown: all {dropped} checked point(s) failed the "
                "quote check (no quote, no claim)."
            ),
            "no_items": "No point could be shown: the draft contained no matches and no gaps.",
        }
    )

    def __init__(self, dropped: int) -> None:
        super().__init__(dropped, code="all_dropped" if dropped else "no_items", context={"dropped": dropped})
        self.dropped = dropped
