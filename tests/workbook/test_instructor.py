"""The instructor guide: its run sheet is generated from the notebooks, and each notebook's
stated core time is no less than the estimate behind the run sheet."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from tools.notebooks import CORE_TAG, PLAN_END, PLAN_START, SCRIPT_END, SCRIPT_START, demo_script, run_sheet, section_minutes

nbformat = pytest.importorskip("nbformat")

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "instructor.md"
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
STATED = re.compile(r"core path about (\d+) minutes, full path about (\d+) minutes")
SLACK = 5  # minutes a header may state above its estimate (a discussion, a question to the room)


def test_the_run_sheet_in_the_guide_is_current():
    text = GUIDE.read_text(encoding="utf-8")
    assert PLAN_START in text and PLAN_END in text
    current = PLAN_START + text.split(PLAN_START, 1)[1].split(PLAN_END, 1)[0] + PLAN_END
    assert current == run_sheet(ROOT / "notebooks"), "regenerate it: python tools/notebooks.py plan --write docs/instructor.md"


def test_the_demo_script_in_the_guide_is_computed_by_the_library():
    text = GUIDE.read_text(encoding="utf-8")
    current = SCRIPT_START + text.split(SCRIPT_START, 1)[1].split(SCRIPT_END, 1)[0] + SCRIPT_END
    assert current == demo_script(), "regenerate it: python tools/notebooks.py plan --write docs/instructor.md"
    assert current.count("\n| Step") + current.count("\n| Start") == 6


def test_the_guide_has_no_placeholder_left():
    text = GUIDE.read_text(encoding="utf-8")
    assert not re.search(r"\b(DEMO_SCRIPT|MEASURED|RUN_SHEET|TODO)\b", text)


def test_the_run_sheet_ends_within_two_hours():
    sheet = run_sheet(ROOT / "notebooks")
    end = re.search(r"\| (\d+):(\d\d) \| \| \*\*end\*\* \|", sheet)
    assert end and int(end[1]) * 60 + int(end[2]) <= 120, sheet
    assert sheet.count("**break**") == 2


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_each_stated_core_time_covers_its_estimate(path):
    notebook = nbformat.read(path, as_version=4)
    stated = STATED.search("".join(notebook.cells[0].source))
    assert stated, "the header states both times"
    times = section_minutes(notebook)
    core = sum(t.minutes for t in times if t.badge == CORE_TAG)
    full = sum(t.minutes for t in times)
    nearest = math.floor(core + 0.5)  # "about N minutes": the estimate rounded half up
    assert nearest <= int(stated[1]) <= nearest + SLACK, (core, stated[0])
    assert int(stated[2]) >= math.floor(full), (full, stated[0])


def test_the_readme_states_each_notebooks_two_times():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    total = 0
    for path in LESSONS:
        stated = STATED.search("".join(nbformat.read(path, as_version=4).cells[0].source))
        row = re.search(rf"^\| {path.name[:2]} \| \[.*\]\(notebooks/{re.escape(path.name)}\) \| .* \| (\d+) / (\d+) \|$", readme, re.M)
        assert row and row.groups() == stated.groups(), f"README's row for {path.name} differs from its header"
        total += int(stated[2])
    assert f"takes about four and a quarter hours" in readme and 240 <= total <= 270, total


from tools.notebooks import (  # noqa: E402
    AGENDA_END, AGENDA_START, HALF_DAY, HALF_DAY_END, HALF_DAY_START, MIN_SLACK, ROOM_BLOCKS,
    half_day_plan, prerequisites, room_agenda, room_claim, room_lessons, room_plan,
)

PLANS = {"two hours": {}, "half day": HALF_DAY}


def block(text: str, start: str, end: str) -> str:
    assert start in text and end in text, "regenerate it: python tools/notebooks.py plan --write docs/instructor.md"
    return start + text.split(start, 1)[1].split(end, 1)[0] + end


def test_the_room_agenda_and_the_half_day_plan_in_the_guide_are_current():
    text = GUIDE.read_text(encoding="utf-8")
    assert block(text, AGENDA_START, AGENDA_END) == room_agenda(ROOT / "notebooks")
    assert block(text, HALF_DAY_START, HALF_DAY_END) == half_day_plan(ROOT / "notebooks")


@pytest.mark.parametrize("plan", PLANS)
def test_a_room_plan_has_every_block_two_or_three_breaks_and_slack(plan):
    options = PLANS[plan]
    rows, chosen = room_plan(ROOT / "notebooks", **options)
    whats = [what for what, _ in rows]
    minutes = options.get("minutes", 120)
    assert sum(m for _, m in rows) == minutes, "the agenda ends on the hour"
    assert whats[0] == ROOM_BLOCKS["introductions"][0] and whats[1] == ROOM_BLOCKS["set-up"][0]
    assert whats[-2] == ROOM_BLOCKS["wrap-up"][0] and whats[-1].startswith("slack") and rows[-1][1] >= MIN_SLACK
    assert whats.count("**break**") == options.get("breaks", 2)
    assert sum(w.startswith("Classroom demo") for w in whats) == 1
    assert [w[:2] for w in whats if w[:2].isdigit()] == [l.number for l in chosen]
    if "02" in [l.number for l in chosen]:
        assert whats[whats.index(next(w for w in whats if w.startswith("Classroom demo"))) - 1].startswith("02 ·"), "the demo follows 02, whose cases it uses"


def test_the_half_day_does_the_whole_core_path_and_two_hours_a_first_part_of_it():
    lessons = [l.number for l in room_lessons(ROOT / "notebooks")]
    assert [l.number for l in room_plan(ROOT / "notebooks", **HALF_DAY)[1]] == lessons
    two_hours = [l.number for l in room_plan(ROOT / "notebooks")[1]]
    assert two_hours == lessons[: len(two_hours)] and 3 <= len(two_hours) < len(lessons)


@pytest.mark.parametrize("plan", PLANS)
def test_no_header_in_a_plan_asks_for_a_notebook_the_plan_drops_or_puts_later(plan):
    chosen = room_plan(ROOT / "notebooks", **PLANS[plan])[1]
    done: set[str] = set()
    for lesson in chosen:
        assert lesson.prerequisites <= done, f"{lesson.number}'s header asks for {sorted(lesson.prerequisites - done)}, which the {plan} plan does not do before it"
        done.add(lesson.number)


def test_the_prerequisites_are_read_from_the_headers_links():
    def header(line):
        return {"cells": [{"cell_type": "markdown", "metadata": {}, "source": f"# 09 · x\n\n**Time needed:** ... · **Prerequisites:** {line}\n\nmore [01](01_a.ipynb)"}]}

    assert prerequisites(header("[03 · a](03_a.ipynb) and [07 · b](07_b.ipynb)."), "09") == {"03", "07"}
    assert prerequisites(header("the core path of [00 · a](00_a.ipynb) to [06 · b](06_b.ipynb): the contract."), "12") == {f"0{n}" for n in range(7)}
    assert prerequisites(header("[05 · a](05_a.ipynb) and the notebooks before it."), "06") == {f"0{n}" for n in range(6)}
    assert prerequisites(header("basic Python."), "00") == set()


def test_the_readme_claims_only_what_the_room_plan_shows():
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert room_claim(ROOT / "notebooks") in readme
    assert "is a two-hour workshop" not in readme and "all thirteen notebooks" not in readme
