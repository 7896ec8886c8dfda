"""groundlab.testing: assert_grounded passes an accepted answer and fails a refused one with
the status, the deciding check, the whole trace and the near-miss hints."""

from __future__ import annotations

import json

import pytest

from groundlab.cli import EXAMPLES
from groundlab.study.cases import load_case_set
from groundlab.testing import assert_grounded, grounding_failure

STUDY = load_case_set()


def test_an_accepted_answer_returns_its_fields():
    case = STUDY["complete"]
    assert assert_grounded(case.raw, case.request, STUDY.sources) == {"read_timeout_ms": "5000", "retry_enabled": "false"}
    answer = json.dumps(EXAMPLES["answer file"])
    assert assert_grounded(answer, EXAMPLES["request file"], EXAMPLES["registry file"]) == {"read_timeout_ms": "5000"}


def test_the_failure_shows_status_check_trace_and_hints():
    case = STUDY["wrong-value-real-quote"]
    with pytest.raises(AssertionError) as failure:
        assert_grounded(case.raw, case.request, STUDY.sources)
    assert str(failure.value) == "\n".join([
        "answer not grounded: VALUE_MISMATCH",
        "deciding check: value (other_value)",
        "trace:",
        "  [ok  ] answer parse: passed: 2 claim(s) read",
        "  [ok  ] claim 0 citation: passed: quote found in prod-v2",
        "  [ok  ] claim 1 citation: passed: quote found in prod-v2",
        "  [ok  ] claim 0 duplicate: passed: first claim for 'read_timeout_ms'",
        "  [ok  ] claim 0 requested: passed: 'read_timeout_ms' is requested",
        "  [ok  ] claim 0 scope: passed: prod-v2 is payments / prod",
        "  [ok  ] claim 0 revision: passed: prod-v2 is revision v2",
        "  [FAIL] claim 0 value: FAILED: claimed '2000', but prod-v2 says read_timeout_ms=5000",
        "hints:",
        "  - prod-v2 has read_timeout_ms=5000 (line 1); the claim says '2000'.",
    ])


def test_a_refusal_without_hints_says_none():
    answer = json.dumps({"claims": []})
    with pytest.raises(AssertionError) as failure:
        assert_grounded(answer, EXAMPLES["request file"], EXAMPLES["registry file"])
    lines = str(failure.value).splitlines()
    assert lines[:3] == ["answer not grounded: NO_CITATION", "deciding check: citation (no_claims)", "trace:"]
    assert lines[-1] == "hints: none" and lines[4].startswith("  [FAIL] answer citation: FAILED: ")


def test_an_accept_has_no_failure_message():
    from groundlab.core.contract import verify_answer

    case = STUDY["complete"]
    assert grounding_failure(verify_answer(case.raw, case.request, STUDY.sources), case.request, STUDY.sources) == ""
