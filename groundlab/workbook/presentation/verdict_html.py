"""A verdict's parts as HTML: the trace, the accepted map, the near-miss hints.

Standard library only (the claim editor and the quote inspector show these). The
trace renders :func:`groundlab.core.trace.trace_rows`, the one description of a
trace step ("One trace view", ``docs/architecture.md``). Every piece of answer,
source or learner text is escaped with :func:`groundlab.workbook.presentation.html.esc`; a result is
an icon and a word, never colour alone.
"""

from __future__ import annotations

from typing import Any, Sequence

from groundlab.core.claims import ClaimsSyntaxError
from groundlab.core.contract import Verdict
from groundlab.core.registry import Registry, Request
from groundlab.workbook.presentation import html as _html
from groundlab.workbook.presentation.lines import line_place
from groundlab.core.trace import TraceRow, trace_rows

__all__ = ["accepted_html", "hints_html", "trace_html"]


def trace_html(verdict: Verdict, request: Request, registry: Registry, raw: str | None = None) -> str:
    """The trace of ``verdict`` as an HTML table (class ``groundlab-grid``), then the decision.

    One ``<tr class="groundlab-step groundlab-passed|groundlab-failed" data-claim="0|answer"
    data-check="...">`` per :class:`~groundlab.core.trace.TraceRow`, columns claim,
    check, result (``✓ passed`` or ``<strong>✗ FAILED</strong>``) and the row's
    sentence (bold on the failed row). After the table: which check decided and,
    for a parse error with a place, the caret box.

    The caret box: ``<p>Line L, column C:</p>`` with the error's own ``line`` and
    ``column``, then a ``<pre class="groundlab-pre groundlab-parse-place">`` holding
    line ``L`` of ``raw`` -- lines end at U+000A only, as
    :func:`groundlab.core.text.line_column` counts (``docs/architecture.md``, "Units")
    -- in the visible form of :func:`groundlab.workbook.presentation.lines.visible` (a carriage return
    is ``⟨U+000D⟩``, U+2028 is ``⟨U+2028⟩``, ...), and below it a ``^`` under column
    ``C``, past as many columns as the shown characters before it take. When the
    error sits on the line feed that ends the line, that line feed is shown as
    ``⟨U+000A⟩``. If any character is shown as ``⟨U+XXXX⟩``, a last ``<p>`` names
    each one. ``raw`` ``None``, or not the text the error is about: no box.
    Every string is escaped.
    """
    rows = trace_rows(verdict, request, registry)
    table = (
        '<table class="groundlab-grid groundlab-trace"><thead><tr><th>claim</th><th>check</th>'
        "<th>result</th><th>what happened</th></tr></thead><tbody>"
        + "".join(_step_html(row) for row in rows)
        + "</tbody></table>"
    )
    return table + _decision_html(verdict, rows) + _parse_place_html(verdict.error, raw)


def _step_html(row: TraceRow) -> str:
    who, check = _html.esc("answer" if row.claim is None else row.claim), _html.esc(row.check)
    state, result, sentence = "passed", _html.mark(row.passed), _html.esc(row.sentence)
    if not row.passed:
        state, result, sentence = "failed", f"<strong>{result}</strong>", f"<strong>{sentence}</strong>"
    return (
        f'<tr class="groundlab-step groundlab-{state}" data-claim="{who}" data-check="{check}">'
        f'<td>{who}</td><td>{check}</td><td class="groundlab-result">{result}</td>'
        f"<td>{sentence}</td></tr>"
    )


def _decision_html(verdict: Verdict, rows: Sequence[TraceRow]) -> str:
    decided = next((row for row in rows if row.decided), None)
    if decided is None:
        return f"<p>{_html.CHECK} Every check passed: ACCEPT.</p>"
    who = "the answer" if decided.claim is None else decided.where
    return (
        f"<p>{_html.CROSS} <strong>FAILED</strong> at check <code>{_html.esc(decided.check)}</code> "
        f"of {_html.esc(who)}: {_html.esc(verdict.status)}. The checks after it did not run.</p>"
    )


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
    box = f"<p>Line {error.line}, column {error.column}:</p>" + _html.pre(
        f"{lead}{place.shown}\n{place.caret}", "groundlab-pre groundlab-parse-place"
    )
    if place.escaped:
        box += f"<p>Shown as ⟨U+XXXX⟩: {_html.esc(', '.join(place.escaped))}.</p>"
    return box


def accepted_html(verdict: Verdict) -> str:
    """The accepted map as an HTML table (class ``groundlab-accepted-map``), one row per field.

    A rejected answer accepts nothing (no partial success): then one sentence says
    so instead of a table. Fields and values are escaped.
    """
    if not verdict.accepted:
        return (
            f"<p>{_html.CROSS} Nothing accepted: a rejected answer accepts no field "
            "(no partial success).</p>"
        )
    rows = "".join(
        f"<tr><td>{_html.esc(field)}</td><td>{_html.esc(value)}</td></tr>"
        for field, value in verdict.accepted.items()
    )
    return (
        '<table class="groundlab-grid groundlab-accepted-map"><thead><tr><th>field</th>'
        f"<th>value</th></tr></thead><tbody>{rows}</tbody></table>"
    )


def hints_html(hints: Sequence[Any]) -> str:
    """Near-miss hints (:class:`groundlab.hints.Hint`) as an HTML list (class ``groundlab-hint-list``).

    One ``<li>`` per hint: ``<strong>kind</strong> (claim i, check): message``, then
    the hint's ``detail`` (an alignment) in a ``<pre>`` when it has one; every part
    escaped. ``"<p>No near-miss hints.</p>"`` when there are none.
    """
    if not hints:
        return "<p>No near-miss hints.</p>"
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
    parts = [] if claim is None else [f"claim {claim}"]
    if check:
        parts.append(str(check))
    elif claim is None:
        parts.append("quote")  # a hint about a quote alone (the QuoteInspector's)
    return ", ".join(parts)
