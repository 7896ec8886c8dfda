"""The classroom demo's preset scenarios: the notebook-02 script and the frozen study's cases.

Part of the workbook's classroom demo (the widget is :mod:`~groundlab.workbook.presentation.classroom.demo`).
Nothing here holds a verdict, and no step's title or prompt names a status. Titles and prompts are
English, marked for the workbook's catalogue; :func:`shown` gives them in the language in force. The
module imports only the standard library, ``groundlab.core`` and the workbook's catalogues; importing
it runs the ``classroom`` package, which imports ipywidgets. See ``docs/architecture.md``, "Layers".
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from groundlab.core.claims import CLAIM_MEMBERS, parse_claims
from groundlab.core.language import N_
from groundlab.workbook.catalogues import WORKBOOK_CATALOGUE, CatalogueText, FilledText

__all__ = ["CLASSROOM_SCRIPT", "Edit", "Preset", "Step", "classroom_presets", "shown", "step_answer", "step_edits"]

tr = WORKBOOK_CATALOGUE


def shown(text: str) -> str:
    """``text`` (a title, a prompt, a preset's name) in the language in force: a
    :class:`~groundlab.workbook.catalogues.FilledText` from its translated template, any other text
    marked with ``N_`` from the catalogue (an unmarked text, such as a case's own description,
    stays as it is)."""
    if not text:
        return text  # gettext's "" is the catalogue's header
    if isinstance(text, CatalogueText):
        return str(text)
    return tr(text)


class Edit(NamedTuple):
    """One change to a case's answer: claim ``claim`` (from 0) gets ``member`` (``field``, ``value``, ``doc`` or ``quote``) = ``text``."""

    claim: int
    member: str
    text: str


class Step(NamedTuple):
    """One screen of a preset: fixture case ``case_id``, a ``title`` and a ``prompt`` (neither names a status).

    ``edits`` (:class:`Edit` s; ``()`` shows the answer verbatim) change the case's claims; ``note``
    is shown with the verdict only.
    """

    case_id: str
    title: str
    prompt: str
    edits: tuple[Edit, ...] = ()
    note: str = ""


class Preset(NamedTuple):
    """A titled sequence of :class:`Step` (at least one), offered by the case switcher."""

    title: str
    steps: tuple[Step, ...]


_TIMEOUT = 0  # claim 0 of value-with-unit is the read_timeout_ms claim
CLASSROOM_SCRIPT = Preset(
    N_("Script (notebook 02): a timeout, six screens"),
    (
        Step(
            "value-with-unit",
            N_("Start · the answer as the model wrote it"),
            N_("The timeout is written with a unit, and each quote is a real line of prod-v2. Which check decides?"),
        ),
        Step(
            "value-with-unit",
            N_("Step 1 · the value 5s becomes 5000"),
            N_("The timeout value is now 5000. Which check is the last one to run now?"),
            (Edit(_TIMEOUT, "value", "5000"),),
        ),
        Step(
            "value-with-unit",
            N_("Step 2a · the value 5000 with a trailing space"),
            N_("One space after 5000. Does the contract let it through? Then read the near-miss hints."),
            (Edit(_TIMEOUT, "value", "5000 "),),
        ),
        Step(
            "value-with-unit",
            N_("Step 2b · the value 5,000"),
            N_("A thousands separator this time. Same question; what do the near-miss hints say?"),
            (Edit(_TIMEOUT, "value", "5,000"),),
        ),
        Step(
            "value-with-unit",
            N_("Step 3 · 5000 again, one space after the quote"),
            N_("The value is 5000 again, but the timeout quote ends with a space. Which admission layer notices first?"),
            (Edit(_TIMEOUT, "value", "5000"), Edit(_TIMEOUT, "quote", "read_timeout_ms=5000 ")),
        ),
        Step(
            "value-with-unit",
            N_("Step 4 · the timeout from prod-v1"),
            N_("The timeout claim now cites prod-v1 and its real line read_timeout_ms=2000, value 2000. "
               "Which check breaks now?"),
            (
                Edit(_TIMEOUT, "doc", "prod-v1"),
                Edit(_TIMEOUT, "quote", "read_timeout_ms=2000"),
                Edit(_TIMEOUT, "value", "2000"),
            ),
        ),
    ),
)
"""The notebook-02 "try it" script on the ``value-with-unit`` case: its start and four steps (step 2 in two parts)."""

_STUDY_PROMPT = N_("Which status will the full contract give this answer?")


def _case_step(case: Any) -> Step:
    """A study case's screen; its title carries no number (the step count is the screen's only count)."""
    note = f"{case.id}: {case.description}" if case.description else case.id
    return Step(case.id, N_("Study case"), _STUDY_PROMPT, (), note)


def classroom_presets(case_set: Any) -> tuple[Preset, ...]:
    """The case switcher's presets for ``case_set``: :data:`CLASSROOM_SCRIPT`, one per family, then every case.

    Families are titled "group 1", "group 2", ... (no title names a fault). ``KeyError`` if
    ``case_set`` lacks the script's ``value-with-unit`` case.
    """
    case_set["value-with-unit"]  # the script's case must exist
    cases = tuple(case_set)
    total = len(cases)
    families: dict[str, list[Step]] = {}
    for case in cases:
        families.setdefault(case.family or "other", []).append(_case_step(case))
    # groups are numbered, never named: a family's name would tell the room the answer
    found = [
        Preset(FilledText(N_("Study cases · group {number} ({count})"), {"number": number, "count": len(steps)}), tuple(steps))
        for number, steps in enumerate(families.values(), start=1)
    ]
    every = Preset(FilledText(N_("Study cases · all {total}, in file order"), {"total": total}), tuple(_case_step(c) for c in cases))
    return (CLASSROOM_SCRIPT, *found, every)


def step_answer(step: Step, case_set: Any) -> str:
    """The answer text of ``step``: the case's ``raw`` verbatim, or its claims with the edits, as the claim editor writes them.

    ``KeyError`` for an unknown case; ``ValueError`` for an edit of an answer that does not parse,
    of a claim it lacks or of an unknown member.
    """
    case = case_set[step.case_id]
    if not step.edits:
        return case.raw
    claims = [dict(claim._asdict()) for claim in parse_claims(case.raw)]
    for edit in step.edits:
        if edit.member not in CLAIM_MEMBERS or not 0 <= edit.claim < len(claims):
            raise ValueError(f"cannot edit claim {edit.claim} member {edit.member!r} of case {case.id!r}")
        claims[edit.claim][edit.member] = edit.text
    return json.dumps({"claims": claims}, indent=2, ensure_ascii=False)


def step_edits(step: Step) -> frozenset[tuple[int, str]]:
    """The ``(claim, member)`` pairs that ``step`` changed, to mark them on screen."""
    return frozenset((edit.claim, edit.member) for edit in step.edits)
