"""groundlab.core.claims: exact codes, places and claims for the strict input boundary."""

import json

import pytest

from groundlab.core.claims import (
    ERROR_CODES,
    MAX_INPUT_UNITS,
    Claim,
    ClaimsSyntaxError,
    loads_strict,
    parse_claims,
    utf16_length,
)

GOOD = {"field": "read_timeout_ms", "value": "5000", "doc": "prod-v2", "quote": "read_timeout_ms=5000"}


def answer(*claims, **extra):
    return json.dumps({"claims": list(claims), **extra}, ensure_ascii=False)


def error(raw):
    with pytest.raises(ClaimsSyntaxError) as info:
        parse_claims(raw)
    return info.value


def test_valid_answer_gives_claims_in_order():
    other = dict(GOOD, field="retry_enabled", value="false", quote="retry_enabled=false")
    assert parse_claims(answer(GOOD, other)) == (
        Claim("read_timeout_ms", "5000", "prod-v2", "read_timeout_ms=5000"),
        Claim("retry_enabled", "false", "prod-v2", "retry_enabled=false"),
    )


def test_bytes_are_strict_utf8_and_give_the_same_claims():
    assert parse_claims(answer(GOOD).encode("utf-8")) == parse_claims(answer(GOOD))


def test_empty_claim_list_parses():
    assert parse_claims('{"claims": []}') == ()


def test_whitespace_only_string_is_not_empty():
    assert parse_claims(answer(dict(GOOD, value=" "))) == (Claim("read_timeout_ms", " ", "prod-v2", "read_timeout_ms=5000"),)


def test_escapes_decode_before_comparison():
    raw = '{"claims":[{"field":"read_timeout_ms","value":"5000","doc":"prod-v2","quote":"read_timeout_ms\\u003d5000"}]}'
    assert parse_claims(raw)[0].quote == "read_timeout_ms=5000"


@pytest.mark.parametrize(
    "raw, code, line, column, path",
    [
        ('{"claims":[{"field":"a","field":"b"}]}', "duplicate_member", 1, 25, ("claims", 0)),
        ('{"claims": [], "claims": []}', "duplicate_member", 1, 16, ()),
        ('{"claims":[], "answer":"x"}', "wrong_shape", 1, 15, ("answer",)),
        ('{"claims":[{"field":"x","value":1}]}', "wrong_shape", 1, 33, ("claims", 0, "value")),
        ("\ufeff{}", "not_json", 1, 1, ()),
        ('{"a":NaN}', "not_json", 1, 6, ()),
        ('{"a":-Infinity}', "not_json", 1, 6, ()),
        ('{"claims":[]} {}', "not_json", 1, 15, ()),
        ('{"claims":[]\u00a0}', "not_json", 1, 13, ()),
        ('{"claims":["a\x01"]}', "not_json", 1, 14, ()),
        ('[' * 65 + ']' * 65, "too_deep", 1, 65, ()),
        ('{"a":1e999}', "bad_number", 1, 6, ()),
        ('{"a":-1e999}', "bad_number", 1, 6, ()),
        ('{"a":[1\u0663]}', "not_json", 1, 8, ()),
        ('{\n "claims":[\n  {"field":"a","value":"b","doc":"c","quote":"d","x":1}]}', "wrong_shape", 3, 50, ("claims", 0, "x")),
        ('{"claims": [{"field":"a","value":"b","doc":"c"}]}', "wrong_shape", 1, 13, ("claims", 0)),
        ('{"claims":[{"field":"a","value":"b","doc":"c","quote":"\\ud800"}]}', "bad_text", 1, 55, ("claims", 0, "quote")),
        ('{"claims":[{"field":"a\\u0001","value":"b","doc":"c","quote":"d"}]}', "bad_text", 1, 21, ("claims", 0, "field")),
        ('{"claims":[{"field":"a","value":"b\x7f","doc":"c","quote":"d"}]}', "bad_text", 1, 33, ("claims", 0, "value")),
        ('{"claims":[{"field":"a\\uffff","value":"b","doc":"c","quote":"d"}]}', "bad_text", 1, 21, ("claims", 0, "field")),
        ('{"claims":[{"field":"a","value":"b","doc":"c","quote":"\\ud83d\\ude00\\ufdd0"}]}', "bad_text", 1, 55, ("claims", 0, "quote")),
        ("[]", "wrong_shape", 1, 1, ()),
        ('"claims"', "wrong_shape", 1, 1, ()),
        ("{}", "wrong_shape", 1, 1, ()),
        ('{"claims": {}}', "wrong_shape", 1, 12, ("claims",)),
        ('{"claims": ["x"]}', "wrong_shape", 1, 13, ("claims", 0)),
        ('{"claims":[{"field":"","value":"b","doc":"c","quote":"d"}]}', "wrong_shape", 1, 21, ("claims", 0, "field")),
    ],
)
def test_each_refusal_has_its_code_and_place(raw, code, line, column, path):
    err = error(raw)
    assert (err.code, err.line, err.column, err.path) == (code, line, column, path)
    assert err.code in ERROR_CODES
    assert err.message and err.message in str(err)


