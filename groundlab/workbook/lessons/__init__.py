"""The notebooks' make and modify exercises, one module per notebook (``l03`` for notebook 03).

Each module defines ``exercises(**context) -> dict[str, Exercise]``: the notebook's
exercises, keyed by the name the notebook uses, each with its goal computed by
groundlab, one or two hints and a solution reached only through ``q.solution()``.
A notebook's Predict hints live in :mod:`groundlab.workbook.lessons.predict_hints` and are
reached with :func:`lesson_hints`, so no hint is printed in the notebook's code. Standard
library only. See ``docs/architecture.md``, "Exercise answers".
"""

from __future__ import annotations

import importlib
import inspect
import re
from types import SimpleNamespace
from typing import Any

from groundlab.workbook.exercises.exercise import Exercise

__all__ = ["lesson_exercises", "lesson_hints"]

_LESSON = re.compile(r"[0-9]{2}")


def lesson_exercises(lesson: str, *, board: Any = None, **context: Any) -> SimpleNamespace:
    """The exercises of notebook ``lesson`` (``"03"``), as attributes: ``q = lesson_exercises("03", cases=cases)``, then ``q.dev_request.check(answer)``.

    ``context`` is passed to the lesson module's ``exercises`` (the case sets, sources or
    scores a goal is computed from). With ``board`` (a
    :class:`~groundlab.workbook.exercises.scoreboard.Scoreboard`), each exercise joins it at its first
    check (:meth:`~groundlab.workbook.exercises.exercise.Exercise.join`), so the board counts only the
    exercises a learner reaches (a core-path copy leaves the optional ones out), and a board that does
    not know its notebook yet takes ``lesson`` (:meth:`~groundlab.workbook.exercises.scoreboard.Scoreboard.export`). ``ValueError`` for a lesson that is not two digits or has no
    exercises module; ``TypeError`` for a context the module does not take (a misspelt or
    missing name: the message lists the names it takes), for a ``board`` that is not a
    Scoreboard, and when the module returns anything but exercises.
    """
    if not isinstance(lesson, str) or not _LESSON.fullmatch(lesson):
        raise ValueError(f"lesson is a notebook's two-digit number, such as '03', not {lesson!r}")
    try:
        module = importlib.import_module(f"groundlab.workbook.lessons.l{lesson}")
    except ModuleNotFoundError as err:
        if err.name != f"groundlab.workbook.lessons.l{lesson}":
            raise
        raise ValueError(f"notebook {lesson} has no exercises module (groundlab.workbook.lessons.l{lesson})") from None
    signature = inspect.signature(module.exercises)
    named = [p.name for p in signature.parameters.values() if p.kind is not p.VAR_KEYWORD]
    try:
        signature.bind(**context)
        unknown = [name for name in context if name not in named]
    except TypeError:
        unknown = ["?"]
    if unknown:
        takes = ", ".join(f"{name}=" for name in named) or "no context"
        given = ", ".join(context) or "none"
        raise TypeError(f"notebook {lesson}'s exercises take {takes}; given: {given}")
    if board is not None and not callable(getattr(board, "track", None)):
        raise TypeError(f"board is a groundlab Scoreboard, not {type(board).__name__}")
    found = module.exercises(**context)
    if not isinstance(found, dict) or not all(isinstance(q, Exercise) for q in found.values()):
        raise TypeError(f"groundlab.workbook.lessons.l{lesson}.exercises() must return a dict of Exercise objects")
    if board is not None:
        if getattr(board, "notebook", "") is None:  # the board now knows its notebook, for its export
            board.notebook = lesson
        for q in found.values():
            q.join(board)
    return SimpleNamespace(**found)


def lesson_hints(lesson: str) -> SimpleNamespace:
    """The Predict hints of notebook ``lesson`` (``"03"``), as attributes: ``h = lesson_hints("03")``,
    then ``Predict.case(..., hints=h.dev_environment)``; each is a tuple of one or two ``str``.

    ``ValueError`` for a lesson that is not two digits or has no Predict hints.
    """
    from groundlab.workbook.lessons.predict_hints import PREDICT_HINTS

    if not isinstance(lesson, str) or not _LESSON.fullmatch(lesson):
        raise ValueError(f"lesson is a notebook's two-digit number, such as '03', not {lesson!r}")
    if lesson not in PREDICT_HINTS:
        raise ValueError(f"notebook {lesson} has no Predict hints")
    return SimpleNamespace(**PREDICT_HINTS[lesson])
