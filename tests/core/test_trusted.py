"""Trusted-file reading: bounded, never blocking, strict, and every problem as data in groundlab's own words."""

import json
import os
import threading

import pytest

import groundlab.core.trusted as trusted
from groundlab import TrustedInputError, load_registry, load_request
from groundlab.core.trusted import read_json_file
from groundlab.core.trusted import MAX_TRUSTED_BYTES, TRUSTED_FILE_CODES, decode_json, read_trusted_bytes


def _refusal(path):
    with pytest.raises(TrustedInputError) as info:
        read_json_file(path)
    err = info.value
    assert str(err) == f"{path}: {err.message}"
    assert err.code in TRUSTED_FILE_CODES
    return err


@pytest.mark.parametrize(
    "data, code, line, column, message",
    [
        (b'{"sources": [}', "bad_json", 1, 14, "not valid JSON: expected a JSON value, found '}' at line 1, column 14"),
        (b'{\n  "a": 1,\n}', "bad_json", 3, 1, "not valid JSON: a comma before '}' with nothing after it; JSON allows no trailing comma at line 3, column 1"),
        (b'{"a": 1} x', "bad_json", 1, 10, "not valid JSON: extra data after the JSON value ends (only one value is allowed) at line 1, column 10"),
        (b'{"a": "b', "bad_json", 1, 7, "not valid JSON: a string starts here but never ends (missing closing quote) at line 1, column 7"),
        (b'{"a": 1, "a": 2}', "duplicate_member", 1, 10, 'not valid JSON: the member name "a" appears twice in one object at line 1, column 10'),
        (b'{"a": -Infinity}', "not_json_constant", 1, 7, "not valid JSON: -Infinity is not a JSON value (RFC 8259 has no NaN or Infinity) at line 1, column 7"),
        (b"[" * 70 + b"]" * 70, "too_deep", 1, 65, "not valid JSON: arrays and objects are nested more than 64 levels deep at line 1, column 65"),
        (b'{"n": 1e400}', "bad_number", 1, 7, "not valid JSON: the number 1e400 is too large for a double-precision float (I-JSON) at line 1, column 7"),
        (b'{"a":\n "\xc3\x28"}', "not_utf8", 2, 3, "not UTF-8 text (byte 0xC3 at offset 8, line 2, column 3)"),
    ],
)
def test_bad_text_is_described_in_groundlabs_own_words_with_its_place(tmp_path, data, code, line, column, message):
    path = tmp_path / "reg.json"
    path.write_bytes(data)
    err = _refusal(path)
    assert (err.code, err.line, err.column, err.message) == (code, line, column, message)


def test_json_refusals_do_not_depend_on_the_interpreters_message(tmp_path, monkeypatch):
    (tmp_path / "a.json").write_text('{"sources": [}')
    original = json.JSONDecodeError.__init__

    def other_words(self, msg, doc, pos):
        original(self, "Some other wording", doc, pos)

    monkeypatch.setattr(json.JSONDecodeError, "__init__", other_words)
    err = _refusal(tmp_path / "a.json")
    assert err.message == "not valid JSON: expected a JSON value, found '}' at line 1, column 14"
    assert dict(err.context) == {
        "detail": "expected a JSON value, found '}'", "reason": "expected_value", "line": 1, "column": 14,
        # the reader's own refusal as data, so the message can say it again in the language in force
        "syntax": ("not_json", "expected_value", {"expected": "value", "found": "}", "near": "}"}),
    }


def test_lone_surrogate_escapes_stay_allowed_in_trusted_files(tmp_path):
    (tmp_path / "a.json").write_text('{"raw": "\\ud800 x"}')
    assert read_json_file(tmp_path / "a.json") == {"raw": "\ud800 x"}


def test_a_missing_file_and_a_directory(tmp_path):
    err = _refusal(tmp_path / "nope.json")
    assert (err.code, err.message, err.line) == ("no_file", "no such file", None)
    err = _refusal(tmp_path)
    assert (err.code, err.message, dict(err.context)) == (
        "not_a_file", "is a directory, not a regular file", {"kind": "a directory"},
    )


def _in_a_thread(function, *args):
    """Run ``function(*args)`` in a daemon thread; return what it raised, failing if it blocks."""
    outcome = []

    def target():
        try:
            function(*args)
        except BaseException as err:  # noqa: BLE001 - the test inspects it
            outcome.append(err)
        else:
            outcome.append(None)

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(timeout=10)
    assert not thread.is_alive(), "reading blocked"
    return outcome[0]


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "reg.json"
    os.mkfifo(fifo)
    err = _in_a_thread(read_json_file, fifo)
    assert isinstance(err, TrustedInputError)
    assert (err.code, err.message) == ("not_a_file", "is a named pipe (FIFO), not a regular file")


