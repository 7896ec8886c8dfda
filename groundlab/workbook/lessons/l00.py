"""Notebook 00's make exercise: write an answer that the configuration contract accepts.

Standard library only. See ``docs/architecture.md``, "Exercise answers".
"""

from __future__ import annotations

from typing import Any

from groundlab.core.contract import Status
from groundlab.study.cases import CaseSet, load_case_set
from groundlab.workbook.exercises.exercise import Exercise
from groundlab.workbook.exercises.goals import verdict_goal
from groundlab.workbook.lessons.text import N_

__all__ = ["CASE", "exercises"]

CASE = "complete"
"""The study case whose request (both fields, payments / prod / v2) the answer must satisfy."""

_SOLUTION = '''my_answer = """{"claims": [
  {"field": "read_timeout_ms", "value": "5000", "doc": "prod-v2", "quote": "read_timeout_ms=5000"},
  {"field": "retry_enabled", "value": "false", "doc": "prod-v2", "quote": "retry_enabled=false"}
]}"""'''


def exercises(*, cases: CaseSet | None = None, **_context: Any) -> dict[str, Exercise]:
    """Notebook 00's exercises: ``{"accept_both": Exercise}``, right when an answer text gets ``ACCEPT``.

    The request is case ``complete``'s in ``cases`` (default: the 22-case study); other keyword
    arguments are ignored. ``KeyError`` if ``cases`` has no case ``complete``.
    """
    cases = load_case_set() if cases is None else cases
    request = cases[CASE].request
    return {
        "accept_both": Exercise(
            N_("An answer the contract accepts"),
            N_(
                "Add the retry claim to my_answer so that the contract accepts it for a request that asks for "
                "read_timeout_ms and retry_enabled."
            ),
            verdict_goal(request, cases.sources, Status.ACCEPT),
            [
                N_("Copy the timeout claim's line, put a comma between the two claims, and change field, value and quote."),
                N_("The value must be prod-v2's fact for retry_enabled, and the quote its line in prod-v2, character for character."),
            ],
            _SOLUTION,
        )
    }
