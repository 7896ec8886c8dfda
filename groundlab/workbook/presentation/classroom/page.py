"""The classroom demo's parts as HTML: the answer, the request, the documents, the compact trace.

Part of the workbook's classroom demo. Every function returns escaped HTML with each character a
reader could not see shown as ``⟨U+XXXX⟩``. The module imports only the standard library and
stdlib-only groundlab modules; importing it runs the ``classroom`` package, which imports
ipywidgets. Its words are in the language in force (``tr``, the workbook's catalogue); field names,
document ids, check names and statuses stay as they are. See ``docs/architecture.md``, "Layers".
"""

from __future__ import annotations

import re
from typing import Sequence

from groundlab.core.claims import ClaimsSyntaxError, parse_claims
from groundlab.core.registry import Registry, Request
from groundlab.workbook.presentation import html as _html
from groundlab.workbook.presentation.css import CJK_FONT_CSS
from groundlab.workbook.presentation.lines import visible, visible_lines
from groundlab.core.trace import TraceRow
from groundlab.core.language import N_
from groundlab.workbook.catalogues import WORKBOOK_CATALOGUE

__all__ = [
    "STOPPED", "STYLE", "answer_html", "compact_trace_html", "documents_html", "folded", "named_docs", "raw_html",
    "request_html", "stopped", "style",
]

tr = WORKBOOK_CATALOGUE

STOPPED = N_("The demo stopped: its kernel is gone. Reload the page (F5) to start it again.")
"""What the page says, in place of the demo and the claim editor, once their kernel is gone (plain ASCII, no
quotes; :func:`stopped` is its text in the language in force)."""