def test_input_limit_is_8192_utf16_units_and_an_emoji_counts_two():
    base = answer(GOOD)
    exact = base + " " * (MAX_INPUT_UNITS - len(base))
    assert utf16_length(exact) == 8192
    assert parse_claims(exact)
    err = error(exact + " ")
    assert err.code == "too_long" and err.line is None
    assert "8193 UTF-16 code units" in err.message
    with_emoji = answer(dict(GOOD, quote="\U0001f600"))
    padded = with_emoji + " " * (MAX_INPUT_UNITS - utf16_length(with_emoji))
    assert utf16_length(padded) == 8192 and len(padded) == 8191
    assert parse_claims(padded)[0].quote == "\U0001f600"
    assert error(padded + " ").code == "too_long"


def test_input_limit_applies_to_bytes_before_decoding():
    assert error(b"[" * 30000).code == "too_long"
    assert error(b"\xff" * 9000).code == "too_long"


def test_too_long_wins_over_every_other_problem():
    assert error("\ufeff" + "[" * 9000).code == "too_long"


def test_string_limit_is_2048_units_counted_on_the_decoded_value():
    assert parse_claims(answer(dict(GOOD, quote="x" * 2048)))[0].quote == "x" * 2048
    assert error(answer(dict(GOOD, quote="x" * 2049))).code == "too_long"
    head = '{"claims":[{"field":"f","value":"v","doc":"d","quote":"' + "x" * 2000
    assert parse_claims(head + "\\u0078" * 48 + '"}]}')[0].quote == "x" * 2048
    err = error(head + "\\u0078" * 49 + '"}]}')
    assert (err.code, err.path) == ("too_long", ("claims", 0, "quote"))
    emoji = "\U0001f600"
    assert parse_claims(answer(dict(GOOD, quote=emoji * 1024)))[0].quote == emoji * 1024
    err = error(answer(dict(GOOD, quote=emoji * 1025)))
    assert (err.code, err.path) == ("too_long", ("claims", 0, "quote"))
    assert "2050 UTF-16 code units" in err.message


def test_eight_claims_parse_and_the_ninth_is_refused_where_it_stands():
    assert len(parse_claims(answer(*[GOOD] * 8))) == 8
    err = error(answer(*[GOOD] * 9))
    assert (err.code, err.path) == ("too_many_claims", ("claims", 8))


def test_shape_problems_are_reported_in_document_order():
    # wrong_shape in claim 0 comes before bad_text in claim 1
    first = dict(GOOD, value=5)
    second = dict(GOOD, quote="\ud800")
    raw = json.dumps({"claims": [first, second]})
    assert error(raw).code == "wrong_shape"
    # bad_text in claim 0 comes before wrong_shape in claim 1
    raw = json.dumps({"claims": [second, first]})
    err = error(raw)
    assert (err.code, err.path) == ("bad_text", ("claims", 0, "quote"))
    # a problem in the eighth claim beats the ninth claim's existence
    claims = [GOOD] * 7 + [dict(GOOD, doc="")] + [GOOD]
    assert error(answer(*claims)).code == "wrong_shape"


def test_reading_problems_are_reported_left_to_right():
    # duplicate met before a later syntax error
    assert error('{"claims":[{"field":"a","field":"b",}]}').code == "duplicate_member"
    # syntax error met before a later duplicate
    assert error('{"claims":[{"field":"a",,"field":"b"}]}').code == "not_json"
    # the 65th bracket comes before the number that overflows
    assert error("[" * 65 + "1e999" + "]" * 65).code == "too_deep"
    # an overflowing number comes before the 65th bracket
    assert error("[1e999," + "[" * 64 + "]" * 64 + "]").code == "bad_number"
    # a duplicate comes before deep nesting inside it
    assert error('{"a":1,"a":' + "[" * 70 + "]" * 70 + "}").code == "duplicate_member"
    # reading problems come before shape problems
    assert error('{"answer": 1, "claims": NaN}').code == "not_json"


