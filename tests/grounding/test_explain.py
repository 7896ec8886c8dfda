"""Tests for groundlab.grounding.explain: explain_match with a fake model, its errors and logs."""

from __future__ import annotations

import json
import logging
import pickle
import traceback

import pytest
from credential_shapes import Unprintable

from groundlab import (
    ChatModelError, FakeChatModel, Job, NoGroundedPoints, Point, Profile, ProviderError,
    ReplyFormatError, build_prompt, explain_match,
)
from groundlab.grounding.draft import NOTICE_ALL_KEPT
from groundlab.grounding.explain import PROVIDER_ERROR_MESSAGE, REPLY_FORMAT_MESSAGE

SECRET = "sk-test-SECRET123"


def reply(matches=(), gaps=()):
    return json.dumps({"matches": list(matches), "gaps": list(gaps)})


JAVA_MATCH = {
    "point": "Your Java skills fit this role.",
    "profile_quote": "Java (Intermediate, 3 years)",
    "job_quote": "Java Engineer",
}
AWS_GAP = {
    "point": "AWS is not shown in your profile.",
    "profile_quote": "",
    "job_quote": "deploy services on AWS",
}

# --------------------------------------------------------------------------
# explain_match with the fake model


def test_round_trip_one_call_with_the_built_prompt(example_profile, example_job):
    fake = FakeChatModel(reply([JAVA_MATCH], [AWS_GAP]))
    explanation = explain_match(example_profile, example_job, fake)
    assert fake.calls == [build_prompt(example_profile, example_job).messages()]
    assert fake.timeouts == [30.0]  # the article's 30 s, when no timeout is given
    assert explanation.matches == (
        Point("Your Java skills fit this role.", "Java (Intermediate, 3 years)", "Java Engineer"),
    )
    assert explanation.gaps == (
        Point("AWS is not shown in your profile.", "", "deploy services on AWS"),
    )
    assert explanation.dropped == 0
    assert explanation.notice == NOTICE_ALL_KEPT


def test_timeout_is_passed_through(example_profile, example_job):
    fake = FakeChatModel(reply([JAVA_MATCH]))
    explain_match(example_profile, example_job, fake, timeout=2.5)
    assert fake.timeouts == [2.5]


@pytest.mark.parametrize(
    ("timeout", "error"),
    [
        (0, ValueError),
        (-1.0, ValueError),
        (float("nan"), ValueError),
        ("30", TypeError),
        (True, TypeError),
    ],
)
def test_bad_timeout_is_rejected_before_calling(timeout, error, example_profile, example_job):
    fake = FakeChatModel(reply([JAVA_MATCH]))
    with pytest.raises(error, match="timeout must be"):
        explain_match(example_profile, example_job, fake, timeout=timeout)
    assert fake.calls == []


def test_model_without_complete_is_rejected(example_profile, example_job):
    with pytest.raises(TypeError, match="model must have a complete\\(\\) method, not str"):
        explain_match(example_profile, example_job, "gpt")  # type: ignore[arg-type]


def test_quotes_are_checked_against_the_sent_text_not_private_fields(example_job, private_profile):
    resume_match = {
        "point": "You led a Kubernetes migration.",
        "profile_quote": "Led a Kubernetes migration",
        "job_quote": "Java Engineer",
    }
    fake = FakeChatModel(reply([resume_match, JAVA_MATCH]))
    explanation = explain_match(private_profile, example_job, fake)
    assert [p.point for p in explanation.matches] == ["Your Java skills fit this role."]
    assert explanation.dropped == 1
    assert (
        explanation.notice == "1 point(s) were removed because they did not pass the quote check."
    )


