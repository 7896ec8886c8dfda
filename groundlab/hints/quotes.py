"""Quote hints: why a cited quote is not found in its source, and where the source comes closest.

Offsets and lengths count code points. Two rules are explained: the configuration
contract's verbatim check (the configuration article, "a real citation can still support
a wrong answer") and the normalised check of the job-match article, "No Quote, No Claim"
(:func:`groundlab.grounding.rule.is_quoted`). ``docs/architecture.md``, "Hints".

Bounded in time by input size: each source is folded and normalised once and cached, and
for a source over :data:`~groundlab.hints.folding.EQUIVALENCE_LIMIT` code points the kinds
are decided on the closest window and ``len(quote) + 64`` code points on each side
(:func:`_near_window`), not on the whole source.
"""

from __future__ import annotations

import functools

from groundlab.core.language import LIBRARY_CATALOGUE as tr
from groundlab.core.language import N_
from groundlab.core.text import line_column
from groundlab.grounding.rule import MIN_QUOTE_CHARS, normalize_quote
from groundlab.hints.bounded import bounded_matcher
from groundlab.hints.differences import difference_hints
from groundlab.hints.folding import EQUIVALENCE_LIMIT, apply, equivalence
from groundlab.hints.kinds import Hint
from groundlab.hints.render import Side, show
from groundlab.hints.window import Window, closest_window

__all__ = ["quote_hints"]

_AROUND = 8
"""Whitespace characters of the source read on each side of the closest window,
so a whitespace hint can say what the document has right before or after it."""

_FOLDED_WORDS = {"nfc": N_("Unicode normalization (NFC)"), "nfkc": N_("Unicode normalization (NFKC)"),
                 "case": N_("upper and lower case")}  # fmt: skip
"""Transforms after which the closest hint's similarity is measured, when reported."""


@functools.lru_cache(maxsize=4)
def _normalized_source(source: str) -> str:
    """:func:`~groundlab.grounding.rule.normalize_quote` of a source, cached (4 kept)."""
    return normalize_quote(source)


def _near_window(source: str, window: Window, n: int, normalized: bool) -> str:
    """The part of ``source`` the kinds are decided on: the window and ``n + 64`` code points each side."""
    lo, hi = max(0, window.start - n - 64), min(len(source), window.end + n + 64)
    return normalize_quote(source[lo:hi]) if normalized else source[lo:hi]


def quote_hints(
    quote: str | None,
    source: str | None,
    *,
    normalized: bool = False,
    claim: int | None = None,
    check: str | None = None,
    doc: str | None = None,
) -> tuple[Hint, ...]:
    """Why ``quote`` is not found in ``source``: a tuple of hints, ``()`` when it is found.

    ``quote``, ``source``: ``str`` or ``None`` (read as ``""``), else ``TypeError``.
    ``normalized=True`` compares both after :func:`groundlab.grounding.rule.normalize_quote`
    and adds a ``length`` hint for a quote under ``MIN_QUOTE_CHARS``; else the check is
    verbatim. ``claim`` and ``check`` are copied into every hint; ``doc`` is the document id
    the messages name (default ``"the document"``). Returns the difference hints, then
    ``length``, then one ``closest`` hint: the :func:`closest_window`, its 1-based line and
    similarity in percent (after case folding and NFC/NFKC when those kinds are reported),
    with the alignment as ``detail``; it says so when only part of the quote was aligned.
    """
    quote = "" if quote is None else quote
    source = "" if source is None else source
    if not isinstance(quote, str) or not isinstance(source, str):
        raise TypeError("quote_hints expects str (or None) for quote and source")
    where = doc if doc else tr("the document")
    hints: list[Hint] = []
    a, b = quote, source
    if normalized:
        a, b = normalize_quote(quote), _normalized_source(source)
        if len(a) >= MIN_QUOTE_CHARS and a in b:
            return ()
        if len(a) < MIN_QUOTE_CHARS:
            hints.append(
                Hint(
                    "length",
                    tr(
                        "After normalising, the quote is {quote}, {count} character(s); "
                        "a quote needs at least {minimum} characters to count, because shorter text is "
                        "found almost anywhere."
                    ).format(quote=show(a), count=len(a), minimum=MIN_QUOTE_CHARS),
                    claim,
                    check,
                )
            )
    elif quote and quote in source:
        return ()
    window = closest_window(quote, source)
    kinds = frozenset()
    if a:
        near = b if len(b) <= EQUIVALENCE_LIMIT else _near_window(source, window, len(quote), normalized)
        kinds = equivalence(a, near, True) or frozenset()
        if normalized:
            local = around = normalize_quote(window.text)
        else:
            local, around = window.text, _with_spaces_around(source, window)
        side = Side(tr("The quote"), where)
        hints[:0] = difference_hints(
            a, b, local, contains=True, side=side, claim=claim, check=check, kinds=kinds, around=around
        )
    hints.append(_closest_hint(quote, source, window, where, claim, check, kinds))
    return tuple(hints)


def _with_spaces_around(source: str, window: Window) -> str:
    """The window's text with up to :data:`_AROUND` whitespace characters of ``source`` on each side."""
    start, end = window.start, window.end
    while start > 0 and window.start - start < _AROUND and source[start - 1].isspace():
        start -= 1
    while end < len(source) and end - window.end < _AROUND and source[end].isspace():
        end += 1
    return source[start:end]


def _closest_hint(
    quote: str, source: str, window: Window, where: str, claim: int | None, check: str | None, kinds: frozenset
) -> Hint:
    if not quote:
        message = tr("The quote is empty, so there is nothing to find in the document.")
    elif not source:
        message = tr("{where} is empty, so no quote can be found in it.").format(where=where[0].upper() + where[1:])
    else:
        head = quote[: window.aligned]
        line = line_column(source, window.start)[0]
        percent = int(window.ratio * 100)
        whole = len(head) == len(quote)
        similarity = (
            tr("line {line}, {percent}% similar to the quote") if whole
            else tr("line {line}, {percent}% similar to the quote's first {count} characters")
        ).format(line=line, percent=percent, count=len(head))
        steps = frozenset(kinds) & frozenset(_FOLDED_WORDS)
        if steps:
            folded_quote, folded_text = apply(head, steps), apply(window.text, steps)
            apart = tr(" and ").join(tr(_FOLDED_WORDS[name]) for name in ("nfc", "nfkc", "case") if name in steps)
            if folded_quote == folded_text:
                similarity = (
                    tr("line {line}; the same as the quote apart from {apart}") if whole
                    else tr("line {line}; the same as the quote's first {count} characters apart from {apart}")
                ).format(line=line, apart=apart, count=len(head))
            else:
                matcher = bounded_matcher(folded_quote, folded_text)
                folded = -1 if matcher is None else int(matcher.ratio() * 100)  # None: the raw figure stands
                if folded > percent:
                    similarity = (
                        tr("line {line}, {percent}% similar to the quote apart from {apart}") if whole
                        else tr("line {line}, {percent}% similar to the quote's first {count} characters apart from {apart}")
                    ).format(line=line, percent=folded, apart=apart, count=len(head))
        if len(head) < len(quote):
            message = tr(
                "The closest text in {where} is {text} ({similarity}); the quote is too long to align in full "
                "within the hints' time bound, so its other {rest} characters were not aligned."
            ).format(where=where, text=show(window.text, 60), similarity=similarity, rest=len(quote) - len(head))
        else:
            message = tr("The closest text in {where} is {text} ({similarity}).").format(
                where=where, text=show(window.text, 60), similarity=similarity
            )
    return Hint("closest", message, claim, check, (), window.alignment)
