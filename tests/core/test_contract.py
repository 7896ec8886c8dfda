"""groundlab.core.contract and groundlab.core.baselines: exact statuses, traces and maps."""

import json
from types import MappingProxyType

import pytest

from groundlab import Registry, Request, Source, Status, verify_answer
from groundlab.core.baselines import citation_only_accepts, strict_json_accepts
from groundlab.core.contract import CHECKS, REASONS, STATUS_OF_CHECK, TraceStep
from groundlab.core.trace import trace_rows
from groundlab.study.cases import load_case_set

STUDY = load_case_set()
SOURCES = STUDY.sources
REQUEST = STUDY["complete"].request


def claim(field="read_timeout_ms", value="5000", doc="prod-v2", quote=None):
    return {"field": field, "value": value, "doc": doc, "quote": quote if quote is not None else f"{field}={value}"}


TIMEOUT = claim()
RETRY = claim("retry_enabled", "false")


def verify(*claims, request=REQUEST):
    return verify_answer(json.dumps({"claims": list(claims)}), request, SOURCES)


def test_status_is_a_str_enum_whose_str_is_its_name():
    assert str(Status.ACCEPT) == "ACCEPT"
    assert f"{Status.VALUE_MISMATCH}" == "VALUE_MISMATCH"
    assert Status.ACCEPT == "ACCEPT"
    assert [s.value for s in Status] == [
        "INVALID_JSON", "NO_CITATION", "DUPLICATE_CLAIM", "UNREQUESTED_FIELD", "SCOPE_MISMATCH",
        "STALE_REVISION", "VALUE_MISMATCH", "QUOTE_NOT_SUPPORTING", "INCOMPLETE", "ACCEPT",
    ]


def test_accept_returns_a_sorted_read_only_map_and_the_full_trace():
    verdict = verify(RETRY, TIMEOUT)
    assert verdict.status is Status.ACCEPT and verdict.ok and verdict.citation_only_ok
    assert list(verdict.accepted.items()) == [("read_timeout_ms", "5000"), ("retry_enabled", "false")]
    assert isinstance(verdict.accepted, MappingProxyType)
    with pytest.raises(TypeError):
        verdict.accepted["read_timeout_ms"] = "1"  # type: ignore[index]
    assert verdict.trace == (
        (None, "parse", True, "ok"),
        (0, "citation", True, "ok"),
        (1, "citation", True, "ok"),
        *[(0, c, True, "ok") for c in ("duplicate", "requested", "scope", "revision", "value", "supports")],
        *[(1, c, True, "ok") for c in ("duplicate", "requested", "scope", "revision", "value", "supports")],
        (None, "coverage", True, "ok"),
    )
    assert verdict.failed_step() is None


@pytest.mark.parametrize(
    "claims, status, failed",
    [
        ((claim(value="2000", quote="read_timeout_ms=5000"), RETRY), Status.VALUE_MISMATCH, (0, "value", False, "other_value")),
        ((claim(value="5s", quote="read_timeout_ms=5000"), RETRY), Status.VALUE_MISMATCH, (0, "value", False, "other_value")),
        ((claim(value="12000", doc="dev-v2"), RETRY), Status.SCOPE_MISMATCH, (0, "scope", False, "other_environment")),
        ((TIMEOUT, claim("retry_enabled", "true", "prod-v1")), Status.STALE_REVISION, (1, "revision", False, "old_revision")),
        ((claim(quote="retry_enabled=false"), RETRY), Status.QUOTE_NOT_SUPPORTING, (0, "supports", False, "not_canonical")),
        ((TIMEOUT, TIMEOUT, RETRY), Status.DUPLICATE_CLAIM, (1, "duplicate", False, "repeated_field")),
        ((TIMEOUT, claim("max_connections", "5000", quote="5000")), Status.UNREQUESTED_FIELD, (1, "requested", False, "not_requested")),
        ((TIMEOUT,), Status.INCOMPLETE, (None, "coverage", False, "missing_fields")),
        ((claim(quote="read timeout 5000"), RETRY), Status.NO_CITATION, (0, "citation", False, "quote_absent")),
        ((TIMEOUT, claim("retry_enabled", "false", "billing-v2")), Status.NO_CITATION, (1, "citation", False, "not_supplied")),
        ((claim(doc="prod-v9"),), Status.NO_CITATION, (0, "citation", False, "unknown_doc")),
        ((), Status.NO_CITATION, (None, "citation", False, "no_claims")),
    ],
)
def test_each_rejection_names_its_failed_step_and_returns_nothing(claims, status, failed):
    verdict = verify(*claims)
    assert verdict.status is status
    assert verdict.accepted == {} and not verdict.ok
    assert verdict.trace[-1] == failed
    assert verdict.failed_step() == TraceStep(*failed)
    assert TraceStep(*failed).status is status
    assert sum(not step[2] for step in verdict.trace) == 1
    assert verdict.citation_only_ok == (status is not Status.NO_CITATION)


def test_trace_steps_use_known_checks_and_reasons():
    for case in STUDY:
        verdict = verify_answer(case.raw, case.request, SOURCES)
        for step in verdict.trace:
            assert step.check in CHECKS
            assert step.reason in REASONS or (step.check == "parse" and step.reason == verdict.error.code)


