"""Explain a job match with a language model and keep only the points its quotes support.

``explain_match`` builds the prompt (``groundlab.grounding.prompt``), makes one
model call, parses the reply into a ``Draft`` and checks it with
``check_draft`` against the exact text that was sent. Failures reach the
caller as typed errors with user-safe messages: ``ProviderError``,
``ReplyFormatError`` and ``groundlab.grounding.draft.NoGroundedPoints``. Every
log line is built from an allow-list (counts, lengths, type names, HTTP status;
``groundlab.grounding.provider.call_once``), never from the model's or the
provider's text.
Imports pydantic (through ``groundlab.grounding.draft``; the extra
``groundlab[draft]``, whose name the ``ImportError`` gives when it is missing).
Rules: "No Quote, No Claim"; see ``docs/architecture.md``, "Grounding".
"""

from __future__ import annotations

import logging
import re

from groundlab._extras import require
from groundlab.core.language import LIBRARY_CATALOGUE as tr
from groundlab.core.language import N_

require("pydantic", "draft")  # a missing pydantic names the extra that adds it

from pydantic import ValidationError

from groundlab.grounding.chat import ChatModel, check_timeout
from groundlab.grounding.draft import Draft, Explanation, NoGroundedPoints, check_draft
from groundlab.grounding.prompt import Job, Profile, build_prompt
from groundlab.grounding.provider import (
    DEFAULT_TIMEOUT,
    PROVIDER_ERROR_MESSAGE,
    ProviderError,
    call_once,
)

__all__ = [
    "DEFAULT_TIMEOUT",
    "PROVIDER_ERROR_MESSAGE",
    "REPLY_FORMAT_MESSAGE",
    "explain_match",
    "parse_reply",
    "ProviderError",
    "ReplyFormatError",
]

logger = logging.getLogger("groundlab.grounding.explain")

#: The sentence a user sees when the model's reply cannot be parsed.
REPLY_FORMAT_MESSAGE: str = N_(
    "The model's reply was not the expected JSON shape "
    '({"matches": [...], "gaps": [...]}), so no explanation can be shown.'
)


class ReplyFormatError(Exception):
    """The model's reply was not the expected JSON shape; ``str(error)`` is ``REPLY_FORMAT_MESSAGE``.

    Attributes:
        reply: the object the model returned (usually a ``str``), for
            debugging; not part of ``str`` or ``repr``.
    """

    def __init__(self, reply: object) -> None:
        super().__init__(REPLY_FORMAT_MESSAGE)  # unpickled as ReplyFormatError(<message>), then reply is restored
        self.reply = reply

    def __str__(self) -> str:
        return tr(REPLY_FORMAT_MESSAGE)


# The opening line of one optional Markdown code fence: ```, a language tag, spaces or tabs.
_OPENING = re.compile(r"```[A-Za-z0-9_-]*[ \t]*\r?")


def _strip_fence(reply: str) -> str:
    """``reply`` without one Markdown code fence around the whole of it, in linear time.

    Fenced means: optional whitespace, ```` ``` ```` with an optional language tag, spaces
    or tabs, a line break; the body; optionally ``\r``, ``\n`` and spaces or tabs; ```` ``` ````;
    optional whitespace. Anything else is returned unchanged.
    """
    text = reply.strip()
    newline = text.find("\n")
    if newline < 0 or not text.endswith("```") or not _OPENING.fullmatch(text, 0, newline):
        return reply
    if newline + 1 > len(text) - 3:
        return reply  # the closing ``` is the opening one
    body = text[newline + 1 : len(text) - 3].rstrip(" \t")
    body = body[:-1] if body.endswith("\n") else body
    return body[:-1] if body.endswith("\r") else body


def parse_reply(reply: object) -> Draft:
    """The model's reply as a ``Draft``: one Markdown code fence around it is stripped first.

    ``ReplyFormatError`` for a reply that is not a ``str`` holding draft JSON (a WARNING
    without the reply's text is logged). Used by :func:`explain_match`.
    """
    if not isinstance(reply, str):
        logger.warning("chat model returned %s instead of str", type(reply).__name__)
        raise ReplyFormatError(reply)
    try:
        draft = Draft.model_validate_json(_strip_fence(reply))
    except ValidationError:
        draft = None
    if draft is None:
        logger.warning("chat model reply was not draft JSON (%d characters)", len(reply))
        raise ReplyFormatError(reply) from None
    return draft


def explain_match(
    profile: Profile,
    job: Job,
    model: ChatModel,
    *,
    timeout: float = DEFAULT_TIMEOUT,
) -> Explanation:
    """Ask ``model`` how ``job`` relates to ``profile`` and return only the quoted points.

    Steps: ``build_prompt``; exactly one ``model.complete(prompt.messages(),
    timeout=timeout)``, no retry; strip one Markdown code fence around the
    reply; ``Draft.model_validate_json``; ``check_draft`` against
    ``prompt.profile_text`` and ``prompt.job_text`` (so a quote found only in a
    private field is dropped). Kept and dropped counts are logged at INFO.

    Args:
        profile: the candidate (private fields are never sent).
        job: the job posting.
        model: any ``ChatModel``.
        timeout: seconds, finite and > 0 (default ``DEFAULT_TIMEOUT``, 30.0).

    Returns:
        ``groundlab.grounding.draft.Explanation``.

    Raises:
        TypeError: ``profile``/``job`` of the wrong type, ``model`` without
            ``complete``, or a non-number ``timeout``.
        ValueError: ``timeout`` not finite and > 0.
        ProviderError: ``model.complete`` raised any ``Exception`` (even one
            whose ``__str__`` raises); nothing is chained, and one WARNING
            without provider text is logged (``call_once``).
        ReplyFormatError: the reply is not a ``str`` holding the draft JSON.
        NoGroundedPoints: no point survived the check.
    """
    if not isinstance(model, ChatModel):
        raise TypeError(f"model must have a complete() method, not {type(model).__name__}")
    timeout = check_timeout(timeout)
    prompt = build_prompt(profile, job)
    draft = parse_reply(call_once(model, prompt.messages(), timeout, logger))
    try:
        explanation = check_draft(draft, prompt.profile_text, prompt.job_text)
    except NoGroundedPoints as exc:
        logger.info("explanation checked: nothing kept, %d dropped", exc.dropped)
        raise
    logger.info(
        "explanation checked: %d match(es), %d gap(s) kept, %d dropped",
        len(explanation.matches),
        len(explanation.gaps),
        explanation.dropped,
    )
    return explanation