_STYLE = """<style>
:root { --groundlab-classroom-scale: 1; }
/* Browser zoom (or display scaling) of 125% or more on a small projector: 1280 x 720 at 125% is a
   CSS viewport of 1024 x 576. There each CSS pixel covers 1.25 screen pixels or more, so 16 CSS px
   are still at least the 20 screen pixels of Text 100%, and every size below follows the font:
   the layout is the one that fits 1280 x 720 (or 1024 x 768) at 100%. */
@media (min-resolution: 1.2dppx) and (max-height: 640px), (min-resolution: 1.2dppx) and (max-width: 900px) {
  .groundlab-classroom, body:has(.groundlab-classroom) .groundlab-claim-editor {
    --groundlab-classroom-px: calc(16px * var(--groundlab-classroom-scale)) !important;
  }
}
.groundlab-classroom, body:has(.groundlab-classroom) .groundlab-claim-editor {
  --groundlab-classroom-px: calc(20px * var(--groundlab-classroom-scale));
  --jp-widgets-font-size: var(--groundlab-classroom-px);
  --jp-widgets-inline-height: calc(1.6 * var(--groundlab-classroom-px));
  --jp-widgets-inline-label-width: calc(5.5 * var(--groundlab-classroom-px));
  --jp-widgets-inline-width: calc(20 * var(--groundlab-classroom-px));
  --jp-code-font-size: var(--groundlab-classroom-px);
  --jp-content-font-size1: var(--groundlab-classroom-px);
  --jp-ui-font-size1: var(--groundlab-classroom-px);
  font-size: var(--groundlab-classroom-px);
  line-height: 1.2;
}
body:has(.groundlab-classroom) .groundlab-claim-editor :is(input, textarea, select, button, label, pre, code,
  table, p, span, .widget-label, .widget-html-content) { font-size: var(--groundlab-classroom-px); }
body:has(.groundlab-classroom) .groundlab-claim-editor .widget-label { height: auto; line-height: 1.3; }
body:has(.groundlab-classroom) .groundlab-claim-editor :is(input, select, button) { height: auto; }
body:has(.groundlab-classroom) #rendered_cells, body:has(.groundlab-classroom) .voila-container,
body:has(.groundlab-classroom) .jp-Notebook { padding-top: 0; padding-bottom: 0; }
.groundlab-classroom { padding: 0; box-sizing: border-box; max-width: 100vw; }
.groundlab-classroom :is(button, select, .widget-label, .widget-html-content) {
  font-size: var(--groundlab-classroom-px);
  line-height: 1.2;
}
.groundlab-classroom :is(button, select) { height: var(--jp-widgets-inline-height); }
.groundlab-classroom .widget-label { height: auto; min-height: 0; line-height: 1.35; }
.groundlab-classroom .groundlab-classroom-toolbar { gap: 0.2em 0.3em; margin: 0 0 0.1em 0; }
.groundlab-classroom .groundlab-classroom-toolbar > * { margin: 0; }
.groundlab-classroom .groundlab-classroom-scenario > label {
  position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap;
}
.groundlab-classroom .groundlab-classroom-scenario select { max-width: 20em; }
.groundlab-classroom .groundlab-classroom-step { font-weight: bold; padding: 0 4px; }
.groundlab-classroom h4 { margin: 2px 0 1px 0; font-size: var(--groundlab-classroom-px); }
.groundlab-classroom .groundlab-classroom-heading { font-weight: bold; margin: 2px 0 1px 0; }
.groundlab-classroom .groundlab-classroom-columns { gap: 0.4em; }
.groundlab-classroom .groundlab-grid { margin: 1px 0; width: 100%; }
.groundlab-classroom .groundlab-grid td:first-child, .groundlab-classroom .groundlab-grid th:first-child { width: 1.5em; }
.groundlab-classroom .groundlab-grid th, .groundlab-classroom .groundlab-grid td { padding: 1px 4px; }
.groundlab-classroom :is(pre, code) {
  font-family: var(--jp-code-font-family, monospace);
  font-size: var(--groundlab-classroom-px);
  white-space: pre-wrap;
  word-break: normal;
  overflow-wrap: anywhere;
}
.groundlab-classroom .groundlab-grid code { letter-spacing: -0.03em; }
.groundlab-classroom .groundlab-classroom-end { white-space: nowrap; }
.groundlab-classroom pre {
  line-height: 1.2;
  margin: 0 0 0.1em 0;
  padding: 0.05em 0.2em;
  background: #f4f4f4;
}
.groundlab-classroom .groundlab-classroom-doc { margin: 0; }
.groundlab-classroom pre.groundlab-classroom-two-columns { columns: 2; column-gap: 0.6em; column-rule: 1px solid #bbb; }
.groundlab-classroom details.groundlab-classroom-uncited > summary { cursor: pointer; color: #444; }
.groundlab-classroom p { margin: 1px 0; }
.groundlab-classroom .groundlab-classroom-answer, .groundlab-classroom .groundlab-classroom-documents { min-width: 0; }
.groundlab-classroom mark { background: #ffe9a8; outline: 1px solid #E69F00; }
.groundlab-classroom mark sup { font-weight: bold; font-size: 0.7em; line-height: 0; }
.groundlab-classroom .groundlab-classroom-edited { font-weight: bold; outline: 2px dashed #0072B2; }
.groundlab-classroom .groundlab-classroom-deciding { font-weight: bold; border: 2px solid; border-radius: 4px;
  padding: 0 4px; }
.groundlab-classroom .groundlab-classroom-deciding.groundlab-fail { border-color: #D55E00; }
.groundlab-classroom .groundlab-classroom-deciding.groundlab-pass { border-color: #009E73; }
.groundlab-classroom .widget-label.groundlab-classroom-status { font-weight: bold; }
.groundlab-classroom .groundlab-classroom-fail { font-weight: bold; }
.groundlab-classroom .groundlab-classroom-notes { border: 2px dashed #0072B2; padding: 0 6px; }
/* Traditional Chinese (class groundlab-classroom-lang-zh-Hant): after the page's own fonts, the Taiwan forms of
   Noto Sans CJK (Debian's fonts-noto-cjk) or a system's Traditional Chinese font, before any other fallback. */
.groundlab-classroom.groundlab-classroom-lang-zh-Hant,
.groundlab-classroom.groundlab-classroom-lang-zh-Hant :is(button, select, label, .widget-label, .widget-html-content) {
  font-family: var(--jp-ui-font-family, sans-serif), {cjk_fonts}, sans-serif;
}
.groundlab-classroom.groundlab-classroom-lang-zh-Hant :is(pre, code) {
  font-family: var(--jp-code-font-family, monospace), "Noto Sans Mono CJK TC", "Noto Sans CJK TC", monospace;
}
.groundlab-classroom .jupyter-widgets-disconnected::before,
body:has(.groundlab-classroom) .groundlab-claim-editor .jupyter-widgets-disconnected::before,
body:has(.groundlab-classroom) .groundlab-classroom-editor-section.jupyter-widgets-disconnected::before,
body:has(.groundlab-classroom) .groundlab-classroom-editor-section > .jupyter-widgets-disconnected:not(.groundlab-claim-editor)::before { content: none; display: none; }
.groundlab-classroom.jupyter-widgets-disconnected > *,
body:has(.groundlab-classroom) .groundlab-claim-editor.jupyter-widgets-disconnected > * { display: none; }
.groundlab-classroom.jupyter-widgets-disconnected::before,
body:has(.groundlab-classroom) .groundlab-claim-editor.jupyter-widgets-disconnected::before {
  content: "{stopped}";
  display: block; position: static; margin: 8px 0; padding: 12px 16px;
  font: bold var(--groundlab-classroom-px, 20px) / 1.3 sans-serif; color: #000; background: #fff3cd;
  border: 3px solid #D55E00; border-radius: 6px; width: auto; height: auto;
}
</style>"""
_STYLE = _STYLE.replace("{cjk_fonts}", CJK_FONT_CSS)
STYLE = _STYLE.replace("{stopped}", STOPPED)
"""The demo's style sheet in English (:func:`style` is the one in the language in force)."""


