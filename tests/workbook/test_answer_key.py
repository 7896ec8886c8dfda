"""The instructor's answer key (docs/answer-key.md): each notebook's part is checked where its
cells run (test_conventions.py); here, the capstone's labels and the demo's verdicts, which the
library computes without a notebook, and that every numbered notebook has its part."""

from __future__ import annotations

from pathlib import Path

from groundlab import verify_answer
from groundlab.workbook import load_capstone
from tools.answer_key import CAPSTONE_END, CAPSTONE_START, DEMO_END, DEMO_START, capstone_key, demo_key, markers, part
from tools.notebooks import LESSON_GLOB

ROOT = Path(__file__).resolve().parents[2]
KEY = (ROOT / "docs" / "answer-key.md").read_text(encoding="utf-8")


def test_the_capstones_labels_are_current():
    assert part(KEY, CAPSTONE_START, CAPSTONE_END) == capstone_key(), "regenerate it: python tools/answer_key.py --write docs/answer-key.md"
    capstone = load_capstone()
    for answer_id, raw in capstone.answers.items():
        assert f"| {answer_id} | `{verify_answer(raw, capstone.request, capstone.sources).status}` |" in KEY


def test_the_demos_verdicts_are_current():
    assert part(KEY, DEMO_START, DEMO_END) == demo_key()
    assert part(KEY, DEMO_START, DEMO_END).count("\n| S") == 6


def test_every_numbered_notebook_has_its_part_in_order():
    numbers = [p.name[:2] for p in sorted((ROOT / "notebooks").glob(LESSON_GLOB))]
    places = [KEY.find(markers(n)[0]) for n in numbers]
    assert -1 not in places and places == sorted(places)
    assert KEY.find(CAPSTONE_START) > places[-1]
