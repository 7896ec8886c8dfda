"""The scoreboard: "k of n right" over the Predict and make/modify exercises of a notebook.

Presentation layer (ipywidgets). See ``docs/architecture.md``, "Layers".
"""

from __future__ import annotations

from groundlab._extras import require

require("ipywidgets", "workbook")  # a missing package names the extra that adds it

import ipywidgets as widgets

from groundlab.workbook.presentation import html as _html
from groundlab.workbook.presentation.css import CSS_CLASSES
from groundlab.workbook.exercises.progress import Reported
from groundlab.workbook.presentation.widgets.base import PlainRepr

__all__ = ["Scoreboard"]


class Scoreboard(PlainRepr, widgets.HTML):
    """A "k of n right" line over the exercises it tracks (Predict widgets and library-checked Exercises).

    ``board = Scoreboard()``; ``board.track(predict)`` (or ``Predict(...,
    board=board)``) adds an exercise; the text updates whenever one is checked:
    ``"2 of 5 right (3 not done yet)"``. A Predict is done once checked (its first try
    counts); an Exercise once solved, or once its solution was shown. Attributes :attr:`right`,
    :attr:`checked`, :attr:`total` (``int``) and :attr:`text` (``str``).
    """

    def __init__(self) -> None:
        super().__init__("")
        self.exercises: list[Reported] = []
        self.add_class(CSS_CLASSES["scoreboard"])
        self.refresh()

    def track(self, predict: Reported) -> Reported:
        """Count ``predict`` (a :class:`~groundlab.workbook.exercises.predict.Predict` or an
        :class:`~groundlab.workbook.exercises.exercise.Exercise`) on this board, once; returns it.
        A Predict with the title of one already tracked replaces it (its cell ran again)
        and keeps its tries, so a re-run neither adds an exercise nor a new first try.
        ``TypeError`` for anything else."""
        if not isinstance(predict, Reported):
            raise TypeError(f"a Scoreboard tracks Predict and Exercise objects, not {type(predict).__name__}")
        if predict not in self.exercises:
            same = [i for i, e in enumerate(self.exercises) if type(e) is type(predict) and e.title == predict.title]
            if same and callable(getattr(predict, "resume", None)):  # a Predict's cell ran again: one exercise, its first try kept
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
        """Number of tracked exercises predicted right."""
        return sum(p.outcome is not None and p.outcome.right for p in self.exercises)

    @property
    def text(self) -> str:
        """``"<right> of <total> right"`` plus ``" (<k> not done yet)"`` when some are not."""
        text = f"{self.right} of {self.total} right"
        waiting = self.total - self.checked
        if waiting:
            text += f" ({waiting} not done yet)"
        return text

    def _changed(self, _exercise: Reported) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Redraw the text (each tracked exercise reports its changes through :meth:`_changed`)."""
        self.value = f"<p><strong>Score: {_html.esc(self.text)}</strong></p>"

    def __repr__(self) -> str:
        return f"Scoreboard: {self.text}"
