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
_HEADER_QUOTED = re.compile(  # a closing quote cut off: the value runs to the end of the line
    rf"(?i)({_HEADER}[\"']?\s*[:=]\s*)([\"'])((?:(?!\2)[^\\\r\n]|\\.)*)(\2|(?=[\r\n]|\Z))"
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
_NAMED_VALUE = re.compile(  # a quoted value whose closing quote was cut off runs to the end of the line
    rf"(?i)({_NAME}[\"']?\s*[:=]\s*)"
    r"(\"(?:[^\"\\\r\n]|\\.)*(?:\"|(?=[\r\n]|\Z))|'[^'\r\n]*(?:'|(?=[\r\n]|\Z))|[^\s\"',;&]+)"
)

# Token prefixes of well-known providers (the prefix is kept): OpenAI and
# Anthropic, Stripe secret keys and webhook secrets (whsec_), GitHub, Slack, GitLab,
# Hugging Face, npm, PyPI, Google API keys and OAuth access tokens (ya29.), SendGrid (SG.).
_PREFIXED = re.compile(
    r"(?<![A-Za-z0-9])(?:"
    r"(sk-ant-|sk-proj-|sk-svcacct-|sk-)[A-Za-z0-9_\-]{3,}"
    r"|(sk_live_|sk_test_|rk_live_|rk_test_|ghp_|gho_|ghu_|ghs_|ghr_|github_pat_"
    r"|xoxb-|xoxp-|xoxa-|xoxr-|xoxs-|xapp-|glpat-|hf_|npm_|pypi-|AIza|whsec_|ya29\.)[A-Za-z0-9_\-]{8,}"
    r"|(SG\.)[A-Za-z0-9_\-]{16,}\.[A-Za-z0-9_\-]{16,})"
    r"(?![A-Za-z0-9_\-]|\*{3}(?!\*))"  # the whole token (Markdown ** around it is fine), not one masked already ("sk-proj-***")
)
# AWS access key ids: a four-letter prefix, then 16 upper-case letters or digits.
_AWS_KEY_ID = re.compile(
    r"(?<![A-Za-z0-9])(AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Za-z0-9])"
)
# A JWT (JWS or JWE): a base64url JSON header "eyJ...", then at least two dots.
_JWT = re.compile(r"(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{4,}(?:\.[A-Za-z0-9_-]*){2,4}")
# PEM private keys and OpenPGP private key blocks ("PRIVATE KEY BLOCK"), to their END line or the text's end.
_PEM = re.compile(
    r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----.*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|\Z)", re.DOTALL
)
# Slack incoming-webhook and workflow URLs: the path after the kind is the secret.
_SLACK_HOOK = re.compile(r"(https?://hooks\.slack\.com/(?:services|workflows|triggers)/)[A-Za-z0-9_/\-]+")
# A bare AWS secret access key: exactly 40 characters of A-Z, a-z, 0-9, + and /, not inside a longer
# such run, with at least one digit, three upper-case and three lower-case letters. Hex digests
# (no upper case), words and sentences (shorter runs, or spaces) never qualify; a 40-character
# mixed-case path with a digit would, and is masked too (best effort errs towards masking).
_AWS_SECRET = re.compile(
    r"(?<![A-Za-z0-9+/=])(?=(?:[^0-9]*[0-9]))(?=(?:[^A-Z]*[A-Z]){3})(?=(?:[^a-z]*[a-z]){3})"
    r"[A-Za-z0-9+/]{40}(?![A-Za-z0-9+/=])"
)
# A value masked up to the end of its line that goes on at the start of the next: a key wrapped there.
# The run must look like part of a key, not a word: a digit, one of _+/=- or a capital after its start.
_WRAPPED = re.compile(rf"({re.escape(MASK)}\"?\r?\n)([A-Za-z0-9_+/=\-.]{{3,}}[A-Za-z0-9_+/=\-])")
_KEYLIKE = re.compile(r"[0-9_+/=\-]|.[A-Z]")
_STANDALONE = re.compile(r"(?i)\b(bearer)(\s+)[A-Za-z0-9._~+/=-]{8,}|\b(basic|negotiate|ntlm)(\s+)[A-Za-z0-9+/]{8,}={0,2}")
# Credentials in a URL: everything between "://" and the last "@" of the authority.
_USERINFO = re.compile(r"(?<=://)[^/\s?#]*@")  # to the last "@" before the path: a password may hold "@"
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
    text = _HEADER_QUOTED.sub(lambda m: m.group(1) + m.group(2) + _header(m, m.group(3)) + m.group(4), text)
    text = _HEADER_LINE.sub(lambda m: m.group(1) + _header(m, m.group(2)), text)
    text = _STANDALONE.sub(lambda m: (m.group(1) or m.group(3)) + (m.group(2) or m.group(4)) + MASK, text)
    text = _JWT.sub(MASK, text)
    text = _PREFIXED.sub(lambda m: (m.group(1) or m.group(2) or m.group(3)) + MASK, text)
    text = _AWS_KEY_ID.sub(lambda m: m.group(1) + MASK, text)
    text = _SLACK_HOOK.sub(lambda m: m.group(1) + MASK, text)
    text = _USERINFO.sub(MASK + "@", text)
    text = _AWS_SECRET.sub(MASK, text)

    def named(m: re.Match[str]) -> str:
        value = m.group(2)
        opening = value[0] if value[0] in "\"'" else ""
        closing = opening if len(value) > 1 and value.endswith(opening) else ""  # it may have been cut off
        return m.group(1) + opening + MASK + closing

    text = _NAMED_VALUE.sub(named, text)
    return _WRAPPED.sub(lambda m: m.group(1) + (MASK if _KEYLIKE.search(m.group(2)) else m.group(2)), text)


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
    ``xoxb-``, ``hf_``, ``AIza``, ``whsec_``, ``ya29.``, ``SG.``..., prefix kept); OpenPGP
    private key blocks; Slack webhook URLs (``https://hooks.slack.com/services/***``); AWS
    key ids, and bare AWS secret keys (exactly 40 characters of ``A-Za-z0-9+/`` with a digit,
    three upper-case and three lower-case letters: never a hex digest or a word); a URL's
    user information, a percent-encoded ``@`` in the password included (``https://***@host``);
    the value after a credential-like name (``api_key``, ``access_token``, ``password``,
    ``session_id``...; a quoted value keeps its quotes, and one whose closing quote was cut off
    is masked to the end of its line); all also inside percent-encoded text. A value masked to
    the end of a line continues on the next when that line starts with at least four token
    characters (``A-Za-z0-9_+/=-.``, not ending in ``.``) holding a digit, one of ``_+/=-`` or
    a capital after its first character, as a wrapped key does (a word does not): that run is
    masked too. Best effort: a key in an unknown format that is not in ``secrets`` may survive. ``TypeError`` if ``text`` is not a ``str`` or a secret is neither
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