def test_a_label_the_application_wrote_is_not_quotable(example_profile, example_job):
    # "Headline:" is in the sent text, but the application wrote it: a quote must lie within
    # one field's value, so a quote spanning label and value is dropped (issue 20, item 4).
    fake = FakeChatModel(
        reply(
            [{"point": "p", "profile_quote": "Headline: Backend", "job_quote": "Java"},
             {"point": "q", "profile_quote": "Backend", "job_quote": "Job title: Java"},
             {"point": "r", "profile_quote": "Backend", "job_quote": "Java"}]
        )
    )
    explanation = explain_match(example_profile, example_job, fake)
    assert explanation.matches == (Point("r", "Backend", "Java"),)
    assert explanation.dropped == 2


@pytest.mark.parametrize(
    "wrapped",
    [
        "```json\n{body}\n```",
        "```\n{body}\n```",
        "  ```JSON  \r\n{body}\r\n```  \n",
        "```json\n{body}```",
        "\n{body}\n",
    ],
)
def test_one_code_fence_is_tolerated(wrapped, example_profile, example_job):
    fake = FakeChatModel(wrapped.replace("{body}", reply([JAVA_MATCH])))
    explanation = explain_match(example_profile, example_job, fake)
    assert len(explanation.matches) == 1


@pytest.mark.parametrize(
    "raw",
    [
        "Sure! Here is the JSON: " + reply([JAVA_MATCH]),
        "```json\n```json\n" + reply([JAVA_MATCH]) + "\n```\n```",
        "",
        "null",
        "[]",
        '{"matches": "Java"}',
        '{"matches": [{"point": 1}]}',
        reply([JAVA_MATCH])[:-1],
    ],
)
def test_unparseable_reply_raises_reply_format_error(raw, caplog, example_profile, example_job):
    caplog.set_level(logging.WARNING, logger="groundlab.grounding.explain")
    with pytest.raises(ReplyFormatError) as caught:
        explain_match(example_profile, example_job, FakeChatModel(raw))
    error = caught.value
    assert str(error) == REPLY_FORMAT_MESSAGE
    assert error.reply == raw
    assert repr(error) == f"ReplyFormatError({REPLY_FORMAT_MESSAGE!r})"
    assert error.__cause__ is None and error.__context__ is None
    assert caplog.messages == [f"chat model reply was not draft JSON ({len(raw)} characters)"]


def test_reply_format_message():
    assert REPLY_FORMAT_MESSAGE.startswith("The model's reply was not the expected JSON shape")
    error = pickle.loads(pickle.dumps(ReplyFormatError("raw text")))
    assert error.reply == "raw text"


def test_non_string_reply_is_a_format_error(example_profile, example_job):
    class DictModel:
        def complete(self, messages, *, timeout):
            return {"matches": []}

    with pytest.raises(ReplyFormatError) as caught:
        explain_match(example_profile, example_job, DictModel())
    assert caught.value.reply == {"matches": []}


def test_nothing_grounded_raises(example_profile, example_job):
    fake = FakeChatModel(
        reply(
            [
                {
                    "point": "You know Java.",
                    "profile_quote": "Java (3 years)",
                    "job_quote": "Java Engineer",
                }
            ]
        )
    )
    with pytest.raises(NoGroundedPoints) as caught:
        explain_match(example_profile, example_job, fake)
    assert caught.value.dropped == 1
    assert len(fake.calls) == 1


def test_kept_and_dropped_counts_are_logged(caplog, example_profile, example_job):
    caplog.set_level(logging.INFO, logger="groundlab.grounding.explain")
    bad = {
        "point": "You know Kubernetes.",
        "profile_quote": "Kubernetes",
        "job_quote": "Java Engineer",
    }
    explain_match(example_profile, example_job, FakeChatModel(reply([JAVA_MATCH, bad], [AWS_GAP])))
    assert caplog.messages == ["explanation checked: 1 match(es), 1 gap(s) kept, 1 dropped"]


# --------------------------------------------------------------------------
# provider errors never show secrets


PROVIDER_FAILURE = f"401 Unauthorized: invalid key {SECRET}, Authorization: Bearer {SECRET}"


