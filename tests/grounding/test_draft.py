"""Tests for groundlab.grounding.draft: the draft models and check_draft ("No Quote, No Claim")."""

from __future__ import annotations

import pickle

import pytest
from pydantic import ValidationError

from groundlab import Draft, DraftPoint, Explanation, NoGroundedPoints, Point, check_draft
from groundlab.grounding.draft import NOTICE_ALL_KEPT

PROFILE = "Headline: Backend developer\nSkills: Java (Intermediate, 3 years)"
JOB = "Job title: Java Engineer\nDescription: Build secure Java APIs and deploy services on AWS."


def match(
    point="Your Java skills fit this role.", pq="Java (Intermediate, 3 years)", jq="Java Engineer"
):
    return {"point": point, "profile_quote": pq, "job_quote": jq}


def gap(point="AWS is not shown in your profile.", pq="", jq="deploy services on AWS"):
    return {"point": point, "profile_quote": pq, "job_quote": jq}


def bad_match(point="You know Kubernetes."):
    return {"point": point, "profile_quote": "Kubernetes", "job_quote": "Java Engineer"}


def check(obj, profile=PROFILE, job=JOB):
    return check_draft(Draft.model_validate(obj), profile, job)


# --------------------------------------------------------------------------
# Draft models


def test_draft_claim_reads_snake_and_camel_case():
    snake = DraftPoint.model_validate({"point": "p", "profile_quote": "a", "job_quote": "b"})
    camel = DraftPoint.model_validate({"point": "p", "profileQuote": "a", "jobQuote": "b"})
    assert snake == camel == DraftPoint(point="p", profile_quote="a", job_quote="b")


def test_draft_claim_snake_case_wins_when_both_spellings_are_present():
    claim = DraftPoint.model_validate(
        {
            "profile_quote": "snake",
            "profileQuote": "camel",
            "jobQuote": "camel",
            "job_quote": "snake",
        }
    )
    assert (claim.profile_quote, claim.job_quote) == ("snake", "snake")


def test_draft_claim_defaults_and_extra_members():
    claim = DraftPoint.model_validate({"confidence": 0.9, "point": None})
    assert (claim.point, claim.profile_quote, claim.job_quote) == (None, None, None)
    assert not hasattr(claim, "confidence")


def test_draft_claim_rejects_numbers_as_text():
    with pytest.raises(ValidationError):
        DraftPoint.model_validate({"point": 5})


def test_draft_tolerates_nulls():
    draft = Draft.model_validate_json(
        '{"matches": null, "gaps": [null, {"point": "x"}], "extra": 1}'
    )
    assert draft.matches == []
    assert draft.gaps == [None, DraftPoint(point="x")]
    assert Draft.model_validate({}) == Draft(matches=[], gaps=[])


@pytest.mark.parametrize(
    "reply",
    ["[]", '"text"', '{"matches": "none"}', '{"matches": [1]}', '{"matches": [', "not json", ""],
)
def test_draft_rejects_wrong_shapes(reply):
    with pytest.raises(ValidationError):
        Draft.model_validate_json(reply)


# --------------------------------------------------------------------------
# check_draft


def test_example_outcome():
    explanation = check(
        {
            "matches": [
                match(),
                {
                    "point": "You have built secure APIs.",
                    "profile_quote": "secure REST APIs",
                    "job_quote": "secure Java APIs",
                },
            ],
            "gaps": [gap()],
        }
    )
    assert explanation == Explanation(
        matches=(
            Point(
                "Your Java skills fit this role.", "Java (Intermediate, 3 years)", "Java Engineer"
            ),
        ),
        gaps=(Point("AWS is not shown in your profile.", "", "deploy services on AWS"),),
        dropped=1,
        notice="1 point(s) were removed because they did not pass the quote check.",
    )


def test_notice_when_nothing_dropped():
    explanation = check({"matches": [match()], "gaps": [gap()]})
    assert explanation.dropped == 0
    assert (
        explanation.notice
        == "Every point below is backed by words quoted from your profile or this job."
    )


@pytest.mark.parametrize("bad", [1, 2, 4])
def test_notice_counts_drops(bad):
    explanation = check({"matches": [bad_match()] * bad + [match()]})
    assert explanation.dropped == bad
    assert (
        explanation.notice
        == f"{bad} point(s) were removed because they did not pass the quote check."
    )
    assert len(explanation.matches) == 1


def test_kept_points_are_trimmed_not_normalised():
    explanation = check(
        {
            "matches": [
                match(
                    point="  Java fits.\n",
                    pq=" \u201cJava  (Intermediate, 3 years)\u201d ",
                    jq="\tJAVA Engineer. ",
                )
            ]
        }
    )
    assert explanation.matches == (
        Point("Java fits.", "\u201cJava  (Intermediate, 3 years)\u201d", "JAVA Engineer."),
    )


