"""Hints: near-miss explanations beside a verdict, computed on demand; standard library only, may import core and grounding's quote rule."""

from groundlab.hints.rules import (
    HINT_KINDS,
    Hint,
    Window,
    closest_window,
    describe_char,
    hints_for_verdict,
    is_invisible,
    json_hints,
    quote_hints,
    value_hints,
)

__all__ = [
    "HINT_KINDS",
    "Hint",
    "Window",
    "closest_window",
    "describe_char",
    "hints_for_verdict",
    "is_invisible",
    "json_hints",
    "quote_hints",
    "value_hints",
]
