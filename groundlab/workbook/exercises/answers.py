"""The answers of the workbook's exercises: the right choice and why, computed on demand.

One function per exercise kind, each returning an :class:`Answer` whose ``answer`` is one of that
kind's choices (``*_CHOICES``); :class:`~groundlab.workbook.exercises.predict.Predict` calls them only
when *Check* is pressed. A contract decision's "why" is its decided :class:`~groundlab.core.trace.TraceRow`.
Rules: the configuration article, "a real citation can still support a wrong answer" (status,
citation, parse); the job-match article, "No Quote, No Claim" (quote, explanation); the checker lab
(rung, verifier, field state). See ``docs/architecture.md``, "Exercise answers", "One trace view"
and "The checker lab". Standard library only (the explanation answer loads pydantic when called).

An answer (a choice) is a value compared with the learner's choice and stays English; a choice
that is a word is shown through :func:`choice_label`. The whys are written in the language in
force when the answer is computed (when *Check* is pressed).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, NamedTuple

from groundlab.core.baselines import citation_only_accepts
from groundlab.core.claims import ERROR_CODES, ClaimsSyntaxError, parse_claims
from groundlab.core.contract import Status, Verdict, verify_answer
from groundlab.core.fields import FieldState, verify_fields
from groundlab.core.registry import Registry, Request, Source
from groundlab.core.text import clip
from groundlab.grounding.rule import MIN_QUOTE_CHARS, has_visible_content, is_quoted, normalize_quote
from groundlab.hints import quote_hints
from groundlab.lab.ladder import LADDER
from groundlab.core.trace import decided_row
from groundlab.core.language import N_
from groundlab.workbook.catalogues import WORKBOOK_CATALOGUE

__all__ = [
    "CITATION_CHOICES",
    "EXPLANATION_OUTCOMES",
    "FIELD_STATE_CHOICES",
    "PARSE_CHOICES",
    "QUOTE_CHOICES",
    "RUNG_CHOICES",
    "STATUS_CHOICES",
    "VERIFIER_CHOICES",
    "Answer",
    "choice_label",
    "citation_answer",
    "explanation_answer",
    "field_state_answer",
    "parse_code_answer",
    "quote_answer",
    "rung_answer",
    "status_answer",
    "verifier_answer",
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
NO_RUNG = "none of them"
"""The answer of a rung exercise when no rung accepts the quote."""
RUNG_CHOICES = tuple(rung.name for rung in LADDER) + (NO_RUNG,)
"""Choices of a rung exercise: every rung of the ladder, strictest first, then ``"none of them"``."""
FIELD_STATE_CHOICES = tuple(state.value for state in FieldState)
"""Choices of a field-state exercise: the four :class:`~groundlab.core.fields.FieldState` names."""
RAISES = "raises an exception"
"""The answer of a verifier exercise when the verifier raises."""
NOT_A_STATUS = "returns no status"
"""The answer of a verifier exercise when the verifier returns something that is not a status."""
VERIFIER_CHOICES = STATUS_CHOICES + (RAISES, NOT_A_STATUS)
"""Choices of a verifier exercise: every status, then ``"raises an exception"`` and ``"returns no status"``."""


tr = WORKBOOK_CATALOGUE

_CHOICE_WORDS = {
    "accepts": N_("accepts"),
    "rejects": N_("rejects"),
    "found": N_("found"),
    "not found": N_("not found"),
    "parses": N_("parses"),
    "explanation, 0 dropped": N_("explanation, 0 dropped"),
    "explanation, 1 dropped": N_("explanation, 1 dropped"),
    "explanation, 2 dropped": N_("explanation, 2 dropped"),
    NO_RUNG: N_("none of them"),
    RAISES: N_("raises an exception"),
    NOT_A_STATUS: N_("returns no status"),
}
"""The choices that are words (the others are codes: statuses, parse codes, rung and class names)."""


def choice_label(choice: str) -> str:
    """How ``choice`` is shown in the language in force: a word translated, a code as it is."""
    return tr(_CHOICE_WORDS[choice]) if choice in _CHOICE_WORDS else choice


class Answer(NamedTuple):
    """An exercise's right ``answer`` (one of its choices, ``str``) and the one-sentence ``why`` (``str``)."""

    answer: str
    why: str

    @property
    def shown(self) -> str:
        """:attr:`answer` as a learner reads it: a word in the language in force, a code as it is (:func:`choice_label`)."""
        return choice_label(self.answer)