@pytest.mark.parametrize("kind", ["matches", "gaps"])
def test_cap_keeps_five_of_each_kind_and_does_not_count_the_rest(kind):
    # MAX_POINTS: the prompt asks for "at most 5 matches and at most 5 gaps"
    item = match if kind == "matches" else gap
    explanation = check({kind: [item(point=f"Point {i}") for i in range(7)]})
    assert [p.point for p in getattr(explanation, kind)] == [f"Point {i}" for i in range(5)]
    assert explanation.dropped == 0
    assert explanation.notice == NOTICE_ALL_KEPT


def test_bad_item_after_five_good_ones_is_not_counted():
    explanation = check(
        {"matches": [match(point=f"Point {i}") for i in range(5)] + [bad_match(), None]}
    )
    assert len(explanation.matches) == 5
    assert explanation.dropped == 0


def test_bad_items_before_the_cap_are_counted():
    items = [
        bad_match(),
        match(point="A"),
        None,
        match(point="B"),
        match(point="C"),
        match(point="D"),
        bad_match(),
        match(point="E"),
        bad_match(),
        match(point="F"),
    ]
    explanation = check({"matches": items})
    assert [p.point for p in explanation.matches] == ["A", "B", "C", "D", "E"]
    assert explanation.dropped == 3  # the bad_match after "E" is past the cap


def test_gap_cap_is_separate_from_match_cap():
    explanation = check(
        {
            "matches": [match(point=f"M{i}") for i in range(6)],
            "gaps": [bad_match()] + [gap(point=f"G{i}") for i in range(6)],
        }
    )
    assert [p.point for p in explanation.matches] == ["M0", "M1", "M2", "M3", "M4"]
    assert [p.point for p in explanation.gaps] == ["G0", "G1", "G2", "G3", "G4"]
    assert explanation.dropped == 1


def test_match_needs_both_quotes():
    explanation = check(
        {
            "matches": [
                match(pq="Kubernetes"),  # profile quote missing from profile
                match(jq="Kubernetes"),  # job quote missing from job
                match(pq="", jq="Java Engineer"),  # empty profile quote
                match(pq="Java Engineer", jq="Backend developer"),  # swapped texts
                match(point="kept"),
            ]
        }
    )
    assert [p.point for p in explanation.matches] == ["kept"]
    assert explanation.dropped == 4


def test_gap_rules():
    explanation = check(
        {
            "gaps": [
                gap(pq="Backend developer"),  # a gap must not quote the profile
                gap(pq="Kubernetes"),  # not even words absent from it
                gap(jq="deploys to AWS"),  # job quote must be found
                gap(jq=None),
                gap(point="   "),
                gap(point="kept, empty quote", pq=""),
                gap(point="kept, blank quote", pq=" \t "),
                gap(point="kept, null quote", pq=None),
            ]
        }
    )
    assert explanation.gaps == (
        Point("kept, empty quote", "", "deploy services on AWS"),
        Point("kept, blank quote", "", "deploy services on AWS"),
        Point("kept, null quote", "", "deploy services on AWS"),
    )
    assert explanation.dropped == 5


def test_points_need_text():
    explanation = check(
        {
            "matches": [
                match(point=None),
                match(point=""),
                match(point=" \n"),
                None,
                match(point="ok"),
            ]
        }
    )
    assert [p.point for p in explanation.matches] == ["ok"]
    assert explanation.dropped == 4


def test_camel_case_draft_is_checked_like_snake_case():
    explanation = check(
        {"matches": [{"point": "p", "profileQuote": "Backend developer", "jobQuote": "Java APIs"}]}
    )
    assert explanation.matches == (Point("p", "Backend developer", "Java APIs"),)


def test_no_grounded_points_counts_drops():
    with pytest.raises(NoGroundedPoints) as caught:
        check({"matches": [bad_match(), None], "gaps": [gap(pq="Java")]})
    assert caught.value.dropped == 3
    assert str(caught.value) == (
        "No point could be shown: all 3 checked point(s) failed the quote check "
        "(no quote, no claim)."
    )


def test_no_grounded_points_for_an_empty_draft():
    with pytest.raises(NoGroundedPoints) as caught:
        check({"matches": None, "gaps": []})
    assert caught.value.dropped == 0
    assert (
        str(caught.value) == "No point could be shown: the draft contained no matches and no gaps."
    )


def test_no_grounded_points_pickles():
    error = pickle.loads(pickle.dumps(NoGroundedPoints(4)))
    assert error.dropped == 4
    assert str(error) == str(NoGroundedPoints(4))


def test_check_draft_rejects_wrong_types():
    draft = Draft.model_validate({"matches": [match()]})
    with pytest.raises(TypeError, match="draft must be a groundlab.Draft, not dict"):
        check_draft({"matches": [match()]}, PROFILE, JOB)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="profile_text must be a str, not NoneType"):
        check_draft(draft, None, JOB)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="job_text must be a str, not bytes"):
        check_draft(draft, PROFILE, b"JOB")  # type: ignore[arg-type]


