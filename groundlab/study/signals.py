"""Signals as exceptions: while an evidence folder is being written, SIGTERM, SIGHUP and SIGINT unwind.

By default SIGTERM and SIGHUP end the process at once, so no ``finally`` runs and a
half-written folder could stay behind. Inside :class:`SignalGuard` they raise
:class:`RunInterrupted` instead (SIGINT raises ``KeyboardInterrupt``, as Python's
own handler does), so the cleanup of :mod:`groundlab.study.atomic` runs. In a
*critical section* (``SignalGuard.deferring``) a signal is only recorded; it takes
effect when the section ends, or, if it arrives after the folder is complete, is
sent again once the previous handlers are back, so it has its usual effect.
Handlers can only be installed from the main thread; elsewhere the guard does
nothing. See ``docs/architecture.md``, "The study and its evidence". Standard library only.
"""

from __future__ import annotations

import signal
import threading
from types import FrameType

__all__ = ["GUARDED_SIGNALS", "RunInterrupted", "SignalGuard"]

GUARDED_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP", "SIGINT") if hasattr(signal, name))
"""The signals a :class:`SignalGuard` turns into exceptions (SIGHUP does not exist on Windows)."""


class RunInterrupted(BaseException):
    """SIGTERM or SIGHUP stopped a run; whatever it had begun to write was removed.

    A ``BaseException``, like ``KeyboardInterrupt``, so that no ``except
    Exception`` swallows it. ``signum`` is the signal's number and ``name`` its
    name (``"SIGTERM"``).
    """

    def __init__(self, signum: int) -> None:
        self.signum = signum
        self.name = signal.Signals(signum).name
        super().__init__(f"interrupted by {self.name}")


class SignalGuard:
    """A context manager: while it is active, :data:`GUARDED_SIGNALS` raise instead of ending the process.

    Only the first signal raises; later ones arrive while the cleanup runs and are
    dropped. While ``deferring`` is ``True`` (a critical section; set it with a plain
    attribute store, which cannot let a waiting handler run first), a signal is
    only recorded as ``pending``: :meth:`raise_pending` raises it, and one still
    pending when the guard exits is sent again after the previous handlers are
    restored, so it has its usual effect.
    """

    def __init__(self) -> None:
        self.deferring = False
        self.pending: int | None = None
        self._raised = False
        self._previous: dict[int, object] = {}

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if self._raised:
            return  # the first signal is already unwinding the run
        if self.deferring:
            self.pending = self.pending or signum
            return
        self._raised = True
        raise KeyboardInterrupt if signum == getattr(signal, "SIGINT", None) else RunInterrupted(signum)

    def raise_pending(self) -> None:
        """Raise the signal recorded during a critical section, if any (call with ``deferring`` off)."""
        if self.pending is not None and not self._raised:
            signum, self.pending = self.pending, None
            self._handle(signum, None)

    def __enter__(self) -> "SignalGuard":
        if threading.current_thread() is threading.main_thread():
            for signum in GUARDED_SIGNALS:
                self._previous[signum] = signal.signal(signum, self._handle)
        return self

    def __exit__(self, *exc_info) -> None:
        self.deferring = True  # a signal during the restore is recorded, never raised here
        for signum, previous in self._previous.items():  # None: a handler not set from Python
            signal.signal(signum, signal.SIG_DFL if previous is None else previous)
        self._previous.clear()
        if self.pending is not None:  # it arrived in a critical section that completed
            signum, self.pending = self.pending, None
            signal.raise_signal(signum)
