"""Unicode data the hints use: invisible characters, look-alikes, odd spaces and non-ASCII digits.

Every predicate takes one character (a one-code-point ``str``). Sources: general
categories, Unicode Standard Annex #44; look-alikes, in the spirit of UTS #39
("Unicode Security Mechanisms", confusables.txt); JSON whitespace, RFC 8259
section 2. ``docs/architecture.md``, "Hints".

Speed: a text over :data:`_SCAN_LIMIT` code points (a source) is never walked in Python.
Its distinct characters outside :data:`PLAIN_RANGES` are found by one regex (and kept for
the last 4 such texts), and characters that qualify are searched with a compiled
character class; ``tests/hints`` checks that every predicate and fold is false or
``None`` inside :data:`PLAIN_RANGES`.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Callable

__all__ = [
    "CONFUSABLES",
    "JSON_WHITESPACE",
    "LINE_BREAKS",
    "PLAIN_RANGES",
    "first_each",
    "has_latin",
    "is_foreign_digit",
    "is_invisible",
    "is_mark",
    "is_odd_space",
    "lookalike_target",
    "notable_chars",
    "script",
]

JSON_WHITESPACE = " \t\n\r"
"""The only whitespace JSON allows between tokens (RFC 8259 section 2)."""

LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
"""Characters ``str.splitlines`` breaks at; none of them looks like a space."""

_INVISIBLE_EXTRA = frozenset(
    [0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x2800, 0x3164, 0xFFA0]
    + list(range(0xFE00, 0xFE10))
    + list(range(0xE0100, 0xE01F0))
)
# Render as nothing although not Cf: U+034F COMBINING GRAPHEME JOINER, the Hangul
# fillers, Khmer inherent vowels, Mongolian and other variation selectors, U+2800
# BRAILLE PATTERN BLANK.

_LOOKALIKE_SCRIPTS = frozenset(["CYRILLIC", "GREEK", "ARMENIAN", "CHEROKEE", "COPTIC"])

_LOOKALIKES = {
    # Cyrillic, Greek, Armenian lower case
    "a": "\u0430\u03b1\u0251",  # а α ɑ
    "c": "\u0441\u03f2",  # с ϲ
    "d": "\u0501",  # ԁ
    "e": "\u0435",  # е
    "g": "\u0261",  # ɡ
    "h": "\u04bb\u0570",  # һ հ
    "i": "\u0456\u03b9\u0131\u0269",  # і ι ı ɩ
    "j": "\u0458\u03f3",  # ј ϳ
    "k": "\u03ba",  # κ
    "n": "\u0578",  # ո
    "p": "\u0440\u03c1",  # р ρ
    "q": "\u051b",  # ԛ
    "s": "\u0455",  # ѕ
    "u": "\u03c5\u057d",  # υ ս
    "v": "\u03bd",  # ν
    "w": "\u051d",  # ԝ
    "x": "\u0445\u03c7",  # х χ
    "y": "\u0443",  # у
    # upper case
    "A": "\u0410\u0391",
    "B": "\u0412\u0392",
    "C": "\u0421",
    "E": "\u0415\u0395",
    "H": "\u041d\u0397",
    "J": "\u0408",
    "K": "\u041a\u039a",
    "M": "\u041c\u039c",
    "N": "\u039d",
    "P": "\u0420\u03a1",
    "Q": "\u051a",
    "S": "\u0405",
    "T": "\u0422\u03a4",
    "W": "\u051c",
    "X": "\u0425\u03a7",
    "Y": "\u04ae\u03a5",
    "Z": "\u0396",
    "o": "\u043e\u03bf\u0585",  # о ο օ
    "O": "\u041e\u039f",  # О Ο
    "l": "\u04cf\u01c0",  # ӏ ǀ
    "I": "\u0406\u0399\u04c0",  # І Ι Ӏ
    # punctuation
    "-": "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe63\uff0d",
    "_": "\uff3f",
    '"': "\u201c\u201d\u201e\u201f\u2033\uff02",
    "'": "\u2018\u2019\u201a\u201b\u2032\uff07",
    "=": "\ua78a\uff1d",
    ":": "\u2236\ua789\uff1a",
    ".": "\u2024\uff0e",
    ",": "\uff0c",
    "/": "\u2044\u2215",
}

CONFUSABLES: dict[str, str] = {ch: ascii_ch for ascii_ch, chars in _LOOKALIKES.items() for ch in chars}
"""Look-alike -> the ASCII character it imitates (a small subset of UTS #39
confusables.txt); every key is non-ASCII, every value ASCII of the same case."""


def is_invisible(ch: str) -> bool:
    """True when ``ch`` renders as nothing: category ``Cf``, a ``Cc`` that is not whitespace, or a filler.

    No ``str.isspace`` character (tab, line feed...) is invisible here: those get ``whitespace`` hints.
    """
    category = unicodedata.category(ch)
    if category == "Cf" or ord(ch) in _INVISIBLE_EXTRA:
        return True
    return category == "Cc" and not ch.isspace()


def is_odd_space(ch: str) -> bool:
    """True for whitespace other than JSON's four (U+00A0 NO-BREAK SPACE, U+3000...)."""
    return ch.isspace() and ch not in JSON_WHITESPACE


