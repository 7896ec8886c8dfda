"""The ``whitespace`` hint: where two texts differ in whitespace only, and what each side has there.

Offsets count code points. Whitespace is ``str.isspace`` (Unicode ``White_Space``);
a plain space is U+0020. See ``docs/architecture.md``, "Units".
"""

from __future__ import annotations

import functools
import re

from groundlab.core.language import LIBRARY_CATALOGUE as tr
from groundlab.hints.bounded import bounded_matcher
from groundlab.hints.chars import LINE_BREAKS, first_each, is_odd_space
from groundlab.hints.folding import WHITESPACE_STEPS, fold_spaced, line_endings
from groundlab.hints.render import Side, after, char_list, list_words, space_run

__all__ = ["whitespace_hint"]


def _whitespace_diffs(a: str, other: str, contains: bool) -> list[tuple[int, int, str, str]]:
    """``(i1, i2, a part, other part)`` for each place where ``a`` and ``other`` differ in whitespace only.

    Either part may be empty. Aligned after :func:`groundlab.hints.folding.fold_spaced`,
    so a case or look-alike difference elsewhere does not hide a whitespace one.
    With ``contains``, whitespace only ``other`` has before or after ``a`` is ignored.
    ``[]`` when aligning them exceeds the work bound (:mod:`groundlab.hints.bounded`).
    """
    fa, fo = fold_spaced(a), fold_spaced(other)
    out = []
    matcher = bounded_matcher(fa, fo)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes() if matcher is not None else ():
        x, y = a[i1:i2], other[j1:j2]
        if tag == "equal" or (x and not x.isspace()) or (y and not y.isspace()):
            continue
        if contains and not x and i1 in (0, len(a)):
            continue
        out.append((i1, i2, x, y))
    return out



def _collapsed(text: str) -> str:
    """``text`` with each whitespace run read as one space; a source's is computed once (4 kept)."""
    return _collapsed_source(text) if len(text) > _SOURCE_LENGTH else _RUNS.sub(" ", text)


_RUNS = re.compile(r"\s+")
_SOURCE_LENGTH = 4096
"""Texts longer than this many code points (sources, not quotes) have their collapsed form cached."""


@functools.lru_cache(maxsize=4)
def _collapsed_source(text: str) -> str:
    return _RUNS.sub(" ", text)


def whitespace_hint(
    a: str, b: str, local: str, kinds: frozenset, contains: bool, side: Side
) -> tuple[str, list[str]] | None:
    """``(message, characters)`` of the ``whitespace`` hint for ``a`` against ``b``, or ``None``.

    Given when ``kinds`` (:func:`groundlab.hints.folding.equivalence`) needs a
    whitespace step, or when ``a`` has non-ASCII whitespace ``b`` lacks. It names
    up to 3 places: what ``a`` has there and what ``local`` (the part of ``b``
    compared) has. With ``line_endings`` in ``kinds``, CR LF and CR are read as
    LF first, so that hint alone explains a carriage return.
    """
    needed = bool(kinds & WHITESPACE_STEPS)
    odd = first_each(a, is_odd_space, b)
    if not needed and not odd:
        return None
    if "line_endings" in kinds:
        a, b, local = line_endings(a), line_endings(b), line_endings(local)
    diffs = _whitespace_diffs(a, local, contains)
    if not needed:  # the texts differ in more than whitespace: keep only the odd spaces' places
        diffs = [d for d in diffs if any(is_odd_space(c) for c in d[2] + d[3])]
    if not diffs:
        if needed:
            return (
                tr("{subject} matches {other} only when whitespace is ignored; the contract compares every character.").format(
                    subject=side.subject, other=side.other
                ),
                [],
            )
        if len(odd) == 1:
            template = tr(
                "{subject} contains {chars} {where}, which is not a plain space (U+0020 SPACE); {other} does not contain it."
            )
        else:
            template = tr(
                "{subject} contains {chars}, which are not plain spaces (U+0020 SPACE); {other} does not contain them."
            )
        message = template.format(
            subject=side.subject, chars=char_list(odd, a), other=side.other,
            where=after(a, odd[0][0], spaces=True) if len(odd) == 1 else "",
        )
        return message, [c for _, c in odd]
    n = len(a)
    clauses: list[str] = []
    for number, (i1, i2, x, y) in enumerate(diffs[:3]):
        other = side.other if number == 0 else side.short_other
        if x and not y:
            if i1 == 0:
                clauses.append(tr("a leading {run} that {other} does not have").format(run=space_run(x, False), other=other))
            elif i2 == n:
                clauses.append(tr("a trailing {run} that {other} does not have").format(run=space_run(x, False), other=other))
            else:
                clauses.append(
                    tr("{run} {where} where {other} has none").format(run=space_run(x), where=after(a, i1, spaces=True), other=other)
                )
        else:
            where = tr("at the start") if i1 == 0 else tr("at the end") if i1 == n or i2 == n else after(a, i1, spaces=True)
            if x:
                clause = tr("{run} {where} where {other} has {theirs}").format(
                    run=space_run(x), where=where, other=other, theirs=space_run(y)
                )
            else:
                clause = tr("nothing {where} where {other} has {theirs}").format(where=where, other=other, theirs=space_run(y))
            clauses.append(clause)
    if len(diffs) > 3:
        rest = len(diffs) - 3
        more = tr("{count} more whitespace differences") if rest > 1 else tr("{count} more whitespace difference")
        clauses.append(more.format(count=rest))
    only_whitespace = bool(kinds) and kinds <= WHITESPACE_STEPS
    if only_whitespace and all(x and not y for _, _, x, y in diffs):
        tail = tr("it matches once the extra whitespace is removed, but the contract compares every character.")
    elif all(len(x) == 1 and len(y) == 1 and x not in LINE_BREAKS and y not in LINE_BREAKS for _, _, x, y in diffs):
        tail = tr("the two look alike but are different characters, and the contract compares every character.")
    elif only_whitespace and (
        _collapsed(a) in _collapsed(b) if contains else _collapsed(a) == _collapsed(b)
    ):
        tail = tr("it matches once each run of whitespace is read as one space, but the contract compares every character.")
    elif only_whitespace:
        tail = tr("it matches once whitespace is ignored, but the contract compares every character.")
    else:
        tail = tr("the contract compares every character.")
    chars = [c for _, _, x, y in diffs[:3] for c in x + y]
    return tr("{subject} has {clauses}; {tail}").format(subject=side.subject, clauses=list_words(clauses), tail=tail), chars
