"""Tests for groundlab.grounding.chat: the model protocol, the fake model, the live adapter."""

from __future__ import annotations

import json
import logging
import socket
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from groundlab.grounding.chat import (
    ENV_API_KEY,
    ENV_BASE_URL,
    ENV_MODEL,
    MASK,
    ChatModel,
    ChatModelError,
    FakeChatModel,
    OpenAICompatibleChatModel,
    mask_secrets,
)

KEY = "sk-test-SECRET123"
MESSAGES = [{"role": "system", "content": "rules"}, {"role": "user", "content": "hello"}]


# --------------------------------------------------------------------------
# mask_secrets


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "401 Unauthorized: invalid key sk-test-SECRET123, "
            "Authorization: Bearer sk-test-SECRET123",
            "401 Unauthorized: invalid key sk-***, Authorization: Bearer ***",
        ),
        ("Authorization: Bearer abc.def-ghi", "Authorization: Bearer ***"),
        ("authorization: bearer abc", "authorization: bearer ***"),
        ("Authorization: Basic dXNlcjpwYXNz", "Authorization: Basic ***"),
        ("GET /v1?api_key=abc123&x=1", "GET /v1?api_key=***&x=1"),
        ('{"api_key": "abc123", "model": "m"}', '{"api_key": "***", "model": "m"}'),
        ("x-api-key: abc123", "x-api-key: ***"),
        ("apikey=abc123", "apikey=***"),
        (
            "https://host/v1beta/models?key=AIzaSyA1234567890abcdef",
            "https://host/v1beta/models?key=***",
        ),
        ("key AIzaSyA1234567890abcdef leaked", "key *** leaked"),
        ("sk-proj-AbC_123-xyz", "sk-***"),
        ("https://user:hunter2@llm.example/v1", "https://***@llm.example/v1"),
        ("no secret here: HTTP 500", "no secret here: HTTP 500"),
        ("task-force and desk-top", "task-force and desk-top"),  # 'sk-' inside a word
        ("", ""),
    ],
)
def test_mask_secrets_patterns(text, expected):
    assert mask_secrets(text) == expected


def test_mask_secrets_extra_secrets():
    text = "failed with custom-token-value and again custom-token-value; short"
    assert mask_secrets(text, "custom-token-value") == f"failed with {MASK} and again {MASK}; short"
    assert mask_secrets(text, None, "") == text
    # the longer secret is replaced first, so no tail of it survives
    assert mask_secrets("abcdef", "abc", "abcdef") == MASK


def test_mask_secrets_rejects_non_text():
    with pytest.raises(TypeError, match="text must be a str, not bytes"):
        mask_secrets(b"x")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="secrets must be str or None, not int"):
        mask_secrets("x", 3)  # type: ignore[arg-type]


# --------------------------------------------------------------------------
# FakeChatModel


def test_fake_is_a_chat_model():
    assert isinstance(FakeChatModel("x"), ChatModel)
    assert not isinstance(object(), ChatModel)


def test_fake_single_reply_repeats():
    fake = FakeChatModel("same")
    assert [fake.complete(MESSAGES, timeout=1.0) for _ in range(3)] == ["same", "same", "same"]
    assert len(fake.calls) == 3


def test_fake_sequence_in_order_then_exhausted():
    fake = FakeChatModel(["one", "two"])
    assert fake.complete(MESSAGES, timeout=1.0) == "one"
    assert fake.complete(MESSAGES, timeout=2) == "two"
    with pytest.raises(LookupError, match=r"no reply left for call 3 \(2 given\)"):
        fake.complete(MESSAGES, timeout=3.0)
    assert fake.timeouts == [1.0, 2.0, 3.0]
    assert isinstance(fake.timeouts[1], float)


def test_fake_raises_exception_items():
    boom = ChatModelError("down")
    fake = FakeChatModel([boom, "after"])
    with pytest.raises(ChatModelError) as caught:
        fake.complete(MESSAGES, timeout=1.0)
    assert caught.value is boom
    assert fake.complete(MESSAGES, timeout=1.0) == "after"
    assert len(fake.calls) == 2


def test_fake_records_a_copy_of_the_messages():
    fake = FakeChatModel("x")
    messages = [{"role": "user", "content": "original"}]
    fake.complete(messages, timeout=1.0)
    messages[0]["content"] = "changed"
    assert fake.calls == [[{"role": "user", "content": "original"}]]