def test_a_fifo_swapped_in_after_the_first_check_is_refused_without_blocking(tmp_path, monkeypatch):
    (tmp_path / "reg.json").write_text("{}")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    real_open, swapped = os.open, tmp_path / "reg.json"
    monkeypatch.setattr(trusted.os, "open", lambda p, *a, **k: real_open(fifo if str(p) == str(swapped) else p, *a, **k))
    err = _in_a_thread(read_json_file, swapped)
    monkeypatch.undo()
    assert isinstance(err, TrustedInputError) and err.code == "not_a_file"


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_devices_are_refused_before_any_read(device, monkeypatch):
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    monkeypatch.setattr(trusted.os, "open", lambda *a, **k: pytest.fail("a device was opened"))
    err = _refusal(device)
    monkeypatch.undo()
    assert (err.code, err.message) == ("not_a_file", "is a character device, not a regular file")


def test_a_file_over_the_limit_is_refused_by_its_size_without_reading_it(tmp_path, monkeypatch):
    big = tmp_path / "big.json"
    with open(big, "wb") as handle:
        handle.truncate(MAX_TRUSTED_BYTES + 1)  # sparse: no 2 MiB written
    monkeypatch.setattr(trusted.os, "open", lambda *a, **k: pytest.fail("an oversized file was opened"))
    err = _refusal(big)
    monkeypatch.undo()
    assert err.code == "too_large"
    assert err.message == "is 2097153 bytes; a trusted file may hold at most 2097152 bytes (2 MiB)"
    assert (err.context["size"], err.context["limit"]) == (MAX_TRUSTED_BYTES + 1, MAX_TRUSTED_BYTES)


def test_a_file_that_grows_while_read_is_cut_at_the_limit(tmp_path, monkeypatch):
    path = tmp_path / "grows.json"
    path.write_bytes(b" " * 2000)
    real_stat, real_fstat, real_read, real_open = os.stat, os.fstat, os.read, os.open
    ours, reads = set(), []

    class Small:  # what stat said before the file grew
        def __init__(self, info):
            self.st_mode, self.st_size = info.st_mode, 5

    def opening(p, *args, **kwargs):
        fd = real_open(p, *args, **kwargs)
        if str(p) == str(path):
            ours.add(fd)
        return fd

    def reading(fd, n):
        if fd in ours:
            reads.append(n)
        return real_read(fd, n)

    monkeypatch.setattr(trusted.os, "open", opening)
    monkeypatch.setattr(trusted.os, "stat", lambda p, *a, **k: Small(real_stat(p)) if str(p) == str(path) else real_stat(p, *a, **k))
    monkeypatch.setattr(trusted.os, "fstat", lambda fd: Small(real_fstat(fd)) if fd in ours else real_fstat(fd))
    monkeypatch.setattr(trusted.os, "read", reading)
    with pytest.raises(TrustedInputError) as info:
        read_trusted_bytes(path, limit=1024)
    monkeypatch.undo()
    assert (info.value.code, info.value.message) == (
        "too_large", "is over 1024 bytes; a trusted file may hold at most 1024 bytes (0.000976562 MiB)",
    )
    assert reads == [1025]


def test_an_unreadable_file_is_a_trusted_input_error(tmp_path, monkeypatch):
    (tmp_path / "reg.json").write_text("{}")

    real_open, target = os.open, tmp_path / "reg.json"

    def denied(path, *args, **kwargs):
        if str(path) == str(target):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(trusted.os, "open", denied)
    err = _refusal(target)
    monkeypatch.undo()
    assert (err.code, err.message, dict(err.context)) == (
        "unreadable", "cannot be read (Permission denied)", {"strerror": "Permission denied"},
    )


def test_registry_and_request_loaders_use_the_bounded_reader(tmp_path):
    os.mkfifo(tmp_path / "reg.json")
    (tmp_path / "req.json").write_bytes(b'{"service": "payments", "service": "x"}')
    err = _in_a_thread(load_registry, tmp_path / "reg.json")
    assert isinstance(err, TrustedInputError) and err.code == "not_a_file"
    with pytest.raises(TrustedInputError) as info:
        load_request(tmp_path / "req.json")
    assert (info.value.code, info.value.line, info.value.column) == ("duplicate_member", 1, 25)


def test_other_trusted_problems_keep_the_old_shape_with_a_code():
    err = TrustedInputError("reg.json: sources[0]", "missing text")
    assert (err.where, err.message, err.code, err.line, err.column, dict(err.context)) == (
        "reg.json: sources[0]", "missing text", "malformed", None, None, {},
    )
    assert str(err) == "reg.json: sources[0]: missing text"


def test_decode_json_names_the_place_it_was_given():
    with pytest.raises(TrustedInputError) as info:
        decode_json(b"[1,]", "results.json")
    assert str(info.value) == "results.json: not valid JSON: a comma before ']' with nothing after it; JSON allows no trailing comma at line 1, column 4"