def test_deep_nesting_never_raises_recursion_error():
    for depth in (65, 1000, 100000):
        for raw in ("[" * depth + "]" * depth, '{"a":' * depth + "1" + "}" * depth, "[" * depth):
            with pytest.raises(ClaimsSyntaxError) as info:
                loads_strict(raw)
            assert (info.value.code, info.value.column) == ("too_deep", 65 if raw[0] == "[" else 5 * 64 + 1)


def test_depth_64_is_accepted_by_loads_strict():
    value = loads_strict("[" * 64 + "]" * 64)
    for _ in range(63):
        value = value[0]
    assert value == []


def test_invalid_utf8_bytes_are_not_json_with_a_place():
    with pytest.raises(ClaimsSyntaxError) as info:
        loads_strict(b'["ok",\n "\xff"]')
    err = info.value
    assert (err.code, err.line, err.column) == ("not_json", 2, 3)
    assert "0xFF" in err.message


def test_utf16_bytes_are_not_guessed():
    with pytest.raises(ClaimsSyntaxError) as info:
        loads_strict('["a"]'.encode("utf-16"))
    assert info.value.code == "not_json"


def test_loads_strict_accepts_ijson_values():
    assert loads_strict('{"a": [1, 2.5, -0, 1e-400, true, null, "\\u0012\\ud83d\\ude00"]}') == {
        "a": [1, 2.5, 0, 0.0, True, None, "\x12\U0001f600"]
    }
    assert loads_strict(" 12 ") == 12
    assert loads_strict("1" * 400 if False else "123456789012345678901234567890") == 123456789012345678901234567890


@pytest.mark.parametrize(
    "raw, code",
    [
        ('{"a":1,"a":1}', "duplicate_member"),
        ('["\\uffff"]', "bad_text"),
        ('["\\udfff\\ud800"]', "bad_text"),
        ('{"\\ud800":1}', "bad_text"),
        ("[1e400]", "bad_number"),
        ("[" + "9" * 400 + "]", "bad_number"),
        ("[01]", "not_json"),
        ("[.5]", "not_json"),
        ("[1.]", "not_json"),
        ("['a']", "not_json"),
        ("[\"a\\x41\"]", "not_json"),
        ("", "not_json"),
        ("  ", "not_json"),
        ("[1,]", "not_json"),
        ("[\ufeff1]", "not_json"),
    ],
)
def test_loads_strict_refusals(raw, code):
    with pytest.raises(ClaimsSyntaxError) as info:
        loads_strict(raw)
    assert info.value.code == code


def test_non_text_input_is_a_type_error():
    with pytest.raises(TypeError):
        parse_claims(12)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        loads_strict(None)  # type: ignore[arg-type]


def test_error_is_data_and_survives_pickling():
    import pickle

    err = error('{"claims":[{"field":"x","value":1}]}')
    copy = pickle.loads(pickle.dumps(err))
    assert (copy.code, copy.path, copy.line, copy.column, copy.message) == (
        err.code, err.path, err.line, err.column, err.message,
    )
    assert str(err) == "wrong_shape: value must be a string, not a number (line 1, column 33; at claims[0].value)"


def test_duplicate_hidden_by_colons_in_strings_is_still_found():
    # The fast path compares colon count with decoded names; a colon inside a
    # string must not let a duplicate through.
    raw = '{"claims":[{"field":"a:b","value":"v","value":"w","doc":"d","quote":"q"}]}'
    assert error(raw).code == "duplicate_member"


@pytest.mark.parametrize(
    "raw",
    [
        '{"claims": []} trailing words',
        "```json\n{}\n```",
        "\ufeff{}",
        '"unterminated',
        "  ]",
        "[1] [2]",
        "[" * 64 + "]" * 64 + " x",
        '{"a": {"b": 1}} {"a": 1, "a": 2}',
    ],
)
def test_the_fast_error_path_agrees_with_the_exact_locator(raw):
    from groundlab.core.reader import Locator, Problem

    with pytest.raises(Problem) as located:
        Locator(raw).read()
    with pytest.raises(ClaimsSyntaxError) as fast:
        loads_strict(raw)
    assert (fast.value.code, fast.value.reason, fast.value.position, dict(fast.value.context)) == (
        located.value.code, located.value.reason, located.value.position, located.value.context,
    )


