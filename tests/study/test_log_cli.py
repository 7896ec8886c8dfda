"""``groundlab check-log``: result lines in input order for any --jobs, exit codes 0/1/2,
files that are complete or absent, the summary on stderr, the report page, the progress bar."""

from __future__ import annotations

import io
import json
import signal
import sys
from pathlib import Path

import pytest

from groundlab import fixtures_dir
from groundlab.cli import EXAMPLES, main
from groundlab.lab.sample_log import request_dict, sample_log
from groundlab.study import log_jobs
from groundlab.study.cases import load_case_set
from groundlab.study.log_summary import LogSummary
from groundlab.study.progress import progress_bar

REGISTRY = str(fixtures_dir() / "config_contract.json")  # a fixture file is a registry file too


@pytest.fixture
def log(tmp_path):
    path = tmp_path / "log.jsonl"
    path.write_text("\n".join(sample_log(330)) + "\n", encoding="utf-8")
    return path


def _files(tmp_path):
    return sorted(p.name for p in tmp_path.iterdir())


def test_jobs_1_and_jobs_2_write_the_same_bytes(tmp_path, log, capsys, monkeypatch):
    monkeypatch.setattr(log_jobs, "CHUNK_LINES", 40)
    monkeypatch.setattr(log_jobs.check_chunks, "__defaults__", (1, 40))
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    assert main(["check-log", str(log), "--registry", REGISTRY, "--out", str(one)]) == 1
    first = capsys.readouterr()
    assert main(["check-log", str(log), "--registry", REGISTRY, "--out", str(two), "--jobs", "2"]) == 1
    assert one.read_bytes() == two.read_bytes() and first.out == "" and capsys.readouterr().err == first.err
    lines = one.read_text(encoding="ascii").splitlines()
    assert [json.loads(x)["line"] for x in lines] == list(range(1, 331))
    assert first.err.startswith("lines checked   330\n") and "line 50: LINE_ERROR line_too_long\n" in first.err
    assert "line 303: LINE_ERROR no_answer\n" in first.err
    assert _files(tmp_path) == ["log.jsonl", "one.jsonl", "two.jsonl"]


def test_every_line_accepted_exits_0_and_stdin_is_read(tmp_path, capsys, monkeypatch):
    study = load_case_set()
    line = json.dumps({"id": "a", "answer": study["complete"].raw, "request": request_dict(study["complete"].request)})
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO((line + "\n\n" + line).encode())))
    assert main(["check-log", "-", "--registry", REGISTRY]) == 0
    out, err = capsys.readouterr()
    assert [json.loads(x)["line"] for x in out.splitlines()] == [1, 3]
    assert err.startswith("lines checked   2 (1 blank skipped)\n  ACCEPT                2\n")


def test_the_default_request_and_the_help_example(tmp_path, capsys):
    (tmp_path / "reg.json").write_text(json.dumps(EXAMPLES["registry file"]))
    (tmp_path / "req.json").write_text(json.dumps(EXAMPLES["request file"]))
    (tmp_path / "log.jsonl").write_text(json.dumps({"id": "a1", "answer": json.dumps(EXAMPLES["answer file"])}) + "\n")
    args = ["check-log", str(tmp_path / "log.jsonl"), "--registry", str(tmp_path / "reg.json"), "--quiet"]
    assert main(args + ["--request", str(tmp_path / "req.json")]) == 0
    out, err = capsys.readouterr()
    assert out == ('{"line": 1, "id": "a1", "status": "ACCEPT", "check": null, "citation_only_ok": true, '
                   '"accepted": {"read_timeout_ms": "5000"}}\n') and err == ""
    with pytest.raises(SystemExit):
        main(["check-log", "--help"])
    assert out.strip() in capsys.readouterr().out
    assert main(args) == 1
    assert json.loads(capsys.readouterr().out)["error"]["code"] == "no_request"


@pytest.mark.parametrize("option", ["--out", "--report"])
def test_an_existing_file_is_never_overwritten(tmp_path, log, capsys, option):
    target = tmp_path / "exists"
    target.write_text("keep")
    assert main(["check-log", str(log), "--registry", REGISTRY, option, str(target)]) == 2
    assert target.read_text() == "keep" and "already exists" in capsys.readouterr().err


@pytest.mark.parametrize(
    "args, message",
    [
        (["missing.jsonl", "--registry", REGISTRY], "cannot read the log missing.jsonl"),
        (["-", "--registry", "no-such-registry.json"], "no-such-registry.json"),
        (["-", "--registry", REGISTRY, "--jobs", "x"], "is not a whole number"),
    ],
)
def test_what_cannot_run_exits_2(args, message, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) if "--jobs" in args else _no_raise() as exit_:
        code = main(["check-log", *args])
    assert (exit_.value.code if "--jobs" in args else code) == 2
    assert message in capsys.readouterr().err


class _no_raise:
    value = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def test_a_default_request_with_an_unknown_document_exits_2(tmp_path, log, capsys):
    (tmp_path / "req.json").write_text(json.dumps({**EXAMPLES["request file"], "supplied": ["nowhere"]}))
    assert main(["check-log", str(log), "--registry", REGISTRY, "--request", str(tmp_path / "req.json")]) == 2
    assert "nowhere" in capsys.readouterr().err


