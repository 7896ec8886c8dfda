"""Notebook 07's modify exercise: repair the author's slip so that the draft check keeps what you intend.

Rule: the job-match article, "No Quote, No Claim" (:func:`groundlab.grounding.draft.check_draft`).
Standard library only; the goal loads pydantic when it runs. See ``docs/architecture.md``,
"Grounding" and "Exercise answers".
"""

from __future__ import annotations

import json
from typing import Any, Callable

from groundlab.grounding.rule import MIN_QUOTE_CHARS, normalize_quote
from groundlab.workbook.exercises.exercise import Exercise, Feedback
from groundlab.workbook.lessons.text import N_, tr

__all__ = ["draft_goal", "exercises", "point_lines"]

SLIP_DRAFT = "seed_author_slip"
"""The fixture draft to repair: its only match quotes the profile from memory."""

SLIP_POINT = "You know Java."
"""The point of the slipped match, which the repaired draft must keep."""

_SOLUTION = """my_reply = json.loads(job_match["seed_author_slip"].reply)
my_reply["matches"][0]["profile_quote"] = "Java (Intermediate, 3 years)"
my_reply["matches"].append({"point": "You have built REST services.",
                            "profile_quote": "REST services", "job_quote": "Java APIs"})
my_reply["gaps"].append({"point": "Security work is not shown in your profile.",
                         "profile_quote": "Backend developer", "job_quote": "Build secure Java APIs"})"""


def _read(reply: Any) -> Any:
    """``reply`` (a ``Draft``, ``dict`` or JSON ``str``) as a ``Draft``; ``TypeError`` for another type, ``ValueError`` if invalid."""
    from groundlab.grounding.draft import Draft

    if isinstance(reply, Draft):
        return reply
    if isinstance(reply, dict):
        return Draft.model_validate(reply)
    if isinstance(reply, str):
        return Draft.model_validate_json(reply)
    raise TypeError(tr("the answer should be a draft (a dict, a JSON str or a Draft), not {kind}").format(kind=type(reply).__name__))


def _first_error(err: ValueError) -> str:
    """The first problem of a draft that does not validate: pydantic's message and where (plain text)."""
    errors = getattr(err, "errors", None)
    if not callable(errors) or not errors():
        return str(err).splitlines()[0]
    first = errors()[0]
    where = ".".join(str(part) for part in first.get("loc", ()))
    return tr("{message} (at {where})").format(message=first.get("msg", "invalid"), where=where) if where else str(first.get("msg", "invalid"))


def _why_dropped(check: Any) -> str:
    """The reason of a dropped :class:`~groundlab.grounding.draft.PointCheck`, with the quote normalised."""
    if check.quote is None:
        return tr(_ITEM_REASONS[check.reason])
    which = check.quote
    norm = normalize_quote(getattr(check.item, f"{which}_quote") or "")
    return tr(_QUOTE_REASONS[which][check.reason]).format(quote=repr(norm), min_chars=MIN_QUOTE_CHARS)


_ITEM_REASONS = {
    "null": N_("it is null"),
    "no_text": N_("its point has no visible text"),
    "gap_profile_quote": N_("a gap's profile quote must be empty"),
}
"""A dropped item's reason (no quote at fault) -> its sentence."""
_QUOTE_REASONS = {
    "profile": {
        "quote_missing": N_("its profile quote is empty"),
        "quote_empty": N_("its profile quote is empty"),
        "quote_short": N_("its profile quote {quote} is shorter than {min_chars} characters"),
        "quote_invisible": N_("its profile quote {quote} has no visible character that is not punctuation"),
        "quote_punctuation": N_("its profile quote {quote} has no visible character that is not punctuation"),
        "quote_absent": N_("its profile quote {quote} is not in the profile text"),
    },
    "job": {
        "quote_missing": N_("its job quote is empty"),
        "quote_empty": N_("its job quote is empty"),
        "quote_short": N_("its job quote {quote} is shorter than {min_chars} characters"),
        "quote_invisible": N_("its job quote {quote} has no visible character that is not punctuation"),
        "quote_punctuation": N_("its job quote {quote} has no visible character that is not punctuation"),
        "quote_absent": N_("its job quote {quote} is not in the job text"),
    },
}
"""The quote at fault (``profile``, ``job``) -> a dropped point's reason -> its sentence (whole
sentences, so that a translation puts the quote where its language does)."""
_LABELS = {"match": N_("match {index}"), "gap": N_("gap {index}")}
"""A point's kind -> how a line names it."""


