"""The library's words in Traditional Chinese: errors, meanings and trace rows render in the language in force."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from groundlab import set_language, verify_answer
from groundlab.core.checks import check_meaning, reason_meaning, status_meaning
from groundlab.core.claims import ClaimsSyntaxError, parse_claims
from groundlab.core.errors import CODE_MEANINGS, code_meaning
from groundlab.core.language import Catalogue
from groundlab.core.trace import decided_row, trace_rows
from groundlab.core.trusted import FrozenFixtureError, verify_frozen
from groundlab.study.cases import load_case_set

ROOT = Path(__file__).resolve().parents[2]
STUDY = load_case_set()
SOURCES = STUDY.sources
REQUEST = STUDY["complete"].request


def claim(field="read_timeout_ms", value="5000", doc="prod-v2", quote=None):
    return {"field": field, "value": value, "doc": doc, "quote": quote if quote is not None else f"{field}={value}"}


WRONG_VALUE = json.dumps({"claims": [claim(value="2000", quote="read_timeout_ms=5000"), claim("retry_enabled", "false")]})


def _error(raw: str) -> ClaimsSyntaxError:
    with pytest.raises(ClaimsSyntaxError) as caught:
        parse_claims(raw)
    return caught.value


def test_a_value_mismatch_row_in_chinese_and_in_english():
    verdict = verify_answer(WRONG_VALUE, REQUEST, SOURCES)
    set_language("zh-Hant")
    row = decided_row(verdict, REQUEST, SOURCES)
    assert row.line == "聲明 0 value：失敗：聲明的值是 '2000'，但 prod-v2 寫著 read_timeout_ms=5000"
    assert (row.where, row.check, row.reason, str(row.status)) == ("聲明 0", "value", "other_value", "VALUE_MISMATCH")
    set_language("en")
    assert decided_row(verdict, REQUEST, SOURCES).line == (
        "claim 0 value: FAILED: claimed '2000', but prod-v2 says read_timeout_ms=5000"
    )


def test_passed_rows_in_chinese():
    verdict = verify_answer(json.dumps({"claims": [claim(), claim("retry_enabled", "false")]}), REQUEST, SOURCES)
    set_language("zh-Hant")
    lines = [row.line for row in trace_rows(verdict, REQUEST, SOURCES)]
    assert lines[0] == "回答 parse：通過：讀到 2 則聲明"
    assert lines[-1] == "回答 coverage：通過：每個請求的欄位都有回答"
    assert "聲明 0 scope：通過：prod-v2 屬於 payments / prod" in lines


def test_a_not_json_error_renders_when_read():
    err = _error('{"claims": [1,]}')  # made in English, read in Chinese: the language when read decides
    set_language("zh-Hant")
    assert err.message == "']' 之前有逗號，但逗號後面什麼都沒有；JSON 不允許結尾逗號"
    assert str(err) == "not_json：']' 之前有逗號，但逗號後面什麼都沒有；JSON 不允許結尾逗號（第 1 行，第 15 欄）"
    assert err.to_dict()["message"] == err.message
    assert (err.code, err.reason, err.line, err.column) == ("not_json", "trailing_comma", 1, 15)
    set_language(None)
    assert str(err) == "not_json: a comma before ']' with nothing after it; JSON allows no trailing comma (line 1, column 15)"


def test_a_duplicate_member_message_and_a_path():
    err = _error('{"claims": [], "claims": []}')
    set_language("zh-Hant")
    assert err.message == '成員名稱 "claims" 在同一個物件中出現兩次'
    shape = _error('{"claims": [{"field": "a", "value": 5, "doc": "d", "quote": "q"}]}')
    assert str(shape) == "wrong_shape：value 必須是字串，而不是數字（第 1 行，第 37 欄；位於 claims[0].value）"


def test_meanings_in_chinese_keep_their_english_tables():
    set_language("zh-Hant")
    assert code_meaning("duplicate_member") == "某個物件兩次使用同一個成員名稱（任何深度皆然）"
    assert CODE_MEANINGS["duplicate_member"] == "an object names the same member twice, at any depth"
    assert status_meaning("ACCEPT") == "所有檢查都通過：接受映射包含每個請求的欄位"
    assert check_meaning("scope") == "引用的文檔屬於另一個服務或環境"
    assert reason_meaning("quote_absent") == "引文並未逐字出現在引用的文檔中"
    set_language("en")
    assert code_meaning("duplicate_member") == CODE_MEANINGS["duplicate_member"]
    assert status_meaning("ACCEPT") == "every check passed: the accepted map holds every requested field"


def test_a_frozen_fixture_error_in_chinese(tmp_path):
    (tmp_path / "a.json").write_text("{}", encoding="utf-8")
    (tmp_path / "SHA256SUMS").write_text("", encoding="utf-8")
    with pytest.raises(FrozenFixtureError) as caught:
        verify_frozen(tmp_path)
    err = caught.value
    assert err.problems == ["a.json: not listed in SHA256SUMS"]
    set_language("zh-Hant")
    assert str(err).splitlines()[:2] == [f"{tmp_path} 中的凍結測試資料已被變更：", "  a.json：未列在 SHA256SUMS 中"]


def test_verify_answer_translates_nothing(monkeypatch):
    """The verdict path makes no words: a catalogue call on it fails this test."""

    def refuse(self, message):
        raise AssertionError(f"tr() called on the verdict path: {message!r}")

    monkeypatch.setattr(Catalogue, "__call__", refuse)
    set_language("zh-Hant")
    for raw in (WRONG_VALUE, '{"claims": [1,]}', "{'claims': []}", json.dumps({"claims": [claim()]})):
        verdict = verify_answer(raw, REQUEST, SOURCES)
        assert verdict.status is not None


def test_the_cli_prints_chinese_why_lines():
    env = {**os.environ, "PYTHONPATH": str(ROOT), "GROUNDLAB_LANG": "zh-Hant"}
    result = subprocess.run(
        [sys.executable, "-m", "groundlab", "verify", "--case", "wrong-value-real-quote"],
        capture_output=True, text=True, encoding="utf-8", env=env, cwd=ROOT,
    )
    assert result.returncode == 1, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "狀態：VALUE_MISMATCH"
    assert "  [FAIL] 聲明 0 value：失敗：聲明的值是 '2000'，但 prod-v2 寫著 read_timeout_ms=5000" in lines
    assert "提示：prod-v2 有 read_timeout_ms=5000（第 1 行）；聲明寫的是 '2000'。" in lines
    english = subprocess.run(
        [sys.executable, "-m", "groundlab", "verify", "--case", "wrong-value-real-quote"],
        capture_output=True, text=True, encoding="utf-8", env={**env, "GROUNDLAB_LANG": ""}, cwd=ROOT,
    )
    assert "  [FAIL] claim 0 value: FAILED: claimed '2000', but prod-v2 says read_timeout_ms=5000" in english.stdout.splitlines()


@pytest.mark.parametrize("damage", ["empty", "truncated", "garbage", "folder"])
def test_a_damaged_catalogue_shows_english_with_one_warning(tmp_path, damage):
    import shutil
    import warnings

    folder = tmp_path / "zh_Hant" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    mo = folder / "groundlab.mo"
    real = (ROOT / "groundlab" / "locale" / "zh_Hant" / "LC_MESSAGES" / "groundlab.mo").read_bytes()
    if damage == "folder":
        mo.mkdir()
    else:
        mo.write_bytes({"empty": b"", "truncated": real[:30], "garbage": b"\xde\x12\x04\x95" + b"\xff" * 64}[damage])
    catalogue = Catalogue("groundlab", tmp_path)
    set_language("zh-Hant")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert catalogue("every requested field is answered") == "every requested field is answered"
        assert catalogue("every requested field is answered") == "every requested field is answered"  # read once
    assert len(caught) == 1 and "cannot be read" in str(caught[0].message) and "groundlab.mo" in str(caught[0].message)
    shutil.rmtree(tmp_path)


def test_the_empty_message_is_never_the_catalogue_header():
    from groundlab.core.language import LIBRARY_CATALOGUE

    set_language("zh-Hant")
    assert LIBRARY_CATALOGUE("") == "" and LIBRARY_CATALOGUE.in_language("", "zh-Hant") == ""
    assert LIBRARY_CATALOGUE("every requested field is answered") != "every requested field is answered"


def test_a_language_that_is_not_a_string_is_a_type_error_and_a_long_one_is_cut():
    for value in (123, b"zh-Hant", ["zh-Hant"], True):
        with pytest.raises(TypeError, match="a language is a str"):
            set_language(value)
    with pytest.raises(ValueError) as refused:
        set_language("x" * 100_000)
    assert len(str(refused.value)) < 200
    from groundlab.core.language import LIBRARY_CATALOGUE, language_name

    with pytest.raises(ValueError):
        language_name("fr")
    with pytest.raises(ValueError):
        LIBRARY_CATALOGUE.in_language("x", "fr")


def test_a_trusted_files_json_refusal_keeps_english_data_and_renders_in_the_language_in_force(tmp_path):
    import pickle

    from groundlab.core.trusted import TrustedInputError, read_json_file

    bad = tmp_path / "bad.json"
    bad.write_text('{"a": 1,}', encoding="utf-8")
    refused = []
    for language in ("en", "zh-Hant"):
        set_language(language)
        with pytest.raises(TrustedInputError) as err:
            read_json_file(bad)
        refused.append(err.value)
    english, chinese = refused
    assert dict(english.context) == dict(chinese.context) and english.code == chinese.code == "bad_json"
    assert "trailing comma" in english.context["detail"]
    assert "結尾逗號" in str(chinese) and "trailing comma" not in str(chinese)
    set_language("en")
    assert "trailing comma" in str(pickle.loads(pickle.dumps(chinese))) and "結尾逗號" not in str(chinese)


def test_a_strict_readers_bad_text_refusal_pickles_before_its_place_is_known():
    import pickle

    from groundlab import loads_strict
    from groundlab.core.errors import ClaimsSyntaxError

    with pytest.raises(ClaimsSyntaxError) as refused:
        loads_strict('{"a": "\\ud800"}')
    again = pickle.loads(pickle.dumps(refused.value))
    assert (again.code, again.reason, again.line, again.column) == ("bad_text", "ijson", 1, 7)


def test_a_frozen_fixture_problem_copies_and_pickles_whatever_its_file_is_named():
    import copy
    import pickle

    from groundlab.core.trusted import _Problem

    problem = _Problem("{name}: its bytes changed", name="a{x}.json")
    for again in (copy.copy(problem), copy.deepcopy(problem), pickle.loads(pickle.dumps(problem))):
        assert again == "a{x}.json: its bytes changed" and (again.template, again.fields) == (problem.template, problem.fields)
