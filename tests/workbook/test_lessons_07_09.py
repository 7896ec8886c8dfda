"""The exercises of notebooks 07 to 09: each goal's feedback, right and wrong, exactly; each solution meets its goal."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from groundlab import (
    Draft, NoGroundedPoints, Registry, build_prompt, check_draft, load_case_set, load_job_match,
)
from groundlab.workbook import Exercise, Feedback, Scoreboard, lesson_exercises
from groundlab.workbook.lessons import l07, l08, l09

JOB_MATCH = load_job_match()
PROFILE, JOB = JOB_MATCH.profile, JOB_MATCH.job
PROMPT = build_prompt(PROFILE, JOB)
STUDY = load_case_set()


def _solved(q: Exercise, **namespace):
    exec(compile(q.solution(), "solution", "exec"), namespace)
    return namespace


# ------------------------------------------------------------------ 07: repair the slip


@pytest.fixture()
def q07():
    return lesson_exercises("07", profile_text=PROMPT.profile_text, job_text=PROMPT.job_text, job_match=JOB_MATCH)


def _slip() -> dict:
    return json.loads(JOB_MATCH["seed_author_slip"].reply)


def test_07_the_starter_draft_says_what_is_still_wrong(q07):
    assert q07.repair_slip.check(_slip()) == Feedback(
        False,
        "the user gets 0 matches, 1 gap and 1 dropped; the match 'You know Java.' should be kept; "
        "it should get 2 matches, 1 gap and 1 dropped. "
        "match 0 ('You know Java.'): dropped, its profile quote 'java (3 years)' is not in the profile text; "
        "gap 0 ('Work with AWS is not shown in your profile.'): kept.",
    )


def test_07_a_repair_without_the_new_points_is_not_yet_right(q07):
    reply = _slip()
    reply["matches"][0]["profile_quote"] = "Java (Intermediate, 3 years)"
    assert q07.repair_slip.check(json.dumps(reply)) == Feedback(
        False,
        "the user gets 1 match, 1 gap and 0 dropped; it should get 2 matches, 1 gap and 1 dropped. "
        "match 0 ('You know Java.'): kept; gap 0 ('Work with AWS is not shown in your profile.'): kept.",
    )


def test_07_the_right_counts_without_the_repair_are_not_enough(q07):
    reply = _slip()
    good = {"point": "Your Java skills fit this role.", "profile_quote": "Java (Intermediate, 3 years)", "job_quote": "Java Engineer"}
    reply["matches"] += [good, dict(good, point="You work as a backend developer.", profile_quote="Backend developer")]
    feedback = q07.repair_slip.check(Draft.model_validate(reply))
    assert not feedback.right
    assert feedback.message.startswith("the user gets 2 matches, 1 gap and 1 dropped; the match 'You know Java.' should be kept.")


def test_07_the_solution_meets_the_goal(q07):
    solved = _solved(q07.repair_slip, json=json, job_match=JOB_MATCH)
    assert q07.repair_slip.goal(solved["my_reply"]) == Feedback(
        True,
        "the user gets 2 matches, 1 gap and 1 dropped. match 0 ('You know Java.'): kept; "
        "match 1 ('You have built REST services.'): kept; gap 0 ('Work with AWS is not shown in your profile.'): kept; "
        "gap 1 ('Security work is not shown in your profile.'): dropped, a gap's profile quote must be empty.",
    )


def test_07_nothing_surviving_and_unreadable_replies_are_not_yet_right(q07):
    assert q07.repair_slip.check({"matches": [{"point": "You know Java.", "profile_quote": "Java", "job_quote": "AP"}]}) == Feedback(
        False,
        "no point survives, so the user gets no explanation (1 dropped); it should get 2 matches, 1 gap and 1 dropped. "
        "match 0 ('You know Java.'): dropped, its job quote 'ap' is shorter than 3 characters.",
    )
    assert q07.repair_slip.check({"matches": 3}) == Feedback(
        False, "the reply does not read as a draft: Input should be a valid list (at matches)"
    )
    assert q07.repair_slip.check("not json") == Feedback(
        False, "the reply does not read as a draft: Invalid JSON: expected ident at line 1 column 2"
    )
    assert q07.repair_slip.check(5) == Feedback(
        False, "the answer should be a draft (a dict, a JSON str or a Draft), not int"
    )


@pytest.mark.parametrize("draft_id", [d.id for d in JOB_MATCH.drafts])
def test_07_point_lines_agree_with_check_draft_on_every_fixture_draft(draft_id):
    draft = Draft.model_validate_json(JOB_MATCH[draft_id].reply)
    lines = l07.point_lines(draft, PROMPT.profile_text, PROMPT.job_text)
    assert len(lines) == len(draft.matches) + len(draft.gaps)
    kept = [line for line in lines if line.endswith(": kept")]
    try:
        explanation = check_draft(draft, PROMPT.profile_text, PROMPT.job_text)
    except NoGroundedPoints as err:
        assert kept == [] and sum(": dropped, " in line for line in lines) == err.dropped
        return
    assert len(kept) == len(explanation.matches) + len(explanation.gaps)
    assert sum(": dropped, " in line for line in lines) == explanation.dropped


def test_07_point_lines_name_every_reason():
    draft = Draft.model_validate({
        "matches": [None, {"point": "  ", "profile_quote": "Java", "job_quote": "Java APIs"},
                    {"point": "p", "job_quote": "Java APIs"}, {"point": "p", "profile_quote": "Java", "job_quote": "!!!"}],
        "gaps": [{"point": "g", "profile_quote": "Java", "job_quote": "AWS"}, {"point": "g", "profile_quote": "", "job_quote": "Azure"}],
    })
    assert l07.point_lines(draft, PROMPT.profile_text, PROMPT.job_text) == [
        "match 0: dropped, it is null",
        "match 1 ('  '): dropped, its point has no visible text",
        "match 2 ('p'): dropped, its profile quote is empty",
        "match 3 ('p'): dropped, its job quote '!!!' has no visible character that is not punctuation",
        "gap 0 ('g'): dropped, a gap's profile quote must be empty",
        "gap 1 ('g'): dropped, its job quote 'azure' is not in the job text",
    ]


def test_07_point_lines_stop_checking_at_the_cap():
    draft = Draft.model_validate_json(JOB_MATCH["cap_bad_after_five"].reply)
    assert l07.point_lines(draft, PROMPT.profile_text, PROMPT.job_text)[5].endswith(": not checked (5 already kept)")


def test_07_draft_goal_wants_text_and_the_fixture_is_optional():
    with pytest.raises(TypeError):
        l07.draft_goal(None, PROMPT.job_text, matches=1, gaps=0, dropped=0)
    assert set(l07.exercises(profile_text="p", job_text="j")) == {"repair_slip"}


# ------------------------------------------------------------------ 08: a leak test you can trust


@pytest.fixture()
def q08():
    return lesson_exercises("08", job_match=JOB_MATCH)


def test_08_the_starter_profile_names_its_false_alarms(q08):
    starter = replace(PROFILE, name="Jo", email="jo.test@example.invalid", phone="555 0100", salary="", resume_text="Led a migration")
    assert q08.leak_test.check(starter) == Feedback(
        False,
        "name 'Jo' has 2 characters: too short to search for (use 8 or more); "
        "salary is empty, and the empty string occurs in every text; "
        "the leak check reports name, salary; it should report email only; "
        "type the email value into an allowed field too, such as experience.",
    )


def test_08_a_value_found_in_the_instruction_or_the_posting_is_no_canary(q08):
    solved = _solved(q08.leak_test, replace=replace, profile=PROFILE)["my_profile"]
    assert q08.leak_test.check(replace(solved, name="Java Engineer")) == Feedback(
        False,
        "name 'Java Engineer' occurs in the instruction or the job posting, so a hit there proves nothing; "
        "the leak check reports name, email; it should report email only.",
    )


def test_08_the_fixture_profile_leaks_nothing(q08):
    assert q08.leak_test.check(PROFILE) == Feedback(
        False,
        "the leak check reports nothing; it should report email only; "
        "type the email value into an allowed field too, such as experience.",
    )


def test_08_the_solution_meets_the_goal(q08):
    solved = _solved(q08.leak_test, replace=replace, profile=PROFILE)
    assert q08.leak_test.goal(solved["my_profile"]) == Feedback(
        True,
        "the leak check reports email only, and every private value is a canary "
        "(8 or more characters, in neither the instruction nor the job posting).",
    )
    assert q08.leak_test.check("Dana") == Feedback(False, "the answer should be a Profile, not str")


def test_08_the_leak_check_reads_the_prompt_and_the_log():
    received = l08.received_text(PROFILE, JOB, JOB_MATCH["seed_example"].reply)
    assert "CANDIDATE PROFILE:" in received and "explanation checked: 1 match(es), 1 gap(s) kept, 1 dropped" in received
    assert l08.leaked_fields(PROFILE, received) == []
    assert l08.leaked_fields(replace(PROFILE, name="Jo", salary=""), received) == ["name", "salary"]
    with pytest.raises(ValueError):
        l08.leak_goal(JOB, "{}", wanted=("headline",))


# ------------------------------------------------------------------ 09: a registry that accepts a wrong value


@pytest.fixture()
def q09():
    return lesson_exercises("09", study=STUDY)


def _edited(**changes) -> Registry:
    prod = STUDY.sources["prod-v2"]
    return Registry([replace(prod, **changes) if s.id == "prod-v2" else s for s in STUDY.sources])


def test_09_the_starter_registry_is_refused_at_the_citation(q09):
    prod = STUDY.sources["prod-v2"]
    assert q09.accept_true.check(_edited(facts={**prod.facts, "retry_enabled": "true"})) == Feedback(
        False,
        "the contract should say ACCEPT, but it says NO_CITATION "
        "(claim 1 citation: FAILED: the quote does not appear verbatim in the cited document).",
    )


def test_09_a_text_without_the_fact_is_refused_at_the_value(q09):
    prod = STUDY.sources["prod-v2"]
    feedback = q09.accept_true.check(_edited(text=prod.text.replace("retry_enabled=false", "retry_enabled=true")))
    assert feedback == Feedback(
        False,
        "the contract should say ACCEPT, but it says VALUE_MISMATCH "
        "(claim 1 value: FAILED: claimed 'true', but prod-v2 says retry_enabled=false).",
    )


def test_09_other_documents_stay_as_they_are(q09):
    dev = STUDY.sources["dev-v2"]
    changed = Registry([replace(dev, text="x") if s.id == "dev-v2" else s for s in STUDY.sources])
    assert q09.accept_true.check(changed) == Feedback(False, "change prod-v2 only: keep dev-v2 as it is.")
    fewer = [s for s in STUDY.sources if s.id != "dev-v2"]
    assert q09.accept_true.check(fewer) == Feedback(False, "keep the same documents as the study's registry (missing dev-v2).")
    assert q09.accept_true.check(5) == Feedback(False, "the answer should be a Registry of Source objects ('int' object is not iterable).")


def test_09_the_solution_meets_the_goal(q09):
    solved = _solved(q09.accept_true, study=STUDY, replace=replace, Registry=Registry)
    assert q09.accept_true.goal(solved["my_registry"]) == Feedback(
        True, "the contract says ACCEPT and accepts read_timeout_ms=5000, retry_enabled=true."
    )


def test_09_the_flipped_answer_changes_value_and_quote():
    flipped = json.loads(l09.flipped_answer(STUDY["complete"].raw, "retry_enabled", "false", "true"))
    assert flipped["claims"][1] == {"field": "retry_enabled", "value": "true", "doc": "prod-v2", "quote": "retry_enabled=true"}
    with pytest.raises(ValueError):
        l09.flipped_answer(STUDY["complete"].raw, "retry_enabled", "maybe", "true")


# ------------------------------------------------------------------ all three


@pytest.mark.parametrize(
    "lesson, context",
    [
        ("07", {"profile_text": PROMPT.profile_text, "job_text": PROMPT.job_text, "job_match": JOB_MATCH}),
        ("08", {"job_match": JOB_MATCH}),
        ("09", {"study": STUDY}),
    ],
)
def test_each_exercise_has_one_or_two_hints_and_is_tracked(lesson, context):
    board = Scoreboard()
    q = lesson_exercises(lesson, board=board, **context)
    found = list(vars(q).values())
    assert found and board.exercises == []
    for exercise in found:
        exercise.check(None)
    assert board.exercises == found
    for exercise in found:
        assert 1 <= len(exercise.hints) <= 2
        assert exercise.hint().startswith("Hint 1 of ")
