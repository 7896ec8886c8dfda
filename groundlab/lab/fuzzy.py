"""Fuzzy scores for the ladder's lenient rungs (rapidfuzz, imported inside each function).

The one lab module allowed a third-party package, and only on first use, so
``import groundlab.lab.fuzzy`` loads the standard library alone
(``tests/test_layers.py``). Scores are rapidfuzz's, floats from 0 to 100. They
show what fuzzy matching would let through; the quote rule of "No Quote, No
Claim" never uses them (``docs/architecture.md``, "Grounding").
"""

from __future__ import annotations

__all__ = ["partial_score", "token_set_score"]


def partial_score(quote_form: str, source_form: str) -> float:
    """``rapidfuzz.fuzz.partial_ratio``: how well ``quote_form`` matches its best window of ``source_form``.

    0 to 100; 100 when one is a substring of the other. Both arguments are already
    normalised text; nothing more is done to them. Raises ``ImportError`` without rapidfuzz.
    """
    from rapidfuzz import fuzz

    return float(fuzz.partial_ratio(quote_form, source_form))


def token_set_score(quote_form: str, source_form: str) -> float:
    """``rapidfuzz.fuzz.token_set_ratio`` with ``rapidfuzz.utils.default_process``: word sets compared.

    0 to 100, punctuation and case ignored; 100 whenever every word of the quote
    occurs somewhere in the source, in any order. Raises ``ImportError`` without rapidfuzz.
    """
    from rapidfuzz import fuzz, utils

    return float(fuzz.token_set_ratio(quote_form, source_form, processor=utils.default_process))
