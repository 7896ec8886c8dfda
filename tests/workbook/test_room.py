"""A room's first tries: a scoreboard exports a small file (exercise ids, first try, tries,
minutes; a nickname only if given, no answer text), and `groundlab-workbook aggregate` turns a
folder of them into a table and a chart. Three learners' exports, made here by real widgets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from groundlab import Status, load_case_set
from groundlab.workbook import Exercise, Feedback, Predict, Scoreboard, lesson_exercises
from groundlab.workbook.exercises import room
from groundlab.workbook.learner import main

CASES = load_case_set()


def learner(choices: list[str], nickname: str | None = None) -> dict:
    """One learner's notebook-03-like run: two Predicts tried with ``choices`` (one try each,
    a second after a wrong first); 03's exercises join the board only when checked."""
    board = Scoreboard()
    lesson_exercises("03", board=board, cases=CASES)  # the board learns its notebook
    for title, case, choice in zip(("first", "second"), ("complete", "old-revision"), choices):
        predict = Predict.status(title, "Which status?", CASES[case].raw, CASES[case].request, CASES.sources, board=board, hints=("a hint",))
        predict.choose(choice)
        predict.check()
        if not predict.outcome.right:
            predict.choose(predict._answer()[0])
            predict.check()
    return board.record(nickname)


@pytest.fixture(scope="module")
def exports(tmp_path_factory):
    folder = tmp_path_factory.mktemp("room")
    records = [
        learner(["ACCEPT", "STALE_REVISION"], nickname="Ada"),
        learner(["ACCEPT", "NO_CITATION"]),
        learner(["NO_CITATION", "STALE_REVISION"]),
    ]
    paths = [room.write_export(r, folder) for r in records]
    return folder, records, paths


def test_an_export_holds_ids_first_tries_and_tries_and_no_answer_text(exports):
    _, records, paths = exports
    first = records[0]
    assert set(first) == {"format", "version", "notebook", "nickname", "minutes", "exercises"}
    assert (first["format"], first["version"], first["notebook"], first["nickname"]) == ("groundlab-first-tries", 1, "03", "Ada")
    assert records[1]["nickname"] is None
    assert first["exercises"] == [
        {"id": "predict: first", "first_try": "right", "tries": 1},
        {"id": "predict: second", "first_try": "right", "tries": 1},
    ]
    assert records[1]["exercises"][1] == {"id": "predict: second", "first_try": "wrong", "tries": 2}
    assert isinstance(first["minutes"], float) and first["minutes"] >= 0
    text = paths[0].read_text(encoding="utf-8")
    assert "ACCEPT" not in text and "Which status" not in text, "no choice and no question text"
    assert all(p.name.startswith("first-tries-03-") for p in paths) and len({p.name for p in paths}) == 3


def test_an_exercise_counts_on_the_export_once_checked():
    board = Scoreboard("05")
    exercise = board.track(Exercise("make it", "a task", lambda answer: Feedback(answer == 1, "why"), ["a hint"], "x = 1"))
    assert board.record()["exercises"] == [{"id": "exercise: make it", "first_try": None, "tries": 0}]
    exercise.check(0)
    exercise.check(1)
    assert board.record()["exercises"] == [{"id": "exercise: make it", "first_try": "right", "tries": 2}]
    assert board.minutes is not None


def test_a_nickname_is_short_plain_text():
    board = Scoreboard("03")
    for bad in ("", "x" * 25, "<b>me</b>", 7):
        with pytest.raises(ValueError, match="a nickname is 1 to 24"):
            board.record(bad)
    with pytest.raises(ValueError, match="two-digit number"):
        Scoreboard("3").record()


def test_an_export_never_overwrites(tmp_path, monkeypatch):
    record = Scoreboard("03").record()
    monkeypatch.setattr(room.secrets, "token_hex", lambda n: "abcdef")
    first = room.write_export(record, tmp_path)
    first.write_text("kept", encoding="utf-8")
    with pytest.raises(FileExistsError):
        room.write_export(record, tmp_path)
    assert first.read_text(encoding="utf-8") == "kept"


