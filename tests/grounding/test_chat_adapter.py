"""Tests for groundlab.grounding.chat's OpenAICompatibleChatModel, against a local HTTP server."""

from __future__ import annotations

import base64
import logging
import socket

import pytest
from credential_shapes import CREDENTIAL_SHAPES
from openai_stub import BIG, KEY, base

from groundlab import (
    ENV_API_KEY,
    ENV_BASE_URL,
    ENV_MODEL,
    ChatModel,
    ChatModelError,
    Job,
    OpenAICompatibleChatModel,
    Profile,
    ProviderError,
    build_prompt,
    explain_match,
    load_job_match,
)
from groundlab.grounding.chat import MAX_REPLY_BYTES
from groundlab.grounding.explain import PROVIDER_ERROR_MESSAGE
from groundlab.grounding.provider import PROVIDER_REFUSAL_MESSAGE

MESSAGES = [{"role": "system", "content": "rules"}, {"role": "user", "content": "hello"}]


def test_adapter_success_sends_the_documented_request(server):
    model = OpenAICompatibleChatModel(base(server, "ok") + "/", "test-model", KEY)
    assert isinstance(model, ChatModel)
    assert model.complete(MESSAGES, timeout=5.0) == "hello from the model"
    assert len(server.requests) == 1
    request = server.requests[0]
    assert request["path"] == "/ok/chat/completions"
    assert request["headers"]["Authorization"] == f"Bearer {KEY}"
    assert request["body"] == {"model": "test-model", "messages": MESSAGES, "temperature": 0.0}
    assert request["headers"]["Content-Type"] == "application/json"


def test_adapter_sends_the_response_format(server):
    fmt = {"type": "json_schema", "json_schema": {"name": "claims", "schema": {"type": "object"}}}
    model = OpenAICompatibleChatModel(base(server, "ok"), "m", response_format=fmt)
    fmt["type"] = "changed later"  # the adapter keeps its own copy
    model.complete(MESSAGES, timeout=5.0)
    assert server.requests[0]["body"]["response_format"] == {
        "type": "json_schema", "json_schema": {"name": "claims", "schema": {"type": "object"}}
    }


def test_adapter_without_a_model_uses_the_first_one_the_server_lists(server):
    model = OpenAICompatibleChatModel(base(server, "ok"))
    assert model.model is None
    assert model.complete(MESSAGES, timeout=5.0) == "hello from the model"
    model.complete(MESSAGES, timeout=5.0)
    assert [r["path"] for r in server.requests] == ["/ok/models", "/ok/chat/completions", "/ok/chat/completions"]
    assert server.requests[1]["body"]["model"] == "served-model"
    assert model.model == "served-model"


@pytest.mark.parametrize(
    ("route", "code", "status", "message"),
    [
        ("nochoices", "bad_reply", None,
         "chat model response from {url}/models was not chat-completions JSON with a string at data[0].id"),
        ("unauthorized", "http_status", 401, "chat model request to {url}/models returned HTTP 401"),
    ],
)
def test_adapter_model_discovery_failures(server, route, code, status, message):
    model = OpenAICompatibleChatModel(base(server, route), api_key=KEY)
    with pytest.raises(ChatModelError) as caught:
        model.complete(MESSAGES, timeout=5.0)
    assert (caught.value.code, caught.value.status_code) == (code, status)
    assert str(caught.value) == message.format(url=base(server, route))
    assert_no_key(caught.value)
    assert len(server.requests) == 1  # no chat request after a failed discovery


def test_adapter_without_key_sends_no_authorization(server):
    model = OpenAICompatibleChatModel(base(server, "ok"), "m", temperature=0.3)
    model.complete(MESSAGES, timeout=5.0)
    request = server.requests[0]
    assert "Authorization" not in request["headers"]
    assert request["body"]["temperature"] == 0.3


def assert_no_key(error):
    assert KEY not in str(error)
    assert KEY not in repr(error)
    assert error.__cause__ is None
    assert error.__context__ is None
    assert error.__suppress_context__ is True


def test_adapter_http_500_masks_the_key(server):
    model = OpenAICompatibleChatModel(base(server, "error500"), "m", KEY)
    with pytest.raises(ChatModelError) as caught:
        model.complete(MESSAGES, timeout=5.0)
    assert (caught.value.code, caught.value.status_code) == ("http_status", 500)
    # the provider's body is never part of the message
    assert str(caught.value) == (
        f"chat model request to {base(server, 'error500')}/chat/completions returned HTTP 500"
    )
    assert_no_key(caught.value)
    assert server.requests[0]["headers"]["Authorization"] == f"Bearer {KEY}"


