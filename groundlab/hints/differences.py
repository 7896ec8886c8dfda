"""Why two strings that look alike differ: one hint per kind, ``invisible`` to ``line_endings``.

Shared by quotes, values and identifiers. Offsets count code points. A kind is
reported when :func:`groundlab.hints.folding.equivalence` needs its transform,
or when the answer side has a suspicious character (invisible, look-alike,
non-ASCII digit or space) the other side lacks, even if nothing makes them
match. Sources: UAX #15 (NFC, NFKC), UTS #39 (look-alikes), CaseFolding.txt;
see ``docs/architecture.md``, "Units".
"""

from __future__ import annotations

import unicodedata
from typing import Callable, Optional

from groundlab.core.language import LIBRARY_CATALOGUE as tr
from groundlab.core.text import describe_char
from groundlab.hints.bounded import bounded_matcher
from groundlab.hints.chars import (
    first_each, has_latin, is_foreign_digit, is_invisible, is_mark, lookalike_target, notable_chars, script,
)
from groundlab.hints.folding import TRANSFORMS, equivalence
from groundlab.hints.kinds import Hint
from groundlab.hints.render import Side, after, char_list, codepoints, list_words, show
from groundlab.hints.spacing import whitespace_hint

__all__ = ["difference_hints"]

_Parts = Optional[tuple[str, list[str]]]  # (message, characters involved), or no hint


def difference_hints(
    a: str,
    b: str,
    local: str,
    *,
    contains: bool,
    side: Side,
    claim: int | None,
    check: str | None,
    kinds: frozenset | None = None,
    around: str | None = None,
) -> list[Hint]:
    """Hints of kinds ``invisible`` .. ``line_endings`` explaining why ``a`` does not match ``b``.

    ``contains``: the match is ``a in b`` (a quote), else ``a == b``. ``local`` is
    the part of ``b`` compared with ``a`` character by character (a quote's
    closest window, or ``b``); ``around`` is ``local`` with the whitespace next
    to it in ``b`` (default ``local``). ``kinds`` is the
    :func:`~groundlab.hints.folding.equivalence` of ``a`` and ``b`` when known.
    Returns at most one hint per kind, in :data:`~groundlab.hints.kinds.HINT_KINDS` order.
    """
    if kinds is None:
        kinds = equivalence(a, b, contains)
    kinds = kinds or frozenset()
    found = [
        ("invisible", _invisible(a, b, local, kinds, side)),
        ("confusable", _confusable(a, b, local, kinds, side)),
        ("digits", _digits(a, b, local, kinds, side)),
        ("normalization", _normalization(a, b, local, kinds, side)),
        ("case", _case(kinds, side)),
        ("whitespace", whitespace_hint(a, b, around if around is not None else local, kinds, contains, side)),
        ("line_endings", _line_endings(a, local, kinds, side)),
    ]
    return [Hint(kind, parts[0], claim, check, codepoints(parts[1])) for kind, parts in found if parts is not None]


def _odd_ones(
    a: str, b: str, local: str, pred: Callable[[str], bool], needed: bool
) -> tuple[bool, list[tuple[int, str]]]:
    """``(True, chars)``: characters with ``pred`` that ``a`` has and ``b`` lacks; else, when
    ``needed``, ``(False, chars)`` of ``local`` (or ``b``) that ``a`` lacks; ``(False, [])`` otherwise."""
    own = first_each(a, pred, b)
    if own or not needed:
        return bool(own), own
    return False, first_each(local, pred, a) or first_each(b, pred, a)


def _invisible(a: str, b: str, local: str, kinds: frozenset, side: Side) -> _Parts:
    in_a, chars = _odd_ones(a, b, local, is_invisible, "invisible" in kinds)
    if not chars:
        return None
    one = len(chars) == 1
    if in_a:
        if one:
            template = tr("{subject} contains {chars}, an invisible character, {where}; {other} does not.")
        else:
            template = tr("{subject} contains {chars}, invisible characters; {other} does not.")
        message = template.format(
            subject=side.subject, chars=char_list(chars, a), where=after(a, chars[0][0]) if one else "", other=side.other
        )
        return message, [c for _, c in chars]
    placed = one and chars[0][1] in local
    if placed:
        template = tr(
            "{other} contains {chars}, an invisible character, {where}; "
            "{subject} does not, and the contract compares every character."
        )
    elif one:
        template = tr(
            "{other} contains {chars}, an invisible character; {subject} does not, and the contract compares every character."
        )
    else:
        template = tr(
            "{other} contains {chars}, invisible characters; {subject} does not, and the contract compares every character."
        )
    message = template.format(
        other=side.cap_other, chars=char_list(chars, local), where=after(local, chars[0][0]) if placed else "",
        subject=side.low_subject,
    )
    return message, [c for _, c in chars]


