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
