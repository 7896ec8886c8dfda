"""Tests for groundlab.grounding.provider: errors as allow-listed data, and the one call that never leaks."""

from __future__ import annotations

import logging
import pickle
import traceback

import pytest
from credential_shapes import Unprintable

from groundlab import ChatModelError, FakeChatModel, ProviderError
from groundlab.grounding.provider import CHAT_ERROR_CODES, PROVIDER_ERROR_MESSAGE, PROVIDER_REFUSAL_MESSAGE, call_once

LOGGER = logging.getLogger("groundlab.tests.provider")
MESSAGES = [{"role": "user", "content": "hello"}]


def everything_logged(caplog) -> str:
    """Every record's message, raw arguments and extra attributes, as one text."""
    parts = []
    for record in caplog.records:
        parts += [record.getMessage(), repr(record.args), repr(vars(record))]
    return "\n".join(parts)


def assert_nothing_chained(error: BaseException) -> None:
    assert error.__cause__ is None
    assert error.__context__ is None
    assert error.__suppress_context__ is True


# --------------------------------------------------------------------------
# ChatModelError: code, status and context; the message is rendered from them


@pytest.mark.parametrize(
    ("code", "status", "context", "message"),
    [
        ("deadline", None, {"endpoint": "http://h:1/v1/chat/completions", "timeout_s": 0.2},
         "chat model request to http://h:1/v1/chat/completions did not finish within its 0.2 s deadline"),
        ("transport", None, {"endpoint": "http://h:1/v1/models", "error_type": "ConnectError"},
         "chat model request to http://h:1/v1/models failed: ConnectError"),
        ("http_status", 401, {"endpoint": "https://h/v1/chat/completions"},
         "chat model request to https://h/v1/chat/completions returned HTTP 401"),
        ("bad_reply", None, {"endpoint": "http://h/v1/models", "path": "data[0].id"},
         "chat model response from http://h/v1/models was not chat-completions JSON with a string at data[0].id"),
        ("too_large", None, {"endpoint": "http://h/v1/chat/completions", "limit_bytes": 4194304},
         "chat model response from http://h/v1/chat/completions was larger than the 4194304 byte limit"),
        ("refusal", None, {"endpoint": "http://h/v1/chat/completions"},
         "chat model at http://h/v1/chat/completions refused to answer (choices[0].message.refusal)"),
    ],
)
def test_chat_model_error_message_is_rendered_from_its_data(code, status, context, message):
    error = ChatModelError(code=code, status_code=status, context=context)
    assert (error.code, error.status_code, str(error)) == (code, status, message)
    assert dict(error.context) == ({**context, "status_code": status} if status else context)
    with pytest.raises(TypeError):
        error.context["endpoint"] = "x"  # read-only
    copy = pickle.loads(pickle.dumps(error))
    assert (type(copy), copy.code, copy.status_code, str(copy)) == (ChatModelError, code, status, message)


def test_chat_model_error_codes():
    assert CHAT_ERROR_CODES == ("deadline", "transport", "http_status", "too_large", "bad_reply", "refusal", "other")


def test_free_text_chat_model_error_is_masked(credential_shape):
    text, credential = credential_shape
    error = ChatModelError(f"provider said: {text}")
    assert error.code == "other"
    assert credential not in str(error)
    assert credential not in repr(error)
    assert credential not in error.context["detail"]
    assert credential not in str(pickle.loads(pickle.dumps(error)))


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"code": "nope"}, ValueError,
         "code must be one of deadline, transport, http_status, too_large, bad_reply, refusal, other, not 'nope'"),
        ({"code": "deadline", "context": {"endpoint": "e"}}, ValueError, "code 'deadline' needs the context value 'timeout_s'"),
        ({"code": "deadline", "context": {"endpoint": "e", "timeout_s": "1"}}, ValueError,
         "code 'deadline': a context value has the wrong type"),
        ({"status_code": "401"}, TypeError, "status_code must be an int or None, not str"),
        ({"status_code": True}, TypeError, "status_code must be an int or None, not bool"),
    ],
)
def test_chat_model_error_rejects_bad_data(kwargs, error, message):
    with pytest.raises(error) as caught:
        ChatModelError(**kwargs)
    assert str(caught.value) == message


