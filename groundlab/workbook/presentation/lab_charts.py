"""Charts of the checker lab: what each rung of the normalisation ladder rescues and lets through.

Part of the workbook's presentation; imports pandas (through the lab tables), and matplotlib inside
each chart function. As :mod:`~groundlab.workbook.presentation.charts`: Okabe–Ito colours with a
hatch, numbers on the chart, the ``Figure`` returned; nbval does not compare images, so a notebook
also shows :func:`lab_chart_numbers`. The ladder is a lens, not the rule (``docs/architecture.md``,
"Grounding").
"""

from __future__ import annotations

from typing import Any

from groundlab._extras import require
from groundlab.lab.ladder import LadderResult
from groundlab.workbook.catalogues import WORKBOOK_CATALOGUE
from groundlab.workbook.presentation.fonts import chart_fonts, keep_fonts
from groundlab.workbook.presentation.html import OKABE_ITO
from groundlab.workbook.presentation.lab_tables import ladder_first_frame, ladder_frame, ladder_kind_frame

__all__ = ["LET_THROUGH_COLOUR", "RESCUED_COLOUR", "lab_chart_numbers", "ladder_chart", "ladder_kind_chart"]

tr = WORKBOOK_CATALOGUE

RESCUED_COLOUR = OKABE_ITO["bluish_green"]
"""Colour of the faithful items a rung accepts (rescued); no hatch."""
LET_THROUGH_COLOUR = OKABE_ITO["vermillion"]
"""Colour of the unfaithful items a rung accepts (let through); hatched ``//``."""


def lab_chart_numbers(result: LadderResult) -> dict[str, Any]:
    """The numbers behind the ladder charts: ``{"ladder", "kinds", "firsts"}`` -> the lab tables' frames of ``result``."""
    return {
        "ladder": ladder_frame(result),
        "kinds": ladder_kind_frame(result),
        "firsts": ladder_first_frame(result),
    }


def ladder_chart(result: LadderResult):
    """Grouped bars, one pair per rung: faithful items rescued and unfaithful items let through (hatched).

    nbval does not compare images: show ``ladder_frame(result)`` beside it.
    """
    plt = require("matplotlib.pyplot", "workbook")

    frame = ladder_frame(result)
    rungs = list(frame["rung"])
    rescued = [int(n) for n in frame["rescued"]]
    let_through = [int(n) for n in frame["let_through"]]
    faithful = int(frame["faithful"].iloc[0]) if len(frame) else 0
    unfaithful = int(frame["unfaithful"].iloc[0]) if len(frame) else 0
    positions = list(range(len(rungs)))
    width = 0.4
    with chart_fonts() as families:
        fig, ax = plt.subplots(figsize=(9.6, 4.4))
        bars_rescued = ax.bar(
            [p - width / 2 for p in positions], rescued, width=width, color=RESCUED_COLOUR,
            edgecolor=OKABE_ITO["black"], label=tr("faithful accepted (rescued, of {total})").format(total=faithful),
        )
        bars_through = ax.bar(
            [p + width / 2 for p in positions], let_through, width=width, color=LET_THROUGH_COLOUR,
            edgecolor=OKABE_ITO["black"], hatch="//", label=tr("unfaithful accepted (let through, of {total})").format(total=unfaithful),
        )
        ax.bar_label(bars_rescued, padding=2, fontsize=8)
        ax.bar_label(bars_through, padding=2, fontsize=8)
        ax.set_xticks(positions, rungs, rotation=30, ha="right", parse_math=False)
        ax.set_ylim(0, max(rescued + let_through + [1]) * 1.15)
        ax.set_title(tr("What each rung accepts: {faithful} faithful and {unfaithful} unfaithful quotes").format(faithful=faithful, unfaithful=unfaithful))
        ax.set_xlabel(tr("rung of the ladder (strictest first)"))
        ax.set_ylabel(tr("quotes accepted"))
        ax.legend(loc="upper left", frameon=False)
        keep_fonts(fig, families)
        fig.tight_layout()
    return fig


def ladder_kind_chart(result: LadderResult):
    """A grid of kinds by rungs, each cell ``"accepted/total"``, shaded by the share accepted (unfaithful kinds hatched).

    nbval does not compare images: show ``ladder_kind_frame(result)`` beside it.
    """
    plt = require("matplotlib.pyplot", "workbook")
    from matplotlib.patches import Rectangle

    frame = ladder_kind_frame(result)
    rungs = list(result.rungs)
    kinds = list(frame["kind"])
    with chart_fonts() as families:
        fig, ax = plt.subplots(figsize=(1.0 + 0.9 * max(len(rungs), 1), 1.0 + 0.32 * max(len(kinds), 1)))
        for row, record in enumerate(frame.to_dict("records")):
            faithful = record["label"] == "faithful"
            total = int(record["items"])
            for col, rung in enumerate(rungs):
                accepted = int(record[rung])
                share = accepted / total if total else 0.0
                ax.add_patch(Rectangle(
                    (col, row), 1, 1,
                    facecolor=RESCUED_COLOUR if faithful else LET_THROUGH_COLOUR,
                    alpha=0.15 + 0.85 * share if accepted else 0.0,
                    hatch="" if faithful or not accepted else "//",
                    edgecolor=OKABE_ITO["black"], linewidth=0.3,
                ))
                ax.text(
                    col + 0.5, row + 0.5, f"{accepted}/{total}", ha="center", va="center", fontsize=7,
                    bbox={"facecolor": "white", "edgecolor": "none", "pad": 1, "alpha": 0.85},
                )
        ax.set_xlim(0, len(rungs))
        ax.set_ylim(len(kinds), 0)
        # parse_math=False: a name is shown as written, "$" included (mathtext would read "$...$" as maths)
        ax.set_xticks([c + 0.5 for c in range(len(rungs))], rungs, rotation=30, ha="right", parse_math=False)
        ax.set_yticks([r + 0.5 for r in range(len(kinds))], [f"{k} ({lab})" for k, lab in zip(kinds, frame["label"])],
                      parse_math=False)
        ax.set_title(tr("Quotes of each kind that each rung accepts"))
        ax.set_xlabel(tr("rung of the ladder (strictest first)"))
        ax.set_ylabel(tr("kind (label)"))
        keep_fonts(fig, families)
        fig.tight_layout()
    return fig
