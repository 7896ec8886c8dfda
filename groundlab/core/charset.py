"""Which characters a JSON text (I-JSON) and a claim may not contain, found fast.

I-JSON (RFC 7493 section 2.1) forbids lone surrogates and noncharacters in every
string; a claim also refuses control characters (category Cc) other than tab,
line feed and carriage return, raw or escaped. Standard library only.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["CLAIM_BAD", "IJSON_BAD"]


def _noncharacters() -> list[int]:
    # U+FDD0..U+FDEF and the last two code points of every plane.
    points = list(range(0xFDD0, 0xFDF0))
    for plane in range(17):
        points += [plane * 0x10000 + 0xFFFE, plane * 0x10000 + 0xFFFF]
    return points


def _char_class(points: list[int]) -> str:
    """A regex character-class body for ``points``, consecutive points merged into ranges."""
    points = sorted(set(points))
    parts, start = [], 0
    for i in range(1, len(points) + 1):
        if i == len(points) or points[i] != points[i - 1] + 1:
            low, high = points[start], points[i - 1]
            parts.append(re.escape(chr(low)) + (f"-{re.escape(chr(high))}" if high != low else ""))
            start = i
    return "".join(parts)


class _BadText:
    """Finds the first character of a class in a string; the astral part is searched
    only when the string has an astral character (``re`` is slow on astral classes)."""

    def __init__(self, points: list[int]) -> None:
        self._bmp = re.compile(f"[{_char_class([p for p in points if p <= 0xFFFF])}]")
        self._astral = re.compile(f"[{_char_class([p for p in points if p > 0xFFFF])}]")

    def first(self, text: str) -> str | None:
        """The first (BMP, then astral) offending character in ``text``, or ``None``."""
        if text.isprintable():  # no control, surrogate, noncharacter or other unassigned point
            return None
        match = self._bmp.search(text)
        if match is None and not text.isascii() and max(text) > "\uffff":
            match = self._astral.search(text)
        return match.group() if match else None


_SURROGATES = list(range(0xD800, 0xE000))
_CONTROLS = [p for p in range(0x100) if unicodedata.category(chr(p)) == "Cc" and chr(p) not in "\t\n\r"]
IJSON_BAD = _BadText(_SURROGATES + _noncharacters())
"""Lone surrogates and noncharacters: refused in every string of any JSON text."""
CLAIM_BAD = _BadText(_SURROGATES + _noncharacters() + _CONTROLS)
"""That plus control characters other than tab, line feed and carriage return: refused in a claim."""
