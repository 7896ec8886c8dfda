"""Draft models and the draft check: which of a model's explanation points may be shown.

A draft is the model's untrusted reply: ``matches`` and ``gaps``, each item a
``point`` with a ``profile_quote`` and a ``job_quote``. :func:`check_draft` keeps a
point only when each of its quotes passes :func:`~groundlab.grounding.rule.is_quoted` within one
field's value of its text (:func:`~groundlab.grounding.rule.quoted_in_fields`); the rule
for one point is :func:`~groundlab.grounding.rule.drop_reason` (standard library only),
this module adds the models, the cap of ``MAX_POINTS`` and the result. Imports pydantic
(the ``draft`` extra: without it, importing this module is an ``ImportError`` that says so).
Rule: the job-match article, "No Quote, No Claim"; see ``docs/architecture.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from groundlab._extras import require
from groundlab.core.language import LIBRARY_CATALOGUE as tr
from groundlab.core.language import N_

require("pydantic", "draft")  # a missing pydantic names the extra that adds it

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, field_validator

from groundlab.grounding.rule import DROP_REASONS, MAX_POINTS, NoGroundedPoints, drop_reason

__all__ = [
    "MAX_POINTS",
    "NOTICE_ALL_KEPT",
    "NOTICE_SOME_DROPPED",
    "DROP_REASONS",
    "DraftPoint",
    "Draft",
    "Point",
    "Explanation",
    "NoGroundedPoints",
    "PointCheck",
    "check_draft",
    "point_checks",
]


#: Notice shown to the user when no checked point was removed.
NOTICE_ALL_KEPT: str = N_("Every point below is backed by words quoted from your profile or this job.")

#: Notice shown when ``dropped`` (>= 1) checked points were removed; format it
#: with ``NOTICE_SOME_DROPPED.format(dropped=n)``.
NOTICE_SOME_DROPPED: str = N_(
    "{dropped} point(s) were removed because they did not pass the quote check."
)

# --------------------------------------------------------------------------
# Draft models: the model's reply, untrusted and tolerant of nulls.
# --------------------------------------------------------------------------


class DraftPoint(BaseModel):
    """One item of a draft's ``matches`` or ``gaps`` list, as the model wrote it.

    Fields (all ``str | None``, default ``None``):

    * ``point``: the sentence meant for the user.
    * ``profile_quote``: evidence copied from the candidate profile (also read
      from the JSON member ``profileQuote``).
    * ``job_quote``: evidence copied from the job posting (also read from
      ``jobQuote``).

    Unknown members (``"confidence"``, ``"score"``...) are ignored. When both
    spellings are present, the snake_case one wins. Values are not trimmed or
    checked here; that is ``check_draft``'s job.

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
    """A model's explanation draft: ``{"matches": [...], "gaps": [...]}``.

    Fields:

    * ``matches``: ``list[DraftPoint | None]``; points where the profile meets
      the job, each expected to quote both texts.
    * ``gaps``: ``list[DraftPoint | None]``; job requirements the profile does
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

    matches: list[DraftPoint | None] = Field(default_factory=list)
    gaps: list[DraftPoint | None] = Field(default_factory=list)

    @field_validator("matches", "gaps", mode="before")
    @classmethod
    def _null_list_is_empty(cls, value: Any) -> Any:
        return [] if value is None else value


# --------------------------------------------------------------------------
# Results
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Point:
    """A point that passed the check, ready to show.

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
    """The checked explanation shown to the user.

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




class PointCheck(NamedTuple):
    """What :func:`check_draft` did with one draft item.

    ``kind`` (``"match"`` or ``"gap"``), ``index`` (its place in that list, from 0),
    ``item`` (the :class:`DraftPoint`, or ``None``), ``checked`` (``False`` past the cap
    of ``MAX_POINTS`` kept points of its kind), ``reason`` (``None`` when kept or not
    checked, else one of :data:`~groundlab.grounding.rule.DROP_REASONS`, as
    :func:`~groundlab.grounding.rule.drop_reason` names it) and ``quote`` (``"profile"``
    or ``"job"`` for a ``quote_*`` reason, else ``None``).
    """

    kind: str
    index: int
    item: DraftPoint | None
    checked: bool
    reason: str | None
    quote: str | None


def _drop_reason(item: DraftPoint | None, kind: str, profile_text: str, job_text: str) -> tuple[str | None, str | None]:
    # (reason, quote) for one item, (None, None) when it is kept: the rule is grounding.rule.drop_reason.
    if item is None:
        return "null", None
    return drop_reason(kind, item.point, item.profile_quote, item.job_quote, profile_text, job_text)


def point_checks(draft: Draft, profile_text: str, job_text: str) -> tuple[PointCheck, ...]:
    """Every item of ``draft``, matches then gaps in draft order, with what :func:`check_draft` does with it.

    Returns a ``tuple`` of :class:`PointCheck`. In each list, items after the
    ``MAX_POINTS``-th kept one are not checked. ``check_draft`` keeps the checked items
    whose ``reason`` is ``None`` and counts the others as dropped; the rule is in its
    docstring. No type checks: ``check_draft`` makes them.
    """
    checks = []
    for kind, items in (("match", draft.matches), ("gap", draft.gaps)):
        kept = 0
        for index, item in enumerate(items):
            if kept == MAX_POINTS:
                checks.append(PointCheck(kind, index, item, False, None, None))
                continue
            reason, quote = _drop_reason(item, kind, profile_text, job_text)
            kept += reason is None
            checks.append(PointCheck(kind, index, item, True, reason, quote))
    return tuple(checks)


def _shown(item: DraftPoint, *, gap: bool) -> Point:
    # A kept item as the user sees it: trimmed, a gap without a profile quote.
    profile_quote = "" if gap else (item.profile_quote or "").strip()
    return Point((item.point or "").strip(), profile_quote, (item.job_quote or "").strip())


def _notice(dropped: int) -> str:
    # the language in force when the draft is checked (an Explanation is made to be shown)
    return tr(NOTICE_ALL_KEPT) if dropped == 0 else tr(NOTICE_SOME_DROPPED).format(dropped=dropped)


def check_draft(draft: Draft, profile_text: str, job_text: str) -> Explanation:
    """Keep the draft's grounded points and count the rest (the job-match article, "No Quote, No Claim").

    Matches, then gaps, each in draft order, until ``MAX_POINTS`` (5) of that kind are kept;
    later items are neither checked nor counted. An item is kept when
    :func:`~groundlab.grounding.rule.drop_reason` gives no reason: its point has visible text,
    a match's two quotes pass ``quoted_in_fields`` against their texts, a gap has no visible profile
    quote (kept as ``""``) and its job quote passes. Every checked item not kept adds one to
    ``dropped``. ``profile_text`` and ``job_text`` must be the exact texts sent to the model.

    Returns an :class:`Explanation` (kept points trimmed, ``dropped``, ``notice``). Raises
    ``TypeError`` for a ``draft`` that is not a :class:`Draft` or a text that is not a ``str``,
    and :class:`NoGroundedPoints` when nothing is kept.
    """
    if not isinstance(draft, Draft):
        raise TypeError(f"draft must be a groundlab.Draft, not {type(draft).__name__}")
    for name, value in (("profile_text", profile_text), ("job_text", job_text)):
        if not isinstance(value, str):
            raise TypeError(f"{name} must be a str, not {type(value).__name__}")

    # A gap's empty profile quote is a format check only: it does not prove the profile lacks the skill.
    checks = point_checks(draft, profile_text, job_text)
    kept = [c for c in checks if c.checked and c.reason is None]
    matches = tuple(_shown(c.item, gap=False) for c in kept if c.kind == "match")
    gaps = tuple(_shown(c.item, gap=True) for c in kept if c.kind == "gap")
    dropped = sum(c.reason is not None for c in checks)
    if not matches and not gaps:
        raise NoGroundedPoints(dropped)
    return Explanation(matches, gaps, dropped, _notice(dropped))
