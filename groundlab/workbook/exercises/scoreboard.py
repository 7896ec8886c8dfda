"""The scoreboard: "k of n right" over the Predict and make/modify exercises of a notebook.

Part of the workbook's exercises; imports ipywidgets. See ``docs/architecture.md``, "Layers".
"""

from __future__ import annotations

import time
from pathlib import Path

from groundlab._extras import require

require("ipywidgets", "workbook")  # a missing package names the extra that adds it

import ipywidgets as widgets

from groundlab.workbook.catalogues import WORKBOOK_CATALOGUE
from groundlab.workbook.presentation import html as _html
from groundlab.workbook.presentation.css import CSS_CLASSES
from groundlab.workbook.exercises.progress import Reported
from groundlab.workbook.exercises.room import export_record, write_export
from groundlab.workbook.presentation.widgets.base import PlainRepr

__all__ = ["Scoreboard"]

tr = WORKBOOK_CATALOGUE


class Scoreboard(PlainRepr, widgets.HTML):
    """A "k of n right" line over the Predict widgets and Exercises it tracks.

    Add one with ``board.track(q)`` or ``Predict(..., board=board)``. Shows ``"Score: 2 of 5 right (3 not
    done yet)"``, updated on every check. A Predict counts its first try; an Exercise is done once
    solved or once its solution was shown.
    """

    def __init__(self, notebook: str | None = None) -> None:
        super().__init__("")
        self.notebook = notebook
        self.exercises: list[Reported] = []
        self._started = time.monotonic()
        self._last_change: float | None = None
        self.add_class(CSS_CLASSES["scoreboard"])
        self.refresh()

    def track(self, predict: Reported) -> Reported:
        """Count ``predict`` (a Predict or an Exercise) on this board, once, and return it; ``TypeError`` for anything else.

        An exercise with the identity of one already tracked (its cell ran again: the same title and
        question) replaces it and keeps its progress, so a re-run neither adds an exercise nor a first try.
        """
        if not isinstance(predict, Reported):
            raise TypeError(f"a Scoreboard tracks Predict and Exercise objects, not {type(predict).__name__}")
        if predict not in self.exercises:
            same = [i for i, e in enumerate(self.exercises) if type(e) is type(predict) and e.identity == predict.identity]
            if same:  # its cell ran again: one exercise, its first try kept
                earlier = self.exercises[same[0]]
                predict.resume(earlier)
                self.exercises[same[0]] = predict
                earlier.unsubscribe(self._changed)
            else:
                self.exercises.append(predict)
            predict.subscribe(self._changed)
        self.refresh()
        return predict

    @property
    def total(self) -> int:
        """Number of tracked exercises."""
        return len(self.exercises)

    @property
    def checked(self) -> int:
        """Number of tracked exercises done: a Predict checked, an Exercise solved or its solution shown."""
        return sum(p.outcome is not None for p in self.exercises)

    @property
    def right(self) -> int:
        """Number of tracked exercises whose outcome is right."""
        return sum(p.outcome is not None and p.outcome.right for p in self.exercises)

    @property
    def text(self) -> str:
        """``"<right> of <total> right"`` plus ``" (<k> not done yet)"`` when some are not."""
        waiting = self.total - self.checked
        if waiting:
            return tr("{right} of {total} right ({waiting} not done yet)").format(right=self.right, total=self.total, waiting=waiting)
        return tr("{right} of {total} right").format(right=self.right, total=self.total)

    def _changed(self, _exercise: Reported) -> None:
        self._last_change = time.monotonic()
        self.refresh()

    @property
    def minutes(self) -> float | None:
        """Minutes from this board's start to its last check (``None`` before any check)."""
        return None if self._last_change is None else (self._last_change - self._started) / 60

    def record(self, nickname: str | None = None) -> dict:
        """This board's first tries as an export (:func:`groundlab.workbook.exercises.room.export_record`):
        exercise ids, first try right or wrong, tries, minutes; the ``nickname`` only if given.
        ``ValueError`` for a nickname that is not 1 to 24 letters, digits, spaces, dots or dashes."""
        return export_record(self.exercises, self.notebook, self.minutes, nickname)

    def export(self, folder: str | Path = ".", nickname: str | None = None) -> Path:
        """Write :meth:`record` to a new ``first-tries-NN-XXXXXX.json`` in ``folder`` (the notebook's
        folder by default) and return its path; hand the file to the instructor. Never overwrites."""
        return write_export(self.record(nickname), folder)

    def refresh(self) -> None:
        """Redraw the text; tracked exercises call it on every change."""
        score = tr("Score: {text}").format(text=self.text)
        self.value = f"<p><strong>{_html.esc(score)}</strong></p>"

    def __repr__(self) -> str:
        return tr("Scoreboard: {text}").format(text=self.text)
