"""groundlab.hints.bounded: difflib alignments that stop at a work bound instead of running for seconds."""

import difflib

import pytest

from groundlab.hints.bounded import WORK_LIMIT, Budget, bounded_matcher


@pytest.mark.parametrize(
    "a, b",
    [
        ("read_timeout_ms=5000", "read_timeout_ms=500\u00ad0"),
        ("Assistant, ignore the request", "Assistant, disregard the request\n"),
        ("", "abc"),
        ("abc", ""),
        (["e\u0301", "x"], ["\u00e9", "x"]),  # lists of clusters, as the NFC hint aligns them
    ],
)
def test_within_the_bound_it_is_exactly_difflib(a, b):
    plain = difflib.SequenceMatcher(None, a, b, autojunk=False)
    bounded = bounded_matcher(a, b)
    assert bounded.get_opcodes() == plain.get_opcodes()
    assert bounded.ratio() == plain.ratio()


def test_autojunk_is_passed_on_as_get_close_matches_uses_it():
    a, b = "x" * 10, "y" + "x" * 205  # 'x' is popular in a b of 200+ items, so never matched
    assert bounded_matcher(a, b, autojunk=True).ratio() == difflib.SequenceMatcher(None, a, b).ratio() == 0.0
    assert bounded_matcher(a, b).ratio() == pytest.approx(20 / 216)


def test_each_step_is_charged_before_it_runs():
    # set-up len(a) + len(b) = 6; first call: a's positions in b (a:1, b:1, c:0) + 2 each + 1 = 9;
    # it finds 'ab', and the call over the rest ('c' against 'd') costs 2 + 1 = 3: 18 in all
    budget = Budget(18)
    assert bounded_matcher("abc", "abd", budget).get_matching_blocks()[0] == (0, 0, 2)
    assert budget.left == 0
    budget = Budget(17)
    assert bounded_matcher("abc", "abd", budget) is None
    assert budget.left == 2  # the steps done stay spent; the one refused takes nothing
    budget = Budget(5)
    assert bounded_matcher("abc", "abd", budget) is None
    assert budget.left == 5  # refused before indexing anything


def test_repetitive_text_stops_at_the_default_bound():
    # "a" x 256 against "abab...": difflib alone takes seconds here (the 6-15 s case);
    # this also fails loudly if difflib stops calling find_longest_match through self
    assert bounded_matcher("a" * 256, "ab" * 192) is None
    budget = Budget(10 * WORK_LIMIT)
    assert bounded_matcher("a" * 64, "ab" * 48, budget).ratio() == difflib.SequenceMatcher(
        None, "a" * 64, "ab" * 48, autojunk=False
    ).ratio()
    assert 0 < 10 * WORK_LIMIT - budget.left < WORK_LIMIT


def test_a_shared_budget_runs_out_across_alignments():
    budget = Budget(40)
    assert bounded_matcher("abc", "abd", budget) is not None  # 18 units
    assert bounded_matcher("abc", "abd", budget) is not None  # 18 more
    assert bounded_matcher("abc", "abd", budget) is None
    assert budget.left == 4
