"""Hypothesis properties of the contract on inputs that reach every verdict (``valid_answers.py``).

Every input starts from a valid answer (an accepted case of the frozen study, or a generated
registry, request and answer that is valid by construction) and gets zero, one or two
mutations, each of which breaks one check. Properties:

* liveness: the untouched valid answer (as written, reordered or spelled another way) is
  ACCEPT with ``accepted`` equal to the claims' field -> value map; one mutation fails with
  exactly the trace step of its check (the check table's row: its status, the claim it was
  made at, its reason); two mutations at two claims fail as the order of checks says:
  citation over every claim first, then claim by claim;
* safety, on every input: never ACCEPT unless every claim's quote is verbatim in its
  supplied cited document (of the requested scope and revision, stating that value as its
  ``field=value`` line) and the claims answer exactly the requested fields;
* the inputs reach every status: each gets at least 5% of the examples.

Each reports ``status=...`` events (``pytest --hypothesis-show-statistics``). The example
count comes from the loaded profile (tests/conftest.py): 10,000 with CI=true, 300 locally;
the distribution test runs at least 2,000. The parsers' properties (nothing but
ClaimsSyntaxError escapes, the claims round trip) are in test_fuzz.py.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import Phase, event, given, note, settings
from hypothesis import strategies as st

from groundlab import Status, verify_answer
from valid_answers import (
    STATUS, Mutated, claims_map, dump, mutated_answers, seeded_randoms, two_fault_answers, valid_answers,
)

pytestmark = pytest.mark.fuzz

PROFILE = settings()  # the loaded profile: 10,000 examples with CI=true, 300 locally
MIN_SHARE = 0.05


def assert_nothing_unsupported_is_accepted(verdict, claims, request, registry) -> None:
    """The safety property, stated from the configuration article, not from the code."""
    if verdict.status is not Status.ACCEPT:
        assert dict(verdict.accepted) == {}
        return
    assert claims, "ACCEPT for an answer that is not claims JSON, or has no claims"
    for claim in claims:
        assert claim.doc in registry and claim.doc in request.supplied, claim
        source = registry[claim.doc]
        assert claim.quote in source.text, claim
        assert (source.service, source.environment, source.revision) == (
            request.service, request.environment, request.revision,
        ), claim
        assert source.facts.get(claim.field) == claim.value and claim.quote == f"{claim.field}={claim.value}", claim
    assert sorted(claim.field for claim in claims) == sorted(request.fields)
    assert dict(verdict.accepted) == claims_map(claims)


def _describe(m: Mutated) -> None:
    note(f"mutation: {m.kind}; expected: {m.expected}")
    note(f"request: {m.request}")
    for source in m.registry:
        note(f"source: {source}")


def _verify(m: Mutated):
    verdict = verify_answer(m.raw, m.request, m.registry)
    event(f"status={verdict.status}")
    return verdict


@given(valid_answers(), st.sampled_from(["as written", "reordered", "spelled another way"]), seeded_randoms)
@PROFILE
def test_an_untouched_valid_answer_is_accepted_with_its_claims_map(valid, spelling, rng):
    event(f"origin={valid.origin}")
    claims, raw = list(valid.claims), valid.raw
    if spelling == "reordered":
        rng.shuffle(claims)
    if spelling != "as written":
        raw = dump(claims, rng)
    verdict = verify_answer(raw, valid.request, valid.registry)
    event(f"status={verdict.status}")
    assert verdict.status is Status.ACCEPT, verdict.failed_step()
    assert dict(verdict.accepted) == claims_map(claims)
    assert list(verdict.accepted) == sorted(verdict.accepted)
    assert verdict.citation_only_ok and verdict.claims == tuple(claims)
    assert_nothing_unsupported_is_accepted(verdict, claims, valid.request, valid.registry)


@given(mutated_answers())
@PROFILE
def test_one_mutation_fails_at_its_check_and_nothing_unsupported_is_accepted(m):
    _describe(m)
    event(f"mutation={m.kind}")
    verdict = _verify(m)
    assert_nothing_unsupported_is_accepted(verdict, m.claims, m.request, m.registry)
    step = verdict.failed_step()
    if m.expected is None:
        assert verdict.status is Status.ACCEPT, step
        assert dict(verdict.accepted) == claims_map(m.claims)
        return
    assert verdict.status is STATUS[m.expected.check]
    assert (step.claim, step.check, step.reason) == tuple(m.expected)
    # the citation-only check passes exactly when the failing check comes after citation
    assert verdict.citation_only_ok is (m.expected.check not in ("parse", "citation"))


@given(two_fault_answers)
@PROFILE
def test_two_faults_at_two_claims_the_order_of_checks_decides(pair):
    m, faults = pair
    _describe(m)
    early, late = sorted(faults, key=lambda f: f.claim)
    event("faults: " + {
        (True, True): "two citation faults, the earlier claim's decides",
        (False, True): "a claim-level fault, then a later citation fault, which decides",
        (True, False): "a citation fault, then a later claim-level fault",
        (False, False): "two claim-level faults, the earlier claim's decides",
    }[early.check == "citation", late.check == "citation"])
    verdict = _verify(m)
    assert_nothing_unsupported_is_accepted(verdict, m.claims, m.request, m.registry)
    step = verdict.failed_step()
    assert verdict.status is STATUS[m.expected.check]
    assert (step.claim, step.check, step.reason) == tuple(m.expected)


def test_status_distribution_every_status_gets_at_least_5_percent_of_the_mutated_answers():
    """The inputs of test_one_mutation_... reach every status, ACCEPT included, each in at
    least 5% of the examples (about 10% is intended). Runs the inner property itself, so it
    is one test, whatever the order or the worker."""
    seen: Counter = Counter()

    @given(mutated_answers())
    @settings(PROFILE, max_examples=max(PROFILE.max_examples, 2000), database=None, phases=[Phase.generate])
    def sample(m):
        verdict = _verify(m)
        assert_nothing_unsupported_is_accepted(verdict, m.claims, m.request, m.registry)
        seen[verdict.status] += 1

    sample()
    total = sum(seen.values())
    shares = {status.value: round(seen[status] / total, 4) for status in Status}
    print(f"status distribution over {total} examples: {shares}")
    assert total >= max(PROFILE.max_examples, 2000) * 0.9
    assert all(share >= MIN_SHARE for share in shares.values()), shares
