"""Text transforms for comparing: which foldings (NFC, case, whitespace...) make two strings match.

Offsets and lengths count code points. Sources: NFC and NFKC, Unicode UAX #15;
case folding, ``str.casefold`` (CaseFolding.txt); whitespace, ``str.isspace``
(``White_Space``). ``docs/architecture.md``, "Hints".

How :func:`equivalence` puts a difference down to kinds: both strings go through the
chain of :data:`TRANSFORMS` that change either side; if they then match, transforms are
dropped one at a time, broadest first (:data:`_DROP_ORDER`: case before NFKC, because
``casefold`` also expands ligatures such as U+FB01, which NFKC explains better), keeping
each one without which they no longer match; each chain's prefixes are computed once.
:func:`translated` is linear either way: ``str.translate`` with a table that also maps
each unchanged character to itself when characters repeat (about 2.5 times faster on a
1 MB mixed-script source), a regex visiting only the changed characters when they seldom
repeat (a million distinct code points).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Callable

from groundlab.hints.chars import CONFUSABLES, is_foreign_digit, is_invisible, notable_chars

__all__ = [
    "EQUIVALENCE_LIMIT", "TRANSFORMS", "WHITESPACE_STEPS", "apply", "equivalence", "fold", "fold_spaced",
    "line_endings", "translated",
]


_MANY = 4096
"""More distinct characters than this: ``fn`` is called uncached, and a text whose characters
seldom repeat is rewritten by a regular expression rather than ``str.translate``."""


def translated(text: str, fn: Callable[[str], str | None]) -> str:
    """``text`` with each character ``ch`` for which ``fn(ch)`` is not ``None`` replaced by ``fn(ch)``.

    ``fn`` must give ``None`` on :data:`~groundlab.hints.chars.PLAIN_RANGES` (every ``fn``
    here does); it is asked once per other distinct character (bypassing its ``lru_cache``
    beyond :data:`_MANY` of them). ``text`` itself is returned when nothing changes.
    """
    chars = notable_chars(text, keep=False)
    call = getattr(fn, "__wrapped__", fn) if len(chars) > _MANY else fn
    table: dict[int, str] = {}
    for ch in chars:
        out = call(ch)
        if out is not None:
            table[ord(ch)] = out
    if not table:
        return text
    if text.isascii() or 4 * len(chars) <= len(text):
        if not text.isascii():
            for ch in chars:
                table.setdefault(ord(ch), ch)
        return text.translate(table)
    changed = re.compile("[" + "".join(re.escape(chr(point)) for point in sorted(table)) + "]")
    return changed.sub(lambda found: table[ord(found.group())], text)


@functools.lru_cache(maxsize=4096)
def _invisible_out(ch: str) -> str | None:
    return "" if is_invisible(ch) else None


@functools.lru_cache(maxsize=4096)
def _digit_out(ch: str) -> str | None:
    return str(unicodedata.digit(ch)) if is_foreign_digit(ch) else None


def line_endings(text: str) -> str:
    """``text`` with CR LF and CR alone each read as LF."""
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def _t_invisible(text: str) -> str:
    return text if text.isascii() and text.isprintable() else translated(text, _invisible_out)


def _t_digits(text: str) -> str:
    return text if text.isascii() else translated(text, _digit_out)


def _t_confusable(text: str) -> str:
    return text if text.isascii() else translated(text, CONFUSABLES.get)


_SPACES = re.compile(r"[^\S\r\n]+")
_BREAKS = re.compile(r"[\r\n]+")

TRANSFORMS: dict[str, Callable[[str], str]] = {
    "line_endings": line_endings,
    "invisible": _t_invisible,
    "digits": _t_digits,
    "nfc": functools.partial(unicodedata.normalize, "NFC"),
    "nfkc": functools.partial(unicodedata.normalize, "NFKC"),
    "case": str.casefold,
    "confusable": _t_confusable,
    "whitespace": lambda text: _SPACES.sub("", text),  # every whitespace character but CR and LF removed
    "line_breaks": lambda text: _BREAKS.sub("", text),  # then every CR and LF removed
}
"""Transform name -> function ``str -> str``, applied in this order."""

_DROP_ORDER = (
    "case", "nfkc", "confusable", "line_breaks", "whitespace", "nfc", "digits", "invisible", "line_endings",
)  # fmt: skip

WHITESPACE_STEPS = frozenset(["whitespace", "line_breaks"])
"""The two transforms reported as the hint kind ``whitespace``."""


def _chain(text: str, steps: frozenset, memo: dict) -> str:
    """:func:`apply`, remembering in ``memo`` (``steps -> text``) every prefix of the chain it computes."""
    names = [name for name in TRANSFORMS if name in steps]
    if not names:
        return text
    key = frozenset(names)
    if key not in memo:
        memo[key] = TRANSFORMS[names[-1]](_chain(text, frozenset(names[:-1]), memo))
    return memo[key]


@functools.lru_cache(maxsize=16)
def apply(text: str, steps: frozenset) -> str:
    """``text`` put through the :data:`TRANSFORMS` named in ``steps``, in chain order."""
    return _chain(text, steps, {})


def _maps_some(fn: Callable[[str], object], text: str) -> bool:
    return any(fn(ch) is not None for ch in notable_chars(text))


_CHANGES: dict[str, Callable[[str], bool]] = {
    "line_endings": lambda text: "\r" in text,
    "invisible": lambda text: not (text.isascii() and text.isprintable()) and _maps_some(_invisible_out, text),
    "digits": lambda text: not text.isascii() and _maps_some(_digit_out, text),
    "nfc": lambda text: not unicodedata.is_normalized("NFC", text),
    "nfkc": lambda text: not unicodedata.is_normalized("NFKC", text),
    "case": lambda text: any(ch.casefold() != ch for ch in notable_chars(text)),
    "confusable": lambda text: not text.isascii() and _maps_some(CONFUSABLES.get, text),
    "whitespace": lambda text: _SPACES.search(text) is not None,
    "line_breaks": lambda text: _BREAKS.search(text) is not None,
}
"""Transform name -> whether it changes a text (``TRANSFORMS[name](text) != text``), decided
from the text's distinct characters or one search, without building the result."""