def test_chat_model_error_detail_must_be_text():
    with pytest.raises(TypeError, match="^detail must be a str, not bytes$"):
        ChatModelError(b"x")  # type: ignore[arg-type]


# --------------------------------------------------------------------------
# ProviderError: a fixed sentence plus allow-listed data


def test_provider_error_is_a_fixed_sentence_with_data():
    error = ProviderError("ChatModelError", 401, 12)
    assert str(error) == PROVIDER_ERROR_MESSAGE
    assert repr(error) == f"ProviderError({PROVIDER_ERROR_MESSAGE!r})"
    assert dict(error.context) == {"error_type": "ChatModelError", "status_code": 401, "elapsed_ms": 12}
    copy = pickle.loads(pickle.dumps(error))
    assert (str(copy), copy.error_type, copy.status_code, copy.elapsed_ms) == (PROVIDER_ERROR_MESSAGE, "ChatModelError", 401, 12)
    assert dict(ProviderError().context) == {"error_type": "", "status_code": None, "elapsed_ms": None}
    assert error.code == "provider"


def test_a_refusal_is_its_own_provider_error():
    error = ProviderError("ChatModelError", None, 7, "refusal")
    assert (error.code, str(error)) == ("refusal", PROVIDER_REFUSAL_MESSAGE)
    assert PROVIDER_REFUSAL_MESSAGE != PROVIDER_ERROR_MESSAGE
    assert "could not be reached" not in str(error)
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.code, str(copy), copy.elapsed_ms) == ("refusal", PROVIDER_REFUSAL_MESSAGE, 7)
    with pytest.raises(ValueError, match="ProviderError has no code 'nope'"):
        ProviderError("X", None, None, "nope")


def test_call_once_turns_a_refusal_into_a_refusal_provider_error(caplog):
    caplog.set_level(logging.WARNING, logger=LOGGER.name)
    error = call_and_catch(fail_with(ChatModelError(code="refusal", context={"endpoint": "e"})))
    assert (error.code, str(error)) == ("refusal", PROVIDER_REFUSAL_MESSAGE)
    assert caplog.messages == ["chat model call failed: ChatModelError (refusal)"]
    other = call_and_catch(fail_with(ChatModelError("declined")))  # only the code decides
    assert (other.code, str(other)) == ("provider", PROVIDER_ERROR_MESSAGE)


# --------------------------------------------------------------------------
# call_once: whatever the model raised, the log and the error hold no credential


def fail_with(exc: BaseException):
    return FakeChatModel([exc])


def call_and_catch(model) -> ProviderError:
    with pytest.raises(ProviderError) as caught:
        call_once(model, MESSAGES, 1.0, LOGGER)
    return caught.value


def test_no_credential_shape_reaches_the_log_or_the_error(credential_shape, caplog):
    text, credential = credential_shape
    caplog.set_level(logging.DEBUG, logger=LOGGER.name)
    for exc in (ChatModelError(text), RuntimeError(text), OSError(401, text), ValueError({"body": text})):
        caplog.clear()
        error = call_and_catch(fail_with(exc))
        assert str(error) == PROVIDER_ERROR_MESSAGE
        assert credential not in repr(error)
        assert credential not in "".join(traceback.format_exception(error))
        assert_nothing_chained(error)
        assert credential not in everything_logged(caplog)
        assert len(caplog.records) == 1


