"""Hints for a verdict: the near-miss hints of the step that decided it, never a new decision.

Nothing here is called by :func:`groundlab.core.contract.verify_answer`; a hint
never turns a rejection into a pass. Lines are 1-based (line feeds only). See
``docs/architecture.md``, "Order of checks".
"""

from __future__ import annotations

from groundlab.core.contract import source_failure
from groundlab.core.registry import Registry, Source
from groundlab.core.text import line_column
from groundlab.hints.kinds import Hint
from groundlab.hints.quotes import quote_hints
from groundlab.hints.render import show
from groundlab.hints.syntax import json_hints
from groundlab.hints.values import identifier_hints, value_hints

__all__ = ["hints_for_verdict"]


def _in_scope(request, registry: Registry) -> list[Source]:
    """The supplied sources that pass the contract's scope and revision checks, in supplied order."""
    sources = (registry.by_id[doc] for doc in request.supplied if doc in registry.by_id)
    return [source for source in sources if source_failure(source, request) is None]


def _scope_sentence(request, registry: Registry) -> str:
    matching = [source.id for source in _in_scope(request, registry)]
    scope = f"{request.service} / {request.environment} / {request.revision}"
    if not matching:
        return f"none of the supplied documents ({', '.join(request.supplied)}) is {scope}"
    if len(matching) == 1:
        return f"the supplied document for {scope} is {matching[0]}"
    return f"the supplied documents for {scope} are {', '.join(matching)}"


def _fact_line(source: Source, field: str) -> str:
    fact = source.facts.get(field)
    if fact is None:
        return f"{source.id} has no fact {field}"
    line = f"{field}={fact}"
    at = source.text.find(line)
    place = f" (line {_line_of(source.text, at)})" if at != -1 else ""
    return f"{source.id} has {line}{place}"


def _line_of(text: str, index: int) -> int:
    return line_column(text, index)[0]


def hints_for_verdict(verdict, request, sources, *, raw: str | bytes | None = None) -> tuple[Hint, ...]:
    """Near-miss hints for the step that decided ``verdict``: a tuple of hints, ``()`` for ``ACCEPT``.

    * ``verdict`` -- a :class:`groundlab.core.contract.Verdict`; ``request`` -- the
      :class:`~groundlab.core.registry.Request` it was checked against;
      ``sources`` -- a :class:`~groundlab.core.registry.Registry` or iterable of
      :class:`~groundlab.core.registry.Source`;
    * ``raw`` -- the answer text (``str`` or UTF-8 ``bytes``), optional; it
      sharpens ``INVALID_JSON`` hints (:func:`~groundlab.hints.syntax.json_hints`).

    By failed check: ``parse`` -- :func:`json_hints`; ``citation`` --
    :func:`~groundlab.hints.quotes.quote_hints` for ``quote_absent``, the closest
    supplied id for ``unknown_doc`` / ``not_supplied``; ``requested`` -- the
    closest requested field; ``scope`` / ``revision`` -- which supplied document
    has the requested scope; ``value`` -- :func:`~groundlab.hints.values.value_hints`
    and the document's ``field=value`` line, or its facts; ``supports`` -- the
    canonical line and where the quote is; ``coverage`` -- where each missing
    field's fact is; ``duplicate`` and ``no_claims`` -- ``()``. Every hint carries
    the failed step's claim index and check name. Raises only ``ValueError`` /
    ``TypeError`` for wrong trusted input, as ``verify_answer`` does.
    """
    step = verdict.failed_step()
    if step is None:
        return ()
    registry = Registry.of(sources)
    index, check, _, reason = step
    if check == "parse":
        return json_hints(verdict.error, raw)
    if check == "coverage":
        return _coverage_hints(verdict, request, registry)
    if index is None or index >= len(verdict.claims):
        return ()
    claim = verdict.claims[index]
    source = registry.by_id.get(claim.doc)

    def closest(message: str) -> Hint:
        return Hint("closest", message, index, check)

    if check == "citation":
        if reason == "quote_absent" and source is not None:
            return quote_hints(claim.quote, source.text, claim=index, check=check, doc=claim.doc)
        if reason in ("unknown_doc", "not_supplied"):
            hints, best = identifier_hints(claim.doc, request.supplied, "document id", index, check)
            supplied = ", ".join(request.supplied)
            if reason == "not_supplied":
                head = f"{claim.doc} exists but was not supplied with this request (supplied: {supplied})"
            else:
                head = f"No document has the id {show(claim.doc)} (supplied: {supplied})"
            tail = f"; the closest supplied id is '{best}'." if best else "."
            return tuple(hints) + (closest(head + tail),)
        return ()
    if check == "requested":
        hints, best = identifier_hints(claim.field, request.fields, "field name", index, check)
        asked = ", ".join(request.fields)
        tail = f"; the closest is '{best}'." if best else "."
        return tuple(hints) + (closest(f"The request does not ask for {show(claim.field)}, only for {asked}{tail}"),)
    if source is None:
        return ()
    if check in ("scope", "revision"):
        have = f"{source.service} / {source.environment} / {source.revision}"
        return (closest(f"{claim.doc} is {have}; {_scope_sentence(request, registry)}."),)
    if check == "value":
        if reason == "no_fact":
            facts = ", ".join(source.facts) or "none"
            return (closest(f"{claim.doc} has no fact named {show(claim.field)}; its facts are: {facts}."),)
        fact = source.facts.get(claim.field, "")
        hints = value_hints(claim.value, fact, field=claim.field, doc=claim.doc, claim=index, check=check)
        return hints + (closest(f"{_fact_line(source, claim.field)}; the claim says {show(claim.value)}."),)
    if check == "supports":
        return (closest(_supports_message(claim, source)),)
    return ()


def _coverage_hints(verdict, request, registry: Registry) -> tuple[Hint, ...]:
    """One ``closest`` hint per requested field no claim answers, naming where its fact is."""
    answered = {c.field for c in verdict.claims}
    in_scope = _in_scope(request, registry)
    out = []
    for field in request.fields:
        if field in answered:
            continue
        holder = next((source for source in in_scope if field in source.facts), None)
        if holder is not None:
            where = _fact_line(holder, field)
        else:
            where = f"no supplied document of the requested scope has {field}"
        out.append(Hint("closest", f"No claim answers {field}; {where}.", None, "coverage"))
    return tuple(out)


def _supports_message(claim, source: Source) -> str:
    """The canonical ``field=value`` line a supporting quote must be, and where the claim's quote is."""
    canonical = f"{claim.field}={source.facts.get(claim.field, '')}"
    at = source.text.find(canonical)
    quote_at = source.text.find(claim.quote)
    quote_lines = ""
    if quote_at != -1:
        first = _line_of(source.text, quote_at)
        last = _line_of(source.text, quote_at + len(claim.quote) - 1)
        quote_lines = f"on line {first}" if first == last else f"on lines {first}-{last}"
    if at != -1:
        canonical_place = f"line {_line_of(source.text, at)} of {claim.doc}"
    else:
        canonical_place = f"not a line of {claim.doc}"
    return (
        f"The quote must be exactly {show(canonical, 60)} ({canonical_place}); "
        f"the quote {show(claim.quote, 60)} is {quote_lines or 'elsewhere'} of {claim.doc}."
    )
