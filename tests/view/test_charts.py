"""The study's charts: exact numbers on the bars, the Okabe-Ito palette, hatches besides colour."""

from __future__ import annotations

import pytest

pytest.importorskip("pandas")
matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.colors as mcolors  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402

from groundlab.core.contract import Status  # noqa: E402
from groundlab.view import charts, tables  # noqa: E402
from groundlab.view.html import OKABE_ITO  # noqa: E402


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


# ---------------------------------------------------------------- charts


def hexes(patches):
    return [mcolors.to_hex(p.get_facecolor()).upper() for p in patches]


def test_funnel_chart(result):
    fig = charts.funnel_chart(result)
    (ax,) = fig.axes
    assert ax.get_title() == "How many of 22 answers each layer accepts"
    assert ax.get_xlabel() == "admission layer (weakest first)"
    assert ax.get_ylabel() == "answers accepted"
    assert [t.get_text() for t in ax.get_xticklabels()] == ["strict JSON", "quote exists", "full contract"]
    assert [t.get_text() for t in ax.texts] == ["17 of 22", "13 of 22", "3 of 22"]
    assert [p.get_height() for p in ax.patches] == [17, 13, 3]
    assert hexes(ax.patches) == [OKABE_ITO["sky_blue"], OKABE_ITO["orange"], OKABE_ITO["bluish_green"]]


def test_reason_chart(result):
    fig = charts.reason_chart(result)
    (ax,) = fig.axes
    assert ax.get_title() == "Contract status of each of the 22 answers"
    assert ax.get_xlabel() == "number of answers"
    assert ax.get_ylabel() == "contract status (checks in order)"
    assert [t.get_text() for t in ax.get_yticklabels()] == [s.value for s in Status]
    assert [t.get_text() for t in ax.texts] == ["5", "4", "1", "1", "2", "1", "2", "2", "1", "3"]
    assert hexes(ax.patches) == [OKABE_ITO["vermillion"]] * 9 + [OKABE_ITO["bluish_green"]]
    assert [p.get_hatch() for p in ax.patches] == ["//"] * 9 + [""]  # not colour alone


def test_baseline_chart(result):
    fig = charts.baseline_chart(result)
    (ax,) = fig.axes
    assert ax.get_title() == "Answers accepted that should be rejected: citation only 10, contract 0"
    assert ax.get_xlabel() == "wrongly accepted answers"
    assert ax.get_ylabel() == "expected status (label)"
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert labels == list(tables.baseline_frame(result)["expected"])
    texts = [t.get_text() for t in ax.texts]
    assert texts == ["0", "0", "1", "1", "2", "1", "2", "2", "1"] + ["0"] * 9
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["citation only (quote exists)", "full contract"]
    assert set(hexes(ax.patches[:9])) == {OKABE_ITO["orange"]}
    assert set(hexes(ax.patches[9:])) == {OKABE_ITO["blue"]}
    assert {p.get_hatch() for p in ax.patches[:9]} == {"//"}


def test_chart_numbers_are_the_frames(result):
    numbers = charts.chart_numbers(result)
    assert list(numbers) == ["funnel", "reasons", "baseline"]
    assert numbers["funnel"].equals(tables.funnel_frame(result))
    assert numbers["reasons"].equals(tables.reason_frame(result))
    assert numbers["baseline"].equals(tables.baseline_frame(result))


def test_chart_docstrings_ask_for_the_numbers_as_a_table():
    for fn in (charts.funnel_chart, charts.reason_chart, charts.baseline_chart):
        assert "nbval does not compare images" in fn.__doc__
