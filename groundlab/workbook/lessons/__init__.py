"""The notebooks' make and modify exercises, one module per notebook (``l03`` for notebook 03).

Each module defines ``exercises(**context) -> dict[str, Exercise]``: the notebook's
exercises, keyed by the name the notebook uses, each with its goal computed by
groundlab, one or two hints and a solution reached only through ``q.solution()``.
A notebook's Predict hints live in :mod:`groundlab.workbook.lessons.predict_hints` and are
reached with :func:`lesson_hints`, so no hint is printed in the notebook's code. A module may
also define ``predict_cases(study)``: the answers and requests of its Predicts that are built from
the study rather than taken from it, reached with :func:`lesson_cases`. Standard library only. See ``docs/architecture.md``, "Exercise answers".
"""

from __future__ import annotations

import importlib
import inspect
import re
from types import SimpleNamespace
from typing import Any, NamedTuple

from groundlab.core.registry import Request
from groundlab.workbook.exercises.exercise import Exercise
from groundlab.workbook.lessons.text import N_, tr

__all__ = ["PredictCase", "lesson_cases", "lesson_exercises", "lesson_hints"]


class PredictCase(NamedTuple):
    """One Predict's material built by a lesson: the answer text ``raw`` (``str``) and the trusted ``request``; no label."""

    raw: str
    request: Request

_LESSON = re.compile(r"[0-9]{2}")


_ONLY_TYPE = {"exercise": N_("only is a tuple of exercise names, not {only}"), "Predict": N_("only is a tuple of Predict names, not {only}")}
_ONLY_UNKNOWN = {"exercise": N_("notebook {lesson} has no exercise {names}"), "Predict": N_("notebook {lesson} has no Predict {names}")}


def _only(found: dict, only: Any, lesson: str, what: str) -> dict:
    """``found`` restricted to the names in ``only`` (``None``: all); ``ValueError`` for a name it lacks."""
    if only is None:
        return found
    if isinstance(only, str) or not all(isinstance(name, str) for name in only):
        raise TypeError(tr(_ONLY_TYPE[what]).format(only=f"{only!r:.60}"))
    unknown = [name for name in only if name not in found]
    if unknown:
        raise ValueError(tr(_ONLY_UNKNOWN[what]).format(lesson=lesson, names=", ".join(map(repr, unknown))))
    return {name: value for name, value in found.items() if name in only}


def _lesson_module(lesson: object, missing: str):
    """The module ``groundlab.workbook.lessons.lNN`` of notebook ``lesson`` (two digits, a ``str``).
    ``ValueError`` for another ``lesson``, or with ``missing`` when the notebook has no such module."""
    if not isinstance(lesson, str) or not _LESSON.fullmatch(lesson):
        raise ValueError(tr("lesson is a notebook's two-digit number, such as '03', not {lesson}").format(lesson=repr(lesson)))
    try:
        return importlib.import_module(f"groundlab.workbook.lessons.l{lesson}")
    except ModuleNotFoundError as err:
        if err.name != f"groundlab.workbook.lessons.l{lesson}":
            raise
        raise ValueError(missing) from None


