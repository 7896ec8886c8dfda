"""The workshop's conventions, for every notebook that states its core and full time.

Each section is tagged ``core`` or ``optional`` and its heading carries the same badge; the
header states the core and the full time; every Predict has one or two hints (its *Hint*
button); no exercise's answer, when it is one of groundlab's statuses, codes, field states or
rungs, is named in the markdown between it and the previous exercise (headings included), in
its stored output, title or question; every ``Exercise``'s own solution meets its goal, and
the learner's workspace comes before any solution. The answers are computed by the library:
the notebook's code cells run here, in this process, as a learner would run them, and each
Predict widget is asked for its answer. The notebooks define no logic of their own: no code
cell holds a ``lambda`` or defines a function or a class, but for the workspaces listed in
``LEARNER_FUNCTIONS`` (``docs/architecture.md``, "Exercise answers").
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from groundlab import ERROR_CODES, LADDER, FieldState, Status
from groundlab.workbook import Exercise, Predict
from tools.notebooks import CORE_TAG, EXERCISE_TAG, OPTIONAL_TAG, SOLUTION_TAG, sections, tags

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
TIMES = re.compile(r"\*\*Time needed:\*\* core path about (\d+) minutes, full path about (\d+) minutes · \*\*Prerequisites:\*\*")
WORKSHOP = sorted(
    p for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb") if TIMES.search("".join(json.loads(p.read_text(encoding="utf-8"))["cells"][0]["source"]))
)
LAB = [NOTEBOOKS / "10_the_checker_lab.ipynb", NOTEBOOKS / "11_score_your_verifier.ipynb"]
BADGES = (CORE_TAG, OPTIONAL_TAG)
# groundlab's own names for an answer: statuses, field states and parse codes are matched as
# written (so prose may use the plain words: "a missing field", "bad text"); a rung's name and
# every other answer ("accepts", "explanation, 2 dropped") in any case.
NAMES = {s.value for s in Status} | {s.value for s in FieldState} | set(ERROR_CODES)
RUNGS = {rung.name for rung in LADDER}
MAX_CODE_LINES = 8
BREAKS = 2
BREAK_MINUTES = 10
WORKSHOP_MINUTES = 120
# notebook -> why its core path holds no Predict; the core-prose rule asserts that it still holds none.
NO_CORE_PREDICT = {
    "12_capstone.ipynb": "the capstone's core path is the labelling task, checked by Exercises; its Predicts "
    "(the two warm-ups, the dozen three ways) are all in optional sections",
}


def in_groups(paths):
    """One pytest-xdist group per notebook, so each notebook's cells run on one worker only."""
    return [pytest.param(p, id=p.name, marks=pytest.mark.xdist_group(p.name)) for p in paths]


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


def run_cells(path: Path, only: set[int] | None = None) -> dict[int, object]:
    """Run every code cell of ``path`` (or only those indexed in ``only``) in one namespace, as the
    answer key does (``tools/answer_key.py``); return the value of each cell that ends in an
    expression, by cell index, and the namespace at ``-1``."""
    from tools.answer_key import run_cells as run

    _, values, namespace = run(path, only)
    values[-1] = namespace
    return values


@pytest.fixture(scope="module", params=in_groups(WORKSHOP))
def lab(request):
    path = request.param
    return path, load(path)["cells"], run_cells(path)


def predicts(cells, values) -> list[tuple[int, Predict]]:
    return [(i, values[i]) for i, c in enumerate(cells) if EXERCISE_TAG in tags(c) and isinstance(values.get(i), Predict)]


def exercises_of(values) -> dict[str, Exercise]:
    """Every Exercise the notebook made: bound to a name (``q``), or an attribute of a
    name (``q.dev_request``, from ``lesson_exercises``)."""
    found = {}
    for name, value in values[-1].items():
        if isinstance(value, Exercise):
            found[name] = value
        elif isinstance(value, SimpleNamespace):
            found.update({f"{name}.{attr}": q for attr, q in vars(value).items() if isinstance(q, Exercise)})
    return found


def named(answer: str, text: str) -> bool:
    flags = 0 if answer in NAMES else re.IGNORECASE
    return re.search(rf"(?<![\w+]){re.escape(answer)}(?!\w)", text, flags) is not None


