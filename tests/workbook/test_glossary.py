"""One name per idea: the names the glossary replaces appear nowhere a learner or a developer reads.

The glossary (``groundlab.workbook.lessons.glossary.GLOSSARY``) lists, for each idea, the names it
replaces; this test keeps them out of the notebooks (markdown and code), the library's
source (docstrings, widgets, CLI output), the README and docs. ``ladder`` and ``rung``
belong to the checker lab only.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from groundlab.workbook import GLOSSARY

ROOT = Path(__file__).resolve().parents[2]
AVOIDED = sorted({a for t in GLOSSARY for a in t.avoid})
LAB_WORDS = ("ladder", "rung", "rungs")
# Where the lab's words belong: the lab notebooks, the lab package and its views, the CLI's
# `lab` command, the goals of the lab exercises, and the glossary, which defines them.
LAB_PLACES = (
    "notebooks/10_", "notebooks/11_", "groundlab/lab/", "groundlab/workbook/presentation/lab_", "groundlab/workbook/exercises/goals.py", "groundlab/workbook/lessons/lab.py",
    "groundlab/workbook/exercises/answers.py", "groundlab/workbook/lessons/glossary.py", "groundlab/workbook/lessons/predict_hints.py", "groundlab/workbook/lessons/cheatsheet.py", "groundlab/cli.py",
    "groundlab/__init__.py", "docs/api.md", "docs/architecture.md", "docs/instructor.md", "README.md", "CONTRIBUTING.md",
    "benchmarks/",
)


def texts() -> list[tuple[str, str]]:
    found = []
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        found.append((f"notebooks/{path.name}", "\n".join("".join(c["source"]) for c in cells)))
    for path in sorted((ROOT / "groundlab").rglob("*.py")):
        if path.name != "glossary.py":
            found.append((path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8")))
    for path in [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]:
        found.append((path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8")))
    return found


TEXTS = texts()


def whole(word: str) -> re.Pattern:
    return re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])", re.IGNORECASE)


@pytest.mark.parametrize("name, text", TEXTS, ids=[n for n, _ in TEXTS])
def test_no_replaced_name_is_used(name, text):
    used = [word for word in AVOIDED if whole(word).search(text)]
    assert used == [], f"{name} uses {used}: the glossary names them otherwise"


@pytest.mark.parametrize("name, text", TEXTS, ids=[n for n, _ in TEXTS])
def test_ladder_and_rung_belong_to_the_checker_lab(name, text):
    if name.startswith(LAB_PLACES):
        return
    used = sorted({word for word in LAB_WORDS if whole(word).search(text)})
    assert used == [], f"{name} says {used}: the contract's record is its trace, made of checks"


def test_the_test_finds_a_replaced_name():
    assert whole("quote exists").search("the Quote exists layer")
    assert not whole("citation only").search("the citation-only check")
    assert AVOIDED and len(TEXTS) > 40