def lesson_exercises(lesson: str, *, board: Any = None, only: Any = None, **context: Any) -> SimpleNamespace:
    """The exercises of notebook ``lesson`` (``"03"``), as attributes: ``q = lesson_exercises("03", cases=cases)``, then ``q.dev_request.check(answer)``.

    ``context`` is passed to the lesson module's ``exercises`` (the case sets, sources or
    scores a goal is computed from). With ``board`` (a
    :class:`~groundlab.workbook.exercises.scoreboard.Scoreboard`), each exercise joins it at its first
    check (:meth:`~groundlab.workbook.exercises.exercise.Exercise.join`), so the board counts only the
    exercises a learner reaches, and a board that does not know its notebook yet takes ``lesson``
    (:meth:`~groundlab.workbook.exercises.scoreboard.Scoreboard.export`). With ``only`` (a tuple of
    names), just those exercises: a core-path copy (``make student``) passes the names its cells use,
    so it offers no optional exercise's hints or solution. ``ValueError`` for a lesson that is not two
    digits or has no exercises module, or a name in ``only`` it lacks; ``TypeError`` for a context the module does not take (a misspelt or
    missing name: the message lists the names it takes), for a ``board`` that is not a
    Scoreboard, and when the module returns anything but exercises.
    """
    module = _lesson_module(lesson, tr("notebook {lesson} has no exercises module (groundlab.workbook.lessons.l{lesson})").format(lesson=lesson))
    signature = inspect.signature(module.exercises)
    named = [p.name for p in signature.parameters.values() if p.kind is not p.VAR_KEYWORD]
    try:
        signature.bind(**context)
        unknown = [name for name in context if name not in named]
    except TypeError:
        unknown = ["?"]
    if unknown:
        takes = ", ".join(f"{name}=" for name in named) or tr("no context")
        given = ", ".join(context) or tr("none")
        raise TypeError(tr("notebook {lesson}'s exercises take {takes}; given: {given}").format(lesson=lesson, takes=takes, given=given))
    if board is not None and not callable(getattr(board, "track", None)):
        raise TypeError(tr("board is a groundlab Scoreboard, not {kind}").format(kind=type(board).__name__))
    found = module.exercises(**context)
    if not isinstance(found, dict) or not all(isinstance(q, Exercise) for q in found.values()):
        raise TypeError(f"groundlab.workbook.lessons.l{lesson}.exercises() must return a dict of Exercise objects")
    found = _only(found, only, lesson, "exercise")
    if board is not None:
        if getattr(board, "notebook", "") is None:  # the board now knows its notebook, for its export
            board.notebook = lesson
        for q in found.values():
            q.join(board)
    return SimpleNamespace(**found)


def lesson_hints(lesson: str, *, only: Any = None) -> SimpleNamespace:
    """The Predict hints of notebook ``lesson`` (``"03"``), as attributes: ``h = lesson_hints("03")``,
    then ``Predict.case(..., hints=h.dev_environment)``; each is a tuple of one or two ``str``.

    With ``only`` (a tuple of Predict keys), just those: a core-path copy passes the keys its cells
    use. ``ValueError`` for a lesson that is not two digits or has no Predict hints, or a key in
    ``only`` it lacks.
    """
    from groundlab.workbook.lessons.predict_hints import PREDICT_HINTS

    if not isinstance(lesson, str) or not _LESSON.fullmatch(lesson):
        raise ValueError(tr("lesson is a notebook's two-digit number, such as '03', not {lesson}").format(lesson=repr(lesson)))
    if lesson not in PREDICT_HINTS:
        raise ValueError(tr("notebook {lesson} has no Predict hints").format(lesson=lesson))
    return SimpleNamespace(**_only(dict(PREDICT_HINTS[lesson]), only, lesson, "Predict"))


def claims_text(claims: list) -> str:
    """An answer text of ``claims`` (dicts), one claim a line: ``{"claims": [\n  {...},\n  {...}\n]}``."""
    import json

    return '{"claims": [\n' + ",\n".join("  " + json.dumps(c, ensure_ascii=False) for c in claims) + "\n]}"


def lesson_cases(lesson: str, study: Any) -> SimpleNamespace:
    """The Predict cases notebook ``lesson`` builds from ``study`` (a ``CaseSet``), as attributes of
    :class:`PredictCase`: ``c = lesson_cases("03", cases)``, then ``Predict.status(..., c.name.raw,
    c.name.request, cases.sources)``. Each is checked against ``study``'s registry.

    ``ValueError`` for a lesson that is not two digits or builds no cases (or a case the registry
    cannot serve).
    """
    module = _lesson_module(lesson, tr("notebook {lesson} builds no Predict cases").format(lesson=lesson))
    if not hasattr(module, "predict_cases"):
        raise ValueError(tr("notebook {lesson} builds no Predict cases").format(lesson=lesson))
    found = module.predict_cases(study)
    for case in found.values():
        study.sources.check_request(case.request)
    return SimpleNamespace(**found)
