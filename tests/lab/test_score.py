"""score_verifier: the contract scores 100%, the citation-only rule fails by kind, and no verifier can stop the run."""

import json

import pytest

from groundlab import (
    MUTATION_KINDS,
    VERIFIERS,
    Disagreement,
    Status,
    citation_only_verifier,
    contract_verifier,
    load_mutations,
    quotes_exist_verifier,
    score_verifier,
    verify_answer,
)

TOTALS = {
    "syntax": 64, "shape": 72, "value_swap": 21, "value_near_miss": 28, "doc_uncited": 56, "doc_swap_scope": 28,
    "doc_swap_revision": 14, "quote_absent": 28, "quote_swap": 42, "field_unrequested": 30, "field_swap": 12,
    "claim_drop": 14, "claim_duplicate": 34, "claim_reorder": 20, "request_revision": 16, "request_scope": 16,
    "request_supplied": 32, "request_fields": 28,
}
# The citation-only rule agrees only where the answer does not parse, a quote is not cited, or the contract accepts.
CITATION_ONLY = {
    "syntax": 64, "shape": 72, "value_swap": 0, "value_near_miss": 0, "doc_uncited": 56, "doc_swap_scope": 0,
    "doc_swap_revision": 0, "quote_absent": 28, "quote_swap": 0, "field_unrequested": 0, "field_swap": 0,
    "claim_drop": 2, "claim_duplicate": 0, "claim_reorder": 20, "request_revision": 0, "request_scope": 0,
    "request_supplied": 32, "request_fields": 6,
}


@pytest.fixture(scope="module")
def catalogue():
    return load_mutations()


@pytest.mark.parametrize("fn", [verify_answer, contract_verifier, lambda raw, request, sources: verify_answer(raw, request, sources).status])
def test_the_contract_scores_100_percent_on_every_kind(fn, catalogue):
    report = score_verifier(fn, catalogue)
    assert (report.agreed, report.total, report.rate, report.errors, report.perfect) == (555, 555, 1.0, 0, True)
    assert {k.kind: (k.agreed, k.total, k.rate) for k in report.kinds} == {k: (n, n, 1.0) for k, n in TOTALS.items()}
    assert report.disagreements == ()
    assert report.rows()[-1] == ("overall", 555, 555, "100.0%")


def test_the_default_catalogue_is_the_frozen_mutations():
    report = score_verifier(verify_answer)
    assert (report.verifier, report.total, [k.kind for k in report.kinds]) == ("verify_answer", 555, list(MUTATION_KINDS))


def test_the_citation_only_verifier_scores_below_60_percent_with_its_failures_by_kind(catalogue):
    report = score_verifier(citation_only_verifier, catalogue)
    assert (report.agreed, report.total, report.errors, report.perfect) == (280, 555, 0, False)
    assert report.rate == 280 / 555 < 0.6
    assert {k.kind: (k.agreed, k.total) for k in report.kinds} == {k: (CITATION_ONLY[k], n) for k, n in TOTALS.items()}
    failing = [k.kind for k in report.kinds if k.agreed < k.total]
    assert [d.kind for d in report.disagreements] == [kind for kind in failing for _ in range(3)]
    assert [d.case_id for d in report.kind("value_swap").disagreements] == [
        "complete.value_swap.c0-2000", "complete.value_swap.c0-12000", "complete.value_swap.c1-true"]
    assert report.kind("claim_drop").disagreements[0] == Disagreement("complete.claim_drop.c0", "claim_drop", "INCOMPLETE", "ACCEPT")
    assert {d.got for d in report.disagreements} == {"ACCEPT"}
    assert report.kind("syntax").disagreements == ()


def test_the_citation_only_verifier_on_the_study_misses_the_articles_ten_false_accepts(study):
    report = score_verifier(citation_only_verifier, study, per_kind=10)
    assert (report.agreed, report.total) == (12, 22)
    assert sorted(d.case_id for d in report.disagreements) == sorted(
        c.id for c in study if c.expected is not Status.ACCEPT and citation_only_verifier(c.raw, c.request, study.sources) == "ACCEPT")
    assert len(report.disagreements) == 10 and {d.got for d in report.disagreements} == {"ACCEPT"}


def test_the_naive_quotes_exist_verifier_raises_on_some_cases_and_the_run_completes(catalogue):
    report = score_verifier(quotes_exist_verifier, catalogue, per_kind=8)
    assert (report.agreed, report.total, report.errors) == (164, 555, 38)
    assert {k.kind: k.errors for k in report.kinds if k.errors} == {"shape": 24, "doc_uncited": 14}
    shape = report.kind("shape").disagreements
    assert [(d.case_id, d.got, d.raised) for d in shape[:3]] == [
        ("complete.shape.bare-value", "ACCEPT", False),
        ("complete.shape.extra-member", "ACCEPT", False),
        ("complete.shape.missing-quote", "raised KeyError: 'quote'", True),
    ]
    assert ("complete.shape.bare-list", "raised TypeError: list indices must be integers or slices, not str") in {
        (d.case_id, d.got) for d in shape}
    assert report.kind("syntax").agreed == 56  # json.loads lets NaN through, and only NaN
    assert [d.case_id for d in report.kind("syntax").disagreements] == [f"{b}.syntax.nan" for b in (
        "complete", "reordered", "one-field", "x-accept-compact", "x-accept-crlf", "x-accept-escaped-equals",
        "x-accept-member-order", "x-accept-retry-only")]
    assert "38 case(s) raised an exception; each counts as a disagreement" in report.render()