def test_aggregate_makes_the_table_and_the_chart(exports, tmp_path, capsys):
    folder, _, _ = exports
    assert main(["aggregate", str(folder), "--out", str(tmp_path / "summary")]) == 0
    written = sorted(p.name for p in (tmp_path / "summary").iterdir())
    assert written == ["first-tries.csv", "first-tries.md", "first-tries.png"]
    assert (tmp_path / "summary" / "first-tries.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    table = (tmp_path / "summary" / "first-tries.md").read_text(encoding="utf-8")
    assert "| 03 | predict: first | 3 | 2 | 66.7 | 1.33 | in |" in table
    assert "| 03 | predict: second | 3 | 2 | 66.7 | 1.33 | in |" in table
    assert "| 03 | 3 | 3 |" in table, "three exports of 03, all timed"
    assert table in capsys.readouterr().out


def test_first_try_rows_place_each_rate_against_the_aim():
    def export(rows, notebook="04", minutes=None):
        return {"format": room.FORMAT, "version": 1, "notebook": notebook, "nickname": None, "minutes": minutes, "exercises": rows}

    right, wrong = {"id": "predict: p", "first_try": "right", "tries": 1}, {"id": "predict: p", "first_try": "wrong", "tries": 3}
    untried = {"id": "exercise: e", "first_try": None, "tries": 0}
    exercises, notebooks = room.first_try_rows([export([right, untried], minutes=4.0), export([wrong], minutes=6.0), export([wrong]), export([right], "05", 9.5)])
    assert exercises == [
        {"notebook": "04", "exercise": "exercise: e", "learners": 0, "right": 0, "rate": None, "mean_tries": None, "aim": ""},
        {"notebook": "04", "exercise": "predict: p", "learners": 3, "right": 1, "rate": 33.3, "mean_tries": 2.33, "aim": "below"},
        {"notebook": "05", "exercise": "predict: p", "learners": 1, "right": 1, "rate": 100.0, "mean_tries": 1.0, "aim": "above"},
    ]
    assert notebooks == [
        {"notebook": "04", "learners": 3, "timed": 2, "median_minutes": 5.0},
        {"notebook": "05", "learners": 1, "timed": 1, "median_minutes": 9.5},
    ]


@pytest.mark.parametrize("content, reason", [
    ("{", "not readable JSON"),
    ('{"format": "other"}', "not a groundlab-first-tries file, version 1"),
    ('{"format": "groundlab-first-tries", "version": 1, "notebook": "3", "exercises": []}', "notebook is not two digits: '3'"),
    ('{"format": "groundlab-first-tries", "version": 1, "notebook": "03", "minutes": "ten", "exercises": []}', "minutes is not a number of minutes from 0 to 100000: 'ten'"),
    ('{"format": "groundlab-first-tries", "version": 1, "notebook": "03", "exercises": [{"id": "p", "first_try": "yes", "tries": 1}]}', "exercise 0 is not"),
])
def test_aggregate_refuses_a_file_that_is_not_an_export(tmp_path, content, reason, capsys):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "bad.json").write_text(content, encoding="utf-8")
    with pytest.raises(room.ExportError) as raised:
        room.aggregate_folder(tmp_path / "in", tmp_path / "out")
    assert raised.value.path == str(tmp_path / "in" / "bad.json") and raised.value.reason.startswith(reason)
    assert main(["aggregate", str(tmp_path / "in"), "--out", str(tmp_path / "out")]) == 2
    assert "bad.json" in capsys.readouterr().err and not (tmp_path / "out").exists()


def test_aggregate_writes_into_a_new_folder_only(exports, tmp_path):
    folder, _, _ = exports
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "mine.txt").write_text("kept", encoding="utf-8")
    with pytest.raises(FileExistsError, match="exists and is not empty"):
        room.aggregate_folder(folder, tmp_path / "out")
    with pytest.raises(FileNotFoundError, match="no \\*.json exports"):
        room.aggregate_folder(tmp_path / "out", tmp_path / "new")


def _export_file(folder: Path, exercises: list, minutes: object = 5.0, name: str = "first-tries-03-aaaaaa.json") -> Path:
    folder.mkdir(exist_ok=True)
    record = {"format": room.FORMAT, "version": 1, "notebook": "03", "nickname": None, "minutes": minutes, "exercises": exercises}
    path = folder / name
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


