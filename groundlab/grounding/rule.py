"""The "No Quote, No Claim" rule: a quote counts only when it occurs, normalised, in the text the model saw.

Standard library only. Lengths are characters (code points). Rule: the job-match
article "No Quote, No Claim"; see ``docs/architecture.md``, "Grounding".

A found quote shows that the words exist in the source, not that the point built
on them is true: the test is a substring test, so ``"Java"`` is found in
``"JavaScript"``.
"""

from __future__ import annotations

import functools

__all__ = ["MIN_QUOTE_CHARS", "is_quoted", "normalize_quote"]

#: A normalised quote shorter than this many characters (code points) never
#: counts: "a" or "of" occurs almost everywhere and proves nothing ("No Quote, No Claim").
MIN_QUOTE_CHARS: int = 3

# Characters trimmed from both ends after lower-casing and collapsing
# whitespace. After the collapse the only whitespace left is U+0020, so a plain
# space in this set covers "whitespace" for the trim.
_TRIM_CHARS = " \"'\u201c\u201d\u2018\u2019.,;:"


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
    long and a plain substring (``in``, no regular expression) of the
    normalised source (``normalize_quote``). ``None`` or an empty quote or
    source never counts. Each distinct source is normalised once and cached.
    True does not prove a whole word (``is_quoted("Java", "JavaScript")`` is
    True) nor that the point built on the quote is true.

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
    if len(needle) < MIN_QUOTE_CHARS:
        return False
    haystack = _require_text(source, "source")
    if not haystack:
        return False
    return needle in _normalized_source(haystack)
