"""Tests for groundlab.grounding.ask: claims from a model, verified; over real HTTP against a local stub."""

from __future__ import annotations

import ast
import json
import logging
import sys
import traceback
from pathlib import Path

import pytest
from credential_shapes import CREDENTIAL_SHAPES, Unprintable
from openai_stub import KEY, base

import groundlab
from groundlab import (
    AskResult,
    ChatModelError,
    FakeChatModel,
    OpenAICompatibleChatModel,
    ProviderError,
    Registry,
    Request,
    Source,
    Status,
    ask,
    build_claims_prompt,
    claims_response_format,
)
from groundlab.grounding.provider import PROVIDER_ERROR_MESSAGE

LIVE = Source("prod-v2", "payments", "prod", "v2", {"read_timeout_ms": "5000"}, "read_timeout_ms=5000\n")
OLD = Source("prod-v1", "payments", "prod", "v1", {"read_timeout_ms": "2000"}, "read_timeout_ms=2000\n")
UNSENT = Source("notes", "payments", "prod", "v2", {}, "internal note: do not send")
SOURCES = Registry([LIVE, OLD, UNSENT])
REQUEST = Request("payments", "prod", "v2", ("read_timeout_ms",), ("prod-v2", "prod-v1"))


GOOD_REPLY = json.dumps({"claims": [{"field": "read_timeout_ms", "value": "5000", "doc": "prod-v2", "quote": "read_timeout_ms=5000"}]})


def answer(value="5000", doc="prod-v2"):
    quote = f"read_timeout_ms={value}"
    return json.dumps({"claims": [{"field": "read_timeout_ms", "value": value, "doc": doc, "quote": quote}]})


def assert_secret_safe(error: ProviderError, caplog) -> None:
    assert str(error) == PROVIDER_ERROR_MESSAGE
    assert KEY not in repr(error) + "".join(traceback.format_exception(error))
    assert (error.__cause__, error.__context__, error.__suppress_context__) == (None, None, True)
    assert KEY not in "\n".join(f"{r.getMessage()} {r.args!r} {vars(r)!r}" for r in caplog.records)


# --------------------------------------------------------------------------
# with the fake model


def test_ask_sends_the_claims_prompt_once_and_verifies_the_reply(caplog):
    caplog.set_level(logging.INFO, logger="groundlab.grounding.ask")
    fake = FakeChatModel(answer())
    result = ask(REQUEST, SOURCES, fake)
    assert isinstance(result, AskResult)
    assert (result.verdict.status, dict(result.verdict.accepted), result.reply) == (
        Status.ACCEPT, {"read_timeout_ms": "5000"}, answer()
    )
    assert fake.calls == [build_claims_prompt(REQUEST, SOURCES)]
    assert fake.timeouts == [30.0]
    assert "do not send" not in json.dumps(fake.calls)
    assert caplog.messages == ["answer verified: ACCEPT"]


@pytest.mark.parametrize(
    ("reply", "status"),
    [
        (answer(value="2000", doc="prod-v1"), Status.STALE_REVISION),
        (answer(value="1"), Status.NO_CITATION),
        ("```json\n" + answer() + "\n```", Status.INVALID_JSON),  # no fence is removed
        ("Sure! The timeout is 5000 ms.", Status.INVALID_JSON),
        ('{"claims": []}', Status.NO_CITATION),
    ],
)
def test_a_wrong_or_malformed_reply_is_a_verdict_not_an_error(reply, status, caplog):
    caplog.set_level(logging.INFO, logger="groundlab.grounding.ask")
    result = ask(REQUEST, SOURCES, FakeChatModel(reply), timeout=2)
    assert (result.verdict.status, dict(result.verdict.accepted), result.reply) == (status, {}, reply)
    assert caplog.messages == [f"answer verified: {status.value}"]


def test_a_reply_that_is_not_text_is_a_provider_error(caplog):
    class DictModel:
        def complete(self, messages, *, timeout):
            return {"claims": []}

    caplog.set_level(logging.INFO, logger="groundlab.grounding.ask")
    with pytest.raises(ProviderError) as caught:
        ask(REQUEST, SOURCES, DictModel())
    assert caught.value.error_type == "dict"
    assert caplog.messages == ["chat model returned dict instead of str"]