EQUIVALENCE_LIMIT = 1 << 13
"""Longest text, in code points, :func:`equivalence` searches; a longer one gives ``None``."""


def equivalence(a: str, b: str, contains: bool) -> frozenset | None:
    """The fewest transform names under which ``a`` matches ``b``, or ``None``.

    ``contains``: match means ``a in b`` (a quote in a document), else ``a == b``. ``None``
    when they do not match even with every applicable transform, when ``a`` becomes empty,
    or when either text is over :data:`EQUIVALENCE_LIMIT` code points (pass the part of a
    long source near the quote).
    """
    if len(a) > EQUIVALENCE_LIMIT or len(b) > EQUIVALENCE_LIMIT:
        return None
    applicable = frozenset(name for name, changes in _CHANGES.items() if changes(a) or changes(b))
    if not applicable:
        return None
    memo_a: dict = {}
    memo_b: dict = {}

    def match(steps: frozenset) -> bool:
        left = _chain(a, steps, memo_a)
        if not left:
            return False
        right = _chain(b, steps, memo_b)
        return left in right if contains else left == right

    if not match(applicable):
        return None
    kept = set(applicable)
    for name in _DROP_ORDER:
        if name in kept and match(frozenset(kept - {name})):
            kept.discard(name)
    return frozenset(kept)


@functools.lru_cache(maxsize=4096)
def _fold_out(ch: str) -> str | None:
    if "A" <= ch <= "Z":
        return ch.lower()
    if ch.isascii():
        return "\x00" if unicodedata.category(ch) == "Cc" and not ch.isspace() else None
    if unicodedata.category(ch) == "Cn":  # unassigned: no case, decomposition, digit or look-alike
        return None
    skeleton = CONFUSABLES.get(ch)
    if skeleton is not None:
        return skeleton.lower()
    if ch.isspace():
        return " "
    if is_invisible(ch):
        return "\x00"
    if is_foreign_digit(ch):
        return str(unicodedata.digit(ch))
    if 0xFF21 <= ord(ch) <= 0xFF3A or 0xFF41 <= ord(ch) <= 0xFF5A:  # fullwidth Latin letters
        return chr(ord(ch) - 0xFEE0).lower()
    decomposed = unicodedata.normalize("NFD", ch)
    if len(decomposed) > 1 and "A" <= decomposed[0].upper() <= "Z":  # é -> e, so é finds e + U+0301
        return decomposed[0].lower()
    if ch.isalpha() and ch.lower() != ch and len(ch.lower()) == 1:
        return ch.lower()
    return None


def fold(text: str) -> str:
    """``text`` folded, code point for code point (same length), for finding where texts align.

    Lower case; a precomposed Latin letter to its base; look-alikes to their ASCII twin;
    non-ASCII whitespace to a space; invisible characters to U+0000; non-ASCII digits to ASCII.
    """
    return translated(text, _fold_out)


@functools.lru_cache(maxsize=4096)
def _spaced_out(ch: str) -> str | None:
    return None if ch.isspace() else _fold_out(ch)


def fold_spaced(text: str) -> str:
    """:func:`fold` that keeps every whitespace character as it is (to align whitespace differences)."""
    return translated(text, _spaced_out)
