"""Checking a log in chunks, in this process or in several: :func:`check_chunks`.

The lines are cut into chunks; each chunk becomes its result lines (one block of text) and
its :class:`~groundlab.study.log_summary.LogSummary`, by :func:`check_chunk`, in a worker
process when ``jobs > 1``. Blocks come back in input order and are the same bytes for any
number of jobs. At most ``2 * jobs`` chunks are in flight, so memory stays flat however long
the log. ``docs/architecture.md``, "Checking a log". Standard library only.
"""

from __future__ import annotations

import os
import signal
from collections import deque
from itertools import chain, islice
from typing import Iterable, Iterator

from groundlab.core.language import get_language, set_language
from groundlab.study.log_line import LineChecker
from groundlab.study.log_summary import LogSummary

__all__ = ["CHUNK_LINES", "JOBS_PER_CORE", "check_chunk", "check_chunks"]

CHUNK_LINES = 256
"""Lines per chunk: enough that sending a chunk to a worker costs little beside checking it (a
chunk takes tens of milliseconds), few enough that the C allocator's heap stays small: with
2,000 lines a chunk, the resident set grew with the log's length (benchmarks/README.md)."""

JOBS_PER_CORE = 4
"""Most worker processes per core (``os.cpu_count()``): more only adds start-up time and memory."""

_checker: LineChecker | None = None  # a worker process's checker, set by _start_worker


def check_chunk(checker: LineChecker, chunk: list) -> tuple[str, LogSummary, int]:
    """``(text, summary, last)`` for ``chunk``, a list of ``(number, line)``.

    ``text`` holds one JSON result line per non-blank line, each ending in ``\\n``
    (:meth:`~groundlab.study.log_line.LogResult.to_json`); ``summary`` counts them and the
    blank lines; ``last`` is the chunk's last line number (0 for an empty chunk).
    """
    summary = LogSummary()
    out = []
    for number, line in chunk:
        if isinstance(line, (bytes, str)) and not line.strip():
            summary.blank += 1
            continue
        result = checker(line, number)
        summary.add(result)
        out.append(result.to_json())
    text = "\n".join(out) + "\n" if out else ""
    return text, summary, chunk[-1][0] if chunk else 0


def _start_worker(spec: tuple, language: str) -> None:
    global _checker
    _checker = LineChecker.from_spec(spec)
    set_language(language)  # a spawned worker writes its messages in the parent's language
    # The parent process handles Ctrl-C and SIGTERM and stops the pool; a worker ignores SIGINT.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_DFL)


def _work(chunk: list) -> tuple[str, LogSummary, int]:
    return check_chunk(_checker, chunk)


def _chunks(lines: Iterable[tuple[int, object]], size: int) -> Iterator[list]:
    iterator = iter(lines)
    while True:
        chunk = list(islice(iterator, size))
        if not chunk:
            return
        yield chunk


def check_chunks(
    lines: Iterable[tuple[int, object]], checker: LineChecker, jobs: int = 1, size: int = CHUNK_LINES
) -> Iterator[tuple[str, LogSummary, int]]:
    """:func:`check_chunk` over ``lines`` (``(number, line)`` pairs) cut into chunks of ``size``, in input order.

    ``jobs``: processes to use (1: this one), capped at :data:`JOBS_PER_CORE` times
    ``os.cpu_count()`` and at the number of chunks (the first ``jobs`` chunks are read before
    the pool starts; a log of one chunk is checked in this process). The pool is closed when
    the generator ends or is closed, and terminated when it is left by an exception (a
    signal's included).
    Raises ``ValueError`` for ``jobs`` or ``size`` below 1.
    """
    if jobs < 1 or size < 1:
        raise ValueError(f"jobs and size must be at least 1, not {jobs} and {size}")
    chunks = _chunks(lines, size)
    jobs = min(jobs, JOBS_PER_CORE * (os.cpu_count() or 1))
    first = list(islice(chunks, jobs)) if jobs > 1 else []
    jobs = max(1, min(jobs, len(first)))
    chunks = chain(first, chunks)
    if jobs == 1:
        for chunk in chunks:
            yield check_chunk(checker, chunk)
        return
    import multiprocessing

    pool = multiprocessing.get_context().Pool(jobs, initializer=_start_worker, initargs=(checker.spec, get_language()))
    closed = False
    try:
        pending: deque = deque()
        for chunk in chunks:
            pending.append(pool.apply_async(_work, (chunk,)))
            if len(pending) >= 2 * jobs:
                yield pending.popleft().get()
        while pending:
            yield pending.popleft().get()
        pool.close()
        closed = True
    finally:
        if not closed:  # an exception, a signal or the generator closed early: stop the workers now
            pool.terminate()
        pool.join()
