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
