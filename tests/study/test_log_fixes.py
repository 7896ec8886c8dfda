"""Faults reported against ``groundlab check-log``, each pinned: a huge integer, a lone
surrogate in the report, long field names in the summary, --jobs's bound, a BOM, an empty log."""

from __future__ import annotations

import json

import pytest

from groundlab import fixtures_dir
from groundlab.cli import main
from groundlab.lab.sample_log import request_dict, sample_registry
from groundlab.study import log_jobs
from groundlab.study.cases import load_case_set
from groundlab.study.log_line import LINE_ERROR, LineChecker
from groundlab.study.log_report import report_html
from groundlab.study.log_summary import LogSummary

REGISTRY = str(fixtures_dir() / "config_contract.json")
HUGE = '{"id": 1' + "0" * 4400 + ', "answer": "x"}'


def _good_line(**extra) -> dict:
    case = load_case_set()["complete"]
    return {"id": "a", "answer": case.raw, "request": request_dict(case.request), **extra}


def _checker() -> LineChecker:
    return LineChecker(sample_registry())


def test_an_integer_past_pythons_digit_limit_is_line_not_json():
    result = _checker()(HUGE, 7)
    assert (result.line, result.status, result.error["code"]) == (7, LINE_ERROR, "line_not_json")
    assert "(column 8)" in result.error["message"]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_cli_goes_on_after_a_huge_integer(tmp_path, capsys, monkeypatch, jobs):
    monkeypatch.setattr(log_jobs.check_chunks, "__defaults__", (1, 1))  # two chunks: two workers for --jobs 2
    log = tmp_path / "log.jsonl"
    log.write_text(HUGE + "\n" + json.dumps(_good_line()) + "\n", encoding="utf-8")
    assert main(["check-log", str(log), "--registry", REGISTRY, "--jobs", jobs]) == 1
    out = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [(r["line"], r["status"]) for r in out] == [(1, LINE_ERROR), (2, "ACCEPT")]
    assert out[0]["error"]["code"] == "line_not_json"


def test_an_unexpected_exception_exits_2_with_one_line(tmp_path, capsys, monkeypatch):
    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps(_good_line()) + "\n", encoding="utf-8")

    def boom(self, line, number):
        raise ValueError("boom\nsecond line")

    monkeypatch.setattr(LineChecker, "__call__", boom)
    assert main(["check-log", str(log), "--registry", REGISTRY, "--out", str(tmp_path / "o.jsonl")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "ValueError: boom" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["log.jsonl"]


def test_a_lone_surrogate_in_a_field_name_is_escaped_in_the_report(tmp_path, capsys):
    line = _good_line()
    line["request"]["fields"] = ["read\ud800"]
    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps(line) + "\n", encoding="utf-8")  # json.dumps writes \ud800 escaped
    out, report = tmp_path / "o.jsonl", tmp_path / "r.html"
    assert main(["check-log", str(log), "--registry", REGISTRY, "--out", str(out), "--report", str(report)]) == 1
    assert out.exists() and "read\\ud800" in report.read_text(encoding="utf-8")
    assert "read\\ud800" in report_html(LogSummary.of([_checker()(json.dumps(line), 1)]))


def test_a_report_that_cannot_be_made_leaves_no_out(tmp_path, capsys, monkeypatch):
    from groundlab import cli
    from groundlab.study import log_report

    monkeypatch.setattr(log_report, "report_html", lambda summary: 1 / 0)
    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps(_good_line()) + "\n", encoding="utf-8")
    args = ["check-log", str(log), "--registry", REGISTRY, "--out", str(tmp_path / "o"), "--report", str(tmp_path / "r")]
    assert cli.main(args) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["log.jsonl"]


def test_the_summary_keeps_only_the_start_of_a_long_field_name():
    from groundlab.study.log_summary import MAX_NAME_CHARS

    line = _good_line()
    line["request"]["fields"] = ["f" * 5000]
    summary = LogSummary.of([_checker()(json.dumps(line), 1)])
    (name,) = summary.fields
    assert len(name) <= MAX_NAME_CHARS + 3 and name.startswith("f" * MAX_NAME_CHARS)
    assert set(LogSummary().merge(summary).fields) == {name}


class _FakePool:
    sizes: list = []

    def __init__(self, n, initializer, initargs):
        self.sizes.append(n)
        initializer(*initargs)

    def apply_async(self, fn, args):
        value = fn(*args)
        return type("R", (), {"get": lambda self: value})()

    def close(self):
        pass

    terminate = join = close


def test_the_pool_is_capped_at_the_chunks_and_the_cores(monkeypatch):
    import multiprocessing
    import os
    import signal

    monkeypatch.setattr(signal, "signal", lambda *a: None)  # the fake pool runs the worker's start-up here
    monkeypatch.setattr(multiprocessing, "get_context", lambda: type("C", (), {"Pool": _FakePool})())
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    _FakePool.sizes = []
    lines = [(n, json.dumps(_good_line())) for n in range(1, 4)]
    blocks = list(log_jobs.check_chunks(lines, _checker(), jobs=300, size=1))
    assert len(blocks) == 3 and _FakePool.sizes == [3]
    many = [(n, "{}") for n in range(1, 41)]
    assert len(list(log_jobs.check_chunks(many, _checker(), jobs=300, size=1))) == 40
    assert _FakePool.sizes == [3, 4 * 2]


def test_a_bom_on_the_first_line_only_is_stripped():
    text = json.dumps(_good_line())
    checker = _checker()
    assert checker("\ufeff" + text, 1).status == "ACCEPT"
    assert checker(b"\xef\xbb\xbf" + text.encode(), 1).status == "ACCEPT"
    assert checker("\ufeff" + text, 2).error["code"] == "line_not_json"


@pytest.mark.parametrize("text", ["", "\n  \n"])
def test_an_empty_log_could_not_run(tmp_path, capsys, text):
    log = tmp_path / "log.jsonl"
    log.write_text(text, encoding="utf-8")
    assert main(["check-log", str(log), "--registry", REGISTRY, "--out", str(tmp_path / "o")]) == 2
    assert "no line to check" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["log.jsonl"]
