"""The lessons in Traditional Chinese: hints, tasks and feedback in the language in force when they
are shown, the glossary's meanings and docs/glossary.md, the Chinese cheat sheet, and English unchanged."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from groundlab import set_language
from groundlab.core.language import ENV_LANGUAGE, get_language
from groundlab.workbook import GLOSSARY, cheat_sheet_html, lesson_exercises, lesson_hints
from groundlab.workbook.lessons.cheatsheet import SHEET_FILES, SHEET_TERMS
from groundlab.workbook.lessons.glossary import glossary_markdown, term_meaning
from groundlab.core.language import language_scope
from groundlab.workbook.lessons.text import LessonText, N_, problems_sentence

ROOT = Path(__file__).resolve().parents[2]
HINT_EN = (
    "Was each cited document supplied, and is each quote one of its lines? "
    "Then find the document's labels in the registry table."
)
HINT_ZH = "每份被引用的文檔都已提供嗎？每段引文都是其中的一行嗎？接著在註冊表的表格中找出文檔的標籤。"


# ------------------------------------------------------------------ hints, tasks, feedback


def test_a_hint_taken_before_set_language_is_shown_in_chinese_after_it():
    hints = lesson_hints("03")  # imported and taken in English, as a notebook's first cell may
    hint = hints.another_service_supplied[0]
    assert hint == HINT_EN and isinstance(hint, LessonText)
    set_language("zh-Hant")
    assert str(hint) == HINT_ZH
    assert f"Hint 1 of 2: {hint}" == f"Hint 1 of 2: {HINT_ZH}"  # how Predict.hint and q.hint() show it
    assert hint == HINT_EN, "its value (what a re-run cell compares) stays the English text"
    set_language("en")
    assert str(hint) == HINT_EN


def test_every_predict_hint_has_chinese_and_keeps_its_english_value():
    from groundlab.workbook.lessons.predict_hints import PREDICT_HINTS

    hints = [h for lesson in PREDICT_HINTS.values() for key in lesson.values() for h in key]
    assert len(hints) > 80
    set_language("zh-Hant")
    shown = [str(h) for h in hints]
    assert all(isinstance(h, LessonText) for h in hints)
    assert all(re.search(r"[\u4e00-\u9fff]", s) for s in shown), [h for h, s in zip(hints, shown) if s == h][:3]
    set_language(None)
    assert [str(h) for h in hints] == [h.english() for h in hints]


def test_an_exercises_hint_title_and_task_follow_the_language(study):
    q = lesson_exercises("05", cases=study).my_answer
    set_language("zh-Hant")
    assert q.hint() == "提示 1／2：每則聲明的檢查依回答中的順序逐一聲明執行。重複是在哪一則聲明被發現的？"
    assert str(q).splitlines()[:2] == [
        "練習：不是由重複做出決定",
        "修改 duplicate-field 回答中的一個值，並保留重複的欄位，讓契約的狀態成為 VALUE_MISMATCH。",
    ]
    assert q.identity == ("Exercise", "A repeat that is not what decides", q.task.english())
    set_language(None)
    assert q.hint().startswith("Hint 2 of 2: A wrong value must be met before the repeat is")


def test_a_check_feedback_sentence_is_chinese(study):
    q = lesson_exercises("05", cases=study).my_answer
    set_language("zh-Hant")
    feedback = q.check(study["complete"].raw)
    assert (feedback.right, feedback.message) == (False, "應該仍有某個欄位被聲明兩次；現在每個欄位都只被聲明一次")
    fixed = lesson_exercises("04", cases=study).fixed
    assert fixed.check('{"claims": []}').message == "請保留回答原有的 2 則聲明；它現在有 0 個"
    set_language(None)
    assert q.check(study["complete"].raw).message == "some field should still be claimed twice; each field is claimed once"


def test_a_list_of_problems_is_one_sentence_in_each_language():
    from groundlab.workbook.lessons.l01 import python_reads_goal

    goal = python_reads_goal()
    english = goal(["[1]", 5])
    assert english.message == "text 1 should be a str, not int; it should show 3 different codes, but shows 1: wrong_shape (text 0)."
    set_language("zh-Hant")
    assert goal(["[1]", 5]).message == "第 1 段文字應該是 str，而不是 int；應該出現 3 種不同的代碼，但只出現 1 種：wrong_shape（第 0 段文字）。"
    assert problems_sentence(["a", "b"]) == "a；b。"


def test_a_filled_task_is_translated_with_its_values():
    task = N_("Agree on more than {agreed} of {total} cases, and raise on none.").fill(agreed=335, total=555)
    assert task == "Agree on more than 335 of 555 cases, and raise on none."
    set_language("zh-Hant")
    assert str(task) == "在 555 個案例中一致的超過 335 個，而且沒有任何一個拋出例外。"


def test_the_capstone_studys_summary_is_chinese(tmp_path):
    from groundlab.workbook import load_capstone

    capstone = load_capstone()
    study = capstone.new_study(tmp_path, capstone.request, {})
    set_language("zh-Hant")
    assert str(study).splitlines()[0] == "12 個回答中有 0 個已連同你的標籤寫入 my_labels.json"


# ------------------------------------------------------------------ the glossary


NEW_TERMS = {
    "contract": "契約", "quote": "引文", "field": "欄位", "value": "值", "document": "文檔", "scope": "範圍",
    "revision": "修訂", "candidate claims": "候選聲明", "audit": "審計",
}


def test_the_articles_words_are_in_the_glossary_in_introduction_order():
    zh = {t.name: t.zh for t in GLOSSARY}
    assert {name: zh.get(name) for name in NEW_TERMS} == NEW_TERMS
    order = [t.name for t in GLOSSARY]
    assert order.index("contract") < order.index("answer") < order.index("candidate claims") < order.index("claim")
    assert order.index("claim") < order.index("field") < order.index("value") < order.index("quote") < order.index("registry")
    assert order.index("scope") < order.index("revision") < order.index("request") < order.index("evidence folder") < order.index("audit")
    assert all(t.zh for t in GLOSSARY)


def test_a_terms_meaning_follows_the_language():
    check = next(t for t in GLOSSARY if t.name == "check")
    english = "one of the contract's 9 named tests, answer-level or claim-level, run in a fixed order (the check order)"
    assert term_meaning(check) == english == check.meaning
    assert term_meaning(check, "zh-Hant") == "契約中 9 項具名測試之一，分為回答層級或聲明層級，依固定順序（檢查順序）執行"
    set_language("zh-Hant")
    assert term_meaning(check) == str(check.meaning) == term_meaning(check, "zh-Hant")
    assert term_meaning(check, "en") == english
    assert all(re.search(r"[\u4e00-\u9fff]", term_meaning(t)) for t in GLOSSARY)


def test_docs_glossary_is_the_generated_table():
    text = glossary_markdown()
    assert (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8") == text, (
        "regenerate it: python -m groundlab.workbook.lessons.glossary > docs/glossary.md"
    )
    assert "| English | 繁體中文 | meaning | 中文釋義 | code |" in text
    assert (
        "| **quote** | 引文 | the exact words a claim copies from its document to back its value "
        "| 聲明從文檔中逐字抄錄、用來支持其值的文字 | `Claim.quote` |"
    ) in text
    assert len([line for line in text.splitlines() if line.startswith("| **")]) == len(GLOSSARY)


def translating_terms() -> list[tuple[str, str]]:
    """The (English, Chinese) pairs of docs/translating.md's term table (two pairs a row)."""
    text = (ROOT / "docs" / "translating.md").read_text(encoding="utf-8").split("## Terms", 1)[1].split("## Style", 1)[0]
    pairs = []
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[0] not in ("English", "---"):
            pairs += [(cells[0], cells[1]), (cells[2], cells[3])]
    return pairs


