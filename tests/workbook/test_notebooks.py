"""Workbook hygiene: how the stored notebooks were saved, what they show, their solutions,
and the student copies. (nbval compares the stored outputs with a fresh run separately.)"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import re
from pathlib import Path

import pytest

from groundlab import ERROR_CODES, Status
from tools.notebooks import (
    EXERCISE_TAG,
    SOLUTION_TAG,
    solution_blocks,
    student_copy,
    tags,
    text,
    write_student_copies,
)

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = sorted(p for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
ALL = sorted(NOTEBOOKS.glob("*.ipynb"))
ANSWERS = [s.value for s in Status] + list(ERROR_CODES)


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def source(cell) -> str:
    return "".join(cell["source"])


def output_text(cell) -> str:
    parts = []
    for output in cell.get("outputs", []):
        if "text" in output:
            parts.append("".join(output["text"]))
        for key in ("text/plain", "text/html", "text/markdown"):
            if key in output.get("data", {}):
                parts.append("".join(output["data"][key]))
        if output.get("output_type") == "error":
            parts.append(output.get("ename", "") + ": " + output.get("evalue", ""))
    return "\n".join(parts)


def test_the_workbook_has_numbered_lessons_with_a_capstone_last():
    assert [p.name[:2] for p in LESSONS] == [f"{i:02d}" for i in range(len(LESSONS))]
    assert len(LESSONS) in (12, 13)


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_saved_as_one_fresh_run_without_widget_state(path):
    notebook = load(path)
    assert "widgets" not in notebook["metadata"], "saved with widget state: answers could hide in metadata"
    code = [c for c in notebook["cells"] if c["cell_type"] == "code" and source(c).strip()]
    assert [c["execution_count"] for c in code] == list(range(1, len(code) + 1))
    for cell in notebook["cells"]:
        text = output_text(cell)
        assert "UsageError" not in text
        streams = [o["name"] for o in cell.get("outputs", []) if o["output_type"] == "stream"]
        assert len(streams) == len(set(streams)), "stream outputs not merged: save it with `make notebooks`"
        errors = [o for o in cell.get("outputs", []) if o["output_type"] == "error"]
        if errors:
            assert "raises-exception" in tags(cell), f"stored error in an untagged cell: {source(cell)[:60]!r}"
        assert not re.search(r"0x[0-9a-f]{8,}", text), "a memory address in a stored output"
        assert "/tmp/" not in text and "/work/" not in text, "a path in a stored output"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_lesson_frame_objectives_key_points_and_links(path):
    cells = load(path)["cells"]
    first, last = source(cells[0]), source(cells[-1])
    assert cells[0]["cell_type"] == "markdown" and first.startswith(f"# {path.name[:2]}")
    assert "Learning objectives" in first
    assert re.search(r"(?i)time", first) and re.search(r"(?i)prerequisite", first)
    assert "Key points" in "".join(source(c) for c in cells[-2:])
    index = LESSONS.index(path)
    text = first + last
    if index > 0:
        assert LESSONS[index - 1].name in text, "no link to the previous notebook"
    if index < len(LESSONS) - 1:
        assert LESSONS[index + 1].name in text, "no link to the next notebook"
    for link in re.findall(r"\]\(([^)#]+\.ipynb)", "".join(source(c) for c in cells)):
        assert (NOTEBOOKS / link).is_file(), f"broken link {link}"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_predict_first_exercises_do_not_give_the_answer_away(path):
    cells = load(path)["cells"]
    exercises = [c for c in cells if c["cell_type"] == "code" and EXERCISE_TAG in tags(c) and "Predict" in source(c)]
    assert len(exercises) >= 2, "each notebook needs at least two predict-first exercises"
    for cell in exercises:
        shown = output_text(cell)
        for answer in ANSWERS:
            assert answer not in shown, f"exercise output reveals {answer!r}: {shown[:120]!r}"
        for word in ("not found", "correct", "Correct"):
            assert word not in shown


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_solutions_are_collapsed_markdown_not_executed_cells(path):
    notebook = load(path)
    for cell in notebook["cells"]:
        if SOLUTION_TAG in tags(cell):
            assert cell["cell_type"] == "markdown"
            text = source(cell)
            assert text.lstrip().startswith("<details>") and "</details>" in text
    code = "".join(source(c) for c in notebook["cells"] if c["cell_type"] == "code")
    checked = re.search(r"lesson_exercises\(|_exercise\(", code)
    assert solution_blocks(notebook) or checked, "each notebook needs a modify or make exercise with a solution"


def groundlab_imports(code: str) -> list[str]:
    """The module of every import statement in ``code`` that imports from groundlab."""
    found = []
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "groundlab":
            found.append(node.module)
        elif isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if alias.name.split(".")[0] == "groundlab"]
    return found


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_a_notebook_imports_groundlab_in_at_most_two_lines(path):
    notebook = load(path)
    code = [source(c) for c in notebook["cells"] if c["cell_type"] == "code"]
    imports = [module for text in code for module in groundlab_imports(text)]
    surfaces = {"groundlab", "groundlab.workbook"}
    assert set(imports) <= surfaces, f"import the public names from groundlab or groundlab.workbook, not {set(imports) - surfaces}"
    assert 1 <= len(imports) <= 2 and len(set(imports)) == len(imports), f"groundlab import statements: {imports}"
    lines = [line for text in code for line in text.splitlines() if re.match(r"from groundlab(\.workbook)? import", line)]
    assert len(lines) == len(imports) and not any("(" in line for line in lines), "each import is one line"
    for index, block in solution_blocks(notebook):
        found = groundlab_imports(block)
        assert found and set(found) <= surfaces and len(found) == len(set(found)), f"cell {index}: {found}"


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_module_paths_named_in_the_prose_exist(path):
    prose = "".join(source(c) for c in load(path)["cells"] if c["cell_type"] == "markdown")
    for name in sorted(set(re.findall(r"`(groundlab(?:\.\w+)+)`", prose))):
        try:
            spec = importlib.util.find_spec(name)
        except ModuleNotFoundError:
            spec = None
        assert spec is not None, f"`{name}` is not a module; name it as imported from groundlab"


SOLUTIONS = [(p, i, code) for p in LESSONS for i, code in solution_blocks(load(p))]


def test_every_solution_block_runs(monkeypatch):
    """Every collapsed solution a notebook holds runs on its own (solutions of library-checked
    exercises live in the library instead, and ``test_conventions`` runs each one)."""
    monkeypatch.setenv("MPLBACKEND", "Agg")
    for path, cell, code in SOLUTIONS:
        monkeypatch.chdir(path.parent)
        namespace: dict = {"__name__": "__solution__"}
        exec(compile(code, f"{path.name}:cell{cell}", "exec"), namespace)


def test_student_copies_have_no_outputs_and_no_solutions(tmp_path):
    written = write_student_copies(NOTEBOOKS, tmp_path / "student")
    assert [p.name for p in written] == [p.name for p in ALL]
    for path in written:
        notebook = load(path)
        assert "widgets" not in notebook["metadata"]
        for cell in notebook["cells"]:
            assert SOLUTION_TAG not in tags(cell)
            if cell["cell_type"] == "code":
                assert cell["outputs"] == [] and cell["execution_count"] is None
    with pytest.raises(ValueError):
        write_student_copies(NOTEBOOKS, NOTEBOOKS)


def test_core_student_copies_hold_the_core_sections_only(tmp_path):
    written = write_student_copies(NOTEBOOKS, tmp_path / "core", core_only=True)
    assert [p.name for p in written] == [p.name for p in ALL]
    for path in written:
        cells = load(path)["cells"]
        if path.name[:2].isdigit():
            assert not [c for c in cells if "optional" in tags(c)], path.name
            assert [c for c in cells if "core" in tags(c)], path.name
            assert "· optional" not in "".join(source(c) for c in cells if c["cell_type"] == "markdown" and source(c).startswith("## "))
        else:
            assert len(cells) == len(load(NOTEBOOKS / path.name)["cells"]), "the demo is copied whole"


def test_student_copy_keeps_exercises():
    for path in LESSONS:
        notebook = load(path)
        copy = student_copy(notebook)
        assert sum(EXERCISE_TAG in tags(c) for c in copy["cells"]) == sum(EXERCISE_TAG in tags(c) for c in notebook["cells"])


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_student_copies_keep_every_code_cell_as_it_is(path):
    """A student copy drops or trims markdown only, so its code runs exactly as nbval runs the
    original; CI also runs every copy top to bottom (the next test)."""
    notebook = load(path)
    code = [text(c) for c in notebook["cells"] if c["cell_type"] == "code"]
    assert [text(c) for c in student_copy(notebook)["cells"] if c["cell_type"] == "code"] == code


@pytest.mark.notebooks
@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_student_copies_run_top_to_bottom(path, tmp_path):
    if os.environ.get("CI") != "true":
        pytest.skip("runs in CI (CI=true); locally, the copies keep every code cell, which nbval runs")
    nbformat = pytest.importorskip("nbformat")
    from nbclient import NotebookClient

    notebook = student_copy(nbformat.read(path, as_version=4))
    client = NotebookClient(
        notebook, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS)}}
    )
    env_backend = os.environ.get("MPLBACKEND")
    os.environ["MPLBACKEND"] = "Agg"
    try:
        client.execute()
    finally:
        if env_backend is None:
            os.environ.pop("MPLBACKEND", None)
        else:
            os.environ["MPLBACKEND"] = env_backend
