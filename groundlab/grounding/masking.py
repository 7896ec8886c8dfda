"""Secret masking: hide API keys and tokens in text bound for a log or an error message.

Standard library only. Rule ("No Quote, No Claim"): provider errors never show
secrets; see ``docs/architecture.md``, "Grounding".
"""

from __future__ import annotations

import re

__all__ = ["MASK", "mask_secrets"]

#: The text that replaces a secret.
MASK: str = "***"

# Secret-looking patterns. Each keeps a harmless prefix and masks the value.
_SECRET_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    # "Authorization: Bearer <token>", "Basic <credentials>"
    (re.compile(r"(?i)\b(bearer|basic)(\s+)[^\s\"',;]+"), r"\1\2" + MASK),
    # api_key=..., "api_key": "...", x-api-key: ..., access_token=..., ?key=...
    (
        re.compile(
            r"(?i)((?:\b|_)(?:api[_-]?key|access[_-]?token|token|secret|password|key)"
            r"[\"']?\s*[:=]\s*[\"']?)([^\s\"',;&]+)"
        ),
        r"\1" + MASK,
    ),
    # OpenAI-style keys: sk-..., sk-proj-...
    (re.compile(r"(?<![A-Za-z0-9])sk-[A-Za-z0-9_\-]{3,}"), "sk-" + MASK),
    # Google API keys: AIza...
    (re.compile(r"\bAIza[0-9A-Za-z_\-]{10,}"), MASK),
    # user:password@ in URLs
    (re.compile(r"(?<=://)[^/\s:@]+:[^/\s@]+@"), MASK + "@"),
)


def mask_secrets(text: str, *secrets: str | None) -> str:
    """Return ``text`` with API keys, tokens and the given ``secrets`` replaced by ``MASK`` (``***``).

    Masked, in order: each extra secret (longest first; ``None`` and ``""`` are
    skipped); ``Bearer``/``Basic <credentials>``; the value after ``api_key``,
    ``api-key``, ``apikey``, ``x-api-key``, ``access_token``, ``token``,
    ``secret``, ``password`` or ``key`` and ``=`` or ``:`` (JSON quotes
    allowed); ``sk-...`` keys (kept as ``sk-***``) and ``AIza...`` keys;
    ``user:password@`` in URLs. Best effort: a key in an unknown format that is
    not passed in ``secrets`` may survive; over-masking is preferred.

    Args:
        text: any ``str``.
        *secrets: exact strings (``str`` or ``None``) that must not appear in the result.

    Returns:
        The masked ``str``.

    Raises:
        TypeError: if ``text`` or a secret is not a ``str`` (``None`` secrets are skipped).

    Rule: "No Quote, No Claim" (provider errors never show secrets); ``docs/architecture.md``.
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
    for secret in sorted(extra, key=len, reverse=True):
        text = text.replace(secret, MASK)
    for pattern, replacement in _SECRET_PATTERNS:
        text = pattern.sub(replacement, text)
    return text
