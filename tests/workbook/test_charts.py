"""The study's charts: exact numbers on the bars, the Okabe-Ito palette, hatches besides colour."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

pytest.importorskip("pandas")
matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.colors as mcolors  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402

from groundlab.core.contract import Status  # noqa: E402
from groundlab.workbook.presentation import charts, tables  # noqa: E402
from groundlab.workbook.presentation.html import OKABE_ITO  # noqa: E402


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
    assert [t.get_text() for t in ax.get_xticklabels()] == ["strict JSON", "citation-only check", "full contract"]
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


def widths(ax):
    return [p.get_width() for p in ax.patches]


def fake_result(*rows):
    """A study result holding only ``rows``: ``(expected, citation_only_ok, actual)`` each."""
    return SimpleNamespace(
        rows=[SimpleNamespace(expected=Status(e), citation_only_ok=c, actual=Status(a)) for e, c, a in rows]
    )


def test_baseline_chart(result):
    fig = charts.baseline_chart(result)
    (ax,) = fig.axes
    assert ax.get_title() == "Answers accepted that should be rejected\n(citation-only check 10, contract 0)"
    assert ax.get_xlabel() == "wrongly accepted answers"
    assert ax.get_ylabel() == "expected status (label)"
    frame = tables.baseline_frame(result)
    shown = list(frame[frame["citation_only_false_accepts"] > 0]["expected"])
    assert [t.get_text() for t in ax.get_yticklabels()] == shown
    assert shown == [s.value for s in Status][2:9]  # no row for the two statuses nothing slipped through
    assert [t.get_text() for t in ax.texts] == ["1", "1", "2", "1", "2", "2", "1"]
    assert widths(ax) == [1, 1, 2, 1, 2, 2, 1]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["citation-only check"]
    assert set(hexes(ax.patches)) == {OKABE_ITO["orange"]}
    assert {p.get_hatch() for p in ax.patches} == {"//"}


def test_baseline_chart_draws_no_zero_bar_and_no_empty_legend_entry(result):
    (ax,) = charts.baseline_chart(result).axes
    assert all(width > 0 for width in widths(ax))
    legend = ax.get_legend()
    assert all(text.get_text() for text in legend.get_texts())
    assert len(legend.legend_handles) == len({p.get_facecolor() for p in ax.patches})


def test_baseline_chart_with_both_layers_skips_each_zero_bar():
    found = fake_result(
        ("SCOPE_MISMATCH", True, "SCOPE_MISMATCH"),
        ("SCOPE_MISMATCH", True, "SCOPE_MISMATCH"),
        ("VALUE_MISMATCH", False, "ACCEPT"),
        ("NO_CITATION", False, "NO_CITATION"),
        ("ACCEPT", True, "ACCEPT"),
    )
    (ax,) = charts.baseline_chart(found).axes
    assert ax.get_title() == "Answers accepted that should be rejected\n(citation-only check 2, contract 1)"
    assert [t.get_text() for t in ax.get_yticklabels()] == ["SCOPE_MISMATCH", "VALUE_MISMATCH"]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["citation-only check", "full contract"]
    assert widths(ax) == [2, 1]  # one citation-only bar, one contract bar; the two zeros are not drawn
    assert hexes(ax.patches) == [OKABE_ITO["orange"], OKABE_ITO["blue"]]
    assert [p.get_hatch() for p in ax.patches] == ["//", ""]
    assert [t.get_text() for t in ax.texts] == ["2", "1"]


def test_baseline_chart_without_false_accepts_says_so():
    (ax,) = charts.baseline_chart(fake_result(("NO_CITATION", False, "NO_CITATION"))).axes
    assert len(ax.patches) == 0 and ax.get_legend() is None
    assert ax.get_title() == "Answers accepted that should be rejected\n(citation-only check 0, contract 0)"
    assert [t.get_text() for t in ax.texts] == ["no answer was wrongly accepted"]


def test_chart_numbers_are_the_frames(result):
    numbers = charts.chart_numbers(result)
    assert list(numbers) == ["funnel", "reasons", "baseline"]
    assert numbers["funnel"].equals(tables.funnel_frame(result))
    assert numbers["reasons"].equals(tables.reason_frame(result))
    assert numbers["baseline"].equals(tables.baseline_frame(result))


def test_chart_docstrings_ask_for_the_numbers_as_a_table():
    for fn in (charts.funnel_chart, charts.reason_chart, charts.baseline_chart):
        assert "nbval does not compare images" in fn.__doc__
