"""groundlab.hints.syntax: JSON hints read from the parse error's data, with or without the raw answer."""

import pytest
from hint_answers import GOOD, answer, claim, kinds

from groundlab import ClaimsSyntaxError, Status, verify_answer
from groundlab.hints import json_hints


@pytest.mark.parametrize(
    "raw, kind, start",
    [
        ('{"claims":\u00a0[]}', "whitespace", "There is a U+00A0 NO-BREAK SPACE between tokens at line 1, column 11;"),
        ("\ufeff" + GOOD, "invisible", "The answer starts with U+FEFF ZERO WIDTH NO-BREAK SPACE"),
        ('{\u201cclaims\u201d: []}', "confusable", "The answer uses U+201C LEFT DOUBLE QUOTATION MARK at line 1, column 2,"),
        ("{'claims': []}", "syntax", "The answer uses U+0027 APOSTROPHE at line 1, column 2 to quote a string;"),
        (GOOD[:-2] + ",]}", "syntax", "There is a trailing comma before ']'"),
        ('{"claims": [], }', "syntax", "There is a trailing comma before '}'"),
        ('{"claims": NaN}', "syntax", "NaN at line 1, column 12 is not a JSON value"),
        ('{"claims": -Infinity}', "syntax", "-Infinity at line 1, column 12 is not a JSON value"),
        ('{"claims": True}', "syntax", "True at line 1, column 12 is Python's spelling; JSON writes true"),
        ('{"claims": None}', "syntax", "None at line 1, column 12 is Python's spelling; JSON writes null"),
        ("```json\n" + GOOD + "\n```", "syntax", "The answer is wrapped in a Markdown code fence"),
        (GOOD + "\nI hope this helps!", "syntax", "There is more text after the JSON value ends at line 2, column 1;"),
        ('{"claims": [] // none\n}', "syntax", "There is a comment at line 1, column 15;"),
        ('{claims: []}', "syntax", "A member name is not in double quotes at line 1, column 2;"),
        ('{"claims": \u200b[]}', "invisible", "There is an invisible character, U+200B ZERO WIDTH SPACE, between tokens"),
        ('{"claims": [\uff15]}', "digits", "The number uses U+FF15 FULLWIDTH DIGIT FIVE at line 1, column 13,"),
        (GOOD.replace("=5000", "=\n5000", 1), "syntax", "A string contains a raw U+000A LINE FEED at line 1, column "),
        (GOOD.replace('"5000"', '"5000\x07"', 1), "invisible", "A string contains the raw control character U+0007 BELL"),
        (GOOD.replace('"5000"', "5000", 1), "syntax", "The claim's value is written as the number 5000 at line 1, column 51;"),
        (GOOD.replace('"false"', "false", 1), "syntax", "The claim's value is written as the boolean false at line 1,"),
        (GOOD.replace('"prod-v2"', "null", 1), "syntax", "The claim's doc is written as null at line 1, column 66;"),
        ('{"claims": [1,]}', "syntax", "There is a trailing comma before ']' at line 1, column 15; JSON does not allow"),
        ('{"claims": [-NaN]}', "syntax", "-NaN at line 1, column 13 is not a JSON value"),
        ('{"claims": [False]}', "syntax", "False at line 1, column 13 is Python's spelling; JSON writes false"),
        ('{"claims": [] /* none */}', "syntax", "There is a comment at line 1, column 15;"),
        ('{"claims": [\u2018a\u2019]}', "syntax", "The answer uses U+2018 LEFT SINGLE QUOTATION MARK at line 1, column 13"),
        ('{"claims": [\u201ca\u201d]}', "confusable", "The answer uses U+201C LEFT DOUBLE QUOTATION MARK at line 1, column 13"),
        ('{"claims":\t\u3000[]}', "whitespace", "There is a U+3000 IDEOGRAPHIC SPACE between tokens at line 1, column 12;"),
        ('{"claims": [5\uff15]}', "digits", "The number uses U+FF15 FULLWIDTH DIGIT FIVE at line 1, column 14,"),
        ('{"claims": [\x07]}', "invisible", "There is an invisible character, U+0007 BELL, between tokens at line 1, column 13;"),
        (GOOD.replace('"5000"', "1.5e3", 1), "syntax", "The claim's value is written as the number "),
    ],
)
@pytest.mark.parametrize("with_raw", [True, False], ids=["raw", "no-raw"])
def test_invalid_json_hints(raw, kind, start, with_raw, hints_of):
    verdict, hints = hints_of(raw, with_raw=with_raw)
    assert verdict.status is Status.INVALID_JSON
    assert kinds(hints) == (kind,)
    assert hints[0].message.startswith(start), hints[0].message
    assert (hints[0].claim, hints[0].check) == (None, "parse")
    assert "\n" not in hints[0].message


