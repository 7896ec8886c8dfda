"""The workbook interface in Traditional Chinese (zh-Hant): exact renderings, and English unchanged.

Each test sets the language itself; an autouse fixture puts it back (``set_language(None)``) and
clears ``GROUNDLAB_LANG``, so no other test sees Chinese.
"""

from __future__ import annotations

import io
import sys
import warnings

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("pandas")

from groundlab.core.contract import verify_answer  # noqa: E402
from groundlab.core.language import set_language  # noqa: E402
from groundlab.hints import hints_for_verdict  # noqa: E402
from groundlab.workbook import learner  # noqa: E402
from groundlab.workbook.exercises.exercise import Exercise, Feedback  # noqa: E402
from groundlab.workbook.exercises.predict import Predict  # noqa: E402
from groundlab.workbook.exercises.scoreboard import Scoreboard  # noqa: E402
from groundlab.workbook.presentation.tables import hints_table, registry_table, study_frame, trace_frame, trace_table  # noqa: E402
from groundlab.workbook.presentation.widgets.claim_editor import ClaimEditor  # noqa: E402

CASE = "wrong-value-real-quote"


def _hinted(study):
    return Predict.case(study, CASE, hints=["讀一讀 prod-v2 的值。", "比較兩個數字。"])


def test_predict_labels_and_feedback_in_chinese(study):
    set_language("zh-Hant")
    predict = _hinted(study)
    assert (predict.check_button.description, predict.hint_button.description) == ("檢查", "提示")
    assert (predict.check_button.tooltip, predict.hint_button.tooltip) == ("現在計算答案", "顯示一則提示")
    assert repr(predict) == "預測：案例 wrong-value-real-quote（先選擇，再按「檢查」）"
    plain = predict._repr_mimebundle_()["text/plain"]
    assert plain.splitlines()[:3] == [repr(predict), "契約會給這個回答哪個狀態？", "回答："]
    assert "請求：\n服務 payments，環境 prod，修訂 v2\n請求的欄位：read_timeout_ms, retry_enabled\n" in plain
    assert "\n已提供的文檔：\nprod-v2（服務 payments，環境 prod，修訂 v2）：\n" in plain
    assert plain.endswith("（在 Jupyter 中執行這個儲存格，即可選擇答案並檢查。）")
    assert "VALUE_MISMATCH" not in plain, "the plain text never holds the answer"
    assert "<summary>已提供的文檔（點一下展開）</summary>" in predict.children[1].value

    predict.check_button.click()
    assert predict.result.value == "<p>請先選一個答案，再按「檢查」。</p>"

    predict.choose("ACCEPT")
    predict.check()  # wrong: the first hint, the exercise stays open
    assert predict.result.value == (
        '<p class="groundlab-predict-verdict groundlab-fail"><strong>✗ 這次沒答對。你預測「ACCEPT」。</strong></p>'
        '<p class="groundlab-predict-again">請讀上方的新提示，再重新選擇並按「檢查」：分數以第一次嘗試為準。</p>'
    )
    assert predict.hint_box.value == '<p class="groundlab-predict-hint">提示 1／2：讀一讀 prod-v2 的值。</p>'
    assert repr(predict) == "預測：案例 wrong-value-real-quote（已檢查）"

    predict.choose("VALUE_MISMATCH")
    predict.check()  # right on the second try; the why after 原因： is the library's trace line
    assert predict.result.value.startswith(
        '<p class="groundlab-predict-verdict groundlab-pass"><strong>✓ 答對了。你預測「VALUE_MISMATCH」；'
        "函式庫的答案是「VALUE_MISMATCH」。（第 2 次嘗試；分數以第一次嘗試為準）</strong></p>"
        '<p class="groundlab-predict-why">原因：'
    )
    assert predict.outcome.choice == "ACCEPT" and not predict.outcome.right


def test_a_word_choice_is_shown_in_chinese_and_compared_in_english(study):
    set_language("zh-Hant")
    case = study[CASE]
    predict = Predict.citation("引用", "僅引用檢查會怎麼判定？", case.raw, case.request, study.sources)
    assert predict.choices.options == (("接受", "accepts"), ("拒絕", "rejects"))
    predict.choose("accepts")
    outcome = predict.check()
    assert (outcome.choice, outcome.answer, outcome.right) == ("accepts", "accepts", True)
    assert outcome.why == "每段引文都逐字出現在某份已提供的文檔中"
    assert predict.result.value == (
        '<p class="groundlab-predict-verdict groundlab-pass"><strong>✓ 答對了。你預測「接受」；函式庫的答案是「接受」。</strong></p>'
        '<p class="groundlab-predict-why">原因：每段引文都逐字出現在某份已提供的文檔中</p>'
    )