@pytest.mark.parametrize("path", WORKSHOP, ids=lambda p: p.name)
def test_every_section_is_core_or_optional_and_shows_its_badge(path):
    notebook = load(path)
    found = sections(notebook)  # ValueError for an untagged heading or a stray tag
    assert found[0][1][0] == 0, "the header (objectives, times, prerequisites) comes before the first section"
    for badge, cells in found[1:]:
        first = source(notebook["cells"][cells[0]]).splitlines()[0]
        assert first.startswith(f"## {badge} · "), f"cell {cells[0]}: the heading {first!r} does not start with its badge '{badge} · '"
        assert not first.endswith((" · core", " · optional")), f"cell {cells[0]}: one badge, at the start"
        for index in cells:  # a Predict's own heading inside the section shows the same badge first
            for line in source(notebook["cells"][index]).splitlines():
                if line.startswith("### ") and "Predict" in line:
                    assert line.startswith(f"### {badge} · Predict"), f"cell {index}: {line!r} should start with '### {badge} · '"
    for index, cell in enumerate(notebook["cells"]):
        extra = [n for n, line in enumerate(source(cell).splitlines()) if line.startswith("## ")]
        assert cell["cell_type"] != "markdown" or extra in ([], [0]), f"cell {index}: a section heading opens its own cell"
    assert {badge for badge, _ in found[1:]} == set(BADGES), "a notebook has core and optional sections"


@pytest.mark.parametrize("path", in_groups(WORKSHOP))
def test_the_core_path_alone_runs_top_to_bottom(path):
    """What `make student` puts in build/student-core: the core sections' cells, run in order."""
    core = {i for badge, cells in sections(load(path)) if badge == CORE_TAG for i in cells}
    values = run_cells(path, core)
    assert "board" in values[-1], "the core path makes the notebook's Scoreboard"


def test_the_workshop_fits_two_hours_with_two_breaks():
    lessons = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    assert WORKSHOP == lessons, f"not yet on the workshop conventions: {[p.name for p in lessons if p not in WORKSHOP]}"
    core = {p.name: int(TIMES.search(source(load(p)["cells"][0]))[1]) for p in WORKSHOP}
    assert sum(core.values()) + BREAKS * BREAK_MINUTES <= WORKSHOP_MINUTES, core


@pytest.mark.parametrize("path", WORKSHOP, ids=lambda p: p.name)
def test_the_header_states_the_core_and_the_full_time(path):
    first = source(load(path)["cells"][0])
    found = TIMES.search(first)
    assert found, "the header states both times: '**Time needed:** core path about N minutes, full path about M minutes'"
    assert int(found[1]) < int(found[2])
    assert "**core**" in first and "**optional**" in first, "the header says what the two badges mean"


def test_the_workshop_notebooks_are_found():
    assert len(WORKSHOP) >= 12 and NOTEBOOKS / "12_capstone.ipynb" in WORKSHOP and set(LAB) <= set(WORKSHOP)


def test_every_exercise_has_one_or_two_hints(lab):
    path, cells, values = lab
    found = predicts(cells, values)
    assert len(found) >= 2, "a notebook has at least two Predict exercises"
    for index, predict in found:
        assert 1 <= len(predict.hints) <= 2, f"cell {index}: a Predict has one or two hints (hints=[...])"
        assert predict.hint_button in predict.children[3].children, f"cell {index}: no Hint button"
    exercises = exercises_of(values)
    assert exercises, "a notebook has a make or modify exercise"
    for name, q in exercises.items():
        assert 1 <= len(q.hints) <= 2, f"{name}: an Exercise has one or two hints"


@pytest.mark.parametrize("path", WORKSHOP, ids=lambda p: p.name)
def test_no_hint_is_written_in_the_notebooks_code(path):
    """A hint shows only when the learner presses Hint: the code passes ``hints=h.<key>``
    (``h = lesson_hints("NN")``), never the hint's text."""
    passed = 0
    for index, cell in enumerate(load(path)["cells"]):
        if cell["cell_type"] != "code":
            continue
        for node in ast.walk(ast.parse(source(cell))):
            if isinstance(node, ast.keyword) and node.arg == "hints":
                passed += 1
                assert isinstance(node.value, ast.Attribute) and ast.unparse(node.value.value) == "h", (
                    f"cell {index}: pass hints=h.<key> from lesson_hints, not {ast.unparse(node.value)[:40]!r}"
                )
    assert passed >= 2, "every notebook's Predicts pass their hints (hints=h.<key>)"