def test_a_number_is_shown_as_written_with_the_raw_answer_and_as_json_without(hints_of):
    raw = GOOD.replace('"5000"', "1.5e3", 1)
    assert " the number 1.5e3 at line 1, column 51;" in hints_of(raw)[1][0].message
    assert " the number 1500.0 at line 1, column 51;" in hints_of(raw, with_raw=False)[1][0].message


def test_a_fence_after_leading_whitespace_is_seen_only_with_the_raw_answer(hints_of):
    raw = "  ```json\n" + GOOD + "\n```"
    assert kinds(hints_of(raw)[1]) == ("syntax",)
    assert hints_of(raw, with_raw=False)[1] == ()


@pytest.mark.parametrize(
    "reason, context, position, kind, message",
    [
        ("trailing_comma", {"found": "]", "near": "]}", "expected": "value"}, 14, "syntax",
         "There is a trailing comma before ']' at line 1, column 15; JSON does not allow a comma after the last "
         "member or element."),
        ("constant", {"name": "Infinity"}, 11, "syntax",
         "Infinity at line 1, column 12 is not a JSON value (RFC 8259 has no NaN or Infinity); a claim's value "
         "must be a string anyway."),
        ("extra_data", {"found": "x", "near": "x"}, 16, "syntax",
         "There is more text after the JSON value ends at line 1, column 17; send only the JSON object, with no "
         "explanation before or after it."),
        ("raw_control", {"found": "\t", "near": "\t"}, 3, "syntax",
         "A string contains a raw U+0009 CHARACTER TABULATION at line 1, column 4; inside a JSON string a line "
         "break or tab must be written as an escape (\\n, \\r, \\t)."),
        ("bad_whitespace", {"found": "\u00a0", "near": "\u00a0[]}"}, 10, "whitespace",
         "There is a U+00A0 NO-BREAK SPACE between tokens at line 1, column 11; JSON allows only space, tab, line "
         "feed and carriage return there (RFC 8259 section 2), so replace it with a plain space."),
        ("expected_name", {"found": "c", "near": "claims: []}", "expected": "member name"}, 1, "syntax",
         'A member name is not in double quotes at line 1, column 2; JSON member names are strings, such as "claims".'),
    ],
)
def test_json_hints_read_the_error_data_alone(reason, context, position, kind, message):
    error = ClaimsSyntaxError("not_json", reason, context=context, position=position, line=1, column=position + 1)
    hints = json_hints(error)
    assert kinds(hints) == (kind,)
    assert hints[0].message == message


def test_a_wrong_type_reads_member_found_and_token():
    error = ClaimsSyntaxError(
        "wrong_shape", "not_string", path=("claims", 0, "quote"), context={"member": "quote", "found": "boolean", "token": "true"},
        position=80, line=3, column=7,
    )
    assert json_hints(error)[0].message.startswith("The claim's quote is written as the boolean true at line 3, column 7;")


@pytest.mark.parametrize(
    "raw",
    ['{"claims": [], "claims": []}', "[" * 100, '{"claims": 1e400}', '{"claims": [1 2]}',
     answer(*([claim()] * 9)), '{"claims": [{"field": "a"}]}', "x" * 9000, '{1: 2}', '{"claims": "abc',
     '{"claims": "\\x"}', '{"claims": [', '{"claims": [5]}', '{"claims": [{"field": [], "value": "a", "doc": "b", "quote": "c"}]}'],
)
@pytest.mark.parametrize("with_raw", [True, False], ids=["raw", "no-raw"])
def test_unrecognised_parse_errors_have_no_hints(raw, with_raw, hints_of):
    verdict, hints = hints_of(raw, with_raw=with_raw)
    assert verdict.status is Status.INVALID_JSON
    assert hints == ()


def test_json_hints_reads_bytes(sources, request_complete):
    raw = ('{"claims":\u00a0[]}').encode("utf-8")
    verdict = verify_answer(raw, request_complete, sources)
    assert kinds(json_hints(verdict.error, raw)) == ("whitespace",)
    invalid = b'{"claims": \xff}'
    assert json_hints(verify_answer(invalid, request_complete, sources).error, invalid) == ()
