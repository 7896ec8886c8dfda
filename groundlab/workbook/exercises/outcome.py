"""What one try at a Predict exercise found, and the two lines that say so.

Standard library only. See ``docs/architecture.md``, "Exercise answers".
"""

from __future__ import annotations

from typing import NamedTuple

from groundlab.workbook.presentation.html import CHECK, CROSS

__all__ = ["CANNOT_ANSWER", "CHOOSE_FIRST", "RIGHT", "TRY_AGAIN", "WRONG", "PredictOutcome", "outcome_lines"]


class PredictOutcome(NamedTuple):
    """What :meth:`Predict.check` found: the learner's ``choice``, the library's ``answer`` and ``why`` (``str``), ``right`` (``bool``)."""

    choice: str
    answer: str
    why: str
    right: bool


RIGHT = f"{CHECK} Right."
"""First words of the result after a right prediction."""
WRONG = f"{CROSS} Not this time."
"""First words of the result after a wrong prediction."""
TRY_AGAIN = "Read the new hint above, then choose again and press Check: the score keeps your first try."
"""Shown after a wrong try that got a hint, while the exercise stays open for another."""
CANNOT_ANSWER = "The library could not compute this exercise's answer (a fault in the exercise, not in your choice):"
"""First words shown when the answer function fails; its error's type and message follow."""
CHOOSE_FIRST = "Choose an answer first, then press Check."
"""Shown when Check is pressed with nothing chosen (the answer is not computed)."""


def outcome_lines(outcome: PredictOutcome, attempt: int = 1, hint: str | None = None) -> tuple[str, str]:
    """The two plain-text lines shown after try number ``attempt``: the verdict on it, then the hint or the why.

    Right: ``"✓ Right. You predicted X; the library says X."`` (a later try adds ``"(try 2; the score
    keeps your first)"``), then ``"Why: <why>"``. Wrong with a ``hint`` (the exercise stays open):
    ``"✗ Not this time. You predicted Y."``, then the hint, never the answer or the why (which would
    name the deciding check). Wrong without one (the hints are used up, and the exercise closes):
    ``"✗ Not this time. You predicted Y; the library says X."``, then ``"Why: <why>"``.
    """
    if outcome.right:
        first = f"{RIGHT} You predicted {outcome.choice}; the library says {outcome.answer}."
        if attempt > 1:
            first += f" (try {attempt}; the score keeps your first)"
    elif hint is not None:
        return f"{WRONG} You predicted {outcome.choice}.", hint
    else:
        first = f"{WRONG} You predicted {outcome.choice}; the library says {outcome.answer}."
    return first, f"Why: {outcome.why}"
