"""The "no quote, no claim" check for LLM-written match explanations (seed 002).

A language model is asked to explain how a candidate profile relates to a job
posting. Its reply is a *draft*: two lists, ``matches`` and ``gaps``, whose
items each carry a ``point`` (the sentence shown to the user) and two pieces of
evidence, ``profile_quote`` and ``job_quote``. This module decides which points
may be shown: a point survives only when the words it quotes really occur in
the text that was sent to the model. The rule and its limits come from seed 002
("No Quote, No Claim"); see ``DESIGN.md``, section "No quote, no claim".

Public API
----------
``normalize_quote(text) -> str``
    The normal form both sides are compared in.
``is_quoted(quote, source) -> bool``
    Whether a quote is found, after normalising, in a source text.
``DraftClaim``, ``Draft``
    Pydantic v2 models for the model's untrusted reply (tolerant of nulls and
    of the camelCase member names ``profileQuote`` / ``jobQuote``).
``check_draft(draft, profile_text, job_text) -> Explanation``
    Keep the grounded points, count the others, or raise ``NoGroundedPoints``.
``Point``, ``Explanation``, ``NoGroundedPoints``
    The result types.
``MIN_QUOTE_CHARS``, ``MAX_POINTS``, ``NOTICE_ALL_KEPT``, ``NOTICE_SOME_DROPPED``
    The constants of the rule.

What the check does not prove
-----------------------------
* It is a substring test, not a word test: ``"Java"`` is found in
  ``"JavaScript"``, ``"AWS"`` in ``"LAWSON"``.
* A found quote shows that the words exist in the source, not that the point
  built on them is true or fair. A model can quote "Java" from both texts and
  still overstate the fit.
* A gap's empty profile quote is a format rule; it does not prove that the
  profile (let alone the person) lacks the skill.
* The 2-12 word limit on quotes lives only in the prompt; it is not enforced
  here. Only the 3-character minimum is.

Lengths in this module are counted in characters, meaning Unicode code points
(Python's ``len`` on ``str``).

This module imports pydantic (for the draft models). ``groundlab/__init__.py``
does not import it, so import it explicitly: ``from groundlab.quotes import ...``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, field_validator

__all__ = [
    "MIN_QUOTE_CHARS",
    "MAX_POINTS",
    "NOTICE_ALL_KEPT",
    "NOTICE_SOME_DROPPED",
    "normalize_quote",
    "is_quoted",
    "DraftClaim",
    "Draft",
    "Point",
    "Explanation",
    "NoGroundedPoints",
    "check_draft",
]

#: A normalised quote shorter than this many characters (code points) never
#: counts: "a" or "of" occurs almost everywhere and proves nothing (seed 002).
MIN_QUOTE_CHARS: int = 3

#: At most this many points of each kind (matches, gaps) are kept; items after
#: the fifth kept one are neither checked nor counted as dropped (seed 002).
MAX_POINTS: int = 5

#: Notice shown to the user when no checked point was removed.
NOTICE_ALL_KEPT: str = "Every point below is backed by words quoted from your profile or this job."

#: Notice shown when ``dropped`` (>= 1) checked points were removed; format it
#: with ``NOTICE_SOME_DROPPED.format(dropped=n)``.
NOTICE_SOME_DROPPED: str = (
    "{dropped} point(s) were removed because they did not pass the quote check."
)

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

    Steps, in order (seed 002, "No quote, no claim"; DESIGN.md):

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
    """
    return _normalize(_require_text(text, "text"))


