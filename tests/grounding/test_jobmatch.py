"""Tests for groundlab.grounding.jobmatch: loading the frozen job-match fixture."""

from __future__ import annotations

import json

import pytest

from groundlab import Draft, TrustedInputError, check_draft, load_job_match
from groundlab.grounding.prompt import job_text, profile_text


def test_load_job_match_gives_the_profile_job_and_drafts():
    fixture = load_job_match()
    assert fixture.profile.headline == "Backend developer"
    assert fixture.job.title == "Java Engineer"
    seed = fixture["seed_example"]
    explanation = check_draft(
        Draft.model_validate_json(seed.reply), profile_text(fixture.profile), job_text(fixture.job)
    )
    assert (len(explanation.matches), len(explanation.gaps), explanation.dropped) == (1, 1, 1)
    with pytest.raises(KeyError, match="no draft 'nope'"):
        fixture["nope"]
    with pytest.raises(TrustedInputError, match="no such file"):
        load_job_match("/nonexistent/job_match.json")


def test_load_job_match_keeps_every_draft_in_file_order(job_match_data):
    fixture = load_job_match()
    assert [d.id for d in fixture.drafts] == [d["id"] for d in job_match_data["drafts"]]
    assert fixture.drafts[0].expected == job_match_data["drafts"][0]["expected"]


@pytest.mark.parametrize(
    "data",
    [{"profile": {}, "job": {}}, {"profile": {"skills": 3}, "job": {}, "drafts": []}],
    ids=["no drafts", "a profile field that is not text"],
)
def test_a_file_that_is_not_a_job_match_fixture_is_refused(tmp_path, data):
    path = tmp_path / "job_match.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(TrustedInputError, match="not a job-match fixture"):
        load_job_match(path)
