"""Notebooks 10 and 11, the checker lab and verifier scoring: their own conventions.

Each section is tagged ``core`` or ``optional`` and its heading carries the same badge; the
header states the core and the full time; every Predict has a hint just before it; no
Predict's answer is named in the prose between it and the previous Predict; every
``Exercise``'s own solution meets its goal, and the learner's workspace comes before any
solution. The answers are computed by the library: the notebook's code cells run here as a
learner would run them, and each Predict widget is asked for its answer. The notebooks define no
logic of their own: no code cell holds a ``lambda`` or defines a function, but for the one
workspace where the learner writes ``def my_verifier`` (``docs/architecture.md``, "Exercise answers").
"""

from __future__ import annotations

import ast
import json
import os
import re
import warnings
from pathlib import Path

import pytest

from groundlab import LADDER, Exercise, FieldState, Predict, Status
from tools.notebooks import EXERCISE_TAG, SOLUTION_TAG, tags

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LAB = [NOTEBOOKS / "10_the_checker_lab.ipynb", NOTEBOOKS / "11_score_your_verifier.ipynb"]
BADGES = ("core", "optional")
HINT_TAG = "hint"
# groundlab's own names for an answer: statuses, rungs and field states. Written in upper case
# (statuses, states) they are names, so prose may use the plain word ("a missing field");
# every other answer (a rung name, "accepts", "explanation, 2 dropped") is matched in any case.
NAMES = {s.value for s in Status} | {s.value for s in FieldState}
RUNGS = {rung.name for rung in LADDER}
MAX_CODE_LINES = 8


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def source(cell) -> str:
    return "".join(cell["source"])


def stored_text(cell) -> str:
    parts = []
    for output in cell.get("outputs", []):
        parts.append("".join(output.get("text", "")))
        for key in ("text/plain", "text/html", "text/markdown"):
            parts.append("".join(output.get("data", {}).get(key, "")))
    return "\n".join(parts)


def run_cells(path: Path) -> dict[int, object]:
    """Run every code cell of ``path`` in one namespace (in the notebook's folder, without a
    display); return the value of each cell that ends in an expression, by cell index."""
    import matplotlib.pyplot as plt

    namespace: dict = {"__name__": "__notebook__"}
    values: dict[int, object] = {}
    here = os.getcwd()
    os.chdir(path.parent)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # plt.show() without a display says so
            for index, cell in enumerate(load(path)["cells"]):
                if cell["cell_type"] != "code" or not source(cell).strip():
                    continue
                tree = ast.parse(source(cell))
                last = tree.body.pop() if isinstance(tree.body[-1], ast.Expr) else None
                exec(compile(tree, f"{path.name}:cell{index}", "exec"), namespace)
                if last is not None:
                    values[index] = eval(compile(ast.Expression(last.value), f"{path.name}:cell{index}", "eval"), namespace)
    finally:
        os.chdir(here)
        plt.close("all")
    values[-1] = namespace
    return values


@pytest.fixture(scope="module", params=LAB, ids=lambda p: p.name)
def lab(request):
    path = request.param
    return path, load(path)["cells"], run_cells(path)


def predicts(cells, values) -> list[tuple[int, Predict]]:
    return [(i, values[i]) for i, c in enumerate(cells) if EXERCISE_TAG in tags(c) and isinstance(values.get(i), Predict)]


def named(answer: str, text: str) -> bool:
    flags = 0 if answer in NAMES else re.IGNORECASE
    return re.search(rf"(?<![\w+]){re.escape(answer)}(?!\w)", text, flags) is not None


@pytest.mark.parametrize("path", LAB, ids=lambda p: p.name)
def test_every_section_is_core_or_optional_and_shows_its_badge(path):
    cells = load(path)["cells"]
    seen = set()
    for index, cell in enumerate(cells[1:-1], start=1):
        badge = [t for t in tags(cell) if t in BADGES]
        lines = source(cell).splitlines()
        headings = [n for n, line in enumerate(lines) if line.startswith("## ")]
        if cell["cell_type"] != "markdown" or not headings:
            assert not badge, f"cell {index} is tagged {badge} but opens no section"
            continue
        assert headings == [0], f"cell {index}: a section heading opens its own cell"
        assert len(badge) == 1, f"cell {index} ({lines[0]!r}) is tagged {tags(cell)}: tag it core or optional"
        assert lines[0].endswith(f" · {badge[0]}"), f"cell {index}: the heading {lines[0]!r} lacks its badge ' · {badge[0]}'"
        seen.add(badge[0])
    assert seen == set(BADGES), "a lab notebook has core and optional sections"


