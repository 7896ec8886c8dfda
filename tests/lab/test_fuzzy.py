"""The fuzzy scores behind the ladder, and why rapidfuzz's WRatio scores an exact copy below 100.

Notebook 07's table rates an exact copy at 90 under ``WRatio`` and notebook 10's appendix
explains why: when one text is at least 1.5 times as long as the other, WRatio scores the
best-matching window (``partial_ratio``) and multiplies it by 0.9, or by 0.6 when one text is
over 8 times as long. The ladder scores with ``partial_ratio`` itself, which gives every
exact copy its true score, 100. These tests pin both facts, so the explanation beside the
tables stays true if rapidfuzz changes.
"""

from __future__ import annotations

import pytest

from groundlab import load_job_match, load_perturbations
from groundlab.lab import fuzzy
from groundlab.lab.folds import lens_form

rapidfuzz = pytest.importorskip("rapidfuzz")
from rapidfuzz import fuzz, utils  # noqa: E402

SOURCE = "the payments service reads its settings from the file at start-up, every time"


def wratio(quote: str, source: str) -> float:
    return fuzz.WRatio(quote, source, processor=utils.default_process)


def test_the_ladder_gives_every_exact_copy_its_true_score():
    copies = load_perturbations().of_kind("exact_copy")
    assert len(copies) == 16
    for item in copies:
        quote, source = lens_form(item.quote, 3), lens_form(item.source, 3)
        assert fuzzy.partial_score(quote, source) == 100.0, item.id
        assert fuzzy.token_set_score(quote, source) == 100.0, item.id


def test_wratio_scales_a_copy_inside_a_longer_text_by_0_9_then_0_6():
    for length in range(2, len(SOURCE)):
        quote = SOURCE[:length].strip()
        if len(utils.default_process(quote)) < 2:
            continue
        times = len(utils.default_process(SOURCE)) / len(utils.default_process(quote))
        assert fuzz.partial_ratio(quote, SOURCE, processor=utils.default_process) == 100.0
        if times < 1.5:
            continue  # lengths alike: WRatio does not look at windows at all
        expected = 90.0 if times <= 8 else 60.0
        assert wratio(quote, SOURCE) == pytest.approx(expected), (quote, times)


def test_the_exact_copies_of_notebooks_07_and_10_score_90_and_60_under_wratio():
    description = load_job_match().job.description
    quote = "Build secure Java APIs"
    assert quote in description and 1.5 <= len(description) / len(quote) <= 8
    assert wratio(quote, description) == 90.0
    assert fuzz.partial_ratio(quote, description, processor=utils.default_process) == 100.0
    item = load_perturbations()["exact_copy-16"]
    assert len(item.source) / len(item.quote) > 8
    assert wratio(item.quote, item.source) == 60.0