def test_predict_in_english_is_unchanged(study):
    predict = _hinted(study)
    assert (predict.check_button.description, predict.hint_button.description) == ("Check", "Hint")
    assert repr(predict) == "Predict: Case wrong-value-real-quote (choose, then press Check)"
    predict.choose("ACCEPT")
    predict.check()
    assert predict.result.value.startswith(
        '<p class="groundlab-predict-verdict groundlab-fail"><strong>✗ Not this time. You predicted ACCEPT.</strong></p>'
    )
    case = study[CASE]
    assert Predict.citation("c", "q", case.raw, case.request, study.sources).choices.options == ("accepts", "rejects")


def test_scoreboard_and_exercise_text_in_chinese(study):
    set_language("zh-Hant")
    board = Scoreboard()
    predict = Predict("一題", "選一個", ["a", "b"], lambda: ("b", "第二個字母"), board=board)
    Predict("另一題", "選一個", ["a", "b"], lambda: ("a", "x"), board=board)
    predict.choose("b")
    predict.check()
    assert board.text == "2 題中答對 1 題（1 題尚未完成）"
    assert repr(board) == "計分板：2 題中答對 1 題（1 題尚未完成）"
    assert board.value == "<p><strong>分數：2 題中答對 1 題（1 題尚未完成）</strong></p>"
    exercise = Exercise("改一改", "讓契約接受它。", lambda answer: Feedback(answer == 1, "不對"), ["想一想"], "1")
    assert str(exercise.check(2)) == "還沒有：不對"
    assert exercise.check(2)._repr_html_() == '<p class="groundlab-feedback"><strong>✗ 還沒有</strong>：不對</p>'
    assert exercise.hint() == "提示 1／1：想一想"
    assert str(exercise) == "練習：改一改\n讓契約接受它。\n使用 .check(answer)、.hint() 和 .solution()。"
    set_language("en")
    assert board.text == "1 of 2 right (1 not done yet)" and str(exercise.check(2)) == "not yet: 不對"


def test_tables_have_chinese_headers_and_frames_stay_english(study):
    case = study[CASE]
    verdict = verify_answer(case.raw, case.request, study.sources)
    english = list(trace_table(verdict, case.request, study.sources).data.columns)
    set_language("zh-Hant")
    table = trace_table(verdict, case.request, study.sources)
    assert english == ["claim", "check", "passed", "sentence"]
    assert list(table.data.columns) == ["聲明", "檢查", "通過", "說明"]
    assert table.data["聲明"].tolist()[0] == "回答" and "聲明 0" in table.data["聲明"].tolist()
    assert "✗ 失敗" in table.data["通過"].tolist() and "✓ 通過" in table.data["通過"].tolist()
    assert table.uuid == "groundlab-trace", "the Styler id does not depend on the language"
    assert repr(table).startswith("<groundlab 表格 groundlab-trace：")
    assert list(trace_frame(verdict, case.request, study.sources).columns) == english, "a frame is data: English"
    registry = registry_table(study.sources)
    assert list(registry.data.columns)[:4] == ["編號", "服務", "環境", "修訂"] and list(registry.data.columns)[-1] == "文字"
    assert "read_timeout_ms" in registry.data.columns, "field names are never translated"
    hints = hints_table(hints_for_verdict(verdict, case.request, study.sources, raw=case.raw))
    assert list(hints.data.columns) == ["聲明", "檢查", "種類", "訊息", "碼位"]
    assert hints.data.iloc[0].tolist()[:3] == ["聲明 0", "value", "closest"], "check names and hint kinds stay codes"
    assert "<caption>近似失誤（只做說明，絕不因此改判通過）</caption>" in hints.to_html()


def test_study_table_words_in_chinese(result):
    from groundlab.workbook.presentation.tables import study_table

    set_language("zh-Hant")
    table = study_table(result)
    assert list(table.data.columns) == ["編號", "類型", "預期", "實際", "嚴格 JSON", "僅引用檢查", "完整契約", "一致"]
    assert set(table.data["完整契約"]) == {"✓ 接受", "✗ 拒絕"}
    assert set(study_frame(result)["full contract"]) == {"✓ accepts", "✗ rejects"}


@pytest.mark.parametrize("language", ["zh-Hant", "en"])
def test_a_chart_draws_without_a_font_warning(result, language):
    plt = pytest.importorskip("matplotlib.pyplot")
    from groundlab.workbook.presentation.charts import baseline_chart, funnel_chart

    set_language(language)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a missing glyph would be a UserWarning, and fail here
        drawn = {}
        for chart in (funnel_chart, baseline_chart):
            figure = chart(result)
            set_language(None)  # drawn later, as a notebook does, outside the chart's font block
            figure.savefig(io.BytesIO(), format="png")
            set_language(language)
            drawn[chart.__name__] = [figure.axes[0].get_title(), figure.axes[0].get_xlabel()]
            plt.close(figure)
    texts = drawn["baseline_chart"]
    if language == "zh-Hant":
        assert texts == ["應該被拒絕卻被接受的回答\n（僅引用檢查 10，契約 0）", "被錯誤接受的回答"]
        assert drawn["funnel_chart"] == ["每個檢查層接受了 22 個回答中的幾個", "檢查層（最寬鬆的在前）"]
    else:
        assert texts == ["Answers accepted that should be rejected\n(citation-only check 10, contract 0)", "wrongly accepted answers"]
        assert drawn["funnel_chart"] == ["How many of 22 answers each layer accepts", "admission layer (weakest first)"]