def test_translating_md_agrees_with_the_glossary():
    zh = {t.name: t.zh for t in GLOSSARY}
    pairs = translating_terms()
    assert len(pairs) > 60
    compared = []
    for english, chinese in pairs:
        if english in zh:
            compared.append((english, chinese, zh[english]))
        elif " / " in english and chinese.count(" / ") == english.count(" / "):
            for part, part_zh in zip(english.split(" / "), chinese.split(" / ")):
                if part in zh:
                    compared.append((part, part_zh, zh[part]))
    differ = [(name, md, glossary) for name, md, glossary in compared if md != glossary]
    assert differ == []
    assert len(compared) >= 35 and {"contract", "quote", "candidate claims", "ladder", "rung"} <= {c[0] for c in compared}


# ------------------------------------------------------------------ the cheat sheet


def test_docs_has_the_cheat_sheet_in_each_language():
    for language, name in SHEET_FILES.items():
        assert (ROOT / name).read_text(encoding="utf-8") == cheat_sheet_html(language), (
            f"regenerate it: python -m groundlab.workbook.lessons.cheatsheet {language} > {name}"
        )


def test_the_chinese_sheet_is_chinese_with_english_codes():
    sheet = cheat_sheet_html("zh-Hant")
    assert sheet.startswith('<!DOCTYPE html>\n<html lang="zh-Hant"><head><meta charset="utf-8"><title>groundlab 速查表</title>')
    assert 'font: 7.5pt/1.15 "Noto Sans CJK TC", "Noto Sans TC", "PingFang TC", "Microsoft JhengHei", sans-serif;' in sheet
    assert "<h2>檢查順序與 10 種狀態</h2>" in sheet and "<h2>8 種解析代碼（狀態 INVALID_JSON）</h2>" in sheet
    assert "<th>執行單位</th>" in sheet and "<td><code>QUOTE_NOT_SUPPORTING</code></td>" in sheet
    assert "<tr><td><code>MAX_CLAIMS</code></td><td>8</td><td>一個回答中的聲明數（too_many_claims）</td></tr>" in sheet
    words = sheet.split("<h2>詞彙</h2>")[1]
    assert "<td><strong>決定性檢查</strong> deciding check</td><td>第一個失敗的檢查；它的狀態就是判定的狀態</td>" in words
    assert words.count("<tr><td>") == len(SHEET_TERMS)


