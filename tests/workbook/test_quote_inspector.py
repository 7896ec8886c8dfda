"""The quote inspector: both normal forms, found and verbatim, the hints, all escaped."""

from __future__ import annotations

import html

import pytest

pytest.importorskip("ipywidgets")

from groundlab.workbook.presentation.widgets.quote_inspector import QuoteInspector  # noqa: E402


def test_quote_inspector_normalises_both_sides():
    inspector = QuoteInspector(" “Read_timeout_ms=5000.” ", "read_timeout_ms=5000\nretry_enabled=false\n")
    assert inspector.found is True
    assert inspector.verbatim is False
    value = inspector.result.value
    assert "<tr><th>normalised quote</th><td><pre class=\"groundlab-pre\">&#x27;read_timeout_ms=5000&#x27;</pre>" in value
    assert (
        "<tr><th>normalised source</th><td><pre class=\"groundlab-pre\">"
        "&#x27;read_timeout_ms=5000 retry_enabled=false&#x27;</pre>"
    ) in value
    assert (
        '<span class="groundlab-badge groundlab-pass groundlab-found">found after normalising: ✓ yes</span>'
    ) in value
    assert (
        '<span class="groundlab-badge groundlab-fail groundlab-verbatim">verbatim (exact substring): '
        "✗ <strong>no</strong></span>"
    ) in value
    assert inspector.window is not None
    assert "<pre class=\"groundlab-pre groundlab-alignment\">" in value

    inspector.quote_input.value = "retry_enabled=false"
    assert inspector.found is True and inspector.verbatim is True
    assert inspector.window is None
    assert "verbatim (exact substring): ✓ yes" in inspector.result.value

    inspector.source_input.value = "nothing here"
    assert inspector.found is False and inspector.verbatim is False
    assert "found after normalising: ✗ <strong>no</strong>" in inspector.result.value


def test_quote_inspector_names_invisible_characters():
    inspector = QuoteInspector("retry\u200b_enabled=false", "retry_enabled=false")
    assert inspector.found is False and inspector.verbatim is False
    value = inspector.result.value
    assert "&#x27;retry\\u200b_enabled=false&#x27;" in value  # repr shows the invisible character
    assert inspector.hints, "an invisible character should produce a hint"
    assert "ZERO WIDTH SPACE" in value
    assert inspector.window is not None
    assert html.escape(inspector.window.alignment) in value


def test_quote_inspector_short_and_empty_quotes():
    inspector = QuoteInspector("", "read_timeout_ms=5000")
    assert "<p>Type a quote.</p>" in inspector.result.value
    assert inspector.found is False
    inspector.quote_input.value = " ab "
    assert inspector.found is False
    assert "<p>✗ The normalised quote is 2 character(s) long; a quote needs at least 3.</p>" in (
        inspector.result.value
    )
    assert repr(inspector) == "QuoteInspector: type a quote and a source to see how they are compared"
    with pytest.raises(TypeError):
        QuoteInspector(None, "x")


def test_quote_inspector_escapes_hostile_text(hostile, html_shown, assert_no_raw_markup):
    inspector = QuoteInspector(hostile.img, f"text {hostile.script} more")
    shown = html_shown(inspector)
    assert_no_raw_markup(shown)
    assert "&lt;img src=x onerror=alert(1)&gt;" in shown
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in shown
    inspector.quote_input.value = hostile.script
    assert inspector.verbatim is True
    assert_no_raw_markup(html_shown(inspector))


def test_a_quote_with_nothing_visible_is_explained():
    from groundlab.workbook import QuoteInspector

    inspector = QuoteInspector("\u200b\u200b\u200b", "a \u200b\u200b\u200b b")
    assert inspector.found is False
    assert "has no visible character that is not punctuation, so it never counts." in inspector.result.value


def test_a_long_normalised_source_is_shown_cut_and_says_so():
    from groundlab.workbook import QuoteInspector
    from groundlab.workbook.presentation.widgets.quote_inspector import SHOWN_SOURCE_CHARS

    inspector = QuoteInspector("abc", "x" * (SHOWN_SOURCE_CHARS + 10))
    assert f"({10} more characters not shown)" in inspector.result.value
    assert "x" * (SHOWN_SOURCE_CHARS + 1) not in inspector.result.value