def test_adapter_http_401_masks_bearer_and_key(server):
    model = OpenAICompatibleChatModel(base(server, "unauthorized"), "m", KEY)
    with pytest.raises(ChatModelError) as caught:
        model.complete(MESSAGES, timeout=5.0)
    assert caught.value.status_code == 401
    assert str(caught.value) == f"chat model request to {base(server, 'unauthorized')}/chat/completions returned HTTP 401"
    assert_no_key(caught.value)


def test_adapter_error_holds_no_credential_the_server_echoed(server):
    model = OpenAICompatibleChatModel(base(server, "echo"), "m", KEY)
    with pytest.raises(ChatModelError) as caught:
        model.complete(MESSAGES, timeout=5.0)
    text = str(caught.value) + repr(caught.value) + repr(dict(caught.value.context))
    assert [name for name, _, secret in CREDENTIAL_SHAPES if secret in text] == []
    assert_no_key(caught.value)


def test_adapter_endpoint_drops_user_information_and_query():
    pytest.importorskip("httpx")
    model = OpenAICompatibleChatModel(f"https://user:{KEY}@llm.example/v1?api-version=2024-10-21#f", "m")
    assert repr(model) == (
        "OpenAICompatibleChatModel(base_url='https://llm.example/v1', model='m', "
        "api_key='***', temperature=0.0)"
    )
    assert model.base_url == "https://llm.example/v1?api-version=2024-10-21"
    assert model.url == "https://llm.example/v1/chat/completions?api-version=2024-10-21"
    assert KEY in model.secrets


def test_adapter_keeps_the_query_string_after_the_joined_path(server):
    model = OpenAICompatibleChatModel(base(server, "ok") + "/?api-version=2024-10-21", "m")
    assert model.complete(MESSAGES, timeout=5.0) == "hello from the model"
    assert [r["path"] for r in server.requests] == ["/ok/chat/completions?api-version=2024-10-21"]
    discovering = OpenAICompatibleChatModel(base(server, "ok") + "?api-version=2024-10-21")
    discovering.complete(MESSAGES, timeout=5.0)
    assert [r["path"] for r in server.requests[1:]] == [
        "/ok/models?api-version=2024-10-21", "/ok/chat/completions?api-version=2024-10-21"
    ]


def test_adapter_moves_url_credentials_to_a_header_that_no_log_shows(server, caplog):
    caplog.set_level(logging.DEBUG)  # httpx logs every request's URL at INFO, httpcore more at DEBUG
    password = "p@ss-SECRET9"
    host, port = server.server_address[:2]
    model = OpenAICompatibleChatModel(f"http://dana:p%40ss-SECRET9@{host}:{port}/ok", "m")
    assert model.complete(MESSAGES, timeout=5.0) == "hello from the model"
    token = base64.b64encode(f"dana:{password}".encode()).decode()
    assert server.requests[0]["headers"]["Authorization"] == f"Basic {token}"
    assert [r.name for r in caplog.records if r.name == "httpx"] == ["httpx"]  # the log line exists
    logged = "\n".join(f"{r.getMessage()} {r.args!r}" for r in caplog.records)
    assert f"http://{host}:{port}/ok/chat/completions" in logged
    for secret in (password, "p%40ss-SECRET9", token, "dana:"):
        assert secret not in logged
    assert {password, token} <= set(model.secrets)


@pytest.mark.parametrize(
    ("url", "key", "message"),
    [
        ("http://u:pw@h/v1", KEY, "base_url carries user:password@ and api_key is given too: pass one of them"),
        (f"http://h/v1?api_key={KEY}", None, "base_url's query string holds a credential; pass the key as api_key"),
        ("http:///v1", None, "base_url must name a host"),
    ],
)
def test_adapter_refuses_credentials_it_would_have_to_log(url, key, message):
    pytest.importorskip("httpx")
    with pytest.raises(ValueError) as caught:
        OpenAICompatibleChatModel(url, "m", key)
    assert str(caught.value).startswith(message)
    assert KEY not in str(caught.value)


