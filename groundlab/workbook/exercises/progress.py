"""How an exercise tells a scoreboard that its outcome may have changed: a list of callbacks.

:class:`Reported` is the mixin of :class:`~groundlab.workbook.exercises.exercise.Exercise` and
:class:`~groundlab.workbook.exercises.predict.Predict`. Standard library only.
"""

from __future__ import annotations

import warnings
from typing import Any, Callable, Hashable

__all__ = ["Listener", "Reported"]

Listener = Callable[[Any], None]
"""A callback ``listener(exercise) -> None``, called after each check, hint-free solution or resume."""


class Reported:
    """An exercise with an ``outcome`` and a ``title`` that calls its listeners when the outcome may change.

    A subclass defines :attr:`identity` (what makes two objects the same exercise, e.g. its cell run
    twice) and :meth:`resume` (take over an earlier run's progress).
    """

    @property
    def identity(self) -> Hashable:
        """What makes two objects the same exercise: equal identities are one exercise run twice."""
        return (type(self).__name__, self.title)

    def resume(self, earlier: "Reported") -> None:
        """Take over ``earlier``'s progress (the same exercise's cell ran again)."""

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener(self)`` after every change from now on; subscribing twice calls it once.

        ``TypeError`` for a listener that is not callable.
        """
        if not callable(listener):
            raise TypeError(f"a listener is a callable listener(exercise), not {type(listener).__name__}")
        listeners = self.__dict__.setdefault("_listeners", [])
        if listener not in listeners:
            listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        """Stop calling ``listener``; a listener not subscribed is ignored."""
        listeners = self.__dict__.get("_listeners", [])
        if listener in listeners:
            listeners.remove(listener)

    def _report(self) -> None:
        # A listener that fails must not cost the learner the feedback of the try just recorded:
        # every listener runs, and a failure becomes a warning.
        for listener in list(self.__dict__.get("_listeners", ())):
            try:
                listener(self)
            except Exception as err:  # noqa: BLE001 - reported, never raised into a learner's check
                warnings.warn(f"a listener of {self.title!r} raised {type(err).__name__}: {err}", RuntimeWarning, stacklevel=2)
