"""A verdict's parts as HTML: the trace is the trace rows, the parse place counts lines as the parser does."""

from __future__ import annotations

import html
import re
from types import SimpleNamespace

import pytest

from groundlab.core.claims import ClaimsSyntaxError, parse_claims
from groundlab.core.contract import verify_answer
from groundlab.core.trace import trace_rows
from groundlab.workbook.presentation.verdict_html import accepted_html, hints_html, trace_html


def test_every_row_of_every_ladder_is_a_trace_row(study, more_cases):
    for cases in (study, more_cases):
        for case in cases:
            verdict = verify_answer(case.raw, case.request, cases.sources)
            trace = trace_html(verdict, case.request, cases.sources, case.raw)
            for row in trace_rows(verdict, case.request, cases.sources):
                assert f'data-check="{row.check}"' in trace
                assert html.escape(row.sentence) in trace, (case.id, row)
            assert trace.count('<tr class="groundlab-step') == len(verdict.trace)


def test_the_decision_note_names_the_decided_step(study):
    case = study["missing-field"]
    verdict = verify_answer(case.raw, case.request, study.sources)
    assert trace_html(verdict, case.request, study.sources).endswith(
        "<p>✗ <strong>FAILED</strong> at check <code>coverage</code> of the answer: INCOMPLETE. "
        "The checks after it did not run.</p>"
    )


def parse_place(study, raw: str) -> str:
    case = study["complete"]
    trace = trace_html(verify_answer(raw, case.request, study.sources), case.request, study.sources, raw)
    return trace[trace.find("<p>Line"):] if "<p>Line" in trace else ""


def test_parse_place_shows_the_line_and_a_caret(study):
    assert parse_place(study, '{"claims":\r\n [x]}') == (
        '<p>Line 2, column 3:</p><pre class="groundlab-pre groundlab-parse-place"> [x]}\n  ^</pre>'
    )


def test_parse_place_at_the_end_of_the_text_shows_the_empty_last_line(study):
    # line_column puts the end of '{"claims": [\n' on line 2, column 1; the box says so.
    # The first line feed after <pre> is dropped by HTML, so an empty line gets a second.
    assert parse_place(study, '{"claims": [\n') == (
        '<p>Line 2, column 1:</p><pre class="groundlab-pre groundlab-parse-place">\n\n^</pre>'
    )
    assert parse_place(study, "") == (
        '<p>Line 1, column 1:</p><pre class="groundlab-pre groundlab-parse-place">\n\n^</pre>'
    )


def test_parse_place_counts_lines_at_line_feeds_only(study):
    # U+2028 inside a string starts no line for the parser, so it starts none here either
    assert parse_place(study, '{"claims": "\u2028", \n x}') == (
        '<p>Line 2, column 2:</p><pre class="groundlab-pre groundlab-parse-place"> x}\n ^</pre>'
    )


def test_accepted_map_and_nothing_accepted(study):
    case = study["complete"]
    assert accepted_html(verify_answer(case.raw, case.request, study.sources)).count("<tr><td>") == 2
    wrong = study["wrong-value-real-quote"]
    assert accepted_html(verify_answer(wrong.raw, wrong.request, study.sources)) == (
        "<p>✗ Nothing accepted: a rejected answer accepts no field (no partial success).</p>"
    )


def test_hints_list_is_escaped_and_says_where():
    hints = [
        SimpleNamespace(kind="invisible", claim=None, check=None, message="<b>x</b>", detail=""),
        SimpleNamespace(kind="unit", claim=0, check="value", message="5s", detail="a\n^"),
    ]
    assert hints_html(hints) == (
        '<ul class="groundlab-hint-list"><li class="groundlab-hint"><strong>invisible</strong> (quote): '
        "&lt;b&gt;x&lt;/b&gt;</li>"
        '<li class="groundlab-hint"><strong>unit</strong> (claim 0, value): 5s'
        '<pre class="groundlab-pre groundlab-alignment">a\n^</pre></li></ul>'
    )
    assert hints_html(()) == "<p>No near-miss hints.</p>"


