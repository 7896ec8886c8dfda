"""One error base: each error with data is a GroundlabError, renders its message from it, pickles with no hook."""

import copy
import pickle
import re
from pathlib import Path
from types import MappingProxyType

import pytest

import groundlab
from groundlab.core.claims import parse_claims
from groundlab.core.errors import ClaimsSyntaxError
from groundlab.core.failure import GroundlabError
from groundlab.core.trusted import TrustedInputError, read_json_file
from groundlab.grounding.provider import PROVIDER_ERROR_MESSAGE, ChatModelError, ProviderError

PACKAGE = Path(groundlab.__file__).resolve().parent
PROTOCOLS = range(pickle.HIGHEST_PROTOCOL + 1)


class Counted(GroundlabError):
    """A minimal subclass: the base contract alone makes it pickle."""

    TEMPLATES = MappingProxyType({"counted": "counted {n}"})

    def __init__(self, n: int) -> None:
        super().__init__(n, code="counted", context={"n": n}, path=("items", n))


def _refusal(raw: str) -> ClaimsSyntaxError:
    with pytest.raises(ClaimsSyntaxError) as caught:
        parse_claims(raw)
    return caught.value


def _data(err: GroundlabError) -> tuple:
    return (type(err), err.code, dict(err.context), err.path, err.message, str(err), repr(err), err.args)


def _claims_data(err: ClaimsSyntaxError) -> tuple:
    return (*_data(err), err.reason, err.position, err.line, err.column, err.to_dict())


def test_the_error_classes_derive_from_the_base_and_keep_their_old_bases():
    for cls in (ClaimsSyntaxError, TrustedInputError, ChatModelError, ProviderError):
        assert issubclass(cls, GroundlabError) and issubclass(cls, Exception)
    assert issubclass(ClaimsSyntaxError, ValueError) and issubclass(TrustedInputError, ValueError)
    assert not issubclass(ChatModelError, ValueError) and not issubclass(ProviderError, ValueError)
    assert groundlab.GroundlabError is GroundlabError and "GroundlabError" in groundlab.__all__


def test_the_base_holds_code_a_read_only_context_and_a_path():
    err = Counted(3)
    assert (err.code, dict(err.context), err.path, err.message, str(err)) == (
        "counted", {"n": 3}, ("items", 3), "counted 3", "counted 3",
    )
    assert repr(err) == "Counted('counted 3')"
    assert isinstance(err.context, MappingProxyType)
    with pytest.raises(TypeError):
        err.context["n"] = 4  # type: ignore[index]
    assert TrustedInputError("reg.json", "missing text").path == ()
    assert ChatModelError("x").path == ProviderError().path == ()


@pytest.mark.parametrize(
    "raw",
    [
        '{"claims": [1,]}',  # the reader's lazy refusal: reason, context and place on first access
        '{"claims": []} trailing words',
        '{"claims": [1e400]}',
        "[" * 70 + "]" * 70,
        '{"claims": [{"field": "x", "value": 1}]}',  # a shape refusal: only the place is lazy
        '{"claims": [{"field": "f", "value": "v", "doc": "d", "quote": "q", "extra": "e"}]}',
    ],
)
def test_an_unresolved_claims_syntax_error_pickles_and_stays_lazy(raw):
    for protocol in PROTOCOLS:
        err = _refusal(raw)
        assert vars(err)["_resolve"] is not None  # not resolved yet
        copied = pickle.loads(pickle.dumps(err, protocol))
        assert vars(copied)["_resolve"] is not None  # the copy resolves on first access too
        assert _claims_data(copied) == _claims_data(err)
        assert vars(err)["_resolve"] is None and vars(err)["_text"] is None  # resolved: the text is let go
        again = pickle.loads(pickle.dumps(err, protocol))
        assert vars(again)["_resolve"] is None and _claims_data(again) == _claims_data(err)
    err = _refusal(raw)
    assert _claims_data(copy.deepcopy(err)) == _claims_data(copy.copy(err)) == _claims_data(err)


def test_the_lazy_trailing_comma_keeps_its_data_through_pickling():
    copied = pickle.loads(pickle.dumps(_refusal('{"claims": [1,]}')))
    assert (copied.code, copied.reason, dict(copied.context), copied.path) == (
        "not_json", "trailing_comma", {"found": "]", "near": "]}", "expected": "value"}, (),
    )
    assert (copied.position, copied.line, copied.column) == (14, 1, 15)
    assert str(copied) == (
        "not_json: a comma before ']' with nothing after it; JSON allows no trailing comma (line 1, column 15)"
    )


