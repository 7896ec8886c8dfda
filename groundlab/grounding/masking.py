"""Secret masking: hide API keys, tokens and passwords in text bound for a log or an error message.

Rule: the job-match article, "No Quote, No Claim" (provider errors never show secrets);
``docs/architecture.md``, "Grounding". Defence in depth only: what a log line or a
user-facing error may say is decided by an allow-list (``groundlab.grounding.provider``),
and ``mask_secrets`` covers the remaining free text (an adapter's endpoint, a caller's own
``ChatModelError`` detail). Standard library only.
"""

from __future__ import annotations

import re
from urllib.parse import quote, unquote

__all__ = ["MASK", "mask_secrets"]

#: The text that replaces a secret.
MASK: str = "***"

# Authorization schemes whose name is kept before the masked credentials (RFC 9110
# section 11.6.2 and the IANA registry of HTTP authentication schemes).
_SCHEMES = (
    "bearer|basic|digest|token|negotiate|ntlm|hoba|mutual|dpop|gnap|privatetoken|vapid"
    "|aws4-hmac-sha256|scram-sha-1|scram-sha-256|apikey|key|hmac|signature"
)
_KEEP_SCHEME = re.compile(rf"(?i)({_SCHEMES})([ \t]+)\S")

# Headers whose whole value is a credential: Authorization, Proxy-Authorization,
# Cookie and Set-Cookie. Quoted (JSON, a Python dict) or to the end of the line.
_HEADER = r"\b(?:proxy-authorization|authorization|set-cookie|cookie)"
_HEADER_QUOTED = re.compile(
    rf"(?i)({_HEADER}[\"']?\s*[:=]\s*)([\"'])((?:(?!\2)[^\\\r\n]|\\.)*)\2"
)
_HEADER_LINE = re.compile(rf"(?i)({_HEADER}[ \t]*[:=][ \t]*)(?![\"'\s])([^\r\n]+)")

# Names of members, parameters and variables that hold a credential: api_key,
# x-api-key, access_token, client_secret, password, "passwd", session_id ...
_NAME = (
    r"\b(?:(?:[A-Za-z0-9]+[_.-]){0,6}"
    r"(?:api[_-]?key|apikey|key|token|secret|password|passwd|pwd|pass|passphrase"
    r"|credentials?|auth|session(?:[_-]?id)?|sid|signature|sig)"
    # camelCase and PascalCase: accessToken, clientSecret, AccountKey (not "monkey")
    r"|(?-i:[A-Za-z][A-Za-z0-9]*?[a-z0-9](?:Key|Token|Secret|Password|Passwd|Pwd|Passphrase"
    r"|Credentials?|Auth|Session(?:Id)?|Signature|Sig)))\b"
)
_NAMED_VALUE = re.compile(
    rf"(?i)({_NAME}[\"']?\s*[:=]\s*)"
    r"(\"(?:[^\"\\\r\n]|\\.)*\"|'[^'\r\n]*'|[^\s\"',;&]+)"
)

# Token prefixes of well-known providers (the prefix is kept): OpenAI and
# Anthropic, Stripe secret keys, GitHub, Slack, GitLab, Hugging Face, npm, PyPI, Google.
_PREFIXED = re.compile(
    r"(?<![A-Za-z0-9])(?:"
    r"(sk-ant-|sk-proj-|sk-svcacct-|sk-)[A-Za-z0-9_\-]{3,}"
    r"|(sk_live_|sk_test_|rk_live_|rk_test_|ghp_|gho_|ghu_|ghs_|ghr_|github_pat_"
    r"|xoxb-|xoxp-|xoxa-|xoxr-|xoxs-|xapp-|glpat-|hf_|npm_|pypi-|AIza)[A-Za-z0-9_\-]{8,})"
    r"(?![A-Za-z0-9_\-]|\*{3}(?!\*))"  # the whole token (Markdown ** around it is fine), not one masked already ("sk-proj-***")
)
# AWS access key ids: a four-letter prefix, then 16 upper-case letters or digits.
_AWS_KEY_ID = re.compile(
    r"(?<![A-Za-z0-9])(AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Za-z0-9])"
)
# A JWT (JWS or JWE): a base64url JSON header "eyJ...", then at least two dots.
_JWT = re.compile(r"(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{4,}(?:\.[A-Za-z0-9_-]*){2,4}")
_PEM = re.compile(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----.*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|\Z)", re.DOTALL)
_STANDALONE = re.compile(r"(?i)\b(bearer)(\s+)[A-Za-z0-9._~+/=-]{8,}|\b(basic|negotiate|ntlm)(\s+)[A-Za-z0-9+/]{8,}={0,2}")
# Credentials in a URL: everything between "://" and "@".
_USERINFO = re.compile(r"(?<=://)[^/\s@]+@")
# A run of text without spaces or quotes, and a percent escape inside one.
_RUN = re.compile(r"[^\s\"'<>]+")
_ESCAPE = re.compile(r"%[0-9A-Fa-f]{2}")


