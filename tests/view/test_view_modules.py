"""The view's modules: one concept each, light ones standard-library only, one trace vocabulary."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import groundlab

VIEW = Path(groundlab.__file__).resolve().parent / "view"


def loaded_after(module: str) -> list[str]:
    code = (
        f"import sys, {module}\n"
        "print(sorted(m for m in ('ipywidgets', 'pandas', 'matplotlib', 'pydantic') if m in sys.modules))"
    )
    return ast.literal_eval(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)


@pytest.mark.parametrize(
    "module, heavy",
    [
        ("groundlab.view.css", []),
        ("groundlab.view.html", []),
        ("groundlab.view.verdict_html", []),
        ("groundlab.view.lines", []),
        ("groundlab.view.styler", ["pandas"]),
        ("groundlab.view.answers", []),
        ("groundlab.view.widgets", ["ipywidgets"]),
    ],
)
def test_what_each_module_loads(module, heavy):
    loaded = loaded_after(module)
    if module == "groundlab.view.styler" and "matplotlib" in loaded:
        # pandas before 3.0 (the release CPython 3.10 gets) imports matplotlib with its Styler
        import pandas

        assert int(pandas.__version__.split(".")[0]) < 3
        loaded = [name for name in loaded if name != "matplotlib"]
    assert loaded == heavy


def test_the_widget_index_and_the_top_level_name_the_same_objects():
    pytest.importorskip("ipywidgets")
    from groundlab.view import widgets

    for name in widgets.__all__:
        if name in groundlab.__all__:
            assert getattr(groundlab, name) is getattr(widgets, name), name
    for name in ("ClaimEditor", "ClaimRow", "Predict", "PredictOutcome", "QuoteInspector", "Scoreboard", "trace_html"):
        assert getattr(groundlab, name) is getattr(widgets, name)


def test_only_the_trace_module_describes_trace_steps():
    # every other view module renders trace_rows / decided_row ("One trace view"); the cheat
    # sheet lists the constants themselves (the check order and its statuses), no trace step
    for path in sorted(VIEW.glob("*.py")):
        if path.name not in ("trace.py", "cheatsheet.py"):
            code = "\n".join(line for line in path.read_text(encoding="utf-8").splitlines() if "``" not in line)
            for word in ("REASONS", "failed_step(", "verdict.trace", "STATUS_OF_CHECK"):
                assert word not in code, (path.name, word)
