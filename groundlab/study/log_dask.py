"""The Dask recipe: check JSONL logs bigger than one machine with ``dask.bag``, behind the ``dask`` extra.

:func:`check_files` reads each file as one partition (``dask.bag.read_text``) and runs the
CLI's own :class:`~groundlab.study.log_line.LineChecker` over its lines, numbered from 1 per
file; :func:`summarise` folds the results into one
:class:`~groundlab.study.log_summary.LogSummary` (partial summaries merge in any order). Any
Dask scheduler runs it: the local ones, or a ``dask.distributed`` cluster. When a user needs
it: when one machine is not enough -- logs spread over many files or machines, or more
lines than ``groundlab check-log --jobs N`` checks in the time there is (about a million a
minute on a few cores). ``pip install 'groundlab[dask]'``. ``docs/architecture.md``, "Checking a log".
"""

from __future__ import annotations

from typing import Iterable, Iterator

from groundlab._extras import require
from groundlab.core.registry import Registry, Request
from groundlab.study.log_line import LineChecker, LogResult
from groundlab.study.log_summary import LogSummary

__all__ = ["check_files", "summarise"]


def _check_partition(pairs: Iterable[tuple[str, str]], spec: tuple) -> Iterator[tuple[str, LogResult]]:
    checker = LineChecker.from_spec(spec)  # one per partition: a task gets plain data, whatever the scheduler
    for number, (line, path) in enumerate(pairs, 1):
        if line.strip():  # the file's bytes without the newline, as the CLI reads them (not UTF-8: reported)
            line = line[:-1] if line.endswith("\n") else line
            yield path, checker(line.encode("utf-8", "surrogateescape"), number)


def check_files(paths: str | list[str], registry: Registry, request: Request | None = None):
    """A ``dask.bag.Bag`` of ``(path, LogResult)``, one per non-blank line of each file, in file and line order.

    ``paths``: a path, a glob (``"logs/*.jsonl"``) or a list of them, anything
    ``dask.bag.read_text`` takes (remote file systems through fsspec). ``registry`` and
    ``request`` are as for :func:`~groundlab.study.log.check_log`. Nothing runs until the
    bag is computed. Raises ``MissingExtraError`` without dask, ``ValueError`` when
    ``request`` supplies an id ``registry`` lacks.
    """
    bag = require("dask.bag", "dask")
    checker = LineChecker(registry, request)
    lines = bag.read_text(paths, blocksize=None, include_path=True, encoding="utf-8", errors="surrogateescape")
    return lines.map_partitions(_check_partition, checker.spec)


def _partial(pairs: Iterable[tuple[str, LogResult]]) -> LogSummary:
    return LogSummary.of(result for _, result in pairs)


def _total(parts: Iterable[LogSummary]) -> LogSummary:
    total = LogSummary()
    for part in parts:
        total.merge(part)
    return total


def summarise(results) -> object:
    """A lazy ``dask.bag.Item`` of the :class:`LogSummary` of a bag from :func:`check_files`; ``.compute()`` it."""
    return results.reduction(_partial, _total)
