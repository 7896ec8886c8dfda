"""What a Predict exercise shows to predict from: checked, every character visible, clipped.

Text is shown in :func:`~groundlab.workbook.presentation.lines.visible_lines` form (line feeds stay
line breaks) and cut after :data:`MATERIAL_LIMIT` characters; the widget escapes it. Standard
library only. See ``docs/architecture.md``, "Exercise answers".
"""

from __future__ import annotations

from typing import Sequence

from groundlab.core.language import N_
from groundlab.core.registry import Registry, Request
from groundlab.workbook.catalogues import WORKBOOK_CATALOGUE
from groundlab.workbook.presentation.lines import visible_lines

__all__ = [
    "DOCUMENTS",
    "MATERIAL_LIMIT",
    "check_choices",
    "check_hints",
    "check_material",
    "heading_label",
    "shown_material",
    "status_details",
]

tr = WORKBOOK_CATALOGUE

DOCUMENTS = N_("Supplied documents")
"""Heading of the supplied documents in a status exercise (folded under a summary in the widget)."""
MATERIAL_LIMIT = 20_000
"""Characters (code points) of one piece of material shown; the rest is counted, not shown."""
_HEADINGS = {
    "Material": N_("Material"),
    "Answer": N_("Answer"),
    "Request": N_("Request"),
    DOCUMENTS: DOCUMENTS,
    "Quote": N_("Quote"),
    "Source": N_("Source"),
    "Fake model reply": N_("Fake model reply"),
}
"""The workbook's own headings of material: kept English as values, translated when shown."""


def heading_label(heading: str) -> str:
    """``heading`` as shown: one of the workbook's own headings translated, any other as it is."""
    return tr(_HEADINGS[heading]) if heading in _HEADINGS else heading


def shown_material(text: str) -> str:
    """``text`` with invisible characters as ``⟨U+XXXX⟩``, cut after :data:`MATERIAL_LIMIT` with ``"… (N more characters not shown)"``."""
    shown = visible_lines(text[:MATERIAL_LIMIT])
    if len(text) > MATERIAL_LIMIT:
        shown += tr("… ({count} more characters not shown)").format(count=len(text) - MATERIAL_LIMIT)
    return shown


def check_material(details: object) -> list[tuple[str, str]]:
    """``details`` as ``[(heading, text), ...]``; a ``str`` is one piece headed ``"Material"``, ``None`` (or ``""``) none.

    ``TypeError`` for anything but a ``str``, ``None`` or a list or tuple of ``(str, str)`` pairs.
    """
    if details is None:
        return []
    if isinstance(details, str):
        return [("Material", details)] if details else []
    if not isinstance(details, (list, tuple)):
        raise TypeError(f"details is a str or a list of (heading, text) pairs, not {type(details).__name__}")
    pairs = []
    for index, pair in enumerate(details):
        if not (isinstance(pair, (list, tuple)) and len(pair) == 2 and all(isinstance(p, str) for p in pair)):
            raise TypeError(f"details[{index}] should be a (heading, text) pair of str, not {pair!r:.60}")
        pairs.append((pair[0], pair[1]))
    return pairs


def status_details(raw: str, request: Request, registry: Registry) -> list[tuple[str, str]]:
    """``[("Answer", raw), ("Request", ...), (DOCUMENTS, ...)]``: the supplied documents in full.

    A document the request does not supply is named nowhere: whether a cited document was supplied
    is for the learner to find in the request's list, not a line of its own.
    """
    request_text = (
        tr("service {service}, environment {environment}, revision {revision}").format(
            service=request.service, environment=request.environment, revision=request.revision
        )
        + "\n"
        + tr("requested fields: {fields}").format(fields=", ".join(request.fields))
        + "\n"
        + tr("supplied documents: {documents}").format(documents=", ".join(request.supplied))
    )
    documents = "\n\n".join(
        tr("{doc} (service {service}, environment {environment}, revision {revision}):").format(
            doc=s.id, service=s.service, environment=s.environment, revision=s.revision
        )
        + f"\n{s.text.rstrip()}"
        for s in registry
        if s.id in request.supplied
    )
    return [("Answer", raw), ("Request", request_text), (DOCUMENTS, documents)]


def check_choices(choices: object) -> tuple[str, ...]:
    """``choices`` as a tuple of distinct ``str``.

    ``TypeError`` for a ``str``, ``bytes``, a non-sequence or a non-``str`` choice; ``ValueError`` when empty or repeated.
    """
    if isinstance(choices, (str, bytes)) or not isinstance(choices, Sequence):
        raise TypeError(f"choices is a list or tuple of str, not {type(choices).__name__}")
    options = tuple(choices)
    for choice in options:
        if not isinstance(choice, str):
            raise TypeError(f"every choice is a str, not {type(choice).__name__} ({choice!r:.40})")
    if not options:
        raise ValueError("a Predict exercise needs at least one choice")
    if len(set(options)) != len(options):
        raise ValueError("the choices of a Predict exercise must be distinct")
    return options


def check_hints(hints: object) -> tuple[str, ...]:
    """``hints`` as a tuple of at most two ``str``.

    ``TypeError`` for anything but a list or tuple of ``str``; ``ValueError`` for more than two.
    """
    if isinstance(hints, (str, bytes)) or not isinstance(hints, (list, tuple)):
        raise TypeError(f"hints is a list or tuple of at most two str, not {type(hints).__name__}")
    if len(hints) > 2:
        raise ValueError(f"a Predict has one or two hints, not {len(hints)}")
    for hint in hints:
        if not isinstance(hint, str):
            raise TypeError(f"every hint is a str, not {type(hint).__name__}")
    return tuple(hints)
