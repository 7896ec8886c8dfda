"""Escaping everywhere: every string a model, a source, a learner or notebook code passes reaches HTML escaped.

Each hostile string (markup, an attribute break-out, an entity, a bidi override) goes into
every parameter that reaches HTML. The output holds exactly ``html.escape(text)`` where the
text is shown, and :class:`html.parser.HTMLParser` finds the same elements and attributes
as for a plain string: nothing was injected.
"""

from __future__ import annotations

import html
import json
from types import SimpleNamespace

import pytest

from groundlab.workbook.exercises.material import shown_material

pytest.importorskip("ipywidgets")

from groundlab.core.contract import verify_answer  # noqa: E402
from groundlab.core.registry import Registry, Request, Source  # noqa: E402
from groundlab.grounding.rule import normalize_quote  # noqa: E402
from groundlab.workbook.presentation import html as view_html  # noqa: E402
from groundlab.workbook.presentation.widgets.claim_editor import ClaimEditor  # noqa: E402
from groundlab.workbook.exercises.predict import Predict  # noqa: E402
from groundlab.workbook.presentation.widgets.quote_inspector import QuoteInspector  # noqa: E402
from groundlab.workbook.exercises.scoreboard import Scoreboard  # noqa: E402
from groundlab.workbook.presentation.verdict_html import accepted_html, hints_html, trace_html  # noqa: E402
from groundlab.workbook.presentation.widgets.base import heading  # noqa: E402

ALLOWED_TAGS = {"h3", "h4", "p", "pre", "details", "summary", "strong", "code", "span", "table", "thead", "tbody", "tr", "th", "td",
                "ul", "li", "style"}


def checked(elements, markup: str, plain: str | None = None) -> None:
    """No element or attribute but the view's own; the same ones as ``plain`` when given."""
    found = elements(markup)
    assert {tag for tag, _ in found} <= ALLOWED_TAGS
    assert {name for _, names in found for name in names} <= {"class", "data-claim", "data-check"}
    if plain is not None:
        assert found == elements(plain)


def world(text: str, fact: str | None = None):
    """A request, a registry and an answer whose every string is ``text``; the claim's
    value is ``text`` and the document's fact ``fact`` (default ``text``: it accepts)."""
    source = Source(id=text, service=text, environment=text, revision=text,
                    facts={text: text if fact is None else fact}, text=f"{text}={text}\n")
    request = Request(service=text, environment=text, revision=text, fields=(text,), supplied=(text,))
    raw = json.dumps({"claims": [{"field": text, "value": text, "doc": text, "quote": f"{text}={text}"}]})
    return raw, request, Registry([source])


# ------------------------------------------------------------------ verdict_html


def test_ladder_and_accepted_map_escape_every_answer_and_source_string(hostile_strings, elements):
    plain = world("plain")
    for text, escaped in hostile_strings:
        raw, request, registry = world(text)
        verdict = verify_answer(raw, request, registry)
        assert verdict.ok, text
        trace = trace_html(verdict, request, registry, raw)
        assert f"<td>quote found in {escaped}</td>" in trace
        assert f"<td>{escaped} is {escaped} / {escaped}</td>" in trace
        assert f"<td>{escaped} says {escaped}={escaped}</td>" in trace
        checked(elements, trace, trace_html(verify_answer(*plain), plain[1], plain[2], plain[0]))
        assert accepted_html(verdict) == (
            '<table class="groundlab-grid groundlab-accepted-map"><thead><tr><th>field</th>'
            f"<th>value</th></tr></thead><tbody><tr><td>{escaped}</td><td>{escaped}</td></tr></tbody></table>"
        )
        checked(elements, accepted_html(verdict), accepted_html(verify_answer(*plain)))


def test_a_failed_step_quotes_the_answer_escaped(hostile_strings, elements):
    plain = world("plain", fact="other")
    plain_ladder = trace_html(verify_answer(*plain), plain[1], plain[2], plain[0])
    for text, escaped in hostile_strings:
        raw, request, registry = world(text, fact="other")
        trace = trace_html(verify_answer(raw, request, registry), request, registry, raw)
        assert f"<td><strong>claimed {html.escape(repr(text))}, but {escaped} says {escaped}=other</strong></td>" in trace
        checked(elements, trace, plain_ladder)


def test_the_caret_box_escapes_the_offending_line(study, hostile_strings, elements):
    case = study["complete"]
    for text, escaped in hostile_strings:
        raw = '{"claims": [' + text
        trace = trace_html(verify_answer(raw, case.request, study.sources), case.request, study.sources, raw)
        shown = html.escape('{"claims": [') + escaped.replace("\u202e", "⟨U+202E⟩")
        assert f'<pre class="groundlab-pre groundlab-parse-place">{shown}\n' in trace
        checked(elements, trace)


def test_hints_list_escapes_every_part(hostile_strings, elements):
    for text, escaped in hostile_strings:
        hint = SimpleNamespace(kind=text, claim=0, check=text, message=text, detail=text)
        assert hints_html([hint]) == (
            f'<ul class="groundlab-hint-list"><li class="groundlab-hint"><strong>{escaped}</strong> '
            f'(claim 0, {escaped}): {escaped}<pre class="groundlab-pre groundlab-alignment">{escaped}</pre></li></ul>'
        )
        plain = SimpleNamespace(kind="k", claim=0, check="c", message="m", detail="d")
        checked(elements, hints_html([hint]), hints_html([plain]))