def test_adapter_deadline(server):
    model = OpenAICompatibleChatModel(base(server, "slow"), "m", KEY)
    with pytest.raises(ChatModelError) as caught:
        model.complete(MESSAGES, timeout=0.2)
    assert str(caught.value) == (
        f"chat model request to {base(server, 'slow')}/chat/completions did not finish within its 0.2 s deadline"
    )
    assert (caught.value.code, caught.value.status_code) == ("deadline", None)
    assert_no_key(caught.value)
    assert len(server.requests) == 1  # one attempt, no retry


@pytest.mark.parametrize("route", ["drip", "dripheaders"])
def test_adapter_deadline_covers_a_server_that_drips(server, route):
    # Each byte comes well within httpx's per-read timeout, so only a deadline for the whole
    # call stops it (the drip would end with a valid reply after about 4 s).
    model = OpenAICompatibleChatModel(base(server, route), "m", KEY)
    with pytest.raises(ChatModelError) as caught:
        model.complete(MESSAGES, timeout=0.5)
    assert (caught.value.code, dict(caught.value.context)) == (
        "deadline", {"endpoint": f"{base(server, route)}/chat/completions", "timeout_s": 0.5}
    )
    # The abandoned request hangs up at once (its socket is shut), even in the middle of the
    # headers, rather than reading on until the drip ends (about 4 s away, 6 s for the headers).
    assert server.gone.wait(3.0)


def test_adapter_deadline_covers_model_discovery_and_the_call(server):
    # /models and the chat request take 0.3 s each: each fits in 0.5 s, the two do not.
    model = OpenAICompatibleChatModel(base(server, "slowmodels"))
    with pytest.raises(ChatModelError) as caught:
        model.complete(MESSAGES, timeout=0.5)
    assert caught.value.code == "deadline"
    assert [r["path"] for r in server.requests] == ["/slowmodels/models", "/slowmodels/chat/completions"]
    assert model.complete(MESSAGES, timeout=5.0) == "late"  # the model is known now: one request


@pytest.mark.parametrize("route", ["big", "bigstream"])
def test_adapter_stops_reading_at_the_size_cap(server, route):
    model = OpenAICompatibleChatModel(base(server, route), "m", max_reply_bytes=BIG // 2)
    with pytest.raises(ChatModelError) as caught:
        model.complete(MESSAGES, timeout=5.0)
    assert (caught.value.code, str(caught.value)) == (
        "too_large",
        f"chat model response from {base(server, route)}/chat/completions was larger than the {BIG // 2} byte limit",
    )
    roomy = OpenAICompatibleChatModel(base(server, route), "m", max_reply_bytes=2 * BIG)
    assert roomy.complete(MESSAGES, timeout=5.0) == "x" * BIG
    assert OpenAICompatibleChatModel(base(server, route), "m").max_reply_bytes == MAX_REPLY_BYTES == 4 * 1024 * 1024


def test_adapter_undoes_a_compressed_reply_within_the_size_cap(server):
    """The request asks for ``identity``; a server that compresses anyway is decoded chunk by
    chunk, never past the cap: a gzip bomb (64 MiB of reply in about 64 KiB) stops at 4 MiB
    (before, httpx decoded each piece whole), and two layers of encoding are refused."""
    assert OpenAICompatibleChatModel(base(server, "gzipped"), "m").complete(MESSAGES, timeout=5.0) == "x" * 10
    assert server.requests[-1]["headers"]["Accept-Encoding"] == "identity"
    with pytest.raises(ChatModelError) as caught:
        OpenAICompatibleChatModel(base(server, "gzipbomb"), "m").complete(MESSAGES, timeout=20.0)
    assert (caught.value.code, caught.value.context["limit_bytes"]) == ("too_large", MAX_REPLY_BYTES)
    with pytest.raises(ChatModelError) as caught:
        OpenAICompatibleChatModel(base(server, "deflatetwice"), "m").complete(MESSAGES, timeout=5.0)
    assert (caught.value.code, caught.value.context["path"]) == ("bad_reply", "Content-Encoding")


@pytest.mark.parametrize("route", ["refusalpart", "contentfilter"])
def test_adapter_refusal_as_a_content_part_or_a_filter_is_a_refusal(server, route):
    with pytest.raises(ChatModelError) as caught:
        OpenAICompatibleChatModel(base(server, route), "m").complete(MESSAGES, timeout=5.0)
    assert caught.value.code == "refusal"  # was bad_reply


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("http://x/v1\r\nHost: evil", "base_url must not hold spaces or control characters"),
        ("http://ex ample.com/v1", "base_url must not hold spaces or control characters"),
        ("http://127.0.0.1:99999/v1", "base_url's port must be a number from 0 to 65535"),
        ("http://127.0.0.1:abc/v1", "base_url's port must be a number from 0 to 65535"),
        ("http://:80/v1", "base_url must name a host"),
    ],
)
def test_adapter_refuses_a_malformed_base_url_when_built(url, message):
    """Before, each was accepted and failed at the first call (port 99999 as a ConnectError), and
    urlsplit turned the CR LF into nothing."""
    with pytest.raises(ValueError) as caught:
        OpenAICompatibleChatModel(url, "m")
    assert str(caught.value) == message