def exercise_cells(cells) -> list[int]:
    return [i for i, c in enumerate(cells) if EXERCISE_TAG in tags(c)]


def test_no_predict_answer_is_named_in_the_prose_before_it(lab):
    path, cells, values = lab
    found = predicts(cells, values)
    assert found, "a notebook has Predict exercises"
    marks = exercise_cells(cells)
    for index, predict in found:
        answer, why = predict._answer()
        assert answer in predict.options and why
        start = max([m + 1 for m in marks if m < index], default=0)
        prose = "\n".join(source(c) for c in cells[start:index] if c["cell_type"] == "markdown")
        assert not named(answer, prose), f"cell {index}: the markdown since the previous exercise names its answer {answer!r}"
        assert not named(answer, stored_text(cells[index])), f"cell {index}: the stored output names the answer {answer!r}"
        assert not named(answer, predict.question + predict.title)
        assert not any(named(answer, hint) for hint in predict.hints), f"cell {index}: a hint names the answer {answer!r}"


def test_no_core_predict_answer_is_named_in_the_core_prose_before_it(lab):
    """The same rule for the core copy (``make student``), where the optional exercises between
    two core ones are gone, so the prose since the previous exercise is longer."""
    path, cells, values = lab
    core = [i for badge, indices in sections({"cells": cells}) if badge == CORE_TAG for i in indices]
    marks = [i for i in exercise_cells(cells) if i in core]
    in_core = [(index, predict) for index, predict in predicts(cells, values) if index in core]
    if path.name in NO_CORE_PREDICT:
        assert in_core == [], f"{path.name} has a core Predict now: remove it from NO_CORE_PREDICT"
        assert len(predicts(cells, values)) >= 2, "its Predicts are all optional"
        return
    assert in_core, f"{path.name}'s core path holds no Predict: add it to NO_CORE_PREDICT with the reason"
    for index, predict in in_core:
        answer = predict._answer()[0]
        start = max([m for m in marks if m < index], default=-1)
        prose = "\n".join(source(cells[i]) for i in core if start < i < index and cells[i]["cell_type"] == "markdown")
        assert not named(answer, prose), f"cell {index}: the core prose since the previous core exercise names {answer!r}"


def test_only_the_capstone_has_no_core_predict():
    assert set(NO_CORE_PREDICT) == {"12_capstone.ipynb"} and all(NO_CORE_PREDICT.values())


def test_every_predict_asks_the_library_for_its_answer(lab):
    path, cells, values = lab
    found = predicts(cells, values)
    assert found, "a notebook has Predict exercises"
    for index, predict in found:
        answer = getattr(predict._answer, "func", predict._answer)  # functools.partial, or Predict's own constructors
        assert answer.__module__ in ("groundlab.workbook.exercises.answers", "groundlab.workbook.exercises.predict"), f"cell {index}: {answer!r}"
        assert predict in values[-1]["board"].exercises, f"cell {index}: the Predict is on the notebook's Scoreboard"


def test_the_answers_are_groundlab_names_and_they_vary(lab):
    path, cells, values = lab
    answers = [predict._answer()[0] for _, predict in predicts(cells, values)]
    assert any(a in NAMES | RUNGS for a in answers), "at least one answer is a status, a code, a rung or a field state"
    assert len(set(answers)) > 1, f"every exercise has the same answer: {answers}"


