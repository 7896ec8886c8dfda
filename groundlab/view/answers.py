"""The answers of the workbook's exercises: the right choice and why, computed on demand.

Standard library only: a plain-Python caller gets an exercise's answer without
ipywidgets, and :class:`groundlab.view.predict.Predict` calls these functions only
when the learner presses *Check*. One function per exercise kind; each returns an
:class:`Answer` whose ``answer`` is one of that kind's choices (``*_CHOICES``).
The "why" of a contract decision is the decided :class:`~groundlab.view.trace.TraceRow`
(``docs/architecture.md``, "Exercise answers" and "One trace view"). Rules: the
configuration article ("a real citation can still support a wrong answer") for the
status, citation and parse exercises; the job-match article ("No Quote, No Claim")
for the quote and explanation exercises.
"""

from __future__ import annotations

from typing import Any, Iterable, NamedTuple

from groundlab.core.baselines import citation_only_accepts
from groundlab.core.claims import ERROR_CODES, ClaimsSyntaxError, parse_claims
from groundlab.core.contract import Status, verify_answer
from groundlab.core.registry import Registry, Request, Source
from groundlab.grounding.rule import MIN_QUOTE_CHARS, is_quoted, normalize_quote
from groundlab.hints import quote_hints
from groundlab.view.trace import decided_row

__all__ = [
    "CITATION_CHOICES",
    "EXPLANATION_OUTCOMES",
    "PARSE_CHOICES",
    "QUOTE_CHOICES",
    "STATUS_CHOICES",
    "Answer",
    "citation_answer",
    "explanation_answer",
    "parse_code_answer",
    "quote_answer",
    "status_answer",
]

STATUS_CHOICES = tuple(status.value for status in Status)
"""Choices of a status exercise: every contract status, in check order, ``ACCEPT`` last."""
CITATION_CHOICES = ("accepts", "rejects")
"""Choices of a citation-only exercise."""
QUOTE_CHOICES = ("found", "not found")
"""Choices of a quote exercise."""
PARSE_CHOICES = tuple(ERROR_CODES) + ("parses",)
"""Choices of a parse exercise: every parse error code, then ``"parses"``."""
EXPLANATION_OUTCOMES = (
    "explanation, 0 dropped",
    "explanation, 1 dropped",
    "explanation, 2 dropped",
    "NoGroundedPoints",
    "ReplyFormatError",
    "ProviderError",
)
"""Choices of an explanation exercise: what the user gets from one model reply."""


class Answer(NamedTuple):
    """An exercise's right ``answer`` (one of its choices, ``str``) and the one-sentence ``why`` (``str``)."""

    answer: str
    why: str


def status_answer(raw: str, request: Request, sources: Registry | Iterable[Source]) -> Answer:
    """The contract status of ``raw`` for ``request`` and ``sources``, and why.

    ``answer``: the :func:`~groundlab.core.contract.verify_answer` status (one of
    :data:`STATUS_CHOICES`); ``why``: the decided trace row's line
    (``"claim 0 value: FAILED: claimed '2000', but prod-v2 says read_timeout_ms=5000"``)
    or ``"every check passed"``. ``ValueError``/``TypeError`` for wrong trusted input.
    """
    registry = Registry.of(sources)
    verdict = verify_answer(raw, request, registry)
    row = decided_row(verdict, request, registry)
    return Answer(str(verdict.status), "every check passed" if row is None else row.line)


def citation_answer(raw: str, request: Request, sources: Registry | Iterable[Source]) -> Answer:
    """What the citation-only baseline decides for ``raw``: ``"accepts"`` or ``"rejects"``, and why.

    :func:`groundlab.core.baselines.citation_only_accepts` decides (quote exists in a
    supplied document). ``why`` names the decided citation row, or says every quote
    was found, or that nothing is cited. ``ValueError``/``TypeError`` for wrong
    trusted input.
    """
    registry = Registry.of(sources)
    if citation_only_accepts(raw, request, registry):
        return Answer("accepts", "every quote appears verbatim in a supplied document")
    verdict = verify_answer(raw, request, registry)
    row = decided_row(verdict, request, registry)
    if verdict.error is not None or row is None or row.check != "citation":
        return Answer("rejects", "the answer does not parse into claims, so nothing is cited")
    return Answer("rejects", row.line)


def parse_code_answer(raw: str) -> Answer:
    """What :func:`groundlab.core.claims.parse_claims` says about ``raw`` (one of :data:`PARSE_CHOICES`).

    ``answer``: the error code, or ``"parses"``; ``why``: ``str`` of the
    :class:`~groundlab.core.claims.ClaimsSyntaxError` (message and place), or
    ``"the text parses into <n> claim(s)"``.
    """
    try:
        claims = parse_claims(raw)
    except ClaimsSyntaxError as err:
        return Answer(err.code, str(err))
    return Answer("parses", f"the text parses into {len(claims)} claim(s)")


def quote_answer(quote: str, source: str) -> Answer:
    """Whether "no quote, no claim" finds ``quote`` in ``source``: ``"found"`` or ``"not found"``, and why.

    :func:`groundlab.grounding.rule.is_quoted` decides; ``why`` names the normalised
    quote (:func:`~groundlab.grounding.rule.normalize_quote`, shown with ``repr``),
    says when it is shorter than :data:`~groundlab.grounding.rule.MIN_QUOTE_CHARS`
    characters, and otherwise adds the first near-miss hint
    (:func:`groundlab.hints.quote_hints`, ``normalized=True``) if there is one.
    """
    norm = normalize_quote(quote)
    if is_quoted(quote, source):
        return Answer("found", f"after normalising, {norm!r} occurs in the normalised source")
    if len(norm) < MIN_QUOTE_CHARS:
        return Answer(
            "not found",
            f"after normalising, the quote {norm!r} is shorter than {MIN_QUOTE_CHARS} characters, "
            "so it never counts",
        )
    rule = (
        f"after normalising, {norm!r} does not occur in the normalised source "
        "(normalising only lower-cases, collapses whitespace and trims quote marks "
        "and . , ; : at the two ends)"
    )
    hints = quote_hints(quote, source, normalized=True)
    return Answer("not found", f"{rule}. {hints[0].message}" if hints else rule)


def explanation_answer(reply: str, profile: Any, job: Any) -> Answer:
    """What :func:`groundlab.grounding.explain.explain_match` gives the user for the model reply ``reply``.

    ``profile`` and ``job`` are :class:`~groundlab.grounding.prompt.Profile` and
    :class:`~groundlab.grounding.prompt.Job`; a
    :class:`~groundlab.grounding.chat.FakeChatModel` returns ``reply``, and the flow
    runs once. ``answer``: ``"explanation, <n> dropped"`` or the error's class name
    (one of :data:`EXPLANATION_OUTCOMES`); ``why``: the notice shown to the user, or
    the error's message. Imports pydantic (inside the call).
    """
    from groundlab.grounding.chat import FakeChatModel
    from groundlab.grounding.draft import NoGroundedPoints
    from groundlab.grounding.explain import ProviderError, ReplyFormatError, explain_match

    try:
        result = explain_match(profile, job, FakeChatModel(reply))
    except (NoGroundedPoints, ReplyFormatError, ProviderError) as err:
        return Answer(type(err).__name__, str(err))
    return Answer(f"explanation, {result.dropped} dropped", result.notice)