@pytest.mark.parametrize(
    ("exc", "logged"),
    [
        (Unprintable(), "Unprintable"),
        (ChatModelError(f"HTTP 401: invalid key {KEY}"), "ChatModelError (other)"),
        (TimeoutError(f"read timed out; Authorization: Bearer {KEY}"), "TimeoutError"),
    ],
)
def test_whatever_the_model_raised_becomes_a_secret_safe_provider_error(exc, logged, caplog):
    caplog.set_level(logging.DEBUG, logger="groundlab")
    fake = FakeChatModel([exc])
    with pytest.raises(ProviderError) as caught:
        ask(REQUEST, SOURCES, fake)
    assert_secret_safe(caught.value, caplog)
    assert caplog.messages == [f"chat model call failed: {logged}"]
    assert len(fake.calls) == 1


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda fake: ask(REQUEST, SOURCES, "gpt"), TypeError, "model must have a complete() method, not str"),
        (lambda fake: ask(REQUEST, SOURCES, fake, timeout=0), ValueError,
         "timeout must be a finite number of seconds > 0, got 0"),
        (lambda fake: ask(REQUEST, SOURCES, fake, timeout="30"), TypeError,
         "timeout must be a number of seconds, not str"),
        (lambda fake: ask(REQUEST, [LIVE], fake), ValueError,
         "the request supplies 'prod-v1', which no source in the registry has (known ids: prod-v2)"),
        (lambda fake: ask({"service": "payments"}, SOURCES, fake), TypeError, "expected a Request, not dict"),
    ],
)
def test_bad_arguments_are_refused_before_any_call(call, error, message):
    fake = FakeChatModel(answer())
    with pytest.raises(error) as caught:
        call(fake)
    assert str(caught.value) == message
    assert fake.calls == []


# --------------------------------------------------------------------------
# over real HTTP, against the OpenAI-compatible stub on 127.0.0.1


def test_a_good_reply_over_http(server, caplog):
    caplog.set_level(logging.INFO, logger="groundlab.grounding.ask")
    server.reply = answer()
    model = OpenAICompatibleChatModel(base(server, "ok"), "m", KEY, response_format=claims_response_format())
    result = ask(REQUEST, SOURCES, model, timeout=5.0)
    assert (result.verdict.status, result.reply) == (Status.ACCEPT, answer())
    [sent] = server.requests
    assert sent["path"] == "/ok/chat/completions"
    assert sent["body"] == {
        "model": "m",
        "messages": build_claims_prompt(REQUEST, SOURCES),
        "temperature": 0.0,
        "response_format": claims_response_format(),
    }
    assert caplog.messages == ["answer verified: ACCEPT"]


def test_a_malformed_reply_over_http(server):
    server.reply = '{"claims": [{"field": "read_timeout_ms", "value": 5000}]}'
    result = ask(REQUEST, SOURCES, OpenAICompatibleChatModel(base(server, "ok"), "m"), timeout=5.0)
    assert (result.verdict.status, result.verdict.error.code) == (Status.INVALID_JSON, "wrong_shape")
    assert result.reply == server.reply


