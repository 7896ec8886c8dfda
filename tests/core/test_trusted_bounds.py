"""Trusted files, round 3: the size limit that bounds the time to refuse one, and the single-pass depth check.

Timing figures are in ``benchmarks/trusted.py``; these tests assert behaviour only.
"""

import pytest

from groundlab.core.reader import MAX_DEPTH, max_depth_exceeded
from groundlab.core.trusted import MAX_TRUSTED_BYTES, TrustedInputError, read_json_file

LIMIT = 2 * 1024 * 1024


def test_the_limit_is_2_mib():
    assert MAX_TRUSTED_BYTES == LIMIT


def test_a_json_file_one_byte_over_the_limit_is_refused_as_too_large(tmp_path):
    path = tmp_path / "registry.json"
    path.write_bytes(b"[" + b"0," * ((LIMIT - 1) // 2) + b"0]")
    assert path.stat().st_size == LIMIT + 1
    with pytest.raises(TrustedInputError) as info:
        read_json_file(path)
    assert (info.value.code, info.value.context["size"], info.value.context["limit"]) == (
        "too_large", LIMIT + 1, LIMIT)


def test_a_valid_file_full_of_brackets_is_read(tmp_path):
    path = tmp_path / "brackets.json"  # small: the figures at the limit are the benchmark's
    path.write_bytes(b"[" + b"[]," * 19999 + b"[{}]]")
    assert read_json_file(path) == [[]] * 19999 + [[{}]]


@pytest.mark.parametrize(
    "text, exceeded",
    [
        ("[" * MAX_DEPTH + "]" * MAX_DEPTH, False),
        ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), True),
        ("[" + "[]," * 500 + "[]]", False),
        ('["' + "[" * 200 + '"]', False),  # brackets inside a string do not nest
        ('[{"a": "\\"[[[[", "b": ' + "[" * (MAX_DEPTH - 2) + "]" * (MAX_DEPTH - 2) + "}]", False),
        ('[{"a": "\\"[[[[", "b": ' + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "}]", True),
        ("[" * 40 + "]" * 40 + "{" * 40 + '"k": 1' + "}" * 40, False),
        ("[" * 40 + "{\"k\": " * 25 + "1" + "}" * 25 + "]" * 40, True),
    ],
)
def test_the_depth_check_counts_brackets_outside_strings(text, exceeded):
    assert max_depth_exceeded(text) is exceeded


# --- the trusted reader places a syntax error where the C reader stopped, as the locator would -----

from hypothesis import given, settings, strategies as st  # noqa: E402

from groundlab.core.errors import ClaimsSyntaxError  # noqa: E402
from groundlab.core.reader import read, read_placed  # noqa: E402

_PIECES = st.sampled_from(['[', ']', '{', '}', ',', ':', '"a"', '"b"', '"[{"', '1', '-', '.5', 'e', ' ', '\n',
                           'true', 'nul', '"\\q"', '"\\u00e9"', '\u0661', '\u00e9', '[]', '{}', '"a":1', '\t'])


def _outcome(reader, text):
    try:
        return "value", reader(text)
    except ClaimsSyntaxError as err:
        return err.code, err.reason, dict(err.context), err.position, err.path, err.message


@settings(max_examples=400, deadline=None)
@given(st.lists(_PIECES, max_size=24).map("".join))
def test_property_the_placed_refusal_is_the_locators(text):
    assert _outcome(read_placed, text) == _outcome(read, text)


@pytest.mark.parametrize(
    "text",
    [
        "[" + "[1,2,3]," * 3000 + "}]",  # a fault at the end of a long file, past 64 brackets
        '{"k": [' + "[1,2]," * 3000 + '0], "k": [1,}',  # a repeated name in an open object comes first
        "[" * 40 + "{" * 30 + '"a": 1,' + "]" * 70,  # too deep before the fault
        "[" + "[]," * 2000 + "1\u0661]",  # a non-ASCII digit at the place
        '{"a": {"b": 1}, "c": [1, 2 3]}',
        '[1, 2] x',
        '{"k": [' + "[1,2]," * 3000 + '0], "k": 1}',  # a name repeated at the end of a long file
        '[0, {"a": [1, {"b": 1, "c": {"x": 1, "\\u0078": 2}}], "d": {"e": 1, "e": 2}}]',  # the first repeat in order
        '{"a": {"a": 1, "b": 2}, "b": [{}, {"z": 1, "y": 2, "z": 3}], "a": 0}',  # an outer repeat after an inner one
        '{"a": {"a": 0, "a": 0}, "a": {}}',  # the path goes through an object that repeats its name later
        "[" * 65 + "]" * 65,  # valid but too deep: the 65th bracket
        '["[[[[", ' + '{"a": ' * 64 + "1" + "}" * 64 + "]",  # brackets in a string do not count
        "[" + "[],"*500 + "[" * 64 + '"x"' + "]" * 64 + "]",
    ],
)
def test_the_placed_refusal_matches_the_locator_on_long_and_tricky_texts(text):
    assert _outcome(read_placed, text) == _outcome(read, text)
    assert _outcome(read, text)[0] != "value"


_NAMES = st.sampled_from(["a", "b", "c"])
_LEAF = st.one_of(st.integers(-5, 5).map(str), st.sampled_from(['"x"', "true", "null", "[]", "{}"]))
_JSON = st.recursive(_LEAF, lambda children: st.one_of(
    st.lists(st.tuples(_NAMES, children), max_size=4).map(lambda pairs: "{" + ", ".join(f'"{k}": {v}' for k, v in pairs) + "}"),
    st.lists(children, max_size=4).map(lambda items: "[" + ",".join(items) + "]"),
), max_leaves=30)


@settings(max_examples=300, deadline=None)
@given(_JSON, st.sampled_from(["", " x", ",", "}", "]"]))
def test_property_a_repeated_name_is_placed_as_the_locator_places_it(text, tail):
    assert _outcome(read_placed, text + tail) == _outcome(read, text + tail)
