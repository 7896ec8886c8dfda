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
# `lab` command, the goals of the lab exercises, the glossary and docs/glossary.md, which define them, and the answer key, which holds the lab's answers.
LAB_PLACES = (
    "notebooks/10_", "notebooks/11_", "groundlab/lab/", "groundlab/workbook/presentation/lab_", "groundlab/workbook/exercises/goals.py", "groundlab/workbook/lessons/lab.py",
    "groundlab/workbook/exercises/answers.py", "groundlab/workbook/lessons/glossary.py", "groundlab/workbook/lessons/predict_hints.py", "groundlab/workbook/lessons/cheatsheet.py", "groundlab/cli.py",
    "groundlab/__init__.py", "docs/api.md", "docs/architecture.md", "docs/glossary.md", "docs/instructor.md", "docs/answer-key.md", "docs/translating.md", "README.md", "CONTRIBUTING.md",
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


# The texts outside the lab's places: each is checked for the lab's words. (The lab's places
# get no item here, so no item has nothing to check.)
OUTSIDE_THE_LAB = [(name, text) for name, text in TEXTS if not name.startswith(LAB_PLACES)]


@pytest.mark.parametrize("name, text", OUTSIDE_THE_LAB, ids=[n for n, _ in OUTSIDE_THE_LAB])
def test_ladder_and_rung_belong_to_the_checker_lab(name, text):
    used = sorted({word for word in LAB_WORDS if whole(word).search(text)})
    assert used == [], f"{name} says {used}: the contract's record is its trace, made of checks"


def test_every_lab_place_exists_and_the_lab_uses_its_words():
    """Each entry of LAB_PLACES names files that exist (no stale exemption), and the lab's
    places do use the words, so the exemption is needed."""
    stale = [place for place in LAB_PLACES if not list(ROOT.glob(place + ("**/*" if place.endswith("/") else "*")))]
    assert stale == []
    inside = [name for name, text in TEXTS if name.startswith(LAB_PLACES) and any(whole(w).search(text) for w in LAB_WORDS)]
    assert "groundlab/lab/ladder.py" in inside and "notebooks/10_the_checker_lab.ipynb" in inside
    assert len(OUTSIDE_THE_LAB) > 80 and len(OUTSIDE_THE_LAB) + len([n for n, _ in TEXTS if n.startswith(LAB_PLACES)]) == len(TEXTS)


def test_the_test_finds_a_replaced_name():
    assert whole("quote exists").search("the Quote exists layer")
    assert not whole("citation only").search("the citation-only check")
    assert whole("rung").search("the fuzzy rung.") and not whole("rung").search("wrung")
    assert AVOIDED and len(TEXTS) > 40
