"""How hint messages show text: quoted and clipped, odd characters spelled out, places named, lists joined.

Lengths and offsets count code points. No character a learner cannot see
reaches a message: it is shown as ``⟨U+200B⟩`` or named with
:func:`groundlab.core.text.describe_char`. See ``docs/architecture.md``, "Units".
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Iterable

from groundlab.core.language import LIBRARY_CATALOGUE as tr
from groundlab.core.text import clip, describe_char
from groundlab.hints.chars import is_invisible, is_mark

__all__ = ["Side", "after", "char_list", "codepoints", "list_words", "show", "space_run", "token"]


@dataclass
class Side:
    """How a sentence names the two sides of a comparison, at first and at a second mention."""

    subject: str  # "The quote", "The value '5s'"
    other: str  # "the document", "the document's fact '5000'"
    short_subject: str = ""  # "the quote", "the value"; default: low_subject
    short_other: str = ""  # "prod-v2", "the fact"; default: other

    def __post_init__(self) -> None:
        self.short_subject = self.short_subject or self.low_subject
        self.short_other = self.short_other or self.other

    @property
    def low_subject(self) -> str:
        """``subject`` with a lower-case first letter, for the middle of a sentence."""
        return self.subject[0].lower() + self.subject[1:]

    @property
    def cap_other(self) -> str:
        """``other`` with a capital first letter, to start a sentence."""
        return self.other[0].upper() + self.other[1:]


@functools.lru_cache(maxsize=4096)
def token(ch: str) -> str:
    """One character as shown: U+0020 as ``␣``; other whitespace, unprintable, invisible and
    combining characters as ``⟨U+XXXX⟩``; anything else as itself (cached: views show whole sources)."""
    if ch == " ":
        return "␣"
    if ch.isspace() or not ch.isprintable() or is_invisible(ch) or is_mark(ch):
        return f"⟨U+{ord(ch):04X}⟩"
    return ch


def show(text: str, limit: int = 40, *, spaces: bool = False) -> str:
    """``text`` clipped to ``limit`` code points, in single quotes, each character as :func:`token` shows it.

    U+0020 stays a space unless ``spaces``.
    """
    return "'" + "".join(" " if ch == " " and not spaces else token(ch) for ch in clip(text, limit)) + "'"


def after(text: str, index: int, *, spaces: bool = False) -> str:
    """Where ``text[index]`` is: ``"after 'read_timeout_'"`` (up to 16 code points before it) or ``"at the start"``."""
    if index <= 0:
        return tr("at the start")
    before = text[max(0, index - 16) : index]
    if index > 16:
        before = "…" + before[1:]
    return tr("after {text}").format(text=show(before, 17, spaces=spaces))


def codepoints(chars: Iterable[str]) -> tuple[str, ...]:
    """Each distinct character of ``chars`` named by ``describe_char``, in order of first appearance."""
    return tuple(dict.fromkeys(describe_char(c) for c in chars))


def list_words(items: list[str]) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"``."""
    if len(items) <= 1:
        return "".join(items)
    return tr("{items} and {last}").format(items=tr(", ").join(items[:-1]), last=items[-1])


def char_list(chars: list[tuple[int, str]], text: str, with_place: bool = True) -> str:
    """``(index, character)`` pairs of ``text`` named and joined; with more than one, each says where it is."""
    parts = []
    for index, ch in chars:
        place = f" ({after(text, index)})" if with_place and len(chars) > 1 else ""
        parts.append(describe_char(ch) + place)
    return list_words(parts)


def space_run(text: str, plain: bool = True) -> str:
    """A whitespace run by code point: ``"U+0009 CHARACTER TABULATION"``, ``"2 × U+0020 SPACE"``.

    A single U+0020 is ``"a plain space (U+0020 SPACE)"`` when ``plain``.
    """
    if text == " " and plain:
        return tr("a plain space (U+0020 SPACE)")
    parts = []
    index = 0
    while index < len(text):
        ch, run = text[index], 1
        while index + run < len(text) and text[index + run] == ch:
            run += 1
        parts.append(describe_char(ch) if run == 1 else f"{run} × {describe_char(ch)}")
        index += run
    return " + ".join(parts)
