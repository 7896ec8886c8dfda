"""Hypothesis properties of the core (issue 2): never anything but ClaimsSyntaxError,
round trips, and no acceptance without evidence and coverage.

The long 10,000-example runs of these and other properties are in test_fuzz.py.
"""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from groundlab import ClaimsSyntaxError, Status, parse_claims, verify_answer
from groundlab.core.claims import Claim, loads_strict
from groundlab.study.cases import load_case_set

STUDY = load_case_set()
TEXT = st.text(st.characters(codec=None), max_size=200)


@given(st.one_of(TEXT, st.binary(max_size=200)))
@settings(max_examples=500, deadline=None)
def test_parsers_raise_only_claims_syntax_error(raw):
    for parse in (parse_claims, loads_strict):
        try:
            parse(raw)
        except ClaimsSyntaxError as err:
            assert err.code and err.message


_member = st.text(
    st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="\ufffe\uffff"), min_size=1, max_size=30
).filter(lambda s: not any(0xFDD0 <= ord(c) <= 0xFDEF or (ord(c) & 0xFFFE) == 0xFFFE for c in s))
_claims = st.lists(st.builds(Claim, _member, _member, _member, _member), max_size=8)


@given(_claims, st.booleans(), st.sampled_from([None, 2]))
@settings(max_examples=300, deadline=None)
def test_valid_claims_round_trip_through_json_dumps(claims, ascii_only, indent):
    raw = json.dumps({"claims": [c._asdict() for c in claims]}, ensure_ascii=ascii_only, indent=indent)
    assert parse_claims(raw) == tuple(claims)


_field = st.sampled_from(["read_timeout_ms", "retry_enabled", "max_connections"])
_doc = st.sampled_from(["prod-v2", "prod-v1", "dev-v2", "billing-v2", "prod-v3"])
_value = st.sampled_from(["5000", "2000", "12000", "false", "true", "5s"])


@st.composite
def _answers(draw):
    claims = []
    for _ in range(draw(st.integers(0, 4))):
        field, doc, value = draw(_field), draw(_doc), draw(_value)
        quote = draw(st.sampled_from([f"{field}={value}", f"{field}={value} ", "5000", value]))
        claims.append({"field": field, "value": value, "doc": doc, "quote": quote})
    return claims


@given(_answers(), st.sampled_from([c.id for c in STUDY.cases if c.expected is not Status.INVALID_JSON]))
@settings(max_examples=800, deadline=None)
def test_never_accepts_without_verbatim_quotes_and_full_coverage(claims, case_id):
    request = STUDY[case_id].request
    verdict = verify_answer(json.dumps({"claims": claims}), request, STUDY.sources)
    every_quote_found = all(
        c["doc"] in STUDY.sources and c["quote"] in STUDY.sources[c["doc"]].text for c in claims
    )
    every_field_answered = set(request.fields) <= {c["field"] for c in claims}
    if not (every_quote_found and every_field_answered and claims):
        assert verdict.status is not Status.ACCEPT
        assert dict(verdict.accepted) == {}
    if verdict.status is Status.ACCEPT:
        assert dict(verdict.accepted) == {c["field"]: c["value"] for c in claims}
