"""A claim row's quote picker offers the document's lines as the parser counts them, shown visibly."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("ipywidgets")

from groundlab.core.registry import Registry, Request, Source  # noqa: E402
from groundlab.workbook.presentation.widgets.claim_editor import ClaimEditor  # noqa: E402
from groundlab.workbook.presentation.widgets.claim_row import NO_LINE  # noqa: E402

TEXT = "read_timeout_ms=5000\r\nretry_enabled=false\u2028note\x85more\n\r\n \n\u200bhidden\x0cpage\n"


def editor_on(text: str, doc: str = "odd-v1") -> ClaimEditor:
    source = Source(id=doc, service="s", environment="e", revision="v1",
                    facts={"read_timeout_ms": "5000"}, text=text)
    request = Request(service="s", environment="e", revision="v1", fields=("read_timeout_ms",), supplied=(doc,))
    claim = {"field": "read_timeout_ms", "value": "5000", "doc": doc, "quote": "read_timeout_ms=5000"}
    return ClaimEditor(json.dumps({"claims": [claim]}), request, Registry([source]))


def test_quote_picker_lines_end_at_line_feeds_only():
    row = editor_on(TEXT).claim_rows[0]
    assert row.quote_picker.options == (
        ("pick a line of odd-v1…", NO_LINE),
        ("read_timeout_ms=5000⟨U+000D⟩", "read_timeout_ms=5000\r"),
        ("retry_enabled=false⟨U+2028⟩note⟨U+0085⟩more", "retry_enabled=false\u2028note\x85more"),
        ("⟨U+200B⟩hidden⟨U+000C⟩page", "\u200bhidden\x0cpage"),
    )


def test_a_picked_line_is_the_exact_line():
    editor = editor_on(TEXT)
    row = editor.claim_rows[0]
    row.quote_picker.value = "retry_enabled=false\u2028note\x85more"
    assert row.quote.value == "retry_enabled=false\u2028note\x85more"
    assert editor.strict_label.value == "✗ INVALID_JSON (bad_text)"  # U+0085 may not be in a claim
    # the line of a CRLF document keeps its CR: verbatim, so cited, but not field=value
    row.quote_picker.value = "read_timeout_ms=5000\r"
    assert json.loads(editor.raw)["claims"][0]["quote"] == "read_timeout_ms=5000\r"
    assert editor.citation_label.value == "✓ accepts"
    assert editor.status_label.value == "✗ QUOTE_NOT_SUPPORTING"


def test_an_odd_document_id_is_shown_visibly_in_the_prompt():
    row = editor_on("a=1\n", doc="odd\u202eid").claim_rows[0]
    assert row.quote_picker.options[0] == ("pick a line of odd⟨U+202E⟩id…", NO_LINE)


def test_a_long_document_offers_its_first_lines_and_says_how_many_more():
    from groundlab import Registry, Source
    from groundlab.workbook.presentation.widgets.claim_row import MAX_PICKER_LINES, NO_LINE, ClaimRow

    text = "\n".join(f"line_{i}=v" for i in range(MAX_PICKER_LINES + 50))
    registry = Registry([Source("big", "payments", "prod", "v2", {"line_0": "v"}, text)])
    row = ClaimRow(("line_0", "v", "big", "line_0=v"), registry, lambda: None, lambda row: None)
    options = list(row.quote_picker.options)
    assert len(options) == MAX_PICKER_LINES + 2
    assert options[1] == ("line_0=v", "line_0=v")
    assert options[-1] == ("(50 more lines not listed: type the quote)", NO_LINE)
