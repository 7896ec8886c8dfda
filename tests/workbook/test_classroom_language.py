"""The classroom demo in Traditional Chinese: exact renderings, the language switch (same preset,
screen, text size and hidden/revealed verdict, the verdict computed again), the language kept in
the Voilà state, GROUNDLAB_LANG at the start, and English unchanged."""

from __future__ import annotations

import copy
import json
import pickle
import re

import pytest

pytest.importorskip("ipywidgets")

from groundlab.core.language import ENV_LANGUAGE, get_language, set_language  # noqa: E402
from groundlab.workbook.presentation.classroom import demo as demo_module  # noqa: E402
from groundlab.workbook.presentation.classroom.demo import HIDDEN, TEXT_SIZES, ClassroomDemo  # noqa: E402
from groundlab.workbook.presentation.classroom.page import (  # noqa: E402
    STOPPED,
    STYLE,
    answer_html,
    compact_trace_html,
    request_html,
    stopped,
    style,
)
from groundlab.workbook.presentation.classroom.script import (  # noqa: E402
    CLASSROOM_SCRIPT,
    Preset,
    Step,
    classroom_presets,
    shown,
)
from groundlab.core.trace import trace_rows  # noqa: E402

CJK = re.compile(r"[\u4e00-\u9fff]")


def controls(demo: ClassroomDemo) -> dict[str, str]:
    """The fixed words of the demo's controls and captions."""
    return {
        "scenario": demo.scenario.description, "previous": demo.previous.description, "next": demo.next.description,
        "reveal": demo.reveal.description, "ask": demo.ask.description, "notes": demo.notes_toggle.description,
        "previous tip": demo.previous.tooltip, "next tip": demo.next.tooltip, "reveal tip": demo.reveal.tooltip,
        "ask tip": demo.ask.tooltip, "size tip": demo.text_size.tooltip, "notes tip": demo.notes_toggle.tooltip,
        "captions": " | ".join(c.value for c in demo.captions),
    }


def test_english_is_unchanged(study):
    demo = ClassroomDemo(study, state_file=None)
    assert get_language() == "en" and demo.language == "en"
    assert controls(demo) == {
        "scenario": "Scenario", "previous": "◀ Previous", "next": "Next ▶", "reveal": "Reveal verdict",
        "ask": "Ask the room: on", "notes": "Notes", "previous tip": "Previous step", "next tip": "Next step",
        "reveal tip": "Show or hide this step's verdict", "ask tip": "Start every step with its verdict hidden until Reveal",
        "size tip": "Text size for a larger screen", "notes tip": "Show or hide the presenter notes",
        "captions": "<span>strict JSON:</span> | <span>citation-only:</span> | <span>full contract:</span>",
    }
    assert demo.text_size.options == TEXT_SIZES
    assert demo.scenario.options[0] == ("Script (notebook 02): a timeout, six screens", 0)
    assert demo.scenario.options[-1] == ("Study cases · all 22, in file order", len(demo.presets) - 1)
    assert demo.step_label.value == "screen 1 of 6" and demo.status_label.value == "? ask the room"
    assert demo.trace_box.value == "<p>Trace hidden: ask the room, then press <strong>Reveal verdict</strong>.</p>"
    assert demo.children[0].value.endswith(STYLE) and style() == STYLE
    assert demo.language_switch.options == (("English", "en"), ("繁體中文", "zh-Hant"))
    assert demo.language_switch.value == "en"
    assert not [c for c in demo._dom_classes if c.startswith("groundlab-classroom-lang-")]
    demo.go(4)
    demo.set_revealed(True)
    assert demo.trace_box.value.startswith('<p><code>answer</code> <span data-check="parse">✓ parse</span></p>'
                                           '<p><code>claim 0</code> ')
    assert "✗ Deciding check: claim 0 citation: " in demo.trace_box.value
    assert demo.hints_box.value.startswith("<p>Near-miss hint (whitespace): ")
    assert (demo.strict_label.value, demo.citation_label.value) == ("✓ parses", "✗ rejects")
    assert repr(demo) == "ClassroomDemo: 9 presets (open it in JupyterLab or Voila; Reveal shows each verdict)"
    shown_text = "\n".join(str(v) for v in controls(demo).values()) + demo.prompt.value + demo.step_label.value
    assert not CJK.search(shown_text)