def point_lines(draft: Any, profile_text: str, job_text: str) -> list[str]:
    """One line per item of ``draft`` (a ``Draft``), matches first, with ``check_draft``'s decision on it.

    ``"match 0 ('You know Java.'): kept"``, ``"gap 1 ('...'): dropped, <reason>"`` (a quote shown
    normalised) or, past ``MAX_POINTS`` kept of a kind, ``"match 5 ('...'): not checked (5 already kept)"``.
    """
    from groundlab.grounding.draft import MAX_POINTS, point_checks

    lines = []
    for check in point_checks(draft, profile_text, job_text):
        item = check.item
        label = tr(_LABELS[check.kind]).format(index=check.index)
        if item is not None and item.point:
            label = tr("{label} ({point})").format(label=label, point=repr(item.point))
        if not check.checked:
            lines.append(tr("{label}: not checked ({count} already kept)").format(label=label, count=MAX_POINTS))
        elif check.reason is None:
            lines.append(tr("{label}: kept").format(label=label))
        else:
            lines.append(tr("{label}: dropped, {why}").format(label=label, why=_why_dropped(check)))
    return lines


def _counts(matches: int, gaps: int, dropped: int) -> str:
    """``"2 matches, 1 gap and 0 dropped"``, in the language in force."""
    matches_text = (tr("{n} match") if matches == 1 else tr("{n} matches")).format(n=matches)
    gaps_text = (tr("{n} gap") if gaps == 1 else tr("{n} gaps")).format(n=gaps)
    return tr("{matches}, {gaps} and {dropped} dropped").format(matches=matches_text, gaps=gaps_text, dropped=dropped)


def draft_goal(
    profile_text: str, job_text: str, *, matches: int, gaps: int, dropped: int, keep: str | None = None
) -> Callable[[Any], Feedback]:
    """A goal on a draft: ``check_draft`` keeps ``matches`` matches and ``gaps`` gaps and drops ``dropped`` points.

    With ``keep``, the match whose point it is must be kept too. The goal takes a ``dict``, a JSON
    ``str`` or a ``Draft``; its feedback says what the user gets, what is still wrong, then
    :func:`point_lines`. ``TypeError`` when ``profile_text`` or ``job_text`` is not a ``str``.
    """
    for name, value in (("profile_text", profile_text), ("job_text", job_text)):
        if not isinstance(value, str):
            raise TypeError(f"{name} must be a str, not {type(value).__name__}")
    def goal(reply: Any) -> Feedback:
        from groundlab.grounding.draft import NoGroundedPoints, check_draft

        try:
            draft = _read(reply)
        except TypeError as err:
            return Feedback(False, str(err))
        except ValueError as err:
            return Feedback(False, tr("the reply does not read as a draft: {error}").format(error=_first_error(err)))
        wanted = _counts(matches, gaps, dropped)
        points = tr("; ").join(point_lines(draft, profile_text, job_text))
        try:
            explanation = check_draft(draft, profile_text, job_text)
        except NoGroundedPoints as err:
            return Feedback(
                False,
                tr("no point survives, so the user gets no explanation ({dropped} dropped); it should get {wanted}. {points}.").format(
                    dropped=err.dropped, wanted=wanted, points=points
                ),
            )
        got = (len(explanation.matches), len(explanation.gaps), explanation.dropped)
        problems = []
        if keep is not None and keep not in [p.point for p in explanation.matches]:
            problems.append(tr("the match {point} should be kept").format(point=repr(keep)))
        if got != (matches, gaps, dropped):
            problems.append(tr("it should get {wanted}").format(wanted=wanted))
        head = tr("the user gets {counts}").format(counts=_counts(*got))
        if problems:
            return Feedback(
                False, tr("{head}; {problems}. {points}.").format(head=head, problems=tr("; ").join(problems), points=points)
            )
        return Feedback(True, tr("{head}. {points}.").format(head=head, points=points))

    return goal


def exercises(*, profile_text: str, job_text: str, job_match: Any = None, **_context: Any) -> dict[str, Exercise]:
    """Notebook 07's exercises: ``{"repair_slip": Exercise}``, a draft keeping 2 matches (one ``"You know Java."``), 1 gap, 1 dropped.

    ``profile_text`` and ``job_text`` are the texts sent to the model (``build_prompt(...)``); the
    solution uses the notebook's ``json`` and ``job_match``. With ``job_match`` (the loaded
    fixture), ``ValueError`` unless its :data:`SLIP_DRAFT` is the draft this exercise repairs.
    """
    if job_match is not None:
        slip = json.loads(job_match[SLIP_DRAFT].reply)
        if [m.get("point") for m in slip.get("matches") or []] != [SLIP_POINT]:
            raise ValueError(f"the fixture's {SLIP_DRAFT} draft is not the one this exercise repairs")
    return {
        "repair_slip": Exercise(
            N_("Repair the author's slip"),
            N_(
                "Edit my_reply so that the user gets 2 matches, 1 gap and 1 dropped point: repair the match "
                "{point} (change only its profile_quote), add one match of your own that is kept, "
                "and add one gap that is dropped."
            ).fill(point=repr(SLIP_POINT)),
            draft_goal(profile_text, job_text, matches=2, gaps=1, dropped=1, keep=SLIP_POINT),
            [
                N_("Copy the profile quote from the profile text above; do not type it from memory."),
                N_(
                    "A gap is dropped when it carries a profile quote; a new match is kept when both of its quotes "
                    "occur, normalised, in their texts."
                ),
            ],
            _SOLUTION,
        )
    }