def test_provider_error_hides_the_secret(caplog, example_profile, example_job):
    caplog.set_level(logging.DEBUG, logger="groundlab.grounding.explain")
    fake = FakeChatModel([ChatModelError(PROVIDER_FAILURE)])
    with pytest.raises(ProviderError) as caught:
        explain_match(example_profile, example_job, fake)
    error = caught.value
    assert str(error) == PROVIDER_ERROR_MESSAGE
    assert str(error).startswith("The language model service could not be reached")
    assert SECRET not in str(error)
    assert SECRET not in repr(error)
    assert "401" not in str(error)  # no provider text at all
    printed = "".join(traceback.format_exception(error))
    assert SECRET not in printed
    assert "Unauthorized" not in printed
    assert error.__cause__ is None
    assert error.__context__ is None
    assert SECRET not in caplog.text
    # an allow-list: the class name and the code, never the provider's text
    assert [(r.levelname, r.getMessage()) for r in caplog.records] == [
        ("WARNING", "chat model call failed: ChatModelError (other)")
    ]
    assert error.__suppress_context__ is True
    assert len(fake.calls) == 1  # one attempt, no retry


def test_any_exception_from_the_model_becomes_a_provider_error(caplog, example_profile, example_job):
    caplog.set_level(logging.WARNING, logger="groundlab.grounding.explain")
    fake = FakeChatModel([TimeoutError(f"read timed out; api_key={SECRET}")])
    with pytest.raises(ProviderError) as caught:
        explain_match(example_profile, example_job, fake)
    assert caplog.messages == ["chat model call failed: TimeoutError"]
    assert caught.value.error_type == "TimeoutError"


def test_unknown_key_formats_never_reach_the_log(caplog, example_profile, example_job):
    class KeyedModel:
        secrets = ("plain-custom-key-42",)

        def complete(self, messages, *, timeout):
            raise RuntimeError("upstream rejected plain-custom-key-42 and unlisted-key-77")

    caplog.set_level(logging.WARNING, logger="groundlab.grounding.explain")
    with pytest.raises(ProviderError):
        explain_match(example_profile, example_job, KeyedModel())
    assert caplog.messages == ["chat model call failed: RuntimeError"]


def test_no_credential_shape_reaches_any_record_of_explain_match(credential_shape, caplog, example_profile, example_job):
    text, credential = credential_shape
    caplog.set_level(logging.DEBUG, logger="groundlab")
    for exc in (ChatModelError(text), RuntimeError(text), ConnectionError(f"POST failed: {text}"), Unprintable()):
        caplog.clear()
        with pytest.raises(ProviderError) as caught:
            explain_match(example_profile, example_job, FakeChatModel([exc]))
        error = caught.value
        assert str(error) == PROVIDER_ERROR_MESSAGE
        assert credential not in "".join(traceback.format_exception(error))
        assert (error.__cause__, error.__context__, error.__suppress_context__) == (None, None, True)
        records = "\n".join(f"{r.getMessage()} {r.args!r} {vars(r)!r}" for r in caplog.records)
        assert credential not in records
        assert [r.getMessage() for r in caplog.records] == [f"chat model call failed: {type(exc).__name__}" + (" (other)" if isinstance(exc, ChatModelError) else "")]


def test_base_exceptions_are_not_swallowed(example_profile, example_job):
    fake = FakeChatModel([KeyboardInterrupt()])
    with pytest.raises(KeyboardInterrupt):
        explain_match(example_profile, example_job, fake)


# --------------------------------------------------------------------------
# every fixture draft, end to end through the fake model


def test_fixture_draft_through_explain_match(job_match_case, job_match_data, outcome):
    profile, job = Profile(**job_match_data["profile"]), Job(**job_match_data["job"])
    fake = FakeChatModel(job_match_case["reply"])
    assert outcome(lambda: explain_match(profile, job, fake)) == job_match_case["expected"]
    assert fake.calls == [build_prompt(profile, job).messages()]
