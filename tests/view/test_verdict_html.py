"""A verdict's parts as HTML: the ladder is the trace rows, the parse place counts lines as the parser does."""

from __future__ import annotations

import html
from types import SimpleNamespace

from groundlab.core.contract import verify_answer
from groundlab.view.trace import trace_rows
from groundlab.view.verdict_html import accepted_html, hints_html, ladder_html


def test_every_row_of_every_ladder_is_a_trace_row(study, more_cases):
    for cases in (study, more_cases):
        for case in cases:
            verdict = verify_answer(case.raw, case.request, cases.sources)
            ladder = ladder_html(verdict, case.request, cases.sources, case.raw)
            for row in trace_rows(verdict, case.request, cases.sources):
                assert f'data-check="{row.check}"' in ladder
                assert html.escape(row.sentence) in ladder, (case.id, row)
            assert ladder.count('<tr class="groundlab-step') == len(verdict.trace)


def test_the_decision_note_names_the_decided_step(study):
    case = study["missing-field"]
    verdict = verify_answer(case.raw, case.request, study.sources)
    assert ladder_html(verdict, case.request, study.sources).endswith(
        "<p>✗ <strong>FAILED</strong> at check <code>coverage</code> of the answer: INCOMPLETE. "
        "The checks after it did not run.</p>"
    )


def parse_place(study, raw: str) -> str:
    case = study["complete"]
    ladder = ladder_html(verify_answer(raw, case.request, study.sources), case.request, study.sources, raw)
    return ladder[ladder.find("<p>Line"):] if "<p>Line" in ladder else ""


def test_parse_place_shows_the_line_and_a_caret(study):
    assert parse_place(study, '{"claims":\r\n [x]}') == (
        '<p>Line 2, column 3:</p><pre class="groundlab-pre groundlab-parse-place"> [x]}\n  ^</pre>'
    )
    assert parse_place(study, '{"claims": [\n') == ""  # the end of the text: no line to show


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
