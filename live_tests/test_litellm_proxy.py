"""groundlab's OpenAI-compatible adapter, ``ask`` and ``explain_match`` against LiteLLM's proxy on 127.0.0.1.

The proxy (a pinned release, started by ``tools/live_test.py``) serves four mock models with fixed
replies: ``claims-model`` (the study's accepted ``complete`` answer), ``draft-model`` (the job-match
example draft), ``refusing-model`` (an OpenAI refusal: ``content`` null beside a ``refusal`` text) and
``failing-model`` (LiteLLM's mock rate-limit error). Everything between the adapter and the reply,
the HTTP server, the routing, the auth check and the response JSON, is LiteLLM's own code.
"""

from __future__ import annotations

import logging
import os

import pytest

from groundlab import (
    OpenAICompatibleChatModel,
    ProviderError,
    Status,
    ask,
    claims_response_format,
    explain_match,
    load_case_set,
    load_job_match,
)
from groundlab.grounding.provider import PROVIDER_ERROR_MESSAGE, PROVIDER_REFUSAL_MESSAGE

BASE_URL = os.environ["GROUNDLAB_LIVE_BASE_URL"]
KEY = os.environ["GROUNDLAB_LIVE_API_KEY"]
CASES = load_case_set()
COMPLETE = CASES["complete"]
JOB_MATCH = load_job_match()


def model(name, base_url=BASE_URL, key=KEY, **kwargs):
    return OpenAICompatibleChatModel(base_url, name, key, **kwargs)


def logged(caplog):
    return "\n".join(f"{r.name} {r.getMessage()} {r.args!r} {vars(r)!r}" for r in caplog.records)


def test_the_proxy_lists_its_models_and_the_adapter_takes_the_first():
    discovering = OpenAICompatibleChatModel(BASE_URL, None, KEY)
    result = ask(COMPLETE.request, CASES.sources, discovering, timeout=30.0)
    assert discovering.model == "claims-model"
    assert result.verdict.status is Status.ACCEPT


def test_ask_accepts_the_supported_answer():
    result = ask(COMPLETE.request, CASES.sources, model("claims-model"), timeout=30.0)
    assert result.reply == COMPLETE.raw
    assert result.verdict.status is Status.ACCEPT
    assert dict(result.verdict.accepted) == {"read_timeout_ms": "5000", "retry_enabled": "false"}


@pytest.mark.parametrize("schema", ["portable", "full"])
def test_ask_with_a_response_format_the_proxy_passes_on(schema):
    result = ask(COMPLETE.request, CASES.sources, model("claims-model"), timeout=30.0, schema=schema)
    assert result.verdict.status is Status.ACCEPT


def test_a_query_string_in_the_base_url_reaches_the_proxy_as_a_query():
    chat = model("claims-model", base_url=BASE_URL + "?api-version=2024-10-21")
    assert chat.url == BASE_URL + "/chat/completions?api-version=2024-10-21"
    assert ask(COMPLETE.request, CASES.sources, chat, timeout=30.0).verdict.status is Status.ACCEPT


def test_explain_match_keeps_only_the_quoted_points():
    explanation = explain_match(JOB_MATCH.profile, JOB_MATCH.job, model("draft-model"), timeout=30.0)
    assert (len(explanation.matches), len(explanation.gaps), explanation.dropped) == (1, 1, 1)


def call_with(call: str, chat_model) -> None:
    """``ask`` on the study's complete request, or ``explain_match`` on the job-match example, with ``chat_model``."""
    if call == "ask":
        ask(COMPLETE.request, CASES.sources, chat_model, timeout=30.0)
    else:
        explain_match(JOB_MATCH.profile, JOB_MATCH.job, chat_model, timeout=30.0)


@pytest.mark.parametrize("call", ["ask", "explain_match"])
def test_a_refusal_is_reported_as_a_refusal(call, caplog):
    caplog.set_level(logging.DEBUG)
    refusing = model("refusing-model")
    with pytest.raises(ProviderError) as caught:
        call_with(call, refusing)
    assert (caught.value.code, str(caught.value)) == ("refusal", PROVIDER_REFUSAL_MESSAGE)
    assert (caught.value.error_type, caught.value.status_code) == ("ChatModelError", None)
    assert "chat model call failed: ChatModelError (refusal)" in caplog.messages
    assert "help with that" not in logged(caplog)  # the model's text is never logged


@pytest.mark.parametrize("call", ["ask", "explain_match"])
def test_a_provider_error_names_only_its_status(call, caplog):
    caplog.set_level(logging.DEBUG)
    failing = model("failing-model")
    with pytest.raises(ProviderError) as caught:
        call_with(call, failing)
    assert (caught.value.code, str(caught.value)) == ("provider", PROVIDER_ERROR_MESSAGE)
    assert (caught.value.error_type, caught.value.status_code) == ("ChatModelError", 429)
    assert "chat model call failed: ChatModelError (http_status, HTTP 429)" in caplog.messages
    assert KEY not in logged(caplog) + repr(caught.value) + repr(dict(caught.value.context))


def test_a_wrong_key_is_an_http_error_without_the_key(caplog):
    caplog.set_level(logging.DEBUG)
    wrong = "sk-wrong-key-for-the-live-test"
    with pytest.raises(ProviderError) as caught:
        ask(COMPLETE.request, CASES.sources, model("claims-model", key=wrong), timeout=30.0)
    # LiteLLM 1.108.0 without a database answers an unknown key with HTTP 400 ("No connected db.").
    assert (caught.value.code, caught.value.status_code) == ("provider", 400)
    assert wrong not in logged(caplog) + repr(caught.value)


def test_url_credentials_never_reach_a_log(caplog):
    # LiteLLM checks a Bearer key, so a user:password@ URL is refused by it; what matters here is
    # that httpx's INFO line names the URL without the password.
    caplog.set_level(logging.DEBUG)
    scheme, rest = BASE_URL.split("://", 1)
    chat = OpenAICompatibleChatModel(f"{scheme}://dana:pw-LIVE-SECRET@{rest}", "claims-model")
    with pytest.raises(ProviderError):
        ask(COMPLETE.request, CASES.sources, chat, timeout=30.0)
    assert f"{BASE_URL}/chat/completions" in logged(caplog)
    assert "pw-LIVE-SECRET" not in logged(caplog)


def test_the_response_format_sent_is_the_portable_one_by_default():
    assert claims_response_format()["json_schema"]["schema"]["properties"]["claims"] == {
        "type": "array",
        "items": {
            "type": "object",
            "properties": {name: {"type": "string"} for name in ("field", "value", "doc", "quote")},
            "required": ["field", "value", "doc", "quote"],
            "additionalProperties": False,
        },
    }
