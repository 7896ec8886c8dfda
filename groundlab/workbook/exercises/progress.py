"""How an exercise tells a scoreboard that its outcome may have changed: a list of callbacks.

:class:`Reported` is the mixin of :class:`~groundlab.workbook.exercises.exercise.Exercise` and
:class:`~groundlab.workbook.exercises.predict.Predict`. Standard library only.
"""

from __future__ import annotations

from typing import Any, Callable

__all__ = ["Listener", "Reported"]

Listener = Callable[[Any], None]
"""A callback ``listener(exercise) -> None``, called after each check, hint-free solution or resume."""


class Reported:
    """An exercise with an ``outcome`` and a ``title`` that calls its listeners when the outcome may change."""

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener(self)`` after every change from now on; subscribing twice calls it once."""
        listeners = self.__dict__.setdefault("_listeners", [])
        if listener not in listeners:
            listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        """Stop calling ``listener``; a listener not subscribed is ignored."""
        listeners = self.__dict__.get("_listeners", [])
        if listener in listeners:
            listeners.remove(listener)

    def _report(self) -> None:
        for listener in list(self.__dict__.get("_listeners", ())):
            listener(self)
