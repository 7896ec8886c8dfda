"""Notebook 03's modify exercise: change the trusted request, not the answer, until the contract accepts.

Standard library only. See ``docs/architecture.md``, "Exercise answers".
"""

from __future__ import annotations

from dataclasses import replace

from typing import Any, Callable, Iterable

from groundlab.core.contract import Status
from groundlab.core.registry import Registry, Request, Source
from groundlab.workbook.exercises.exercise import Exercise, Feedback
from groundlab.workbook.exercises.goals import request_problem, verdict_goal
from groundlab.workbook.lessons.text import N_

__all__ = ["predict_cases", "exercises", "request_goal"]

DEV_CASE = "dev-environment"
"""The study case whose answer the learner makes acceptable (both claims cite ``dev-v2``)."""

_SOLUTION = 'dev_request = replace(dev_v1, environment="dev", revision="v2")'


def request_goal(
    raw: str, sources: Registry | Iterable[Source], status: Status | str = Status.ACCEPT
) -> Callable[[Any], Feedback]:
    """A goal on a ``Request``: under it, the contract gives the answer text ``raw`` the status ``status``.

    Feedback as :func:`~groundlab.workbook.exercises.goals.request_problem`, then
    :func:`~groundlab.workbook.exercises.goals.verdict_goal`. ``ValueError`` for an unknown ``status``.
    """
    registry = Registry.of(sources)
    wanted = Status(status)

    def goal(request: Any) -> Feedback:
        return request_problem(request, registry) or verdict_goal(request, registry, wanted)(raw)

    return goal


def exercises(*, cases: Any, **_context: Any) -> dict[str, Exercise]:
    """Notebook 03's exercises: ``{"dev_request": Exercise}``, a request under which case ``dev-environment`` is accepted.

    ``cases`` is the frozen study. The solution uses the notebook's ``dev_v1`` (that case's request
    for revision ``v1``). ``KeyError`` when ``cases`` lacks the case.
    """
    case = cases[DEV_CASE]
    return {
        "dev_request": Exercise(
            N_("A request under which the dev answer is accepted"),
            N_(
                "Change the request, never the answer: build dev_request with dataclasses.replace so that the "
                "contract accepts the {case} answer."
            ).fill(case=DEV_CASE),
            request_goal(case.raw, cases.sources),
            [
                N_("Read the feedback: it names the first check that fails. Fix that one, check again, and see whether another check fails next."),
                N_("Both claims cite dev-v2. Look up its service, environment and revision in the registry table, and make the request ask for exactly those."),
            ],
            _SOLUTION,
        )
    }


def predict_cases(study: Any) -> dict:
    """Notebook 03's Predict case ``another_service_supplied``: a request that also supplies ``billing-v2``,
    and an answer quoting that document's genuine lines and values for both fields.

    It turns on the rule that supplying a document lets the model read it but does not make it
    evidence (scope compares the document's labels with the request's), not on the check order.
    """
    from groundlab.workbook.lessons import PredictCase, claims_text

    request = replace(study["complete"].request, supplied=study["complete"].request.supplied + ("billing-v2",))
    billing = study.sources["billing-v2"]
    claims = [{"field": f, "value": v, "doc": billing.id, "quote": f"{f}={v}"} for f, v in billing.facts.items()]
    return {"another_service_supplied": PredictCase(claims_text(claims), request)}
