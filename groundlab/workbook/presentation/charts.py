"""Charts of the study: the funnel, the reasons, the baseline's false accepts.

Part of the workbook's presentation; imports pandas (through the tables), and matplotlib inside
each chart function. Every chart uses the Okabe–Ito palette, with a hatch where two series are
compared, writes its numbers on the bars, and returns the ``matplotlib`` ``Figure``. nbval does
not compare images, so a notebook also shows :func:`chart_numbers` as text. See
``docs/architecture.md``, "Layers".
"""

from __future__ import annotations

from typing import Any

from groundlab._extras import require
from groundlab.core.language import N_
from groundlab.workbook.catalogues import WORKBOOK_CATALOGUE
from groundlab.workbook.presentation.fonts import chart_fonts, keep_fonts
from groundlab.workbook.presentation.html import OKABE_ITO
from groundlab.core.contract import Status
from groundlab.workbook.presentation.tables import baseline_frame, funnel_frame, layer_label, reason_frame

__all__ = ["baseline_chart", "chart_numbers", "funnel_chart", "reason_chart"]

tr = WORKBOOK_CATALOGUE

LAYER_COLOURS = (OKABE_ITO["sky_blue"], OKABE_ITO["orange"], OKABE_ITO["bluish_green"])
"""Bar colours of the funnel's three layers (strict JSON, citation-only check, full contract)."""
ACCEPT_COLOUR = OKABE_ITO["bluish_green"]
"""Bar colour of the ``ACCEPT`` status in :func:`reason_chart`."""
REJECT_COLOUR = OKABE_ITO["vermillion"]
"""Bar colour of every rejecting status in :func:`reason_chart` (hatched too)."""
CITATION_COLOUR = OKABE_ITO["orange"]
"""Bar colour of the citation-only check in :func:`baseline_chart` (hatched ``//``)."""
CONTRACT_COLOUR = OKABE_ITO["blue"]
"""Bar colour of the full contract in :func:`baseline_chart` (no hatch)."""
_BASELINE_LAYERS = (
    (N_("citation-only check"), "citation_only_false_accepts", CITATION_COLOUR, "//"),
    (N_("full contract"), "contract_false_accepts", CONTRACT_COLOUR, ""),
)


def chart_numbers(result: Any) -> dict[str, Any]:
    """The numbers behind the three charts: ``{"funnel", "reasons", "baseline"}`` -> the ``*_frame`` of ``result``."""
    return {
        "funnel": funnel_frame(result),
        "reasons": reason_frame(result),
        "baseline": baseline_frame(result),
    }


def funnel_chart(result: Any):
    """Bar chart: how many of the submitted answers each layer accepts, weakest first, each bar ``"<n> of <submitted>"``.

    nbval does not compare images: show ``funnel_frame(result)`` beside it.
    """
    plt = require("matplotlib.pyplot", "workbook")

    frame = funnel_frame(result)
    submitted = int(frame["of"].iloc[0]) if len(frame) else 0
    with chart_fonts() as families:
        fig, ax = plt.subplots(figsize=(6.4, 3.6))
        bars = ax.bar(
            [layer_label(layer) for layer in frame["layer"]],
            list(frame["accepted"]),
            color=list(LAYER_COLOURS),
            edgecolor=OKABE_ITO["black"],
        )
        ax.bar_label(bars, labels=[tr("{count} of {total}").format(count=n, total=submitted) for n in frame["accepted"]], padding=3)
        ax.set_ylim(0, max(submitted, 1) * 1.15)
        ax.set_title(tr("How many of {total} answers each layer accepts").format(total=submitted))
        ax.set_xlabel(tr("admission layer (weakest first)"))
        ax.set_ylabel(tr("answers accepted"))
        keep_fonts(fig, families)
        fig.tight_layout()
    return fig


