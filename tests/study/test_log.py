"""Checking a log (groundlab.study.log*): one result per line, in order, the contract's own
statuses, LINE_ERROR for what cannot be read, and a summary that merges in any order."""

from __future__ import annotations

import io
import json
import pickle
import re
from collections import Counter

import pytest

from groundlab.core.contract import verify_answer
from groundlab.core.fields import verify_fields
from groundlab.core.registry import request_from_dict
from groundlab.lab.sample_log import BAD_LINES, OVERSIZED_LINE, sample_log, sample_registry
from groundlab.study.cases import load_case_set
from groundlab.study.log import check_log
from groundlab.study.log_jobs import check_chunks
from groundlab.study.log_line import LINE_ERROR, MAX_LINE_BYTES, LineChecker, LogResult, _answer_text
from groundlab.study.log_reader import read_lines
from groundlab.study.log_summary import LogSummary

REGISTRY = sample_registry()
N = 1000  # every case and mutation once and more, 9 bad lines


@pytest.fixture(scope="module")
def lines():
    return list(sample_log(N))


@pytest.fixture(scope="module")
def results(lines):
    return list(check_log(lines, REGISTRY))


def test_every_line_has_one_result_in_input_order(results):
    assert [r.line for r in results] == list(range(1, N + 1))


def test_each_status_is_verify_answers_own(lines, results):
    expected = Counter()
    for line, result in zip(lines, results):
        if result.status == LINE_ERROR:
            expected[LINE_ERROR] += 1
            continue
        obj = json.loads(line)
        request = request_from_dict(obj["request"])
        verdict = verify_answer(_answer_text(obj["answer"]), request, REGISTRY)
        assert (result.status, result.citation_only_ok, dict(result.accepted)) == (
            verdict.status.value, verdict.citation_only_ok, dict(verdict.accepted)), result.line
        assert result.check == (None if verdict.ok else verdict.failed_step().check)
        report = verify_fields(_answer_text(obj["answer"]), request, REGISTRY)
        assert result.fields == tuple((f, r.state.value) for f, r in report.fields.items())
        expected[verdict.status.value] += 1
    summary = LogSummary.of(results)
    assert dict(summary.statuses) == dict(expected)
    assert set(summary.statuses) == {*(s for s in summary.to_dict()["statuses"])}, "every status occurs"


def test_bad_lines_are_results_with_their_reason_and_line_number(results):
    errors = [(r.line, r.error["code"]) for r in results if r.status == LINE_ERROR]
    assert errors == [(OVERSIZED_LINE, "line_too_long"), *((101 * i, BAD_LINES[i - 1][0]) for i in range(1, 9)), (909, "line_not_json")]
    assert [code for code, _ in BAD_LINES] == ["line_not_json", "line_not_object", "no_answer", "bad_answer", "no_request",
                                               "bad_request", "unknown_document", "bad_id"]
    bad = {r.line: r for r in results if r.status == LINE_ERROR}
    assert bad[101].to_dict() == {
        "line": 101, "status": "LINE_ERROR", "check": None, "citation_only_ok": False, "accepted": {},
        "error": {"code": "line_not_json", "message": "the line is not JSON: Expecting value (column 30)"},
    }
    assert bad[303].id == "no-answer" and bad[808].id is None  # a bad id is not copied


def test_a_result_line_is_json_dumps_of_its_dict(results):
    for result in results:
        assert result.to_json() == json.dumps(result.to_dict())


def test_chat_logs_and_completions_give_the_assistants_content():
    case = load_case_set()["complete"]
    request = {"service": "payments", "environment": "prod", "revision": "v2",
               "fields": ["read_timeout_ms", "retry_enabled"], "supplied": ["prod-v2"]}
    answers = [
        case.raw,
        {"messages": [{"role": "system", "content": "x"}, {"role": "assistant", "content": case.raw}, {"role": "user", "content": "?"}]},
        {"choices": [{"message": {"role": "assistant", "content": case.raw}}]},
        {"messages": [{"role": "assistant", "content": [{"type": "text", "text": case.raw[:10]}, {"type": "text", "text": case.raw[10:]}]}]},
    ]
    got = [r.status for r in check_log([{"request": request, "answer": a} for a in answers], REGISTRY)]
    assert got == ["ACCEPT"] * 4
    bad = [{"messages": [{"role": "user", "content": case.raw}]}, {"choices": []}, {"messages": "no"}, None]
    got = [(r.status, r.error["code"]) for r in check_log([{"request": request, "answer": a} for a in bad], REGISTRY)]
    assert got == [(LINE_ERROR, "bad_answer")] * 4


def test_a_default_request_serves_lines_without_one():
    case = load_case_set()["complete"]
    line = json.dumps({"id": 7, "answer": case.raw})
    assert [r.status for r in check_log([line], REGISTRY)] == [LINE_ERROR]
    (result,) = check_log([line], REGISTRY, case.request)
    assert (result.id, result.status) == (7, "ACCEPT")