def test_the_demo_in_chinese_renders_every_word_of_its_own(study):
    set_language("zh-Hant")
    demo = ClassroomDemo(study, state_file=None)
    assert demo.language == "zh-Hant" and demo.language_switch.value == "zh-Hant"
    assert "groundlab-classroom-lang-zh-Hant" in demo._dom_classes  # the Traditional Chinese fonts (page.STYLE)
    assert controls(demo) == {
        "scenario": "情境", "previous": "◀ 上一步", "next": "下一步 ▶", "reveal": "揭曉判定", "ask": "問問全班：開",
        "notes": "備註", "previous tip": "上一步", "next tip": "下一步", "reveal tip": "顯示或隱藏這一步的判定",
        "ask tip": "每一步開始時先隱藏判定，按「揭曉判定」才顯示", "size tip": "較大螢幕用的文字大小",
        "notes tip": "顯示或隱藏講者備註",
        "captions": "<span>嚴格 JSON：</span> | <span>僅引用檢查：</span> | <span>完整契約：</span>",
    }
    assert demo.text_size.options == (("文字 100%", 100), ("文字 125%", 125), ("文字 150%", 150))
    assert [label for label, _ in demo.scenario.options] == [
        "腳本（筆記本 02）：一個逾時設定，六個畫面", "實驗案例 · 第 1 組（3）", "實驗案例 · 第 2 組（2）",
        "實驗案例 · 第 3 組（2）", "實驗案例 · 第 4 組（1）", "實驗案例 · 第 5 組（6）", "實驗案例 · 第 6 組（3）",
        "實驗案例 · 第 7 組（5）", "實驗案例 · 全部 22 個，依檔案順序",
    ]
    assert tuple(demo.language_switch.tooltips) == ("課堂示範的語言：English", "課堂示範的語言：繁體中文")
    assert demo.step_label.value == "畫面 1 / 6"
    assert demo.prompt.value == (
        "<p><strong>開始 · 模型寫出的原始回答</strong> · "
        "逾時的值帶著單位，而每則引文都是 prod-v2 裡真實的一行。哪一項檢查做出決定？</p>"
    )
    assert {demo.strict_label.value, demo.citation_label.value, demo.status_label.value} == {"？問問全班"}
    assert demo.trace_box.value == "<p>追蹤記錄已隱藏：先問問全班，再按「<strong>揭曉判定</strong>」。</p>"
    assert demo.request_box.value == (
        "<p><strong>請求</strong>（受信任）：payments / prod · 修訂 v2 · 欄位 read_timeout_ms, retry_enabled</p>"
    )
    assert "prod-v2</strong> · payments / prod · 修訂 v2" in demo.documents_box.value
    assert f'content: "{stopped()}";' in demo.children[0].value
    assert stopped() == "課堂示範已停止：它的核心已結束。請重新載入頁面（F5）再次啟動。"
    assert repr(demo) == "ClassroomDemo：9 個預設情境（請在 JupyterLab 或 Voila 中開啟；按「揭曉判定」顯示每個判定）"

    demo.go(4)  # step 3: the quote ends with a space
    demo.set_revealed(True)
    assert demo.reveal.description == "隱藏判定"
    assert demo.trace_box.value.startswith('<p><code>回答</code> <span data-check="parse">✓ parse</span></p>'
                                           '<p><code>聲明 0</code> ')
    deciding = re.search(r'<p class="groundlab-classroom-deciding[^>]*>(.*?)</p>', demo.trace_box.value).group(1)
    assert deciding.startswith("✗ 決定性檢查：聲明 0 citation：") and deciding.endswith(" → NO_CITATION")
    assert 'data-claim="claim 0" data-check="citation"' in demo.trace_box.value  # the data stays the code
    assert demo.hints_box.value.startswith("<p>近似提示（whitespace）：")
    assert (demo.strict_label.value, demo.citation_label.value, demo.status_label.value) == (
        "✓ 可解析", "✗ 拒絕", "✗ NO_CITATION")  # the status is a code: never translated
    demo.notes_toggle.value = True
    assert demo.notes_box.value.startswith("<p><strong>講者備註。</strong> 先選一個「情境」")


