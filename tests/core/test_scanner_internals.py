"""The stdlib scanner internals the exact locator relies on are as expected (fails loudly on a Python upgrade)."""

import json

import pytest

from groundlab.core import _scanner
from groundlab.core.reader import Locator, Problem


def test_the_json_module_internals_are_as_the_locator_expects():
    _scanner.check()


def test_check_names_what_changed(monkeypatch):
    monkeypatch.setattr(_scanner, "CONTEXT_ATTRIBUTES", ("strict",))
    with pytest.raises(RuntimeError, match="py_make_scanner reads .* expected \\['strict'\\]"):
        _scanner.check()


def test_the_scanner_calls_the_locators_hooks_with_positions():
    locator = Locator('{"claims": [{"field": "a"}, [1, 2.5]]}', want_positions=True)
    assert locator.read() == json.loads('{"claims": [{"field": "a"}, [1, 2.5]]}')
    assert locator.positions[()] == 0
    assert locator.positions[("claims",)] == 11
    assert locator.positions[("claims", 0)] == 12
    assert locator.positions[("claims", 0, "field", "<name>")] == 13
    assert locator.positions[("claims", 0, "field")] == 22
    assert locator.positions[("claims", 1, 1)] == 32


@pytest.mark.parametrize(
    ("text", "reason", "position"),
    [
        ("[1,]", "trailing_comma", 3),
        ('{"a" 1}', "expected_colon", 5),
        ('{"a": 1 "b": 2}', "expected_comma", 8),
        ("[1", "end_of_text", 2),
        ('["a\\q"]', "bad_escape", 3),
    ],
)
def test_scanner_errors_reach_the_locator_with_their_position(text, reason, position):
    with pytest.raises(Problem) as problem:
        Locator(text).read()
    assert (problem.value.code, problem.value.reason, problem.value.position) == ("not_json", reason, position)


def test_whitespace_end_skips_json_whitespace_only():
    assert _scanner.whitespace_end(" \t\r\n\u00a0x", 0) == 4