def is_foreign_digit(ch: str) -> bool:
    """True for a non-ASCII character with a decimal digit value (U+FF15 FULLWIDTH DIGIT FIVE)."""
    return not ch.isascii() and unicodedata.digit(ch, None) is not None


def is_mark(ch: str) -> bool:
    """True for a combining mark (categories ``Mn``, ``Me``)."""
    return unicodedata.category(ch) in ("Mn", "Me")


def script(ch: str) -> str:
    """The script of ``ch`` as the first word of its Unicode name (``"CYRILLIC"``), or ``""``."""
    return unicodedata.name(ch, "").split(" ", 1)[0]


def lookalike_target(ch: str, latin_context: bool) -> str | None:
    """The ASCII character ``ch`` imitates, ``""`` for a look-alike-script letter in Latin text, else ``None``."""
    if ch.isascii():
        return None
    target = CONFUSABLES.get(ch)
    if target is not None:
        return target
    if latin_context and ch.isalpha() and script(ch) in _LOOKALIKE_SCRIPTS:
        return ""
    return None


def has_latin(text: str) -> bool:
    """True when ``text`` has a Latin letter (each distinct character is looked at once)."""
    return any(("a" <= c.lower() <= "z") or (c.isalpha() and script(c) == "LATIN") for c in notable_chars(text))


_SCAN_LIMIT = 4096
"""Texts up to this many code points are walked character by character; longer ones by set and regex."""

PLAIN_RANGES = (
    (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xAC00, 0xD7A3), (0xE000, 0xF8FF), (0x20000, 0xDFFFF),
    (0xE01F0, 0x10FFFF),
)  # fmt: skip
"""Code point ranges no predicate here flags and no fold changes: CJK ideographs, Hangul
syllables, private use, planes 2 to 13 (ideographs, unassigned), plane 14 after its
variation selectors (unassigned) and planes 15 to 16 (private use). A 1 MB source can
hold a million distinct characters; most of them are here."""

_PLAIN = re.compile("[" + "".join(f"{chr(lo)}-{chr(hi)}" for lo, hi in PLAIN_RANGES) + "]+")


def notable_chars(text: str, *, keep: bool = True) -> frozenset:
    """The distinct characters of ``text`` (one-character ``str``), leaving out those in :data:`PLAIN_RANGES`.

    A text up to :data:`_SCAN_LIMIT` code points gives all of its characters. With ``keep``,
    the set of a longer one is cached (the last 4 kept).
    """
    if len(text) <= _SCAN_LIMIT:
        return frozenset(text)
    return _long_notable_chars(text) if keep else frozenset(_PLAIN.sub("", text))


@functools.lru_cache(maxsize=4)
def _long_notable_chars(text: str) -> frozenset:
    return frozenset(_PLAIN.sub("", text))


def first_each(text: str, pred: Callable[[str], bool], absent_from: str) -> list[tuple[int, str]]:
    """``(index, character)`` of the first of each distinct character of ``text`` with ``pred``
    that ``absent_from`` lacks; at most 6, in order of appearance.

    ``pred`` must be false on :data:`PLAIN_RANGES` (as every predicate here is); it is asked
    once per distinct character. Linear in the lengths.
    """
    absent = notable_chars(absent_from) if len(absent_from) > _SCAN_LIMIT else absent_from
    if len(text) <= _SCAN_LIMIT:
        seen: dict[str, int] = {}
        for index, ch in enumerate(text):
            if ch not in seen and pred(ch) and ch not in absent:
                seen[ch] = index
        return [(i, c) for c, i in seen.items()][:6]
    wanted = {ch for ch in notable_chars(text) if pred(ch) and ch not in absent}
    found: list[tuple[int, str]] = []
    position = 0
    while wanted and len(found) < 6:  # at most 7 scans: each finds the next new character
        match = re.compile("[" + "".join(re.escape(ch) for ch in sorted(wanted)) + "]").search(text, position)
        if match is None:
            break
        found.append((match.start(), match.group()))
        wanted.discard(match.group())
        position = match.end()
    return found