@pytest.mark.parametrize(
    "err",
    [
        ClaimsSyntaxError("too_long", "input", context={"count": 9, "limit": 8}),
        ClaimsSyntaxError(
            "wrong_shape", "empty", path=("claims", 0, "quote"), context={"member": "quote"}, line=1, column=40
        ),
        ClaimsSyntaxError("not_json", "constant", context={"name": "NaN"}, position=3, text="[1,NaN]"),
    ],
)
def test_an_eager_claims_syntax_error_pickles(err):
    for protocol in PROTOCOLS:
        assert _claims_data(pickle.loads(pickle.dumps(err, protocol))) == _claims_data(err)


def test_a_trusted_input_error_from_a_real_file_pickles(tmp_path):
    path = tmp_path / "reg.json"
    path.write_bytes(b'{"a": 1,\n "a": 2}')
    with pytest.raises(TrustedInputError) as caught:
        read_json_file(path)
    err = caught.value
    assert (err.code, err.line, err.column) == ("duplicate_member", 2, 2)
    for protocol in PROTOCOLS:
        copied = pickle.loads(pickle.dumps(err, protocol))
        assert _data(copied) == _data(err)
        assert (copied.where, copied.line, copied.column) == (str(path), 2, 2)
    assert str(err) == f'{path}: not valid JSON: the member name "a" appears twice in one object at line 2, column 2'
    malformed = TrustedInputError("reg.json: sources[0]", "missing text")
    assert _data(pickle.loads(pickle.dumps(malformed))) == _data(malformed)


@pytest.mark.parametrize(
    "err",
    [
        ChatModelError(code="deadline", context={"endpoint": "http://h:1/v1/chat/completions", "timeout_s": 0.2}),
        ChatModelError(code="refusal", context={"endpoint": "http://h:1/v1/chat/completions"}),
        ChatModelError(code="http_status", status_code=401, context={"endpoint": "https://h/v1/chat/completions"}),
        ChatModelError("the fake model is switched off"),
        ChatModelError("provider said: Authorization: Bearer abcdefghijklmnop"),
    ],
)
def test_a_chat_model_error_pickles(err):
    for protocol in PROTOCOLS:
        copied = pickle.loads(pickle.dumps(err, protocol))
        assert _data(copied) == _data(err)
        assert copied.status_code == err.status_code
    assert "abcdefghijklmnop" not in repr(err.args) + repr(vars(err)) + pickle.dumps(err).decode("latin-1")


def test_a_provider_error_and_a_subclass_pickle():
    for err in (ProviderError("ChatModelError", 401, 12), ProviderError(), ProviderError("ChatModelError", None, 5, "refusal"), Counted(2)):
        copied = pickle.loads(pickle.dumps(err))
        assert _data(copied) == _data(err)
    copied = pickle.loads(pickle.dumps(ProviderError("TimeoutError", None, 30001)))
    assert (copied.code, str(copied), copied.error_type, copied.status_code, copied.elapsed_ms) == (
        "provider", PROVIDER_ERROR_MESSAGE, "TimeoutError", None, 30001,
    )


def test_the_message_is_rendered_from_code_and_context(tmp_path):
    lazy = _refusal('{"claims": [1,]}')
    assert ClaimsSyntaxError(lazy.code, lazy.reason, context=lazy.context).message == lazy.message
    (tmp_path / "bad.json").write_bytes(b"\xff")
    with pytest.raises(TrustedInputError) as caught:
        read_json_file(tmp_path / "bad.json")
    trusted = caught.value
    assert TrustedInputError("elsewhere", code=trusted.code, context=trusted.context).message == trusted.message
    for err in (
        trusted,
        ChatModelError(code="transport", context={"endpoint": "http://h/v1/models", "error_type": "ConnectError"}),
        ChatModelError("some detail"),
        ProviderError("X", 500, 1),
        Counted(7),
    ):
        assert type(err).TEMPLATES[err.code].format_map(err.context) == err.message
    chat = ChatModelError(code="http_status", status_code=503, context={"endpoint": "https://h/v1"})
    assert ChatModelError(code=chat.code, context=chat.context).message == chat.message


def test_an_unknown_trusted_code_is_refused():
    with pytest.raises(ValueError, match="^code must be 'malformed' or one of no_file, "):
        TrustedInputError("reg.json", code="nope")


def test_no_error_class_writes_its_own_pickling():
    hooks = re.compile(r"def __reduce(_ex)?__|def __getstate__|def __setstate__|copyreg|def _rebuild")
    found = [
        f"{path.relative_to(PACKAGE)}: {line.strip()}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if hooks.search(line)
    ]
    assert found == []