def test_the_switch_keeps_the_screen_and_computes_the_verdict_again(study, monkeypatch):
    demo = ClassroomDemo(study, state_file=None)
    demo.choose(5)
    demo.go(3)
    demo.text_size.value = 125
    demo.set_revealed(True)
    demo.notes_toggle.value = True
    english_status = demo.status_label.value
    calls = []
    real = demo_module.verify_answer
    monkeypatch.setattr(demo_module, "verify_answer", lambda *a, **k: calls.append(a) or real(*a, **k))
    before = demo.verdict

    demo.language_switch.value = "zh-Hant"  # the presenter's click
    assert get_language() == "zh-Hant" and demo.language == "zh-Hant"  # the kernel's language
    assert len(calls) == 1 and demo.verdict is not before  # computed again, not kept
    assert (demo.preset_index, demo.scenario.value, demo.step_index) == (5, 5, 3)
    assert demo.text_size.value == 125 and "groundlab-classroom-text-125" in demo._dom_classes
    assert demo.revealed and demo.status_label.value == english_status and demo.reveal.description == "隱藏判定"
    assert demo.notes_toggle.value and demo.notes_box.value.startswith("<p><strong>講者備註。</strong>")
    assert "這個案例：" in demo.notes_box.value
    assert demo.step_label.value == "畫面 4 / 6" and demo.scenario.label == "實驗案例 · 第 5 組（6）"

    demo.set_revealed(False)  # hidden stays hidden
    assert demo.switch_language("en") == "en"
    assert not demo.revealed and demo.status_label.value == HIDDEN and demo.language_switch.value == "en"
    assert not [c for c in demo._dom_classes if c.startswith("groundlab-classroom-lang-")]
    assert (demo.preset_index, demo.step_index, demo.text_size.value) == (5, 3, 125)
    assert demo.step_label.value == "screen 4 of 6" and demo.reveal.description == "Reveal verdict"
    with pytest.raises(ValueError):
        demo.switch_language("fr")


def test_on_language_callbacks_follow_each_switch(study):
    demo = ClassroomDemo(study, state_file=None)
    heard = []
    demo.on_language(heard.append)
    demo.switch_language("zh-TW")  # read as zh-Hant
    demo.language_switch.value = "en"
    assert heard == ["zh-Hant", "en"]


def test_the_language_is_kept_in_the_state_when_not_the_starting_one(study, tmp_path):
    path = tmp_path / "demo.json"
    demo = ClassroomDemo(study, state_file=path)
    demo.choose(2)
    demo.go(1)
    assert json.loads(path.read_text()) == {"preset": 2, "step": 1, "text_size": 100, "ask": True}
    demo.switch_language("zh-Hant")
    assert json.loads(path.read_text()) == {"preset": 2, "step": 1, "text_size": 100, "ask": True, "language": "zh-Hant"}

    set_language(None)  # a reload: a new kernel, in the server's language, builds the demo again
    again = ClassroomDemo(study, state_file=path)
    assert get_language() == "zh-Hant" and again.language == "zh-Hant" and again.language_switch.value == "zh-Hant"
    assert (again.preset_index, again.step_index) == (2, 1) and again.step_label.value == "畫面 2 / 2"
    again.switch_language("en")  # back to the starting language: nothing to keep
    assert "language" not in json.loads(path.read_text())

    for bad in ('{"language": "fr"}', '{"language": 7}', '{"language": null}'):
        set_language(None)
        path.write_text(bad)
        assert ClassroomDemo(study, state_file=path).language == "en", bad


def test_groundlab_lang_starts_the_demo_in_chinese_and_english_is_then_kept(study, tmp_path, monkeypatch):
    monkeypatch.setenv(ENV_LANGUAGE, "zh-Hant")  # as `GROUNDLAB_LANG=zh-Hant make demo` starts Voilà's kernels
    path = tmp_path / "demo.json"
    demo = ClassroomDemo(study, state_file=path)
    assert demo.language == "zh-Hant" and demo.reveal.description == "揭曉判定"
    demo.go(1)
    assert "language" not in json.loads(path.read_text())
    demo.switch_language("en")
    assert json.loads(path.read_text())["language"] == "en"
    set_language(None)
    again = ClassroomDemo(study, state_file=path)
    assert again.language == "en" and again.step_label.value == "screen 2 of 6"