@pytest.mark.parametrize(
    ("escape", "refused"),
    [
        ("\\b", True), ("\\f", True), ("\\u0008", True), ("\\u000C", True), ("\\u001b", True), ("\\u007f", True),
        ("\\n", False), ("\\r", False), ("\\t", False), ('\\"', False), ("\\\\", False), ("\\/", False),
        ("\\u0041", False), ("\\u0009", False),
    ],
)
def test_every_escape_form_follows_the_control_character_rule(escape, refused):
    raw = '{"claims": [{"field": "f", "value": "a' + escape + '", "doc": "d", "quote": "q"}]}'
    if not refused:
        assert parse_claims(raw)[0].value == "a" + json.loads('"' + escape + '"')
        return
    with pytest.raises(ClaimsSyntaxError) as err:
        parse_claims(raw)
    assert (err.value.code, err.value.reason, err.value.path) == ("bad_text", "claim_char", ("claims", 0, "value"))
    assert (err.value.line, err.value.column) == (1, 37)


def test_an_escaped_backspace_wins_over_a_shape_problem_in_a_later_claim():
    raw = '{"claims": [{"field": "f\\b", "value": "v", "doc": "d", "quote": "q"}, {"field": 1}]}'
    with pytest.raises(ClaimsSyntaxError) as err:
        parse_claims(raw)
    assert (err.value.code, err.value.path) == ("bad_text", ("claims", 0, "field"))
    raw = '{"claims": [{"field": 1}, {"field": "f\\f", "value": "v", "doc": "d", "quote": "q"}]}'
    with pytest.raises(ClaimsSyntaxError) as err:
        parse_claims(raw)
    assert (err.value.code, err.value.path) == ("wrong_shape", ("claims", 0, "field"))


def test_an_escaped_backslash_before_b_is_not_a_control_character():
    raw = '{"claims": [{"field": "f", "value": "a\\\\b", "doc": "d", "quote": "q"}]}'
    assert parse_claims(raw)[0].value == "a\\b"


def test_errors_are_data_and_the_message_is_rendered_from_them():
    with pytest.raises(ClaimsSyntaxError) as err:
        parse_claims('{"claims": [1,]}')
    error = err.value
    assert (error.code, error.reason, dict(error.context)) == (
        "not_json", "trailing_comma", {"found": "]", "near": "]}", "expected": "value"},
    )
    assert error.message == "a comma before ']' with nothing after it; JSON allows no trailing comma"
    rebuilt = ClaimsSyntaxError(error.code, error.reason, context=error.context, position=error.position)
    assert rebuilt.message == error.message
    assert error.to_dict() == {
        "code": "not_json", "reason": "trailing_comma", "message": error.message, "path": [],
        "line": 1, "column": 15, "context": {"found": "]", "near": "]}", "expected": "value"},
    }


def test_the_place_of_a_shape_error_is_found_only_when_asked(monkeypatch):
    from groundlab.core import claims as claims_module

    calls = []
    real = claims_module.locate
    monkeypatch.setattr(claims_module, "locate", lambda text, key: calls.append(key) or real(text, key))
    with pytest.raises(ClaimsSyntaxError) as err:
        parse_claims('{"claims": [{"field": 5000, "value": "v", "doc": "d", "quote": "q"}]}')
    assert (err.value.code, err.value.reason, err.value.path, calls) == ("wrong_shape", "not_string", ("claims", 0, "field"), [])
    assert dict(err.value.context) == {"member": "field", "found": "number", "token": "5000"}
    assert (err.value.line, err.value.column) == (1, 23)
    assert calls == [("claims", 0, "field")]
    assert err.value.column == 23 and len(calls) == 1  # resolved once


