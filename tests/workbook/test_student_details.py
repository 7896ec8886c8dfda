"""Every collapsed ``<details>`` block of the workbook is tagged, and student copies remove
each kind deliberately: solution cells go, explanation blocks go, the rest of a cell stays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tools.notebooks import EXPLANATION_TAG, SOLUTION_TAG, student_copy, tags, untagged_details

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
ALL = sorted(NOTEBOOKS.glob("*.ipynb"))


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def source(cell) -> str:
    return "".join(cell["source"])


def markdown(text: str, *cell_tags: str) -> dict:
    return {"cell_type": "markdown", "metadata": {"tags": list(cell_tags)} if cell_tags else {}, "source": text}


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_no_details_cell_is_untagged(path):
    assert untagged_details(load(path)) == []


def test_details_cells_carry_exactly_one_of_the_two_tags():
    """Over the whole workbook (most notebooks hold no ``<details>`` block): every tagged cell is
    a markdown ``<details>`` cell, and every such cell carries exactly one of the two tags."""
    cells = [(path.name, index, cell) for path in ALL for index, cell in enumerate(load(path)["cells"])]
    tagged = [(name, index, cell) for name, index, cell in cells if {SOLUTION_TAG, EXPLANATION_TAG} & set(tags(cell))]
    details = [(name, index, cell) for name, index, cell in cells if cell["cell_type"] == "markdown" and "<details" in source(cell)]
    assert len(details) >= 2 and tagged
    for name, index, cell in tagged:
        assert cell["cell_type"] == "markdown" and "<details>" in source(cell), f"{name} cell {index}"
    for name, index, cell in details:
        kinds = {SOLUTION_TAG, EXPLANATION_TAG} & set(tags(cell))
        assert len(kinds) == 1, f"{name} cell {index} is tagged {sorted(kinds)}"


def test_the_explanations_are_tagged():
    explained = {
        path.name: [i for i, c in enumerate(load(path)["cells"]) if EXPLANATION_TAG in tags(c)] for path in ALL
    }
    assert {name: cells for name, cells in explained.items() if cells} == {
        "02_real_quote_not_enough.ipynb": [11],
        "06_the_22_case_study.ipynb": [46],
        "08_testing_around_the_model.ipynb": [10],  # below "Private values in the quotes": folded, after Check
        "09_what_verification_does_not_prove.ipynb": [14],  # below "Half a fix"
    }


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_student_copies_hold_no_details_block(path):
    notebook = load(path)
    copy = student_copy(notebook)
    assert not any("<details" in source(c) or "</details>" in source(c) for c in copy["cells"])
    removed = sum(SOLUTION_TAG in tags(c) for c in notebook["cells"])
    removed += sum(
        EXPLANATION_TAG in tags(c) and source(c).lstrip().startswith("<details") and source(c).rstrip().endswith("</details>")
        for c in notebook["cells"]
    )
    assert len(copy["cells"]) == len(notebook["cells"]) - removed


def test_an_explanation_keeps_its_heading_in_the_student_copy():
    notebook = load(NOTEBOOKS / "06_the_22_case_study.ipynb")
    cell_id = notebook["cells"][46]["id"]
    copy = student_copy(notebook)
    (kept,) = [c for c in copy["cells"] if c.get("id") == cell_id]
    assert kept["source"] == "### Step 5: explain the change"
    assert EXPLANATION_TAG in tags(kept)


def test_an_explanation_that_is_only_a_details_block_is_dropped():
    notebook = load(NOTEBOOKS / "02_real_quote_not_enough.ipynb")
    cell_id = notebook["cells"][11]["id"]
    assert cell_id not in [c.get("id") for c in student_copy(notebook)["cells"]]


def test_explanation_text_around_the_block_stays():
    notebook = {
        "metadata": {},
        "cells": [
            markdown("before\n\n<details><summary>Why</summary>\n\nthe answer\n\n</details>\n\nafter", EXPLANATION_TAG),
            markdown("<details><summary>Solution</summary>\n\ncode\n\n</details>", SOLUTION_TAG),
            markdown("plain text"),
        ],
    }
    assert [c["source"] for c in student_copy(notebook)["cells"]] == ["before\n\nafter", "plain text"]


def test_an_untagged_details_cell_stops_the_student_copy():
    notebook = {
        "metadata": {},
        "cells": [markdown("intro"), markdown("<details><summary>Why</summary>\n\nthe answer\n\n</details>")],
    }
    assert untagged_details(notebook) == [1]
    with pytest.raises(ValueError, match=r"cells \[1\] hold <details> but are tagged neither 'solution' nor 'explanation'"):
        student_copy(notebook)


@pytest.mark.parametrize(
    "source",
    [
        "<details><summary>a</summary><details>inner</details> SECRET </details>",
        "<details><summary>a</summary> SECRET",
        "intro\n<DETAILS>SECRET</DETAILS> more <details>",
    ],
)
def test_an_explanation_that_cannot_be_removed_whole_stops_the_copy(source):
    notebook = {"cells": [{"cell_type": "markdown", "metadata": {"tags": ["explanation"]}, "source": source}], "metadata": {}}
    with pytest.raises(ValueError, match="cannot be removed whole"):
        student_copy(notebook)


def test_a_details_block_in_any_case_needs_a_tag():
    notebook = {"cells": [{"cell_type": "markdown", "metadata": {}, "source": "<Details>SECRET</Details>"}], "metadata": {}}
    assert untagged_details(notebook) == [0]
    explained = {"cells": [{"cell_type": "markdown", "metadata": {"tags": ["explanation"]}, "source": "Why:\n<DETAILS>SECRET</DETAILS>"}], "metadata": {}}
    assert [c["source"] for c in student_copy(explained)["cells"]] == ["Why:"]