def test_html_helpers_escape_text_and_classes(hostile_strings, elements):
    for text, escaped in hostile_strings:
        assert view_html.badge(True, text, text, text) == (
            f'<span class="groundlab-badge groundlab-pass {escaped}">{escaped}: ✓ {escaped}</span>'
        )
        assert view_html.badge(False, text, text) == (
            f'<span class="groundlab-badge groundlab-fail">{escaped}: ✗ <strong>{escaped}</strong></span>'
        )
        assert view_html.pre(text, text) == f'<pre class="{escaped}">{escaped}</pre>'
        assert heading(text).value == f"<strong>{escaped}</strong>"
        checked(elements, view_html.badge(True, text, text, text), view_html.badge(True, "a", "b", "c"))
        checked(elements, view_html.pre(text, text), view_html.pre("a", "b"))


# ------------------------------------------------------------------ widgets


def test_claim_editor_title_and_answer(study, hostile_strings, elements, html_shown):
    case = study["complete"]
    plain = html_shown(ClaimEditor(case.raw, case.request, study.sources, title="plain"))
    for text, escaped in hostile_strings:
        editor = ClaimEditor(case.raw, case.request, study.sources, title=text)
        assert editor.children[1].value == f"<h3>{escaped}</h3>"
        checked(elements, html_shown(editor), plain)
        raw, request, registry = world(text)
        editor = ClaimEditor(raw, request, registry, title=text)
        assert editor.status_label.value == "✓ ACCEPT"
        assert f"<tr><td>{escaped}</td><td>{escaped}</td></tr>" in editor.accepted_box.value
        checked(elements, html_shown(editor))


def test_predict_title_question_material_choices_and_why(hostile_strings, elements, all_widgets):
    def head(predict: Predict) -> str:
        return predict.children[1].value

    for text, escaped in hostile_strings:
        shown = html.escape(shown_material(text))  # material: escaped, and no character hides (U+202E)
        predict = Predict(text, text, [text, "other"], lambda text=text: (text, text), details=text)
        assert head(predict) == f'<h4>{escaped}</h4><p>{escaped}</p><pre class="groundlab-pre">{shown}</pre>'
        checked(elements, head(predict), head(Predict("t", "q", ["a", "b"], lambda: ("a", "w"), details="d")))
        predict.choose(text)
        predict.check()
        assert predict.result.value == (
            f'<p class="groundlab-predict-verdict groundlab-pass"><strong>✓ Right. You predicted {escaped}; '
            f'the library says {escaped}.</strong></p><p class="groundlab-predict-why">Why: {escaped}</p>'
        )
        pairs = Predict(text, text, ["a"], lambda: ("a", ""), details=[(text, text)])
        assert head(pairs) == (
            f'<h4>{escaped}</h4><p>{escaped}</p><p><strong>{escaped}</strong></p>'
            f'<pre class="groundlab-pre">{shown}</pre>'
        )
        checked(elements, head(pairs))


def test_predict_constructors_show_their_material_escaped(hostile_strings, elements):
    for text, escaped in hostile_strings:
        shown = html.escape(shown_material(text))
        material = f'<p><strong>Quote</strong></p><pre class="groundlab-pre">{shown}</pre>'
        assert material in Predict.quote(text, text, text, text).children[1].value
        answer = '<p><strong>Answer</strong></p><pre class="groundlab-pre">'
        assert f"{answer}{shown}</pre>" in Predict.parse_code(text, text, text).children[1].value
        reply = Predict.explanation(text, text, profile=None, job=None).children[1].value
        assert f'<p><strong>Fake model reply</strong></p><pre class="groundlab-pre">{shown}</pre>' in reply
        raw, request, registry = world(text)
        status = Predict.status(text, text, raw, request, registry).children[1].value
        assert f"{answer}{html.escape(shown_material(raw))}</pre>" in status
        assert f"requested fields: {shown}\nsupplied documents: {shown}</pre>" in status
        for predict_html in (status, reply):
            checked(elements, predict_html)


def test_scoreboard_shows_only_numbers(hostile_strings):
    board = Scoreboard()
    for text, _ in hostile_strings:
        Predict(text, text, [text], lambda text=text: (text, text), board=board)
    assert board.value == "<p><strong>Score: 0 of 4 right (4 not done yet)</strong></p>"


def test_quote_inspector_escapes_quote_and_source(hostile_strings, elements):
    for text, escaped in hostile_strings:
        inspector = QuoteInspector(text, f"before {text} after")
        shown = html.escape(repr(normalize_quote(text)))
        assert f'<tr><th>normalised quote</th><td><pre class="groundlab-pre">{shown}</pre></td></tr>' in (
            inspector.result.value
        )
        checked(elements, inspector.result.value)
        inspector.quote_input.value = f"{text}x"
        checked(elements, inspector.result.value)


def test_the_checker_sees_injected_markup(elements):
    with pytest.raises(AssertionError):
        elements('<p title="" onmouseover="x">')
    with pytest.raises(AssertionError):
        elements("<td><script>x</script></td>")
    with pytest.raises(AssertionError):
        checked(elements, "<p><img src=x></p>")
    with pytest.raises(AssertionError):
        checked(elements, '<p class="a" title="b">x</p>')
    with pytest.raises(AssertionError):
        checked(elements, "<p><strong>x</strong></p>", "<p>x</p>")
    checked(elements, '<p class="a">&lt;script&gt;</p>', '<p class="b">x</p>')
