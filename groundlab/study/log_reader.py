"""Reading a log's lines with bounded memory: :func:`read_lines` over a binary stream.

A line is held whole only up to :data:`~groundlab.study.log_line.MAX_LINE_BYTES`; the rest of
a longer line is read in 64 KiB pieces and dropped, so a log of any length, with lines of
any length, is read in flat memory. ``docs/architecture.md``, "Checking a log". Standard library only.
"""

from __future__ import annotations

from typing import BinaryIO, Iterator

from groundlab.study.log_line import MAX_LINE_BYTES

__all__ = ["read_lines"]

_PIECE = 1 << 16


def read_lines(stream: BinaryIO, limit: int = MAX_LINE_BYTES) -> Iterator[tuple[int, bytes]]:
    """Yield ``(number, line)`` for each line of ``stream``, in order.

    ``number`` is 1-based and counts every line, blank ones too; ``line`` is the line's
    bytes without its ``\\n``. A line longer than ``limit`` bytes is yielded as its first
    ``limit + 1`` bytes (so :class:`~groundlab.study.log_line.LineChecker` reports it as
    ``line_too_long``); its rest is skipped. A last line without ``\\n`` counts. Raises
    whatever reading ``stream`` raises (``OSError``).
    """
    readline = stream.readline
    number = 0
    while True:
        line = readline(limit + 1)
        if not line:
            return
        number += 1
        if line.endswith(b"\n"):
            yield number, line[:-1]
        elif len(line) > limit:
            while True:
                rest = readline(_PIECE)
                if not rest or rest.endswith(b"\n"):
                    break
            yield number, line
        else:
            yield number, line
