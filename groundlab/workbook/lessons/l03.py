"""Notebook 03's modify exercise: change the trusted request, not the answer, until the contract accepts.

Standard library and groundlab only. See ``docs/architecture.md``, "Exercise answers",
and the lesson package's docstring (``exercises(**context)``).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from groundlab.core.contract import Status
from groundlab.core.registry import Registry, Request, Source
from groundlab.workbook.exercises.exercise import Exercise, Feedback
from groundlab.workbook.exercises.goals import request_problem, verdict_goal

__all__ = ["exercises", "request_goal"]

DEV_CASE = "dev-environment"
"""The study case whose answer the learner makes acceptable (both claims cite ``dev-v2``)."""

_SOLUTION = 'dev_request = replace(dev_v1, environment="dev", revision="v2")'


def request_goal(
    raw: str, sources: Registry | Iterable[Source], status: Status | str = Status.ACCEPT
) -> Callable[[Any], Feedback]:
    """A goal on a trusted request: under it, the contract gives the answer ``raw`` the status ``status``.

    ``raw`` is an answer text (``str``); ``sources`` the registry. The goal takes the
    learner's :class:`~groundlab.core.registry.Request`. Its feedback says when the
    answer is not a ``Request``, when the request supplies an id the registry lacks,
    and otherwise is :func:`~groundlab.workbook.exercises.goals.verdict_goal`'s: ``"the contract
    should say ACCEPT, but it says SCOPE_MISMATCH (claim 0 scope: FAILED: ...)."`` or
    ``"the contract says ACCEPT (every check passed)."``. ``ValueError`` for an
    unknown ``status``.
    """
    registry = Registry.of(sources)
    wanted = Status(status)

    def goal(request: Any) -> Feedback:
        return request_problem(request, registry) or verdict_goal(request, registry, wanted)(raw)

    return goal


def exercises(*, cases: Any, **_context: Any) -> dict[str, Exercise]:
    """Notebook 03's exercises: ``{"dev_request": Exercise}``.

    ``cases`` is the frozen study (:class:`~groundlab.study.cases.CaseSet`, from
    ``load_case_set()``). The learner builds a request under which the contract accepts
    the ``dev-environment`` answer; the solution starts from ``dev_v1``, the notebook's
    copy of that case's request asking for revision ``v1``. ``KeyError`` when the case
    set lacks the case.
    """
    case = cases[DEV_CASE]
    return {
        "dev_request": Exercise(
            "A request under which the dev answer is accepted",
            "Change the request, never the answer: build dev_request with dataclasses.replace so that the "
            f"contract accepts the {DEV_CASE} answer.",
            request_goal(case.raw, cases.sources),
            [
                "Read the feedback: it names the first check that fails. Fix that one, check again, and see whether another check fails next.",
                "Both claims cite dev-v2. Look up its service, environment and revision in the registry table, and make the request ask for exactly those.",
            ],
            _SOLUTION,
        )
    }
