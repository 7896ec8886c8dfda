"""Tables of the checker lab: the normalisation ladder and the quote check as a detector of bad points.

Part of the workbook's presentation; imports pandas. Each ``*_frame`` returns a plain
``DataFrame`` (the numbers behind :mod:`~groundlab.workbook.presentation.lab_charts`); each
``*_table`` returns it styled by :func:`~groundlab.workbook.presentation.styler.styled`. ``result``
is a :class:`groundlab.lab.ladder.LadderResult`, ``confusion`` a
:class:`groundlab.lab.detector.ExplanationConfusion`. The ladder is a lens; the rule stays
``is_quoted`` ("No Quote, No Claim"; ``docs/architecture.md``, "Grounding").
"""

from __future__ import annotations

from typing import Any

from groundlab._extras import require

require("pandas", "workbook")  # a missing package names the extra that adds it

import pandas as pd

from groundlab.core.language import LIBRARY_CATALOGUE, N_
from groundlab.lab.detector import ExplanationConfusion
from groundlab.lab.explanations import BAD_LABELS, EXPLANATION_LABELS
from groundlab.lab.ladder import LADDER, LadderResult
from groundlab.workbook.catalogues import WORKBOOK_CATALOGUE
from groundlab.workbook.presentation import html as _html
from groundlab.workbook.presentation.styler import StableStyler, relabel
from groundlab.workbook.presentation.styler import styled as _styled

__all__ = [
    "explanation_confusion_frame",
    "explanation_confusion_table",
    "explanation_decision_frame",
    "explanation_label_frame",
    "explanation_label_table",
    "ladder_first_frame",
    "ladder_first_table",
    "ladder_frame",
    "ladder_kind_frame",
    "ladder_kind_table",
    "ladder_table",
    "rung_table",
]

tr = WORKBOOK_CATALOGUE

NEVER = N_("never")
"""Cell text of :func:`ladder_first_frame` when no rung accepts the kind."""

_DESCRIPTIONS = {rung.name: rung.description for rung in LADDER}


# ------------------------------------------------------------------ the ladder


def ladder_frame(result: LadderResult) -> pd.DataFrame:
    """The ladder over the whole catalogue, one row per rung, strictest first.

    Columns ``rung``, ``description``, then ``int`` counts: ``rescued`` (faithful items accepted) of
    ``faithful``, ``let_through`` (unfaithful items accepted) of ``unfaithful``.
    """
    records = [
        {
            "rung": c.rung,
            "description": _DESCRIPTIONS.get(c.rung, ""),  # English data; ladder_table shows it translated
            "rescued": c.rescued,
            "faithful": c.faithful,
            "let_through": c.let_through,
            "unfaithful": c.unfaithful,
        }
        for c in result.overall
    ]
    columns = ["rung", "description", "rescued", "faithful", "let_through", "unfaithful"]
    return pd.DataFrame.from_records(records, columns=columns)


def ladder_table(result: LadderResult) -> StableStyler:
    """:func:`ladder_frame` styled (uuid ``groundlab-quote-ladder``)."""
    first = result.overall[0] if result.overall else None
    caption = tr("Faithful quotes rescued and unfaithful quotes let through, rung by rung")
    if first is not None:
        caption += tr(" ({faithful} faithful, {unfaithful} unfaithful items)").format(faithful=first.faithful, unfaithful=first.unfaithful)
    headers = {
        "rung": tr("rung"), "description": tr("description"), "rescued": tr("rescued"), "faithful": tr("faithful"),
        "let_through": tr("let through"), "unfaithful": tr("unfaithful"),
    }
    frame = ladder_frame(result)
    frame["description"] = [LIBRARY_CATALOGUE(text) for text in frame["description"]]
    return _styled(relabel(frame, headers), "quote-ladder", caption)


def rung_table() -> StableStyler:
    """Every rung of the ladder with what it accepts, strictest first, in the language in force
    (uuid ``groundlab-rungs``)."""
    frame = pd.DataFrame([(rung.name, rung.shown_description()) for rung in LADDER], columns=[tr("rung"), tr("what it accepts")])
    return _styled(frame, "rungs", tr("The ladder's rungs, strictest first"))


def ladder_kind_frame(result: LadderResult) -> pd.DataFrame:
    """The ladder per kind (catalogue order): ``kind``, ``label``, ``items``, then per rung the items it accepts."""
    accepted = result.accepted()
    totals = {(c.kind, c.label): c.total for c in result.per_kind}
    records = []
    for (kind, label), total in totals.items():
        row: dict[str, Any] = {"kind": kind, "label": label, "items": total}
        row.update(accepted[kind])
        records.append(row)
    return pd.DataFrame.from_records(records, columns=["kind", "label", "items", *result.rungs])


