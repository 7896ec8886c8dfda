"""Notebook 13's make exercise: a log line in the other chat format that the log checker accepts.

Standard library only. See ``docs/architecture.md``, "Checking a log" and "Exercise answers".
"""

from __future__ import annotations

import json
from typing import Any, Callable

from groundlab.core.registry import Registry
from groundlab.study.log_line import LINE_ERROR, LineChecker
from groundlab.workbook.exercises.exercise import Exercise, Feedback
from groundlab.workbook.lessons.text import N_, tr

__all__ = ["completion_line_goal", "exercises"]

_SOLUTION = """import json
line = json.loads(lines[0])
reply = line["answer"]["messages"][-1]
my_line = json.dumps({"request": line["request"], "answer": {"choices": [{"message": reply}]}})"""


def completion_line_goal(registry: Registry) -> Callable[[Any], Feedback]:
    """A goal on one log line (``str``): its ``answer`` is an OpenAI chat completion
    (``{"choices": [...]}``) and :class:`~groundlab.study.log_line.LineChecker` over ``registry``,
    with no default request, accepts it. The feedback names the first thing still wrong."""
    checker = LineChecker(registry)

    def goal(line: Any) -> Feedback:
        if not isinstance(line, str):
            return Feedback(False, tr("the line should be a str of JSON, not {kind}").format(kind=type(line).__name__))
        result = checker(line, 1)
        if result.status == LINE_ERROR:
            return Feedback(False, tr("the checker cannot read the line: {error}").format(error=result.error["message"]))
        answer = json.loads(line)["answer"]
        if not (isinstance(answer, dict) and "choices" in answer):
            shape = '{"choices": [{"message": ...}]}'
            if isinstance(answer, dict):
                return Feedback(False, tr("the answer should be a chat completion, {shape}, but it is a list of messages").format(shape=shape))
            return Feedback(False, tr("the answer should be a chat completion, {shape}, but it is the raw text").format(shape=shape))
        if result.status != "ACCEPT":
            return Feedback(False, tr("the checker reads it, but the contract says {status} (check {check})").format(status=result.status, check=result.check))
        return Feedback(True, tr("the checker reads the assistant's content and accepts it: {accepted}").format(accepted=dict(result.accepted)))

    return goal


def exercises(*, cases: Any, **_context: Any) -> dict[str, Exercise]:
    """Notebook 13's exercises: ``{"my_line": Exercise}`` over ``cases.sources`` (the study's registry)."""
    return {
        "my_line": Exercise(
            N_("The same answer, the other chat format"),
            N_(
                "Rewrite the log's first line so that its answer is an OpenAI chat completion, "
                '{"choices": [{"message": ...}]}, instead of a list of messages; the checker must still accept it.'
            ),
            completion_line_goal(cases.sources),
            [
                N_("json.loads(lines[0]) gives the line as a dict: its answer's messages end with the assistant's reply."),
                N_('Keep the request; put that reply message in {"choices": [{"message": reply}]} and json.dumps the line.'),
            ],
            _SOLUTION,
        )
    }