@pytest.mark.parametrize("exercises, minutes, reason", [
    ([{"id": "predict: p", "first_try": "right", "tries": 10**400}], 5.0, "exercise 0 is not"),
    ([{"id": "predict: p", "first_try": "right", "tries": 10_001}], 5.0, "exercise 0 is not"),
    ([{"id": "predict: p", "first_try": "right", "tries": 1}], float("nan"), "not readable JSON"),
    ([{"id": "predict: p", "first_try": "right", "tries": 1}], float("inf"), "not readable JSON"),
    ([{"id": "predict: p", "first_try": "right", "tries": 1}], 10**400, "minutes is not a number of minutes from 0 to 100000: a number too large"),
    ([{"id": "predict: p", "first_try": "right", "tries": 1}], 1e308, "minutes is not a number of minutes from 0 to 100000: 1e+308"),
    ([{"id": "predict: " + "x" * 200, "first_try": "right", "tries": 1}], 5.0, "exercise 0's id is not"),
    ([{"id": "predict: x\n\n# PWNED", "first_try": "right", "tries": 1}], 5.0, "exercise 0's id is not"),
    ([{"id": "=HYPERLINK(\"x\")", "first_try": "right", "tries": 1}], 5.0, "exercise 0's id is not"),
])
def test_aggregate_refuses_hostile_values_by_file_name_and_writes_nothing(tmp_path, exercises, minutes, reason, capsys):
    good = _export_file(tmp_path / "in", [{"id": "predict: p", "first_try": "right", "tries": 1}], name="first-tries-03-good00.json")
    bad = _export_file(tmp_path / "in", exercises, minutes)
    assert good.exists()
    with pytest.raises(room.ExportError) as raised:
        room.aggregate_folder(tmp_path / "in", tmp_path / "out")
    assert raised.value.path == str(bad) and raised.value.reason.startswith(reason)
    assert main(["aggregate", str(tmp_path / "in"), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert bad.name in err and len(err.strip().splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in"], "no output folder, no staging folder"


def test_aggregate_draws_dollar_signs_as_text(tmp_path):
    _export_file(tmp_path / "in", [{"id": "predict: costs $\\frac{5 or $6", "first_try": "right", "tries": 1}])
    written, table = room.aggregate_folder(tmp_path / "in", tmp_path / "out")
    assert [p.name for p in written] == ["first-tries.csv", "first-tries.md", "first-tries.png"]
    assert "| 03 | predict: costs $\\\\frac{5 or $6 | 1 | 1 | 100.0 | 1.0 | above |" in table


def test_a_failed_chart_leaves_no_output_and_no_staging_folder(tmp_path, monkeypatch):
    _export_file(tmp_path / "in", [{"id": "predict: p", "first_try": "right", "tries": 1}])

    def broken(*args, **kwargs):
        raise RuntimeError("the chart failed")

    monkeypatch.setattr(room, "_chart", broken)
    with pytest.raises(RuntimeError):
        room.aggregate_folder(tmp_path / "in", tmp_path / "out")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in"]


def test_cells_escape_markdown_and_html_the_same_in_md_and_csv(tmp_path):
    hostile = "predict: a|b <img src=x onerror=alert(1)> & `code` [link](javascript:x) \\| *em*"
    _export_file(tmp_path / "in", [{"id": hostile, "first_try": "wrong", "tries": 2}])
    written, table = room.aggregate_folder(tmp_path / "in", tmp_path / "out")
    row = ("| 03 | predict: a\\|b &lt;img src=x onerror=alert(1)&gt; &amp; &#96;code&#96; \\[link\\](javascript:x) \\\\\\| \\*em\\* "
           "| 1 | 0 | 0.0 | 2.0 | below |")
    assert row in table.splitlines()
    assert "<" not in table and "`" not in table
    assert written[1].read_text(encoding="utf-8") == table
    import csv

    with written[0].open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [r["exercise"] for r in rows] == [hostile], "the csv holds the checked id itself, quoted by csv's rules"
    assert room._cell("a\x00b\u2028c") == "aU+0000bU+2028c"


def test_start_and_aggregate_say_when_the_place_is_not_writable(exports, tmp_path, monkeypatch, capsys):
    from groundlab.workbook import learner as command

    source = tmp_path / "packaged"
    source.mkdir()
    (source / "01_a.ipynb").write_text("{}", encoding="utf-8")
    monkeypatch.setattr(command, "packaged_notebooks", lambda path="core": source)

    def denied(*args, **kwargs):
        raise PermissionError(13, "Permission denied", str(tmp_path))

    import groundlab.workbook.staging as staging

    monkeypatch.setattr(staging.tempfile, "mkdtemp", denied)  # the one staging folder maker of both commands
    assert main(["start", str(tmp_path / "wb"), "--copy-only"]) == 2
    err = capsys.readouterr().err
    assert err == f"groundlab-workbook start: cannot write {tmp_path / 'wb'}: Permission denied ({tmp_path})\n"
    folder, _, _ = exports
    assert main(["aggregate", str(folder), "--out", str(tmp_path / "summary")]) == 2
    err = capsys.readouterr().err
    assert err == f"groundlab-workbook aggregate: cannot write {tmp_path / 'summary'}: Permission denied ({tmp_path})\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["packaged"]
