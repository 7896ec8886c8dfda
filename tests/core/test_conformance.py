"""loads_strict against JSONTestSuite (RFC 8259) with the I-JSON (RFC 7493) exceptions (docs/architecture.md).

The suite's parsing files are vendored, unchanged, in ``data/JSONTestSuite`` (its README names
the source and the MIT licence), so every test here runs on a fresh clone. Every file is
passed to ``loads_strict`` as bytes:

* ``y_`` files are accepted, except the ten that I-JSON forbids, which are refused with the
  exact code the I-JSON rule names;
* ``n_`` files (and the five in ``extra_from_index``) are refused, with any code, but only
  ever with ``ClaimsSyntaxError``;
* ``i_`` files are decided exactly as the module docstring of ``groundlab.core.claims`` documents.

The literal tests at the end check the same rules on texts written here.
"""

import json
from pathlib import Path

import pytest

from groundlab.core.claims import ERROR_CODES, ClaimsSyntaxError, loads_strict

SUITE = Path(__file__).resolve().parent / "data" / "JSONTestSuite"
PARSING = SUITE / "test_parsing"
EXTRA = SUITE / "extra_from_index"

# Every valid JSON text is accepted except these ten, which I-JSON (RFC 7493) forbids.
Y_REFUSED = {
    "y_object_duplicated_key.json": "duplicate_member",
    "y_object_duplicated_key_and_value.json": "duplicate_member",
    "y_string_unicode_U+FFFE_nonchar.json": "bad_text",
    "y_string_unicode_U+FDD0_nonchar.json": "bad_text",
    "y_string_unicode_U+1FFFE_nonchar.json": "bad_text",
    "y_string_unicode_U+10FFFE_nonchar.json": "bad_text",
    "y_string_escaped_noncharacter.json": "bad_text",
    "y_string_nonCharacterInUTF-8_U+FFFF.json": "bad_text",
    "y_string_nonCharacterInUTF-8_U+10FFFF.json": "bad_text",
    "y_string_last_surrogates_1_and_2.json": "bad_text",
}

# The groundlab.core.claims module docstring, "The implementation-defined i_ files", one by one.
ACCEPT = "ACCEPT"
I_DECISIONS = {
    # numbers that overflow a double: bad_number (RFC 7493 section 2.2)
    "i_number_huge_exp.json": "bad_number",
    "i_number_real_pos_overflow.json": "bad_number",
    "i_number_real_neg_overflow.json": "bad_number",
    "i_number_neg_int_huge_exp.json": "bad_number",
    "i_number_pos_double_huge_exp.json": "bad_number",
    # underflow rounds to zero: accepted
    "i_number_double_huge_neg_exp.json": ACCEPT,
    "i_number_real_underflow.json": ACCEPT,
    # big integers within a double's range: accepted
    "i_number_too_big_neg_int.json": ACCEPT,
    "i_number_too_big_pos_int.json": ACCEPT,
    "i_number_very_big_negative_int.json": ACCEPT,
    # lone or broken surrogate escapes: bad_text (RFC 7493 section 2.1)
    "i_object_key_lone_2nd_surrogate.json": "bad_text",
    "i_string_1st_surrogate_but_2nd_missing.json": "bad_text",
    "i_string_1st_valid_surrogate_2nd_invalid.json": "bad_text",
    "i_string_incomplete_surrogate_and_escape_valid.json": "bad_text",
    "i_string_incomplete_surrogate_pair.json": "bad_text",
    "i_string_incomplete_surrogates_escape_valid.json": "bad_text",
    "i_string_invalid_lonely_surrogate.json": "bad_text",
    "i_string_invalid_surrogate.json": "bad_text",
    "i_string_inverted_surrogates_U+1D11E.json": "bad_text",
    "i_string_lone_second_surrogate.json": "bad_text",
    # not UTF-8: not_json (RFC 8259 section 8.1)
    "i_string_UTF-16LE_with_BOM.json": "not_json",
    "i_string_UTF-8_invalid_sequence.json": "not_json",
    "i_string_UTF8_surrogate_U+D800.json": "not_json",
    "i_string_invalid_utf-8.json": "not_json",
    "i_string_iso_latin_1.json": "not_json",
    "i_string_lone_utf8_continuation_byte.json": "not_json",
    "i_string_not_in_unicode_range.json": "not_json",
    "i_string_overlong_sequence_2_bytes.json": "not_json",
    "i_string_overlong_sequence_6_bytes.json": "not_json",
    "i_string_overlong_sequence_6_bytes_null.json": "not_json",
    "i_string_truncated-utf-8.json": "not_json",
    "i_string_utf16BE_no_BOM.json": "not_json",
    "i_string_utf16LE_no_BOM.json": "not_json",
    # nesting beyond 64 levels (RFC 8259 section 9 allows a limit)
    "i_structure_500_nested_arrays.json": "too_deep",
    # a byte-order mark is refused (docs/architecture.md, parse-code precedence)
    "i_structure_UTF-8_BOM_empty_object.json": "not_json",
}