def is_quoted(quote: str | None, source: str | None) -> bool:
    """Return True iff ``quote`` occurs in ``source`` after normalising both.

    The rule (seed 002, "No quote, no claim"): the normalised quote must be at
    least ``MIN_QUOTE_CHARS`` (3) characters long, counted in code points, and
    a substring of the normalised source (see ``normalize_quote``). The test is
    a plain ``in``; no regular expression is involved, so ``"a.*s"`` or
    ``"50% (approx"`` are just the characters they show. ``None`` or an empty
    quote or source never counts. Each distinct source string is normalised
    once and cached, so many quotes against one long source stay fast.

    What a True result does *not* prove:

    * that the quote is a whole word or phrase: this is a substring test, so
      ``is_quoted("Java", "JavaScript")`` is True;
    * that the point built on the quote is true: the check proves the words
      exist in the text the model was given, nothing about what was said with
      them.

    Args:
        quote: the evidence the model cited, or ``None``.
        source: the text the quote should come from (the exact text that was
            sent to the model), or ``None``.

    Returns:
        ``bool``.

    Raises:
        TypeError: if ``quote`` or ``source`` is neither ``str`` nor ``None``.
    """
    needle = _normalize(_require_text(quote, "quote"))
    if len(needle) < MIN_QUOTE_CHARS:
        return False
    haystack = _require_text(source, "source")
    if not haystack:
        return False
    return needle in _normalized_source(haystack)


# --------------------------------------------------------------------------
# Draft models: the model's reply, untrusted and tolerant of nulls.
# --------------------------------------------------------------------------


class DraftClaim(BaseModel):
    """One item of a draft's ``matches`` or ``gaps`` list, as the model wrote it.

    Fields (all ``str | None``, default ``None``):

    * ``point``: the sentence meant for the user.
    * ``profile_quote``: evidence copied from the candidate profile (also read
      from the JSON member ``profileQuote``).
    * ``job_quote``: evidence copied from the job posting (also read from
      ``jobQuote``).

    Unknown members (``"confidence"``, ``"score"``...) are ignored. When both
    spellings are present, the snake_case one wins. Values are not trimmed or
    checked here; that is ``check_draft``'s job (seed 002).

    Raises:
        pydantic.ValidationError: if the item is not an object or a field is
            neither a string nor null (numbers are not turned into text).
    """

    model_config = ConfigDict(extra="ignore", frozen=True)

    point: str | None = None
    profile_quote: str | None = Field(
        default=None, validation_alias=AliasChoices("profile_quote", "profileQuote")
    )
    job_quote: str | None = Field(
        default=None, validation_alias=AliasChoices("job_quote", "jobQuote")
    )


class Draft(BaseModel):
    """A model's explanation draft: ``{"matches": [...], "gaps": [...]}`` (seed 002).

    Fields:

    * ``matches``: ``list[DraftClaim | None]``; points where the profile meets
      the job, each expected to quote both texts.
    * ``gaps``: ``list[DraftClaim | None]``; job requirements the profile does
      not show, each expected to quote the job and leave ``profile_quote`` empty.

    Tolerance: a missing or ``null`` list becomes ``[]``; ``null`` items are
    kept as ``None`` so ``check_draft`` can count them as dropped. Unknown
    top-level members are ignored.

    Build it with ``Draft.model_validate(obj)`` or
    ``Draft.model_validate_json(reply)``.

    Raises:
        pydantic.ValidationError: if the reply is not JSON, the top level is
            not an object, a list is not a list, or an item is neither an
            object nor null.
    """

    model_config = ConfigDict(extra="ignore", frozen=True)

    matches: list[DraftClaim | None] = Field(default_factory=list)
    gaps: list[DraftClaim | None] = Field(default_factory=list)

    @field_validator("matches", "gaps", mode="before")
    @classmethod
    def _null_list_is_empty(cls, value: Any) -> Any:
        return [] if value is None else value


# --------------------------------------------------------------------------
# Results
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Point:
    """A point that passed the check, ready to show (seed 002).

    Attributes (all ``str``, trimmed of surrounding whitespace with
    ``str.strip()``, otherwise exactly as the model wrote them):

    * ``point``: the sentence for the user.
    * ``profile_quote``: the profile evidence; always ``""`` for a gap.
    * ``job_quote``: the job evidence.
    """

    point: str
    profile_quote: str
    job_quote: str


@dataclass(frozen=True, slots=True)
class Explanation:
    """The checked explanation shown to the user (seed 002).

    Attributes:
        matches: ``tuple[Point, ...]``, at most ``MAX_POINTS``, in draft order.
        gaps: ``tuple[Point, ...]``, at most ``MAX_POINTS``, in draft order.
        dropped: ``int`` >= 0, how many checked items failed the check
            (items past the cap are not checked and not counted).
        notice: ``str``, the one sentence telling the user how many points
            were removed: ``NOTICE_ALL_KEPT`` or ``NOTICE_SOME_DROPPED``
            formatted with ``dropped``.

    At least one of ``matches`` / ``gaps`` is non-empty: ``check_draft`` raises
    ``NoGroundedPoints`` instead of returning an empty explanation.
    """

    matches: tuple[Point, ...]
    gaps: tuple[Point, ...]
    dropped: int
    notice: str