def test_claim_editor_layer_labels_in_chinese(study):
    set_language("zh-Hant")
    case = study[CASE]
    editor = ClaimEditor(case.raw, case.request, study.sources)
    layers = editor.children[3].children
    assert [box.children[0].value for box in layers] == ["<strong>嚴格 JSON</strong>", "<strong>僅引用檢查</strong>", "<strong>完整契約</strong>"]
    assert (editor.strict_label.value, editor.citation_label.value, editor.status_label.value) == ("✓ 可解析", "✓ 接受", "✗ VALUE_MISMATCH")
    assert editor.mode.options == (("聲明", "Claims"), ("原始 JSON", "Raw JSON")) and editor.mode.value == "Claims"
    assert editor.claim_rows[0].index_label.value == "聲明 0" and editor.claim_rows[0].field.description == "欄位"
    assert editor.claim_rows[0].quote.placeholder == "引用的文字"
    assert repr(editor) == "ClaimEditor：一個回答（請在 JupyterLab 或 Voila 中編輯；契約會重新檢查每次編輯）"
    assert "<th>聲明</th><th>檢查</th><th>結果</th><th>發生了什麼</th>" in editor.trace.value
    assert "在檢查 <code>value</code> <strong>失敗</strong>：VALUE_MISMATCH。之後的檢查沒有執行。" in editor.trace.value
    set_language("en")
    english = ClaimEditor(case.raw, case.request, study.sources)
    assert [box.children[0].value for box in english.children[3].children] == [
        "<strong>strict JSON</strong>", "<strong>citation-only check</strong>", "<strong>full contract</strong>"
    ]
    assert english.mode.options == ("Claims", "Raw JSON")


def test_learner_check_follows_groundlab_lang(monkeypatch, capsys):
    from importlib import metadata

    real = metadata.version
    # importing the workbook's packages costs seconds: those imports are skipped, every other one (zmq,
    # which the kernel check imports) really runs, so no half-imported module is left for later tests
    skipped = {r.split(">=")[0].replace("-", "_") for r in learner.WORKBOOK_EXTRA}
    real_import = learner.importlib.import_module
    monkeypatch.setattr(learner.importlib, "import_module", lambda name, *a: None if name in skipped else real_import(name, *a))
    monkeypatch.setattr(metadata, "version", lambda name: (_ for _ in ()).throw(metadata.PackageNotFoundError(name)) if name == "rapidfuzz" else real(name))
    monkeypatch.setattr(learner.sys, "version_info", (3, 9, 18, "final", 0))
    monkeypatch.setenv("GROUNDLAB_LANG", "zh-Hant")
    assert learner.main(["check"]) == 1
    out = capsys.readouterr().out
    python = f"Python {sys.implementation.name} {learner.platform.python_version()}"
    assert out.startswith(
        f"問題      {python} 太舊：練習簿需要 3.10 到 3.13\n"
        "        處理方式：請安裝 Python 3.12（python.org），用它建立新的 venv，再重新安裝教材包\n"
    )
    assert "問題      rapidfuzz 沒有安裝\n        處理方式：請重新安裝教材包（SETUP.md，步驟 3）；它會安裝練習簿需要的每個套件\n" in out
    assert out.rstrip().splitlines()[-1].endswith("個問題：請從最上面開始修正，再執行一次 `groundlab-workbook check`")
    monkeypatch.delenv("GROUNDLAB_LANG")
    assert learner.main(["check"]) == 1
    assert "PROBLEM rapidfuzz is not installed\n        what to do: install the kit again" in capsys.readouterr().out


def test_codes_offered_by_a_predict_are_explained_in_chinese_and_not_in_english(study):
    from groundlab.workbook.exercises.answers import PARSE_CHOICES
    from groundlab.workbook.exercises.predict import code_explanations

    assert "What the codes mean" not in Predict.case(study, CASE).children[1].value
    assert code_explanations(PARSE_CHOICES) == ""
    set_language("zh-Hant")
    head = Predict.case(study, CASE).children[1].value
    assert "<details><summary>這些代碼的意思（點一下展開）</summary><ul><li><code>INVALID_JSON</code>：回答不是聲明 JSON（見其解析代碼）</li>" in head
    assert head.count("<li><code>") == 10 and "<li><code>INCOMPLETE</code>：有請求的欄位沒有聲明</li>" in head
    parse = code_explanations(PARSE_CHOICES)
    assert parse.count("<li>") == 8 and "<li><code>duplicate_member</code>：某個物件兩次使用同一個成員名稱（任何深度皆然）</li>" in parse
    assert "parses" not in parse, "a word choice is shown in words; only codes are explained"
    assert code_explanations(["accepts", "rejects"]) == ""