def stopped() -> str:
    """:data:`STOPPED` in the language in force, as a CSS string's body (no ``"``, ``\\`` or line break)."""
    text = tr(STOPPED)
    return "".join(f"\\{ord(ch):x} " if ch in '"\\\n\r' else ch for ch in text)


def style() -> str:
    """The demo's style sheet, its stopped message (:func:`stopped`) in the language in force."""
    return _STYLE.replace("{stopped}", stopped())


def folded(raw: str) -> str:
    """``raw`` with each run of spaces, tabs and line breaks that holds a line break, outside a
    JSON string, folded into one space: ``folded('{\\n  "a": "x\\n"\\n}') == '{ "a": "x\\n" }'``.

    Inside a string (from a ``"`` to the next unescaped ``"``) nothing changes, so every quote,
    value and stray character keeps its exact text; only the layout between members is folded.
    """
    out: list[str] = []
    in_string = escaped = False
    run = ""
    for ch in raw:
        if in_string:
            out.append(ch)
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
            continue
        if ch in " \t\r\n":
            run += ch
            continue
        if run:
            out.append(" " if "\n" in run else run)
            run = ""
        out.append(ch)
        in_string = ch == '"'
    if run and "\n" not in run:
        out.append(run)
    return "".join(out)


_ONE_COLUMN_LINES = 8


def raw_html(raw: str, fold: bool = False) -> str:
    """The answer as the model wrote it: its text, escaped, every hidden character shown; with
    ``fold``, its layout between members :func:`folded` (class ``groundlab-classroom-folded``).

    Unfolded, a text of more than 8 lines is shown with its line numbers (``17│``, as a parse
    error's place names them) in two columns (class ``groundlab-classroom-two-columns``).
    """
    if fold:
        return f'<pre class="groundlab-classroom-raw groundlab-classroom-folded">{_html.esc(visible_lines(folded(raw)))}</pre>'
    lines = visible_lines(raw).split("\n")
    if len(lines) <= _ONE_COLUMN_LINES:
        return f'<pre class="groundlab-classroom-raw">{_html.esc(chr(10).join(lines))}</pre>'
    numbered = "\n".join(f"{number:>2}│{_html.esc(line)}" for number, line in enumerate(lines, start=1))
    return f'<pre class="groundlab-classroom-raw groundlab-classroom-two-columns">{numbered}</pre>'


def _code(text: str) -> str:
    """``text`` as an escaped JSON-like string literal: quotes show leading and trailing spaces.

    The last character and the closing quote never part at a line break, so a trailing space stays in sight.
    """
    shown = visible(text)
    if not shown:
        return "<code>&quot;&quot;</code>"
    return (f'<code>&quot;{_html.esc(shown[:-1])}<span class="groundlab-classroom-end">'
            f"{_html.esc(shown[-1])}&quot;</span></code>")


def answer_html(raw: str, edited: frozenset[tuple[int, str]] = frozenset()) -> str:
    """The answer as a claims table, or :func:`raw_html` when it does not parse.

    Each ``(claim, member)`` in ``edited`` is marked ``✎`` (class ``groundlab-classroom-edited``).
    """
    try:
        claims = parse_claims(raw)
    except ClaimsSyntaxError:
        return raw_html(raw)
    if not claims:
        return tr("<p><code>{answer}</code> (no claims)</p>").format(answer=_html.esc(raw))
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
    head = "<tr><th>#</th><th>field</th><th>value</th><th>doc</th><th>quote</th></tr>"
    return f'<table class="groundlab-grid"><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table>'