def _decide(data: bytes) -> str:
    """``ACCEPT`` or the error code; any other exception propagates and fails the test."""
    try:
        loads_strict(data)
    except ClaimsSyntaxError as err:
        assert err.code in ERROR_CODES
        return err.code
    return ACCEPT


def _suite_files():
    files = sorted(PARSING.glob("*.json"))
    extra = sorted(EXTRA.glob("*.json"))
    return [pytest.param(path, id=path.name) for path in files] + [
        pytest.param(path, id=f"extra_from_index/{path.name}") for path in extra
    ]


FILES = _suite_files()


def test_suite_folder_is_complete():
    names = {p.name for p in PARSING.glob("*.json")}
    assert len([n for n in names if n.startswith("y_")]) == 95
    assert len([n for n in names if n.startswith("n_")]) == 188
    assert {n for n in names if n.startswith("i_")} == set(I_DECISIONS)
    assert len(names) == 95 + 188 + len(I_DECISIONS)
    assert set(Y_REFUSED) <= names
    assert len(list(EXTRA.glob("n_*.json"))) == len(list(EXTRA.iterdir())) == 5
    assert len(FILES) == len(names) + 5
    assert (SUITE / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


def test_the_files_are_stored_as_bytes():
    """Git must not convert the files (some are not UTF-8, some lack a final newline)."""
    attributes = (SUITE.parents[3] / ".gitattributes").read_text(encoding="utf-8").splitlines()
    for folder in ("test_parsing", "extra_from_index"):
        assert f"tests/core/data/JSONTestSuite/{folder}/* binary -eol" in attributes
    assert (PARSING / "i_string_UTF-16LE_with_BOM.json").read_bytes()[:2] == b"\xff\xfe"
    assert (PARSING / "n_structure_no_data.json").read_bytes() == b""
    assert (EXTRA / "n_string_octal_escape.json").read_bytes() == b'["\\012"]\n'


@pytest.mark.parametrize("path", FILES)
def test_suite_file(path):
    name = path.name
    decision = _decide(path.read_bytes())
    if name.startswith("y_"):
        assert decision == Y_REFUSED.get(name, ACCEPT)
    elif name.startswith("n_"):
        assert decision != ACCEPT
    elif name.startswith("i_"):
        assert decision == I_DECISIONS[name]
    else:  # pragma: no cover - the suite names every file y_, n_ or i_
        pytest.fail(f"unexpected file {name}")


def _is_utf8(path: Path) -> bool:
    try:
        path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


# The files that are valid UTF-8 (the others are bytes only: UTF-16, Latin-1, broken sequences).
TEXT_FILES = [param for param in FILES if _is_utf8(param.values[0])]


def test_most_files_are_utf8_and_the_rest_are_not_json():
    bytes_only = [param.values[0] for param in FILES if param not in TEXT_FILES]
    assert len(TEXT_FILES) > 250 and len(bytes_only) > 10
    assert {_decide(path.read_bytes()) for path in bytes_only} == {"not_json"}


@pytest.mark.parametrize("path", TEXT_FILES)
def test_suite_file_as_text_agrees_with_bytes(path):
    """Files that are valid UTF-8 decide the same as str as they do as bytes."""
    data = path.read_bytes()
    assert _decide(data.decode("utf-8")) == _decide(data)


# ---------------------------------------------------------------- literals


def _code(raw):
    with pytest.raises(ClaimsSyntaxError) as info:
        loads_strict(raw)
    return info.value


@pytest.mark.parametrize("raw", ["NaN", "[NaN]", '{"a": Infinity}', "[-Infinity]", "[nan]"])
def test_nan_and_infinity_are_not_json(raw):
    assert _code(raw).code == "not_json"


def test_bom_is_refused_as_text_and_as_bytes():
    err = _code("\ufeff{}")
    assert (err.code, err.line, err.column, err.position) == ("not_json", 1, 1, 0)
    assert _code(b"\xef\xbb\xbf{}").code == "not_json"


def test_duplicate_key_is_caught_at_the_repeated_name():
    err = _code('{"a": 1, "b": 2, "a": 1}')
    assert (err.code, err.line, err.column, err.path) == ("duplicate_member", 1, 18, ())


def test_duplicate_key_inside_nesting_names_its_path():
    err = _code('{"x": [{"a": 1, "a": 2}]}')
    assert (err.code, err.path) == ("duplicate_member", ("x", 0))


def test_hundred_thousand_brackets_are_too_deep_not_a_recursion_error():
    err = _code("[" * 100_000 + "]" * 100_000)
    assert (err.code, err.position) == ("too_deep", 64)
    assert _code(b"[" * 100_000).code == "too_deep"
    assert _code('{"a":' * 100_000).code == "too_deep"


def test_sixty_four_levels_are_accepted():
    assert loads_strict("[" * 64 + "]" * 64) == json.loads("[" * 64 + "]" * 64)
    assert _code("[" * 65 + "]" * 65).code == "too_deep"


@pytest.mark.parametrize("raw", ['"\\ud800"', '"\\udfff"', '["\\ude00\\ud83d"]', '{"\\ud800": 1}', '"a\\ud83d"'])
def test_lone_surrogate_escapes_are_bad_text(raw):
    assert _code(raw).code == "bad_text"


def test_surrogate_pair_escape_is_one_character():
    assert loads_strict('"\\ud83d\\ude00"') == "\U0001F600"


@pytest.mark.parametrize("raw", ['"\\uffff"', '"\\ufdd0"', '"\\ud83f\\udffe"', '"\uFFFE"', '["\U0010FFFF"]', '{"\\ufdef": 0}'])
def test_noncharacters_are_bad_text(raw):
    assert _code(raw).code == "bad_text"


def test_noncharacter_neighbours_are_fine():
    assert loads_strict('"\\ufffd\\ufdcf\\ufdf0"') == "\ufffd\ufdcf\ufdf0"


@pytest.mark.parametrize("raw", ["1e400", "-1e400", "[1E400]", "1.8e308", "2" + "0" * 308, "-" + "9" * 310])
def test_numbers_that_overflow_a_double_are_bad_number(raw):
    err = _code(raw)
    assert err.code == "bad_number"


def test_numbers_at_the_edge_of_a_double_are_accepted():
    assert loads_strict("1e-400") == 0.0
    assert loads_strict("-1e-400") == 0.0
    assert loads_strict("1.7976931348623157e308") == 1.7976931348623157e308
    assert loads_strict("1" + "0" * 308) == 10**308
    assert loads_strict("-0") == 0


@pytest.mark.parametrize(
    "data",
    [b"\xff", b'"\xc3\x28"', b'"\xed\xa0\x80"', b'"\xc0\xaf"', "[]".encode("utf-16-le"), "[1]".encode("utf-16")],
)
def test_bytes_must_be_utf8_never_guessed(data):
    assert _code(data).code == "not_json"


def test_utf8_bytes_decode():
    assert loads_strict('{"k": "\u00e9\U0001F600"}'.encode("utf-8")) == {"k": "\u00e9\U0001F600"}


@pytest.mark.parametrize("raw", ["", " ", "[1,]", "{'a': 1}", "[01]", '"\t"', "[1] [2]", "\u00a0[]", "[\u2028]"])
def test_small_invalid_texts_are_not_json(raw):
    assert _code(raw).code == "not_json"


def test_accepted_values_match_json_loads():
    text = '{"a": [1, -2.5, true, false, null, "x\\u00e9"], "b": {}, "c": []}'
    assert loads_strict(text) == json.loads(text)
    assert list(loads_strict('{"z": 1, "a": 2}')) == ["z", "a"]


def test_non_text_input_is_a_type_error():
    with pytest.raises(TypeError):
        loads_strict(5)


RECORDED = Path(__file__).resolve().parent / "data" / "conformance_refusals.json"


def test_every_refusal_has_the_recorded_code_reason_and_place():
    """The same code, reason, line and column on every supported Python (recorded once, on
    CPython 3.11, and identical on 3.10, 3.12 and 3.13 when it was recorded)."""
    recorded = json.loads(RECORDED.read_text(encoding="utf-8"))
    found = {}
    paths = sorted(PARSING.glob("*.json"))
    assert len(paths) == 318
    for path in paths:
        try:
            loads_strict(path.read_bytes())
        except ClaimsSyntaxError as err:
            found[path.name] = [err.code, err.reason, err.line, err.column]
    assert found == recorded
