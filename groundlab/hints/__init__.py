"""Hints: near-miss explanations beside a verdict, computed on demand; standard library only, may import core and grounding's quote rule."""

from groundlab.core.text import describe_char
from groundlab.hints.chars import is_invisible
from groundlab.hints.kinds import HINT_KINDS, Hint
from groundlab.hints.quotes import quote_hints
from groundlab.hints.syntax import json_hints
from groundlab.hints.values import value_hints
from groundlab.hints.verdicts import hints_for_verdict
from groundlab.hints.window import Window, closest_window

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