def test_templates_are_their_english_text_and_shown_from_their_translation(study):
    title = classroom_presets(study)[1].title
    from groundlab.workbook.catalogues import FilledText

    assert isinstance(title, FilledText) and title == "Study cases · group 1 (3)"
    assert copy.deepcopy(title).template == title.template and pickle.loads(pickle.dumps(title)).values == {"number": 1, "count": 3}
    assert shown(title) == "Study cases · group 1 (3)" and shown("") == ""
    set_language("zh-Hant")
    assert shown(title) == "實驗案例 · 第 1 組（3）"
    assert shown(CLASSROOM_SCRIPT.steps[5].title) == "第 4 步 · 來自 prod-v1 的逾時"
    assert shown("") == ""  # never the catalogue's header
    assert shown("a title of my own") == "a title of my own"  # not in the catalogue: as written


def test_chinese_pages_still_escape_model_source_and_preset_text(hostile, html_shown, study):
    from groundlab.core.contract import verify_answer

    set_language("zh-Hant")
    assert answer_html('{"claims": []}') == "<p><code>{&quot;claims&quot;: []}</code>（沒有聲明）</p>"
    assert request_html(hostile.request).startswith("<p><strong>請求</strong>（受信任）：&lt;script&gt;alert(1)&lt;/script&gt; / prod")
    verdict = verify_answer(hostile.answer(hostile.img, hostile.script), hostile.request, hostile.registry)
    trace = compact_trace_html(trace_rows(verdict, hostile.request, hostile.registry), str(verdict.status))
    assert "決定性檢查：聲明 0 " in trace and hostile.img not in trace and hostile.script not in trace
    preset = Preset(hostile.script, (Step("value-with-unit", hostile.img, hostile.script),))
    demo = ClassroomDemo(study, scenarios=(preset,), state_file=None)
    assert hostile.img not in html_shown(demo)
    assert demo.prompt.value == ("<p><strong>&lt;img src=x onerror=alert(1)&gt;</strong> · "
                                 "&lt;script&gt;alert(1)&lt;/script&gt;</p>")


def test_the_stopped_notice_is_a_safe_css_string_in_every_language():
    assert stopped() == STOPPED
    set_language("zh-Hant")
    assert "（F5）" in stopped() and '"' not in stopped() and "\\" not in stopped()
    assert style().count(f'content: "{stopped()}";') == 1 and STOPPED not in style()


def test_the_editor_section_heading_follows_the_switch(study):
    from groundlab.workbook import ClaimEditor

    demo = ClassroomDemo(study, state_file=None)
    editor = ClaimEditor.from_case(study, "complete")
    refreshed = []
    editor.refresh = lambda: refreshed.append(get_language())
    section = demo.editor_section(editor, "complete")
    assert section.children == (section.heading, editor)
    assert section.heading.value == (
        "<h2>Edit an answer yourself</h2><p>The claim editor below opens the study&#x27;s <code>complete</code> answer: edit a "
        "claim or the request and the three admission layers, the trace, the accepted map and the near-miss hints update on every edit.</p>"
    )
    assert repr(section).startswith("Edit an answer yourself: ClaimEditor: case complete")
    demo.switch_language("zh-Hant")
    assert section.heading.value == (
        "<h2>自己動手修改一個回答</h2><p>下方的聲明編輯器開啟實驗的 <code>complete</code> 回答：修改任一則聲明或請求，"
        "三個檢查層、追蹤記錄、接受映射與近似提示都會在每次修改後更新。</p>"
    )
    assert refreshed == ["zh-Hant"] and repr(section).startswith("自己動手修改一個回答：")
    demo.switch_language("en")
    assert "Edit an answer yourself" in section.heading.value and refreshed == ["zh-Hant", "en"]