@pytest.mark.parametrize(
    ("route", "timeout", "logged", "status"),
    [
        ("nochoices", 5.0, "ChatModelError (bad_reply)", None),
        ("unauthorized", 5.0, "ChatModelError (http_status, HTTP 401)", 401),  # echoes the key
        ("echo", 5.0, "ChatModelError (http_status, HTTP 500)", 500),  # echoes every credential shape
        ("slow", 0.2, "ChatModelError (deadline)", None),  # the stub answers after 1 s
    ],
)
def test_provider_failures_over_http(server, caplog, route, timeout, logged, status):
    caplog.set_level(logging.DEBUG, logger="groundlab")
    with pytest.raises(ProviderError) as caught:
        ask(REQUEST, SOURCES, OpenAICompatibleChatModel(base(server, route), "m", KEY), timeout=timeout)
    error = caught.value
    assert_secret_safe(error, caplog)
    assert (error.error_type, error.status_code) == ("ChatModelError", status)
    assert caplog.messages == [f"chat model call failed: {logged}"]
    assert caplog.records[0].elapsed_ms == error.elapsed_ms
    shown = repr(error) + "".join(traceback.format_exception(error)) + caplog.text
    assert [name for name, _, secret in CREDENTIAL_SHAPES if secret in shown] == []
    assert server.requests[0]["headers"]["Authorization"] == f"Bearer {KEY}"
    assert len(server.requests) == 1  # one attempt, no retry


def test_a_server_that_needs_only_its_url(server):
    server.reply = answer()
    model = OpenAICompatibleChatModel.from_env({"GROUNDLAB_LLM_BASE_URL": base(server, "ok")})
    assert ask(REQUEST, SOURCES, model, timeout=5.0).verdict.status is Status.ACCEPT
    assert [r["path"] for r in server.requests] == ["/ok/models", "/ok/chat/completions"]
    assert server.requests[1]["body"]["model"] == "served-model"


STANDARD_LIBRARY_ONLY = ["ask", "claims_prompt", "provider", "masking", "chat"]


@pytest.mark.parametrize("name", STANDARD_LIBRARY_ONLY)
def test_the_real_model_path_imports_only_the_standard_library(name):
    # chat imports httpx inside the adapter only (through groundlab._extras.require, standard
    # library only, so a missing httpx names the extra); the module itself must not.
    path = Path(groundlab.__file__).parent / "grounding" / f"{name}.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = {node.module for node in tree.body if isinstance(node, ast.ImportFrom)}
    top |= {alias.name for node in tree.body if isinstance(node, ast.Import) for alias in node.names}
    outside = sorted(m for m in top if m.split(".")[0] not in sys.stdlib_module_names)
    assert [m for m in outside if not m.startswith(("groundlab.core.", "groundlab.grounding.")) and m != "groundlab._extras"] == []
    assert {m for m in outside if m.startswith("groundlab.grounding.")} <= {
        f"groundlab.grounding.{n}" for n in STANDARD_LIBRARY_ONLY
    }


@pytest.mark.parametrize(("schema", "portable"), [("portable", True), ("full", False)])
def test_ask_sends_the_schema_it_is_asked_for(schema, portable):
    fake = FakeChatModel(GOOD_REPLY)
    result = ask(REQUEST, SOURCES, fake, schema=schema)
    assert result.verdict.status is Status.ACCEPT
    assert fake.response_formats == [claims_response_format(portable=portable)]
    ask(REQUEST, SOURCES, fake)
    assert fake.response_formats[1] is None  # no schema: the model's own configuration


def test_ask_sends_the_schema_over_http(server):
    server.reply = GOOD_REPLY
    model = OpenAICompatibleChatModel(base(server, "ok"), "m", response_format={"type": "json_object"})
    assert ask(REQUEST, SOURCES, model, schema="portable", timeout=5.0).verdict.status is Status.ACCEPT
    assert server.requests[0]["body"]["response_format"] == claims_response_format()
    ask(REQUEST, SOURCES, model, timeout=5.0)
    assert server.requests[1]["body"]["response_format"] == {"type": "json_object"}


def test_ask_refuses_a_schema_it_cannot_send():
    class Plain:
        def complete(self, messages, *, timeout):
            return GOOD_REPLY

    with pytest.raises(TypeError, match="^schema= needs a model whose complete\\(\\) takes response_format, not Plain$"):
        ask(REQUEST, SOURCES, Plain(), schema="portable")
    assert ask(REQUEST, SOURCES, Plain()).verdict.status is Status.ACCEPT
    with pytest.raises(ValueError, match="^schema must be None, 'portable' or 'full', not 'strict'$"):
        ask(REQUEST, SOURCES, FakeChatModel(GOOD_REPLY), schema="strict")
