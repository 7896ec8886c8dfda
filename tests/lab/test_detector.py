"""The quote check as a detector of bad points: its exact confusion matrix, and check_draft agreeing on every point."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from groundlab import explanation_confusion, load_explanation_set, point_kept
from groundlab.lab.explanations import ExplanationPair, ExplanationPoint

SHORT_QUOTE_POINTS = ["platform-go-1", "full-stack-3"]
ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


@pytest.fixture(scope="module")
def explanations():
    return load_explanation_set()


@pytest.fixture(scope="module")
def confusion(explanations):
    return explanation_confusion(explanations)


def test_the_exact_confusion_matrix(confusion):
    assert (confusion.bad_dropped, confusion.bad_kept, confusion.good_dropped, confusion.good_kept) == (20, 22, 23, 34)
    assert dict(confusion.per_label) == {
        "supported": (34, 2), "paraphrase": (0, 21), "overstated": (22, 0), "fabricated": (0, 20),
    }
    assert confusion.short_dropped == 2
    assert len(confusion.decisions) == 99


def test_what_it_cannot_catch_and_what_it_wrongly_drops(confusion, explanations):
    kept_bad = [d.point for d in confusion.decisions if d.bad and d.kept]
    overstated = [p.id for _, p in explanations.points() if p.label == "overstated"]
    assert kept_bad == overstated
    dropped_good = [d.point for d in confusion.decisions if not d.bad and not d.kept]
    paraphrased = [p.id for _, p in explanations.points() if p.label == "paraphrase"]
    assert sorted(dropped_good) == sorted(paraphrased + SHORT_QUOTE_POINTS)
    assert confusion.catches() == "It catches fabricated quotes: 20 of 20 fabricated points were dropped."
    assert confusion.cannot_catch() == (
        "It cannot catch real quotes under a false point: 22 of 22 overstated points were kept: "
        "their quotes are copied from the text, and the check reads the quotes, never the point."
    )
    assert confusion.wrongly_drops() == (
        "It wrongly drops honest paraphrases: 21 of 21 paraphrased points were dropped although the point is "
        "true; it also dropped 2 of 36 supported points because a quote is shorter than 3 characters."
    )


def test_check_draft_makes_the_same_decision_for_every_point(explanations, confusion):
    """The real library path: each point alone in a draft, checked against the texts sent to the model."""
    pytest.importorskip("pydantic")
    from groundlab import Draft, NoGroundedPoints, check_draft

    decided = {d.point: d.kept for d in confusion.decisions}
    for pair, point in explanations.points():
        item = {"point": point.point, "profile_quote": point.profile_quote, "job_quote": point.job_quote}
        draft = Draft.model_validate({"matches": [item]} if point.kind == "match" else {"gaps": [item]})
        try:
            explanation = check_draft(draft, pair.profile_text, pair.job_text)
        except NoGroundedPoints as err:
            assert err.dropped == 1
            kept = False
        else:
            assert explanation.dropped == 0 and len(explanation.matches) + len(explanation.gaps) == 1
            kept = True
        assert kept is decided[point.id] is point_kept(pair, point), point.id


def test_point_kept_follows_the_draft_rule(explanations):
    pair = explanations["backend-java"]

    def point(kind, profile_quote, job_quote, text="A point."):
        return ExplanationPoint("x", kind, text, profile_quote, job_quote, "supported", "r")

    assert point_kept(pair, point("match", "Java (Intermediate", "secure Java APIs")) is True
    assert point_kept(pair, point("match", "Java (Intermediate", "")) is False
    assert point_kept(pair, point("gap", "", "deploy services on AWS")) is True
    assert point_kept(pair, point("gap", "  ", "deploy services on AWS")) is True  # whitespace counts as empty
    assert point_kept(pair, point("gap", "Java", "deploy services on AWS")) is False
    assert point_kept(pair, point("match", "Java (Intermediate", "secure Java APIs", text="   ")) is False
    assert isinstance(pair, ExplanationPair)


def test_counts_follow_a_changed_copy(explanations):
    """A test that could fail: relabel one kept overstated point as supported and the matrix moves."""
    pair = explanations["backend-java"]
    relabelled = tuple(
        ExplanationPoint(p.id, p.kind, p.point, p.profile_quote, p.job_quote, "supported", p.reason) if p.id == "backend-java-4" else p
        for p in pair.points
    )
    copy = type(explanations)(explanations.path, (ExplanationPair(pair.id, pair.profile, pair.job, relabelled),))
    small = explanation_confusion(copy)
    assert (small.bad_dropped, small.bad_kept, small.good_dropped, small.good_kept) == (2, 1, 2, 4)
    assert small.per_label["overstated"] == (1, 0) and small.short_dropped == 0
    assert small.wrongly_drops() == "It wrongly drops honest paraphrases: 2 of 2 paraphrased points were dropped although the point is true."


def test_the_detector_needs_no_pydantic():
    """The lab calls the draft rule in grounding.rule (standard library), never the pydantic draft module."""
    code = (
        "import sys; sys.modules['pydantic'] = None\n"
        "from groundlab.lab.detector import explanation_confusion\n"
        "import groundlab.lab.report\n"
        "c = explanation_confusion()\n"
        "print(c.bad_dropped, c.bad_kept, c.good_dropped, c.good_kept, 'groundlab.grounding.draft' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT, env=ENV).stdout
    assert out.split() == ["20", "22", "23", "34", "False"]