@pytest.mark.parametrize("path", LAB, ids=lambda p: p.name)
def test_the_header_states_the_core_and_the_full_time(path):
    first = source(load(path)["cells"][0])
    found = re.search(r"\*\*Time needed:\*\* core path about (\d+) minutes, full path about (\d+) minutes · \*\*Prerequisites:\*\*", first)
    assert found, "the header states both times: '**Time needed:** core path about N minutes, full path about M minutes'"
    assert int(found[1]) < int(found[2])
    assert "**core**" in first and "**optional**" in first, "the header says what the two badges mean"


@pytest.mark.parametrize("path", LAB, ids=lambda p: p.name)
def test_each_predict_has_a_visible_hint_just_before_it(path):
    cells = load(path)["cells"]
    exercises = [i for i, c in enumerate(cells) if EXERCISE_TAG in tags(c) and "Predict" in source(c)]
    assert len(exercises) >= 2
    for index in exercises:
        hint = cells[index - 1]
        assert hint["cell_type"] == "markdown" and HINT_TAG in tags(hint), f"cell {index}: no hint cell before it"
        assert source(hint).startswith("> **Hint.** ")
        assert "<details" not in source(hint), "a collapsed hint would need a tag the student copies know"


def test_no_predict_answer_is_named_in_the_prose_before_it(lab):
    path, cells, values = lab
    found = predicts(cells, values)
    assert len(found) >= 2
    start = 0
    for index, predict in found:
        answer, why = predict._answer()
        assert answer in predict.options and why
        prose = "\n".join(source(c) for c in cells[start:index] if c["cell_type"] == "markdown")
        assert not named(answer, prose), f"cell {index}: the prose since the previous Predict names its answer {answer!r}"
        assert not named(answer, stored_text(cells[index])), f"cell {index}: the stored output names the answer {answer!r}"
        assert not named(answer, predict.question + predict.title)
        start = index + 1


def test_every_predict_asks_the_library_for_its_answer(lab):
    path, cells, values = lab
    for index, predict in predicts(cells, values):
        answer = getattr(predict._answer, "func", predict._answer)  # functools.partial, or Predict's own constructors
        assert answer.__module__ in ("groundlab.view.answers", "groundlab.view.predict"), f"cell {index}: {answer!r}"
        assert predict in values[-1]["board"].exercises, f"cell {index}: the Predict is on the notebook's Scoreboard"


def test_the_answers_are_groundlab_names_and_they_vary(lab):
    path, cells, values = lab
    answers = [predict._answer()[0] for _, predict in predicts(cells, values)]
    assert any(a in NAMES | RUNGS for a in answers), "at least one answer is a status, a rung or a field state"
    assert len(set(answers)) == len(answers), f"two exercises share an answer: {answers}"


def test_every_exercise_solution_meets_its_goal_and_comes_after_the_workspace(lab):
    path, cells, values = lab
    namespace = values[-1]
    exercises = {name: q for name, q in namespace.items() if isinstance(q, Exercise)}
    assert exercises, "a lab notebook has a make or modify exercise checked by the library"
    for name, q in exercises.items():
        assert q in namespace["board"].exercises, f"{name} is tracked on the notebook's Scoreboard (board.track({name}))"
        (check,) = [i for i, c in enumerate(cells) if re.fullmatch(rf"{name}\.check\((\w+)\)\s*", source(c))]
        checked = re.fullmatch(rf"{name}\.check\((\w+)\)\s*", source(cells[check]))[1]
        (workspace,) = [
            i for i, c in enumerate(cells)
            if c["cell_type"] == "code" and EXERCISE_TAG in tags(c) and re.search(rf"^(def {checked}\b|{checked} =)", source(c), re.M)
        ]
        assert q.outcome is not None and not q.outcome.right, "the workspace starts unsolved"
        assert 1 <= len(q.hints) <= 2
        solved = dict(namespace)
        exec(compile(q.solution(), f"{path.name}:{name}.solution()", "exec"), solved)
        assert q.goal(solved[checked]).right, f"{name}.solution() does not meet its own goal"
        longest = max(q.solution().splitlines(), key=len).strip()
        holders = [i for i, c in enumerate(cells) if longest in source(c) or longest.replace('"', '\\"') in source(c)]
        solutions = [i for i, c in enumerate(cells) if SOLUTION_TAG in tags(c)]
        # the solution lives in the library (q.solution()); any copy of it in the notebook comes after the workspace
        assert all(i > workspace for i in holders + solutions), "the workspace comes before any solution"
        assert workspace < check


