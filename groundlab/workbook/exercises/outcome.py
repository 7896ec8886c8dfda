"""What one try at a Predict exercise found, and the two lines that say so.

The constants are the English texts (marked for the catalogue); they are translated when shown
(:func:`shown`). Standard library only. See ``docs/architecture.md``, "Exercise answers".
"""

from __future__ import annotations

from typing import NamedTuple

from groundlab.core.language import N_
from groundlab.workbook.catalogues import WORKBOOK_CATALOGUE
from groundlab.workbook.exercises.answers import choice_label

__all__ = ["CANNOT_ANSWER", "CHOOSE_FIRST", "RIGHT", "TRY_AGAIN", "WRONG", "PredictOutcome", "outcome_lines"]

tr = WORKBOOK_CATALOGUE


class PredictOutcome(NamedTuple):
    """What :meth:`Predict.check` found: the learner's ``choice``, the library's ``answer`` and ``why`` (``str``), ``right`` (``bool``)."""

    choice: str
    answer: str
    why: str
    right: bool


RIGHT = N_("✓ Right.")
"""First words of the result after a right prediction (``outcome_lines`` writes each whole sentence, so it is not translated alone)."""
WRONG = N_("✗ Not this time.")
"""First words of the result after a wrong prediction (likewise)."""
TRY_AGAIN = N_("Read the new hint above, then choose again and press Check: the score keeps your first try.")
"""Shown after a wrong try that got a hint, while the exercise stays open for another."""
CANNOT_ANSWER = N_("The library could not compute this exercise's answer (a fault in the exercise, not in your choice):")
"""First words shown when the answer function fails; its error's type and message follow."""
CHOOSE_FIRST = N_("Choose an answer first, then press Check.")
"""Shown when Check is pressed with nothing chosen (the answer is not computed)."""


def outcome_lines(outcome: PredictOutcome, attempt: int = 1, hint: str | None = None) -> tuple[str, str]:
    """The two plain-text lines shown after try number ``attempt``: the verdict on it, then the hint or the why.

    Right: ``"✓ Right. You predicted X; the library says X."`` (a later try adds ``"(try 2; the score
    keeps your first)"``), then ``"Why: <why>"``. Wrong with a ``hint`` (the exercise stays open):
    ``"✗ Not this time. You predicted Y."``, then the hint, never the answer or the why (which would
    name the deciding check). Wrong without one (the hints are used up, and the exercise closes):
    ``"✗ Not this time. You predicted Y; the library says X."``, then ``"Why: <why>"``.
    """
    choice, answer = choice_label(outcome.choice), choice_label(outcome.answer)
    if outcome.right:
        first = tr("✓ Right. You predicted {choice}; the library says {answer}.").format(choice=choice, answer=answer)
        if attempt > 1:
            first += tr(" (try {attempt}; the score keeps your first)").format(attempt=attempt)
    elif hint is not None:
        return tr("✗ Not this time. You predicted {choice}.").format(choice=choice), hint
    else:
        first = tr("✗ Not this time. You predicted {choice}; the library says {answer}.").format(choice=choice, answer=answer)
    return first, tr("Why: {why}").format(why=outcome.why)
