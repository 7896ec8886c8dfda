"""The classroom demo's parts as HTML: the answer, the request, the documents, the compact trace.

Part of the workbook's classroom demo. Every function returns escaped HTML with each character a
reader could not see shown as ``⟨U+XXXX⟩``. The module imports only the standard library and
stdlib-only groundlab modules; importing it runs the ``classroom`` package, which imports
ipywidgets. See ``docs/architecture.md``, "Layers".
"""

from __future__ import annotations

from typing import Sequence

from groundlab.core.claims import ClaimsSyntaxError, parse_claims
from groundlab.core.registry import Registry, Request
from groundlab.workbook.presentation import html as _html
from groundlab.workbook.presentation.lines import visible, visible_lines
from groundlab.core.trace import TraceRow

__all__ = ["STYLE", "answer_html", "compact_trace_html", "documents_html", "raw_html", "request_html"]

STYLE = """<style>
.groundlab-classroom.groundlab-classroom-text-125 { --groundlab-classroom-scale: 1.25; }
.groundlab-classroom.groundlab-classroom-text-150 { --groundlab-classroom-scale: 1.5; }
.groundlab-classroom-text-125 button, .groundlab-classroom-text-125 select,
.groundlab-classroom-text-150 button, .groundlab-classroom-text-150 select {
  font-size: calc(13px * var(--groundlab-classroom-scale, 1));
  height: auto;
}
.groundlab-classroom-text-125 .widget-label, .groundlab-classroom-text-150 .widget-label {
  height: auto;
  line-height: 1.4;
}
.groundlab-classroom-text-125 pre, .groundlab-classroom-text-150 pre { line-height: 1.45; }
.groundlab-classroom { font-size: calc(17px * var(--groundlab-classroom-scale, 1)); line-height: 1.3; }
.groundlab-classroom .widget-html-content { line-height: 1.3; }
.groundlab-classroom .widget-label, .groundlab-classroom .widget-html-content {
  font-size: calc(17px * var(--groundlab-classroom-scale, 1));
}
.groundlab-classroom h4 { margin: 4px 0 2px 0; font-size: calc(17px * var(--groundlab-classroom-scale, 1)); }
.groundlab-classroom .groundlab-grid {
  font-size: calc(16px * var(--groundlab-classroom-scale, 1));
  margin: 2px 0;
}
.groundlab-classroom .groundlab-grid code {
  font-size: calc(15px * var(--groundlab-classroom-scale, 1));
  white-space: pre-wrap;
  word-break: normal;
  overflow-wrap: break-word;
}
.groundlab-classroom pre {
  font-family: var(--jp-code-font-family, monospace);
  font-size: calc(15px * var(--groundlab-classroom-scale, 1));
  line-height: 1.25;
  margin: 0 0 4px 0;
  padding: 3px 6px;
  background: #f4f4f4;
  white-space: pre-wrap;
  word-break: normal;
  overflow-wrap: break-word;
}
.groundlab-classroom .groundlab-classroom-doc { margin: 0; }
.groundlab-classroom .groundlab-classroom-answer { overflow-x: auto; }
.groundlab-classroom mark { background: #ffe9a8; outline: 1px solid #E69F00; padding-bottom: 0.2em; }
.groundlab-classroom mark sup { font-weight: bold; }
.groundlab-classroom .groundlab-classroom-edited { font-weight: bold; outline: 2px dashed #0072B2; }
.groundlab-classroom .groundlab-classroom-trace p { margin: 1px 0; }
.groundlab-classroom .groundlab-classroom-deciding { font-weight: bold; border: 2px solid #D55E00;
  border-radius: 4px; padding: 1px 4px; }
.groundlab-classroom .groundlab-classroom-hints p {
  margin: 1px 0;
  font-size: calc(16px * var(--groundlab-classroom-scale, 1));
}
.groundlab-classroom .groundlab-classroom-prompt p {
  margin: 2px 0;
  font-size: calc(18px * var(--groundlab-classroom-scale, 1));
}
.groundlab-classroom .widget-label.groundlab-classroom-status {
  font-weight: bold;
  font-size: calc(18px * var(--groundlab-classroom-scale, 1));
}
.groundlab-classroom .groundlab-classroom-fail { font-weight: bold; }
</style>"""


def raw_html(raw: str) -> str:
    """The answer as the model wrote it: its text, escaped, every hidden character shown."""
    return f'<pre class="groundlab-classroom-raw">{_html.esc(visible_lines(raw))}</pre>'


def _code(text: str) -> str:
    """``text`` as an escaped JSON-like string literal: quotes show leading and trailing spaces."""
    return f"<code>&quot;{_html.esc(visible(text))}&quot;</code>"


