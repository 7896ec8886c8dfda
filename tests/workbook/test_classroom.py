"""The classroom demo driven as a presenter would: switch presets, step, reveal; read the exact text shown."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as widgets  # noqa: E402

from groundlab.core.claims import parse_claims  # noqa: E402
from groundlab.core.contract import Status, verify_answer  # noqa: E402
from groundlab.study.cases import Case, CaseSet  # noqa: E402
from groundlab.workbook.presentation.classroom.demo import (  # noqa: E402
    ASK_OFF,
    ASK_ON,
    CLASSROOM_CLASSES,
    HIDDEN,
    HIDE,
    NOTES,
    PRESENTER_NOTES,
    REVEAL,
    TEXT_SIZES,
    ClassroomDemo,
    voila_state_file,
)
from groundlab.workbook.presentation.classroom.page import STOPPED, STYLE, answer_html, documents_html, folded, named_docs  # noqa: E402
from groundlab.workbook.presentation.classroom.script import CLASSROOM_SCRIPT, Edit, Preset, Step, classroom_presets, step_answer  # noqa: E402
from groundlab.core.trace import decided_row  # noqa: E402

STATUS_NAMES = tuple(s.value for s in Status)

EXPECTED = {
    "Script (notebook 02): a timeout, six screens": [
        "VALUE_MISMATCH", "ACCEPT", "VALUE_MISMATCH", "VALUE_MISMATCH", "NO_CITATION", "STALE_REVISION",
    ],
    "Study cases · group 1 (3)": ["ACCEPT", "ACCEPT", "ACCEPT"],
    "Study cases · group 2 (2)": ["VALUE_MISMATCH", "VALUE_MISMATCH"],
    "Study cases · group 3 (2)": ["SCOPE_MISMATCH", "SCOPE_MISMATCH"],
    "Study cases · group 4 (1)": ["STALE_REVISION"],
    "Study cases · group 5 (6)": [
        "QUOTE_NOT_SUPPORTING", "QUOTE_NOT_SUPPORTING", "NO_CITATION", "NO_CITATION", "NO_CITATION", "NO_CITATION",
    ],
    "Study cases · group 6 (3)": ["DUPLICATE_CLAIM", "UNREQUESTED_FIELD", "INCOMPLETE"],
    "Study cases · group 7 (5)": ["INVALID_JSON"] * 5,
    "Study cases · all 22, in file order": [
        "ACCEPT", "ACCEPT", "ACCEPT", "VALUE_MISMATCH", "VALUE_MISMATCH", "SCOPE_MISMATCH", "STALE_REVISION",
        "SCOPE_MISMATCH", "QUOTE_NOT_SUPPORTING", "QUOTE_NOT_SUPPORTING", "DUPLICATE_CLAIM", "UNREQUESTED_FIELD",
        "INCOMPLETE", "NO_CITATION", "NO_CITATION", "NO_CITATION", "NO_CITATION", "INVALID_JSON", "INVALID_JSON",
        "INVALID_JSON", "INVALID_JSON", "INVALID_JSON",
    ],
}


def everything_shown(all_widgets, root) -> str:
    """Every text the widget tree puts on screen: HTML and Label values, control descriptions, options."""
    parts = []
    for widget in all_widgets(root):
        if isinstance(widget, (widgets.HTML, widgets.Label)):
            parts.append(widget.value)
        if isinstance(widget, (widgets.Button, widgets.ToggleButton, widgets.Dropdown)):
            parts.append(widget.description)
        if isinstance(widget, widgets.Dropdown):
            parts.extend(label for label, _ in widget.options)
    return "\n".join(parts)


def same_verdict(a, b) -> bool:
    """Equal verdicts (a parse error compared by its code and place: exceptions never compare equal)."""
    def parts(v):
        error = None if v.error is None else (v.error.code, v.error.path, v.error.position)
        return v.status, v.citation_only_ok, v.trace, dict(v.accepted), v.claims, error

    return parts(a) == parts(b)


def status_word(label_value: str) -> str:
    return label_value.split(" ", 1)[1]


# ------------------------------------------------------------------ presets and their statuses


def test_presets_start_with_the_script_and_cover_every_case(study):
    found = classroom_presets(study)
    assert found[0] is CLASSROOM_SCRIPT
    assert [p.title for p in found] == list(EXPECTED)
    assert [s.case_id for s in found[-1].steps] == list(study.ids)
    families = [s.case_id for p in found[1:-1] for s in p.steps]
    assert sorted(families) == sorted(study.ids)


def test_every_preset_shows_exactly_its_statuses_computed_by_the_library(study):
    demo = ClassroomDemo(study, ask_the_room=False)
    for index, preset in enumerate(demo.presets):
        demo.choose(index)
        shown = []
        for step in range(len(preset.steps)):
            verdict = demo.go(step)
            case = study[preset.steps[step].case_id]
            fresh = verify_answer(step_answer(preset.steps[step], study), case.request, study.sources)
            assert same_verdict(demo.verdict, fresh)
            assert verdict is demo.verdict
            shown.append(status_word(demo.status_label.value))
        assert shown == EXPECTED[preset.title], preset.title


def test_study_steps_agree_with_the_frozen_labels(study):
    every = classroom_presets(study)[-1]
    assert EXPECTED[every.title] == [study[s.case_id].expected.value for s in every.steps]


def test_the_script_edits_the_five_second_case_as_notebook_02_says(study):
    raws = [step_answer(step, study) for step in CLASSROOM_SCRIPT.steps]
    assert raws[0] == study["value-with-unit"].raw  # the start is the answer verbatim
    timeout = [parse_claims(raw)[0] for raw in raws]
    assert [(c.value, c.doc, c.quote) for c in timeout] == [
        ("5s", "prod-v2", "read_timeout_ms=5000"),
        ("5000", "prod-v2", "read_timeout_ms=5000"),
        ("5000 ", "prod-v2", "read_timeout_ms=5000"),
        ("5,000", "prod-v2", "read_timeout_ms=5000"),
        ("5000", "prod-v2", "read_timeout_ms=5000 "),
        ("2000", "prod-v1", "read_timeout_ms=2000"),
    ]
    assert all(tuple(parse_claims(raw)[1]) == tuple(parse_claims(raws[0])[1]) for raw in raws)
    assert raws[1] == json.dumps({"claims": [c._asdict() for c in parse_claims(raws[1])]}, indent=2, ensure_ascii=False)


def test_no_step_title_prompt_or_preset_names_a_status(study):
    for preset in classroom_presets(study):
        for text in [preset.title] + [t for s in preset.steps for t in (s.title, s.prompt)]:
            assert not any(name in text for name in STATUS_NAMES), text


def test_bad_edits_and_bad_presets_are_refused(study):
    with pytest.raises(ValueError):
        step_answer(Step("complete", "t", "p", (Edit(5, "value", "1"),)), study)
    with pytest.raises(ValueError):
        step_answer(Step("complete", "t", "p", (Edit(0, "colour", "1"),)), study)
    with pytest.raises(KeyError):
        ClassroomDemo(study, scenarios=[Preset("x", (Step("no-such-case", "t", "p"),))])
    with pytest.raises(ValueError):
        ClassroomDemo(study, scenarios=[])
    with pytest.raises(ValueError):
        ClassroomDemo(study, scenarios=[Preset("empty", ())])


# ------------------------------------------------------------------ ask the room


def test_ask_the_room_hides_every_status_until_reveal(study, all_widgets):
    demo = ClassroomDemo(study)
    for index, preset in enumerate(demo.presets):
        demo.choose(index)
        for step in range(len(preset.steps)):
            demo.go(step)
            assert not demo.revealed
            shown = everything_shown(all_widgets, demo)
            assert not any(name in shown for name in STATUS_NAMES), (preset.title, step)
            assert (demo.strict_label.value, demo.citation_label.value, demo.status_label.value) == (HIDDEN,) * 3
            assert "<mark" not in demo.documents_box.value and demo.hints_box.value == ""
            assert CLASSROOM_CLASSES["deciding"] not in demo.trace_box.value
            assert demo.reveal.description == REVEAL
            demo.reveal.click()
            assert demo.status_label.value == f"{'✓' if demo.verdict.ok else '✗'} {demo.verdict.status.value}"
            assert demo.reveal.description == HIDE
            demo.reveal.click()  # hide again
            assert demo.status_label.value == HIDDEN


def test_each_new_step_starts_hidden_and_the_toggle_turns_the_mode_off(study):
    demo = ClassroomDemo(study)
    assert demo.ask.description == ASK_ON and demo.status_label.value == HIDDEN
    demo.reveal.click()
    assert demo.status_label.value == "✗ VALUE_MISMATCH"
    demo.next.click()
    assert demo.status_label.value == HIDDEN and demo.step_label.value == "screen 2 of 6"
    demo.ask.value = False  # off: the verdict shows at once, and on every later step
    assert demo.ask.description == ASK_OFF and demo.status_label.value == "✓ ACCEPT"
    demo.next.click()
    assert demo.status_label.value == "✗ VALUE_MISMATCH"
    demo.ask.value = True
    assert demo.status_label.value == HIDDEN


def test_reveal_shows_the_layers_the_compact_trace_the_hints_and_the_quote_marks(study):
    demo = ClassroomDemo(study)
    demo.reveal.click()
    assert (demo.strict_label.value, demo.citation_label.value, demo.status_label.value) == (
        "✓ parses", "✓ accepts", "✗ VALUE_MISMATCH",
    )
    case = study["value-with-unit"]
    row = decided_row(demo.verdict, case.request, study.sources)
    deciding = (
        '<p class="groundlab-classroom-deciding groundlab-fail" data-claim="claim 0" data-check="value">✗ Deciding check: '
        "claim 0 value: claimed &#x27;5s&#x27;, but prod-v2 says read_timeout_ms=5000 → VALUE_MISMATCH</p>"
    )
    assert row.sentence == "claimed '5s', but prod-v2 says read_timeout_ms=5000"
    assert demo.trace_box.value.endswith(deciding)
    assert demo.trace_box.value.count("<p>") == 3  # answer, claim 0, claim 1: one line each
    assert '<code>claim 0</code> <span data-check="citation">✓ citation</span> <span data-check="duplicate">duplicate</span>' in (
        demo.trace_box.value)  # a run of passed checks shares one mark
    assert '<strong class="groundlab-classroom-fail"><span data-check="value">✗ value</span></strong>' in demo.trace_box.value
    assert "Near-miss hint (unit):" in demo.hints_box.value
    assert '<mark data-claim="0">read_timeout_ms=5000<sup>0</sup></mark>' in demo.documents_box.value
    demo.go(1)
    demo.reveal.click()
    assert demo.trace_box.value.endswith(  # the success colour's class, never the failure's
        '<p class="groundlab-classroom-deciding groundlab-pass">✓ Every check passed: ACCEPT.</p>')


def test_the_room_sees_the_request_every_supplied_text_and_the_edited_members(study):
    demo = ClassroomDemo(study)
    demo.go(4)
    for doc in study["value-with-unit"].request.supplied:
        text = study.sources.by_id[doc].text.rstrip("\n")
        assert f'<pre data-doc="{doc}">{text}</pre>' in demo.documents_box.value
    assert "revision v2 · fields read_timeout_ms, retry_enabled" in demo.request_box.value
    assert demo.answer_box.value.count("✎") == 2
    assert ('<td class="groundlab-classroom-edited">✎ <code>&quot;read_timeout_ms=5000'
            '<span class="groundlab-classroom-end"> &quot;</span></code></td>') in (  # the space and its quote never part
        demo.answer_box.value
    )
    demo.choose(len(demo.presets) - 1)
    demo.go(17)  # duplicate-key: does not parse, so the raw text is shown (folded while hidden)
    assert demo.answer_box.value.startswith('<pre class="groundlab-classroom-raw groundlab-classroom-folded">')
    demo.set_revealed(True)
    assert demo.answer_box.value.startswith('<pre class="groundlab-classroom-raw">')  # revealed: as written


def test_navigation_is_clamped_and_the_switcher_restarts_a_preset(study):
    demo = ClassroomDemo(study)
    assert demo.previous.disabled and not demo.next.disabled
    assert demo.go(99) is demo.verdict and demo.step_index == 5 and demo.next.disabled
    demo.previous.click()
    assert demo.step_index == 4 and demo.step_label.value == "screen 5 of 6"
    demo.scenario.value = 2
    assert (demo.preset_index, demo.step_index) == (2, 0)
    assert demo.step.note == f"wrong-value-real-quote: {study['wrong-value-real-quote'].description}"
    with pytest.raises(IndexError):
        demo.choose(len(demo.presets))
    for control in (demo.scenario, demo.previous, demo.next, demo.reveal, demo.ask):
        assert control.description  # every control has a visible name
    assert repr(demo) == "ClassroomDemo: 9 presets (open it in JupyterLab or Voila; Reveal shows each verdict)"


# ------------------------------------------------------------------ escaping


def hostile_case_set(hostile) -> CaseSet:
    def case(case_id: str, raw: str) -> Case:
        return Case(case_id, hostile.script, hostile.img, raw, hostile.request, Status.ACCEPT)

    quote = f"read_timeout_ms={hostile.img}"
    cases = (
        case("accepts", hostile.answer(hostile.img, quote)),
        case("unparsed", hostile.img),
        case("also-" + hostile.script, hostile.answer(hostile.script, hostile.script)),
    )
    return CaseSet(Path("hostile.json"), hostile.registry, cases)


def test_hostile_answer_source_and_preset_text_is_escaped(hostile, all_widgets, html_shown, assert_no_raw_markup,
                                                          elements):
    cases = hostile_case_set(hostile)
    steps = (
        Step("accepts", hostile.img, hostile.script, note=hostile.img),
        Step("unparsed", hostile.script, hostile.img),
        Step("accepts", hostile.img, hostile.img, (Edit(0, "value", hostile.script),)),
        Step(cases.cases[2].id, hostile.img, hostile.img),
    )
    demo = ClassroomDemo(cases, scenarios=[Preset(hostile.img, steps)], ask_the_room=False)
    statuses = []
    for index in range(len(steps)):
        demo.go(index)
        statuses.append(demo.verdict.status)
        shown = html_shown(demo)
        assert_no_raw_markup(shown)
        elements(shown)  # no script element, no on* attribute
        assert "&lt;img src=x onerror=alert(1)&gt;" in shown
    assert statuses == [Status.ACCEPT, Status.INVALID_JSON, Status.VALUE_MISMATCH, Status.VALUE_MISMATCH]
    demo.go(0)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in demo.request_box.value
    assert "<mark" in demo.documents_box.value  # the hostile quote is found, and marked as text
    table = answer_html('{"claims": [{"field": "<b>", "value": "x", "doc": "d", "quote": "q"}]}')
    assert "<b>" not in table and table.count("&lt;b") == 1


def test_hidden_study_answers_are_shown_as_text_so_the_layout_tells_nothing(study):
    demo = ClassroomDemo(study)
    every = next(i for i, p in enumerate(demo.presets) if p.title.startswith("Study cases · all"))
    demo.choose(every)
    for index, case in enumerate(study):
        demo.go(index)
        assert demo.answer_box.value.startswith('<pre class="groundlab-classroom-raw groundlab-classroom-folded">'), case.id
        demo.set_revealed(True)
        parses = demo.verdict.error is None
        assert demo.answer_box.value.startswith("<table") == (parses and "<table" in answer_html(case.raw)), case.id
    assert not any("family" in p.title for p in demo.presets), "no preset title names a fault"
    with pytest.raises(TypeError):
        demo.go("1")
    assert demo.step_index == len(study) - 1, "a refused step leaves the demo where it was"


def test_the_text_size_scales_the_demo_by_one_class_and_keeps_the_step(study):
    demo = ClassroomDemo(study)
    demo.go(2)
    assert [label for label, _ in TEXT_SIZES] == ["Text 100%", "Text 125%", "Text 150%"]
    assert demo.text_size.value == 100 and demo._dom_classes == ("groundlab-classroom",)
    demo.text_size.value = 150
    assert demo._dom_classes == ("groundlab-classroom", "groundlab-classroom-text-150")
    demo.text_size.value = 125
    assert demo._dom_classes == ("groundlab-classroom", "groundlab-classroom-text-125")
    assert demo.step_index == 2 and demo.step_label.value == "screen 3 of 6"
    demo.text_size.value = 100
    assert demo._dom_classes == ("groundlab-classroom",)
    demo.text_size.value = 150  # one page-wide scale: the demo and the claim editor below it
    assert demo.scale_style.value == "<style>html:root { --groundlab-classroom-scale: 1.5; }</style>"
    assert "calc(20px * var(--groundlab-classroom-scale))" in STYLE
    assert "font-size: 17px" not in STYLE  # every font size follows the scale


def test_a_text_size_outside_the_choices_returns_to_100_percent(study):
    demo = ClassroomDemo(study)
    demo.text_size.value = 150
    demo.text_size.value = None
    assert demo.text_size.value == 100 and demo._dom_classes == ("groundlab-classroom",)
    demo.text_size.options = [("Huge", 300)]
    assert demo.text_size.options == TEXT_SIZES and demo.text_size.value == 100
    demo.text_size.index = 1
    assert demo._dom_classes == ("groundlab-classroom", "groundlab-classroom-text-125")


# ------------------------------------------------------------------ projector, reload, presenter


def test_folding_keeps_every_string_exact_and_folds_only_the_layout_between_members():
    assert folded('{\n  "a": "x\\"\n  y",\n  "b": 1\n}\n') == '{ "a": "x\\"\n  y", "b": 1 }'
    assert folded('```json\n{"q": "a  b "}\n```\nHope this helps!') == '```json {"q": "a  b "} ``` Hope this helps!'
    assert folded('{"a": "b"}  , x') == '{"a": "b"}  , x'  # spaces without a line break are kept
    assert folded('{"a": "open\n  }') == '{"a": "open\n  }'  # an unclosed string runs to the end, unchanged


def test_a_document_the_answer_never_names_is_shown_closed(study):
    case = study["value-with-unit"]
    assert named_docs(case.raw) == {"prod-v2"}
    assert named_docs('{"doc": "a\\"b", "doc" : "c"') == {'a\\"b', "c"}  # found whether or not it parses
    shown = documents_html(case.request, Registry_of(study), case.raw, marks=False)
    for doc in case.request.supplied:
        text = study.sources.by_id[doc].text.rstrip("\n")
        if doc == "prod-v2":
            assert f'<p class="groundlab-classroom-doc"><strong>prod-v2</strong>' in shown
            assert f'<pre data-doc="prod-v2">{text}</pre>' in shown
        else:  # its header, and its text one click away
            assert f'<details class="groundlab-classroom-uncited"><summary title="not cited by the answer: open to read">'\
                   f'<strong>{doc}</strong>' in shown
            assert f'<pre data-doc="{doc}">{text}</pre></details>' in shown


def Registry_of(study):
    from groundlab.core.registry import Registry

    return Registry.of(study.sources)


def test_each_screen_has_one_count_the_step_label(study):
    demo = ClassroomDemo(study)
    studies = [step for preset in demo.presets[1:] for step in preset.steps]
    assert len(studies) == 2 * len(study) and {step.title for step in studies} == {"Study case"}
    every = next(i for i, p in enumerate(demo.presets) if p.title.startswith("Study cases · all"))
    demo.choose(every)
    demo.go(6)
    assert demo.step_label.value == "screen 7 of 22" and " of " not in demo.prompt.value


def test_presenter_notes_stay_hidden_until_the_toggle(study):
    demo = ClassroomDemo(study)
    assert demo.notes_toggle.description == NOTES and demo.notes_box.layout.display == "none"
    assert demo.notes_box.value == ""
    demo.notes_toggle.value = True
    assert demo.notes_box.layout.display is None
    assert demo.notes_box.value.startswith("<p><strong>Presenter notes.</strong> ")
    assert "Reveal verdict" in PRESENTER_NOTES and "This case" not in demo.notes_box.value
    demo.choose(2)
    assert "This case" not in demo.notes_box.value  # the case's description only once revealed
    demo.set_revealed(True)
    assert f"This case: {demo.step.note}" in demo.notes_box.value
    assert demo.step.note not in demo.hints_box.value  # not on the projector unless notes are shown
    demo.notes_toggle.value = False
    assert demo.notes_box.layout.display == "none" and demo.notes_box.value == ""


def test_the_state_survives_a_new_kernel_through_its_file(study, tmp_path):
    path = tmp_path / "state" / "demo.json"
    demo = ClassroomDemo(study, state_file=path)
    assert not path.exists()  # nothing written until a change
    demo.choose(3)
    demo.go(1)
    demo.text_size.value = 125
    demo.ask.value = False
    assert json.loads(path.read_text()) == {"preset": 3, "step": 1, "text_size": 125, "ask": False}
    again = ClassroomDemo(study, state_file=path)  # a reload: a new kernel builds the demo again
    assert (again.preset_index, again.step_index, again.text_size.value, again.ask.value) == (3, 1, 125, False)
    assert again.scenario.value == 3 and again.revealed and "groundlab-classroom-text-125" in again._dom_classes
    assert [p.name for p in path.parent.iterdir()] == ["demo.json"]  # no temporary file left behind
    for bad in ("not json", "[1, 2]", '{"preset": 99, "step": 0}', '{"preset": true, "step": 0}', '{"text_size": 7}'):
        path.write_text(bad)
        fresh = ClassroomDemo(study, state_file=path)
        assert (fresh.preset_index, fresh.step_index, fresh.text_size.value) == (0, 0, 100), bad
    path.write_text('{"preset": 1, "step": 40}')
    assert ClassroomDemo(study, state_file=path).step_index == len(classroom_presets(study)[1].steps) - 1  # clamped


def test_the_state_file_is_keyed_by_the_voila_page_and_absent_elsewhere(tmp_path):
    assert voila_state_file({}) is None  # JupyterLab, nbval: no state kept
    env = {"SERVER_SOFTWARE": "voila/0.5.13", "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8866",
           "SCRIPT_NAME": "/", "QUERY_STRING": "", "XDG_STATE_HOME": str(tmp_path)}
    path = voila_state_file(env)
    assert path.parent == tmp_path / "groundlab" and path.name.startswith("classroom-") and path.suffix == ".json"
    assert voila_state_file(dict(env)) == path  # a reload: the same file
    assert voila_state_file({**env, "QUERY_STRING": "room=b"}) != path  # another address starts fresh
    assert ClassroomDemo.__init__.__kwdefaults__["state_file"] == "auto"


def test_the_stopped_message_names_the_one_action(study):
    assert "Reload the page (F5)" in STOPPED and '"' not in STOPPED and "\\" not in STOPPED
    assert f'content: "{STOPPED}";' in STYLE
    assert ".groundlab-classroom .jupyter-widgets-disconnected::before" in STYLE  # no broken-link icons