def status_answer(raw: str, request: Request, sources: Registry | Iterable[Source]) -> Answer:
    """The contract's status of ``raw`` (one of :data:`STATUS_CHOICES`), and why: the decided trace row's line.

    ``why`` is e.g. ``"claim 0 value: FAILED: claimed '2000', but prod-v2 says read_timeout_ms=5000"``,
    or ``"every check passed"``. ``ValueError``/``TypeError`` for wrong trusted input.
    """
    registry = Registry.of(sources)
    verdict = verify_answer(raw, request, registry)
    row = decided_row(verdict, request, registry)
    return Answer(str(verdict.status), tr("every check passed") if row is None else row.line)


def citation_answer(raw: str, request: Request, sources: Registry | Iterable[Source]) -> Answer:
    """What the citation-only check decides for ``raw``: ``"accepts"`` or ``"rejects"``, and why.

    ``why``: every quote was found, the decided citation row's line, or that nothing is cited
    because ``raw`` does not parse. ``ValueError``/``TypeError`` for wrong trusted input.
    """
    registry = Registry.of(sources)
    if citation_only_accepts(raw, request, registry):
        return Answer("accepts", tr("every quote appears verbatim in a supplied document"))
    verdict = verify_answer(raw, request, registry)
    row = decided_row(verdict, request, registry)
    if verdict.error is not None or row is None or row.check != "citation":
        return Answer("rejects", tr("the answer does not parse into claims, so nothing is cited"))
    return Answer("rejects", row.line)


def parse_code_answer(raw: str) -> Answer:
    """What ``parse_claims`` says about ``raw``: the error code and the error's text, or ``"parses"`` and the claim count."""
    try:
        claims = parse_claims(raw)
    except ClaimsSyntaxError as err:
        return Answer(err.code, str(err))
    return Answer("parses", tr("the text parses into {count} claim(s)").format(count=len(claims)))


def quote_answer(quote: str, source: str) -> Answer:
    """Whether ``is_quoted`` finds ``quote`` in ``source`` ("No Quote, No Claim"): ``"found"`` or ``"not found"``, and why.

    ``why`` shows the normalised quote (``repr``) and, when not found, says whether it is too short or
    only punctuation, or gives the first near-miss hint (``quote_hints(..., normalized=True)``) if any.
    """
    norm = normalize_quote(quote)
    if is_quoted(quote, source):
        return Answer("found", tr("after normalising, {quote} occurs in the normalised source").format(quote=repr(norm)))
    if len(norm) < MIN_QUOTE_CHARS:
        return Answer(
            "not found",
            tr("after normalising, the quote {quote} is shorter than {minimum} characters, so it never counts").format(
                quote=repr(norm), minimum=MIN_QUOTE_CHARS
            ),
        )
    if not has_visible_content(norm):
        return Answer(
            "not found",
            tr(
                "after normalising, the quote {quote} has no visible character that is not punctuation, so it never counts"
            ).format(quote=repr(norm)),
        )
    rule = tr(
        "after normalising, {quote} does not occur in the normalised source "
        "(normalising only lower-cases, collapses whitespace and trims quote marks "
        "and . , ; : at the two ends)"
    ).format(quote=repr(norm))
    hints = quote_hints(quote, source, normalized=True)
    if not hints:
        return Answer("not found", rule)
    return Answer("not found", tr("{rule}. {hint}").format(rule=rule, hint=hints[0].message))


