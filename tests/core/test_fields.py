"""The per-field contract: exact states on the study, and its properties against verify_answer."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from groundlab import FieldState, Request, Status, load_case_set, verify_answer, verify_fields

STUDY = load_case_set()
MORE = load_case_set("config_contract_more.json")
V, R, M, N = FieldState.VERIFIED, FieldState.REJECTED, FieldState.MISSING, FieldState.NOT_CHECKED


def _states(case, case_set=STUDY):
    report = verify_fields(case.raw, case.request, case_set.sources)
    return {name: (r.state, r.reason, r.value) for name, r in report.fields.items()}, report


def test_an_accepted_answer_is_verified_field_by_field():
    states, report = _states(STUDY["complete"])
    assert states == {"read_timeout_ms": (V, None, "5000"), "retry_enabled": (V, None, "false")}
    assert (dict(report.accepted), report.unrequested, report.complete) == (
        {"read_timeout_ms": "5000", "retry_enabled": "false"}, (), True,
    )


def test_one_wrong_field_leaves_the_other_verified():
    states, report = _states(STUDY["wrong-value-real-quote"])
    assert states == {"read_timeout_ms": (R, Status.VALUE_MISMATCH, None), "retry_enabled": (V, None, "false")}
    assert (dict(report.accepted), report.complete) == ({"retry_enabled": "false"}, False)


def test_an_unreadable_answer_checks_nothing():
    case = next(c for c in STUDY if c.expected is Status.INVALID_JSON)
    states, report = _states(case)
    assert set(states.values()) == {(N, Status.INVALID_JSON, None)}
    assert list(states) == list(case.request.fields)
    assert (dict(report.accepted), report.complete, report.error.code) == ({}, False, case.code)


def test_missing_duplicate_and_unrequested_claims():
    request = Request("payments", "prod", "v2", ["read_timeout_ms", "retry_enabled"], ["prod-v2", "dev-v2"])
    claims = [
        {"field": "retry_enabled", "value": "false", "doc": "prod-v2", "quote": "retry_enabled=false"},
        {"field": "retry_enabled", "value": "false", "doc": "prod-v2", "quote": "retry_enabled=false"},
        {"field": "max_connections", "value": "50", "doc": "nowhere", "quote": "max_connections=50"},
    ]
    report = verify_fields(json.dumps({"claims": claims}), request, STUDY.sources)
    assert dict(report.fields) == {
        "read_timeout_ms": (M, None, None),
        "retry_enabled": (R, Status.DUPLICATE_CLAIM, None),
    }
    assert (report.unrequested, dict(report.accepted), report.complete) == ((("max_connections", "nowhere"),), {}, False)
    assert report.to_dict() == {
        "fields": {
            "read_timeout_ms": {"state": "MISSING", "reason": None, "value": None},
            "retry_enabled": {"state": "REJECTED", "reason": "DUPLICATE_CLAIM", "value": None},
        },
        "accepted": {},
        "unrequested": [["max_connections", "nowhere"]],
        "complete": False,
        "error": None,
    }


def test_an_unrequested_claim_alone_makes_the_report_incomplete():
    request = Request("payments", "prod", "v2", ["retry_enabled"], ["prod-v2"])
    claims = [
        {"field": "retry_enabled", "value": "false", "doc": "prod-v2", "quote": "retry_enabled=false"},
        {"field": "read_timeout_ms", "value": "5000", "doc": "prod-v2", "quote": "read_timeout_ms=5000"},
    ]
    report = verify_fields(json.dumps({"claims": claims}), request, STUDY.sources)
    assert (dict(report.accepted), report.unrequested, report.complete) == ({"retry_enabled": "false"}, (("read_timeout_ms", "prod-v2"),), False)
    assert verify_answer(json.dumps({"claims": claims}), request, STUDY.sources).status is Status.UNREQUESTED_FIELD


def test_the_study_counts_per_field():
    counts = {}
    for case in STUDY:
        for result in verify_fields(case.raw, case.request, STUDY.sources).fields.values():
            counts[result.state] = counts.get(result.state, 0) + 1
    assert sum(counts.values()) == sum(len(c.request.fields) for c in STUDY)
    assert counts[N] == 2 * 5  # the five INVALID_JSON cases, two fields each


def test_field_states_print_as_their_names():
    assert (str(FieldState.VERIFIED), f"{FieldState.MISSING}") == ("VERIFIED", "MISSING")


ALL = [(case, STUDY) for case in STUDY] + [(case, MORE) for case in MORE]


@pytest.mark.parametrize(("case", "case_set"), ALL, ids=[c.id for c, _ in ALL])
def test_properties_on_every_fixture_case(case, case_set):
    _check_properties(case.raw, case.request, case_set.sources)


def _check_properties(raw, request, sources):
    verdict = verify_answer(raw, request, sources)
    report = verify_fields(raw, request, sources)
    if verdict.ok:
        assert dict(report.accepted) == dict(verdict.accepted)
        assert all(r.state is V for r in report.fields.values()) and report.complete
    for name, result in report.fields.items():
        assert (result.value is None) == (result.state is not V)
        if result.state is V:
            # its single claim passes every claim-level check of the full contract
            (claim,) = [c for c in verdict.claims if c.field == name]
            alone = json.dumps({"claims": [claim._asdict()]})
            single = Request(request.service, request.environment, request.revision, [name], request.supplied)
            assert verify_answer(alone, single, sources).status is Status.ACCEPT
            assert result.value == claim.value
    assert list(report.fields) == list(request.fields)


_FIELDS = ["read_timeout_ms", "retry_enabled", "max_connections"]
_DOCS = ["prod-v2", "prod-v1", "dev-v2", "billing-v2", "nowhere"]
_VALUES = ["5000", "false", "2000", "true", "5s", "50"]


@st.composite
def _claims(draw):
    field = draw(st.sampled_from(_FIELDS))
    value = draw(st.sampled_from(_VALUES))
    quote = draw(st.sampled_from([f"{field}={value}", f"{field}=5000", "retry_enabled=false", "read_timeout_ms=5000"]))
    return {"field": field, "value": value, "doc": draw(st.sampled_from(_DOCS)), "quote": quote}


@given(st.lists(_claims(), max_size=5), st.sets(st.sampled_from(_FIELDS[:2]), min_size=1), st.sets(st.sampled_from(_DOCS[:4]), min_size=1))
@settings(max_examples=400, deadline=None)
def test_properties_on_random_answers(claims, fields, supplied):
    request = Request("payments", "prod", "v2", sorted(fields), sorted(supplied))
    _check_properties(json.dumps({"claims": claims}), request, STUDY.sources)
