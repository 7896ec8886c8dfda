"""mask_secrets, round 3: encoded URL passwords, PGP blocks, webhook secrets, OAuth and SendGrid tokens,
bare AWS secret keys, cut-off quotes and wrapped keys. Every secret here is fake (docs examples or FAKE)."""

from __future__ import annotations

import pytest

from groundlab import mask_secrets

_PGP = (
    "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQOYBFAKEFAKEFAKEBCADfakefakefake\n=FAKE\n"
    "-----END PGP PRIVATE KEY BLOCK-----"
)
_AWS_DOCS_SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"  # AWS's documentation example
_SLACK = "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX"

# (id, text, masked text, fragments that must not survive)
CASES = [
    ("url-password-encoded-at", "postgres://bob:p%40ssw0rd@db.example.invalid/app",
     "postgres://***@db.example.invalid/app", ["ssw0rd", "p%40", "bob"]),
    ("url-password-encoded-colon", "https://u:p%3Aw%40rd@llm.example.invalid/v1",
     "https://***@llm.example.invalid/v1", ["w%40rd", "rd@"]),
    ("url-password-plain-at", "redis://:p@ss@cache.example.invalid:6379",
     "redis://***@cache.example.invalid:6379", ["ss@"]),
    ("pgp-block", f"key follows\n{_PGP}\nthanks", "key follows\n***\nthanks", ["lQOYB", "=FAKE"]),
    ("pgp-block-cut", "-----BEGIN PGP PRIVATE KEY BLOCK-----\nlQOYBFAKEFAKE", "***", ["lQOYB"]),
    ("stripe-webhook", "signing secret whsec_FAKEfake0123456789abcdef rejected",
     "signing secret whsec_*** rejected", ["FAKEfake0123456789abcdef"]),
    ("slack-webhook", f"posting to {_SLACK} failed", "posting to https://hooks.slack.com/services/*** failed",
     ["T00000000", "XXXXXXXX"]),
    ("google-oauth", "token ya29.FAKE-fake_0123456789abcdef expired", "token ya29.*** expired",
     ["FAKE-fake_0123456789abcdef"]),
    ("sendgrid", "SG.FAKEfake0123456789ab.FAKEfake0123456789abcdefFAKE invalid", "SG.*** invalid",
     ["FAKEfake0123456789ab"]),
    ("aws-secret-bare", f"secret {_AWS_DOCS_SECRET} in logs", "secret *** in logs", [_AWS_DOCS_SECRET[:20]]),
    ("aws-secret-csv", f"AKIAIOSFODNN7EXAMPLE,{_AWS_DOCS_SECRET}", "AKIA***,***", ["wJalr"]),
    ("cut-quote-json", '{"password": "hunter2 and mo', '{"password": "***', ["hunter2"]),
    ("cut-quote-single", "api_key='abc123def", "api_key='***", ["abc123def"]),
    ("cut-quote-header", 'Authorization: "Bearer abc123def', 'Authorization: "Bearer ***', ["abc123def"]),
    ("wrapped-prefixed", "Incorrect API key provided: sk-proj-Ab12Cd34Ef56\nGh78Ij90. Check it.",
     "Incorrect API key provided: sk-proj-***\n***. Check it.", ["Gh78Ij90", "Ab12"]),
    ("wrapped-json-value", '{"api_key": "abcdef12345\nghijk67890"}', '{"api_key": "***\n***"}', ["ghijk67890"]),
    ("not-wrapped-word", "api_key=abc123\nThanks for reading", "api_key=***\nThanks for reading", ["abc123"]),
    ("wrapped-named", "access_token=at-0123456789\r\nabcdef012345&x=1", "access_token=***\r\n***&x=1", ["abcdef012345"]),
]


@pytest.mark.parametrize("text, masked, fragments", [case[1:] for case in CASES], ids=[case[0] for case in CASES])
def test_each_shape_is_masked(text, masked, fragments):
    assert mask_secrets(text) == masked
    assert not [fragment for fragment in fragments if fragment in mask_secrets(text)]
    assert mask_secrets(masked) == masked  # masking twice changes nothing more


@pytest.mark.parametrize(
    "text",
    [
        "commit 0123456789abcdef0123456789abcdef01234567 merged",  # a SHA-1: no upper case
        "ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJKLMN",  # 40 capitals, no digit or lower case
        "supercalifragilisticexpialidociousWordsX",  # 40 letters, no digit
        "see https://example.invalid/path?q=a@b for details",  # an "@" in the query, not in userinfo
        "2 of 3 answers; SG.1 is a section",
        "the line ends here ***\nand the next one starts with words",  # a mask, then a short word
    ],
)
def test_ordinary_text_is_left_alone(text):
    assert mask_secrets(text) == text
