"""Tests for groundlab.grounding.chat: the model protocol, the fake model and the timeout check."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from groundlab import ChatModel, ChatModelError, FakeChatModel, OpenAICompatibleChatModel
from groundlab.grounding.chat import check_timeout

MESSAGES = [{"role": "system", "content": "rules"}, {"role": "user", "content": "hello"}]


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


def test_check_timeout_gives_float_seconds():
    assert check_timeout(2) == 2.0 and isinstance(check_timeout(2), float)
    with pytest.raises(ValueError, match=r"timeout must be a finite number of seconds > 0, got nan"):
        check_timeout(float("nan"))
    with pytest.raises(TypeError, match="timeout must be a number of seconds, not str"):
        check_timeout("30")


def test_light_grounding_modules_import_without_httpx_or_pydantic():
    modules = ["rule", "masking", "chat", "prompt", "jobmatch"]
    code = (
        "import sys; sys.modules['httpx'] = None; import importlib\n"
        f"for name in {modules!r}: importlib.import_module('groundlab.grounding.' + name)\n"
        "assert 'pydantic' not in sys.modules, 'pydantic imported'; print('ok')"
    )
    root = Path(__file__).resolve().parent.parent.parent
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd=root
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


def test_adapter_without_httpx_names_the_live_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "httpx", None)
    with pytest.raises(ImportError, match=r"^groundlab's OpenAICompatibleChatModel needs httpx: pip install 'groundlab\[live\]'$") as missing:
        OpenAICompatibleChatModel("http://127.0.0.1:1/v1", "m")
    assert missing.value.name == "httpx" and isinstance(missing.value, ModuleNotFoundError)
    with pytest.raises(ImportError, match=r"groundlab\[live\]"):
        OpenAICompatibleChatModel.from_env({"GROUNDLAB_LLM_BASE_URL": "http://127.0.0.1:1/v1"})
    assert OpenAICompatibleChatModel.from_env({}) is None  # no URL: no adapter, and no httpx needed