BOX = '<p>Line {line}, column {column}:</p><pre class="groundlab-pre groundlab-parse-place">{shown}\n{caret}</pre>'


@pytest.mark.parametrize(
    "raw, line, column, shown, caret, named",
    [
        # a lone CR is JSON whitespace; it starts no line
        ('{"claims":\r [x]}', 1, 14, '{"claims":⟨U+000D⟩ [x]}', 20, "U+000D CARRIAGE RETURN"),
        # the CR of a CRLF inside a string is the offending character: the caret sits under it
        ('{"claims": "a\r\n"}', 1, 14, '{"claims": "a⟨U+000D⟩', 13, "U+000D CARRIAGE RETURN"),
        ('{"claims": [x,\r\n]}', 1, 13, '{"claims": [x,⟨U+000D⟩', 12, "U+000D CARRIAGE RETURN"),
        ('{"claims":\x0c[]}', 1, 11, '{"claims":⟨U+000C⟩[]}', 10, "U+000C FORM FEED"),
        ('{"claims": "\x85", x}', 1, 17, '{"claims": "⟨U+0085⟩", x}', 23, "U+0085 NEXT LINE"),
        ('{"claims": "\u2028", x}', 1, 17, '{"claims": "⟨U+2028⟩", x}', 23, "U+2028 LINE SEPARATOR"),
        ('{"claims":\r\n\u2028[]}', 2, 1, "⟨U+2028⟩[]}", 0, "U+2028 LINE SEPARATOR"),
        ('{"claims": "a\nb"}', 1, 14, '{"claims": "a⟨U+000A⟩', 13, "U+000A LINE FEED"),
        ('{"claims":\t[x]}', 1, 13, '{"claims":⟨U+0009⟩[x]}', 19, "U+0009 CHARACTER TABULATION"),
        (
            '{"claims": "\u200b\u202e\u2066", x}', 1, 19, '{"claims": "⟨U+200B⟩⟨U+202E⟩⟨U+2066⟩", x}', 39,
            "U+200B ZERO WIDTH SPACE, U+202E RIGHT-TO-LEFT OVERRIDE, U+2066 LEFT-TO-RIGHT ISOLATE",
        ),
        ('{"claims": "e\u0301", x}', 1, 18, '{"claims": "e⟨U+0301⟩", x}', 24, "U+0301 COMBINING ACUTE ACCENT"),
        ('{"claims": "\ud800", x}', 1, 17, '{"claims": "⟨U+D800⟩", x}', 23, "U+D800 (a lone surrogate)"),
        ('{"claims": "日本", x}', 1, 18, '{"claims": "日本", x}', 19, ""),
    ],
)
def test_parse_place_is_the_parsers_line_shown_visibly(study, raw, line, column, shown, caret, named):
    error = parse_error(raw)
    assert (error.line, error.column) == (line, column)
    box = parse_place(study, raw)
    expected = BOX.format(line=line, column=column, shown=html.escape(shown), caret=" " * caret + "^")
    if named:
        expected += f"<p>Shown as ⟨U+XXXX⟩: {named}.</p>"
    assert box == expected
    excerpt, caret_line = re.search(r"<pre[^>]*>(.*)</pre>", box, re.S).group(1).split("\n")
    assert caret_line == " " * caret + "^"
    assert not any(ch in excerpt for ch in "\r\x0b\x0c\x85\u2028\u2029\t\u200b\u202e\u2066\u0301\ud800")


def test_parse_place_needs_the_text_the_error_is_about(study):
    case = study["complete"]
    raw = '{"claims": [x]}'
    verdict = verify_answer(raw, case.request, study.sources)
    assert "<p>Line" not in trace_html(verdict, case.request, study.sources, '{"claims":\n [x]}')
    assert "<p>Line" not in trace_html(verdict, case.request, study.sources, "{")
    assert "<p>Line" in trace_html(verdict, case.request, study.sources, raw)


def parse_error(raw: str):
    with pytest.raises(ClaimsSyntaxError) as caught:
        parse_claims(raw)
    return caught.value
