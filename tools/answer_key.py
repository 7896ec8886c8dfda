"""The instructor's answer key, ``docs/answer-key.md``, computed by the library when it is written.

``python tools/answer_key.py --write docs/answer-key.md`` runs each numbered notebook's code
cells in this process (as a learner would run them, in the notebook's folder), asks every
Predict widget for its answer and its why, and every make or modify exercise for its solution;
it adds the capstone's labels (``verify_answer`` on each of the dozen, with its deciding check)
and the classroom demo's verdicts (``tools/notebooks.py``'s demo script). Without ``--write`` it
prints the key. The key is English whatever ``GROUNDLAB_LANG`` says: each part is rendered under
``en`` (:func:`in_english`). Each notebook's part sits between its own markers, so a test that has run a
notebook's cells checks that part (``tests/workbook/test_conventions.py``).

The key is the instructor's: the kit never holds it (``tools/kit.py``). Workbook tooling, not
library code.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import io
import os
import re
import sys
import warnings
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Sequence

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from tools.notebooks import EXERCISE_TAG, LESSON_GLOB, SCRIPT_END, SCRIPT_START, demo_script, read_notebook, sections, tags, text  # noqa: E402

HEAD = """# Answer key

For the instructor only: not in the learner kit. Every answer below was computed by groundlab
when this file was generated (`python tools/answer_key.py --write docs/answer-key.md`; a test
keeps it current), the way each notebook computes it when a learner presses *Check*.
"""
CAPSTONE_START, CAPSTONE_END = "<!-- answer key: the capstone's labels -->", "<!-- end of the capstone's labels -->"
DEMO_START, DEMO_END = "<!-- answer key: the demo's verdicts -->", "<!-- end of the demo's verdicts -->"


def in_english(function):
    """``function`` rendered in English whatever the language in force (``GROUNDLAB_LANG``, an
    earlier ``set_language``), which is restored afterwards."""
    import functools

    @functools.wraps(function)
    def english(*args: Any, **kwargs: Any) -> Any:
        from groundlab.core.language import language_scope

        with language_scope("en"):
            return function(*args, **kwargs)

    return english


def markers(number: str) -> tuple[str, str]:
    """The markers around notebook ``number``'s part of the key."""
    return f"<!-- answer key: notebook {number} -->", f"<!-- end of notebook {number} -->"


def run_cells(path: Path, only: set[int] | None = None) -> tuple[list[dict], dict[int, Any], dict]:
    """Run every code cell of ``path`` (or only those indexed in ``only``) in one namespace, in its
    folder, without a display; return ``(cells, values, namespace)``: ``values`` holds the value of
    each cell that ends in an expression, by cell index. The notebook convention tests run cells so too."""
    import matplotlib.pyplot as plt

    cells = read_notebook(path)["cells"]
    namespace: dict = {"__name__": "__notebook__"}
    values: dict[int, Any] = {}
    here = os.getcwd()
    os.chdir(path.parent)
    try:
        with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):  # the cells' prints are not the key
            warnings.simplefilter("ignore")
            for index, cell in enumerate(cells):
                if cell["cell_type"] != "code" or not text(cell).strip() or (only is not None and index not in only):
                    continue
                tree = ast.parse(text(cell))
                last = tree.body.pop() if isinstance(tree.body[-1], ast.Expr) else None
                exec(compile(tree, f"{path.name}:cell{index}", "exec"), namespace)
                if last is not None:
                    values[index] = eval(compile(ast.Expression(last.value), f"{path.name}:cell{index}", "eval"), namespace)
    finally:
        os.chdir(here)
        plt.close("all")
    return cells, values, namespace


def _cell(value: str) -> str:
    return " ".join(str(value).split()).replace("|", "\\|")


