"""Tests for groundlab.grounding.draft: points and quotes that show the user nothing are dropped and counted."""

from __future__ import annotations

import pytest

from groundlab.grounding.draft import NOTICE_ALL_KEPT
from groundlab import Draft, NoGroundedPoints, Point, check_draft

PROFILE = "Headline: Backend developer\nSkills: Java (Intermediate, 3 years)"
JOB = "Job title: Java Engineer\nDescription: Build secure Java APIs and deploy services on AWS."


def match(point="Your Java skills fit this role.", pq="Java (Intermediate, 3 years)", jq="Java Engineer"):
    return {"point": point, "profile_quote": pq, "job_quote": jq}


def gap(point="AWS is not shown in your profile.", pq="", jq="deploy services on AWS"):
    return {"point": point, "profile_quote": pq, "job_quote": jq}


def check(obj, profile=PROFILE, job=JOB):
    return check_draft(Draft.model_validate(obj), profile, job)


INVISIBLE_ONLY = ["\u200b", "\u200b\u200d\u2060", "\u202e\u2066\u2069", "\u00ad\u00ad", "\ufeff", " \u200b\t\u00ad "]


def test_points_without_visible_text_are_dropped_and_counted():
    explanation = check({"matches": [match(point=text) for text in INVISIBLE_ONLY] + [match(point="kept")]})
    assert explanation.matches == (Point("kept", "Java (Intermediate, 3 years)", "Java Engineer"),)
    assert explanation.dropped == 6
    assert explanation.notice == "6 point(s) were removed because they did not pass the quote check."


def test_quotes_without_visible_content_are_dropped_and_counted():
    # Each quote occurs in the text that was sent, but shows the user nothing.
    profile = PROFILE + "\nNotes: \u200b\u200b\u200b \u00ad\u00ad\u00ad !!! (-)"
    job = JOB + "\nPerks: \u202e\u2066\u2069 ??? ..."
    explanation = check(
        {
            "matches": [
                match(pq="\u200b\u200b\u200b"),
                match(pq="\u00ad\u00ad\u00ad"),
                match(pq="!!!"),
                match(pq="(-)"),
                match(jq="\u202e\u2066\u2069"),
                match(jq="???"),
                match(point="kept"),
            ],
            "gaps": [gap(jq="???"), gap(jq="\u202e\u2066\u2069"), gap(point="kept gap")],
        },
        profile,
        job,
    )
    assert [p.point for p in explanation.matches] == ["kept"]
    assert [p.point for p in explanation.gaps] == ["kept gap"]
    assert explanation.dropped == 8
    assert explanation.notice == "8 point(s) were removed because they did not pass the quote check."


def test_a_gap_with_an_invisible_profile_quote_is_a_gap_with_an_empty_one():
    explanation = check({"gaps": [gap(point="g1", pq="\u200b"), gap(point="g2", pq="\u00ad \u2066")]})
    assert explanation.gaps == (
        Point("g1", "", "deploy services on AWS"),
        Point("g2", "", "deploy services on AWS"),
    )
    assert (explanation.dropped, explanation.notice) == (0, NOTICE_ALL_KEPT)


def test_a_draft_of_invisible_points_only_is_not_an_explanation():
    with pytest.raises(NoGroundedPoints) as caught:
        check({"matches": [match(point="\u200b"), match(pq="!!!")], "gaps": [gap(point="\u00ad")]}, PROFILE + " !!!")
    assert caught.value.dropped == 3
    assert str(caught.value) == (
        "No point could be shown: all 3 checked point(s) failed the quote check (no quote, no claim)."
    )