def request_html(request: Request) -> str:
    """The trusted request on one line (escaped)."""
    esc = _html.esc
    line = tr("<strong>Request</strong> (trusted): {service} / {environment} · revision {revision} · fields {fields}")
    return "<p>" + line.format(service=esc(request.service), environment=esc(request.environment),
                               revision=esc(request.revision), fields=esc(", ".join(request.fields))) + "</p>"


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


_DOC_MEMBER = re.compile(r'"doc"\s*:\s*"((?:[^"\\]|\\.)*)"')


def named_docs(raw: str) -> frozenset[str]:
    """The ids an answer's text names as a ``"doc"`` member, found by pattern whether or not the text
    parses (so what is shown before Reveal tells nothing about parsing): ``named_docs('{"doc": "a"}') == {"a"}``."""
    return frozenset(match.group(1) for match in _DOC_MEMBER.finditer(raw))


def documents_html(request: Request, registry: Registry, raw: str, marks: bool) -> str:
    """Each supplied document's id, scope and text; with ``marks``, each verbatim quote in ``<mark>`` with its claim index.

    A document the answer never names (:func:`named_docs`) cannot decide its verdict: it is shown
    as its header line in a closed ``<details>`` (class ``groundlab-classroom-uncited``), opened
    with a click, so the documents that matter fit the screen.
    """
    try:
        claims = parse_claims(raw) if marks else ()
    except ClaimsSyntaxError:
        claims = ()
    named = named_docs(raw)
    parts = []
    for doc_id in request.supplied:
        source = registry.by_id[doc_id]
        quotes = [(i, c.quote) for i, c in enumerate(claims) if c.doc == doc_id]
        header = tr("<strong>{doc}</strong> · {service} / {environment} · revision {revision}").format(
            doc=_html.esc(doc_id), service=_html.esc(source.service), environment=_html.esc(source.environment),
            revision=_html.esc(source.revision))
        text = f'<pre data-doc="{_html.esc(doc_id)}">{_marked(source.text.rstrip(chr(10)), quotes)}</pre>'
        if doc_id in named:
            parts.append(f'<p class="groundlab-classroom-doc">{header}</p>{text}')
        else:
            title = _html.esc(tr("not cited by the answer: open to read"))
            parts.append(f'<details class="groundlab-classroom-uncited"><summary title="{title}">{header}</summary>{text}</details>')
    return "".join(parts)


def compact_trace_html(rows: Sequence[TraceRow], status: str) -> str:
    """The trace in a few lines: ``parse``, each claim's checks, ``coverage``; a run of passed checks
    shares one ``✓`` (``✓ citation duplicate``), a failed one reads ``✗ name`` in bold; then the decision.

    The last line (class ``groundlab-classroom-deciding``) names the deciding check and its sentence,
    or says every check passed.
    """
    lines: dict[str, list[str]] = {}
    shown: dict[str, tuple] = {}  # key -> (sort key, the place as shown)
    for row in rows:
        key = row.place if row.claim is not None else f"answer-{row.check}"
        shown.setdefault(key, ((key != "answer-parse", row.claim is None, row.claim or 0), row.where))
        items = lines.setdefault(key, [])
        name = _html.esc(row.check)
        if not row.passed:
            items.append(f'<strong class="groundlab-classroom-fail"><span data-check="{name}">{_html.CROSS} {name}</span></strong>')
        elif items and items[-1].startswith("<span"):  # a run of passed checks shares one ✓
            items.append(f'<span data-check="{name}">{name}</span>')
        else:
            items.append(f'<span data-check="{name}">{_html.CHECK} {name}</span>')
    order = sorted(lines, key=lambda k: shown[k][0])
    out = [f"<p><code>{_html.esc(shown[k][1])}</code> {' '.join(lines[k])}</p>" for k in order]
    decided = next((row for row in rows if row.decided), None)
    if decided is None:
        passed = tr("Every check passed: {status}.").format(status=_html.esc(status))
        out.append(f'<p class="groundlab-classroom-deciding groundlab-pass">{_html.CHECK} {passed}</p>')
    else:
        deciding = tr("Deciding check: {where} {check}: {sentence} → {status}").format(
            where=_html.esc(decided.where), check=_html.esc(decided.check),
            sentence=_html.esc(decided.sentence), status=_html.esc(status))
        out.append(
            f'<p class="groundlab-classroom-deciding groundlab-fail" data-claim="{decided.place}" '
            f'data-check="{_html.esc(decided.check)}">{_html.CROSS} {deciding}</p>'
        )
    return "".join(out)


