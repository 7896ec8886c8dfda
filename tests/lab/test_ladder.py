"""The normalisation ladder over the catalogue: exact counts per rung and kind, and the strict rung untouched."""

from __future__ import annotations

import subprocess
import sys
import time
from types import SimpleNamespace

import pytest

import groundlab
from groundlab import LADDER, load_perturbations, run_ladder

pytest.importorskip("rapidfuzz")

RUNGS = ("exact", "article", "is_quoted", "+nfkc", "+invisible", "+hyphen", "partial_95", "partial_90", "partial_80",
         "token_set_90")

# rung -> (rescued, faithful, let through, unfaithful), computed once and checked by hand against the kinds below
OVERALL = {
    "exact": (16, 260, 13, 183),
    "article": (100, 260, 15, 183),
    "is_quoted": (196, 260, 1, 183),
    "+nfkc": (228, 260, 1, 183),
    "+invisible": (244, 260, 1, 183),
    "+hyphen": (257, 260, 9, 183),
    "partial_95": (259, 260, 52, 183),
    "partial_90": (260, 260, 84, 183),
    "partial_80": (260, 260, 112, 183),
    "token_set_90": (257, 260, 128, 183),
}

# kind -> accepted items per rung, in RUNGS order
PER_KIND = {
    "exact_copy": (16, 16, 16, 16, 16, 16, 16, 16, 16, 16),
    "curly_quotes": (0, 0, 16, 16, 16, 16, 16, 16, 16, 16),
    "no_break_space": (0, 16, 16, 16, 16, 16, 16, 16, 16, 16),
    "crlf": (0, 16, 16, 16, 16, 16, 16, 16, 16, 16),
    "pdf_hyphen": (0, 0, 0, 0, 0, 16, 16, 16, 16, 16),
    "case": (0, 16, 16, 16, 16, 16, 16, 16, 16, 16),
    "trailing_punctuation": (0, 16, 16, 16, 16, 16, 16, 16, 16, 16),
    "nfc_nfd": (0, 0, 0, 16, 16, 16, 16, 16, 16, 16),
    "fullwidth": (0, 0, 0, 16, 16, 16, 16, 16, 16, 16),
    "soft_hyphen": (0, 0, 16, 16, 16, 16, 16, 16, 16, 16),
    "zero_width_space": (0, 0, 0, 0, 16, 16, 16, 16, 16, 16),
    "double_space": (0, 16, 16, 16, 16, 16, 16, 16, 16, 16),
    "different_dash": (0, 0, 16, 16, 16, 16, 16, 16, 16, 16),
    "ligature": (0, 0, 16, 16, 16, 16, 16, 16, 16, 16),
    "apostrophe_inside": (0, 0, 8, 8, 8, 8, 8, 8, 8, 8),
    "minus_sign": (0, 0, 8, 8, 8, 8, 8, 8, 8, 8),
    "soft_hyphen_line_end": (0, 0, 8, 8, 8, 8, 8, 8, 8, 8),
    "long_ligature": (0, 0, 8, 8, 8, 8, 8, 8, 8, 8),
    "pdf_hyphen_spaced": (0, 4, 4, 4, 4, 1, 3, 4, 4, 1),
    "paraphrase": (0, 0, 0, 0, 0, 0, 0, 0, 0, 1),
    "dropped_not": (0, 1, 1, 1, 1, 1, 1, 12, 17, 18),
    "changed_number": (0, 0, 0, 0, 0, 0, 13, 16, 18, 13),
    "inserted_adjective": (0, 0, 0, 0, 0, 0, 0, 3, 11, 8),
    "merged_sentences": (0, 0, 0, 0, 0, 0, 0, 2, 6, 17),
    "ellipsis_skip": (0, 0, 0, 0, 0, 0, 2, 7, 11, 17),
    "word_order_swap": (0, 0, 0, 0, 0, 0, 1, 1, 6, 16),
    "other_document": (0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    "apostrophe_moved": (0, 0, 0, 0, 0, 0, 8, 8, 8, 3),
    "quote_marks_moved": (0, 0, 0, 0, 0, 0, 0, 6, 6, 6),
    "feet_for_inches": (0, 1, 0, 0, 0, 0, 3, 5, 5, 5),
    "sign_dropped": (7, 7, 0, 0, 0, 0, 8, 8, 8, 8),
    "range_cut": (6, 6, 0, 0, 0, 0, 8, 8, 8, 8),
    "compound_joined": (0, 0, 0, 0, 0, 8, 8, 8, 8, 8),
}


@pytest.fixture(scope="module")
def catalogue():
    return load_perturbations()


@pytest.fixture(scope="module")
def result(catalogue):
    return run_ladder(catalogue)


def test_the_rungs_in_order_and_the_strict_one_is_the_rule():
    assert tuple(r.name for r in LADDER) == RUNGS
    assert LADDER[2].check is groundlab.is_quoted
    assert LADDER[1].check is groundlab.grounding.rule.article_is_quoted
    assert all(r.description and "\n" not in r.description for r in LADDER)


def test_overall_counts_for_every_rung(result):
    assert result.rungs == RUNGS
    assert {c.rung: tuple(c)[1:] for c in result.overall} == OVERALL


def test_counts_per_kind_for_every_rung(result):
    assert {kind: tuple(row.values()) for kind, row in result.accepted().items()} == PER_KIND
    assert list(result.accepted()["case"]) == list(RUNGS)
    totals = {c.kind: c.total for c in result.per_kind}
    assert sum(totals.values()) == 443 and totals["dropped_not"] == 18
    assert len(result.per_kind) == len(RUNGS) * len(PER_KIND)


def test_the_per_kind_counts_add_up_to_the_overall_ones(result):
    for r, rung in enumerate(RUNGS):
        faithful = sum(row[r] for kind, row in PER_KIND.items() if kind in FAITHFUL_KINDS)
        unfaithful = sum(row[r] for kind, row in PER_KIND.items() if kind not in FAITHFUL_KINDS)
        assert (faithful, unfaithful) == (OVERALL[rung][0], OVERALL[rung][2])


FAITHFUL_KINDS = {k.name for k in groundlab.PERTURBATION_KINDS if k.label == "faithful"}


def test_the_first_rung_that_rescues_or_lets_through_each_kind(result):
    firsts = {f.kind: (f.some, f.every) for f in result.firsts}
    assert firsts["pdf_hyphen"] == firsts["compound_joined"] == ("+hyphen", "+hyphen")
    typography = ("curly_quotes", "different_dash", "soft_hyphen", "ligature", "apostrophe_inside", "minus_sign",
                  "soft_hyphen_line_end", "long_ligature")
    assert {firsts[kind] for kind in typography} == {("is_quoted", "is_quoted")}
    assert firsts["zero_width_space"] == ("+invisible", "+invisible")
    assert firsts["nfc_nfd"] == firsts["fullwidth"] == ("+nfkc", "+nfkc")
    assert firsts["dropped_not"] == ("article", "token_set_90")
    # cut numbers: exact copies that the article's rule lets through and is_quoted refuses
    assert firsts["sign_dropped"] == firsts["range_cut"] == ("exact", "partial_95")
    assert firsts["feet_for_inches"] == ("article", "partial_90")
    assert firsts["apostrophe_moved"] == ("partial_95", "partial_95")
    assert firsts["quote_marks_moved"] == ("partial_90", "partial_90")
    assert firsts["paraphrase"] == ("token_set_90", None)
    assert firsts["inserted_adjective"] == ("partial_90", None)
    assert firsts["other_document"] == (None, None)


def test_which_rung_first_lets_is_permitted_through(result, catalogue):
    assert catalogue["ellipsis_skip-15"].quote == "Working from another country is \u2026 permitted without written approval from HR"
    assert result.first_accepting("ellipsis_skip-15") == "partial_95"
    assert result.first_accepting("dropped_not-16") == "partial_90"
    # the quote that stops before the sentence's final "not" passes the strict rule itself
    assert result.first_accepting("dropped_not-10") == "article"
    # the article's rule trims the inch mark at the quote's end as a quote mark; is_quoted keeps it
    assert result.first_accepting("feet_for_inches-01") == "article"
    assert result.verdicts["feet_for_inches-01"][:3] == (False, True, False)
    assert result.first_accepting("paraphrase-01") is None
    with pytest.raises(KeyError):
        result.first_accepting("nope")


def test_the_strict_rung_gives_groundlab_is_quoted_verdicts_for_every_item(result, catalogue):
    strict = RUNGS.index("is_quoted")
    assert all(result.verdicts[i.id][strict] is groundlab.is_quoted(i.quote, i.source) for i in catalogue)
    assert sum(groundlab.is_quoted(i.quote, i.source) for i in catalogue) == 197


def test_the_batch_verdicts_are_each_rungs_own_check(result, catalogue):
    for item in catalogue:
        assert result.verdicts[item.id] == tuple(bool(r.check(item.quote, item.source)) for r in LADDER), item.id


def test_the_checkers_refuse_what_the_rule_refuses():
    for rung in LADDER:
        assert rung.check("", "any text") is False, rung.name
        assert rung.check(None, "any text") is False, rung.name
        assert rung.check("any", "") is False, rung.name
    assert [r.check("ab", "ab cd") for r in LADDER] == [False] * 10  # every rung keeps the minimum length


@pytest.mark.parametrize("quote", ["!!!", "---", "(((", "\u200b\u200b\u200b", "\u2014\u2014\u2014", "\u00ad\u00ad\u00ad"])
def test_every_rung_keeps_the_rules_visible_content_and_length_floor(quote):
    """Issue 20, item 3: punctuation or invisible characters only never count, on any rung, even where
    the source holds exactly them."""
    source = f"before {quote} after {quote}"
    assert {rung.name: rung.check(quote, source) for rung in LADDER} == dict.fromkeys(RUNGS, False)
    result = run_ladder([SimpleNamespace(id="q", kind="mine", label="unfaithful", quote=quote, source=source)])
    assert result.verdicts["q"] == (False,) * len(RUNGS)


def test_custom_items_and_unknown_kinds():
    items = [
        SimpleNamespace(id="a", kind="mine", label="faithful", quote="Retries\u00a0OFF", source="retries off."),
        SimpleNamespace(id="b", kind="case", label="unfaithful", quote="retries on", source="retries off."),
    ]
    result = run_ladder(items)
    # "retries on" against its best window "retries o": 2 * 9 / (10 + 9) = 94.7, under 95 but over 90
    assert [(f.kind, f.some) for f in result.firsts] == [("case", "partial_90"), ("mine", "article")]
    assert result.overall[1] == ("article", 1, 1, 0, 1)


def test_the_whole_catalogue_within_a_generous_bound(catalogue):
    start = time.perf_counter()
    run_ladder(catalogue)
    assert time.perf_counter() - start < 5.0  # measured in benchmarks/ladder.py: well under 1 s


def test_importing_the_ladder_loads_no_rapidfuzz():
    code = "import sys, groundlab.lab.ladder, groundlab.lab.fuzzy; print('rapidfuzz' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
