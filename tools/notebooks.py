"""Workbook tooling: execute notebooks cleanly, make student copies, extract solutions.

The workbook's conventions (CONTRIBUTING.md):

* exercises and solutions are cells tagged ``exercise`` and ``solution``;
* a solution is code inside a collapsed ``<details>`` markdown block, never an
  executed cell; :func:`solution_blocks` extracts each fenced ``python`` block so a
  test can run it;
* every markdown cell holding a ``<details>`` block carries one of two tags, and the
  student copies treat each deliberately: ``solution`` (the cell is dropped) or
  ``explanation``, the reasoning behind a Predict exercise's answer (its ``<details>``
  blocks are dropped, the rest of the cell stays; a cell left blank is dropped). A
  ``<details>`` cell with neither tag makes :func:`student_copy` refuse, so no answer
  slips through untagged;
* stored notebooks are one fresh top-to-bottom run, saved without widget state
  (``metadata.widgets`` removed), so no answer hides in metadata, and with the
  stream outputs of each cell merged (as nbval compares them), so how the kernel
  happened to flush ``print`` output does not change the file.

Command line (``python tools/notebooks.py``, which ``make notebooks`` and
``make student`` run):

* ``execute NOTEBOOK...`` -- run each notebook top to bottom in a fresh kernel
  (working directory: the notebook's folder), strip widget state, save in place;
* ``student SRC_DIR OUT_DIR`` -- write copies without outputs, solution cells and
  explanations to ``OUT_DIR`` (refuses to write into ``SRC_DIR``).

This is workbook tooling, not library code: nothing in ``groundlab`` imports it.
nbformat and nbclient are imported when these functions run.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any, Sequence

__all__ = [
    "SOLUTION_TAG",
    "EXPLANATION_TAG",
    "EXERCISE_TAG",
    "untagged_details",
    "execute_notebook",
    "solution_blocks",
    "strip_widget_state",
    "student_copy",
    "write_student_copies",
]

SOLUTION_TAG = "solution"
"""Cell tag of a markdown cell that holds a collapsed solution."""
EXPLANATION_TAG = "explanation"
"""Cell tag of a markdown cell whose ``<details>`` block explains a Predict exercise's answer."""
EXERCISE_TAG = "exercise"
"""Cell tag of an exercise cell (a Predict widget, or a modify/make task)."""

_FENCE = re.compile(r"```python\n(.*?)```", re.DOTALL)
_DETAILS = re.compile(r"<details\b.*?</details>[ \t]*\n*", re.DOTALL)


def tags(cell: Any) -> list[str]:
    """The tags of a notebook cell (``[]`` when it has none)."""
    return list(cell.get("metadata", {}).get("tags", []))


def text(cell: Any) -> str:
    """A cell's source as one string (stored notebooks keep it as a list of lines)."""
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def untagged_details(notebook: Any) -> list[int]:
    """The index of every markdown cell that holds ``<details>`` but is tagged neither
    ``solution`` nor ``explanation``."""
    return [
        index
        for index, cell in enumerate(notebook["cells"])
        if cell["cell_type"] == "markdown"
        and "<details" in text(cell)
        and not {SOLUTION_TAG, EXPLANATION_TAG} & set(tags(cell))
    ]


def solution_blocks(notebook: Any) -> list[tuple[int, str]]:
    """Every fenced ``python`` block inside solution cells, as ``(cell index, code)``.

    ``notebook`` is an ``nbformat.NotebookNode`` (or the same dict shape).
    """
    blocks = []
    for index, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] == "markdown" and SOLUTION_TAG in tags(cell):
            for code in _FENCE.findall("".join(cell["source"])):
                blocks.append((index, code))
    return blocks


def strip_widget_state(notebook: Any) -> Any:
    """Remove saved widget state (``metadata.widgets``) in place; return the notebook."""
    notebook.get("metadata", {}).pop("widgets", None)
    return notebook


def execute_notebook(path: str | Path, timeout: int = 600) -> None:
    """Run ``path`` top to bottom in a fresh ``python3`` kernel and save it in place,
    without widget state and with each cell's stream outputs merged. Raises ``nbclient.exceptions.CellExecutionError`` when a
    cell not tagged ``raises-exception`` fails (the file is then left unchanged)."""
    import nbformat
    from nbclient import NotebookClient

    path = Path(path)
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(
        notebook,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
        record_timing=False,
        coalesce_streams=True,
    )
    client.execute()
    strip_widget_state(notebook)
    nbformat.write(notebook, path)


def student_copy(notebook: Any) -> Any:
    """A copy of ``notebook`` without outputs, execution counts, widget state,
    solution cells or the ``<details>`` blocks of explanation cells. Exercise cells stay.

    ``ValueError`` if a markdown cell holds ``<details>`` without either tag."""
    import copy

    untagged = untagged_details(notebook)
    if untagged:
        raise ValueError(
            f"cells {untagged} hold <details> but are tagged neither {SOLUTION_TAG!r} nor "
            f"{EXPLANATION_TAG!r}: tag each so the student copy knows what to remove"
        )
    result = copy.deepcopy(notebook)
    kept = []
    for cell in result["cells"]:
        if SOLUTION_TAG in tags(cell):
            continue
        if EXPLANATION_TAG in tags(cell):
            remaining = _DETAILS.sub("", text(cell)).strip()
            if not remaining:
                continue
            cell["source"] = remaining
        kept.append(cell)
    result["cells"] = kept
    for cell in result["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
    strip_widget_state(result)
    return result


def write_student_copies(src: str | Path, out: str | Path) -> list[Path]:
    """Write :func:`student_copy` of every ``src/*.ipynb`` to ``out`` (created if
    needed); return the paths written. ``ValueError`` if ``out`` is ``src``."""
    import nbformat

    src, out = Path(src), Path(out)
    if out.resolve() == src.resolve():
        raise ValueError("the student copies must go to another folder than the notebooks")
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for path in sorted(src.glob("*.ipynb")):
        target = out / path.name
        nbformat.write(student_copy(nbformat.read(path, as_version=4)), target)
        written.append(target)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """``python tools/notebooks.py execute|student ...``; returns the exit code."""
    parser = argparse.ArgumentParser(prog="python tools/notebooks.py", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("execute", help="run notebooks top to bottom and save them without widget state")
    run.add_argument("paths", nargs="+")
    student = sub.add_parser("student", help="write student copies without outputs, solutions and explanations")
    student.add_argument("src")
    student.add_argument("out")
    args = parser.parse_args(argv)
    if args.command == "execute":
        for path in args.paths:
            print(f"executing {path}", flush=True)
            execute_notebook(path)
        return 0
    for path in write_student_copies(args.src, args.out):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
