"""A verdict's parts as HTML for the claim editor and the quote inspector: the trace, the accepted map, the hints.

The trace renders :func:`groundlab.core.trace.trace_rows` (``docs/architecture.md``, "One trace
view"). Every answer, source or learner text is escaped; a result is an icon and a word, never
colour alone. Standard library only.
"""

from __future__ import annotations

from typing import Any, Sequence

from groundlab.core.claims import ClaimsSyntaxError
from groundlab.core.contract import Verdict
from groundlab.core.registry import Registry, Request
from groundlab.workbook.catalogues import WORKBOOK_CATALOGUE
from groundlab.workbook.presentation import html as _html
from groundlab.workbook.presentation.lines import line_place
from groundlab.core.trace import TraceRow, trace_rows

__all__ = ["accepted_html", "hints_html", "trace_html"]

tr = WORKBOOK_CATALOGUE


def trace_html(verdict: Verdict, request: Request, registry: Registry, raw: str | None = None) -> str:
    """The trace of ``verdict`` as an HTML table (class ``groundlab-grid``), then the decision; everything escaped.

    One ``<tr class="groundlab-step groundlab-passed|groundlab-failed" data-claim="0|answer"
    data-check="...">`` per ``TraceRow``: claim, check, result (``✓ passed`` or
    ``<strong>✗ FAILED</strong>``), sentence (bold when failed). For a parse error in ``raw``, a caret
    box follows: ``<p>Line L, column C:</p>``, then ``<pre class="groundlab-pre groundlab-parse-place">``
    with the line in :func:`~groundlab.workbook.presentation.lines.visible` form and a ``^`` under
    column ``C``, then a ``<p>`` naming each character shown as ``⟨U+XXXX⟩``. No box when ``raw``
    is ``None`` or not the text the error is about.
    """
    rows = trace_rows(verdict, request, registry)
    headers = (tr("claim"), tr("check"), tr("result"), tr("what happened"))
    table = (
        '<table class="groundlab-grid groundlab-trace"><thead><tr>'
        + "".join(f"<th>{_html.esc(header)}</th>" for header in headers)
        + "</tr></thead><tbody>"
        + "".join(_step_html(row) for row in rows)
        + "</tbody></table>"
    )
    return table + _decision_html(verdict, rows) + _parse_place_html(verdict.error, raw)


def _step_html(row: TraceRow) -> str:
    who, check = _html.esc("answer" if row.claim is None else row.claim), _html.esc(row.check)
    state, result, sentence = "passed", _html.mark(row.passed), _html.esc(row.sentence)
    shown_who = _html.esc(tr("answer")) if row.claim is None else who
    if not row.passed:
        state, result, sentence = "failed", f"<strong>{result}</strong>", f"<strong>{sentence}</strong>"
    return (
        f'<tr class="groundlab-step groundlab-{state}" data-claim="{who}" data-check="{check}">'
        f'<td>{shown_who}</td><td>{check}</td><td class="groundlab-result">{result}</td>'
        f"<td>{sentence}</td></tr>"
    )


def _decision_html(verdict: Verdict, rows: Sequence[TraceRow]) -> str:
    decided = next((row for row in rows if row.decided), None)
    if decided is None:
        passed = tr("Every check passed: ACCEPT.")
        return f"<p>{_html.CHECK} {_html.esc(passed)}</p>"
    if decided.claim is None:
        template = tr("{failed} at check {check} of the answer: {status}. The checks after it did not run.")
    else:
        template = tr("{failed} at check {check} of claim {number}: {status}. The checks after it did not run.")
    failed = _html.esc(tr("FAILED"))
    return f"<p>{_html.CROSS} " + _html.esc(template).format(
        failed=f"<strong>{failed}</strong>",
        check=f"<code>{_html.esc(decided.check)}</code>",
        number=_html.esc(decided.claim),
        status=_html.esc(verdict.status),
    ) + "</p>"


def _parse_place_html(error: ClaimsSyntaxError | None, raw: str | None) -> str:
    if error is None or error.line is None or not isinstance(raw, str):
        return ""
    position = error.position
    if position is None or not 0 <= position <= len(raw):
        return ""
    place = line_place(raw, position)
    if (place.line, place.column) != (error.line, error.column):
        return ""  # raw is not the text the error is about
    # A <pre> drops one line feed right after its start tag: keep an empty line's.
    lead = "" if place.shown else "\n"
    where = tr("Line {line}, column {column}:").format(line=error.line, column=error.column)
    box = f"<p>{_html.esc(where)}</p>" + _html.pre(
        f"{lead}{place.shown}\n{place.caret}", "groundlab-pre groundlab-parse-place"
    )
    if place.escaped:
        shown_as = tr("Shown as ⟨U+XXXX⟩: {characters}.").format(characters=", ".join(place.escaped))
        box += f"<p>{_html.esc(shown_as)}</p>"
    return box


def accepted_html(verdict: Verdict) -> str:
    """The accepted map as an HTML table (class ``groundlab-accepted-map``), escaped; for a rejected answer, a sentence saying nothing was accepted."""
    if not verdict.accepted:
        nothing = tr("Nothing accepted: a rejected answer accepts no field (no partial success).")
        return f"<p>{_html.CROSS} {_html.esc(nothing)}</p>"
    rows = "".join(
        f"<tr><td>{_html.esc(field)}</td><td>{_html.esc(value)}</td></tr>"
        for field, value in verdict.accepted.items()
    )
    field, value = _html.esc(tr("field")), _html.esc(tr("value"))
    return (
        f'<table class="groundlab-grid groundlab-accepted-map"><thead><tr><th>{field}</th>'
        f"<th>{value}</th></tr></thead><tbody>{rows}</tbody></table>"
    )


def hints_html(hints: Sequence[Any]) -> str:
    """Near-miss hints as an HTML list (class ``groundlab-hint-list``), escaped, or ``"<p>No near-miss hints.</p>"``.

    One ``<li>`` per hint: ``<strong>kind</strong> (claim i, check): message``, then its ``detail`` in a ``<pre>``.
    """
    if not hints:
        return "<p>" + _html.esc(tr("No near-miss hints.")) + "</p>"
    items = []
    for hint in hints:
        item = (
            f'<li class="groundlab-hint"><strong>{_html.esc(hint.kind)}</strong> '
            f"({_html.esc(_hint_where(hint))}): {_html.esc(hint.message)}"
        )
        detail = getattr(hint, "detail", "")
        if detail:
            item += _html.pre(detail, "groundlab-pre groundlab-alignment")
        items.append(item + "</li>")
    return f'<ul class="groundlab-hint-list">{"".join(items)}</ul>'


def _hint_where(hint: Any) -> str:
    claim = getattr(hint, "claim", None)
    check = getattr(hint, "check", None)
    parts = [] if claim is None else [tr("claim {number}").format(number=claim)]
    if check:
        parts.append(str(check))
    elif claim is None:
        parts.append(tr("quote"))  # a hint about a quote alone (the QuoteInspector's)
    return tr(", ").join(parts)
