"""The workbook's view of a checked log: the results' DataFrame, the summary's frames, the
chart drawn from the same numbers, and the fake model's log."""

from __future__ import annotations

import json

from groundlab.lab.sample_log import sample_registry
from groundlab.workbook import LogSummary, check_log, fake_model_log, log_chart, log_check_frame, log_frame, log_status_frame


def test_a_hundred_fake_answers_checked_and_shown():
    lines = fake_model_log(100)
    assert len(lines) == 100 and lines == fake_model_log(100)
    first = json.loads(lines[0])
    assert first["answer"]["messages"][-1]["role"] == "assistant" and first["id"] == "answer-1"
    results = list(check_log(lines, sample_registry()))
    summary = LogSummary.of(results)
    frame = log_frame(results)
    assert list(frame.columns) == ["line", "id", "status", "check", "citation_only_ok", "accepted", "error"]
    assert list(frame["line"]) == list(range(1, 101)) and frame["status"].value_counts().to_dict() == dict(summary.statuses)
    statuses = log_status_frame(summary)
    assert dict(zip(statuses["status"], statuses["lines"])) == {
        "INVALID_JSON": 25, "NO_CITATION": 18, "DUPLICATE_CLAIM": 7, "UNREQUESTED_FIELD": 7, "SCOPE_MISMATCH": 8,
        "STALE_REVISION": 5, "VALUE_MISMATCH": 10, "QUOTE_NOT_SUPPORTING": 8, "INCOMPLETE": 2, "ACCEPT": 10}
    checks = log_check_frame(summary)
    assert list(checks.iloc[0]) == ["parse", 25] and int(checks["refused"].sum()) == 90
    figure = log_chart(summary)
    bars = figure.axes[0].patches
    assert [int(b.get_width()) for b in bars] == list(statuses["lines"])
    assert [b.get_hatch() for b in bars][-1] in ("", None) and bars[0].get_hatch() == "//"


def test_line_errors_show_their_reason():
    results = list(check_log(["[1]", '{"answer": "{}"}'], sample_registry()))
    assert list(log_frame(results)["error"]) == ["line_not_object", "no_request"]
    assert list(log_status_frame(LogSummary.of(results))["status"]) == ["LINE_ERROR"]


def test_notebook_13s_exercise_wants_a_chat_completion_the_checker_accepts():
    from groundlab.study.cases import load_case_set
    from groundlab.workbook.lessons.l13 import exercises

    study = load_case_set()
    q = exercises(cases=study)["my_line"]
    lines = fake_model_log(2)
    assert str(q.goal(lines[0])).startswith("not yet: the answer should be a chat completion")
    assert str(q.goal("[1]")) == "not yet: the checker cannot read the line: the line is JSON but not an object (it is an array)"
    done = {"lines": lines}
    exec(q.solution(), done)
    assert str(q.goal(done["my_line"])) == (
        "right: the checker reads the assistant's content and accepts it: {'read_timeout_ms': '5000', 'retry_enabled': 'false'}")
    wrong = json.loads(done["my_line"])
    wrong["answer"]["choices"][0]["message"]["content"] = "{}"
    assert str(q.goal(json.dumps(wrong))) == "not yet: the checker reads it, but the contract says INVALID_JSON (check parse)"
