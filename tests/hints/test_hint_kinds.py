"""groundlab.hints.kinds and the public surface: the hint kinds in order, a frozen Hint, the re-exported names."""

from dataclasses import FrozenInstanceError

import pytest

import groundlab.hints
from groundlab.core import text
from groundlab.hints import HINT_KINDS, Hint


def test_hint_kinds_are_the_documented_ones_in_order():
    assert HINT_KINDS == (
        "invisible", "confusable", "digits", "normalization", "case", "whitespace",
        "line_endings", "unit", "closest", "syntax", "length",
    )


def test_hint_is_frozen_with_empty_defaults():
    hint = Hint("case", "m")
    with pytest.raises(FrozenInstanceError):
        hint.kind = "unit"
    assert (hint.claim, hint.check, hint.codepoints, hint.detail) == (None, None, (), "")


def test_the_package_exports_its_public_names_and_the_core_describe_char():
    assert groundlab.hints.__all__ == [
        "HINT_KINDS", "Hint", "Window", "closest_window", "describe_char", "hints_for_verdict",
        "is_invisible", "json_hints", "quote_hints", "value_hints",
    ]
    assert all(hasattr(groundlab.hints, name) for name in groundlab.hints.__all__)
    assert groundlab.hints.describe_char is text.describe_char
