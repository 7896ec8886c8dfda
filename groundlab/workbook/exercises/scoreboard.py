"""The scoreboard: "k of n right" over the Predict and make/modify exercises of a notebook.

Part of the workbook's exercises; imports ipywidgets. See ``docs/architecture.md``, "Layers".
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
    """A "k of n right" line over the Predict widgets and Exercises it tracks.

    Add one with ``board.track(q)`` or ``Predict(..., board=board)``. Shows ``"Score: 2 of 5 right (3 not
    done yet)"``, updated on every check. A Predict counts its first try; an Exercise is done once
    solved or once its solution was shown.
    """

    def __init__(self) -> None:
        super().__init__("")
        self.exercises: list[Reported] = []
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
        text = f"{self.right} of {self.total} right"
        waiting = self.total - self.checked
        if waiting:
            text += f" ({waiting} not done yet)"
        return text

    def _changed(self, _exercise: Reported) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Redraw the text; tracked exercises call it on every change."""
        self.value = f"<p><strong>Score: {_html.esc(self.text)}</strong></p>"

    def __repr__(self) -> str:
        return f"Scoreboard: {self.text}"
