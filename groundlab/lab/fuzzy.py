"""Fuzzy scores for the ladder's lenient rungs (rapidfuzz, imported inside each function).

The one lab module allowed a third-party package, and only on first use, so
``import groundlab.lab.fuzzy`` loads the standard library alone
(``tests/test_layers.py``). rapidfuzz is the extra ``groundlab[fuzzy]``: without
it each score raises an ``ImportError`` that names the extra, and
:func:`available` is ``False`` (``groundlab lab`` then leaves the fuzzy rungs out,
saying so). Scores are rapidfuzz's, floats from 0 to 100. They show what fuzzy
matching would let through; the quote rule of "No Quote, No Claim" never uses
them (``docs/architecture.md``, "Grounding").
"""

from __future__ import annotations

from groundlab._extras import MissingExtraError, install_hint, require

__all__ = ["EXTRA", "available", "missing_hint", "partial_score", "token_set_score"]

EXTRA = "fuzzy"
"""The extra of groundlab that installs rapidfuzz: ``pip install 'groundlab[fuzzy]'``."""


def available() -> bool:
    """Whether rapidfuzz is installed (it is imported to find out, so a later score starts at once)."""
    try:
        require("rapidfuzz.fuzz", EXTRA)
    except MissingExtraError:  # not installed; a broken install raises its own error
        return False
    return True


def missing_hint() -> str:
    """The message a missing rapidfuzz gives: which part needs it and the extra that adds it."""
    return install_hint("rapidfuzz", EXTRA)


def partial_score(quote_form: str, source_form: str) -> float:
    """``rapidfuzz.fuzz.partial_ratio``: how well ``quote_form`` matches its best window of ``source_form``.

    0 to 100; 100 when one is a substring of the other. Both arguments are already
    normalised text; nothing more is done to them. Raises ``ImportError`` naming
    ``groundlab[fuzzy]`` without rapidfuzz.
    """
    fuzz = require("rapidfuzz.fuzz", EXTRA)
    return float(fuzz.partial_ratio(quote_form, source_form))


def token_set_score(quote_form: str, source_form: str) -> float:
    """``rapidfuzz.fuzz.token_set_ratio`` with ``rapidfuzz.utils.default_process``: word sets compared.

    0 to 100, punctuation and case ignored; 100 whenever every word of the quote
    occurs somewhere in the source, in any order. Raises ``ImportError`` naming
    ``groundlab[fuzzy]`` without rapidfuzz.
    """
    fuzz, utils = require("rapidfuzz.fuzz", EXTRA), require("rapidfuzz.utils", EXTRA)
    return float(fuzz.token_set_ratio(quote_form, source_form, processor=utils.default_process))