def test_adapter_refusal_has_its_own_code(server):
    model = OpenAICompatibleChatModel(base(server, "refusal"), "m", KEY)
    with pytest.raises(ChatModelError) as caught:
        model.complete(MESSAGES, timeout=5.0)
    assert (caught.value.code, str(caught.value)) == (
        "refusal", f"chat model at {base(server, 'refusal')}/chat/completions refused to answer (choices[0].message.refusal)"
    )
    assert "help" not in str(caught.value) + repr(dict(caught.value.context))  # the model's text is not kept


def test_adapter_deeply_nested_body_is_a_bad_reply(server):
    model = OpenAICompatibleChatModel(base(server, "deep"), "m")
    with pytest.raises(ChatModelError) as caught:
        model.complete(MESSAGES, timeout=5.0)
    assert (caught.value.code, caught.value.context["path"]) == ("bad_reply", "choices[0].message.content")


def test_adapter_per_call_response_format(server):
    model = OpenAICompatibleChatModel(base(server, "ok"), "m", response_format={"type": "json_object"})
    model.complete(MESSAGES, timeout=5.0, response_format={"type": "text"})
    model.complete(MESSAGES, timeout=5.0)
    assert [r["body"]["response_format"] for r in server.requests] == [{"type": "text"}, {"type": "json_object"}]


@pytest.mark.parametrize("route", ["notjson", "nochoices", "nullcontent"])
def test_adapter_unexpected_body(server, route):
    model = OpenAICompatibleChatModel(base(server, route), "m", KEY)
    with pytest.raises(ChatModelError) as caught:
        model.complete(MESSAGES, timeout=5.0)
    assert str(caught.value) == (
        f"chat model response from {base(server, route)}/chat/completions was not "
        "chat-completions JSON with a string at choices[0].message.content"
    )
    assert_no_key(caught.value)


def test_adapter_connection_refused():
    pytest.importorskip("httpx")
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    model = OpenAICompatibleChatModel(f"http://127.0.0.1:{port}/v1", "m", KEY)
    with pytest.raises(ChatModelError) as caught:
        model.complete(MESSAGES, timeout=2.0)
    assert str(caught.value) == (
        f"chat model request to http://127.0.0.1:{port}/v1/chat/completions failed: ConnectError"
    )
    assert (caught.value.code, caught.value.context["error_type"]) == ("transport", "ConnectError")
    assert_no_key(caught.value)


def test_adapter_repr_and_secrets_hide_the_key():
    pytest.importorskip("httpx")
    model = OpenAICompatibleChatModel("http://127.0.0.1:9/v1", "m", KEY)
    assert repr(model) == (
        "OpenAICompatibleChatModel(base_url='http://127.0.0.1:9/v1', model='m', "
        "api_key='***', temperature=0.0)"
    )
    assert model.secrets == (KEY,)
    assert OpenAICompatibleChatModel("http://127.0.0.1:9/v1", "m", "").secrets == ()
    assert model.url == "http://127.0.0.1:9/v1/chat/completions"


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "message"),
    [
        (("", "m"), {}, ValueError, "base_url must be a non-empty str"),
        (("ftp://x", "m"), {}, ValueError, "base_url must start with http:// or https://"),
        (("http://x", " "), {}, ValueError, "model must be a non-empty str or None"),
        (("http://x", "m"), {"response_format": "json"}, TypeError, "response_format must be a mapping or None, not str"),
        (
            ("http://x", "m"),
            {"response_format": {"x": float("nan")}},
            TypeError,
            r"response_format must hold JSON values only \(str keys, no NaN\)",
        ),
        (("http://x", "m", 5), {}, TypeError, "api_key must be a str or None, not int"),
        (("http://x", "m"), {"max_reply_bytes": 0}, ValueError, "max_reply_bytes must be > 0, got 0"),
        (("http://x", "m"), {"max_reply_bytes": 1.5}, TypeError, "max_reply_bytes must be an int, not float"),
        (
            ("http://x", "m"),
            {"temperature": -1},
            ValueError,
            "temperature must be a finite number >= 0",
        ),
        (
            ("http://x", "m"),
            {"temperature": "hot"},
            TypeError,
            "temperature must be a number, not str",
        ),
    ],
)
def test_adapter_rejects_bad_configuration(args, kwargs, error, message):
    pytest.importorskip("httpx")
    with pytest.raises(error, match=message):
        OpenAICompatibleChatModel(*args, **kwargs)


