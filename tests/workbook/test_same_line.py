"""The same line everywhere: the parser, the parse table, the trace's caret box and the claim editor agree."""

from __future__ import annotations

import html
import re

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("pandas")

from groundlab.core.claims import ClaimsSyntaxError, parse_claims  # noqa: E402
from groundlab.core.contract import verify_answer  # noqa: E402
from groundlab.core.text import line_column  # noqa: E402
from groundlab.workbook.presentation.widgets.claim_editor import RAW_MODE, ClaimEditor  # noqa: E402
from groundlab.workbook.presentation.lines import visible, width  # noqa: E402
from groundlab.workbook.presentation.tables import parse_frame  # noqa: E402
from groundlab.workbook.presentation.verdict_html import trace_html  # noqa: E402

ANSWERS = {
    "lone CR": '{"claims":\r [{"field": "a",\r "value": x}]}',
    "CRLF": '{"claims": [\r\n  {"field": "a",\r\n   "value": x}]}',
    "CR in a string": '{"claims": [\r\n {"field": "a\r\n"}]}',
    "U+2028": '{"claims": [{"field": "\u2028", "value": x}]}',
    "U+2028 between tokens": '{"claims":\r\n\u2028[]}',
    "U+0085": '{"claims": [{"field": "\x85\x85", "value": x}]}',
    "form feed": '{"claims": [\r\n\x0c]}',
    "all of them": '{"claims": [{"field": "\u2028\x85", "doc": "\u200b\u202e"},\r\n\r\t x]}',
    "raw CR in a string": '{"claims": [{"field": "\u2028\x85\r"}]}',
}

HEADING = re.compile(r"<p>Line (\d+), column (\d+):</p><pre[^>]*>(.*?)\n( *)\^</pre>", re.S)


def refusal(raw: str) -> ClaimsSyntaxError:
    with pytest.raises(ClaimsSyntaxError) as caught:
        parse_claims(raw)
    return caught.value


@pytest.mark.parametrize("label", sorted(ANSWERS))
def test_every_display_shows_the_parsers_line_and_column(study, label):
    raw = ANSWERS[label]
    error = refusal(raw)
    assert (error.line, error.column) == line_column(raw, error.position)
    where = f"line {error.line}, column {error.column}"
    assert parse_frame([(label, raw)])["where"].tolist() == [where]

    case = study["complete"]
    box = HEADING.search(trace_html(verify_answer(raw, case.request, study.sources), case.request, study.sources, raw))
    assert (int(box[1]), int(box[2])) == (error.line, error.column)
    line = raw.split("\n")[error.line - 1]  # the excerpt is that line, split at LF only
    assert box[3] == html.escape(visible(line) + ("⟨U+000A⟩" if raw[error.position : error.position + 1] == "\n" else ""))
    assert len(box[4]) == width(visible(line[: error.column - 1]))

    editor = ClaimEditor(raw, case.request, study.sources)
    assert editor.mode.value == RAW_MODE
    assert HEADING.search(editor.trace.value).group(0) == box.group(0)


def test_the_caret_sits_under_the_offending_character(study):
    # the offending 'x' of "all of them" is on line 2 after a CR, a tab and a space
    raw = ANSWERS["all of them"]
    case = study["complete"]
    editor = ClaimEditor(raw, case.request, study.sources)
    assert editor.trace.value.endswith(
        '<p>Line 2, column 4:</p><pre class="groundlab-pre groundlab-parse-place">⟨U+000D⟩⟨U+0009⟩ x]}\n'
        + " " * 17
        + "^</pre><p>Shown as ⟨U+XXXX⟩: U+000D CARRIAGE RETURN, U+0009 CHARACTER TABULATION.</p>"
    )
    editor.raw_input.value = ANSWERS["raw CR in a string"]
    assert editor.trace.value.endswith(
        '<p>Line 1, column 26:</p><pre class="groundlab-pre groundlab-parse-place">'
        "{&quot;claims&quot;: [{&quot;field&quot;: &quot;⟨U+2028⟩⟨U+0085⟩⟨U+000D⟩&quot;}]}\n"
        + " " * (23 + 8 + 8)
        + "^</pre><p>Shown as ⟨U+XXXX⟩: U+2028 LINE SEPARATOR, U+0085 NEXT LINE, U+000D CARRIAGE RETURN.</p>"
    )
    editor.raw_input.value = ANSWERS["U+0085"]
    assert (
        '<p>Line 1, column 38:</p><pre class="groundlab-pre groundlab-parse-place">'
        "{&quot;claims&quot;: [{&quot;field&quot;: &quot;⟨U+0085⟩⟨U+0085⟩&quot;, &quot;value&quot;: x}]}\n"
        + " " * (23 + 8 + 8 + 12)
        + "^</pre><p>Shown as ⟨U+XXXX⟩: U+0085 NEXT LINE.</p>"
    ) in editor.trace.value
