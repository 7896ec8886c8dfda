"""What one try at a Predict exercise found, and the two lines that say so.

Standard library only. See ``docs/architecture.md``, "Exercise answers".
"""

from __future__ import annotations

from typing import NamedTuple

from groundlab.view.html import CHECK, CROSS

__all__ = ["CHOOSE_FIRST", "RIGHT", "TRY_AGAIN", "WRONG", "PredictOutcome", "outcome_lines"]


class PredictOutcome(NamedTuple):
    """What :meth:`Predict.check` found: the learner's ``choice``, the library's ``answer``, ``why``, ``right``.

    ``choice``, ``answer`` (one of the choices) and ``why`` (one sentence) are
    ``str``; ``right`` is ``bool``.
    """

    choice: str
    answer: str
    why: str
    right: bool


RIGHT = f"{CHECK} Right."
"""First words of the result after a right prediction."""
WRONG = f"{CROSS} Not this time."
"""First words of the result after a wrong prediction."""
TRY_AGAIN = "Read the why, then choose again and press Check: the score keeps your first try."
"""Shown after a wrong try, while the exercise stays open for another."""
CHOOSE_FIRST = "Choose an answer first, then press Check."
"""Shown when Check is pressed with nothing chosen (the answer is not computed)."""


def outcome_lines(outcome: PredictOutcome, attempt: int = 1) -> tuple[str, str]:
    """The two plain-text lines shown after try number ``attempt``: the verdict on it, then the why.

    Right: ``("✓ Right. You predicted VALUE_MISMATCH; the library says VALUE_MISMATCH.",
    "Why: claim 0 value: FAILED: ...")`` (after a second try the first line ends
    ``"(try 2; the score keeps your first)"``). Wrong: the first line names the
    prediction only (``"✗ Not this time. You predicted ACCEPT."``), so another try is
    still a prediction.
    """
    if outcome.right:
        first = f"{RIGHT} You predicted {outcome.choice}; the library says {outcome.answer}."
        if attempt > 1:
            first += f" (try {attempt}; the score keeps your first)"
    else:
        first = f"{WRONG} You predicted {outcome.choice}."
    return first, f"Why: {outcome.why}"