def _ascii_name(target: str) -> str:
    if target.isalpha():
        return tr("the Latin letter '{target}'").format(target=target)
    if target.isdigit():
        return tr("the digit '{target}'").format(target=target)
    return tr("the ASCII character '{target}'").format(target=target)


def _skeleton(text: str) -> str:
    return TRANSFORMS["confusable"](text)


def _confusable(a: str, b: str, local: str, kinds: frozenset, side: Side) -> _Parts:
    latin = has_latin(a) or has_latin(local)
    odd = first_each(a, lambda c: lookalike_target(c, latin) is not None, b)
    if odd:
        index, ch = odd[0]
        target = lookalike_target(ch, latin)
        if len(odd) == 1 and target:
            message = tr(
                "{subject} contains {char} {where}, which looks like {target} but is a different character; "
                "{other} does not contain it."
            ).format(subject=side.subject, char=describe_char(ch), where=after(a, index), target=_ascii_name(target), other=side.other)
        elif len(odd) == 1:
            message = tr(
                "{subject} contains {char} {where}, a letter of the {script} script mixed into Latin text; "
                "{other} does not have it."
            ).format(subject=side.subject, char=describe_char(ch), where=after(a, index), script=script(ch).title(), other=side.other)
        else:
            message = tr(
                "{subject} contains look-alike characters from other scripts or punctuation sets, {chars}; "
                "{other} has none of them."
            ).format(subject=side.subject, chars=char_list(odd, a), other=side.other)
        return message, [c for _, c in odd]
    if "confusable" not in kinds:
        return None
    for _, x, y in _diff_pairs(a, local):
        if x and y and (_skeleton(x) == _skeleton(y) or _skeleton(x.casefold()) == _skeleton(y.casefold())):
            return (
                tr(
                    "{subject} has {x} ({x_chars}) where {other} has {y} ({y_chars}); "
                    "they look alike but are different characters."
                ).format(
                    subject=side.subject, x=show(x), x_chars=", ".join(describe_char(c) for c in x),
                    other=side.other, y=show(y), y_chars=", ".join(describe_char(c) for c in y),
                ),
                list(x) + list(y),
            )
    return (
        tr(
            "{subject} matches {other} only when look-alike characters from other scripts "
            "are read as their Latin twins; the contract compares exact characters."
        ).format(subject=side.subject, other=side.other),
        [],
    )


def _diff_pairs(a: str, b: str) -> list[tuple[int, str, str]]:
    """``(index in a, a part, b part)`` for every non-equal opcode of ``a`` against ``b``;
    ``[]`` when aligning them exceeds the work bound (:mod:`groundlab.hints.bounded`)."""
    matcher = bounded_matcher(a, b)
    opcodes = matcher.get_opcodes() if matcher is not None else []
    return [(i1, a[i1:i2], b[j1:j2]) for tag, i1, i2, j1, j2 in opcodes if tag != "equal"]


def _digits(a: str, b: str, local: str, kinds: frozenset, side: Side) -> _Parts:
    in_a, chars = _odd_ones(a, b, local, is_foreign_digit, "digits" in kinds)
    if in_a:
        if len(chars) == 1:
            template = tr(
                "{subject} contains {chars}, a non-ASCII digit ({digit}), {where}; {other} writes its digits as ASCII 0-9."
            )
        else:
            template = tr("{subject} contains {chars}, non-ASCII digits; {other} writes its digits as ASCII 0-9.")
        message = template.format(
            subject=side.subject, chars=char_list(chars, a), other=side.other,
            digit=unicodedata.digit(chars[0][1]) if len(chars) == 1 else "",
            where=after(a, chars[0][0]) if len(chars) == 1 else "",
        )
        return message, [c for _, c in chars]
    if "digits" not in kinds:
        return None
    return (
        tr("{other} writes digits as {chars}, where {subject} uses ASCII 0-9; they are different characters.").format(
            other=side.cap_other, chars=char_list(chars, local, False) or tr("non-ASCII digits"), subject=side.low_subject
        ),
        [c for _, c in chars],
    )


def _clusters(text: str) -> list[str]:
    """``text`` cut into a base character with the combining marks after it (a leading mark stands alone)."""
    out: list[str] = []
    for ch in text:
        if out and is_mark(ch):
            out[-1] += ch
        else:
            out.append(ch)
    return out