def test_results_are_frozen():
    explanation = check({"matches": [match()]})
    with pytest.raises(AttributeError):
        explanation.dropped = 0  # type: ignore[misc]
    with pytest.raises(AttributeError):
        explanation.matches[0].point = "x"  # type: ignore[misc]


# --------------------------------------------------------------------------
# fixtures/job_match.json


def fixture_texts(data):
    # The texts exactly as groundlab.grounding.prompt renders them; written out here so
    # this test does not depend on groundlab.grounding.prompt.
    p, j = data["profile"], data["job"]
    labels = [
        ("headline", "Headline"),
        ("desired_role", "Desired role"),
        ("skills", "Skills"),
        ("experience", "Experience"),
        ("work_preferences", "Work preferences"),
    ]
    profile = "\n".join(f"{label}: {p[key]}" for key, label in labels if p[key])
    job = f"Job title: {j['title']}\nDescription: {j['description']}"
    return profile, job


def test_fixture_file_shape(job_match_data):
    data = job_match_data
    assert set(data) == {"profile", "job", "drafts"}
    assert set(data["profile"]) == {
        "headline",
        "desired_role",
        "skills",
        "experience",
        "work_preferences",
        "name",
        "email",
        "phone",
        "salary",
        "resume_text",
    }
    assert set(data["job"]) == {"title", "description"}
    ids = [d["id"] for d in data["drafts"]]
    assert len(ids) == len(set(ids)) == 18
    for d in data["drafts"]:
        assert set(d) == {"id", "description", "reply", "expected"}
        assert isinstance(d["reply"], str)
        assert set(d["expected"]) in (
            {"matches", "gaps", "dropped", "notice"},
            {"error", "dropped"},
        )


def test_fixture_draft(job_match_case, job_match_data, outcome):
    profile, job = fixture_texts(job_match_data)
    draft = Draft.model_validate_json(job_match_case["reply"])
    assert outcome(lambda: check_draft(draft, profile, job)) == job_match_case["expected"]


def test_fixture_covers_the_seed_example(job_match_data):
    cases = {d["id"]: d for d in job_match_data["drafts"]}
    seed = cases["seed_example"]["expected"]
    assert (len(seed["matches"]), len(seed["gaps"]), seed["dropped"]) == (1, 1, 1)
    assert seed["notice"] == "1 point(s) were removed because they did not pass the quote check."
    assert "not shown in your profile" in seed["gaps"][0][0]
    assert cases["cap_seven_good_matches"]["expected"]["dropped"] == 0
    assert len(cases["cap_seven_good_matches"]["expected"]["matches"]) == 5


def test_point_checks_name_the_first_failing_test_of_every_item_and_stop_at_the_cap():
    from groundlab.grounding.draft import DROP_REASONS, MAX_POINTS, point_checks

    profile, job = "Java (Intermediate, 3 years)", "Build secure Java APIs on AWS"
    good = {"point": "p", "profile_quote": "Java", "job_quote": "Java APIs"}
    draft = Draft.model_validate({
        "matches": [None, {"point": " "}, {"point": "p", "profile_quote": "\u200b\u200b\u200b\u200b"},
                    {"point": "p", "profile_quote": "....", "job_quote": "AWS"},
                    {"point": "p", "profile_quote": "Ja"}, {"point": "p", "profile_quote": "?!?"},
                    {"point": "p", "profile_quote": "Java", "job_quote": "Azure"}]
                   + [good] * (MAX_POINTS + 1),
        "gaps": [{"point": "g", "profile_quote": "Java", "job_quote": "AWS"}, {"point": "g", "job_quote": None}],
    })
    found = [(c.kind, c.index, c.checked, c.reason, c.quote) for c in point_checks(draft, profile, job)]
    assert found == [
        ("match", 0, True, "null", None),
        ("match", 1, True, "no_text", None),
        ("match", 2, True, "quote_invisible", "profile"),
        ("match", 3, True, "quote_empty", "profile"),
        ("match", 4, True, "quote_short", "profile"),
        ("match", 5, True, "quote_punctuation", "profile"),
        ("match", 6, True, "quote_absent", "job"),
        *[("match", 7 + i, True, None, None) for i in range(MAX_POINTS)],
        ("match", 7 + MAX_POINTS, False, None, None),
        ("gap", 0, True, "gap_profile_quote", None),
        ("gap", 1, True, "quote_missing", "job"),
    ]
    assert {c.reason for c in point_checks(draft, profile, job)} - {None} == set(DROP_REASONS)
    explanation = check_draft(draft, profile, job)
    assert (len(explanation.matches), len(explanation.gaps), explanation.dropped) == (MAX_POINTS, 0, 9)
