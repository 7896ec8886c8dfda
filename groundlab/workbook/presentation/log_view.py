"""A checked log in the workbook: its results as a DataFrame, its summary's tables, the report's chart.

Part of the workbook's presentation; imports pandas, and matplotlib inside the chart function.
The chart draws the statuses the HTML report of ``groundlab check-log --report`` draws, in the
workbook's palette; nbval does not compare images, so a notebook shows
:func:`log_status_frame` beside it. :func:`fake_model_log` is a log of a fake model's answers
to check. See ``docs/architecture.md``, "Checking a log".
"""

from __future__ import annotations

import json
from typing import Iterable

from groundlab._extras import require

require("pandas", "workbook")

import pandas as pd

from groundlab.core.checks import CHECKS
from groundlab.study.log_line import LogResult
from groundlab.study.log_summary import STATUSES, LogSummary
from groundlab.workbook.catalogues import WORKBOOK_CATALOGUE
from groundlab.workbook.presentation.charts import ACCEPT_COLOUR, REJECT_COLOUR
from groundlab.workbook.presentation.fonts import chart_fonts, keep_fonts
from groundlab.workbook.presentation.html import OKABE_ITO

__all__ = ["fake_model_log", "log_chart", "log_check_frame", "log_frame", "log_status_frame"]

tr = WORKBOOK_CATALOGUE

LINE_ERROR_COLOUR = OKABE_ITO["black"]
"""Bar colour of ``LINE_ERROR`` in :func:`log_chart`."""


def log_frame(results: Iterable[LogResult]) -> pd.DataFrame:
    """One row per result: ``line``, ``id``, ``status``, ``check`` (the deciding check, or
    ``""``), ``citation_only_ok``, ``accepted`` (how many fields) and ``error`` (a reason or
    parse code, or ``""``), in input order."""
    rows = [
        {
            "line": r.line, "id": "" if r.id is None else str(r.id), "status": r.status, "check": r.check or "",
            "citation_only_ok": r.citation_only_ok, "accepted": len(r.accepted),
            "error": r.error["code"] if r.error else "",
        }
        for r in results
    ]
    columns = ["line", "id", "status", "check", "citation_only_ok", "accepted", "error"]
    return pd.DataFrame(rows, columns=columns)


def log_status_frame(summary: LogSummary) -> pd.DataFrame:
    """``status`` and ``lines``: every status that occurs, in check order (``LINE_ERROR`` last)."""
    counts = summary.to_dict()["statuses"]
    return pd.DataFrame([(s, counts[s]) for s in STATUSES if counts[s]], columns=["status", "lines"])


def log_check_frame(summary: LogSummary) -> pd.DataFrame:
    """``check`` and ``refused``: the checks that decided a refusal, most first (ties in check order)."""
    return pd.DataFrame(summary.top_checks(len(CHECKS)), columns=["check", "refused"])


def log_chart(summary: LogSummary):
    """Horizontal bars: lines per status, in check order; refusals hatched, ``LINE_ERROR`` black.

    Returns the ``matplotlib`` ``Figure``. nbval does not compare images: show
    :func:`log_status_frame` beside it.
    """
    plt = require("matplotlib.pyplot", "workbook")

    frame = log_status_frame(summary)
    statuses = list(frame["status"])
    with chart_fonts() as families:
        fig, ax = plt.subplots(figsize=(6.4, 0.4 * max(len(statuses), 1) + 1.4))
        colours = [ACCEPT_COLOUR if s == "ACCEPT" else LINE_ERROR_COLOUR if s == "LINE_ERROR" else REJECT_COLOUR for s in statuses]
        bars = ax.barh(statuses, list(frame["lines"]), color=colours, edgecolor=OKABE_ITO["black"])
        for bar, status in zip(bars, statuses):
            bar.set_hatch("" if status in ("ACCEPT", "LINE_ERROR") else "//")
        ax.bar_label(bars, padding=3)
        ax.invert_yaxis()
        ax.set_xlim(0, max(int(frame["lines"].max()) if len(frame) else 0, 1) * 1.2)
        ax.set_title(tr("Status of each of the {lines} log lines").format(lines=summary.lines))
        ax.set_xlabel(tr("lines"))
        keep_fonts(fig, families)
        fig.tight_layout()
    return fig


def fake_model_log(n: int = 100) -> list[str]:
    """``n`` log lines of a fake model's answers, each an OpenAI-style chat log.

    The fake model (:class:`~groundlab.grounding.chat.FakeChatModel`) replies with the study's
    answers and the mutation catalogue's, in a fixed order; each line holds the request and
    ``{"messages": [...the prompt..., {"role": "assistant", "content": reply}]}``, as an
    application's log would. The same lines on every call.
    """
    from groundlab.grounding.chat import FakeChatModel
    from groundlab.grounding.claims_prompt import build_claims_prompt
    from groundlab.lab.mutations import load_mutations
    from groundlab.lab.sample_log import request_dict
    from groundlab.study.cases import load_case_set

    study = load_case_set()
    pool = [*study, *list(load_mutations())[::7]]  # the 22 answers, then every 7th mutation
    cases = [pool[number % len(pool)] for number in range(n)]
    model = FakeChatModel([case.raw for case in cases] or "")
    lines = []
    for number, case in enumerate(cases):
        messages = build_claims_prompt(case.request, study.sources)
        reply = model.complete(messages, timeout=30)
        log = {"messages": [*messages, {"role": "assistant", "content": reply}]}
        lines.append(json.dumps({"id": f"answer-{number + 1}", "request": request_dict(case.request), "answer": log}))
    return lines