def explanation_answer(reply: str, profile: Any, job: Any) -> Answer:
    """What ``explain_match(profile, job, ...)`` gives the user when a fake model replies ``reply`` (one run).

    ``answer``: ``"explanation, <n> dropped"`` or the error's class name (:data:`EXPLANATION_OUTCOMES`);
    ``why``: the user's notice or the error's message, then up to :data:`NAMED_DROPS` dropped points,
    each named by list and index with its reason. ``TypeError`` for a non-``str`` ``reply``. Loads pydantic.
    """
    from groundlab.grounding.chat import FakeChatModel
    from groundlab.grounding.draft import NoGroundedPoints
    from groundlab.grounding.explain import ProviderError, ReplyFormatError, explain_match

    if not isinstance(reply, str):
        raise TypeError(f"reply is the model's reply text, a str, not {type(reply).__name__}")
    try:
        result = explain_match(profile, job, FakeChatModel(reply))
    except NoGroundedPoints as err:
        return Answer(type(err).__name__, _with_dropped(str(err), reply, profile, job))
    except (ReplyFormatError, ProviderError) as err:
        return Answer(type(err).__name__, str(err))
    return Answer(f"explanation, {result.dropped} dropped", _with_dropped(result.notice, reply, profile, job))


_DROP_WORDS = {
    "null": N_("it is null"),
    "no_text": N_("its sentence is empty"),
    "gap_profile_quote": N_("a gap's profile quote must be empty, and this one is not"),
    "quote_missing": N_("its {which} quote is missing"),
    "quote_invisible": N_("its {which} quote has no visible character"),
    "quote_empty": N_("its {which} quote is empty once normalised"),
    "quote_short": N_("its {which} quote is under {minimum} characters once normalised"),
    "quote_punctuation": N_("its {which} quote is only punctuation"),
    "quote_absent": N_("its {which} quote is not in {where}"),
}
"""Each drop reason of :func:`~groundlab.grounding.draft.point_checks` in words, never quoting the model."""
_WHERE = {"profile": N_("the profile as sent"), "job": N_("the job posting")}
_WHICH = {"profile": N_("profile"), "job": N_("job")}
"""Which quote of a point, as the why names it (a word, translated)."""
_POINT_KINDS = {"match": N_("match"), "gap": N_("gap")}
"""A point's list, as the why names it (a word, translated)."""

#: At most this many dropped points are named in a why; the rest are counted.
NAMED_DROPS = 5


def _with_dropped(notice: str, reply: str, profile: Any, job: Any) -> str:
    """``notice``, then each dropped point (``"match 1"``, never the model's words) and why, at most :data:`NAMED_DROPS`."""
    from groundlab.grounding.draft import point_checks
    from groundlab.grounding.explain import parse_reply
    from groundlab.grounding.prompt import build_prompt

    prompt = build_prompt(profile, job)
    dropped = [
        tr("{kind} {index} ({reason})").format(
            kind=tr(_POINT_KINDS[c.kind]) if c.kind in _POINT_KINDS else c.kind,
            index=c.index,
            reason=tr(_DROP_WORDS[c.reason]).format(
                which=tr(_WHICH[c.quote]) if c.quote in _WHICH else c.quote,
                where=tr(_WHERE[c.quote]) if c.quote in _WHERE else None, minimum=MIN_QUOTE_CHARS,
            ),
        )
        for c in point_checks(parse_reply(reply), prompt.profile_text, prompt.job_text)
        if c.reason is not None
    ]
    if not dropped:
        return notice
    named = tr("; ").join(dropped[:NAMED_DROPS])
    if len(dropped) > NAMED_DROPS:
        return tr("{notice} Dropped: {named}; and {more} more.").format(notice=notice, named=named, more=len(dropped) - NAMED_DROPS)
    return tr("{notice} Dropped: {named}.").format(notice=notice, named=named)


def rung_answer(result: Any, item_id: str) -> Answer:
    """The first rung of ``result`` (a ``LadderResult``) that accepts item ``item_id``, or ``"none of them"``, and why.

    ``why``: ``"rung by rung: exact refuses, is_quoted refuses, ..."``. ``KeyError`` for an unknown id.
    """
    verdicts = result.verdicts[item_id]
    first = result.first_accepting(item_id)
    steps = tr(", ").join(
        (tr("{rung} accepts") if ok else tr("{rung} refuses")).format(rung=rung) for rung, ok in zip(result.rungs, verdicts)
    )
    return Answer(NO_RUNG if first is None else first, tr("rung by rung: {steps}").format(steps=steps))