def reason_chart(result: Any):
    """Horizontal bars: how many answers ended in each status, in check order, zeros included; rejections hatched.

    nbval does not compare images: show ``reason_frame(result)`` beside it.
    """
    plt = require("matplotlib.pyplot", "workbook")

    frame = reason_frame(result)
    total = int(frame["count"].sum())
    statuses = list(frame["status"])
    with chart_fonts() as families:
        fig, ax = plt.subplots(figsize=(6.4, 4.4))
        colours = [ACCEPT_COLOUR if s == Status.ACCEPT.value else REJECT_COLOUR for s in statuses]
        hatches = ["" if s == Status.ACCEPT.value else "//" for s in statuses]
        bars = ax.barh(statuses, list(frame["count"]), color=colours, edgecolor=OKABE_ITO["black"])
        for bar, hatch in zip(bars, hatches):
            bar.set_hatch(hatch)
        ax.bar_label(bars, padding=3)
        ax.invert_yaxis()  # first check at the top
        ax.set_xlim(0, max(int(frame["count"].max()) if len(frame) else 0, 1) * 1.2)
        ax.set_title(tr("Contract status of each of the {total} answers").format(total=total))
        ax.set_xlabel(tr("number of answers"))
        ax.set_ylabel(tr("contract status (checks in order)"))
        keep_fonts(fig, families)
        fig.tight_layout()
    return fig


def baseline_chart(result: Any):
    """Grouped horizontal bars: answers wrongly accepted per label, by the citation-only check (hatched) and the contract.

    A count of 0 draws no bar (and a layer with none, no legend entry); the title gives both
    totals, and with no false accept at all the axes say so. nbval does not compare images: show
    ``baseline_frame(result)`` beside it.
    """
    plt = require("matplotlib.pyplot", "workbook")
    from matplotlib.ticker import MaxNLocator

    frame = baseline_frame(result)
    layers = [
        (name, [int(n) for n in frame[column]], colour, hatch)
        for name, column, colour, hatch in _BASELINE_LAYERS
    ]
    drawn = [layer for layer in layers if any(layer[1])]
    rows = [i for i in range(len(frame)) if any(counts[i] for _, counts, _, _ in drawn)]
    height = 0.8 / max(len(drawn), 1)
    with chart_fonts() as families:
        fig, ax = plt.subplots(figsize=(6.4, 1.2 + 0.55 * max(len(rows), 1)))
        for number, (name, counts, colour, hatch) in enumerate(drawn):
            offset = (number - (len(drawn) - 1) / 2) * height
            kept = [(position, counts[i]) for position, i in enumerate(rows) if counts[i]]
            bars = ax.barh(
                [position + offset for position, _ in kept],
                [count for _, count in kept],
                height=height,
                color=colour,
                edgecolor=OKABE_ITO["black"],
                hatch=hatch,
                label=tr(name),
            )
            ax.bar_label(bars, padding=3)
        ax.set_yticks(range(len(rows)), [str(frame["expected"].iloc[i]) for i in rows])
        ax.invert_yaxis()
        ax.set_xlim(0, max([n for _, counts, _, _ in layers for n in counts] + [1]) * 1.25)
        totals = {name: sum(counts) for name, counts, _, _ in layers}
        ax.set_title(
            tr("Answers accepted that should be rejected\n(citation-only check {citation}, contract {contract})").format(
                citation=totals[_BASELINE_LAYERS[0][0]], contract=totals[_BASELINE_LAYERS[1][0]]
            )
        )
        ax.set_xlabel(tr("wrongly accepted answers"))
        ax.set_ylabel(tr("expected status (label)"))
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # counts are whole numbers
        if drawn:
            ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.25 if len(rows) < 4 else -0.12), ncol=2, frameon=False)
        else:
            ax.text(0.5, 0.5, tr("no answer was wrongly accepted"), transform=ax.transAxes, ha="center", va="center")
        keep_fonts(fig, families)
        fig.tight_layout()
    return fig
