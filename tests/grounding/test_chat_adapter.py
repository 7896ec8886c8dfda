"""Tests for groundlab.grounding.chat's OpenAICompatibleChatModel, against a local HTTP server."""

from __future__ import annotations

import json
import logging
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

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
from groundlab.grounding.explain import PROVIDER_ERROR_MESSAGE

KEY = "sk-test-SECRET123"
MESSAGES = [{"role": "system", "content": "rules"}, {"role": "user", "content": "hello"}]


class _Handler(BaseHTTPRequestHandler):
    def log_message(self, format, *args):  # keep test output quiet
        pass

    def _send(self, status, body, content_type="application/json"):
        data = body.encode("utf-8")
        try:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except OSError:  # the client gave up (timeout test)
            pass

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length)
        self.server.requests.append(
            {"path": self.path, "headers": dict(self.headers.items()), "body": json.loads(body)}
        )
        route = self.path.rsplit("/chat/completions", 1)[0]
        if route == "/ok":
            self._send(
                200,
                json.dumps(
                    {"choices": [{"message": {"role": "assistant", "content": self.server.reply}}]}
                ),
            )
        elif route == "/error500":
            self._send(500, f'{{"error": "internal failure, invalid key {KEY}"}}')
        elif route == "/unauthorized":
            self._send(
                401,
                f"401 Unauthorized: invalid key {KEY}, Authorization: Bearer {KEY}",
                "text/plain",
            )
        elif route == "/slow":
            time.sleep(1.0)
            self._send(200, json.dumps({"choices": [{"message": {"content": "late"}}]}))
        elif route == "/notjson":
            self._send(200, "<html>gateway</html>", "text/html")
        elif route == "/nochoices":
            self._send(200, json.dumps({"choices": []}))
        elif route == "/nullcontent":
            self._send(200, json.dumps({"choices": [{"message": {"content": None}}]}))
        else:
            self._send(404, "{}")


@pytest.fixture
def server():
    pytest.importorskip("httpx")
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    httpd.daemon_threads = True
    httpd.requests = []
    httpd.reply = "hello from the model"
    thread = threading.Thread(
        target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
    )
    thread.start()
    try:
        yield httpd
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=5)


def base(httpd, route):
    host, port = httpd.server_address[:2]
    return f"http://{host}:{port}/{route}"


def test_adapter_success_sends_the_documented_request(server):
    model = OpenAICompatibleChatModel(base(server, "ok") + "/", "test-model", KEY)
    assert isinstance(model, ChatModel)
    assert model.complete(MESSAGES, timeout=5.0) == "hello from the model"
    assert len(server.requests) == 1
    request = server.requests[0]
    assert request["path"] == "/ok/chat/completions"
    assert request["headers"]["Authorization"] == f"Bearer {KEY}"
    assert request["body"] == {"model": "test-model", "messages": MESSAGES, "temperature": 0.0}


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


def test_adapter_http_500_masks_the_key(server):
    model = OpenAICompatibleChatModel(base(server, "error500"), "m", KEY)
    with pytest.raises(ChatModelError) as caught:
        model.complete(MESSAGES, timeout=5.0)
    assert caught.value.status_code == 500
    assert str(caught.value) == (
        f"chat model request to {base(server, 'error500')}/chat/completions returned HTTP 500: "
        '{"error": "internal failure, invalid key ***"}'
    )
    assert_no_key(caught.value)
    assert server.requests[0]["headers"]["Authorization"] == f"Bearer {KEY}"


def test_adapter_http_401_masks_bearer_and_key(server):
    model = OpenAICompatibleChatModel(base(server, "unauthorized"), "m", KEY)
    with pytest.raises(ChatModelError) as caught:
        model.complete(MESSAGES, timeout=5.0)
    assert caught.value.status_code == 401
    assert str(caught.value).endswith(
        "returned HTTP 401: 401 Unauthorized: invalid key ***, Authorization: Bearer ***"
    )
    assert_no_key(caught.value)


def test_adapter_timeout(server):
    model = OpenAICompatibleChatModel(base(server, "slow"), "m", KEY)
    started = time.monotonic()
    with pytest.raises(ChatModelError) as caught:
        model.complete(MESSAGES, timeout=0.2)
    elapsed = time.monotonic() - started
    assert elapsed < 0.9  # the server answers after 1.0 s
    assert (
        str(caught.value)
        == f"chat model request to {base(server, 'slow')}/chat/completions timed out after 0.2 s"
    )
    assert caught.value.status_code is None
    assert_no_key(caught.value)
    assert len(server.requests) == 1  # one attempt, no retry


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
    model = OpenAICompatibleChatModel(f"http://user:{KEY}@127.0.0.1:{port}/v1", "m", KEY)
    with pytest.raises(ChatModelError) as caught:
        model.complete(MESSAGES, timeout=2.0)
    assert str(caught.value).startswith(
        f"chat model request to http://***@127.0.0.1:{port}/v1/chat/completions "
        "failed: ConnectError"
    )
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
        (("http://x", " "), {}, ValueError, "model must be a non-empty str"),
        (("http://x", "m", 5), {}, TypeError, "api_key must be a str or None, not int"),
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
    assert OpenAICompatibleChatModel.from_env({ENV_BASE_URL: "http://x/v1"}) is None
    assert OpenAICompatibleChatModel.from_env({ENV_MODEL: "m"}) is None
    assert OpenAICompatibleChatModel.from_env({ENV_BASE_URL: " ", ENV_MODEL: "m"}) is None
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
    assert KEY not in caplog.text
    assert "HTTP 401" in caplog.text
    assert len(server.requests) == 1