def _nfc_pairs(a: str, local: str) -> list[tuple[int, str, str]]:
    """``(index in a, a cluster, local cluster)``, first of each pair spelled differently but equal after NFC;
    ``[]`` when aligning the clusters exceeds the work bound (:mod:`groundlab.hints.bounded`)."""
    ca, cb = _clusters(a), _clusters(local)
    ka = [unicodedata.normalize("NFC", c) for c in ca]
    kb = [unicodedata.normalize("NFC", c) for c in cb]
    starts = [0]
    for c in ca:
        starts.append(starts[-1] + len(c))
    pairs: dict[tuple[str, str], int] = {}
    matcher = bounded_matcher(ka, kb)
    for tag, i1, i2, j1, _ in matcher.get_opcodes() if matcher is not None else ():
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
    template = tr("{chars} ({count} code points)") if count > 1 else tr("{chars} ({count} code point)")
    return template.format(chars=" + ".join(describe_char(c) for c in cluster), count=count)


def _normalization(a: str, b: str, local: str, kinds: frozenset, side: Side) -> _Parts:
    if "nfkc" not in kinds and "nfc" not in kinds:
        return None
    form = "NFKC" if "nfkc" in kinds else "NFC"
    in_b = notable_chars(b)
    changed = [(i, c) for i, c in enumerate(a) if unicodedata.normalize(form, c) != c or (is_mark(c) and c not in in_b)]
    if not changed:
        changed = [(i, c) for i, c in enumerate(local) if unicodedata.normalize(form, c) != c or is_mark(c)]
    changed = list({c: (i, c) for i, c in reversed(changed)}.values())[::-1][:4]
    names = list_words([describe_char(c) for _, c in changed])
    pairs = _nfc_pairs(a, local)[:2] if form == "NFC" else []
    if pairs:
        spellings = tr("; ").join(
            tr("{short_subject} writes {letters} as {mine}, {short_other} as {theirs}").format(
                short_subject=side.short_subject, letters=show(unicodedata.normalize("NFC", x)), mine=_spelled(x),
                short_other=side.short_other, theirs=_spelled(y),
            )
            for _, x, y in pairs
        )
        message = tr(
            "{subject} and {other} spell the same letters with different code points: "
            "{spellings}; they look the same and match after NFC normalization (Unicode UAX #15), "
            "but the contract compares code points exactly."
        ).format(subject=side.subject, other=side.other, spellings=spellings)
        return message, [c for _, x, y in pairs for c in x + y]
    if form == "NFC" and names:
        message = tr(
            "{subject} and {other} spell the same letters with different code points ({names}); they match after "
            "NFC normalization (Unicode UAX #15), but the contract compares code points exactly."
        ).format(subject=side.subject, other=side.other, names=names)
    elif form == "NFC":
        message = tr(
            "{subject} and {other} spell the same letters with different code points; they match after "
            "NFC normalization (Unicode UAX #15), but the contract compares code points exactly."
        ).format(subject=side.subject, other=side.other)
    elif names:
        message = tr(
            "{subject} matches {other} only after NFKC normalization (Unicode UAX #15), which turns compatibility "
            "characters such as {names} into plain ones; the contract compares code points exactly."
        ).format(subject=side.subject, other=side.other, names=names)
    else:
        message = tr(
            "{subject} matches {other} only after NFKC normalization (Unicode UAX #15), which turns compatibility "
            "characters into plain ones; the contract compares code points exactly."
        ).format(subject=side.subject, other=side.other)
    return message, [c for _, c in changed]


def _case(kinds: frozenset, side: Side) -> _Parts:
    if "case" not in kinds:
        return None
    return (
        tr(
            "{subject} matches {other} apart from upper and lower case; the contract compares letter case exactly."
        ).format(subject=side.subject, other=side.other),
        [],
    )


def _line_endings(a: str, local: str, kinds: frozenset, side: Side) -> _Parts:
    if "line_endings" not in kinds:
        return None
    if "\r" in a and "\r" not in local:
        first, second = side.subject, side.other
    else:
        first, second = side.cap_other, side.low_subject
    return (
        tr(
            "{first} uses Windows line endings (U+000D CARRIAGE RETURN before U+000A LINE FEED) "
            "where {second} has a line feed alone; read as text they are the same lines, "
            "but the characters differ."
        ).format(first=first, second=second),
        ["\r", "\n"],
    )