def test_scope_is_checked_before_revision_and_value():
    raw = json.dumps({"claims": [claim(value="2000", doc="billing-v2", quote="read_timeout_ms=5000")]})
    request = Request("payments", "prod", "v2", ["read_timeout_ms"], ["prod-v2", "billing-v2"])
    verdict = verify_answer(raw, request, SOURCES)
    assert (verdict.status, verdict.trace[-1]) == (Status.SCOPE_MISMATCH, (0, "scope", False, "other_service"))


def test_partial_success_returns_nothing():
    verdict = verify(TIMEOUT, claim("retry_enabled", "true", quote="retry_enabled=false"))
    assert verdict.status is Status.VALUE_MISMATCH
    assert dict(verdict.accepted) == {}


def test_invalid_json_verdict_carries_the_error():
    verdict = verify_answer('{"claims": [], "answer": "yes"}', REQUEST, SOURCES)
    assert verdict.status is Status.INVALID_JSON and not verdict.citation_only_ok
    assert verdict.error.code == "wrong_shape"
    assert verdict.trace == ((None, "parse", False, "wrong_shape"),)
    assert verdict.claims == ()


def test_a_registry_or_any_iterable_of_sources_gives_the_same_verdict():
    raw = STUDY["complete"].raw
    assert verify_answer(raw, REQUEST, list(SOURCES)) == verify_answer(raw, REQUEST, SOURCES)


def test_wrong_trusted_inputs_raise_value_error_not_a_verdict():
    source = SOURCES["prod-v2"]
    with pytest.raises(ValueError, match="two sources share the id 'prod-v2'"):
        verify_answer("{}", REQUEST, [source, source])
    bad = Request("payments", "prod", "v2", ["read_timeout_ms"], ["prod-v2", "nowhere"])
    with pytest.raises(ValueError, match="'nowhere', which no source in the registry has"):
        verify_answer("{}", bad, SOURCES)
    with pytest.raises(ValueError, match="at least one field"):
        Request("payments", "prod", "v2", [], ["prod-v2"])


def test_trace_rows_read_as_sentences():
    case = STUDY["wrong-value-real-quote"]
    verdict = verify_answer(case.raw, case.request, SOURCES)
    lines = [row.line for row in trace_rows(verdict, case.request, SOURCES)]
    assert lines[-1] == "claim 0 value: FAILED: claimed '2000', but prod-v2 says read_timeout_ms=5000"
    assert lines[0] == "answer parse: passed: 2 claim(s) read"
    case = STUDY["dev-environment"]
    verdict = verify_answer(case.raw, case.request, SOURCES)
    assert trace_rows(verdict, case.request, SOURCES)[-1].line == (
        "claim 0 scope: FAILED: dev-v2 is environment 'dev', the request asks for 'prod'"
    )


def test_trace_row_sentence_and_line_for_each_reason():
    case = STUDY["duplicate-field"]
    verdict = verify_answer(case.raw, case.request, SOURCES)
    assert trace_rows(verdict, case.request, SOURCES)[-1].sentence == (
        "claim 0 already answers 'read_timeout_ms'"
    )
    case = STUDY["unrequested-field"]
    verdict = verify_answer(case.raw, case.request, SOURCES)
    assert trace_rows(verdict, case.request, SOURCES)[-1].line == (
        "claim 1 requested: FAILED: the request asks for read_timeout_ms, not 'retry_enabled'"
    )
    assert STATUS_OF_CHECK["supports"] is Status.QUOTE_NOT_SUPPORTING
    assert list(STATUS_OF_CHECK) == list(CHECKS)


def test_baselines_are_plain_booleans():
    assert strict_json_accepts(STUDY["complete"].raw) is True
    assert strict_json_accepts(STUDY["markdown-fence"].raw) is False
    case = STUDY["wrong-value-real-quote"]
    assert citation_only_accepts(case.raw, case.request, SOURCES) is True
    case = STUDY["paraphrased-quote"]
    assert citation_only_accepts(case.raw, case.request, SOURCES) is False
    assert citation_only_accepts("not json", REQUEST, SOURCES) is False


def test_source_facts_are_read_only_and_validated():
    source = Source("a", "s", "e", "r", {"k": "v"}, "k=v")
    with pytest.raises(TypeError):
        source.facts["k"] = "w"  # type: ignore[index]
    with pytest.raises(TypeError, match=r"facts\['k'\] must be a str"):
        Source("a", "s", "e", "r", {"k": 5}, "k=5")  # type: ignore[dict-item]
    with pytest.raises(ValueError, match="Source.id must not be empty"):
        Source("", "s", "e", "r", {}, "")
    assert Registry([source])["a"] is source and "a" in Registry([source])


def test_registry_of_reuses_a_registry_and_builds_one_from_sources():
    from groundlab.core.contract import citation_failure

    assert Registry.of(SOURCES) is SOURCES
    built = Registry.of(list(SOURCES))
    assert built is not SOURCES and built.by_id == SOURCES.by_id
    claims = verify(TIMEOUT, claim(doc="prod-v9")).claims
    assert citation_failure(claims, REQUEST, SOURCES) == (1, "citation", False, "unknown_doc")
    assert citation_failure(verify(TIMEOUT, RETRY).claims, REQUEST, SOURCES) is None
