"""The labelled explanation set: exact counts, frozen bytes, strict loading, and the texts the model saw."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter

import pytest

import groundlab
from groundlab import FrozenFixtureError, TrustedInputError, fixtures_dir, load_explanation_set
from groundlab.lab import explanations as explanations_module
from groundlab.core.trusted import digest
from groundlab.grounding.prompt import job_text, profile_text
from groundlab.lab.explanations import BAD_LABELS, EXPLANATION_LABELS, explanation_set_from_dict

FILE = "explanation_set.json"
PAIRS = (
    "backend-java", "data-analyst", "night-nurse", "ux-designer", "shift-lead", "platform-go",
    "maths-teacher", "controller", "localisation", "marketing", "full-stack",
)


@pytest.fixture(scope="module")
def explanations():
    return load_explanation_set()


def test_exact_counts(explanations):
    assert tuple(pair.id for pair in explanations) == PAIRS
    assert [len(pair.points) for pair in explanations] == [9] * 11
    points = [point for _, point in explanations.points()]
    assert len(points) == 99
    assert Counter(p.label for p in points) == {"supported": 36, "paraphrase": 21, "overstated": 22, "fabricated": 20}
    assert Counter((p.kind, p.label) for p in points) == {
        ("match", "supported"): 26, ("gap", "supported"): 10,
        ("match", "paraphrase"): 21,
        ("match", "overstated"): 20, ("gap", "overstated"): 2,
        ("match", "fabricated"): 18, ("gap", "fabricated"): 2,
    }
    assert sum(p.bad for p in points) == 42
    assert EXPLANATION_LABELS == ("supported", "paraphrase", "overstated", "fabricated")
    assert BAD_LABELS == ("overstated", "fabricated")


def test_ids_gaps_and_reasons(explanations):
    for pair in explanations:
        assert [p.id for p in pair.points] == [f"{pair.id}-{n}" for n in range(1, 10)]
        for point in pair.points:
            assert point.reason.strip() and "\n" not in point.reason
            if point.kind == "gap":
                assert point.profile_quote == "", point.id
    assert explanations["ux-designer"].points[4].job_quote == "a design degree is"
    with pytest.raises(KeyError, match="no pair 'nope' in explanation_set.json"):
        explanations["nope"]


def test_the_texts_are_what_groundlab_sends_to_the_model(explanations):
    for pair in explanations:
        prompt = groundlab.build_prompt(pair.profile, pair.job)
        assert pair.profile_text == profile_text(pair.profile) == prompt.profile_text
        assert pair.job_text == job_text(pair.job) == prompt.job_text
    backend = explanations["backend-java"]
    assert backend.profile.resume_text == "Led a Kubernetes migration at a freight company."
    assert "Kubernetes" not in backend.profile_text  # private fields are never sent
    assert backend.job_text.startswith("Job title: Java Engineer\nDescription: Build secure Java APIs")


def test_the_labels_hold_against_the_texts(explanations):
    """Fabricated points cite at least one quote that is not in the text; supported and overstated quotes are there.

    A quote counts as there when the rule finds it or it is a raw substring: "Go" and "R" are
    copied exactly but are under the rule's 3-character minimum."""
    for pair, point in explanations.points():
        found = [
            groundlab.is_quoted(q, text) or (q.strip() and q in text)
            for q, text in ((point.profile_quote, pair.profile_text), (point.job_quote, pair.job_text))
            if q
        ]
        if point.label == "fabricated":
            assert not all(found), point.id
        elif point.label in ("supported", "overstated"):
            assert all(found), point.id
        else:  # an honest paraphrase rewords a profile quote
            assert not groundlab.is_quoted(point.profile_quote, pair.profile_text), point.id
            assert groundlab.is_quoted(point.job_quote, pair.job_text), point.id


# ---------------------------------------------------------------- frozen, strict loading


def test_the_file_is_frozen_and_listed():
    assert groundlab.verify_frozen(names=[FILE]) == {FILE: digest(fixtures_dir() / FILE)}


def test_an_edited_frozen_file_is_refused(tmp_path, monkeypatch):
    shutil.copy(fixtures_dir() / "SHA256SUMS", tmp_path)
    text = (fixtures_dir() / FILE).read_text(encoding="utf-8").replace('"overstated"', '"supported"', 1)
    (tmp_path / FILE).write_text(text, encoding="utf-8")
    monkeypatch.setattr(explanations_module, "fixtures_dir", lambda: tmp_path)
    with pytest.raises(FrozenFixtureError, match="explanation_set.json: content differs"):
        load_explanation_set()


def _data():
    return json.loads((fixtures_dir() / FILE).read_text(encoding="utf-8"))


def test_a_copy_elsewhere_is_read_as_it_is(tmp_path):
    data = _data()
    data["pairs"] = data["pairs"][:1]
    copy = tmp_path / "mine.json"
    copy.write_text(json.dumps(data), encoding="utf-8")
    assert [pair.id for pair in load_explanation_set(copy)] == ["backend-java"]


@pytest.mark.parametrize(
    ("edit", "where", "message"),
    [
        (lambda d: d["pairs"][0]["points"][0].update(label="true"), ".points[0]", "unknown label 'true'; use one of supported"),
        (lambda d: d["pairs"][0]["points"][0].update(kind="claim"), ".points[0]", "unknown kind 'claim'; use match or gap"),
        (lambda d: d["pairs"][0]["points"][0].pop("reason"), ".points[0]", "missing reason"),
        (lambda d: d["pairs"][0]["points"][0].update(score=1), ".points[0]", "unknown member score"),
        (lambda d: d["pairs"][0]["points"][0].update(job_quote=""), ".points[0]", "job_quote must not be empty"),
        (lambda d: d["pairs"][0]["points"][0].update(point=None), ".points[0]", "point must be a string"),
        (lambda d: d["pairs"][0]["profile"].update(age="40"), ".profile", "unknown member age"),
        (lambda d: d["pairs"][0]["profile"].update(skills=3), ".profile", "Profile.skills must be a str, not int"),
        (lambda d: d["pairs"][0]["job"].update(title=None), ".job", "Job.title must be a str, not NoneType"),
        (lambda d: d["pairs"][0].update(points=[]), "", "points must be a non-empty JSON array"),
        (lambda d: d["pairs"][0].pop("job"), "", "missing job"),
    ],
)
def test_a_malformed_pair_or_point_is_a_trusted_input_error(tmp_path, edit, where, message):
    data = _data()
    edit(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(TrustedInputError, match=re.escape(message)) as err:
        load_explanation_set(path)
    assert err.value.where == f"{path}: pairs[0]{where}"


def test_repeated_ids_and_the_top_level_are_checked(tmp_path):
    data = _data()
    data["pairs"][1]["points"][0]["id"] = "backend-java-1"
    with pytest.raises(TrustedInputError, match="the id 'backend-java-1' is used twice"):
        explanation_set_from_dict(data, tmp_path / "a.json")
    for top in ([], {"pairs": {}}, {"pairs": [], "more": 1}):
        with pytest.raises(TrustedInputError, match=re.escape('an explanation set is exactly {"pairs": [...]}')):
            explanation_set_from_dict(top, tmp_path / "a.json")
