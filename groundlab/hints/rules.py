"""Near-miss hints: explain why an answer failed, without ever changing the verdict.

The contract (:mod:`groundlab.core.contract`) compares exact strings: ``5s`` is not
``5000``, ``Prod`` is not ``prod``, and a quote with a zero-width space in it is not
the document's line. That is the right rule for a gate, but a learner (or an
engineer reading a log) wants to know *why* two strings that look the same are
different. This module answers that question, on demand, beside the verdict:
nothing here is called by :func:`groundlab.core.contract.verify_answer`, and no hint
ever turns a rejection into a pass.

Public API (standard library only; ``groundlab/__init__`` does not import it):

* :class:`Hint` -- one explanation: ``kind`` (one of :data:`HINT_KINDS`), a
  one-sentence ``message``, the claim index and check it belongs to, the code
  points involved (``"U+200B ZERO WIDTH SPACE"``) and, for ``closest`` hints, a
  multi-line ``detail`` (the character alignment).
* :func:`hints_for_verdict` -- hints for the failed step of a :class:`Verdict`.
* :func:`quote_hints` -- why a quote is not found in a source text.
* :func:`value_hints` -- why a claimed value is not the document's fact.
* :func:`closest_window` -- the window of a source most like a quote, aligned
  character by character (:class:`Window`).
* :func:`json_hints` -- a recognisable JSON mistake behind an ``INVALID_JSON``.
* :func:`describe_char` -- ``"U+200B ZERO WIDTH SPACE"`` for one character;
  :func:`is_invisible` -- whether a character renders as nothing.

Every function returns a tuple of hints in :data:`HINT_KINDS` order (``()`` when
there is nothing to explain) and never raises for text input; the contract's
verdict is an argument, never a result.

Units: every offset and length here counts code points (Python ``str`` indices),
not UTF-16 code units; only the parser's bounds (:mod:`groundlab.core.claims`) count
UTF-16 units.

Where each rule comes from:

* invisible characters -- Unicode general category ``Cf`` (format characters:
  U+00AD SOFT HYPHEN, U+200B..U+200F, the bidirectional controls U+202A..U+202E
  and U+2066..U+2069, U+2060 WORD JOINER, U+FEFF, tag characters), category
  ``Cc`` control characters other than tab, line feed and carriage return, plus an
  explicit list of characters that render as nothing although they are not
  ``Cf`` (U+034F COMBINING GRAPHEME JOINER, the Hangul fillers U+115F, U+1160,
  U+3164, U+FFA0, U+17B4, U+17B5, variation selectors U+FE00..U+FE0F,
  U+E0100..U+E01EF and U+180B..U+180D, U+2800 BRAILLE PATTERN BLANK); Unicode
  Standard, UAX #44;
* confusables -- letters of the Cyrillic, Greek, Armenian, Cherokee and Coptic
  scripts (the script is the first word of the character's Unicode name) inside
  text that has Latin letters, plus a small built-in map of look-alikes in the
  spirit of UTS #39 ("Unicode Security Mechanisms", confusables.txt), including
  punctuation (U+2010 HYPHEN for ``-``, curly quotes for ``"``); the map only has
  non-ASCII keys, each mapped to an ASCII character of the same case;
* digits -- any non-ASCII character with a decimal digit value
  (``unicodedata.digit``, e.g. category ``Nd`` U+FF15 FULLWIDTH DIGIT FIVE);
* normalization -- NFC and NFKC, Unicode UAX #15; an NFC hint spells the letter on
  both sides by code point (U+0065 + U+0301 against U+00E9);
* case -- full case folding, ``str.casefold`` (Unicode ``CaseFolding.txt``);
* whitespace -- ``str.isspace`` (Unicode ``White_Space``); JSON whitespace is only
  space, tab, line feed and carriage return (RFC 8259 section 2); a whitespace
  hint names each place where the two sides differ in whitespace only (what each
  side has there, by code point, or that it has nothing);
* line endings -- CR LF and CR alone, each read as LF;
* JSON syntax -- RFC 8259 (and RFC 7493, I-JSON, for what the parser refuses).

How a difference is attributed to a kind: the two strings are compared after a
fixed chain of transformations (line endings, invisible removed, digits to
ASCII, NFC, NFKC, casefold, confusables to their ASCII look-alike, whitespace
other than CR and LF removed, CR and LF removed), each applied to both sides and
only when it changes one of them. If they match with every applicable
transformation, the transformations are dropped one at a time, broadest first
(case, NFKC, confusable, CR/LF removal, whitespace removal, NFC, digits,
invisible, line endings; case goes first because ``casefold`` also expands
ligatures such as U+FB01, which NFKC explains better; the two whitespace steps
leave CR and LF to the line-endings step when it suffices), keeping each one
without which they no longer match. The kinds that remain are reported (both
whitespace steps as ``whitespace``). Characters that are suspicious on their own
(an invisible, confusable, non-ASCII digit or non-ASCII whitespace character in
the answer that the evidence lacks) are reported even when no transformation
makes the two strings match.

The ``closest`` hint of a quote gives the similarity of the window in percent
(``int(100 * ratio)``, see :class:`Window`); when the hints also report ``case``
or ``normalization``, it is measured after case folding and NFC/NFKC instead,
and says so ("the same as the quote apart from upper and lower case"), so a
case-only difference never shows as a low similarity.
"""

from __future__ import annotations

import difflib
import functools
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Iterable

__all__ = [
    "HINT_KINDS",
    "Hint",
    "Window",
    "closest_window",
    "describe_char",
    "hints_for_verdict",
    "is_invisible",
    "json_hints",
    "quote_hints",
    "value_hints",
]

HINT_KINDS = (
    "invisible",
    "confusable",
    "digits",
    "normalization",
    "case",
    "whitespace",
    "line_endings",
    "unit",
    "closest",
    "syntax",
    "length",
)
"""Every value :attr:`Hint.kind` can take, in the order hints are listed.

* ``invisible`` -- a format/control character that renders as nothing;
* ``confusable`` -- a character that looks like another one (Cyrillic ``а`` for
  Latin ``a``, a curly quote for ``"``);
* ``digits`` -- a non-ASCII digit;
* ``normalization`` -- the texts match after NFC or NFKC (UAX #15);
* ``case`` -- they match after case folding;
* ``whitespace`` -- they match once whitespace is removed (extra, missing or
  different spaces, tabs and line breaks), or the answer has a no-break or other
  non-ASCII space the evidence lacks; the message names each place and the code
  points each side has there;
* ``line_endings`` -- they match after reading CR LF and CR as LF;
* ``unit`` -- a quantity or boolean written differently (``5s`` for ``5000`` ms,
  ``True`` or ``yes`` for ``true``);
* ``closest`` -- what the evidence has nearest to what the answer wrote (for a
  quote: where, and how similar, see the module docstring);
* ``syntax`` -- a recognisable JSON mistake (trailing comma, single quotes,
  ``NaN``, a Markdown fence, a number where a string belongs);
* ``length`` -- a quote too short for the quote check of seed 002.
"""

# ---------------------------------------------------------------- data types


@dataclass(frozen=True)
class Hint:
    """One near-miss explanation shown beside a verdict; it never changes the verdict.

    * ``kind`` -- one of :data:`HINT_KINDS`;
    * ``message`` -- one plain sentence a learner understands;
    * ``claim`` -- 0-based index of the claim the hint is about, or ``None``
      (answer-level, or not tied to a verdict);
    * ``check`` -- the trace check name the hint explains (``"citation"``,
      ``"value"``, ... see :data:`groundlab.core.contract.CHECKS`), or ``None``;
    * ``codepoints`` -- the characters involved, each as
      ``"U+200B ZERO WIDTH SPACE"`` (see :func:`describe_char`), in order of
      first appearance, no repeats;
    * ``detail`` -- optional multi-line text; for ``closest`` hints of a quote,
      the character alignment of :attr:`Window.alignment`; else ``""``.
    """

    kind: str
    message: str
    claim: int | None = None
    check: str | None = None
    codepoints: tuple[str, ...] = ()
    detail: str = ""


@dataclass(frozen=True)
class Window:
    """The part of a source most like a quote (see :func:`closest_window`).

    * ``start``, ``end`` -- code point offsets into the source; ``text`` is
      ``source[start:end]``;
    * ``ratio`` -- ``difflib.SequenceMatcher(None, quote, text).ratio()``, a float
      in 0..1 (1.0 only when ``text == quote``);
    * ``alignment`` -- three lines (``quote``, ``document``, markers) showing the
      quote and the window character by character: ``^`` where they differ, ``+``
      for a character only in the quote, ``-`` for one only in the document. A
      space is shown as ``␣``; invisible, whitespace and combining characters as
      ``⟨U+200B⟩``. An alignment of more than :data:`_ALIGN_COLUMNS` (72)
      columns is cut to 72, starting 12 columns before the first difference
      (``…`` marks a cut).
    """

    start: int
    end: int
    text: str
    ratio: float
    alignment: str


# ---------------------------------------------------------------- characters

