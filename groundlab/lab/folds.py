"""The lens normalisations of the ladder: NFKC, invisible characters, line-wrap hyphens.

Each fold maps ``str`` to ``str`` and is applied to quote and source alike, after the typography
fold and before :func:`~groundlab.grounding.rule.normalize_quote` (groundlab's default normal
form, "No Quote, No Claim"), so each lens rung accepts all that ``is_quoted`` does. They are lab lenses,
never part of a verdict (``docs/architecture.md``, "Grounding"). Lengths count code points.
Sources: NFKC, Unicode UAX #15; general category ``Cf``, UAX #44. Standard library only.
"""

from __future__ import annotations

import re
import unicodedata

from groundlab.grounding.rule import fold_typography, found_in, meets_quote_floor, normalize_quote

__all__ = ["drop_invisible", "join_line_hyphens", "lens_form", "lens_forms", "lens_match", "nfkc"]

# A hyphen between two letters with a line break after it (spaces or tabs around the
# break allowed): the way a PDF extractor leaves a word wrapped at the end of a line.
_LINE_HYPHEN = re.compile(r"(?<=[^\W\d_])-[ \t]*\r?\n[ \t]*(?=[^\W\d_])")


def nfkc(text: str) -> str:
    """``text`` in Unicode normal form NFKC: composed accents, fullwidth and ligatures folded (UAX #15)."""
    return unicodedata.normalize("NFKC", text)


def drop_invisible(text: str) -> str:
    """``text`` without its format characters (general category ``Cf``: U+00AD, U+200B, U+FEFF...)."""
    if text.isascii():
        return text
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")


def join_line_hyphens(text: str) -> str:
    """``text`` with each hyphen-minus between two letters before a line break removed: ``"configu-\\nration"`` -> ``"configuration"``."""
    if "\n" not in text:
        return text
    return _LINE_HYPHEN.sub("", text)


_STEPS = (nfkc, drop_invisible, join_line_hyphens)


def lens_form(text: str | None, steps: int) -> str:
    """``text`` after the first ``steps`` (0 to 3) of :func:`nfkc`, :func:`drop_invisible`, :func:`join_line_hyphens`, then ``normalize_quote``.

    :func:`~groundlab.grounding.rule.fold_typography` comes first. ``steps=0`` is ``is_quoted``'s own form. ``ValueError`` for ``steps`` outside 0..3;
    ``TypeError`` when ``text`` is neither ``str`` nor ``None``.
    """
    if not 0 <= steps <= len(_STEPS):
        raise ValueError(f"steps must be 0 to {len(_STEPS)}, not {steps!r}")
    if text is not None and not isinstance(text, str):
        raise TypeError(f"text must be a str or None, not {type(text).__name__}")
    text = fold_typography(text)
    for fold in _STEPS[:steps]:
        text = fold(text)
    return normalize_quote(text)


def lens_forms(text: str | None) -> tuple[str, str, str, str]:
    """``lens_form(text, k)`` for k = 0, 1, 2, 3, each fold applied once; ``TypeError`` as :func:`lens_form`."""
    if text is not None and not isinstance(text, str):
        raise TypeError(f"text must be a str or None, not {type(text).__name__}")
    folded = [fold_typography(text)]
    for fold in _STEPS:
        folded.append(fold(folded[-1]))
    return tuple(normalize_quote(t) for t in folded)  # type: ignore[return-value]


def lens_match(quote_form: str, source_form: str) -> bool:
    """``is_quoted``'s test on two already folded forms: ``meets_quote_floor`` (3 code points, visible content) and ``found_in``."""
    return meets_quote_floor(quote_form) and found_in(quote_form, source_form)
