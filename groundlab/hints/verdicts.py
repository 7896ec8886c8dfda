"""Hints for a verdict: the near-miss hints of the step that decided it, never a new decision.

Nothing here is called by :func:`groundlab.core.contract.verify_answer`; a hint
never turns a rejection into a pass. Lines are 1-based (line feeds only). See
``docs/architecture.md``, "Order of checks".
"""

from __future__ import annotations

from groundlab.core.contract import source_failure
from groundlab.core.language import LIBRARY_CATALOGUE as tr
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
        return tr("none of the supplied documents ({supplied}) is {scope}").format(supplied=", ".join(request.supplied), scope=scope)
    if len(matching) == 1:
        return tr("the supplied document for {scope} is {doc}").format(scope=scope, doc=matching[0])
    return tr("the supplied documents for {scope} are {docs}").format(scope=scope, docs=", ".join(matching))


def _fact_line(source: Source, field: str) -> str:
    fact = source.facts.get(field)
    if fact is None:
        return tr("{doc} has no fact {field}").format(doc=source.id, field=field)
    line = f"{field}={fact}"
    at = source.text.find(line)
    if at == -1:
        return tr("{doc} has {line}").format(doc=source.id, line=line)
    return tr("{doc} has {line} (line {number})").format(doc=source.id, line=line, number=_line_of(source.text, at))


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
                if best:
                    template = tr(
                        "{doc} exists but was not supplied with this request (supplied: {supplied}); "
                        "the closest supplied id is '{best}'."
                    )
                else:
                    template = tr("{doc} exists but was not supplied with this request (supplied: {supplied}).")
                message = template.format(doc=claim.doc, supplied=supplied, best=best)
            else:
                if best:
                    template = tr("No document has the id {doc} (supplied: {supplied}); the closest supplied id is '{best}'.")
                else:
                    template = tr("No document has the id {doc} (supplied: {supplied}).")
                message = template.format(doc=show(claim.doc), supplied=supplied, best=best)
            return tuple(hints) + (closest(message),)
        return ()
    if check == "requested":
        hints, best = identifier_hints(claim.field, request.fields, "field name", index, check)
        asked = ", ".join(request.fields)
        if best:
            template = tr("The request does not ask for {field}, only for {asked}; the closest is '{best}'.")
        else:
            template = tr("The request does not ask for {field}, only for {asked}.")
        return tuple(hints) + (closest(template.format(field=show(claim.field), asked=asked, best=best)),)
    if source is None:
        return ()
    if check in ("scope", "revision"):
        have = f"{source.service} / {source.environment} / {source.revision}"
        return (closest(tr("{doc} is {have}; {scope}.").format(doc=claim.doc, have=have, scope=_scope_sentence(request, registry))),)
    if check == "value":
        if reason == "no_fact":
            facts = ", ".join(source.facts) or tr("none")
            return (
                closest(tr("{doc} has no fact named {field}; its facts are: {facts}.").format(
                    doc=claim.doc, field=show(claim.field), facts=facts
                )),
            )
        fact = source.facts.get(claim.field, "")
        hints = value_hints(claim.value, fact, field=claim.field, doc=claim.doc, claim=index, check=check)
        return hints + (
            closest(tr("{fact_line}; the claim says {value}.").format(fact_line=_fact_line(source, claim.field), value=show(claim.value))),
        )
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
            where = tr("no supplied document of the requested scope has {field}").format(field=field)
        out.append(Hint("closest", tr("No claim answers {field}; {where}.").format(field=field, where=where), None, "coverage"))
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
        quote_lines = (tr("on line {first}") if first == last else tr("on lines {first}-{last}")).format(first=first, last=last)
    if at != -1:
        canonical_place = tr("line {line} of {doc}").format(line=_line_of(source.text, at), doc=claim.doc)
    else:
        canonical_place = tr("not a line of {doc}").format(doc=claim.doc)
    return tr("The quote must be exactly {canonical} ({place}); the quote {quote} is {lines} of {doc}.").format(
        canonical=show(canonical, 60), place=canonical_place, quote=show(claim.quote, 60),
        lines=quote_lines or tr("elsewhere"), doc=claim.doc,
    )