@pytest.mark.parametrize(
    ("replies", "error", "message"),
    [
        ([], ValueError, "replies must not be empty"),
        (["ok", 3], TypeError, r"replies\[1\] must be a str or an exception instance, not int"),
        ([ValueError], TypeError, r"replies\[0\] must be a str or an exception instance, not type"),
        (42, TypeError, "replies must be a str or a sequence"),
        (
            b"bytes",
            TypeError,
            "replies must be a str or a sequence of str / exception instances, not bytes",
        ),
    ],
)
def test_fake_rejects_bad_replies(replies, error, message):
    with pytest.raises(error, match=message):
        FakeChatModel(replies)


def test_fake_rejects_bad_calls():
    fake = FakeChatModel("x")
    with pytest.raises(TypeError, match="messages must be a non-empty list"):
        fake.complete([], timeout=1.0)
    with pytest.raises(TypeError, match=r"messages\[0\] must be a dict"):
        fake.complete([{"role": "user"}], timeout=1.0)
    with pytest.raises(ValueError, match="timeout must be a finite number of seconds > 0"):
        fake.complete(MESSAGES, timeout=0)
    with pytest.raises(ValueError, match="timeout must be a finite number of seconds > 0"):
        fake.complete(MESSAGES, timeout=float("inf"))
    with pytest.raises(TypeError, match="timeout must be a number of seconds, not bool"):
        fake.complete(MESSAGES, timeout=True)
    assert fake.calls == []


def test_chat_module_imports_without_httpx_or_pydantic():
    code = (
        "import sys; sys.modules['httpx'] = None; import groundlab.grounding.chat; "
        "assert 'pydantic' not in sys.modules, 'pydantic imported'; print('ok')"
    )
    root = Path(__file__).resolve().parent.parent
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd=root
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


def test_adapter_without_httpx_says_how_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "httpx", None)
    with pytest.raises(ImportError, match=r"pip install 'groundlab\[live\]'"):
        OpenAICompatibleChatModel("http://127.0.0.1:1/v1", "m")


# --------------------------------------------------------------------------
# OpenAICompatibleChatModel against a local HTTP server


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


SEED_REPLY = json.dumps(
    {
        "matches": [
            {
                "point": "Your Java skills fit this role.",
                "profile_quote": "Java (Intermediate, 3 years)",
                "job_quote": "Java Engineer",
            },
            {
                "point": "You have built secure APIs.",
                "profile_quote": "secure REST APIs",
                "job_quote": "secure Java APIs",
            },
        ],
        "gaps": [
            {
                "point": "AWS is not shown in your profile.",
                "profile_quote": "",
                "job_quote": "deploy services on AWS",
            }
        ],
    }
)


def test_explain_match_through_the_adapter(server):
    from groundlab.grounding.explain import Job, Profile, build_prompt, explain_match

    server.reply = "```json\n" + SEED_REPLY + "\n```"
    profile = Profile(
        headline="Backend developer", skills="Java (Intermediate, 3 years)", name="Dana Example"
    )
    job = Job("Java Engineer", "Build secure Java APIs and deploy services on AWS.")
    explanation = explain_match(
        profile, job, OpenAICompatibleChatModel(base(server, "ok"), "m", KEY), timeout=5.0
    )
    assert (len(explanation.matches), len(explanation.gaps), explanation.dropped) == (1, 1, 1)
    assert server.requests[0]["body"]["messages"] == build_prompt(profile, job).messages()


def test_explain_match_provider_failure_through_the_adapter(server, caplog):
    from groundlab.grounding.explain import (
        PROVIDER_ERROR_MESSAGE,
        Job,
        Profile,
        ProviderError,
        explain_match,
    )

    caplog.set_level(logging.WARNING, logger="groundlab.grounding.explain")
    model = OpenAICompatibleChatModel(base(server, "unauthorized"), "m", KEY)
    with pytest.raises(ProviderError) as caught:
        explain_match(Profile(skills="Java"), Job("Java Engineer"), model, timeout=5.0)
    assert str(caught.value) == PROVIDER_ERROR_MESSAGE
    assert KEY not in caplog.text
    assert "HTTP 401" in caplog.text
    assert len(server.requests) == 1
