"""Notebook 06's make exercise: a counterexample that the citation-only check accepts and the contract refuses.

Standard library only. See ``docs/architecture.md``, "Exercise answers".
"""

from __future__ import annotations

from typing import Any

from groundlab.core.contract import Status
from groundlab.workbook.exercises.exercise import Exercise
from groundlab.workbook.exercises.goals import verdict_goal
from groundlab.workbook.lessons.text import N_

__all__ = ["exercises"]

ONE_FIELD_CASE = "one-field"
"""The study's positive case to break: a one-field request for the timeout, answered from ``prod-v2``."""

_SOLUTION = """my_counterexample = study["one-field"].raw.replace("5000", "2000").replace("prod-v2", "prod-v1")"""


def exercises(*, cases: Any, **_context: Any) -> dict[str, Exercise]:
    """Notebook 06's exercises: ``{"my_counterexample": Exercise}`` on an edit of case ``one-field``.

    Right when the citation-only check accepts it and the contract says ``STALE_REVISION`` at claim
    0's revision check. ``cases`` is the frozen study; the solution uses the notebook's ``study``.
    ``KeyError`` when ``cases`` lacks the case.
    """
    case = cases[ONE_FIELD_CASE]
    return {
        "my_counterexample": Exercise(
            N_("A counterexample from another revision"),
            N_(
                "Edit the {case} answer so that the citation-only check still accepts it, while the "
                "contract refuses it at claim 0's revision check."
            ).fill(case=ONE_FIELD_CASE),
            verdict_goal(
                case.request, cases.sources, Status.STALE_REVISION, citation_only_ok=True, claim=0, check="revision"
            ),
            [
                N_("The citation-only check accepts only real quotes from supplied documents. Which supplied document is payments / prod, but not the requested revision?"),
                N_("Cite prod-v1 with its own value and its own line: prod-v1 says read_timeout_ms=2000."),
            ],
            _SOLUTION,
        )
    }
