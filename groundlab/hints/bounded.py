"""Bounded alignment: ``difflib.SequenceMatcher`` with a cap on the work it may do.

``SequenceMatcher.get_matching_blocks`` calls ``find_longest_match`` once for each
matching block and each gap between blocks, and every call visits each pair
``(i, j)`` with ``a[i] == b[j]`` in its ranges. On ordinary text few pairs are
equal; on repetitive text (``"aaaa…"`` against ``"abab…"``) nearly all of them
are, so one alignment of a few hundred characters takes seconds. Here the
set-up is charged ``len(a) + len(b)`` units, every call is charged, before it
runs, the number of pairs it may visit (an upper bound: all ``j`` of ``a[i]``'s
positions in ``b``, plus 2 per ``i``), and the alignment stops when a
:class:`Budget` would go below zero. One unit costs 0.1 to 0.3 µs on the
benchmark machine (``benchmarks/hints_worst.py``), so :data:`WORK_LIMIT` is
at most about a tenth of a second. See ``docs/architecture.md``,
"Decisions recorded so far" (hint alignment is bounded).
"""

from __future__ import annotations

import difflib
import itertools
from typing import Sequence

__all__ = ["WORK_LIMIT", "Budget", "bounded_matcher"]

WORK_LIMIT = 300_000
"""Work units (pairs visited, see the module docstring) one hint alignment may use by default."""


class _Exhausted(Exception):
    """Raised inside a bounded alignment when its next step would overdraw the budget."""


class Budget:
    """Work units left for the alignments of one hint computation; ``left`` (``int``) only goes down.

    Several alignments may share one budget: each spends what it used, and an
    alignment stopped for lack of units spends only the steps it completed.
    """

    def __init__(self, units: int = WORK_LIMIT) -> None:
        self.left = units

    def spend(self, units: int) -> None:
        """Take ``units`` from :attr:`left`; raise ``_Exhausted`` (and take nothing) if there are not enough."""
        if units > self.left:
            raise _Exhausted
        self.left -= units


class _Bounded(difflib.SequenceMatcher):
    """A ``SequenceMatcher`` that charges each ``find_longest_match`` call to a :class:`Budget`."""

    def __init__(self, a: Sequence, b: Sequence, budget: Budget, autojunk: bool) -> None:
        super().__init__(None, a, b, autojunk=autojunk)
        self._budget = budget
        positions = self.b2j
        # _cost[i]: the most pairs a call over a[0:i] can visit, whatever its range of b
        self._cost = list(itertools.accumulate((len(positions.get(x, ())) + 2 for x in a), initial=0))

    def find_longest_match(self, alo=0, ahi=None, blo=0, bhi=None):
        ahi = len(self.a) if ahi is None else ahi
        self._budget.spend(self._cost[ahi] - self._cost[alo] + 1)
        return super().find_longest_match(alo, ahi, blo, bhi)


def bounded_matcher(
    a: Sequence, b: Sequence, budget: Budget | None = None, *, autojunk: bool = False
) -> difflib.SequenceMatcher | None:
    """``difflib.SequenceMatcher(None, a, b, autojunk=autojunk)`` with its matching blocks computed, or ``None``.

    ``a``, ``b``: sequences of hashable items; ``budget``: a shared :class:`Budget` (default:
    a new one of :data:`WORK_LIMIT` units). ``None`` when the alignment would need more units
    than are left (the steps done stay spent). The matcher's ``ratio()``,
    ``get_matching_blocks()`` and ``get_opcodes()`` are exactly difflib's, at no further cost.
    """
    budget = Budget() if budget is None else budget
    try:
        budget.spend(len(a) + len(b))  # indexing b and pricing a, before any of it is done
        matcher = _Bounded(a, b, budget, autojunk)
        matcher.get_matching_blocks()
    except _Exhausted:
        return None
    return matcher