def test_every_exercise_solution_meets_its_goal_and_comes_after_the_workspace(lab):
    path, cells, values = lab
    namespace = values[-1]
    exercises = exercises_of(values)
    assert exercises, "a notebook has a make or modify exercise checked by the library"
    for name, q in exercises.items():
        assert q in namespace["board"].exercises, f"{name} is tracked on the notebook's Scoreboard"
        pattern = rf"{re.escape(name)}\.check\((\w+)\)\s*"
        checks = [i for i, c in enumerate(cells) if c["cell_type"] == "code" and re.fullmatch(pattern, source(c))]
        assert checks, f"no cell checks {name} (a cell that is only `{name}.check(answer)`)"
        checked = re.fullmatch(pattern, source(cells[checks[0]]))[1]
        workspaces = [
            i for i, c in enumerate(cells)
            if c["cell_type"] == "code" and EXERCISE_TAG in tags(c) and re.search(rf"^(def {checked}\b|{checked} =)", source(c), re.M)
        ]
        assert workspaces, f"{name}: no exercise-tagged cell defines {checked}, the learner's workspace"
        workspace = workspaces[0]
        assert q.last is not None and not q.last.right and q.outcome is None, f"{name}: the workspace starts unsolved"
        assert 1 <= len(q.hints) <= 2
        solved = dict(namespace)
        exec(compile(q.solution(), f"{path.name}:{name}.solution()", "exec"), solved)
        assert q.goal(solved[checked]).right, f"{name}.solution() does not meet its own goal"
        longest = max(q.solution().splitlines(), key=len).strip()
        holders = [i for i, c in enumerate(cells) if longest in source(c) or longest.replace('"', '\\"') in source(c)]
        solutions = [i for i, c in enumerate(cells) if SOLUTION_TAG in tags(c)]
        # the solution lives in the library (q.solution()); any copy of it in the notebook comes after the workspace
        assert all(i > workspace for i in holders + solutions), f"{name}: the workspace comes before any solution"
        assert workspace < checks[0]


# notebook -> the one function a learner writes there (a make exercise's workspace); others: none.
LEARNER_FUNCTIONS = {LAB[1].name: "my_verifier"}


@pytest.mark.parametrize("path", WORKSHOP, ids=lambda p: p.name)
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
    wanted = LEARNER_FUNCTIONS.get(path.name)
    if wanted is None:
        assert defined == [], f"functions defined in code cells: {defined}"
        return
    assert [name for _, name in defined] == [wanted], f"functions defined in code cells: {defined}"
    (index,) = [i for i, _ in defined]
    assert EXERCISE_TAG in tags(cells[index]), f"cell {index} defines {wanted} but is not the exercise's workspace"
    later = [source(c) for c in cells[index + 1:] if c["cell_type"] == "code"]
    assert any(re.fullmatch(rf"\w+\.check\({wanted}\)\s*", text) for text in later), f"{wanted} is checked by the library"


@pytest.mark.parametrize("path", WORKSHOP, ids=lambda p: p.name)
def test_code_cells_are_short(path):
    code = [(index, cell) for index, cell in enumerate(load(path)["cells"]) if cell["cell_type"] == "code"]
    assert code
    for index, cell in code:
        lines = [line for line in source(cell).splitlines() if line.strip()]
        assert len(lines) <= MAX_CODE_LINES, f"cell {index} has {len(lines)} lines"


def test_every_chart_is_followed_by_its_numbers():
    """Across the workshop (most notebooks draw no chart): the code cell after each
    ``plt.show()`` shows the chart's numbers as a table."""
    charts = []
    for path in WORKSHOP:
        cells = load(path)["cells"]
        code = [i for i, c in enumerate(cells) if c["cell_type"] == "code"]
        charts += [(path.name, index, cells[code[position + 1]]) for position, index in enumerate(code) if "plt.show()" in source(cells[index])]
    assert len(charts) >= 3, "the study and the lab draw charts"
    for name, index, following in charts:
        assert "<table" in stored_text(following), f"{name} cell {index}: a chart is followed by its numbers as a table"


def test_no_two_styled_tables_of_a_notebook_share_an_id():
    ids = {path.name: re.findall(r"<groundlab table (groundlab-[\w-]+):", "\n".join(stored_text(c) for c in load(path)["cells"])) for path in WORKSHOP}
    assert sum(map(len, ids.values())) >= 20, "the notebooks show styled tables"
    shared = {name: sorted(found) for name, found in ids.items() if len(found) != len(set(found))}
    assert shared == {}, "two styled tables share an id"