# (notebook, the one function a learner writes there): the make exercise's workspace.
LEARNER_FUNCTIONS = {LAB[0].name: None, LAB[1].name: "my_verifier"}


@pytest.mark.parametrize("path", LAB, ids=lambda p: p.name)
def test_no_code_cell_defines_logic_but_the_learners_workspace(path):
    cells = load(path)["cells"]
    defined = []
    for index, cell in enumerate(cells):
        if cell["cell_type"] != "code":
            continue
        assert "lambda" not in source(cell), f"cell {index} holds a lambda: compute it in groundlab (view.answers, view.goals)"
        for node in ast.walk(ast.parse(source(cell))):
            assert not isinstance(node, (ast.Lambda, ast.ClassDef)), f"cell {index} defines a {type(node).__name__}"
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                defined.append((index, node.name))
    wanted = LEARNER_FUNCTIONS[path.name]
    if wanted is None:
        assert defined == [], f"functions defined in code cells: {defined}"
        return
    assert [name for _, name in defined] == [wanted], f"functions defined in code cells: {defined}"
    (index,) = [i for i, _ in defined]
    assert EXERCISE_TAG in tags(cells[index]), f"cell {index} defines {wanted} but is not the exercise's workspace"
    later = [source(c) for c in cells[index + 1:] if c["cell_type"] == "code"]
    assert any(re.fullmatch(rf"\w+\.check\({wanted}\)\s*", text) for text in later), f"{wanted} is checked by the library"


@pytest.mark.parametrize("path", LAB, ids=lambda p: p.name)
def test_code_cells_are_short(path):
    for index, cell in enumerate(load(path)["cells"]):
        if cell["cell_type"] == "code":
            lines = [line for line in source(cell).splitlines() if line.strip()]
            assert len(lines) <= MAX_CODE_LINES, f"cell {index} has {len(lines)} lines"


@pytest.mark.parametrize("path", LAB, ids=lambda p: p.name)
def test_every_chart_is_followed_by_its_numbers_and_table_ids_differ(path):
    cells = load(path)["cells"]
    code = [i for i, c in enumerate(cells) if c["cell_type"] == "code"]
    for position, index in enumerate(code):
        if "plt.show()" in source(cells[index]):
            following = cells[code[position + 1]]
            assert "<table" in stored_text(following), f"cell {index}: a chart is followed by its numbers as a table"
    ids = re.findall(r"<groundlab table (groundlab-[\w-]+):", "\n".join(stored_text(c) for c in cells))
    assert len(ids) == len(set(ids)), f"two styled tables share an id: {sorted(ids)}"


def test_the_lab_extends_the_path_and_returns_to_the_start():
    last_09 = source(load(NOTEBOOKS / "09_what_verification_does_not_prove.ipynb")["cells"][-1])
    assert last_09.rstrip().endswith("[next: 10 · The checker lab](10_the_checker_lab.ipynb) →")
    last_10 = source(load(LAB[0])["cells"][-1])
    assert "[next: 11 · Score your verifier](11_score_your_verifier.ipynb) →" in last_10
    last_11 = source(load(LAB[1])["cells"][-1])
    assert last_11.rstrip().endswith("[back to the start: 00 · Start here](00_start_here.ipynb)")
