"""Checking a log of real answers: :func:`check_log`, a generator of results in input order.

Each line goes through one :class:`~groundlab.study.log_line.LineChecker` (the function the
CLI, its worker processes and the Dask recipe call); blank lines are skipped but numbered.
Nothing is held beyond the line being checked, so a log of any length is checked in flat
memory. ``docs/architecture.md``, "Checking a log". Standard library only.
"""

from __future__ import annotations

import io
from typing import Any, Iterable, Iterator, Mapping, Union

from groundlab.core.registry import Registry, Request
from groundlab.study.log_line import LineChecker, LogResult
from groundlab.study.log_reader import read_lines

__all__ = ["check_log", "numbered"]

Line = Union[str, bytes, Mapping[str, Any]]


def _blank(line: Line) -> bool:
    return isinstance(line, (str, bytes, bytearray)) and not line.strip()


def numbered(lines: Iterable[Line] | io.IOBase) -> Iterator[tuple[int, Line]]:
    """``(number, line)`` for each line, numbered from 1, blank lines left out (but counted).

    ``lines``: an iterable of ``str``/``bytes`` lines or decoded objects, or an open file (a
    binary one is read by :func:`~groundlab.study.log_reader.read_lines`, in bounded memory).
    """
    if isinstance(lines, io.TextIOBase) and not hasattr(lines, "buffer"):  # io.StringIO: no bytes under it
        source: Iterable[tuple[int, Line]] = ((n, line.rstrip("\n")) for n, line in enumerate(lines, 1))
    elif isinstance(lines, io.IOBase) and hasattr(lines, "readline"):
        source = read_lines(getattr(lines, "buffer", lines))  # a text file: its bytes, read in bounded memory
    else:
        source = enumerate(lines, 1)
    for number, line in source:
        if not _blank(line):
            yield number, line


def check_log(
    lines: Iterable[Line] | io.IOBase, registry: Registry, request: Request | None = None
) -> Iterator[LogResult]:
    """Yield one :class:`~groundlab.study.log_line.LogResult` per non-blank line, in input order.

    Args:
        lines: the log: an iterable of lines (``str`` or ``bytes``, one JSON object each) or
            of decoded records (``dict``), or an open file.
        registry: the trusted sources every answer is checked against.
        request: the default request, for lines without ``request``.

    A line that cannot be checked is a ``LINE_ERROR`` result, never an exception. Raises
    ``ValueError`` when ``request`` supplies an id ``registry`` lacks and ``TypeError`` for
    wrong argument types (a line of another type than ``str``, ``bytes`` or a mapping). Count
    the results with :class:`~groundlab.study.log_summary.LogSummary`.
    """
    checker = LineChecker(registry, request)
    for number, line in numbered(lines):
        yield checker(line, number)