def test_the_lab_extends_the_path_and_the_capstone_returns_to_the_start():
    last_09 = source(load(NOTEBOOKS / "09_what_verification_does_not_prove.ipynb")["cells"][-1])
    assert last_09.rstrip().endswith("[next: 10 · The checker lab](10_the_checker_lab.ipynb) →")
    last_10 = source(load(LAB[0])["cells"][-1])
    assert "[next: 11 · Score your verifier](11_score_your_verifier.ipynb) →" in last_10
    last_11 = source(load(LAB[1])["cells"][-1])
    assert "[next: 12 · Capstone: a new domain](12_capstone.ipynb) →" in last_11
    last_12 = source(load(NOTEBOOKS / "12_capstone.ipynb")["cells"][-1])
    assert "[back to the start: 00 · Start here](00_start_here.ipynb)" in last_12
    assert last_12.rstrip().endswith("[next: 13 · Checking a log](13_checking_a_log.ipynb) →"), "after the workshop: checking a log"


def test_every_numbered_notebook_links_to_its_neighbours_at_the_top_and_at_the_end():
    """The header (the cells before the first section) and the last cell both carry the navigation
    line: 08-10 once had it only at the end."""
    numbered = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    assert len(numbered) == 14
    titles = {p.name: source(load(p)["cells"][0]).splitlines()[0][2:] for p in numbered}
    for position, path in enumerate(numbered):
        cells = load(path)["cells"]
        header = "\n".join(source(cells[i]) for i in sections(load(path))[0][1])
        wanted = []
        if position > 0:
            before = numbered[position - 1].name
            wanted.append(f"← [previous: {titles[before]}]({before})")
        if position < len(numbered) - 1:
            after = numbered[position + 1].name
            wanted.append(f"[next: {titles[after]}]({after}) →")
        for link in wanted:
            assert link in header, f"{path.name}: the header lacks {link!r}"
            assert link in source(cells[-1]), f"{path.name}: the last cell lacks {link!r}"


DECIDED = re.compile(r"^(?:claim \d+|answer) (\w+): FAILED")


def test_no_cell_under_a_predict_explains_it_before_check(lab):
    """The markdown between a status Predict and the next code cell never names its deciding
    check, unless folded in a ``<details>`` block (an ``explanation`` cell): 09's "Half a fix"
    and 08's "Private values" once explained their answer right under the widget."""
    path, cells, values = lab
    for index, predict in predicts(cells, values):
        decided = DECIDED.match(predict._answer()[1])
        if decided is None:
            continue
        check = decided.group(1)
        for following in cells[index + 1:]:
            if following["cell_type"] == "code" or following.get("metadata", {}).get("tags") and "explanation" in tags(following):
                break
            text = source(following)
            assert f"`{check}`" not in text and f"{check} check" not in text, (
                f"cell {index}: the markdown under it names its deciding check {check!r} before Check; fold it in <details>")


def test_no_lead_in_names_a_study_case_whose_label_is_the_answer(lab):
    """A case id reads as its status (``old-revision``, ``dev-environment``): the prose since the
    previous exercise never names a case (as code, `` `old-revision` ``), of either case set, labelled with the Predict's answer,
    but for the case a ``Predict.case`` asks about (its id is its title). 03 once built its Predict
    from ``old-revision``, named it, and the answer was that case's label."""
    from groundlab import load_case_set

    path, cells, values = lab
    labels = {case.id: str(case.expected) for name in (None, "config_contract_more.json") for case in load_case_set(name)}
    marks = exercise_cells(cells)
    for index, predict in predicts(cells, values):
        answer = predict._answer()[0]
        start = max([m + 1 for m in marks if m < index], default=0)
        prose = "\n".join(source(c) for c in cells[start:index] if c["cell_type"] == "markdown")
        own = set(re.findall(r'Predict\.case\(\w+, "([\w-]+)"', source(cells[index])))
        named_cases = [i for i, label in labels.items()
                       if label == answer and i not in own and f"`{i}`" in prose]
        assert named_cases == [], f"cell {index}: the lead-in names {named_cases}, labelled {answer}, the answer"


def test_the_answer_key_is_current_for_this_notebook(lab):
    """docs/answer-key.md's part for this notebook is what its run computes now (tools/answer_key.py)."""
    from tools.answer_key import markers, notebook_key, part

    path, cells, values = lab
    key = (NOTEBOOKS.parent / "docs" / "answer-key.md").read_text(encoding="utf-8")
    current = notebook_key(path, cells, values, values[-1])
    assert part(key, *markers(path.name[:2])) == current, "regenerate it: python tools/answer_key.py --write docs/answer-key.md"
    for _, predict in predicts(cells, values):
        assert f"`{predict._answer()[0]}`" in current