@pytest.mark.parametrize(
    ("raw", "code", "position"),
    [
        ('{"a": 1, "a": 2', "duplicate_member", 9),  # repeated name in an object still open at the end
        ('{"a": 1, "a": NaN}', "duplicate_member", 9),  # the name comes before the constant
        ('{"a": 1, "a": 2 x}', "duplicate_member", 9),
        ('{"a": {"b": 1}, "a"', "not_json", 19),  # a repeated name counts once its colon is read
        ('{"a": {"b": 1}, "a": ', "duplicate_member", 16),
        ('{"a\\u0062": 1, "ab": 2 x', "duplicate_member", 15),  # equal once decoded
        ('{"ab": 1, "a\\u0062": 2 x', "duplicate_member", 10),
        ('[{"a": 1}, {"a": 1}] x', "not_json", 21),  # the same name in two objects is fine
        ('{"a": NaN, "a": 1}', "not_json", 6),  # the constant comes first
        ('{"a": 1e999, "a": 1}', "bad_number", 6),
        ("[" * 65 + "NaN", "too_deep", 64),
        ("[" * 64 + "NaN" + "]" * 64, "not_json", 64),
        ("[" * 65 + "]" * 65, "too_deep", 64),
    ],
)
def test_the_first_problem_from_the_left_wins_on_the_fast_path_too(raw, code, position):
    from groundlab.core.reader import Locator, Problem

    with pytest.raises(ClaimsSyntaxError) as err:
        loads_strict(raw)
    with pytest.raises(Problem) as exact:
        Locator(raw).read()
    assert (err.value.code, err.value.position) == (code, position)
    assert (exact.value.code, exact.value.position) == (code, position)


@pytest.mark.parametrize(
    "raw",
    [
        '{"claims":[{"field":"a","value":"b","doc":"c","quote":"d","doc":"e"}]}',
        '{"a": {"x": 1, "x": 2}, "a": 3}',  # the inner repeat comes first, in a value the outer one drops
        '{"a": 1, "a": {"x": 1, "x": 2}}',  # the outer repeat comes first: its colon before the value
        '{"a": {"x": 1}, "b": {"y": [{"z": 1, "z": 2}]}, "b": 2}',
        '{"a": {"x": 1}, "b": 2, "b": {"y": [{"z": 1, "z": 2}]}}',
        '[{"a": 1}, {"b": 1, "b": 2}, {"c": 1, "c": 2}]',
        '{"a\\u0062": 1, "ab": 2}',
        '{"k:": "v:", "k:": "w"}',
        '{"claims":[{"field":"a:b","value":"v","value":"w","doc":"d","quote":"q"}]}',
        '{"claims":[{"field":"a","value":"b","doc":"c","quote":"d"},{"field":"a","field":"a","doc":"c","quote":"d"}]}',
        '{"a": 1, "a": 2, "b": ' + "[" * 70 + "]" * 70 + "}",  # nesting past the limit after the repeat
        "[" * 64 + '{"a": 1, "a": 2}' + "]" * 64,  # the object is level 65: too deep first
        '{"claims": {}, "a": {"b": 1, "b": 2}}',  # a repeat after a shape problem still wins
        # the value a repeat drops holds the first repeat
        '{"claims":[{"field":{"a":1,"a":2},"field":"x","value":"v","doc":"d","quote":"q"}]}',
        '{"claims":[{"field":"x","value":"v","doc":"d","quote":"q"},{"doc":[{"b":1,"b":2}],"field":"x","value":"v","doc":"d","quote":"q"}]}',
        # a value the repeat drops nests too deep: its bracket of level 65 comes first
        '{"claims":[{"field":' + "[" * 70 + "]" * 70 + ',"field":"a","value":"b","doc":"c","quote":"d"}]}',
        '{"a": ' + "[" * 70 + "]" * 70 + ', "a": 1}',
        # too deep, no repeat: after a well-formed claim, and inside a shape problem
        '{"claims":[{"field":"a","value":"b","doc":"c","quote":"d"},' + "[" * 70 + "]" * 70 + "]}",
        '{"claims": {"a": ' + "[" * 70 + "]" * 70 + "}}",
    ],
)
def test_what_the_c_reader_misses_is_refused_as_the_locator_refuses_it(raw):
    from groundlab.core.reader import Locator, Problem

    with pytest.raises(Problem) as exact:
        Locator(raw).read()
    expected = (exact.value.code, exact.value.reason, exact.value.path, exact.value.position, exact.value.context)
    for parse in (parse_claims, loads_strict):
        with pytest.raises(ClaimsSyntaxError) as err:
            parse(raw)
        got = err.value
        assert (got.code, got.reason, got.path, got.position, dict(got.context)) == expected


def test_a_repeated_name_is_decided_without_the_locator(monkeypatch):
    from groundlab.core import reader

    calls = []
    real = reader.Locator
    monkeypatch.setattr(reader, "Locator", lambda *args, **kwargs: calls.append(args) or real(*args, **kwargs))
    raw = '{"claims":[{"field":"a","value":"b","doc":"c","quote":"d"},{"field":"a","value":"b","doc":"c","doc":"c"}]}'
    for parse in (parse_claims, loads_strict):
        with pytest.raises(ClaimsSyntaxError) as err:
            parse(raw)
        assert (err.value.code, err.value.path, calls) == ("duplicate_member", ("claims", 1), [])
        assert (err.value.reason, err.value.column, dict(err.value.context)) == ("duplicate_member", raw.rindex('"doc"') + 1, {"member": "doc"})
        assert len(calls) == 1
        calls.clear()