_CONTROL_NAMES = {
    0x00: "NULL",
    0x07: "BELL",
    0x08: "BACKSPACE",
    0x09: "CHARACTER TABULATION",
    0x0A: "LINE FEED",
    0x0B: "LINE TABULATION",
    0x0C: "FORM FEED",
    0x0D: "CARRIAGE RETURN",
    0x1B: "ESCAPE",
    0x1C: "INFORMATION SEPARATOR FOUR",
    0x1D: "INFORMATION SEPARATOR THREE",
    0x1E: "INFORMATION SEPARATOR TWO",
    0x1F: "INFORMATION SEPARATOR ONE",
    0x7F: "DELETE",
    0x85: "NEXT LINE",
}
"""Names of control characters (Unicode gives Cc characters no ``Name`` property;
these are their ``Name_Alias`` values from NameAliases.txt)."""


def describe_char(ch: str) -> str:
    """Name one code point for a learner: ``"U+200B ZERO WIDTH SPACE"``.

    ``ch`` is a one-character ``str``. Unnamed characters get a description in
    brackets: ``"U+D800 (a lone surrogate)"``, ``"U+FFFF (a noncharacter)"``,
    ``"U+0378 (unassigned)"``. Control characters use their Unicode name alias
    (``"U+000D CARRIAGE RETURN"``). Raises ``TypeError`` if ``ch`` is not a
    one-character string.
    """
    if not isinstance(ch, str) or len(ch) != 1:
        raise TypeError("describe_char expects a one-character str")
    point = ord(ch)
    name = unicodedata.name(ch, "") or _CONTROL_NAMES.get(point, "")
    if name:
        return f"U+{point:04X} {name}"
    if 0xD800 <= point <= 0xDFFF:
        return f"U+{point:04X} (a lone surrogate)"
    if 0xFDD0 <= point <= 0xFDEF or (point & 0xFFFE) == 0xFFFE:
        return f"U+{point:04X} (a noncharacter)"
    if unicodedata.category(ch) == "Cc":
        return f"U+{point:04X} (a control character)"
    if unicodedata.category(ch) == "Co":
        return f"U+{point:04X} (a private-use character)"
    return f"U+{point:04X} (unassigned)"


_INVISIBLE_EXTRA = frozenset(
    [0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x2800, 0x3164, 0xFFA0]
    + list(range(0xFE00, 0xFE10))
    + list(range(0xE0100, 0xE01F0))
)
"""Code points that render as nothing although their category is not Cf."""

_JSON_WHITESPACE = " \t\n\r"


def is_invisible(ch: str) -> bool:
    """True when the one-character ``ch`` renders as nothing (or nearly nothing).

    That is Unicode category ``Cf`` (format: U+200B, U+00AD, U+FEFF, bidi
    controls...), a ``Cc`` control character that is not whitespace (whitespace
    such as U+000B is reported as ``whitespace`` instead), or one of the explicit
    fillers and variation selectors listed in the module docstring. Tab, line feed,
    carriage return and every ``str.isspace`` character are not invisible here.
    """
    category = unicodedata.category(ch)
    if category == "Cf" or ord(ch) in _INVISIBLE_EXTRA:
        return True
    return category == "Cc" and not ch.isspace()


def _is_odd_space(ch: str) -> bool:
    """Whitespace other than the four JSON whitespace characters (U+00A0, U+3000...)."""
    return ch.isspace() and ch not in _JSON_WHITESPACE


def _is_foreign_digit(ch: str) -> bool:
    return not ch.isascii() and unicodedata.digit(ch, None) is not None


_LOOKALIKE_SCRIPTS = frozenset(["CYRILLIC", "GREEK", "ARMENIAN", "CHEROKEE", "COPTIC"])

# Look-alike -> the ASCII character it imitates (UTS #39 in spirit; a small subset).
_CONFUSABLE_MAP: dict[str, str] = {}
for _latin, _lookalikes in {
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
}.items():
    for _ch in _lookalikes:
        _CONFUSABLE_MAP[_ch] = _latin
del _latin, _lookalikes, _ch

def _script(ch: str) -> str:
    return unicodedata.name(ch, "").split(" ", 1)[0]


def _lookalike_target(ch: str, latin_context: bool) -> str | None:
    """The ASCII character ``ch`` imitates, ``""`` for a look-alike-script letter
    with no single counterpart, or ``None`` when ``ch`` is not suspicious."""
    if ch.isascii():
        return None
    target = _CONFUSABLE_MAP.get(ch)
    if target is not None:
        return target
    if latin_context and ch.isalpha() and _script(ch) in _LOOKALIKE_SCRIPTS:
        return ""
    return None


def _has_latin(text: str) -> bool:
    return any(("a" <= c.lower() <= "z") or (c.isalpha() and _script(c) == "LATIN") for c in text)


# ---------------------------------------------------------------- transforms


def _table_for(text: str, fn: Callable[[str], str | None]) -> dict[int, str]:
    table = {}
    for ch in set(text):
        out = fn(ch)
        if out is not None:
            table[ord(ch)] = out
    return table


@functools.lru_cache(maxsize=4096)
def _invisible_out(ch: str) -> str | None:
    return "" if is_invisible(ch) else None


@functools.lru_cache(maxsize=4096)
def _digit_out(ch: str) -> str | None:
    return str(unicodedata.digit(ch)) if _is_foreign_digit(ch) else None


@functools.lru_cache(maxsize=4096)
def _skeleton_out(ch: str) -> str | None:
    return _CONFUSABLE_MAP.get(ch)


