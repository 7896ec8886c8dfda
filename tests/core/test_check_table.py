"""The check table is the contract's one statement of its checks, and the contract runs in its order.

One-fault answers are built from the frozen study's accepted answer ``complete`` (claim 0
``read_timeout_ms`` and claim 1 ``retry_enabled``, both from ``prod-v2``): each breaks one
thing, and the failing trace step must carry the table's check, status and a reason of that
check. Answers with two faults show which one the order lets decide.
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

import groundlab
from groundlab import FieldState, Status, load_case_set, verify_answer, verify_fields
from groundlab.core import checks, contract
from groundlab.core.checks import CHECK_TABLE, CHECKS, CLAIM_CHECKS, REASONS, STATUS_MEANINGS, STATUS_OF_CHECK
from groundlab.core.claims import MAX_CLAIMS, MAX_INPUT_UNITS
from groundlab.core.errors import ERROR_CODES
from groundlab.core.trace import trace_rows
from groundlab.hints import hints_for_verdict

ROOT = Path(__file__).resolve().parents[2]
STUDY = load_case_set()
SOURCES = STUDY.sources
REQUEST = STUDY["complete"].request
ROW = {check.name: check for check in CHECK_TABLE}

TIMEOUT = {"field": "read_timeout_ms", "value": "5000", "doc": "prod-v2", "quote": "read_timeout_ms=5000"}
RETRY = {"field": "retry_enabled", "value": "false", "doc": "prod-v2", "quote": "retry_enabled=false"}


def claim(base=RETRY, **changes):
    return {**base, **changes}


def answer(*claims) -> str:
    return json.dumps({"claims": list(claims)})


def request(**changes):
    return dataclasses.replace(REQUEST, **changes)


WITH_BILLING = request(supplied=REQUEST.supplied + ("billing-v2",))
WITH_MAX = request(fields=REQUEST.fields + ("max_connections",))
MANY = [claim(RETRY) for _ in range(MAX_CLAIMS + 1)]
PARSE_FAULTS = {
    "too_long": '{"claims": [], "pad": "' + "x" * MAX_INPUT_UNITS + '"}',
    "too_many_claims": answer(*MANY),
    "not_json": "The timeout is 5000.",
    "too_deep": '{"claims": ' + "[" * 80 + "]" * 80 + "}",
    "duplicate_member": '{"claims": [], "claims": []}',
    "bad_text": answer(claim(RETRY, value="false\u0001")),
    "bad_number": '{"claims": [1e999]}',
    "wrong_shape": '{"claims": [{"field": "retry_enabled"}]}',
}

# (id, raw, request, the failing step's claim, check, reason): one fault each, at claim 1
# where the fault is a claim's, so claim 0 passes every check first.
ONE_FAULT = [
    *[(f"parse-{code}", raw, REQUEST, None, "parse", code) for code, raw in PARSE_FAULTS.items()],
    ("citation-no-claims", answer(), REQUEST, None, "citation", "no_claims"),
    ("citation-unknown-doc", answer(TIMEOUT, claim(doc="nowhere")), REQUEST, 1, "citation", "unknown_doc"),
    ("citation-not-supplied", answer(TIMEOUT, claim(doc="billing-v2")), REQUEST, 1, "citation", "not_supplied"),
    ("citation-quote-absent", answer(TIMEOUT, claim(quote="retry_enabled = false")), REQUEST, 1, "citation", "quote_absent"),
    ("duplicate", answer(TIMEOUT, TIMEOUT), REQUEST, 1, "duplicate", "repeated_field"),
    ("requested", answer(TIMEOUT, claim(field="max_retries")), REQUEST, 1, "requested", "not_requested"),
    ("scope-service", answer(TIMEOUT, claim(doc="billing-v2")), WITH_BILLING, 1, "scope", "other_service"),
    ("scope-environment", answer(TIMEOUT, claim(doc="dev-v2", value="true", quote="retry_enabled=true")), REQUEST, 1, "scope", "other_environment"),
    ("revision", answer(TIMEOUT, claim(doc="prod-v1", value="true", quote="retry_enabled=true")), REQUEST, 1, "revision", "old_revision"),
    ("value-no-fact", answer(TIMEOUT, RETRY, claim(field="max_connections")), WITH_MAX, 2, "value", "no_fact"),
    ("value-other", answer(TIMEOUT, claim(value="true")), REQUEST, 1, "value", "other_value"),
    ("supports", answer(TIMEOUT, claim(quote="false")), REQUEST, 1, "supports", "not_canonical"),
    ("coverage", answer(TIMEOUT), REQUEST, None, "coverage", "missing_fields"),
]
IDS = [case[0] for case in ONE_FAULT]


def test_the_table_has_nine_checks_in_order_each_with_its_own_status():
    assert [check.order for check in CHECK_TABLE] == list(range(1, len(CHECK_TABLE) + 1)) == list(range(1, 10))
    assert CHECKS == ("parse", "citation", "duplicate", "requested", "scope", "revision", "value", "supports", "coverage")
    assert [check.status for check in CHECK_TABLE] + [Status.ACCEPT] == list(Status)
    statuses = [check.status for check in CHECK_TABLE]
    assert all(statuses.count(status) == 1 for status in Status if status is not Status.ACCEPT)
    assert Status.ACCEPT not in statuses
    assert all(check.meaning and check.meaning[0].islower() and "\n" not in check.meaning for check in CHECK_TABLE)


def test_the_scopes_answer_level_around_the_claim_level_block():
    assert {check.scope for check in CHECK_TABLE} == {"answer", "claim"}
    assert [c.name for c in CHECK_TABLE if c.scope == "answer"] == ["parse", "citation", "coverage"]
    assert CLAIM_CHECKS == ("duplicate", "requested", "scope", "revision", "value", "supports")
    orders = [c.order for c in CHECK_TABLE if c.scope == "claim"]
    assert orders == list(range(orders[0], orders[-1] + 1)), "the claim-level checks are one block"
    assert ROW["citation"].order < orders[0] < orders[-1] < ROW["coverage"].order


def test_each_reason_belongs_to_exactly_one_check():
    owners = {}
    for check in CHECK_TABLE:
        assert check.reasons and len(set(check.reasons)) == len(check.reasons)
        for reason in check.reasons:
            owners.setdefault(reason, []).append(check.name)
    assert {reason: names for reason, names in owners.items() if len(names) > 1} == {}
    assert ROW["parse"].reasons == ERROR_CODES
    assert set(owners) - set(ERROR_CODES) == set(REASONS) - {"ok"}
    assert "ok" not in owners


def test_the_derived_names_are_the_tables():
    assert STATUS_OF_CHECK == {check.name: check.status for check in CHECK_TABLE}
    assert list(STATUS_OF_CHECK) == list(CHECKS)
    assert list(STATUS_MEANINGS) == list(Status)
    assert all(STATUS_MEANINGS[check.status] == check.meaning for check in CHECK_TABLE)
    for name in ("CHECKS", "REASONS", "STATUS_MEANINGS", "STATUS_OF_CHECK", "Status"):
        assert getattr(contract, name) is getattr(checks, name)
    assert groundlab.CHECK_TABLE is CHECK_TABLE and groundlab.Check is checks.Check
    assert groundlab.core.contract.Status is Status


@pytest.mark.parametrize("case_id, raw, req, index, check, reason", ONE_FAULT, ids=IDS)
def test_one_fault_fails_at_the_tables_check_with_its_status(case_id, raw, req, index, check, reason):
    verdict = verify_answer(raw, req, SOURCES)
    assert verdict.failed_step() == (index, check, False, reason)
    assert verdict.status is ROW[check].status
    assert reason in ROW[check].reasons
    assert all(step.passed for step in verdict.trace[:-1])
    assert verdict.accepted == {}


@pytest.mark.parametrize("case_id, raw, req, index, check, reason", ONE_FAULT, ids=IDS)
def test_the_trace_runs_in_the_tables_order_claim_by_claim(case_id, raw, req, index, check, reason):
    def key(step):
        row = ROW[step.check]
        if row.scope == "claim":  # the claim-level block: claim by claim, then the table's order
            return (ROW[CLAIM_CHECKS[0]].order, step.claim, row.order)
        return (row.order, -1 if step.claim is None else step.claim, 0)

    trace = verify_answer(raw, req, SOURCES).trace
    assert [key(step) for step in trace] == sorted(key(step) for step in trace)
    assert len(set(trace)) == len(trace)
    if check in CLAIM_CHECKS:  # every claim before the failing one ran every claim-level check
        ran = [(s.claim, s.check) for s in trace if s.check in CLAIM_CHECKS]
        expected = [(i, c) for i in range(index) for c in CLAIM_CHECKS]
        assert ran == expected + [(index, c) for c in CLAIM_CHECKS[: CLAIM_CHECKS.index(check) + 1]]


def test_an_accepted_answer_runs_every_check_in_the_tables_order():
    verdict = verify_answer(answer(TIMEOUT, RETRY), REQUEST, SOURCES)
    assert verdict.status is Status.ACCEPT
    assert [s.check for s in verdict.trace] == ["parse", "citation", "citation", *CLAIM_CHECKS, *CLAIM_CHECKS, "coverage"]


def test_every_reason_of_the_table_is_reached_by_a_one_fault_answer():
    reached = {(check, reason) for *_, check, reason in ONE_FAULT}
    assert reached == {(check.name, reason) for check in CHECK_TABLE for reason in check.reasons}


# Two or three faults on claim 1 (each set lists every check the claim fails): the one
# whose check comes first in the table decides.
ONLY_TIMEOUT = request(fields=("read_timeout_ms",))
V1 = request(revision="v1")
TWO_FAULTS = [
    (claim(TIMEOUT, value="12000", doc="dev-v2", quote="read_timeout_ms=12000"), REQUEST, {"duplicate", "scope"}),
    (claim(TIMEOUT, value="2000", doc="prod-v1", quote="read_timeout_ms=2000"), REQUEST, {"duplicate", "revision"}),
    (claim(TIMEOUT, value="1"), REQUEST, {"duplicate", "value"}),
    (claim(TIMEOUT, quote="5000"), REQUEST, {"duplicate", "supports"}),
    (claim(doc="dev-v2", value="true", quote="retry_enabled=true"), ONLY_TIMEOUT, {"requested", "scope"}),
    (claim(doc="prod-v1", value="true", quote="retry_enabled=true"), ONLY_TIMEOUT, {"requested", "revision"}),
    (claim(value="true"), ONLY_TIMEOUT, {"requested", "value"}),
    (claim(quote="false"), ONLY_TIMEOUT, {"requested", "supports"}),
    (claim(doc="dev-v2", value="true", quote="retry_enabled=true"), V1, {"scope", "revision"}),
    (claim(doc="dev-v2", quote="retry_enabled=true"), V1, {"scope", "revision", "value"}),
    (claim(doc="dev-v2", quote="retry_enabled=true"), REQUEST, {"scope", "value"}),
    (claim(doc="dev-v2", value="true", quote="true"), REQUEST, {"scope", "supports"}),
    (claim(doc="prod-v1", quote="retry_enabled=true"), REQUEST, {"revision", "value"}),
    (claim(doc="prod-v1", value="true", quote="true"), REQUEST, {"revision", "supports"}),
    (claim(value="true", quote="false"), REQUEST, {"value", "supports"}),
]


@pytest.mark.parametrize("second, req, faults", TWO_FAULTS, ids=["+".join(sorted(f, key=CHECKS.index)) for *_, f in TWO_FAULTS])
def test_of_two_faults_on_one_claim_the_tables_first_decides(second, req, faults):
    first = TIMEOUT if req.revision == "v2" else claim(TIMEOUT, value="2000", doc="prod-v1", quote="read_timeout_ms=2000")
    step = verify_answer(answer(first, second), req, SOURCES).failed_step()
    assert (step.claim, step.check) == (1, min(faults, key=CHECKS.index))


def test_pairs_of_claim_level_checks_are_all_ordered_by_the_tests():
    pairs = {tuple(sorted(pair, key=CHECKS.index)) for *_, faults in TWO_FAULTS for pair in _pairs(faults)}
    every = {(a, b) for i, a in enumerate(CLAIM_CHECKS) for b in CLAIM_CHECKS[i + 1 :]}
    # duplicate and requested cannot both hold on one claim: a duplicate repeats an earlier
    # claim's field, which was requested or that earlier claim failed first
    assert every - pairs == {("duplicate", "requested")}


def _pairs(faults):
    faults = sorted(faults, key=CHECKS.index)
    return [(a, b) for i, a in enumerate(faults) for b in faults[i + 1 :]]


def test_claim_0s_last_check_runs_before_claim_1s_first():
    stale_then_duplicate = answer(claim(TIMEOUT, value="2000", doc="prod-v1", quote="read_timeout_ms=2000"), TIMEOUT)
    assert verify_answer(stale_then_duplicate, REQUEST, SOURCES).failed_step() == (0, "revision", False, "old_revision")
    unsupported_then_unrequested = answer(claim(TIMEOUT, quote="5000"), claim(field="max_retries"))
    assert verify_answer(unsupported_then_unrequested, REQUEST, SOURCES).failed_step() == (0, "supports", False, "not_canonical")


def test_the_answer_level_checks_come_before_and_after_every_claim_level_one():
    scope_then_unknown = answer(claim(TIMEOUT, value="12000", doc="dev-v2", quote="read_timeout_ms=12000"), claim(doc="nowhere"))
    assert verify_answer(scope_then_unknown, REQUEST, SOURCES).failed_step() == (1, "citation", False, "unknown_doc")
    wrong_value_and_missing = answer(claim(TIMEOUT, value="1"))
    assert verify_answer(wrong_value_and_missing, REQUEST, SOURCES).failed_step() == (0, "value", False, "other_value")
    broken = answer(claim(TIMEOUT, doc="nowhere"), TIMEOUT)[:-1] + ",}"
    assert verify_answer(broken, REQUEST, SOURCES).failed_step() == (None, "parse", False, "not_json")


SINGLE_CLAIM = [case for case in ONE_FAULT if case[4] in ("citation", "scope", "revision", "value", "supports") and case[3] is not None]


@pytest.mark.parametrize("case_id, raw, req, index, check, reason", SINGLE_CLAIM, ids=[c[0] for c in SINGLE_CLAIM])
def test_verify_fields_rejects_the_faulty_field_with_verify_answers_status(case_id, raw, req, index, check, reason):
    status = verify_answer(raw, req, SOURCES).status
    faulty = json.loads(raw)["claims"][index]["field"]
    report = verify_fields(raw, req, SOURCES)
    assert report.fields[faulty] == (FieldState.REJECTED, status, None)
    assert {name for name, r in report.fields.items() if r.state is FieldState.VERIFIED} == set(req.fields) - {faulty}


def test_verify_fields_on_the_other_faults():
    by_id = {case[0]: case for case in ONE_FAULT}

    def states(case_id):
        _, raw, req, *_ = by_id[case_id]
        return {name: (r.state, r.reason) for name, r in verify_fields(raw, req, SOURCES).fields.items()}

    for code in PARSE_FAULTS:
        assert set(states(f"parse-{code}").values()) == {(FieldState.NOT_CHECKED, Status.INVALID_JSON)}
    assert states("duplicate")["read_timeout_ms"] == (FieldState.REJECTED, Status.DUPLICATE_CLAIM)
    assert states("requested")["retry_enabled"] == (FieldState.MISSING, None)
    assert states("coverage")["retry_enabled"] == (FieldState.MISSING, None)


@pytest.mark.parametrize("case_id, raw, req, index, check, reason", ONE_FAULT, ids=IDS)
def test_the_trace_and_the_hints_speak_of_the_failing_check(case_id, raw, req, index, check, reason):
    verdict = verify_answer(raw, req, SOURCES)
    row = trace_rows(verdict, req, SOURCES)[-1]
    assert (row.check, row.decided, row.status, row.reason) == (check, True, ROW[check].status, reason)
    assert row.sentence and "\n" not in row.sentence
    for hint in hints_for_verdict(verdict, req, SOURCES, raw=raw):
        assert (hint.claim, hint.check) == (index, check)


def test_the_architecture_document_shows_the_table():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("### Order of checks\n", 1)[1].split("\n### ", 1)[0]
    assert "`CHECK_TABLE` in `core/checks.py`" in section
    shown = [
        [cell.strip() for cell in line.strip("|").split("|")]
        for line in section.splitlines()
        if re.match(r"\| \d+ \|", line)
    ]
    assert shown == [
        [str(c.order), f"`{c.name}`", f"`{c.status}`", c.scope, c.meaning] for c in CHECK_TABLE
    ], "docs/architecture.md, Order of checks: copy the rows of CHECK_TABLE"