@pytest.mark.parametrize(
    "raw",
    [
        '{"claims":{}}',
        '{"claims":[1]}',
        '{"claims":[{"field":"a","value":"b","doc":"c","quote":"d","x":"e"}]}',
        '{"claims":[{"field":"a","value":"b"}]}',
        '{"claims":[{"field":"a","value":1,"doc":"c","quote":"d"}]}',
        '{"claims":[{"field":"a","value":"","doc":"c","quote":"d"}]}',
        '{"claims":[{"field":"a:b","value":"","doc":"c","quote":"d"}]}',
        '{"claims":[{"field":"a","value":"' + "x" * 2049 + '","doc":"c","quote":"d"}]}',
    ],
)
def test_a_shape_refusal_reads_the_text_once(raw, monkeypatch):
    from groundlab.core import claims as claims_module
    from groundlab.core import reader

    reads = []

    def counted(name, function):
        return lambda *args, **kwargs: reads.append(name) or function(*args, **kwargs)

    monkeypatch.setattr(claims_module, "read", counted("read", claims_module.read))
    monkeypatch.setattr(reader, "_SCAN_RECORD", counted("record", reader._SCAN_RECORD))
    monkeypatch.setattr(reader, "Locator", counted("locator", reader.Locator))
    monkeypatch.setattr(reader.RECORD, "decode", counted("record", reader.RECORD.decode))
    monkeypatch.setattr(reader.FAST, "decode", counted("fast", reader.FAST.decode))
    with pytest.raises(ClaimsSyntaxError) as err:
        parse_claims(raw)
    assert err.value.code in ("wrong_shape", "too_long") and reads == []
    err.value.line  # the place: one re-read, by the locator, on first access
    assert reads == ["locator"]


def test_a_refusal_built_fast_is_the_one_the_constructor_builds():
    import pickle
    from functools import partial

    from groundlab.core.claims import _place_only

    text = '{"claims":[{"field":"x","value":1}]}'
    resolve = partial(_place_only, text, ("claims", 0, "value"))
    args = ("wrong_shape", "not_string", ("claims", 0, "value"), {"member": "value", "found": "number"}, text, resolve)
    fast = ClaimsSyntaxError._fast(*args)
    slow = ClaimsSyntaxError(args[0], args[1], path=args[2], context=dict(args[3]), text=text, resolve=resolve)
    assert (type(fast), fast.args) == (type(slow), slow.args)
    assert list(vars(fast).items()) == list(vars(slow).items())
    copy = pickle.loads(pickle.dumps(fast))
    assert (copy.code, copy.reason, copy.path, copy.line, copy.column, copy.message) == (
        slow.code, slow.reason, slow.path, slow.line, slow.column, slow.message,
    )
    lazy = ClaimsSyntaxError._fast("not_json", None, (), None, text, resolve)
    assert vars(lazy) == vars(ClaimsSyntaxError("not_json", text=text, resolve=resolve))


def test_a_refusal_leaves_no_reference_cycle():
    """Raising never leaves the refusal in a frame its own traceback keeps: a cycle would make
    every refusal wait for the garbage collector (and pay for its runs). These are refusals
    decided without the exact locator (whose pure-Python scanner is a cycle of its own)."""
    import gc

    from groundlab import fixtures_dir, load_case_set

    texts = [
        case.raw
        for name in ("config_contract.json", "config_contract_more.json")
        for case in load_case_set(fixtures_dir() / name)
    ]
    texts += [
        '{"claims":{}}', '{"claims":[1]}', "[" * 70 + "]" * 70, '{"a": 1, "a": 2}', '{"a": [1, {"b": 1, "b": 2}]}',
        '{"claims":[{"field":"a","value":"b","doc":"c","quote":"d","doc":"e"}]}', '{"claims":[{"field":"a:b"}]}',
    ]
    gc.collect()
    gc.disable()
    try:
        for text in texts:
            for parse in (parse_claims, loads_strict):
                try:
                    parse(text)
                except ClaimsSyntaxError:
                    pass
        assert gc.collect() == 0
    finally:
        gc.enable()