def test_the_reader_bounds_long_lines_and_numbers_blank_ones():
    data = b'{"a": 1}\n\n' + b"x" * (MAX_LINE_BYTES + 10) + b'\n  \n{"b": 2}'
    got = list(read_lines(io.BytesIO(data)))
    assert [(n, len(line)) for n, line in got] == [(1, 8), (2, 0), (3, MAX_LINE_BYTES + 1), (4, 2), (5, 8)]
    results = list(check_log(io.BytesIO(data), REGISTRY))
    assert [(r.line, r.error["code"]) for r in results] == [(1, "no_answer"), (3, "line_too_long"), (5, "no_answer")]


def test_text_files_and_string_streams_are_read_too(tmp_path):
    path = tmp_path / "log.jsonl"
    path.write_text('[1]\n\n{"answer": "{}"}\n', encoding="utf-8")
    with open(path, encoding="utf-8") as text:
        from_file = [(r.line, r.error["code"]) for r in check_log(text, REGISTRY)]
    from_string = [(r.line, r.error["code"]) for r in check_log(io.StringIO(path.read_text()), REGISTRY)]
    assert from_file == from_string == [(1, "line_not_object"), (3, "no_request")]


def test_a_line_of_exactly_the_limit_is_read():
    line = b"x" * MAX_LINE_BYTES + b"\n"
    assert [len(x) for _, x in read_lines(io.BytesIO(line))] == [MAX_LINE_BYTES]
    (result,) = check_log(io.BytesIO(line), REGISTRY)
    assert result.error["code"] == "line_not_json"


def test_not_utf8_and_not_objects():
    got = [(r.line, r.error["code"]) for r in check_log([b'{"answer": "\xff"}', "[1]", "3", "null"], REGISTRY)]
    assert got == [(1, "line_not_utf8"), (2, "line_not_object"), (3, "line_not_object"), (4, "line_not_object")]


def test_chunks_in_two_processes_are_the_same_bytes_as_in_one(lines):
    numbered = list(enumerate(lines[:400], 1)) + [(401, b"  ")]
    checker = LineChecker(REGISTRY)
    one = list(check_chunks(numbered, checker, jobs=1, size=37))
    two = list(check_chunks(numbered, checker, jobs=2, size=37))
    assert [text for text, _, _ in one] == [text for text, _, _ in two]
    assert [last for _, _, last in two] == [min(37 * i, 401) for i in range(1, 12)]
    total = LogSummary()
    for _, part, _ in reversed(two):  # merged in any order
        total.merge(part)
    assert total.blank == 1 and total.lines == 400
    total.blank = 0
    assert total == LogSummary.of(check_log(lines[:400], REGISTRY))


def test_the_summary_counts_false_accepts_checks_and_fields(results):
    summary = LogSummary.of(results)
    data = summary.to_dict()
    assert data["lines"] == N
    assert summary.false_accepts == summary.citation_only_accepts - summary.contract_accepts
    assert summary.false_accepts == sum(1 for r in results if r.citation_only_ok and r.status != "ACCEPT")
    assert data["checks"] == dict(Counter(r.check for r in results if r.check))
    assert data["top_checks"][0] == ["parse", data["checks"]["parse"]]
    assert data["fields"]["read_timeout_ms"] == dict(
        Counter(state for r in results for f, state in r.fields if f == "read_timeout_ms"))
    assert data["line_errors"] == {"line_too_long": 1, "line_not_json": 2, "line_not_object": 1, "no_answer": 1,
                                   "bad_answer": 1, "no_request": 1, "bad_request": 1, "unknown_document": 1, "bad_id": 1}
    assert not summary.ok and LogSummary().ok


def test_a_checker_is_rebuilt_from_its_plain_spec_and_results_pickle():
    checker = LineChecker(REGISTRY)
    line = next(sample_log(1))
    result = checker(line, 1)
    assert checker._requests
    copy = LineChecker.from_spec(pickle.loads(pickle.dumps(checker.spec)))
    assert copy._requests == {} and copy(line, 1) == result and list(copy.registry) == list(REGISTRY)
    assert pickle.loads(pickle.dumps(result)) == result and result.accepted == {"read_timeout_ms": "5000", "retry_enabled": "false"}


def test_wrong_types_are_errors_not_results():
    with pytest.raises(TypeError):
        list(check_log([3.5], REGISTRY))
    with pytest.raises(TypeError):
        LineChecker({"sources": []})
    assert isinstance(next(check_log(["{}"], REGISTRY)), LogResult)


def test_spawned_workers_write_their_messages_in_the_parents_language(monkeypatch):
    """macOS and Windows start workers by spawning (and Linux from Python 3.14): a spawned worker
    is a new interpreter, so the parent's set_language reaches it through the pool's initializer."""
    import multiprocessing

    from groundlab import set_language
    from groundlab.study import log_jobs

    spawn = multiprocessing.get_context("spawn")
    monkeypatch.setattr(multiprocessing, "get_context", lambda *_: spawn)
    set_language("zh-Hant")
    numbered = [(n, b"not json") for n in range(1, 81)]
    checker = LineChecker(REGISTRY)
    one = [text for text, _, _ in check_chunks(numbered, checker, jobs=1, size=20)]
    two = [text for text, _, _ in log_jobs.check_chunks(numbered, checker, jobs=2, size=20)]
    message = json.loads(one[0].splitlines()[0])["error"]["message"]
    assert one == two and re.search(r"[\u4e00-\u9fff]", message), message