class NoGroundedPoints(Exception):
    """No point of the draft survived the quote check (seed 002).

    An empty explanation would itself read as a claim ("you match nothing"),
    so the caller gets this error instead and shows no explanation.

    Attributes:
        dropped: ``int``, how many items were checked and failed (0 when the
            draft had no items at all).
    """

    def __init__(self, dropped: int) -> None:
        self.dropped = dropped
        if dropped:
            message = (
                f"No point could be shown: all {dropped} checked point(s) failed the "
                "quote check (no quote, no claim)."
            )
        else:
            message = "No point could be shown: the draft contained no matches and no gaps."
        super().__init__(message)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.dropped,))


def _has_text(value: str | None) -> bool:
    return value is not None and bool(value.strip())


def _notice(dropped: int) -> str:
    return NOTICE_ALL_KEPT if dropped == 0 else NOTICE_SOME_DROPPED.format(dropped=dropped)


def check_draft(draft: Draft, profile_text: str, job_text: str) -> Explanation:
    """Keep the draft's grounded points and count the rest (seed 002).

    ``matches`` are checked first, then ``gaps``, each in draft order. For each
    list, checking stops once ``MAX_POINTS`` (5) points of that kind are kept;
    later items are neither checked nor counted. An item is kept when:

    * it is not ``None`` and its ``point`` has non-whitespace text, and
    * for a match: ``is_quoted(profile_quote, profile_text)`` and
      ``is_quoted(job_quote, job_text)``;
    * for a gap: ``profile_quote`` is ``None``, empty or whitespace only, and
      ``is_quoted(job_quote, job_text)``.

    Every checked item that is not kept adds one to ``dropped``.

    Pass the exact texts that were sent to the model (not database fields), so
    a quote cannot pass because it exists somewhere the model was never shown.

    Args:
        draft: the parsed model reply.
        profile_text: the candidate profile text exactly as sent.
        job_text: the job posting text exactly as sent.

    Returns:
        ``Explanation`` with the kept points (trimmed), ``dropped`` and the
        user ``notice``.

    Raises:
        TypeError: if ``draft`` is not a ``Draft`` or a text is not a ``str``.
        NoGroundedPoints: if no match and no gap is kept.
    """
    if not isinstance(draft, Draft):
        raise TypeError(f"draft must be a groundlab.quotes.Draft, not {type(draft).__name__}")
    for name, value in (("profile_text", profile_text), ("job_text", job_text)):
        if not isinstance(value, str):
            raise TypeError(f"{name} must be a str, not {type(value).__name__}")

    dropped = 0
    matches: list[Point] = []
    for claim in draft.matches:
        if len(matches) == MAX_POINTS:
            break
        if (
            claim is not None
            and _has_text(claim.point)
            and is_quoted(claim.profile_quote, profile_text)
            and is_quoted(claim.job_quote, job_text)
        ):
            matches.append(
                Point(
                    (claim.point or "").strip(),
                    (claim.profile_quote or "").strip(),
                    (claim.job_quote or "").strip(),
                )
            )
        else:
            dropped += 1

    gaps: list[Point] = []
    for claim in draft.gaps:
        if len(gaps) == MAX_POINTS:
            break
        # Format check only: an empty profile quote does not prove the
        # profile lacks the skill.
        if (
            claim is not None
            and _has_text(claim.point)
            and not _has_text(claim.profile_quote)
            and is_quoted(claim.job_quote, job_text)
        ):
            gaps.append(Point((claim.point or "").strip(), "", (claim.job_quote or "").strip()))
        else:
            dropped += 1

    if not matches and not gaps:
        raise NoGroundedPoints(dropped)
    return Explanation(tuple(matches), tuple(gaps), dropped, _notice(dropped))
