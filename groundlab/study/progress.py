"""A progress bar for long work on a terminal: :func:`progress_bar`, tqdm behind the ``progress`` extra.

No bar when the stream is not a terminal, when it is turned off, or when tqdm is not
installed (``pip install 'groundlab[progress]'`` adds it): then the work runs the same,
silently. With a known size the bar counts bytes and shows an ETA; lines and lines per
second are its postfix. ``docs/architecture.md``, "Checking a log".
"""

from __future__ import annotations

import time
from typing import TextIO

from groundlab._extras import MissingExtraError, require

__all__ = ["Progress", "progress_bar"]


class Progress:
    """A running bar: :meth:`update` after each piece of work, :meth:`close` at the end."""

    def __init__(self, bar, sized: bool) -> None:
        self._bar = bar
        self._sized = sized
        self._start = time.monotonic()
        self._lines = 0

    def update(self, lines: int, done_bytes: int) -> None:
        """Show ``lines`` lines checked so far and ``done_bytes`` bytes read so far."""
        rate = lines / max(time.monotonic() - self._start, 1e-9)
        if self._sized:
            self._bar.set_postfix_str(f"{lines:,} lines, {rate:,.0f} lines/s", refresh=False)
            self._bar.update(max(done_bytes - self._bar.n, 0))
        else:
            self._bar.update(lines - self._lines)
        self._lines = lines

    def close(self) -> None:
        """Show the last figures, then remove the bar from the terminal."""
        self._bar.refresh()
        self._bar.close()


def progress_bar(total_bytes: int | None, stream: TextIO, *, enabled: bool = True) -> Progress | None:
    """A :class:`Progress` on ``stream``, or ``None`` when no bar is shown.

    ``total_bytes``: the input's size (a bar with an ETA), or ``None`` (lines and lines per
    second only). ``None`` is returned when ``enabled`` is false, ``stream`` is not a
    terminal, or tqdm is missing.
    """
    isatty = getattr(stream, "isatty", None)
    if not enabled or isatty is None or not isatty():
        return None
    try:
        tqdm = require("tqdm", "progress").tqdm
    except MissingExtraError:
        return None
    if total_bytes:
        bar = tqdm(total=total_bytes, unit="B", unit_scale=True, file=stream, leave=False, desc="check-log")
        return Progress(bar, True)
    return Progress(tqdm(unit=" lines", file=stream, leave=False, desc="check-log"), False)