def _t_line_endings(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def _t_invisible(text: str) -> str:
    return text if text.isascii() and text.isprintable() else text.translate(_table_for(text, _invisible_out))


def _t_digits(text: str) -> str:
    return text if text.isascii() else text.translate(_table_for(text, _digit_out))


def _t_confusable(text: str) -> str:
    return text if text.isascii() else text.translate(_table_for(text, _skeleton_out))


def _t_nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def _t_nfkc(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


def _t_case(text: str) -> str:
    return text.casefold()


_SPACES = re.compile(r"[^\S\r\n]+")
_BREAKS = re.compile(r"[\r\n]+")


def _t_whitespace(text: str) -> str:
    """Every whitespace character except CR and LF removed."""
    return _SPACES.sub("", text)


def _t_line_breaks(text: str) -> str:
    """Every CR and LF removed (applied after :func:`_t_whitespace`)."""
    return _BREAKS.sub("", text)


_TRANSFORMS: dict[str, Callable[[str], str]] = {
    # applied in this order
    "line_endings": _t_line_endings,
    "invisible": _t_invisible,
    "digits": _t_digits,
    "nfc": _t_nfc,
    "nfkc": _t_nfkc,
    "case": _t_case,
    "confusable": _t_confusable,
    "whitespace": _t_whitespace,
    "line_breaks": _t_line_breaks,
}
_DROP_ORDER = (
    "case", "nfkc", "confusable", "line_breaks", "whitespace", "nfc", "digits", "invisible", "line_endings",
)  # fmt: skip
_WHITESPACE_STEPS = frozenset(["whitespace", "line_breaks"])
"""Both transformations are reported as the hint kind ``whitespace``."""


@functools.lru_cache(maxsize=16)
def _apply(text: str, steps: frozenset) -> str:
    for name, fn in _TRANSFORMS.items():
        if name in steps:
            text = fn(text)
    return text


def _changes(text: str, name: str) -> bool:
    return _apply(text, frozenset([name])) != text


def _equivalence(a: str, b: str, contains: bool) -> frozenset | None:
    """The minimal set of transformation names under which ``a`` matches ``b``.

    ``contains``: match means ``a in b`` (a quote in a document), else ``a == b``.
    ``None`` when they do not match even with every applicable transformation, or
    when ``a`` becomes empty (an empty quote would match anything).
    """
    applicable = frozenset(name for name in _TRANSFORMS if _changes(a, name) or _changes(b, name))
    if not applicable:
        return None

    def match(steps: frozenset) -> bool:
        left = _apply(a, steps)
        if not left:
            return False
        right = _apply(b, steps)
        return left in right if contains else left == right

    if not match(applicable):
        return None
    kept = set(applicable)
    for name in _DROP_ORDER:
        if name in kept and match(frozenset(kept - {name})):
            kept.discard(name)
    return frozenset(kept)


# ---------------------------------------------------------------- rendering


def _clip(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _show(text: str, limit: int = 40, *, spaces: bool = False) -> str:
    """``text`` in single quotes, invisible and odd characters spelled out, clipped;
    ``spaces=True`` also shows each U+0020 as ``␣``."""
    out = []
    for ch in _clip(text, limit):
        if ch == " " and spaces:
            out.append("␣")
        elif ch == "…" or (ch.isprintable() and not is_invisible(ch) and not _is_mark(ch)) or ch == " ":
            out.append(ch)
        else:
            out.append(f"⟨U+{ord(ch):04X}⟩")
    return "'" + "".join(out) + "'"


def _is_mark(ch: str) -> bool:
    return unicodedata.category(ch) in ("Mn", "Me")


def _after(text: str, index: int, *, spaces: bool = False) -> str:
    """Where ``text[index]`` is: ``"after 'read_timeout_'"`` or ``"at the start"``
    (``spaces=True`` shows U+0020 as ``␣``, for whitespace hints)."""
    if index <= 0:
        return "at the start"
    before = text[max(0, index - 16) : index]
    if index > 16:
        before = "…" + before[1:]
    return f"after {_show(before, 17, spaces=spaces)}"


def _unique(items: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))


def _list_words(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _token(ch: str) -> str:
    if ch == " ":
        return "␣"
    if ch.isspace() or not ch.isprintable() or is_invisible(ch) or _is_mark(ch):
        return f"⟨U+{ord(ch):04X}⟩"
    return ch


def _width(token: str) -> int:
    if len(token) == 1 and unicodedata.east_asian_width(token) in ("W", "F"):
        return 2
    return len(token)


_ALIGN_COLUMNS = 72
"""Most alignment columns shown (a column is one character or one ⟨U+XXXX⟩ token)."""


def _alignment(quote: str, window: str) -> str:
    """Three lines aligning ``quote`` with ``window`` (see :class:`Window`)."""
    columns: list[tuple[str, str, str]] = []
    matcher = difflib.SequenceMatcher(None, quote, window, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            columns.extend((_token(c), _token(c), " ") for c in quote[i1:i2])
            continue
        left, right = quote[i1:i2], window[j1:j2]
        for k in range(max(len(left), len(right))):
            q = _token(left[k]) if k < len(left) else ""
            d = _token(right[k]) if k < len(right) else ""
            columns.append((q, d, "^" if q and d else ("+" if q else "-")))
    first = next((i for i, col in enumerate(columns) if col[2] != " "), 0)
    lo = 0 if len(columns) <= _ALIGN_COLUMNS else max(0, min(first - 12, len(columns) - _ALIGN_COLUMNS))
    hi = min(len(columns), lo + _ALIGN_COLUMNS)
    shown = columns[lo:hi]
    lines = ["", "", ""]
    for q, d, mark in shown:
        width = max(_width(q), _width(d), 1)
        lines[0] += q + " " * (width - _width(q))
        lines[1] += d + " " * (width - _width(d))
        lines[2] += mark * width
    if lo > 0:
        lines = ["…" + line if i < 2 else " " + line for i, line in enumerate(lines)]
    if hi < len(columns):
        lines = [line + "…" if i < 2 else line for i, line in enumerate(lines)]
    return "\n".join(
        [f"quote:    {lines[0]}".rstrip(), f"document: {lines[1]}".rstrip(), f"          {lines[2]}".rstrip()]
    )


# ---------------------------------------------------------------- closest window


@functools.lru_cache(maxsize=4096)
def _fold_out(ch: str) -> str | None:
    """Length-preserving fold used only to find candidate windows."""
    if "A" <= ch <= "Z":
        return ch.lower()
    if ch.isascii():
        return "\x00" if unicodedata.category(ch) == "Cc" and not ch.isspace() else None
    skeleton = _skeleton_out(ch)
    if skeleton is not None:
        return skeleton.lower()
    if ch.isspace():
        return " "
    if is_invisible(ch):
        return "\x00"
    if _is_foreign_digit(ch):
        return str(unicodedata.digit(ch))
    if 0xFF21 <= ord(ch) <= 0xFF3A or 0xFF41 <= ord(ch) <= 0xFF5A:  # fullwidth Latin letters
        return chr(ord(ch) - 0xFEE0).lower()
    decomposed = unicodedata.normalize("NFD", ch)
    if len(decomposed) > 1 and "A" <= decomposed[0].upper() <= "Z":  # é -> e, so é finds e + U+0301
        return decomposed[0].lower()
    if ch.isalpha() and ch.lower() != ch and len(ch.lower()) == 1:
        return ch.lower()
    return None


def _fold(text: str) -> str:
    return text.translate(_table_for(text, _fold_out))


@functools.lru_cache(maxsize=8)
def _folded_source(source: str) -> str:
    return _fold(source)


_GRAM_SIZES = (8, 5, 3, 2, 1)
_GRAMS_PER_SIZE = 24
_OCCURRENCES_CAP = 2000
_CANDIDATES = 8


def _candidate_starts(fq: str, fs: str) -> list[int]:
    """Likely start offsets of the quote in the source, best first.

    Up to :data:`_GRAMS_PER_SIZE` evenly spaced runs of ``k`` characters of the
    folded quote are looked up in the folded source (``k`` = 8, then 5, 3, 2, 1
    until some run is found); the rarest runs are used first, each occurrence votes
    for ``occurrence - offset in quote``, and votes within 8 code points of each
    other are merged. At most :data:`_CANDIDATES` starts are returned, each with
    at least half the votes of the best one.
    """
    n = len(fq)
    for k in _GRAM_SIZES:
        if n < k:
            continue
        count_offsets = n - k + 1
        step = max(1, count_offsets // _GRAMS_PER_SIZE)
        grams = []
        for offset in range(0, count_offsets, step):
            gram = fq[offset : offset + k]
            if "\x00" in gram or not gram.strip():
                continue
            found = fs.count(gram)
            if found:
                grams.append((found, offset, gram))
        if not grams:
            continue
        grams.sort()
        votes: Counter = Counter()
        used = 0
        for found, offset, gram in grams:
            if used >= _OCCURRENCES_CAP:
                break
            position = fs.find(gram)
            while position != -1 and used < _OCCURRENCES_CAP:
                votes[position - offset] += 1
                used += 1
                position = fs.find(gram, position + 1)
        clusters: list[list[int]] = []  # [score, best_start, best_votes, last_start]
        for start in sorted(votes):
            if clusters and start - clusters[-1][3] <= 8:
                cluster = clusters[-1]
                cluster[0] += votes[start]
                if votes[start] > cluster[2]:
                    cluster[1], cluster[2] = start, votes[start]
                cluster[3] = start
            else:
                clusters.append([votes[start], start, votes[start], start])
        clusters.sort(key=lambda c: (-c[0], c[1]))
        top = clusters[0][0]
        return [c[1] for c in clusters[:_CANDIDATES] if 2 * c[0] >= top]
    return [0]


def _span_score(matched: int, span: int) -> float:
    """How good a window is: quote characters it matches, minus a quarter point
    for each window character left unmatched. Unlike ``ratio``, this prefers
    ``Java (Intermediate, 3 years)`` over ``iate, 3 years)`` for the quote
    ``Java (3 years)``, yet still drops a stray match far from the rest."""
    return matched - 0.25 * (span - matched)


def _best_span(blocks: list) -> tuple[int, int]:
    """Indices ``(i, j)`` of the run of matching blocks ``blocks[i..j]`` with the
    best :func:`_span_score`. Quadratic in the number of blocks, which is capped
    at 256 (beyond that the whole run is used)."""
    if len(blocks) > 256:
        return 0, len(blocks) - 1
    best = (float("-inf"), 0, 0)
    for i, first in enumerate(blocks):
        matched = 0
        for j in range(i, len(blocks)):
            matched += blocks[j].size
            score = _span_score(matched, blocks[j].b + blocks[j].size - first.b)
            if score > best[0]:
                best = (score, i, j)
    return best[1], best[2]


_TRIM_LIMIT = 256
"""Quotes up to this many code points get the end-trimming refinement."""


def _trim_ends(fq: str, fs: str, ws: int, we: int) -> tuple[int, int]:
    """Drop up to 3 characters from either end of the window when that raises the
    folded ``ratio`` (SequenceMatcher's greedy matching sometimes leaves a stray
    character at an end). Only for quotes up to :data:`_TRIM_LIMIT` code points."""
    if len(fq) > _TRIM_LIMIT:
        return ws, we
    best = (difflib.SequenceMatcher(None, fq, fs[ws:we], autojunk=False).ratio(), ws, we)
    for cut_start in range(4):
        for cut_end in range(4):
            start, end = ws + cut_start, we - cut_end
            if (cut_start or cut_end) and end > start:
                ratio = difflib.SequenceMatcher(None, fq, fs[start:end], autojunk=False).ratio()
                if ratio > best[0]:
                    best = (ratio, start, end)
    return best[1], best[2]


MAX_ALIGNED = 300
"""Longest quote prefix, in code points, that :func:`closest_window` aligns."""


def closest_window(quote: str, source: str) -> Window:
    """The window of ``source`` most like ``quote``, aligned character by character.

    ``quote`` and ``source`` are ``str``; offsets in the result are code points.
    When ``quote`` occurs verbatim, the window is its first occurrence and
    ``ratio`` is 1.0. An empty quote or source gives ``Window(0, 0, "", 0.0, ...)``.

    Method (so that a 1 MB source stays fast; never a SequenceMatcher over the
    whole source): both texts are folded with a length-preserving map (lower
    case, a precomposed Latin letter to its base letter, confusables to their ASCII look-alike, non-ASCII whitespace to a space,
    invisible characters to U+0000, non-ASCII digits to ASCII); candidate
    starts come from exact look-ups of short runs of the folded quote in the
    folded source (see :func:`_candidate_starts`). For each candidate, a
    ``difflib.SequenceMatcher`` (``autojunk=False``) aligns the folded quote with
    a bounded region around it: the quote's length plus, on each side, a margin
    of a quarter of its length (at least 16, at most 256 code points), so a
    quote that skips more text than that is matched to one part only. The window
    covers the run of matching blocks with the best :func:`_span_score`, widened
    over unmatched quote characters at either end (never across a line break
    the quote does not have). The candidate with the best score wins (earliest
    on ties), and its ends are trimmed by up to 3 characters where that raises
    the similarity (:func:`_trim_ends`), then widened so that it never cuts a
    base character off from its combining marks (``cafe`` + U+0301 stays whole).
    ``ratio`` and ``alignment`` are then
    computed on the original, unfolded characters, so the differences a learner
    must fix are all visible. Cost: a few exact substring counts over the source
    per run length, at most 8 bounded alignments and, for quotes up to 256 code
    points, 16 small ones for the trimming; the folded source is cached (8 sources).
    A quote longer than :data:`MAX_ALIGNED` code points is placed by its first
    :data:`MAX_ALIGNED` (the window and ratio describe that part, and the alignment
    ends with a line saying so), which bounds the time on any input.
    """
    if not isinstance(quote, str) or not isinstance(source, str):
        raise TypeError("closest_window expects two str")
    if not quote or not source:
        return Window(0, 0, "", 0.0, _alignment(quote, ""))
    at = source.find(quote)
    if at != -1:
        return Window(at, at + len(quote), quote, 1.0, _alignment(quote, quote))
    if len(quote) > MAX_ALIGNED:
        # Aligning is quadratic in the quote's length; a long quote is placed by its
        # beginning, and the alignment says so.
        head = closest_window(quote[:MAX_ALIGNED], source)
        note = f"\n(only the first {MAX_ALIGNED} characters of the {len(quote)}-character quote were aligned)"
        return Window(head.start, head.end, head.text, head.ratio, head.alignment + note)
    fq = _fold(quote)
    fs = _folded_source(source)
    n = len(quote)
    margin = max(16, min(n // 4, 256))
    best: tuple[float, int, int] | None = None  # (-score, start, end)
    for start in _candidate_starts(fq, fs):
        lo = max(0, start - margin)
        hi = min(len(source), start + n + margin)
        region = fs[lo:hi]
        matcher = difflib.SequenceMatcher(None, fq, region, autojunk=False)
        blocks = [b for b in matcher.get_matching_blocks() if b.size]
        if not blocks:
            continue
        first_i, last_i = _best_span(blocks)
        first, last = blocks[first_i], blocks[last_i]
        ws, we = lo + first.b, lo + last.b + last.size
        lead, tail = first.a, n - (last.a + last.size)
        crosses = "\n" not in quote
        while lead and ws > lo and not (crosses and source[ws - 1] in "\r\n"):
            ws, lead = ws - 1, lead - 1
        while tail and we < hi and not (crosses and source[we] in "\r\n"):
            we, tail = we + 1, tail - 1
        matched = sum(b.size for b in blocks[first_i : last_i + 1])
        key = (-_span_score(matched, we - ws), ws, we)
        if best is None or key < best:
            best = key
    if best is None:
        ws, we = 0, min(len(source), n)
    else:
        ws, we = _trim_ends(fq, fs, best[1], best[2])
    while ws > 0 and ws < len(source) and _is_mark(source[ws]):
        ws -= 1
    while we < len(source) and _is_mark(source[we]):
        we += 1
    text = source[ws:we]
    ratio = difflib.SequenceMatcher(None, quote, text, autojunk=False).ratio()
    return Window(ws, we, text, ratio, _alignment(quote, text))


# ---------------------------------------------------------------- comparing two strings


@dataclass
class _Side:
    """How to speak about one side of a comparison in a sentence."""

    subject: str  # "The quote", "The value '5s'"
    other: str  # "the document", "the document's fact '5000'"
    short_subject: str = ""  # "the quote", "the value" (a second mention); default: subject
    short_other: str = ""  # "prod-v2", "the fact" (a second mention); default: other

    def __post_init__(self) -> None:
        self.short_subject = self.short_subject or self.subject[0].lower() + self.subject[1:]
        self.short_other = self.short_other or self.other


def _diff_pairs(a: str, b: str) -> list[tuple[int, str, str]]:
    """``(index in a, a part, b part)`` for every non-equal opcode of a vs b."""
    out = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag != "equal":
            out.append((i1, a[i1:i2], b[j1:j2]))
    return out


def _char_list(chars: list[tuple[int, str]], text: str, with_place: bool = True) -> str:
    parts = []
    for index, ch in chars:
        place = f" ({_after(text, index)})" if with_place and len(chars) > 1 else ""
        parts.append(describe_char(ch) + place)
    return _list_words(parts)


def _first_each(text: str, pred: Callable[[str], bool], absent_from: str) -> list[tuple[int, str]]:
    """First index of each distinct character of ``text`` with ``pred``, absent from ``absent_from``."""
    seen: dict[str, int] = {}
    for index, ch in enumerate(text):
        if ch not in seen and pred(ch) and ch not in absent_from:
            seen[ch] = index
    return [(i, c) for c, i in seen.items()][:6]


def _clusters(text: str) -> list[str]:
    """``text`` cut before every character that is not a combining mark (a base
    character with the marks that follow it; a leading mark stands alone)."""
    out: list[str] = []
    for ch in text:
        if out and _is_mark(ch):
            out[-1] += ch
        else:
            out.append(ch)
    return out


def _nfc_pairs(a: str, local: str) -> list[tuple[int, str, str]]:
    """``(index in a, a cluster, local cluster)`` for clusters spelled with different
    code points that NFC makes equal (``e`` + U+0301 against U+00E9), first of each."""
    ca, cb = _clusters(a), _clusters(local)
    ka = [unicodedata.normalize("NFC", c) for c in ca]
    kb = [unicodedata.normalize("NFC", c) for c in cb]
    starts = [0]
    for c in ca:
        starts.append(starts[-1] + len(c))
    pairs: dict[tuple[str, str], int] = {}
    for tag, i1, i2, j1, _ in difflib.SequenceMatcher(None, ka, kb, autojunk=False).get_opcodes():
        if tag != "equal":
            continue
        for k in range(i2 - i1):
            x, y = ca[i1 + k], cb[j1 + k]
            if x != y:
                pairs.setdefault((x, y), starts[i1 + k])
    return [(i, x, y) for (x, y), i in pairs.items()]


def _spelled(cluster: str) -> str:
    """``"U+0065 LATIN SMALL LETTER E + U+0301 COMBINING ACUTE ACCENT (2 code points)"``."""
    count = len(cluster)
    return f"{' + '.join(describe_char(c) for c in cluster)} ({count} code point{'s' if count > 1 else ''})"


def _space_run(text: str, plain: bool = True) -> str:
    """A whitespace run by code point: ``"U+0009 CHARACTER TABULATION"``, ``"2 × U+0020 SPACE"``;
    a single U+0020 is ``"a plain space (U+0020 SPACE)"`` when ``plain``."""
    if text == " " and plain:
        return "a plain space (U+0020 SPACE)"
    parts = []
    index = 0
    while index < len(text):
        ch, run = text[index], 1
        while index + run < len(text) and text[index + run] == ch:
            run += 1
        parts.append(describe_char(ch) if run == 1 else f"{run} × {describe_char(ch)}")
        index += run
    return " + ".join(parts)


@functools.lru_cache(maxsize=4096)
def _diff_key_out(ch: str) -> str | None:
    """Length-preserving fold for aligning two texts that keeps whitespace as it is."""
    return None if ch.isspace() else _fold_out(ch)


def _whitespace_diffs(a: str, other: str, contains: bool) -> list[tuple[int, int, str, str]]:
    """``(i1, i2, a part, other part)`` for each place where ``a`` and ``other``
    differ only in whitespace (either part may be empty). The texts are aligned
    after a length-preserving fold (case, look-alikes; whitespace untouched), so a
    case or look-alike difference elsewhere does not hide a whitespace one. With
    ``contains``, whitespace only ``other`` has before or after ``a`` is ignored."""
    fa = a.translate(_table_for(a, _diff_key_out))
    fo = other.translate(_table_for(other, _diff_key_out))
    out = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, fa, fo, autojunk=False).get_opcodes():
        x, y = a[i1:i2], other[j1:j2]
        if tag == "equal" or (x and not x.isspace()) or (y and not y.isspace()):
            continue
        if contains and not x and i1 in (0, len(a)):
            continue
        out.append((i1, i2, x, y))
    return out


_LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
"""Characters ``str.splitlines`` breaks at; none of them looks like a space."""


def _collapsed(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def _whitespace_hint_parts(
    a: str, b: str, local: str, kinds: frozenset, contains: bool, side: _Side
) -> tuple[str, list[str]] | None:
    """Message and characters of the ``whitespace`` hint, or ``None`` for no hint.

    A hint is given when whitespace removal is needed for ``a`` to match ``b``, or
    when ``a`` has non-ASCII whitespace (U+00A0...) that ``b`` lacks. Each place is
    named: what ``a`` has there (a run of code points, or nothing) and what
    ``local`` has there; at most 3 places, then a count of the rest. When the
    ``line_endings`` hint is also given, CR LF and CR are read as LF first, so a
    carriage return is explained once, by that hint.
    """
    needed = bool(kinds & _WHITESPACE_STEPS)
    odd = _first_each(a, _is_odd_space, b)
    if not needed and not odd:
        return None
    if "line_endings" in kinds:
        a, b, local = _t_line_endings(a), _t_line_endings(b), _t_line_endings(local)
    diffs = _whitespace_diffs(a, local, contains)
    if not needed:  # the texts differ in more than whitespace: keep only the odd spaces' places
        diffs = [d for d in diffs if any(_is_odd_space(c) for c in d[2] + d[3])]
    if not diffs:
        if needed:
            return (
                f"{side.subject} matches {side.other} only when whitespace is ignored; "
                "the contract compares every character.",
                [],
            )
        one = len(odd) == 1
        where = f" {_after(a, odd[0][0], spaces=True)}" if one else ""
        what = "which is not a plain space (U+0020 SPACE)" if one else "which are not plain spaces (U+0020 SPACE)"
        return (
            f"{side.subject} contains {_char_list(odd, a)}{where}, {what}; "
            f"{side.other} does not contain {'it' if one else 'them'}.",
            [c for _, c in odd],
        )
    n = len(a)
    clauses: list[str] = []
    for number, (i1, i2, x, y) in enumerate(diffs[:3]):
        other = side.other if number == 0 else side.short_other
        if x and not y:
            if i1 == 0:
                clauses.append(f"a leading {_space_run(x, False)} that {other} does not have")
            elif i2 == n:
                clauses.append(f"a trailing {_space_run(x, False)} that {other} does not have")
            else:
                clauses.append(f"{_space_run(x)} {_after(a, i1, spaces=True)} where {other} has none")
        else:
            where = "at the start" if i1 == 0 else "at the end" if i1 == n or i2 == n else _after(a, i1, spaces=True)
            have = _space_run(x) if x else "nothing"
            clauses.append(f"{have} {where} where {other} has {_space_run(y)}")
    if len(diffs) > 3:
        rest = len(diffs) - 3
        clauses.append(f"{rest} more whitespace difference{'s' if rest > 1 else ''}")
    only_whitespace = bool(kinds) and kinds <= _WHITESPACE_STEPS
    if only_whitespace and all(x and not y for _, _, x, y in diffs):
        tail = "it matches once the extra whitespace is removed, but the contract compares every character."
    elif all(len(x) == 1 and len(y) == 1 and x not in _LINE_BREAKS and y not in _LINE_BREAKS for _, _, x, y in diffs):
        tail = "the two look alike but are different characters, and the contract compares every character."
    elif only_whitespace and (
        _collapsed(a) in _collapsed(b) if contains else _collapsed(a) == _collapsed(b)
    ):
        tail = "it matches once each run of whitespace is read as one space, but the contract compares every character."
    elif only_whitespace:
        tail = "it matches once whitespace is ignored, but the contract compares every character."
    else:
        tail = "the contract compares every character."
    chars = [c for _, _, x, y in diffs[:3] for c in x + y]
    return f"{side.subject} has {_list_words(clauses)}; {tail}", chars


def _difference_hints(
    a: str,
    b: str,
    local: str,
    *,
    contains: bool,
    side: _Side,
    claim: int | None,
    check: str | None,
    kinds: frozenset | None = None,
    around: str | None = None,
) -> list[Hint]:
    """Hints of kinds invisible .. line_endings explaining why ``a`` does not match ``b``.

    ``local`` is the part of ``b`` that ``a`` is compared with character by
    character (the closest window for a quote, ``b`` itself for a value);
    ``around`` is ``local`` with the whitespace next to it in ``b`` (default
    ``local``), used to say what ``b`` has where ``a``'s whitespace differs.
    ``kinds`` is :func:`_equivalence` of ``a`` and ``b`` when already known.
    """
    hints: list[Hint] = []
    if kinds is None:
        kinds = _equivalence(a, b, contains)
    kinds = kinds or frozenset()
    cap_other = side.other[0].upper() + side.other[1:]
    low_subject = side.subject[0].lower() + side.subject[1:]

    def add(kind: str, message: str, chars: Iterable[str]) -> None:
        hints.append(Hint(kind, message, claim, check, _unique(describe_char(c) for c in chars)))

    # invisible
    extra = _first_each(a, is_invisible, b)
    if extra:
        one = len(extra) == 1
        where = f" {_after(a, extra[0][0])}" if one else ""
        add(
            "invisible",
            f"{side.subject} contains {_char_list(extra, a)}, "
            f"{'an invisible character,' if one else 'invisible characters'}{where}; {side.other} does not.",
            [c for _, c in extra],
        )
    elif "invisible" in kinds:
        missing = _first_each(local, is_invisible, a) or _first_each(b, is_invisible, a)
        if missing:
            one = len(missing) == 1
            where = f" {_after(local, missing[0][0])}" if one and missing[0][1] in local else ""
            add(
                "invisible",
                f"{cap_other} contains {_char_list(missing, local)}, "
                f"{'an invisible character,' if one else 'invisible characters'}{where}; "
                f"{low_subject} does not, and the contract compares every character.",
                [c for _, c in missing],
            )

    # confusable
    latin = _has_latin(a) or _has_latin(local)
    odd = _first_each(a, lambda c: _lookalike_target(c, latin) is not None, b)
    if odd:
        index, ch = odd[0]
        target = _lookalike_target(ch, latin)
        if len(odd) == 1 and target:
            message = (
                f"{side.subject} contains {describe_char(ch)} {_after(a, index)}, which looks like "
                f"{_ascii_name(target)} but is a different character; {side.other} does not contain it."
            )
        elif len(odd) == 1:
            message = (
                f"{side.subject} contains {describe_char(ch)} {_after(a, index)}, a letter of the "
                f"{_script(ch).title()} script mixed into Latin text; {side.other} does not have it."
            )
        else:
            message = (
                f"{side.subject} contains look-alike characters from other scripts or punctuation sets, "
                f"{_char_list(odd, a)}; {side.other} has none of them."
            )
        add("confusable", message, [c for _, c in odd])
    elif "confusable" in kinds:
        pairs = [
            (i, x, y)
            for i, x, y in _diff_pairs(a, local)
            if x and y and x != y
            and (_t_confusable(x) == _t_confusable(y) or _t_confusable(x.casefold()) == _t_confusable(y.casefold()))
        ]
        if pairs:
            _, x, y = pairs[0]
            message = (
                f"{side.subject} has {_show(x)} ({', '.join(describe_char(c) for c in x)}) where "
                f"{side.other} has {_show(y)} ({', '.join(describe_char(c) for c in y)}); "
                "they look alike but are different characters."
            )
            add("confusable", message, list(x) + list(y))
        else:
            add(
                "confusable",
                f"{side.subject} matches {side.other} only when look-alike characters from other scripts "
                "are read as their Latin twins; the contract compares exact characters.",
                [],
            )

    # digits
    digits = _first_each(a, _is_foreign_digit, b)
    if digits:
        one = len(digits) == 1
        what = "non-ASCII digits"
        if one:
            what = f"a non-ASCII digit ({unicodedata.digit(digits[0][1])}), {_after(a, digits[0][0])}"
        add(
            "digits",
            f"{side.subject} contains {_char_list(digits, a)}, {what}; "
            f"{side.other} writes its digits as ASCII 0-9.",
            [c for _, c in digits],
        )
    elif "digits" in kinds:
        theirs = _first_each(local, _is_foreign_digit, a) or _first_each(b, _is_foreign_digit, a)
        add(
            "digits",
            f"{cap_other} writes digits as {_char_list(theirs, local, False) or 'non-ASCII digits'}, "
            f"where {low_subject} uses ASCII 0-9; they are different characters.",
            [c for _, c in theirs],
        )

    # normalization
    if "nfkc" in kinds or "nfc" in kinds:
        form = "NFKC" if "nfkc" in kinds else "NFC"
        changed = [
            (i, c)
            for i, c in enumerate(a)
            if unicodedata.normalize(form, c) != c or (_is_mark(c) and c not in b)
        ]
        if not changed:
            changed = [(i, c) for i, c in enumerate(local) if unicodedata.normalize(form, c) != c or _is_mark(c)]
        changed = list({c: (i, c) for i, c in reversed(changed)}.values())[::-1][:4]
        names = _list_words([describe_char(c) for _, c in changed])
        pairs = _nfc_pairs(a, local)[:2] if form == "NFC" else []
        if pairs:
            spellings = "; ".join(
                f"{side.short_subject} writes {_show(unicodedata.normalize('NFC', x))} as {_spelled(x)}, "
                f"{side.short_other} as {_spelled(y)}"
                for _, x, y in pairs
            )
            message = (
                f"{side.subject} and {side.other} spell the same letters with different code points: "
                f"{spellings}; they look the same and match after NFC normalization (Unicode UAX #15), "
                "but the contract compares code points exactly."
            )
            changed = [(0, c) for _, x, y in pairs for c in x + y]
        elif form == "NFC":
            message = (
                f"{side.subject} and {side.other} spell the same letters with different code points"
                f"{' (' + names + ')' if names else ''}; they match after NFC normalization "
                "(Unicode UAX #15), but the contract compares code points exactly."
            )
        else:
            message = (
                f"{side.subject} matches {side.other} only after NFKC normalization (Unicode UAX #15), "
                f"which turns compatibility characters{' such as ' + names if names else ''} into plain ones; "
                "the contract compares code points exactly."
            )
        add("normalization", message, [c for _, c in changed])

    # case
    if "case" in kinds:
        add(
            "case",
            f"{side.subject} matches {side.other} apart from upper and lower case; "
            "the contract compares letter case exactly.",
            [],
        )

    # whitespace
    whitespace = _whitespace_hint_parts(a, b, around if around is not None else local, kinds, contains, side)
    if whitespace is not None:
        add("whitespace", whitespace[0], whitespace[1])

    # line endings
    if "line_endings" in kinds:
        if "\r" in a and "\r" not in local:
            message = (
                f"{side.subject} uses Windows line endings (U+000D CARRIAGE RETURN before U+000A LINE FEED) "
                f"where {side.other} has a line feed alone; read as text they are the same lines, "
                "but the characters differ."
            )
        else:
            message = (
                f"{cap_other} uses Windows line endings (U+000D CARRIAGE RETURN before U+000A LINE FEED) "
                f"where {low_subject} has a line feed alone; read as text they are the same lines, "
                "but the characters differ."
            )
        add("line_endings", message, ["\r", "\n"])
    return hints


def _ascii_name(target: str) -> str:
    if target.isalpha():
        return f"the Latin letter '{target}'"
    if target.isdigit():
        return f"the digit '{target}'"
    return f"the ASCII character '{target}'"


# ---------------------------------------------------------------- quotes


def quote_hints(
    quote: str,
    source: str,
    *,
    normalized: bool = False,
    claim: int | None = None,
    check: str | None = None,
    doc: str | None = None,
) -> tuple[Hint, ...]:
    """Why ``quote`` is not found in ``source``; ``()`` when it is.

    * ``quote``, ``source`` -- ``str`` (``None`` is read as ``""``).
    * ``normalized=False`` -- the configuration contract's check: ``quote`` must
      occur verbatim (``quote in source``). ``normalized=True`` -- the quote check
      of seed 002 (``groundlab.grounding.rule.is_quoted``): both sides are first put
      through ``groundlab.grounding.rule.normalize_quote`` (imported when needed), so case
      and whitespace differences are already forgiven; a normalised quote shorter
      than 3 code points gets a ``length`` hint.
    * ``claim``, ``check`` -- copied into every hint; ``doc`` -- the document id,
      used in messages (``"prod-v2"`` instead of ``"the document"``).

    Returns hints in :data:`HINT_KINDS` order: at most one each of
    ``invisible``, ``confusable``, ``digits``, ``normalization``, ``case``,
    ``whitespace``, ``line_endings`` (see the module docstring for how a kind is
    chosen), then ``length`` (normalised mode only), then exactly one ``closest``
    hint whose ``detail`` is the alignment of :func:`closest_window`; its message
    names the window, its 1-based line and its similarity in percent (after case
    folding and NFC/NFKC when ``case`` or ``normalization`` is reported). Never
    raises for ``str`` input; ``TypeError`` for other types.
    """
    quote = "" if quote is None else quote
    source = "" if source is None else source
    if not isinstance(quote, str) or not isinstance(source, str):
        raise TypeError("quote_hints expects str (or None) for quote and source")
    where = doc if doc else "the document"
    side = _Side("The quote", where)
    hints: list[Hint] = []
    a, b = quote, source
    if normalized:
        normalize = _normalizer()
        a, b = normalize(quote), normalize(source)
        if len(a) >= 3 and a in b:
            return ()
        if len(a) < 3:
            hints.append(
                Hint(
                    "length",
                    f"After normalising, the quote is {_show(a)}, {len(a)} character(s); "
                    "a quote needs at least 3 characters to count, because shorter text is found almost anywhere.",
                    claim,
                    check,
                )
            )
    elif quote and quote in source:
        return ()
    window = closest_window(quote, source)
    kinds = frozenset()
    if a:
        kinds = _equivalence(a, b, True) or frozenset()
        if normalized:
            local = around = _normalizer()(window.text)
        else:
            local = window.text
            start, end = window.start, window.end
            while start > 0 and window.start - start < _AROUND and source[start - 1].isspace():
                start -= 1
            while end < len(source) and end - window.end < _AROUND and source[end].isspace():
                end += 1
            around = source[start:end]
        hints[:0] = _difference_hints(
            a, b, local, contains=True, side=side, claim=claim, check=check, kinds=kinds, around=around
        )
    hints.append(_closest_quote_hint(quote, source, window, where, claim, check, kinds))
    return tuple(hints)


_AROUND = 8
"""Whitespace characters of the source read on each side of the closest window,
so a whitespace hint can say what the document has right before or after it."""


def _normalizer() -> Callable[[str], str]:
    try:
        from groundlab.grounding.rule import normalize_quote
    except ImportError:  # pydantic missing: the same rule, restated from DESIGN
        def normalize_quote(text):
            return " ".join((text or "").lower().split()).strip(" \"'\u201c\u201d\u2018\u2019.,;:")
    return normalize_quote


def _line_of(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


_FOLDED_WORDS = {"nfc": "Unicode normalization (NFC)", "nfkc": "Unicode normalization (NFKC)",
                 "case": "upper and lower case"}  # fmt: skip
"""Transformations after which the closest hint's similarity is measured, when reported."""


def _closest_quote_hint(
    quote: str, source: str, window: Window, where: str, claim, check, kinds: frozenset = frozenset()
) -> Hint:
    if not quote:
        message = "The quote is empty, so there is nothing to find in the document."
    elif not source:
        message = f"{where[0].upper() + where[1:]} is empty, so no quote can be found in it."
    else:
        line = _line_of(source, window.start)
        percent = int(window.ratio * 100)
        similarity = f"line {line}, {percent}% similar to the quote"
        steps = frozenset(kinds) & frozenset(_FOLDED_WORDS)
        if steps:
            folded_quote, folded_text = _apply(quote, steps), _apply(window.text, steps)
            apart = " and ".join(_FOLDED_WORDS[name] for name in ("nfc", "nfkc", "case") if name in steps)
            if folded_quote == folded_text:
                similarity = f"line {line}; the same as the quote apart from {apart}"
            else:
                folded = difflib.SequenceMatcher(None, folded_quote, folded_text, autojunk=False).ratio()
                if int(folded * 100) > percent:
                    similarity = f"line {line}, {int(folded * 100)}% similar to the quote apart from {apart}"
        message = f"The closest text in {where} is {_show(window.text, 60)} ({similarity})."
    return Hint("closest", message, claim, check, (), window.alignment)


# ---------------------------------------------------------------- values

_NUMBER = re.compile(r"\s*([+-]?(?:[0-9][0-9,_ ]*[0-9]|[0-9])(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)\s*([^\W\d_]*\.?)\s*\Z")
_UNIT_MS = {
    "ns": 1e-6, "nanosecond": 1e-6, "nanoseconds": 1e-6,
    "us": 1e-3, "µs": 1e-3, "μs": 1e-3, "microsecond": 1e-3, "microseconds": 1e-3,
    "ms": 1.0, "msec": 1.0, "msecs": 1.0, "millisecond": 1.0, "milliseconds": 1.0,
    "s": 1000.0, "sec": 1000.0, "secs": 1000.0, "second": 1000.0, "seconds": 1000.0,
    "m": 60000.0, "min": 60000.0, "mins": 60000.0, "minute": 60000.0, "minutes": 60000.0,
    "h": 3600000.0, "hr": 3600000.0, "hrs": 3600000.0, "hour": 3600000.0, "hours": 3600000.0,
}  # fmt: skip
"""Duration units -> milliseconds (SI prefixes; ``m`` read as minutes, as in Go durations)."""
_FIELD_UNITS = (("_ms", "ms"), ("_millis", "ms"), ("_seconds", "s"), ("_secs", "s"), ("_sec", "s"), ("_s", "s"),
                ("_minutes", "min"), ("_min", "min"), ("_hours", "h"), ("_h", "h"))  # fmt: skip
_TRUE = frozenset(["true", "yes", "y", "on", "1", "enabled", "enable", "t"])
_FALSE = frozenset(["false", "no", "n", "off", "0", "disabled", "disable", "f"])


def _as_number(text: str) -> float | None:
    try:
        return float(text.replace(",", "").replace("_", "").replace(" ", ""))
    except ValueError:
        return None


def _format_number(value: float) -> str:
    return str(int(value)) if value == int(value) else repr(value)


def _unit_hint(value: str, fact: str, field: str | None, claim, check) -> Hint | None:
    """A ``unit`` hint when ``value`` is a quantity or boolean spelled unlike ``fact``."""
    folded = value.strip().casefold()
    if fact in ("true", "false") and (folded in _TRUE or folded in _FALSE):
        meaning = "true" if folded in _TRUE else "false"
        if meaning == fact:
            return Hint(
                "unit",
                f"The value '{value}' means the boolean {meaning}, like the document's fact, but the contract "
                f"compares exact strings and the fact is written '{fact}'.",
                claim,
                check,
            )
        return None
    fact_match = re.fullmatch(r"[+-]?\d+(?:\.\d+)?", fact)
    match = _NUMBER.match(value)
    if not fact_match or not match:
        return None
    number, unit = _as_number(match.group(1)), match.group(2).rstrip(".")
    fact_number = float(fact)
    if number is None:
        return None
    field_unit = next((u for suffix, u in _FIELD_UNITS if field and field.endswith(suffix)), None)
    unit_key = unit if unit in _UNIT_MS else unit.lower()
    if unit and unit_key in _UNIT_MS:
        if field_unit is None:
            return Hint(
                "unit",
                f"The value '{value}' carries the unit '{unit}', but the document's fact is the bare number "
                f"'{fact}'; the contract compares exact strings, not quantities.",
                claim,
                check,
            )
        converted = number * _UNIT_MS[unit_key] / _UNIT_MS[field_unit]
        shown = _format_number(round(converted, 9))
        if abs(converted - fact_number) < 1e-9 * max(1.0, abs(fact_number)):
            message = (
                f"'{value}' is {shown} {field_unit}, the same quantity as the document's '{fact}', but the "
                f"contract compares exact strings, so the value must be written '{fact}'."
            )
        else:
            message = (
                f"'{value}' is {shown} {field_unit}, while the document says '{fact}' {field_unit}; and even an "
                f"equal quantity would have to be written exactly '{fact}'."
            )
        return Hint("unit", message, claim, check)
    if unit:
        return None
    if number == fact_number and match.group(1) != fact:
        return Hint(
            "unit",
            f"'{value}' is the same number as the document's '{fact}' written differently; the contract "
            f"compares exact strings, so it must be written '{fact}'.",
            claim,
            check,
        )
    return None


def value_hints(
    value: str,
    fact: str,
    *,
    field: str | None = None,
    doc: str | None = None,
    claim: int | None = None,
    check: str | None = None,
) -> tuple[Hint, ...]:
    """Why a claimed ``value`` is not the document's ``fact``; ``()`` when equal.

    Both are ``str``. ``field`` (e.g. ``read_timeout_ms``) lets a unit hint convert
    a duration into the field's unit (``_ms`` -> milliseconds, ``_s`` -> seconds);
    ``doc`` names the document in messages. Returns, in :data:`HINT_KINDS` order,
    at most one hint of each of ``invisible``, ``confusable``, ``digits``,
    ``normalization``, ``case``, ``whitespace``, ``line_endings`` and ``unit``.
    A ``unit`` hint (``5s`` is 5000 ms; ``True``/``yes`` mean ``true``; ``5,000``
    is ``5000``) replaces the ``case`` hint, which would say less. Never raises for
    ``str`` input.
    """
    if value == fact:
        return ()
    owner = f"{doc}'s fact" if doc else "the document's fact"
    side = _Side(f"The value {_show(value)}", f"{owner} {_show(fact)}", "the value", "the fact")
    hints = _difference_hints(value, fact, fact, contains=False, side=side, claim=claim, check=check)
    unit = _unit_hint(value, fact, field, claim, check)
    if unit is not None:
        hints = [h for h in hints if h.kind != "case"] + [unit]
    return tuple(hints)


def _identifier_hints(
    name: str, candidates: tuple[str, ...], what: str, claim, check
) -> tuple[list[Hint], str | None]:
    """Difference hints of ``name`` against the candidate it is most like, and that candidate."""
    best = None
    for candidate in candidates:
        if _equivalence(name, candidate, False) is not None:
            best = candidate
            break
    if best is None:
        close = difflib.get_close_matches(name, candidates, n=1, cutoff=0.6)
        best = close[0] if close else None
    if best is None:
        return [], None
    side = _Side(f"The {what} {_show(name)}", f"'{best}'", f"the {what}")
    return _difference_hints(name, best, best, contains=False, side=side, claim=claim, check=check), best


# ---------------------------------------------------------------- JSON syntax

_CODEPOINT_IN_MESSAGE = re.compile(r"U\+([0-9A-F]{4,6})")
_CURLY_DOUBLE = "\u201c\u201d\u201e\u201f\u2033\uff02"
_CURLY_SINGLE = "\u2018\u2019\u201a\u201b\u2032"


def json_hints(error, raw: str | bytes | None = None) -> tuple[Hint, ...]:
    """Explain a recognisable :class:`~groundlab.core.claims.ClaimsSyntaxError`.

    ``error`` is the parse error (``verdict.error``); ``raw`` is the answer text
    (``str`` or UTF-8 ``bytes``), optional but more precise: without it, the hint
    is read from the error's message. Recognised (RFC 8259 unless noted):

    * a byte-order mark at the start -> ``invisible``;
    * a Markdown code fence around the JSON -> ``syntax``;
    * curly double quotes used as JSON quotes -> ``confusable``;
    * single quotes (straight or curly) -> ``syntax``;
    * a no-break space or other non-JSON whitespace between tokens -> ``whitespace``;
    * another invisible character between tokens -> ``invisible``;
    * a non-ASCII digit in a number -> ``digits``;
    * ``NaN``, ``Infinity``, ``True``/``False``/``None`` -> ``syntax``;
    * a trailing comma, a comment, text after the JSON value, a raw line break
      or tab inside a string, an unquoted member name -> ``syntax``;
    * a number, boolean or null where a claim needs a string (``wrong_shape``)
      -> ``syntax``.

    Returns ``()`` for anything else (the error's own message then stands alone).
    Never raises for a :class:`~groundlab.core.claims.ClaimsSyntaxError`.
    """
    code = getattr(error, "code", None)
    message = getattr(error, "message", "") or ""
    position = getattr(error, "position", None)
    where = ""
    if getattr(error, "line", None) is not None:
        where = f" at line {error.line}, column {error.column}"
    text: str | None = None
    if isinstance(raw, (bytes, bytearray, memoryview)):
        text = bytes(raw).decode("utf-8", "replace")
    elif isinstance(raw, str):
        text = raw
    hints: list[Hint] = []

    def add(kind: str, sentence: str, chars: Iterable[str] = ()) -> None:
        hints.append(Hint(kind, sentence, None, "parse", _unique(describe_char(c) for c in chars)))

    if code == "wrong_shape":
        found = re.search(r"^(field|value|doc|quote) must be a string, not (a number|a boolean|null)", message)
        if found:
            member, kind = found.groups()
            literal = ""
            if text is not None and position is not None and kind != "null":
                token = re.match(r"-?[\w.+-]+", text[position:])
                literal = f" {token.group()}" if token else ""
            what = {"a number": "the number", "a boolean": "the boolean", "null": "null"}[kind]
            add(
                "syntax",
                f"The claim's {member} is written as {what}{literal}{where}; every claim member must be a JSON "
                f"string in double quotes (for example \"5000\", \"false\"), because the contract compares strings.",
            )
        return tuple(hints)
    if code != "not_json":
        return ()

    ch = None
    if text is not None and position is not None and 0 <= position < len(text):
        ch = text[position]
    elif text is None:
        point = _CODEPOINT_IN_MESSAGE.search(message)
        if point:
            ch = chr(int(point.group(1), 16))
        else:
            quoted = re.search(r"found '(.)'", message)
            ch = quoted.group(1) if quoted else None
    rest = text[position:] if text is not None and position is not None else ""
    stripped = text.lstrip(" \t\r\n\ufeff") if text is not None else ""

    if (text is not None and text.startswith("\ufeff")) or "byte-order mark" in message:
        add(
            "invisible",
            "The answer starts with U+FEFF ZERO WIDTH NO-BREAK SPACE, a byte-order mark some editors add; "
            "JSON text must not start with it here, so remove it.",
            ["\ufeff"],
        )
    elif stripped.startswith("```") or (ch == "`" and position == 0):
        add(
            "syntax",
            "The answer is wrapped in a Markdown code fence (```); send the JSON text alone, without the fence.",
        )
    elif message.startswith("raw control character") and ch is not None:
        if ch in "\n\r\t":
            add(
                "syntax",
                f"A string contains a raw {describe_char(ch)}{where}; inside a JSON string a line break or tab "
                "must be written as an escape (\\n, \\r, \\t).",
                [ch],
            )
        else:
            add(
                "invisible",
                f"A string contains the raw control character {describe_char(ch)}{where}, which cannot be seen "
                "and is not allowed unescaped in JSON text.",
                [ch],
            )
    elif ch is not None and ch in _CURLY_DOUBLE:
        add(
            "confusable",
            f"The answer uses {describe_char(ch)}{where}, a typographic quotation mark, where JSON needs the "
            "straight double quote '\"' (U+0022 QUOTATION MARK).",
            [ch],
        )
    elif ch is not None and (ch == "'" or ch in _CURLY_SINGLE):
        add(
            "syntax",
            f"The answer uses {describe_char(ch)}{where} to quote a string; JSON strings and member names "
            "need double quotes '\"' (U+0022).",
            [ch],
        )
    elif ch is not None and _is_odd_space(ch):
        add(
            "whitespace",
            f"There is a {describe_char(ch)} between tokens{where}; JSON allows only space, tab, line feed and "
            "carriage return there (RFC 8259 section 2), so replace it with a plain space.",
            [ch],
        )
    elif ch is not None and is_invisible(ch):
        add(
            "invisible",
            f"There is an invisible character, {describe_char(ch)}, between tokens{where}; JSON allows only "
            "space, tab, line feed and carriage return there.",
            [ch],
        )
    elif ch is not None and _is_foreign_digit(ch):
        add(
            "digits",
            f"The number uses {describe_char(ch)}{where}, a non-ASCII digit; JSON numbers use the digits 0-9 only.",
            [ch],
        )
    elif re.match(r"-?(NaN|Infinity)", rest) or re.match(r"-?(NaN|Infinity) is not", message):
        name = (re.match(r"-?(NaN|Infinity)", rest) or re.match(r"-?(NaN|Infinity)", message)).group()
        add(
            "syntax",
            f"{name}{where} is not a JSON value (RFC 8259 has no NaN or Infinity); a claim's value must be a "
            "string anyway.",
        )
    elif re.match(r"(True|False|None)\b", rest):
        word = re.match(r"(True|False|None)", rest).group()
        json_word = {"True": "true", "False": "false", "None": "null"}[word]
        add(
            "syntax",
            f"{word}{where} is Python's spelling; JSON writes {json_word}, and a claim's members must be strings "
            "anyway.",
        )
    elif (
        ch in ("}", "]")
        and text is not None
        and position is not None
        and text[:position].rstrip(_JSON_WHITESPACE).endswith(",")
    ):
        add(
            "syntax",
            f"There is a trailing comma before '{ch}'{where}; JSON does not allow a comma after the last "
            "member or element.",
        )
    elif text is None and ch in ("}", "]") and "no trailing comma" in message:
        add("syntax", f"There may be a trailing comma before '{ch}'{where}; JSON does not allow one.")
    elif ch == "/" and rest[1:2] in ("/", "*"):
        add("syntax", f"There is a comment{where}; JSON has no comments, so remove it.")
    elif message.startswith("extra data"):
        add(
            "syntax",
            f"There is more text after the JSON value ends{where}; send only the JSON object, with no "
            "explanation before or after it.",
        )
    elif text is None and message.startswith("expected a member name"):
        add(
            "syntax",
            f"A member name was expected{where}: member names need double quotes, and no comma may follow the "
            "last member, so look for single quotes, an unquoted name or a trailing comma.",
        )
    elif ch is not None and (ch.isalpha() or ch == "_") and "member name" in message:
        add(
            "syntax",
            f"A member name is not in double quotes{where}; JSON member names are strings, such as \"claims\".",
        )
    return tuple(hints)


# ---------------------------------------------------------------- verdicts


def _scope_sentence(request, registry) -> str:
    matching = [
        doc
        for doc in request.supplied
        if doc in registry.by_id
        and registry.by_id[doc].service == request.service
        and registry.by_id[doc].environment == request.environment
        and registry.by_id[doc].revision == request.revision
    ]
    scope = f"{request.service} / {request.environment} / {request.revision}"
    if not matching:
        return f"none of the supplied documents ({', '.join(request.supplied)}) is {scope}"
    if len(matching) == 1:
        return f"the supplied document for {scope} is {matching[0]}"
    return f"the supplied documents for {scope} are {', '.join(matching)}"


def _fact_line(source, field: str) -> str:
    fact = source.facts.get(field)
    if fact is None:
        return f"{source.id} has no fact {field}"
    line = f"{field}={fact}"
    at = source.text.find(line)
    place = f" (line {_line_of(source.text, at)})" if at != -1 else ""
    return f"{source.id} has {line}{place}"


def hints_for_verdict(verdict, request, sources, *, raw: str | bytes | None = None) -> tuple[Hint, ...]:
    """Near-miss hints for the step that decided ``verdict``; never changes it.

    * ``verdict`` -- a :class:`groundlab.core.contract.Verdict`; ``request`` -- the
      :class:`~groundlab.core.registry.Request` it was checked against; ``sources`` --
      a :class:`~groundlab.core.registry.Registry` or iterable of
      :class:`~groundlab.core.registry.Source`;
    * ``raw`` -- the answer text, optional; it sharpens ``INVALID_JSON`` hints
      (see :func:`json_hints`).

    Returns ``()`` for ``ACCEPT``. Otherwise, by failed step
    (``verdict.failed_step()``):

    * ``parse`` -- :func:`json_hints`;
    * ``citation``: ``quote_absent`` -- :func:`quote_hints` of the quote against
      the cited document's text; ``unknown_doc`` / ``not_supplied`` -- the
      difference hints of the doc id against the closest supplied id, then one
      ``closest`` hint naming it (or listing the supplied ids); ``no_claims`` -- ``()``;
    * ``duplicate`` -- ``()`` (the trace already names the earlier claim);
    * ``requested`` -- difference hints of the field against the closest requested
      field, then one ``closest`` hint;
    * ``scope`` / ``revision`` -- one ``closest`` hint: which supplied document has
      the requested service, environment and revision;
    * ``value``: ``other_value`` -- :func:`value_hints` of the value against the
      fact, then one ``closest`` hint with the document's ``field=value`` line;
      ``no_fact`` -- one ``closest`` hint listing the document's facts;
    * ``supports`` -- one ``closest`` hint: the canonical ``field=value`` and the
      lines of the document where it and the quote are;
    * ``coverage`` -- one ``closest`` hint per missing field, naming where its
      fact is.

    Every hint carries the failed step's claim index and check name. Raises only
    ``ValueError``/``TypeError`` for wrong trusted input, as
    :func:`~groundlab.core.contract.verify_answer` does.
    """
    from groundlab.core.registry import Registry

    step = verdict.failed_step()
    if step is None:
        return ()
    registry = Registry.of(sources)
    index, check, _, reason = step
    if check == "parse":
        return json_hints(verdict.error, raw)
    if check == "coverage":
        answered = {c.field for c in verdict.claims}
        out = []
        for field in request.fields:
            if field in answered:
                continue
            holders = [
                registry.by_id[d]
                for d in request.supplied
                if d in registry.by_id
                and field in registry.by_id[d].facts
                and registry.by_id[d].service == request.service
                and registry.by_id[d].environment == request.environment
                and registry.by_id[d].revision == request.revision
            ]
            if holders:
                where = _fact_line(holders[0], field)
            else:
                where = f"no supplied document of the requested scope has {field}"
            out.append(Hint("closest", f"No claim answers {field}; {where}.", None, check))
        return tuple(out)
    if index is None or index >= len(verdict.claims):
        return ()
    claim = verdict.claims[index]
    source = registry.by_id.get(claim.doc)

    def closest(message: str) -> Hint:
        return Hint("closest", message, index, check)

    if check == "citation":
        if reason == "quote_absent" and source is not None:
            return quote_hints(claim.quote, source.text, claim=index, check=check, doc=claim.doc)
        if reason in ("unknown_doc", "not_supplied"):
            hints, best = _identifier_hints(claim.doc, request.supplied, "document id", index, check)
            supplied = ", ".join(request.supplied)
            if reason == "not_supplied":
                head = f"{claim.doc} exists but was not supplied with this request (supplied: {supplied})"
            else:
                head = f"No document has the id {_show(claim.doc)} (supplied: {supplied})"
            tail = f"; the closest supplied id is '{best}'." if best else "."
            return tuple(hints) + (closest(head + tail),)
        return ()
    if check == "requested":
        hints, best = _identifier_hints(claim.field, request.fields, "field name", index, check)
        asked = ", ".join(request.fields)
        tail = f"; the closest is '{best}'." if best else "."
        return tuple(hints) + (closest(f"The request does not ask for {_show(claim.field)}, only for {asked}{tail}"),)
    if source is None:
        return ()
    if check in ("scope", "revision"):
        have = f"{source.service} / {source.environment} / {source.revision}"
        return (closest(f"{claim.doc} is {have}; {_scope_sentence(request, registry)}."),)
    if check == "value":
        if reason == "no_fact":
            facts = ", ".join(source.facts) or "none"
            return (closest(f"{claim.doc} has no fact named {_show(claim.field)}; its facts are: {facts}."),)
        fact = source.facts.get(claim.field, "")
        hints = value_hints(claim.value, fact, field=claim.field, doc=claim.doc, claim=index, check=check)
        return hints + (closest(f"{_fact_line(source, claim.field)}; the claim says {_show(claim.value)}."),)
    if check == "supports":
        fact = source.facts.get(claim.field, "")
        canonical = f"{claim.field}={fact}"
        at = source.text.find(canonical)
        quote_at = source.text.find(claim.quote)
        quote_lines = ""
        if quote_at != -1:
            first = _line_of(source.text, quote_at)
            last = _line_of(source.text, quote_at + len(claim.quote) - 1)
            quote_lines = f"on line {first}" if first == last else f"on lines {first}-{last}"
        if at != -1:
            canonical_place = f"line {_line_of(source.text, at)} of {claim.doc}"
        else:
            canonical_place = f"not a line of {claim.doc}"
        message = (
            f"The quote must be exactly {_show(canonical, 60)} ({canonical_place}); "
            f"the quote {_show(claim.quote, 60)} is {quote_lines or 'elsewhere'} of {claim.doc}."
        )
        return (closest(message),)
    return ()