def test_an_exception_is_a_disagreement_shown_on_one_clipped_printable_line(catalogue):
    def flaky(raw, request, sources):
        if raw.startswith("\ufeff"):
            raise RuntimeError("bad\nline \x1b[31m" + "x" * 200)
        return verify_answer(raw, request, sources)

    report = score_verifier(flaky, catalogue, per_kind=1)
    assert (report.agreed, report.total, report.errors) == (547, 555, 8)
    assert {k.kind: (k.agreed, k.errors) for k in report.kinds if k.errors} == {"syntax": (56, 8)}
    (listed,) = report.disagreements
    message = "bad\\nline \\x1b[31m" + "x" * 61 + "…"  # escaped, then clipped to 80 code points
    assert len(message) == 80
    assert listed == Disagreement("complete.syntax.bom", "syntax", "INVALID_JSON", "raised RuntimeError: " + message, True)
    assert flaky.__qualname__ == "test_an_exception_is_a_disagreement_shown_on_one_clipped_printable_line.<locals>.flaky"
    assert report.verifier == flaky.__qualname__[:79] + "…"  # the name is clipped to 80 code points too


class _Hostile:
    def __repr__(self):
        raise RuntimeError("no repr")


@pytest.mark.parametrize(
    ("result", "got"),
    [
        (42, "returned 42, not a status"),
        ("accept", "returned 'accept', not a status"),
        (None, "returned None, not a status"),
        (b"ACCEPT", "returned b'ACCEPT', not a status"),
        ("ACCEPT\n" * 30, "returned " + repr("ACCEPT\n" * 30)[:79] + "…, not a status"),
        (_Hostile(), "returned a _Hostile, not a status"),
    ],
)
def test_anything_but_a_status_is_a_disagreement(result, got, catalogue):
    report = score_verifier(lambda raw, request, sources: result, catalogue, per_kind=1, name="garbage")
    assert (report.verifier, report.agreed, report.total, report.errors) == ("garbage", 0, 555, 0)
    assert {d.got for d in report.disagreements} == {got}
    assert len(report.disagreements) == 18


def test_a_status_member_and_its_string_both_count(catalogue):
    accepted = sum(1 for c in catalogue if c.expected is Status.ACCEPT)
    for result in (Status.ACCEPT, "ACCEPT"):
        report = score_verifier(lambda raw, request, sources: result, catalogue)
        assert (report.agreed, report.kind("claim_reorder").rate) == (accepted, 1.0)
    assert accepted == 50


def test_keyboard_interrupt_still_stops_the_run(catalogue):
    def interrupted(raw, request, sources):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        score_verifier(interrupted, catalogue)


def test_per_kind_bounds_the_listing_not_the_counts(catalogue):
    report = score_verifier(citation_only_verifier, catalogue, per_kind=0)
    assert (report.agreed, report.disagreements) == (280, ())
    assert len(score_verifier(citation_only_verifier, catalogue, per_kind=100).disagreements) == 555 - 280
    with pytest.raises(ValueError, match="per_kind must be >= 0"):
        score_verifier(citation_only_verifier, catalogue, per_kind=-1)


def test_the_report_as_json_and_as_text(catalogue):
    report = score_verifier(citation_only_verifier, catalogue, per_kind=1)
    data = json.loads(json.dumps(report.to_dict()))
    assert {key: data[key] for key in ("verifier", "agreed", "total", "errors")} == {
        "verifier": "citation_only_verifier", "agreed": 280, "total": 555, "errors": 0}
    assert data["kinds"][2] == {"kind": "value_swap", "agreed": 0, "total": 21, "rate": 0.0, "errors": 0, "disagreements": [
        {"case": "complete.value_swap.c0-2000", "kind": "value_swap", "expected": "VALUE_MISMATCH", "got": "ACCEPT", "raised": False}]}
    lines = report.render().splitlines()
    assert lines[:4] == [
        "verifier: citation_only_verifier",
        "kind               agreed  total    rate",
        "syntax                 64     64  100.0%",
        "shape                  72     72  100.0%",
    ]
    assert lines[19:23] == [
        "request_fields          6     28   21.4%",
        "overall               280    555   50.5%",
        "",
        "first disagreements, by kind:",
    ]
    assert lines[23] == "  value_swap  complete.value_swap.c0-2000: expected VALUE_MISMATCH, got ACCEPT"
    assert len(lines) == 23 + 12
    assert report.rows()[11] == ("claim_drop", 2, 14, "14.3%")
    with pytest.raises(KeyError, match="no kind 'nope'"):
        report.kind("nope")


def test_the_example_verifiers_are_named():
    assert dict(VERIFIERS) == {"contract": contract_verifier, "citation-only": citation_only_verifier, "quotes-exist": quotes_exist_verifier}


def test_a_verifier_that_exits_is_scored_not_obeyed():
    import sys

    from groundlab import load_case_set, score_verifier

    study = load_case_set()
    report = score_verifier(lambda raw, request, sources: sys.exit(3), study)
    assert (report.agreed, report.errors) == (0, len(study.cases))
    assert report.disagreements[0].got == "raised SystemExit: 3"


def test_the_rendered_table_lines_up_in_chinese_too():
    from groundlab import set_language
    from groundlab.core.text import width as _columns

    report = score_verifier(contract_verifier)
    english = report.render().splitlines()
    assert english[1].split() == ["kind", "agreed", "total", "rate"]
    set_language("zh-Hant")
    chinese = report.render().splitlines()
    assert chinese[1].split() == ["種類", "一致", "總數", "比率"] and chinese[len(report.kinds) + 2].startswith("整體 ")
    table = chinese[1 : len(report.kinds) + 3]
    assert len({_columns(line) for line in table}) == 1, table  # every row as wide on a terminal