def test_the_sheet_follows_the_language_in_force_and_restores_it(monkeypatch):
    set_language("zh-Hant")
    assert cheat_sheet_html() == cheat_sheet_html("zh-Hant")
    english = cheat_sheet_html("en")
    assert get_language() == "zh-Hant"
    set_language(None)
    assert english == cheat_sheet_html() == (ROOT / "docs" / "cheatsheet.html").read_text(encoding="utf-8")
    monkeypatch.setenv(ENV_LANGUAGE, "zh-Hant")
    assert cheat_sheet_html("en") == english and get_language() == "zh-Hant"
    with language_scope("en"):
        assert get_language() == "en"
    assert get_language() == "zh-Hant"


def test_the_answer_key_stays_english_under_groundlab_lang(monkeypatch):
    from tools.answer_key import capstone_key

    english = capstone_key()
    monkeypatch.setenv(ENV_LANGUAGE, "zh-Hant")
    assert capstone_key() == english and get_language() == "zh-Hant"


# ------------------------------------------------------------------ the catalogue


def test_the_lessons_catalogue_has_no_gap_and_its_mo_holds_every_translation():
    """Every message has its translation, and the committed .mo gives each one. (The .mo is compared
    message by message: its header's POT-Creation-Date is the time it was compiled.)"""
    import gettext

    from babel.messages.pofile import read_po

    from tools.i18n import DOMAINS, gaps, po_path

    domain = next(d for d in DOMAINS if d.name == "groundlab_lessons")
    assert gaps(["groundlab_lessons"]) == []
    with po_path(domain).open("rb") as handle:
        catalog = read_po(handle)
    with po_path(domain).with_suffix(".mo").open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    messages = [m for m in catalog if m.id]
    assert len(messages) > 300
    assert [m.id for m in messages if compiled.gettext(m.id) != m.string] == []