def answer_html(raw: str, edited: frozenset[tuple[int, str]] = frozenset()) -> str:
    """The answer as a claims table, or :func:`raw_html` when it does not parse.

    Each ``(claim, member)`` in ``edited`` is marked ``✎`` (class ``groundlab-classroom-edited``).
    """
    try:
        claims = parse_claims(raw)
    except ClaimsSyntaxError:
        return raw_html(raw)
    if not claims:
        return f"<p><code>{_html.esc(raw)}</code> (no claims)</p>"
    rows = []
    for index, claim in enumerate(claims):
        cells = []
        for member in ("field", "value", "doc", "quote"):
            text = _code(getattr(claim, member))
            if (index, member) in edited:
                cells.append(f'<td class="groundlab-classroom-edited">✎ {text}</td>')
            else:
                cells.append(f"<td>{text}</td>")
        rows.append(f"<tr><td>{index}</td>{''.join(cells)}</tr>")
    head = "<tr><th>claim</th><th>field</th><th>value</th><th>doc</th><th>quote</th></tr>"
    return f'<table class="groundlab-grid"><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table>'


def request_html(request: Request) -> str:
    """The trusted request on one line (escaped)."""
    esc = _html.esc
    return (
        f"<p><strong>Request</strong> (trusted): {esc(request.service)} / {esc(request.environment)} · "
        f"revision {esc(request.revision)} · fields {esc(', '.join(request.fields))}</p>"
    )


def _marked(text: str, quotes: Sequence[tuple[int, str]]) -> str:
    """``text`` escaped, with the first verbatim occurrence of each ``(claim, quote)`` in ``<mark>``."""
    spans: list[tuple[int, int, list[int]]] = []
    for claim, quote in quotes:
        start = text.find(quote) if quote else -1
        if start < 0:
            continue
        end = start + len(quote)
        same = next((s for s in spans if s[0] == start and s[1] == end), None)
        if same is not None:
            same[2].append(claim)
        elif all(end <= s[0] or start >= s[1] for s in spans):
            spans.append((start, end, [claim]))
    out, at = [], 0
    for start, end, claims in sorted(spans):
        out.append(_html.esc(visible_lines(text[at:start])))
        body = _html.esc(visible_lines(text[start:end]))
        who = ",".join(str(c) for c in claims)
        out.append(f'<mark data-claim="{who}">{body}<sup>{who}</sup></mark>')
        at = end
    out.append(_html.esc(visible_lines(text[at:])))
    return "".join(out)


def documents_html(request: Request, registry: Registry, raw: str, marks: bool) -> str:
    """Each supplied document's id, scope and text; with ``marks``, each verbatim quote in ``<mark>`` with its claim index."""
    try:
        claims = parse_claims(raw) if marks else ()
    except ClaimsSyntaxError:
        claims = ()
    parts = []
    for doc_id in request.supplied:
        source = registry.by_id[doc_id]
        quotes = [(i, c.quote) for i, c in enumerate(claims) if c.doc == doc_id]
        parts.append(
            f'<p class="groundlab-classroom-doc"><strong>{_html.esc(doc_id)}</strong> · {_html.esc(source.service)}'
            f" / {_html.esc(source.environment)} · revision {_html.esc(source.revision)}</p>"
            f'<pre data-doc="{_html.esc(doc_id)}">{_marked(source.text.rstrip(chr(10)), quotes)}</pre>'
        )
    return "".join(parts)


def compact_trace_html(rows: Sequence[TraceRow], status: str) -> str:
    """The trace in a few lines: ``parse``, each claim's checks, ``coverage``, each ``✓ name`` or ``✗ name``; then the decision.

    The last line (class ``groundlab-classroom-deciding``) names the deciding check and its sentence,
    or says every check passed.
    """
    lines: dict[str, list[str]] = {}
    for row in rows:
        key = row.where if row.claim is not None else f"answer-{row.check}"
        mark = _html.CHECK if row.passed else _html.CROSS
        item = f'<span data-check="{_html.esc(row.check)}">{mark} {_html.esc(row.check)}</span>'
        if not row.passed:
            item = f'<strong class="groundlab-classroom-fail">{item}</strong>'
        lines.setdefault(key, []).append(item)
    order = sorted(lines, key=lambda k: (k != "answer-parse", k.startswith("answer-"), _claim_number(k)))
    out = [f"<p><code>{_html.esc(_where(k))}</code> {' '.join(lines[k])}</p>" for k in order]
    decided = next((row for row in rows if row.decided), None)
    if decided is None:
        passed = f"{_html.CHECK} Every check passed: {_html.esc(status)}."
        out.append(f'<p class="groundlab-classroom-deciding">{passed}</p>')
    else:
        out.append(
            f'<p class="groundlab-classroom-deciding" data-claim="{_html.esc(decided.where)}" '
            f'data-check="{_html.esc(decided.check)}">{_html.CROSS} Deciding check: {_html.esc(decided.where)} '
            f"{_html.esc(decided.check)}: {_html.esc(decided.sentence)} → {_html.esc(status)}</p>"
        )
    return "".join(out)


def _where(key: str) -> str:
    return "answer" if key.startswith("answer-") else key


def _claim_number(key: str) -> int:
    return int(key.split()[1]) if key.startswith("claim ") else 0
