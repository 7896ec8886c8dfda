"""A comma with no member or value before it ("{,}", "[,]", "[1,,]") is a missing member or value, not a trailing comma."""

import pytest

from groundlab import load_case_set, verify_answer
from groundlab.core.claims import ClaimsSyntaxError, parse_claims
from groundlab.core.trusted import TrustedInputError, decode_json
from groundlab.hints import hints_for_verdict


@pytest.mark.parametrize(
    "text, reason, position, message",
    [
        ("{,}", "expected_name", 1, "expected a member name in double quotes, found ','"),
        ("[,]", "expected_value", 1, "expected a JSON value, found ','"),
        ("[1,,]", "expected_value", 3, "expected a JSON value, found ','"),
        ('{"a":1,,}', "expected_name", 7, "expected a member name in double quotes, found ','"),
        ('{"claims": [ , ]}', "expected_value", 13, "expected a JSON value, found ','"),
        ("[1, ,\n]", "expected_value", 4, "expected a JSON value, found ','"),
        # a comma after a member or value is still trailing
        ("[1,]", "trailing_comma", 3, "a comma before ']' with nothing after it; JSON allows no trailing comma"),
        ('{"a":1,}', "trailing_comma", 7, "a comma before '}' with nothing after it; JSON allows no trailing comma"),
    ],
)
def test_a_comma_with_nothing_before_it_is_a_missing_member_or_value(text, reason, position, message):
    with pytest.raises(ClaimsSyntaxError) as info:
        parse_claims(text)
    err = info.value
    assert (err.code, err.reason, err.position, err.message) == ("not_json", reason, position, message)
    assert err.context["found"] == ("," if reason != "trailing_comma" else text[position])
    with pytest.raises(TrustedInputError) as trusted:
        decode_json(text.encode(), "f.json")
    assert trusted.value.context["reason"] == reason


@pytest.mark.parametrize(
    "raw, sentence",
    [
        ('{"claims": [,]}', "There is a comma with no value before it at line 1, column 13; remove the extra comma, or write the missing value there."),
        ('{"claims": [],,}', "There is a comma with no member before it at line 1, column 15; remove the extra comma, or write the missing member there."),
    ],
)
def test_the_hint_names_the_missing_value_or_member(raw, sentence):
    study = load_case_set()
    case = study.cases[0]
    hints = hints_for_verdict(verify_answer(raw, case.request, study.sources), case.request, study.sources)
    assert [h.message for h in hints] == [sentence]