def _header(match: re.Match[str], value: str) -> str:
    # Keep the name (and a known Authorization scheme), mask the rest of the value.
    if "authorization" in match.group(1).lower():
        scheme = _KEEP_SCHEME.match(value)
        if scheme:
            return scheme.group(1) + scheme.group(2) + MASK
    return MASK


def _mask_plain(text: str, secrets: list[str]) -> str:
    for secret in secrets:
        text = text.replace(secret, MASK)
    text = _PEM.sub(MASK, text)
    text = _HEADER_QUOTED.sub(lambda m: m.group(1) + m.group(2) + _header(m, m.group(3)) + m.group(2), text)
    text = _HEADER_LINE.sub(lambda m: m.group(1) + _header(m, m.group(2)), text)
    text = _STANDALONE.sub(lambda m: (m.group(1) or m.group(3)) + (m.group(2) or m.group(4)) + MASK, text)
    text = _JWT.sub(MASK, text)
    text = _PREFIXED.sub(lambda m: (m.group(1) or m.group(2)) + MASK, text)
    text = _AWS_KEY_ID.sub(lambda m: m.group(1) + MASK, text)
    text = _USERINFO.sub(MASK + "@", text)

    def named(m: re.Match[str]) -> str:
        value = m.group(2)
        quote_mark = value[0] if value[0] in "\"'" and len(value) > 1 else ""
        return m.group(1) + quote_mark + MASK + quote_mark

    return _NAMED_VALUE.sub(named, text)


def _mask_encoded(run: str, secrets: list[str]) -> str:
    # A run holding percent escapes (URL- or form-encoded): decode (up to three
    # levels, for double encoding), mask, and re-encode when something was
    # masked; the result holds no space, quote or control character.
    if not _ESCAPE.search(run):
        return run
    decoded = run
    for _ in range(3):
        again = unquote(decoded)
        if again == decoded:
            break
        decoded = again
    masked = _mask_plain(decoded, secrets)
    if masked == decoded:
        return run
    return quote(masked, safe="!#$&()*+,/:;=?@[]~")


def mask_secrets(text: str, *secrets: str | None) -> str:
    """Return ``text`` with API keys, tokens and the exact strings ``secrets`` replaced by ``MASK`` (``***``).

    Masked: each of ``secrets`` (``None`` and ``""`` skipped); PEM private keys; the values of
    ``Authorization``, ``Proxy-Authorization``, ``Cookie`` and ``Set-Cookie`` (a known
    Authorization scheme stays: ``Authorization: Token ***``); ``Bearer``/``Basic``/
    ``Negotiate``/``NTLM`` credentials; JWTs; provider-prefixed tokens (``sk-``, ``ghp_``,
    ``xoxb-``, ``hf_``, ``AIza``..., prefix kept) and AWS key ids; a URL's user information
    (``https://***@host``); the value after a credential-like name (``api_key``,
    ``access_token``, ``password``, ``session_id``...; a quoted value keeps its quotes); all
    also inside percent-encoded text. Best effort: a key in an unknown format that is not in
    ``secrets`` may survive. ``TypeError`` if ``text`` is not a ``str`` or a secret is neither
    ``str`` nor ``None``.
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    extra = []
    for secret in secrets:
        if secret is None:
            continue
        if not isinstance(secret, str):
            raise TypeError(f"secrets must be str or None, not {type(secret).__name__}")
        if secret:
            extra.append(secret)
    extra.sort(key=len, reverse=True)
    if "%" in text:
        text = _RUN.sub(lambda m: _mask_encoded(m.group(0), extra), text)
    return _mask_plain(text, extra)
