"""A checked log's report as one self-contained HTML page: :func:`report_html`.

The page holds the summary's tables and an inline SVG bar chart of the statuses (no
script, no external file, no chart library). Every name in it that came from a log (a
field name, a reason) is escaped; a lone surrogate is shown as ``\\ud800``.
``docs/architecture.md``, "Checking a log". Standard library only.
"""

from __future__ import annotations

from html import escape as _html_escape

from groundlab.core.fields import FieldState
from groundlab.study.log_summary import LogSummary

__all__ = ["report_html", "status_chart_svg"]

_STYLE = (
    "body{font-family:system-ui,sans-serif;margin:2rem;max-width:60rem;color:#222}"
    "table{border-collapse:collapse;margin:.5rem 0 1.5rem}td,th{border:1px solid #ccc;padding:.25rem .6rem;text-align:left}"
    "td.n{text-align:right;font-variant-numeric:tabular-nums}svg text{font:12px system-ui,sans-serif}"
)
_STATE_ORDER = [state.value for state in FieldState]
_ACCEPT, _REFUSED, _LINE_ERROR = "#2e7d32", "#c62828", "#6d4c41"


def _escape(text: str) -> str:
    """``text`` HTML-escaped, with a lone surrogate (``"\\ud800"``, which UTF-8 cannot
    encode) shown as its backslash escape, so the page always encodes."""
    return _html_escape(text).encode("utf-8", "backslashreplace").decode("utf-8")


def _table(head: tuple[str, ...], rows: list[tuple]) -> str:
    cells = "".join(f"<th>{_escape(h)}</th>" for h in head)
    body = "".join(
        "<tr>" + "".join(f'<td class="n">{v:,}</td>' if isinstance(v, int) else f"<td>{_escape(str(v))}</td>" for v in row) + "</tr>"
        for row in rows
    )
    return f"<table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"


def status_chart_svg(summary: LogSummary) -> str:
    """An inline ``<svg>`` with one horizontal bar per status that occurs, lines per status, longest bar the most lines."""
    rows = [(status, n) for status, n in summary.to_dict()["statuses"].items() if n]
    if not rows:
        return '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="24" role="img" aria-label="no lines"><text x="0" y="16">no lines</text></svg>'
    top = max(n for _, n in rows)
    label, width, bar_h = 170, 300, 22
    height = len(rows) * (bar_h + 6) + 6
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{label + width + 90}" height="{height}" role="img" '
        f'aria-label="lines per status">'
    ]
    for i, (status, n) in enumerate(rows):
        y = 6 + i * (bar_h + 6)
        w = max(1, round(width * n / top))
        colour = _ACCEPT if status == "ACCEPT" else _LINE_ERROR if status == "LINE_ERROR" else _REFUSED
        parts.append(f'<text x="{label - 6}" y="{y + 15}" text-anchor="end">{_escape(status)}</text>')
        parts.append(f'<rect x="{label}" y="{y}" width="{w}" height="{bar_h}" fill="{colour}"><title>{_escape(status)}: {n}</title></rect>')
        parts.append(f'<text x="{label + w + 6}" y="{y + 15}">{n:,}</text>')
    parts.append("</svg>")
    return "".join(parts)


def report_html(summary: LogSummary, title: str = "groundlab check-log report") -> str:
    """The report page of ``summary``: a complete HTML document (``str``), self-contained.

    Sections: the lines counted, the status chart and table, citation-only accepts against
    contract accepts (the false accepts), the deciding checks, the per-field states and the
    lines that could not be checked.
    """
    data = summary.to_dict()
    parts = [
        f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{_escape(title)}</title>",
        f"<style>{_STYLE}</style></head><body><h1>{_escape(title)}</h1>",
        f"<p>{summary.lines:,} line(s) checked" + (f", {summary.blank:,} blank line(s) skipped" if summary.blank else "") + ".</p>",
        "<h2>Statuses</h2>", status_chart_svg(summary),
        _table(("status", "lines"), [(s, n) for s, n in data["statuses"].items() if n]),
        "<h2>Citation-only check against the contract</h2>",
        _table(("check", "accepts"), [("citation-only", summary.citation_only_accepts), ("full contract", summary.contract_accepts)]),
        f"<p>False accepts (the citation-only check accepts, the contract refuses): <strong>{summary.false_accepts:,}</strong>.</p>",
        "<h2>Deciding checks</h2>",
        _table(("check", "refused lines"), summary.top_checks(len(data["checks"]))) if data["checks"] else "<p>No refusal.</p>",
        "<h2>Fields (verify_fields)</h2>",
    ]
    states = sorted({state for counter in data["fields"].values() for state in counter}, key=_STATE_ORDER.index)
    if data["fields"]:
        parts.append(_table(("field", *states), [(name, *(counter.get(s, 0) for s in states)) for name, counter in data["fields"].items()]))
    else:
        parts.append("<p>No field was checked.</p>")
    parts.append("<h2>Lines that could not be checked</h2>")
    if data["line_errors"]:
        parts.append(_table(("reason", "lines"), list(data["line_errors"].items())))
        parts.append(_table(("line", "reason"), [(str(e["line"]), e["code"]) for e in data["first_errors"]]))
    else:
        parts.append("<p>None.</p>")
    parts.append("</body></html>\n")
    return "".join(parts)