def field_state_answer(raw: str, request: Request, sources: Registry | Iterable[Source], field: str) -> Answer:
    """The :class:`~groundlab.core.fields.FieldState` name that ``verify_fields`` gives ``field``, and every field's state.

    ``why`` lists each requested field (``"read_timeout_ms VERIFIED with value '5000'"``) and the claims set
    aside as not requested, or the parse error. ``KeyError`` when ``field`` is not requested;
    ``ValueError``/``TypeError`` for wrong trusted input.
    """
    report = verify_fields(raw, request, sources)
    if field not in report.fields:
        raise KeyError(f"{field!r} is not a requested field; the request asks for: {', '.join(report.fields)}")
    if report.error is not None:
        why = tr("the answer cannot be read ({error}), so every requested field is NOT_CHECKED: {fields}").format(
            error=report.error, fields=", ".join(report.fields)
        )
        return Answer(report.fields[field].state.value, why)
    parts = []
    for name, result in report.fields.items():
        if result.state is FieldState.VERIFIED:
            parts.append(tr("{field} VERIFIED with value {value}").format(field=name, value=repr(result.value)))
        elif result.state is FieldState.REJECTED:
            parts.append(tr("{field} REJECTED with {reason}").format(field=name, reason=result.reason))
        else:
            parts.append(tr("{field} {state} (no claim names it)").format(field=name, state=result.state))
    if report.unrequested:
        aside = tr(", ").join(tr("{field} (doc {doc})").format(field=name, doc=doc) for name, doc in report.unrequested)
        parts.append(tr("set aside as not requested, never checked: {fields}").format(fields=aside))
    return Answer(report.fields[field].state.value, tr("; ").join(parts))


def _printable(text: str, limit: int = 80) -> str:
    return clip("".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text), limit)


def _returned(verifier: Callable, raw: str, request: Request, registry: Registry) -> tuple[str, str]:
    """``(answer, what the verifier did)`` for one call of ``verifier``."""
    name = _printable(str(getattr(verifier, "__qualname__", None) or type(verifier).__name__))
    try:
        result = verifier(raw, request, registry)
    except Exception as err:  # noqa: BLE001 - what the verifier raises is the answer
        try:
            message = str(err)
        except Exception:  # noqa: BLE001 - a hostile __str__
            message = ""
        kind = _printable(type(err).__name__)
        if message:
            return RAISES, tr("{name} raised {error}: {message}").format(name=name, error=kind, message=_printable(message))
        return RAISES, tr("{name} raised {error}").format(name=name, error=kind)
    status = result.status if isinstance(result, Verdict) else result
    try:
        status = Status(status) if isinstance(status, str) else None
    except Exception:  # noqa: BLE001 - an unknown name, or a hostile str subclass
        status = None
    if status is None:
        try:
            shown = _printable(repr(result))
        except Exception:  # noqa: BLE001 - a hostile __repr__
            shown = tr("a {type}").format(type=type(result).__name__)
        return NOT_A_STATUS, tr("{name} returned {value}, which is not a status").format(name=name, value=shown)
    return status.value, tr("{name} returned {status}").format(name=name, status=status.value)


def verifier_answer(verifier: Callable, raw: str, request: Request, sources: Registry | Iterable[Source]) -> Answer:
    """What ``verifier(raw, request, sources)`` returns (one of :data:`VERIFIER_CHOICES`), and what the contract says.

    ``answer``: the status name, ``"raises an exception"`` (any ``Exception``) or ``"returns no status"``;
    ``why``: what it did (text clipped to 80 code points), then :func:`status_answer`'s status and why.
    ``ValueError``/``TypeError`` for wrong trusted input.
    """
    registry = Registry.of(sources)
    registry.check_request(request)
    answer, did = _returned(verifier, raw, request, registry)
    contract = status_answer(raw, request, registry)
    return Answer(answer, tr("{did}; the contract says {status} ({why})").format(did=did, status=contract.answer, why=contract.why))