@pytest.mark.parametrize("signum, code", [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_an_interrupted_run_leaves_no_output(tmp_path, log, capsys, monkeypatch, signum, code):
    real = log_jobs.check_chunk
    calls = []

    def interrupted(checker, chunk):
        calls.append(1)
        if len(calls) == 2:
            signal.raise_signal(signum)
        return real(checker, chunk)

    monkeypatch.setattr(log_jobs, "check_chunk", interrupted)
    monkeypatch.setattr(log_jobs.check_chunks, "__defaults__", (1, 100))
    out = tmp_path / "out.jsonl"
    assert main(["check-log", str(log), "--registry", REGISTRY, "--out", str(out), "--report", str(tmp_path / "r.html")]) == code
    assert _files(tmp_path) == ["log.jsonl"]
    assert f"interrupted by {signal.Signals(signum).name} after 100 line(s); no output file was written" in capsys.readouterr().err


def test_the_report_is_self_contained_and_escaped(tmp_path, capsys):
    request = {**EXAMPLES["request file"], "fields": ["read_timeout_ms", "<b>x</b>"]}
    lines = [json.dumps({"request": request, "answer": json.dumps(EXAMPLES["answer file"])}), "not json"]
    (tmp_path / "log.jsonl").write_text("\n".join(lines))
    (tmp_path / "reg.json").write_text(json.dumps(EXAMPLES["registry file"]))
    report = tmp_path / "r.html"
    assert main(["check-log", str(tmp_path / "log.jsonl"), "--registry", str(tmp_path / "reg.json"), "--report", str(report), "--quiet"]) == 1
    page = report.read_text(encoding="utf-8")
    assert "<b>x</b>" not in page
    assert "<th>field</th><th>VERIFIED</th><th>MISSING</th>" in page
    assert '<td>&lt;b&gt;x&lt;/b&gt;</td><td class="n">0</td><td class="n">1</td>' in page
    assert "<svg" in page and "<script" not in page and "http" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert '<title>INCOMPLETE: 1</title>' in page and '<title>LINE_ERROR: 1</title>' in page
    assert "<td>2</td><td>line_not_json</td>" in page


class _Tty(io.StringIO):
    def isatty(self):
        return True


def test_a_progress_bar_only_on_a_terminal(monkeypatch):
    assert progress_bar(100, io.StringIO()) is None
    assert progress_bar(100, _Tty(), enabled=False) is None
    monkeypatch.setitem(sys.modules, "tqdm", None)
    assert progress_bar(100, _Tty()) is None  # without the progress extra: no bar, no error


def test_the_bar_shows_lines_per_second_and_bytes():
    pytest.importorskip("tqdm")
    stream = _Tty()
    bar = progress_bar(1000, stream)
    bar.update(20, 500)
    bar.close()
    shown = stream.getvalue()
    assert "check-log" in shown and "20 lines" in shown and "lines/s" in shown and "500/1.00k" in shown
    stream = _Tty()
    bar = progress_bar(None, stream)
    bar.update(7, 0)
    bar.close()
    assert "7 lines" in stream.getvalue()


def test_summary_of_the_cli_equals_the_librarys(tmp_path, log, capsys):
    assert main(["check-log", str(log), "--registry", REGISTRY, "--out", str(tmp_path / "o")]) == 1
    from groundlab.study.log import check_log
    from groundlab.study.cases import load_case_set as load

    with open(log, "rb") as handle:
        summary = LogSummary.of(check_log(handle, load(REGISTRY).sources))
    assert capsys.readouterr().err == summary.render()


def test_the_cli_shows_a_bar_on_a_terminal_unless_quiet(tmp_path, log, monkeypatch):
    pytest.importorskip("tqdm")
    tty = _Tty()
    monkeypatch.setattr(sys, "stderr", tty)
    assert main(["check-log", str(log), "--registry", REGISTRY, "--out", str(tmp_path / "a")]) == 1
    assert "check-log:" in tty.getvalue() and "330 lines" in tty.getvalue() and "lines/s" in tty.getvalue()
    assert tty.getvalue().endswith("line 303: LINE_ERROR no_answer\n")
    quiet = _Tty()
    monkeypatch.setattr(sys, "stderr", quiet)
    assert main(["check-log", str(log), "--registry", REGISTRY, "--out", str(tmp_path / "b"), "--quiet"]) == 1
    assert quiet.getvalue() == ""


def test_sigterm_with_two_worker_processes_leaves_no_output_and_no_worker(tmp_path, log, capsys, monkeypatch):
    import multiprocessing

    real, calls = LogSummary.merge, []

    def merge(self, other):  # only the main process merges: the signal arrives mid-run, in it
        calls.append(1)
        if len(calls) == 2:
            signal.raise_signal(signal.SIGTERM)
        return real(self, other)

    monkeypatch.setattr(LogSummary, "merge", merge)
    monkeypatch.setattr(log_jobs.check_chunks, "__defaults__", (1, 50))
    out = tmp_path / "out.jsonl"
    assert main(["check-log", str(log), "--registry", REGISTRY, "--out", str(out), "--jobs", "2", "--quiet"]) == 143
    assert _files(tmp_path) == ["log.jsonl"] and multiprocessing.active_children() == []
    assert "interrupted by SIGTERM after 50 line(s); no output file was written" in capsys.readouterr().err
