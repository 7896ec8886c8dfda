"""Visibility, round 3: unassigned code points (category Cn) show nothing, so a point made of them has no text."""

from __future__ import annotations

import unicodedata

import pytest

from groundlab import Draft, check_draft
from groundlab.grounding.rule import drop_reason, has_visible_content, visible_text

PROFILE = "Headline: Backend developer\nSkills: Java (Intermediate, 3 years)"
JOB = "Job title: Java Engineer\nDescription: Build secure Java APIs and deploy services on AWS."
UNASSIGNED = ["\U000e0080", "\u2065", "\ufff0", "\U000e0080\u2065\ufff0", " \u2065\u200b\ufff8 "]


@pytest.mark.parametrize("text", UNASSIGNED)
def test_unassigned_code_points_are_not_visible(text):
    assert {unicodedata.category(ch) for ch in text if not ch.isspace()} <= {"Cn", "Cf"}
    assert (visible_text(text), has_visible_content(text)) == ("", False)
    assert drop_reason("match", text, "Java (Intermediate, 3 years)", "Java Engineer", PROFILE, JOB) == ("no_text", None)


def test_a_draft_point_of_unassigned_code_points_is_dropped_and_counted():
    good = {"point": "Your Java fits.", "profile_quote": "Java (Intermediate, 3 years)", "job_quote": "Java Engineer"}
    draft = Draft.model_validate({"matches": [dict(good, point=text) for text in UNASSIGNED] + [good]})
    explanation = check_draft(draft, PROFILE, JOB)
    assert ([p.point for p in explanation.matches], explanation.dropped) == (["Your Java fits."], len(UNASSIGNED))


def test_assigned_and_private_use_characters_still_show():
    assert visible_text("a\u2065b\ue000") == "ab\ue000"  # U+E000 is private use: a font may draw it
