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
