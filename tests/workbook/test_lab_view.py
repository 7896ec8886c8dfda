"""The checker lab's tables, charts and make exercises: exact shapes and numbers, fixed ids, Okabe-Ito colours,
hatches besides colour, and each exercise's goal feedback word for word."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

pytest.importorskip("pandas")
pytest.importorskip("rapidfuzz")
matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.colors as mcolors  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402

from groundlab.workbook import beat_citation_only_exercise, dropped_not_exercise
from groundlab import (
    citation_only_verifier, explanation_confusion, load_explanation_set, load_perturbations, parse_claims,
    run_ladder, score_verifier,
)
from groundlab.workbook.presentation import lab_charts, lab_tables  # noqa: E402
from groundlab.workbook.presentation.html import OKABE_ITO  # noqa: E402

RUNGS = ["exact", "article", "is_quoted", "+nfkc", "+invisible", "+hyphen", "partial_95", "partial_90", "partial_80",
         "token_set_90"]
RESCUED = [16, 100, 196, 228, 244, 257, 259, 260, 260, 257]
LET_THROUGH = [13, 15, 1, 1, 1, 9, 52, 84, 112, 128]


@pytest.fixture(scope="module")
def ladder():
    return run_ladder()


@pytest.fixture(scope="module")
def confusion():
    return explanation_confusion(load_explanation_set())


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


# ---------------------------------------------------------------- the ladder's tables


def test_ladder_frame(ladder):
    frame = lab_tables.ladder_frame(ladder)
    assert frame.shape == (10, 6)
    assert list(frame.columns) == ["rung", "description", "rescued", "faithful", "let_through", "unfaithful"]
    assert list(frame["rung"]) == RUNGS
    assert list(frame["rescued"]) == RESCUED and list(frame["let_through"]) == LET_THROUGH
    assert set(frame["faithful"]) == {260} and set(frame["unfaithful"]) == {183}
    assert frame["description"].iloc[1] == "the article's rule: lower case, whitespace runs to one space, ends trimmed"


def test_ladder_kind_frame(ladder):
    frame = lab_tables.ladder_kind_frame(ladder)
    assert frame.shape == (33, 13)
    assert list(frame.columns) == ["kind", "label", "items", *RUNGS]
    assert list(frame.iloc[0]) == ["exact_copy", "faithful", 16] + [16] * 10
    pdf = frame.set_index("kind").loc["pdf_hyphen"]
    assert list(pdf[RUNGS]) == [0, 0, 0, 0, 0, 16, 16, 16, 16, 16]
    assert list(frame["label"]).count("faithful") == 19
    assert [int(frame[r].sum()) for r in RUNGS] == [a + b for a, b in zip(RESCUED, LET_THROUGH)]


def test_ladder_first_frame(ladder):
    frame = lab_tables.ladder_first_frame(ladder)
    assert frame.shape == (33, 4)
    rows = frame.set_index("kind")
    assert list(rows.loc["pdf_hyphen"]) == ["faithful", "+hyphen", "+hyphen"]
    assert list(rows.loc["inserted_adjective"]) == ["unfaithful", "partial_90", "never"]
    assert list(rows.loc["other_document"]) == ["unfaithful", "never", "never"]


def test_ladder_tables_have_fixed_ids_and_stable_reprs(ladder):
    table = lab_tables.ladder_table(ladder)
    assert repr(table) == "<groundlab table groundlab-quote-ladder: 10 rows × 6 columns>"
    assert "260 faithful, 183 unfaithful items" in table.to_html()
    assert repr(lab_tables.ladder_kind_table(ladder)) == "<groundlab table groundlab-quote-ladder-kinds: 33 rows × 13 columns>"
    assert repr(lab_tables.ladder_first_table(ladder)) == "<groundlab table groundlab-quote-ladder-firsts: 33 rows × 4 columns>"
    assert 'id="T_groundlab-quote-ladder-kinds"' in lab_tables.ladder_kind_table(ladder).to_html()


def test_ladder_tables_escape_what_the_items_name():
    items = [SimpleNamespace(id="x", kind="<script>alert(1)</script>", label="faithful", quote="abc", source="abc")]
    html = lab_tables.ladder_kind_table(run_ladder(items)).to_html()
    assert "<script>" not in html and "&lt;script&gt;" in html


# ---------------------------------------------------------------- the explanation set's tables


def test_explanation_confusion_frame(confusion):
    frame = lab_tables.explanation_confusion_frame(confusion)
    assert frame.to_dict("records") == [
        {"points": "bad (overstated, fabricated)", "dropped": 20, "kept": 22, "total": 42},
        {"points": "good (supported, paraphrase)", "dropped": 23, "kept": 34, "total": 57},
    ]
    table = lab_tables.explanation_confusion_table(confusion)
    assert repr(table) == "<groundlab table groundlab-explanation-confusion: 2 rows × 4 columns>"
    html = table.to_html()
    assert "It cannot catch real quotes under a false point: 22 of 22 overstated points were kept" in html
    assert "It wrongly drops honest paraphrases: 21 of 21 paraphrased points were dropped" in html


def test_explanation_label_and_decision_frames(confusion):
    frame = lab_tables.explanation_label_frame(confusion)
    assert frame.to_dict("records") == [
        {"label": "supported", "group": "good", "points": 36, "kept": 34, "dropped": 2},
        {"label": "paraphrase", "group": "good", "points": 21, "kept": 0, "dropped": 21},
        {"label": "overstated", "group": "bad", "points": 22, "kept": 22, "dropped": 0},
        {"label": "fabricated", "group": "bad", "points": 20, "kept": 0, "dropped": 20},
    ]
    assert repr(lab_tables.explanation_label_table(confusion)) == (
        "<groundlab table groundlab-explanation-labels: 4 rows × 5 columns>"
    )
    decisions = lab_tables.explanation_decision_frame(confusion)
    assert decisions.shape == (99, 4)
    assert list(decisions.iloc[0]) == ["backend-java", "backend-java-1", "supported", "✓ kept"]
    assert (decisions["decision"] == "✗ dropped").sum() == 43


# ---------------------------------------------------------------- charts


def hexes(patches):
    return [mcolors.to_hex(p.get_facecolor()).upper() for p in patches]


def test_ladder_chart(ladder):
    fig = lab_charts.ladder_chart(ladder)
    (ax,) = fig.axes
    assert ax.get_title() == "What each rung accepts: 260 faithful and 183 unfaithful quotes"
    assert ax.get_xlabel() == "rung of the ladder (strictest first)"
    assert ax.get_ylabel() == "quotes accepted"
    assert [t.get_text() for t in ax.get_xticklabels()] == RUNGS
    assert [t.get_text() for t in ax.texts] == [str(n) for n in RESCUED + LET_THROUGH]
    assert [p.get_height() for p in ax.patches] == RESCUED + LET_THROUGH
    assert set(hexes(ax.patches[:10])) == {OKABE_ITO["bluish_green"]}
    assert set(hexes(ax.patches[10:])) == {OKABE_ITO["vermillion"]}
    assert {p.get_hatch() for p in ax.patches[10:]} == {"//"}  # not colour alone
    assert [t.get_text() for t in ax.get_legend().get_texts()] == [
        "faithful accepted (rescued, of 260)", "unfaithful accepted (let through, of 183)",
    ]


def test_ladder_kind_chart(ladder):
    fig = lab_charts.ladder_kind_chart(ladder)
    (ax,) = fig.axes
    assert ax.get_title() == "Quotes of each kind that each rung accepts"
    assert len(ax.patches) == len(ax.texts) == 33 * 10
    texts = [t.get_text() for t in ax.texts]
    assert texts[:10] == ["16/16"] * 10
    pdf_row = 4 * 10
    assert texts[pdf_row:pdf_row + 10] == ["0/16"] * 5 + ["16/16"] * 5
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert labels[0] == "exact_copy (faithful)" and labels[-1] == "compound_joined (unfaithful)"
    unfaithful_cells = ax.patches[19 * 10:]
    assert {p.get_hatch() for p in unfaithful_cells if p.get_alpha()} == {"//"}
    assert set(hexes(ax.patches[:19 * 10])) == {OKABE_ITO["bluish_green"]}


def test_ladder_kind_chart_shows_a_kind_name_with_dollar_signs_as_written(ladder):
    from dataclasses import replace

    rename = {"exact_copy": "price $5 and $6", "other_document": "a $^$ b, $\\frac$"}
    dollars = replace(  # the two renamed kinds only: drawing stays cheap
        ladder,
        per_kind=tuple(c._replace(kind=rename[c.kind]) for c in ladder.per_kind if c.kind in rename),
        firsts=tuple(f._replace(kind=rename[f.kind]) for f in ladder.firsts if f.kind in rename),
    )
    fig = lab_charts.ladder_kind_chart(dollars)
    fig.canvas.draw()  # mathtext would parse "$...$" here, and fail on "$5 and $"
    labels = [t.get_text() for t in fig.axes[0].get_yticklabels()]
    assert labels[0] == "price $5 and $6 (faithful)" and labels[-1] == "a $^$ b, $\\frac$ (unfaithful)"
    assert not any(t.get_parse_math() for t in fig.axes[0].get_yticklabels() + fig.axes[0].get_xticklabels())


def test_lab_chart_numbers_are_the_frames(ladder):
    numbers = lab_charts.lab_chart_numbers(ladder)
    assert list(numbers) == ["ladder", "kinds", "firsts"]
    assert numbers["ladder"].equals(lab_tables.ladder_frame(ladder))
    assert numbers["kinds"].equals(lab_tables.ladder_kind_frame(ladder))
    assert numbers["firsts"].equals(lab_tables.ladder_first_frame(ladder))


def test_chart_docstrings_ask_for_the_numbers_as_a_table():
    for fn in (lab_charts.ladder_chart, lab_charts.ladder_kind_chart):
        assert "nbval does not compare images" in fn.__doc__


# ---------------------------------------------------------------- the lab's make exercises

STARTER_QUOTE = "Working from another country is permitted without written approval from HR."


@pytest.fixture(scope="module")
def policy():
    return load_perturbations()["dropped_not-16"].source


@pytest.fixture(scope="module")
def baseline():
    return score_verifier(citation_only_verifier, name="citation-only")


def solved(q, name):
    namespace = {"citation_only_verifier": citation_only_verifier, "parse_claims": parse_claims}
    exec(compile(q.solution(), "solution", "exec"), namespace)
    return namespace[name]


def test_dropped_not_exercise_goal_says_what_is_still_wrong(policy):
    q = dropped_not_exercise(policy)
    assert len(q.hints) == 2
    assert q.check(STARTER_QUOTE) == (False, "is_quoted refuses it; partial_95 should accept it, but it refuses it.")
    assert q.check("Working from another country is not permitted") == (
        False, "is_quoted should refuse it, but it accepts it; partial_95 accepts it.",
    )
    answer = solved(q, "answer")
    assert len(answer) == 153 and "not" not in answer.split()
    assert q.check(answer) == (True, "is_quoted refuses it; partial_95 accepts it.")
    assert not q.outcome.right  # the solution was shown first: a right check no longer counts


def test_beat_citation_only_exercise_goal_says_what_is_still_wrong(baseline):
    q = beat_citation_only_exercise(baseline)
    assert len(q.hints) == 2 and q.task == "Agree on more than 280 of 555 cases, and raise on none."
    assert q.check(citation_only_verifier) == (False, (
        "280 of 555 agree, 0 raised; citation-only agrees on 280 of 555; it should agree on more than 280. "
        "First kinds it still gets wrong: value_swap (0 of 21), value_near_miss (0 of 28), doc_swap_scope (0 of 28)."
    ))
    assert q.check(parse_claims).right is False
    assert q.check(solved(q, "my_verifier")) == (True, (
        "335 of 555 agree, 0 raised; citation-only agrees on 280 of 555. "
        "First kinds it still gets wrong: doc_swap_scope (0 of 28), doc_swap_revision (0 of 14), quote_swap (0 of 42)."
    ))


def test_beat_citation_only_solution_fills_the_notebooks_starter(baseline):
    # notebook 11's workspace is this solution without the two lines under its comment
    lines = beat_citation_only_exercise(baseline).solution().splitlines()
    assert lines[:4] == [
        "def my_verifier(raw, request, sources):",
        "    status = citation_only_verifier(raw, request, sources)",
        '    if status == "ACCEPT":',
        "        claims = parse_claims(raw)",
    ]
    assert "    return status" in lines