def test_adapter_from_env():
    pytest.importorskip("httpx")
    assert OpenAICompatibleChatModel.from_env({}) is None
    assert OpenAICompatibleChatModel.from_env({ENV_MODEL: "m"}) is None
    assert OpenAICompatibleChatModel.from_env({ENV_BASE_URL: " ", ENV_MODEL: "m"}) is None
    only_url = OpenAICompatibleChatModel.from_env({ENV_BASE_URL: "http://x/v1", ENV_MODEL: " "})
    assert (only_url.base_url, only_url.model, only_url.secrets, only_url.response_format) == ("http://x/v1", None, (), None)
    fmt = {"type": "json_object"}
    assert OpenAICompatibleChatModel.from_env({ENV_BASE_URL: "http://x/v1"}, response_format=fmt).response_format == fmt
    model = OpenAICompatibleChatModel.from_env(
        {ENV_BASE_URL: "http://x/v1/", ENV_MODEL: "m", ENV_API_KEY: KEY}
    )
    assert (model.base_url, model.model, model.secrets) == ("http://x/v1", "m", (KEY,))
    keyless = OpenAICompatibleChatModel.from_env(
        {ENV_BASE_URL: "http://x/v1", ENV_MODEL: "m", ENV_API_KEY: ""}
    )
    assert keyless.secrets == ()


def test_adapter_from_env_reads_os_environ(monkeypatch):
    pytest.importorskip("httpx")
    monkeypatch.delenv(ENV_BASE_URL, raising=False)
    monkeypatch.setenv(ENV_MODEL, "m")
    assert OpenAICompatibleChatModel.from_env() is None
    monkeypatch.setenv(ENV_BASE_URL, "https://llm.example/v1")
    assert OpenAICompatibleChatModel.from_env().model == "m"
    assert OpenAICompatibleChatModel.from_env().url == "https://llm.example/v1/chat/completions"


# --------------------------------------------------------------------------
# end to end: explain_match through the live adapter


def test_explain_match_through_the_adapter(server):
    fixture = load_job_match()
    server.reply = "```json\n" + fixture["seed_example"].reply + "\n```"
    model = OpenAICompatibleChatModel(base(server, "ok"), "m", KEY)
    explanation = explain_match(fixture.profile, fixture.job, model, timeout=5.0)
    assert (len(explanation.matches), len(explanation.gaps), explanation.dropped) == (1, 1, 1)
    sent = server.requests[0]["body"]["messages"]
    assert sent == build_prompt(fixture.profile, fixture.job).messages()


def test_explain_match_provider_failure_through_the_adapter(server, caplog):
    caplog.set_level(logging.WARNING, logger="groundlab.grounding.explain")
    model = OpenAICompatibleChatModel(base(server, "unauthorized"), "m", KEY)
    with pytest.raises(ProviderError) as caught:
        explain_match(Profile(skills="Java"), Job("Java Engineer"), model, timeout=5.0)
    assert str(caught.value) == PROVIDER_ERROR_MESSAGE
    assert caplog.messages == ["chat model call failed: ChatModelError (http_status, HTTP 401)"]
    assert (caught.value.error_type, caught.value.status_code) == ("ChatModelError", 401)
    assert len(server.requests) == 1


def test_explain_match_refusal_through_the_adapter(server, caplog):
    caplog.set_level(logging.WARNING, logger="groundlab.grounding.explain")
    model = OpenAICompatibleChatModel(base(server, "refusal"), "m", KEY)
    with pytest.raises(ProviderError) as caught:
        explain_match(Profile(skills="Java"), Job("Java Engineer"), model, timeout=5.0)
    assert (caught.value.code, str(caught.value)) == ("refusal", PROVIDER_REFUSAL_MESSAGE)
    assert caplog.messages == ["chat model call failed: ChatModelError (refusal)"]
