"""The Dask recipe (groundlab.study.log_dask) on the local synchronous scheduler: the same
results and summary as the CLI's own checker over the same lines, file by file."""

from __future__ import annotations

import pytest

from groundlab.lab.sample_log import sample_log, sample_registry
from groundlab.study.log import check_log
from groundlab.study.log_summary import LogSummary

dask = pytest.importorskip("dask")

from groundlab.study.log_dask import check_files, summarise  # noqa: E402


def test_the_bag_gives_the_checkers_results_and_summary(tmp_path):
    lines = list(sample_log(260))
    (tmp_path / "a.jsonl").write_text("\n".join(lines[:120]) + "\n", encoding="utf-8")
    (tmp_path / "b.jsonl").write_bytes(("\n".join(lines[120:]) + "\n\n").encode() + b'{"answer": "\xff"}\n')
    registry = sample_registry()
    bag = check_files(str(tmp_path / "*.jsonl"), registry)
    with dask.config.set(scheduler="synchronous"):
        got = bag.compute()
        summary = summarise(bag).compute()
    assert [(p.rsplit("/", 1)[-1], r.line) for p, r in got] == [("a.jsonl", n) for n in range(1, 121)] + [
        ("b.jsonl", n) for n in [*range(1, 141), 142]]
    expected = list(check_log(lines[:120], registry)) + [r._replace(line=r.line - 120) for r in check_log(lines, registry)][120:]
    assert [r for _, r in got][:-1] == expected
    assert got[-1][1].error["code"] == "line_not_utf8"
    whole = LogSummary.of(r for _, r in got)
    assert summary.to_dict() == whole.to_dict()
    assert summary == whole and summary.lines == 261 and summary.line_errors["line_not_utf8"] == 1