@in_english
def notebook_key(path: Path, cells: list[dict], values: dict[int, Any], namespace: dict) -> str:
    """Notebook ``path``'s part of the key, from its run (:func:`run_cells`): a table of its
    Predicts (section badge, title, answer, why) and each exercise's solution, between :func:`markers`."""
    from groundlab.workbook import Exercise, Predict

    number = path.name[:2]
    start, end = markers(number)
    badge_of = {i: badge for badge, indices in sections({"cells": cells}) for i in indices}
    title = text(cells[0]).splitlines()[0].lstrip("# ").strip()
    lines = [start, "", f"## {title}", ""]
    predicts = [(i, v) for i, v in sorted(values.items()) if isinstance(v, Predict) and EXERCISE_TAG in tags(cells[i])]
    if predicts:
        lines += ["| section | Predict | answer | why |", "|---|---|---|---|"]
        for index, predict in predicts:
            answer, why = predict._answer()
            lines.append(f"| {badge_of.get(index, 'core')} | {_cell(predict.title)} | `{_cell(answer)}` | {_cell(why)} |")
        lines.append("")
    exercises = {}
    for name, value in namespace.items():
        if isinstance(value, Exercise):
            exercises[name] = value
        elif isinstance(value, SimpleNamespace):
            exercises.update({f"{name}.{attr}": q for attr, q in vars(value).items() if isinstance(q, Exercise)})
    for name, exercise in exercises.items():
        solution = exercise._solution  # not .solution(): that marks it shown
        lines += [f"**{_cell(exercise.title)}** (`{name}`): {_cell(exercise.task)}", "", "```python", str(solution).rstrip(), "```", ""]
    if not predicts and not exercises:
        lines += ["No Predict or exercise.", ""]
    return "\n".join(lines + [end])


@in_english
def capstone_key() -> str:
    """The capstone's dozen with the status and deciding check groundlab gives each, between the markers."""
    from groundlab import decided_row, verify_answer
    from groundlab.workbook import load_capstone

    capstone = load_capstone()
    lines = [CAPSTONE_START, "", "## The capstone's labels", "", "| answer | status | deciding check |", "|---|---|---|"]
    for answer_id, raw in capstone.answers.items():
        verdict = verify_answer(raw, capstone.request, capstone.sources)
        row = decided_row(verdict, capstone.request, capstone.sources)
        lines.append(f"| {_cell(answer_id)} | `{verdict.status}` | {_cell('every check passed' if row is None else row.line)} |")
    return "\n".join(lines + ["", CAPSTONE_END])


@in_english
def demo_key() -> str:
    """The classroom demo's verdicts (the demo script's table), between the markers."""
    table = demo_script().replace(SCRIPT_START, "").replace(SCRIPT_END, "").strip()
    return "\n".join([DEMO_START, "", "## The classroom demo's verdicts", "", table, "", DEMO_END])


@in_english
def answer_key(folder: Path = ROOT / "notebooks") -> str:
    """The whole key: every numbered notebook with a Predict or an exercise, the capstone's labels, the demo."""
    parts = [HEAD]
    for path in sorted(folder.glob(LESSON_GLOB)):
        parts.append(notebook_key(path, *run_cells(path)))
    parts += [capstone_key(), demo_key()]
    return "\n\n".join(parts) + "\n"


def part(text_: str, start: str, end: str) -> str:
    """The part of ``text_`` from ``start`` to ``end``, markers included (``""`` when missing)."""
    if start not in text_:
        return ""
    return start + text_.split(start, 1)[1].split(end, 1)[0] + end


def main(argv: Sequence[str] | None = None) -> int:
    """``python tools/answer_key.py [--write FILE]``."""
    parser = argparse.ArgumentParser(prog="python tools/answer_key.py", description=__doc__.split("\n")[0])
    parser.add_argument("--write", metavar="FILE", help="write the key to FILE (docs/answer-key.md) instead of printing it")
    args = parser.parse_args(argv)
    os.environ.setdefault("MPLBACKEND", "Agg")
    key = answer_key()
    if not args.write:
        print(key, end="")
        return 0
    target = Path(args.write)
    partial = target.with_name(f".{target.name}.partial")
    partial.write_text(key, encoding="utf-8", newline="\n")
    os.replace(partial, target)
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
