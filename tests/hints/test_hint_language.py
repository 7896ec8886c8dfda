"""Hints, grounding and lab words in Traditional Chinese; English unchanged by default."""

import json

import pytest

from groundlab import set_language, verify_answer
from groundlab.grounding.rule import NoGroundedPoints
from groundlab.hints import hints_for_verdict, quote_hints, value_hints
from groundlab.study.cases import load_case_set

STUDY = load_case_set()
SOURCES = STUDY.sources
REQUEST = STUDY["complete"].request


def _answer(value="5000", quote="read_timeout_ms=5000"):
    return json.dumps({"claims": [{"field": "read_timeout_ms", "value": value, "doc": "prod-v2", "quote": quote}]})


def test_a_value_hint_summary_in_chinese():
    verdict = verify_answer(_answer("5s"), REQUEST, SOURCES)
    set_language("zh-Hant")
    hints = hints_for_verdict(verdict, REQUEST, SOURCES)
    assert [(h.kind, h.message) for h in hints] == [
        ("unit", "'5s' 等於 5000 ms，與文檔的 '5000' 是相同的數量，但契約比較的是完全相同的字串，所以值必須寫成 '5000'。"),
        ("closest", "prod-v2 有 read_timeout_ms=5000（第 1 行）；聲明寫的是 '5s'。"),
    ]
    set_language(None)
    assert hints_for_verdict(verdict, REQUEST, SOURCES)[1].message == "prod-v2 has read_timeout_ms=5000 (line 1); the claim says '5s'."


def test_quote_hints_in_chinese():
    set_language("zh-Hant")
    hints = quote_hints("read_timeout_ms =5000", "read_timeout_ms=5000\n", doc="prod-v2")
    assert [h.message for h in hints] == [
        "引文有：在 'read_timeout_ms' 之後的 一般空格（U+0020 SPACE），prod-v2 在該處沒有；移除多餘的空白後就相符，但契約會比較每一個字元。",
        "prod-v2 中最接近的文字是 'read_timeout_ms=5000'（第 1 行，與引文的相似度為 97%）。",
    ]


def test_a_case_hint_in_chinese_and_english():
    set_language("zh-Hant")
    (case,) = value_hints("EU-West", "eu-west", doc="prod-v2")
    assert (case.kind, case.message) == ("case", "值 'EU-West' 與 prod-v2 的事實 'eu-west' 只差在大小寫；契約會精確比較字母的大小寫。")
    set_language("en")
    (case,) = value_hints("EU-West", "eu-west", doc="prod-v2")
    assert case.message == (
        "The value 'EU-West' matches prod-v2's fact 'eu-west' apart from upper and lower case; "
        "the contract compares letter case exactly."
    )


def test_a_json_hint_in_chinese():
    raw = "{'claims': []}"
    verdict = verify_answer(raw, REQUEST, SOURCES)
    set_language("zh-Hant")
    (hint,) = hints_for_verdict(verdict, REQUEST, SOURCES, raw=raw)
    assert hint.message == "回答使用 U+0027 APOSTROPHE（第 1 行，第 2 欄）來括住字串；JSON 的字串與成員名稱需要雙引號 '\"'（U+0022）。"


def test_no_grounded_points_renders_when_read():
    err = NoGroundedPoints(3)
    set_language("zh-Hant")
    assert str(err) == "沒有任何要點可以顯示：檢查過的 3 個要點全都沒有通過引文檢查（沒有引文，就沒有聲明）。"
    assert str(NoGroundedPoints(0)) == "沒有任何要點可以顯示：草稿中沒有任何符合項目，也沒有任何差距。"
    set_language(None)
    assert str(err) == "No point could be shown: all 3 checked point(s) failed the quote check (no quote, no claim)."
    assert err.code == "all_dropped" and err.context == {"dropped": 3}
