"""Tests for groundlab.grounding.masking: API keys and tokens never reach a log or a user."""

from __future__ import annotations

import pytest

from groundlab import mask_secrets
from groundlab.grounding.masking import MASK



@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "401 Unauthorized: invalid key sk-test-SECRET123, "
            "Authorization: Bearer sk-test-SECRET123",
            "401 Unauthorized: invalid key sk-***, Authorization: Bearer ***",
        ),
        ("Authorization: Bearer abc.def-ghi", "Authorization: Bearer ***"),
        ("authorization: bearer abc", "authorization: bearer ***"),
        ("Authorization: Basic dXNlcjpwYXNz", "Authorization: Basic ***"),
        ("GET /v1?api_key=abc123&x=1", "GET /v1?api_key=***&x=1"),
        ('{"api_key": "abc123", "model": "m"}', '{"api_key": "***", "model": "m"}'),
        ("x-api-key: abc123", "x-api-key: ***"),
        ("apikey=abc123", "apikey=***"),
        (
            "https://host/v1beta/models?key=AIzaSyA1234567890abcdef",
            "https://host/v1beta/models?key=***",
        ),
        ("key AIzaSyA1234567890abcdef leaked", "key *** leaked"),
        ("sk-proj-AbC_123-xyz", "sk-***"),
        ("https://user:hunter2@llm.example/v1", "https://***@llm.example/v1"),
        ("no secret here: HTTP 500", "no secret here: HTTP 500"),
        ("task-force and desk-top", "task-force and desk-top"),  # 'sk-' inside a word
        ("", ""),
    ],
)
def test_mask_secrets_patterns(text, expected):
    assert mask_secrets(text) == expected


def test_mask_secrets_extra_secrets():
    text = "failed with custom-token-value and again custom-token-value; short"
    assert mask_secrets(text, "custom-token-value") == f"failed with {MASK} and again {MASK}; short"
    assert mask_secrets(text, None, "") == text
    # the longer secret is replaced first, so no tail of it survives
    assert mask_secrets("abcdef", "abc", "abcdef") == MASK


def test_mask_secrets_rejects_non_text():
    with pytest.raises(TypeError, match="text must be a str, not bytes"):
        mask_secrets(b"x")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="secrets must be str or None, not int"):
        mask_secrets("x", 3)  # type: ignore[arg-type]
