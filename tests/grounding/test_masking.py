"""Tests for groundlab.grounding.masking: API keys and tokens never reach a log or a user."""

from __future__ import annotations

import pytest

from groundlab import mask_secrets
from groundlab.grounding.masking import MASK


def test_no_credential_shape_survives_masking(credential_shape):
    text, credential = credential_shape
    masked = mask_secrets(text)
    assert credential not in masked
    assert MASK in masked
    assert mask_secrets(masked) == masked  # masking twice changes nothing more


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
        ("Authorization: Token abc123def", "Authorization: Token ***"),
        ("Authorization: X-Custom zq81pL0xv7Rw", "Authorization: ***"),
        ('{"Authorization": "Bearer abc", "x": 1}', '{"Authorization": "Bearer ***", "x": 1}'),
        ("Cookie: a=1; b=2\r\nHost: h", "Cookie: ***\r\nHost: h"),
        ("Set-Cookie: id=a3fWa; Path=/", "Set-Cookie: ***"),
        ("GET /v1?api_key=abc123&x=1", "GET /v1?api_key=***&x=1"),
        ('{"api_key": "abc123", "model": "m"}', '{"api_key": "***", "model": "m"}'),
        ('{"password": "two words"}', '{"password": "***"}'),
        ('{"client_secret":"a\\"b"}', '{"client_secret":"***"}'),
        ("x-api-key: abc123", "x-api-key: ***"),
        ("apikey=abc123", "apikey=***"),
        ("q=api%5Fkey%3Dabc123%26x%3D1", "q=api_key=***&x=1"),
        ("api%255Fkey%253Dabc", "api_key=***"),
        (
            "https://host/v1beta/models?key=AIzaSyA1234567890abcdef",
            "https://host/v1beta/models?key=***",
        ),
        ("key AIzaSyA1234567890abcdef leaked", "key AIza*** leaked"),
        ("sk-proj-AbC_123-xyz", "sk-proj-***"),
        ("sk-ant-api03-abcdefghijklmnop", "sk-ant-***"),
        ("ghp_abcdefghijklmnopqrstuvwxyz0123456789", "ghp_***"),
        ("AKIAIOSFODNN7EXAMPLE", "AKIA***"),
        ("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.abc_DEF-123 ok", "*** ok"),
        ("https://user:hunter2@llm.example/v1", "https://***@llm.example/v1"),
        ("-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY----- tail", "*** tail"),
        ("", ""),
    ],
)
def test_mask_secrets_patterns(text, expected):
    assert mask_secrets(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "no secret here: HTTP 500",
        "task-force and desk-top",  # 'sk-' inside a word
        '{"usage": {"prompt_tokens": 12, "total_tokens": 30}, "token_type": "bearer"}',
        "a basic example of a bearer of news",
        "the monkey=3 and keyboard: US",
        "100% of 5%20 is not an escape run with a secret",
        "Unauthorized: authorization failed",
        "ASIA is a continent; AKIA12 is too short",
    ],
)
def test_harmless_text_is_left_alone(text):
    assert mask_secrets(text) == text


def test_mask_secrets_extra_secrets():
    text = "failed with custom-token-value and again custom-token-value; short"
    assert mask_secrets(text, "custom-token-value") == f"failed with {MASK} and again {MASK}; short"
    assert mask_secrets(text, None, "") == text
    # the longer secret is replaced first, so no tail of it survives
    assert mask_secrets("abcdef", "abc", "abcdef") == MASK
    # an extra secret is found after percent-decoding as well
    assert mask_secrets("v=plain%2Fcustom%2Bkey&x=1", "plain/custom+key") == "v=***&x=1"


def test_mask_secrets_rejects_non_text():
    with pytest.raises(TypeError, match="text must be a str, not bytes"):
        mask_secrets(b"x")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="secrets must be str or None, not int"):
        mask_secrets("x", 3)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("**sk-proj-AAAAAAAAAAAAAAAAAAAAAAAA**", "AAAAAAAAAAAAAAAAAAAAAAAA"),
        ("key is ghp_BBBBBBBBBBBBBBBBBBBBBBBB*", "BBBBBBBBBBBBBBBBBBBBBBBB"),
        ("accessToken=abc123secret", "abc123secret"),
        ('{"clientSecret": "qq-secret-qq"}', "qq-secret-qq"),
        ("refreshToken: zz-refresh-zz", "zz-refresh-zz"),
        ("Endpoint=x;AccountKey=Zm9vYmFyYmF6;", "Zm9vYmFyYmF6"),
    ],
)
def test_markdown_wrapped_and_camel_case_credentials_are_masked(text, secret):
    from groundlab import mask_secrets

    assert secret not in mask_secrets(text)