def ladder_kind_table(result: LadderResult) -> StableStyler:
    """:func:`ladder_kind_frame` styled (uuid ``groundlab-quote-ladder-kinds``)."""
    frame = relabel(ladder_kind_frame(result), {"kind": tr("kind"), "label": tr("label"), "items": tr("items")})
    return _styled(frame, "quote-ladder-kinds", tr("Items of each kind that each rung accepts"))


def ladder_first_frame(result: LadderResult) -> pd.DataFrame:
    """Per kind, the first rung accepting some of its items and the first accepting all (or :data:`NEVER`).

    Columns ``kind``, ``label``, ``first_some``, ``first_all``.
    """
    records = [
        {"kind": f.kind, "label": f.label, "first_some": f.some or NEVER, "first_all": f.every or NEVER}
        for f in result.firsts
    ]
    return pd.DataFrame.from_records(records, columns=["kind", "label", "first_some", "first_all"])


def ladder_first_table(result: LadderResult) -> StableStyler:
    """:func:`ladder_first_frame` styled (uuid ``groundlab-quote-ladder-firsts``)."""
    never = {NEVER: tr(NEVER)}
    frame = relabel(
        ladder_first_frame(result),
        {"kind": tr("kind"), "label": tr("label"), "first_some": tr("first accepting some"), "first_all": tr("first accepting all")},
        {"first_some": never, "first_all": never},
    )
    return _styled(frame, "quote-ladder-firsts", tr("The first rung that accepts each kind"))


# ------------------------------------------------------------------ the explanation set


_GOOD_LABELS = ", ".join(label for label in EXPLANATION_LABELS if label not in BAD_LABELS)
_BAD_LABELS = ", ".join(label for label in EXPLANATION_LABELS if label in BAD_LABELS)
_GOOD = f"good ({_GOOD_LABELS})"
_BAD = f"bad ({_BAD_LABELS})"
_GROUPS = {"good": N_("good"), "bad": N_("bad")}


def explanation_confusion_frame(confusion: ExplanationConfusion) -> pd.DataFrame:
    """The quote check's confusion matrix, bad points first: ``points``, ``dropped`` (flagged), ``kept`` (shown), ``total``.

    ``points`` reads ``"bad (overstated, fabricated)"`` or ``"good (supported, paraphrase)"``.
    """
    rows = [
        (_BAD, confusion.bad_dropped, confusion.bad_kept),
        (_GOOD, confusion.good_dropped, confusion.good_kept),
    ]
    return pd.DataFrame.from_records(
        [{"points": name, "dropped": d, "kept": k, "total": d + k} for name, d, k in rows],
        columns=["points", "dropped", "kept", "total"],
    )


def explanation_confusion_table(confusion: ExplanationConfusion) -> StableStyler:
    """:func:`explanation_confusion_frame` styled (uuid ``groundlab-explanation-confusion``), the findings as its caption."""
    caption = f"{confusion.cannot_catch()} {confusion.wrongly_drops()}"
    points = {
        _BAD: tr("bad ({labels})").format(labels=_BAD_LABELS),
        _GOOD: tr("good ({labels})").format(labels=_GOOD_LABELS),
    }
    frame = relabel(
        explanation_confusion_frame(confusion),
        {"points": tr("points"), "dropped": tr("dropped"), "kept": tr("kept"), "total": tr("total")},
        {"points": points},
    )
    return _styled(frame, "explanation-confusion", caption)


def explanation_label_frame(confusion: ExplanationConfusion) -> pd.DataFrame:
    """The check's decisions per label, good labels first: ``label``, ``group`` (good or bad), ``points``, ``kept``, ``dropped``."""
    records = []
    for label, (kept, dropped) in confusion.per_label.items():
        group = "bad" if label in BAD_LABELS else "good"
        records.append({"label": label, "group": group, "points": kept + dropped, "kept": kept, "dropped": dropped})
    return pd.DataFrame.from_records(records, columns=["label", "group", "points", "kept", "dropped"])


def explanation_label_table(confusion: ExplanationConfusion) -> StableStyler:
    """:func:`explanation_label_frame` styled (uuid ``groundlab-explanation-labels``)."""
    frame = relabel(
        explanation_label_frame(confusion),
        {"label": tr("label"), "group": tr("group"), "points": tr("points"), "kept": tr("kept"), "dropped": tr("dropped")},
        {"group": {group: tr(word) for group, word in _GROUPS.items()}},
    )
    return _styled(frame, "explanation-labels", confusion.catches())


def explanation_decision_frame(confusion: ExplanationConfusion) -> pd.DataFrame:
    """Every point's decision in file order: ``pair``, ``point``, ``label``, ``decision`` (``"✓ kept"`` or ``"✗ dropped"``)."""
    records = [
        {"pair": d.pair, "point": d.point, "label": d.label, "decision": _html.mark(d.kept, "kept", "dropped")}
        for d in confusion.decisions
    ]
    return pd.DataFrame.from_records(records, columns=["pair", "point", "label", "decision"])