@pytest.mark.parametrize(
    ("exc", "logged", "data"),
    [
        (ChatModelError("HTTP 401 from provider: invalid api key sk-x"), "ChatModelError (other)", ("ChatModelError", None)),
        (ChatModelError(code="http_status", status_code=401, context={"endpoint": "e"}),
         "ChatModelError (http_status, HTTP 401)", ("ChatModelError", 401)),
        (ChatModelError(code="deadline", context={"endpoint": "e", "timeout_s": 1.0}),
         "ChatModelError (deadline)", ("ChatModelError", None)),
        (ChatModelError(code="refusal", context={"endpoint": "e"}),
         "ChatModelError (refusal)", ("ChatModelError", None)),
        (TimeoutError("read timed out; api_key=abc"), "TimeoutError", ("TimeoutError", None)),
        (type("HTTPStatusError", (Exception,), {"status_code": 503})("body"), "HTTPStatusError (HTTP 503)",
         ("HTTPStatusError", 503)),
        (type("Odd", (Exception,), {"status_code": 99})(), "Odd", ("Odd", None)),  # not an HTTP status
        (type("Odd", (Exception,), {"status_code": "401"})(), "Odd", ("Odd", None)),
    ],
)
def test_the_log_line_says_only_type_code_and_status(exc, logged, data, caplog):
    caplog.set_level(logging.DEBUG, logger=LOGGER.name)
    error = call_and_catch(fail_with(exc))
    assert [(r.levelname, r.getMessage()) for r in caplog.records] == [("WARNING", f"chat model call failed: {logged}")]
    record = caplog.records[0]
    assert (record.error_type, record.status_code) == data
    assert isinstance(record.elapsed_ms, int) and record.elapsed_ms >= 0
    assert (error.error_type, error.status_code, error.elapsed_ms) == (*data, record.elapsed_ms)


class _StatusRaises(Exception):
    @property
    def status_code(self):
        raise RuntimeError("status lookup failed")


def test_an_exception_whose_str_raises_still_becomes_a_provider_error(caplog):
    caplog.set_level(logging.DEBUG, logger=LOGGER.name)
    error = call_and_catch(fail_with(Unprintable()))
    assert str(error) == PROVIDER_ERROR_MESSAGE
    assert_nothing_chained(error)
    assert caplog.messages == ["chat model call failed: Unprintable"]
    assert "Unprintable99" not in everything_logged(caplog)


def test_a_status_attribute_that_raises_is_ignored(caplog):
    caplog.set_level(logging.DEBUG, logger=LOGGER.name)
    error = call_and_catch(fail_with(_StatusRaises()))
    assert (error.error_type, error.status_code) == ("_StatusRaises", None)
    assert_nothing_chained(error)


def test_a_class_name_that_looks_like_a_credential_is_not_logged(caplog):
    caplog.set_level(logging.DEBUG, logger=LOGGER.name)
    for name in ("ghp_0123456789abcdefghijABCDEFGHIJ012345", "not an identifier: sk-abc"):
        caplog.clear()
        error = call_and_catch(fail_with(type(name, (Exception,), {})()))
        assert error.error_type == "Exception"
        assert caplog.messages == ["chat model call failed: Exception"]


def test_the_adapter_secrets_are_never_logged(caplog):
    class KeyedModel:
        secrets = ("PlainCustomKey42",)

        def complete(self, messages, *, timeout):
            raise type("PlainCustomKey42", (Exception,), {})("upstream rejected PlainCustomKey42")

    caplog.set_level(logging.DEBUG, logger=LOGGER.name)
    error = call_and_catch(KeyedModel())
    assert caplog.messages == ["chat model call failed: Exception"]
    assert "PlainCustomKey42" not in everything_logged(caplog) + repr(error)


def test_a_broken_secrets_attribute_does_not_decide_the_outcome(caplog):
    class Broken:
        @property
        def secrets(self):
            raise RuntimeError("no secrets today")

        def complete(self, messages, *, timeout):
            raise ConnectionError("down")

    caplog.set_level(logging.DEBUG, logger=LOGGER.name)
    error = call_and_catch(Broken())
    assert caplog.messages == ["chat model call failed: ConnectionError"]
    assert_nothing_chained(error)


def test_success_returns_the_reply_and_logs_nothing(caplog):
    caplog.set_level(logging.DEBUG, logger=LOGGER.name)
    fake = FakeChatModel("the reply")
    assert call_once(fake, MESSAGES, 2.5, LOGGER) == "the reply"
    assert fake.timeouts == [2.5]
    assert caplog.records == []


def test_base_exceptions_pass_through():
    with pytest.raises(KeyboardInterrupt):
        call_once(fail_with(KeyboardInterrupt()), MESSAGES, 1.0, LOGGER)
