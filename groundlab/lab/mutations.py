"""The mutation catalogue: one-change mutations of the study's accepted answers, each labelled by its rule.

Every ``ACCEPT`` case of the frozen files :data:`BASE_FILES` is a *base*. Each kind of :data:`MUTATION_KINDS`
makes one change to a base -- in the answer text (a member, a claim, the syntax) or in its trusted request --
and labels the result with the status the contract's rules give it (``docs/architecture.md``, "Order of
checks" and "Parse-code precedence"; the configuration article, "a real citation can still support a wrong
answer"). Labels are written from each kind's rule, never computed by
:func:`groundlab.core.contract.verify_answer`; the lab tests check that the contract agrees with every one.
Generation is deterministic (no randomness), a function of the frozen fixtures; the catalogue is frozen
itself as ``fixtures/mutations.json`` (:data:`MUTATIONS_FILE`), in the shape :func:`groundlab.load_case_set`
reads, a case's ``family`` being its kind. Edits are made in the answer's own text, so a compact, CRLF or
escaped base keeps its form. Standard library only.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Iterator, Mapping

from groundlab.core.contract import Status
from groundlab.core.registry import Registry
from groundlab.core.trusted import fixtures_dir
from groundlab.lab._edits import _M, _Base, _base, _claim_text, _member, _members, _splice, _with
from groundlab.study.cases import STUDY_FILE, CaseSet, frozen_digests, load_case_set

__all__ = ["BASE_FILES", "MUTATIONS_FILE", "MUTATION_KINDS", "generate_mutations", "load_mutations", "render_mutations"]

MUTATIONS_FILE = "mutations.json"
"""The frozen catalogue (a file name inside :func:`groundlab.fixtures_dir`)."""

BASE_FILES = (STUDY_FILE, "config_contract_more.json")
"""The frozen fixture files whose ``ACCEPT`` cases are the bases, in this order."""

MUTATION_KINDS: Mapping[str, str] = MappingProxyType({
    "syntax": "a syntax fault (trailing comma, no brace or comma, single quotes, BOM, NaN, a fence): INVALID_JSON, not_json",
    "shape": "JSON of the wrong shape: INVALID_JSON, wrong_shape; a repeated member, duplicate_member; a bad escape, bad_text",
    "value_swap": "the value becomes another document's value for the field, doc and quote kept: VALUE_MISMATCH",
    "value_near_miss": "the value differs from the fact by a space, the case or a decimal point: VALUE_MISMATCH",
    "doc_uncited": "only the doc changes, to one that lacks the quote, was not supplied or does not exist: NO_CITATION",
    "doc_swap_scope": "the claim is copied from a supplied document of another service or environment: SCOPE_MISMATCH",
    "doc_swap_revision": "the claim is copied from another revision of the requested scope: STALE_REVISION",
    "quote_absent": "the quote is changed so it no longer appears verbatim in its document: NO_CITATION",
    "quote_swap": "the quote becomes other genuine text of the same document: QUOTE_NOT_SUPPORTING",
    "field_unrequested": "the field is renamed to one the request does not ask for: UNREQUESTED_FIELD",
    "field_swap": "the field is renamed to another requested one: DUPLICATE_CLAIM if an earlier claim has it, else VALUE_MISMATCH",
    "claim_drop": "one claim is dropped: INCOMPLETE, or NO_CITATION when no claim is left",
    "claim_duplicate": "a claim is repeated, even with another value: DUPLICATE_CLAIM, the first check of a claim",
    "claim_reorder": "the claims, or one claim's members, change order: ACCEPT",
    "request_revision": "the request asks for another revision than the cited documents': STALE_REVISION",
    "request_scope": "the request asks for another service or environment: SCOPE_MISMATCH",
    "request_supplied": "a document leaves the supplied set (NO_CITATION if a claim cites it, else ACCEPT) or joins it (ACCEPT)",
    "request_fields": "a field is added (INCOMPLETE), removed though answered (UNREQUESTED_FIELD) or reordered (ACCEPT)",
})
"""Kind -> its rule and the status it must produce; catalogue order: text, value, doc, quote, field, claims, request."""

_INVENTED_DOC = "prod-v3"
_INVENTED_FIELD = "connect_timeout_ms"
_NEW_REVISION = "v3"


def _syntax(base: _Base, registry: Registry) -> Iterator[_M]:
    raw, members = base.raw, _members(base.raw, base.spans[0])
    first, second, last = members[0], members[1], members[-1]
    value, brace, end = _member(base, 0, "value"), base.raw.rindex("}"), base.spans[-1][1]
    for slug, description, text in [
        ("trailing-comma-claims", "a comma after the last claim", _splice(raw, (end, end, ","))),
        ("trailing-comma-members", "a comma after the first claim's last member", _splice(raw, (last[4], last[4], ","))),
        ("missing-brace", "the answer's closing brace is missing", raw[:brace] + raw[brace + 1:]),
        ("missing-comma", "no comma between the first claim's first two members",
         _splice(raw, (first[4], second[1], raw[first[4]:second[1]].replace(",", "", 1)))),
        ("single-quotes", "the first claim's first member name in single quotes",
         _splice(raw, (first[1], first[2], f"'{first[0]}'"))),
        ("bom", "a byte-order mark before the answer", "\ufeff" + raw),
        ("nan", "the first claim's value is NaN", _splice(raw, (value[3], value[4], "NaN"))),
        ("markdown-fence", "the answer inside a Markdown code fence", "```json\n" + raw + "\n```"),
    ]:
        yield _M(slug, description, text, Status.INVALID_JSON, code="not_json")


def _shape(base: _Base, registry: Registry) -> Iterator[_M]:
    raw, members, claim = base.raw, _members(base.raw, base.spans[0]), base.claims[0]
    sep, after = raw[members[0][4]:members[1][1]], members[-1][4]
    value, doc, quote = (_member(base, 0, name) for name in ("value", "doc", "quote"))
    bare = claim["value"] if claim["value"] in ("true", "false", "null") or claim["value"].isdigit() else "0"
    at = [m[0] for m in members].index("quote")
    cut = (members[at - 1][4], quote[4]) if at else (quote[1], members[1][1])
    for slug, description, text, code in [
        ("bare-value", f"the first claim's value is the bare JSON {bare}",
         _splice(raw, (value[3], value[4], bare)), "wrong_shape"),
        ("extra-member", "the first claim has an extra note member",
         _splice(raw, (after, after, sep + '"note": "checked"')), "wrong_shape"),
        ("missing-quote", "the first claim has no quote member", _splice(raw, (*cut, "")), "wrong_shape"),
        ("empty-value", "the first claim's value is the empty string", _splice(raw, (value[3], value[4], '""')), "wrong_shape"),
        ("null-doc", "the first claim's doc is null", _splice(raw, (doc[3], doc[4], "null")), "wrong_shape"),
        ("bare-list", "the claims list alone, without the answer object", raw[slice(*base.array)], "wrong_shape"),
        ("repeated-member", "the first claim's value member twice, both the same",
         _splice(raw, (value[4], value[4], sep + raw[value[1]:value[4]])), "duplicate_member"),
        ("lone-surrogate", "an escaped lone surrogate ends the first claim's quote",
         _splice(raw, (quote[3], quote[4], json.dumps(claim["quote"] + "\ud800"))), "bad_text"),
        ("escaped-nul", "an escaped NUL ends the first claim's value",
         _splice(raw, (value[3], value[4], json.dumps(claim["value"] + "\x00"))), "bad_text"),
    ]:
        yield _M(slug, description, text, Status.INVALID_JSON, code=code)


def _per_claim(make: Callable) -> Callable:
    """A kind that mutates each claim in turn: ``make(base, registry, i, claim)`` yields its mutations."""
    def kind(base: _Base, registry: Registry) -> Iterator[_M]:
        for i, claim in enumerate(base.claims):
            for m in make(base, registry, i, claim):
                yield m._replace(slug=f"c{i}-{m.slug}", description=f"claim {i} ({claim['field']}): {m.description}")
    return kind


@_per_claim
def _value_swap(base, registry, i, claim):
    owners = {s.facts[claim["field"]]: s.id for s in reversed(registry.sources) if claim["field"] in s.facts}
    for value in dict.fromkeys(s.facts.get(claim["field"]) for s in registry):
        if value is not None and value != claim["value"]:
            yield _M(value, f"value {value}, {owners[value]}'s; doc and quote kept",
                     *_with(base, i, Status.VALUE_MISMATCH, value=value))


@_per_claim
def _value_near_miss(base, registry, i, claim):
    value = claim["value"]
    other = ("case", value.upper()) if value.upper() != value else ("decimal", value + ".0")
    for slug, text in (("space", " " + value), other):
        yield _M(slug, f"value {text!r} for the fact {value!r}", *_with(base, i, Status.VALUE_MISMATCH, value=text))


@_per_claim
def _doc_uncited(base, registry, i, claim):
    for source in registry:
        if source.id != claim["doc"] and source.id not in base.request["supplied"]:
            yield _M(source.id, f"cites {source.id}, not supplied", *_with(base, i, Status.NO_CITATION, doc=source.id))
        elif source.id != claim["doc"] and claim["quote"] not in source.text:
            yield _M(source.id, f"cites {source.id}, whose text lacks the quote",
                     *_with(base, i, Status.NO_CITATION, doc=source.id))
    if _INVENTED_DOC not in registry:
        yield _M(_INVENTED_DOC, f"cites {_INVENTED_DOC}, which no source has",
                 *_with(base, i, Status.NO_CITATION, doc=_INVENTED_DOC))


def _doc_swap(same_scope: bool, expected: Status) -> Callable:
    @_per_claim
    def make(base, registry, i, claim):
        request, field = base.request, claim["field"]
        for source in registry:
            scoped = (source.service, source.environment) == (request["service"], request["environment"])
            if scoped != same_scope or field not in source.facts or source.revision == request["revision"] and scoped:
                continue
            line = f"{field}={source.facts[field]}"
            if line not in source.text:
                raise ValueError(f"{source.id} has no line {line!r}, so it cannot be copied from")
            new = _with(base, i, expected, value=source.facts[field], doc=source.id, quote=line)
            where = f"copied from {source.id} ({source.service}/{source.environment}/{source.revision})"
            if source.id in request["supplied"]:
                yield _M(source.id, where, *new)
            else:
                supplied = request["supplied"] + [source.id]
                yield _M(source.id, where + ", which the request now supplies", *new, dict(base.request, supplied=supplied))
    return make


@_per_claim
def _quote_absent(base, registry, i, claim):
    quote, text = claim["quote"], registry[claim["doc"]].text
    for slug, new in (("spaced", quote.replace("=", " = ", 1)), ("upper", quote.upper())):
        if new != quote and new not in text:
            yield _M(slug, f"quote {new!r}, not in {claim['doc']}", *_with(base, i, Status.NO_CITATION, quote=new))


@_per_claim
def _quote_swap(base, registry, i, claim):
    text, canonical = registry[claim["doc"]].text, f"{claim['field']}={claim['value']}"
    genuine = [(f"line{n}", line) for n, line in enumerate(text.split("\n"), 1) if line and line != canonical]
    for slug, quote in genuine + [("prefix", canonical[:-1])]:
        if quote in text and quote != canonical:
            yield _M(slug, f"quote {quote!r}, genuine text of {claim['doc']} but not {canonical!r}",
                     *_with(base, i, Status.QUOTE_NOT_SUPPORTING, quote=quote))


@_per_claim
def _field_unrequested(base, registry, i, claim):
    field = claim["field"]
    for name in dict.fromkeys([field.upper(), field.rsplit("_", 1)[0]] + [f for s in registry for f in s.facts]):
        if name not in base.request["fields"]:
            yield _M(name, f"renamed {name!r}, not requested", *_with(base, i, Status.UNREQUESTED_FIELD, field=name))


@_per_claim
def _field_swap(base, registry, i, claim):
    for j, other in enumerate(base.claims):
        name, fact = other["field"], registry[claim["doc"]].facts.get(other["field"])
        if j == i or name == claim["field"]:
            continue
        if j < i:
            expected, why = Status.DUPLICATE_CLAIM, f"claim {j} already answers it"
        elif fact != claim["value"]:
            expected, why = Status.VALUE_MISMATCH, f"{claim['doc']} holds {fact!r} for it"
        else:
            expected, why = Status.QUOTE_NOT_SUPPORTING, f"the quote is not {name}={fact}"
        yield _M(name, f"renamed {name!r}; {why}", *_with(base, i, expected, field=name))


def _claim_drop(base: _Base, registry: Registry) -> Iterator[_M]:
    spans, n = base.spans, len(base.spans)
    for i in range(n):
        cut = (spans[i][0], spans[i + 1][0]) if i + 1 < n else (spans[i - 1][1] if i else spans[i][0], spans[i][1])
        claims = [c for k, c in enumerate(base.claims) if k != i]
        expected = Status.INCOMPLETE if claims else Status.NO_CITATION
        raw = _splice(base.raw, (*cut, ""))
        yield _M(f"c{i}", f"claim {i} ({base.claims[i]['field']}) dropped", raw, expected, claims)


def _claim_duplicate(base: _Base, registry: Registry) -> Iterator[_M]:
    n, spans = len(base.spans), base.spans
    sep = base.raw[spans[0][1]:spans[1][0]] if n > 1 else "," + base.raw[base.array[0] + 1:spans[0][0]]
    for i, claim in enumerate(base.claims):
        other = next(s.facts[claim["field"]] for s in registry if s.facts.get(claim["field"], claim["value"]) != claim["value"])
        copies = [("after", "repeated right after itself", i, {}), ("end", "repeated at the end", n - 1, {}),
                  ("conflict", f"repeated right after itself with value {other}", i, {"value": other})]
        for slug, how, at, new in copies:
            if slug != "end" or at != i:
                claims = list(base.claims)
                claims.insert(at + 1, {**claim, **new})
                raw = _splice(base.raw, (spans[at][1], spans[at][1], sep + _claim_text(base, i, **new)))
                yield _M(f"c{i}-{slug}", f"claim {i} ({claim['field']}) {how}", raw, Status.DUPLICATE_CLAIM, claims)


def _claim_reorder(base: _Base, registry: Registry) -> Iterator[_M]:
    raw, spans = base.raw, base.spans
    if len(spans) == 2:
        swapped = _splice(raw, (*spans[0], raw[slice(*spans[1])]), (*spans[1], raw[slice(*spans[0])]))
        yield _M("claims", "the two claims swapped", swapped, Status.ACCEPT, list(reversed(base.claims)))
    for i, claim in enumerate(base.claims):
        members = _members(raw, spans[i])
        edits = [(m[1], m[4], raw[r[1]:r[4]]) for m, r in zip(members, reversed(members))]
        yield _M(f"c{i}-members", f"claim {i} ({claim['field']}) with its members in reverse order",
                 _splice(raw, *edits), Status.ACCEPT, list(base.claims))


def _request_revision(base: _Base, registry: Registry) -> Iterator[_M]:
    for revision in dict.fromkeys(sorted({s.revision for s in registry} - {base.request["revision"]}) + [_NEW_REVISION]):
        yield _M(revision, f"the request asks for revision {revision}; the claims cite {base.request['revision']}",
                 base.raw, Status.STALE_REVISION, request=dict(base.request, revision=revision))


def _request_scope(base: _Base, registry: Registry) -> Iterator[_M]:
    for member in ("service", "environment"):
        for value in sorted({getattr(s, member) for s in registry} - {base.request[member]}):
            yield _M(f"{member}-{value}", f"the request asks for {member} {value}", base.raw, Status.SCOPE_MISMATCH,
                     request=dict(base.request, **{member: value}))


def _request_supplied(base: _Base, registry: Registry) -> Iterator[_M]:
    supplied, cited = base.request["supplied"], {c["doc"] for c in base.claims}
    for doc in supplied:
        expected, why = (Status.NO_CITATION, "a claim cites it") if doc in cited else (Status.ACCEPT, "no claim cites it")
        yield _M(f"without-{doc}", f"{doc} removed from the supplied set; {why}", base.raw, expected,
                 request=dict(base.request, supplied=[d for d in supplied if d != doc]))
    for source in registry:
        if source.id not in supplied:
            yield _M(f"with-{source.id}", f"{source.id} added to the supplied set", base.raw, Status.ACCEPT,
                     request=dict(base.request, supplied=supplied + [source.id]))


def _request_fields(base: _Base, registry: Registry) -> Iterator[_M]:
    fields = base.request["fields"]
    for name in dict.fromkeys([_INVENTED_FIELD] + [f for s in registry for f in s.facts]):
        if name not in fields:
            yield _M(f"with-{name}", f"the request also asks for {name}, which no claim answers", base.raw,
                     Status.INCOMPLETE, request=dict(base.request, fields=fields + [name]))
    if len(fields) > 1:
        for name in fields:
            yield _M(f"without-{name}", f"the request no longer asks for {name}, which a claim answers", base.raw,
                     Status.UNREQUESTED_FIELD, request=dict(base.request, fields=[f for f in fields if f != name]))
        yield _M("reversed", "the requested fields in reverse order", base.raw, Status.ACCEPT,
                 request=dict(base.request, fields=fields[::-1]))


_MAKERS: Mapping[str, Callable] = dict(zip(MUTATION_KINDS, (  # one maker per kind, in MUTATION_KINDS order
    _syntax, _shape, _value_swap, _value_near_miss, _doc_uncited, _doc_swap(False, Status.SCOPE_MISMATCH),
    _doc_swap(True, Status.STALE_REVISION), _quote_absent, _quote_swap, _field_unrequested, _field_swap,
    _claim_drop, _claim_duplicate, _claim_reorder, _request_revision, _request_scope, _request_supplied, _request_fields,
), strict=True))


def generate_mutations(folder: str | Path | None = None) -> dict:
    """Generate the catalogue from the frozen bases: ``{"sources": [...], "cases": [...]}``, JSON-ready.

    ``folder`` holds :data:`BASE_FILES` (default :func:`groundlab.fixtures_dir`, where they are hash-checked
    first: ``FrozenFixtureError`` when edited). Cases come kind by kind in :data:`MUTATION_KINDS` order, then
    base by base in file order; each is ``{"id": "<base>.<kind>.<variant>", "family": kind, "description",
    "raw", "request", "expected"}`` plus ``"code"`` for ``INVALID_JSON``. Raises ``ValueError`` when the files'
    registries differ or an edit does not decode to the intended claims (a generator bug, never a label).
    """
    sets = [load_case_set(Path(folder or fixtures_dir()) / name) for name in BASE_FILES]
    for case_set in sets:
        frozen_digests(case_set)
    registry = sets[0].sources
    if any(tuple(s.sources) != tuple(registry) for s in sets):
        raise ValueError(f"the base files {', '.join(BASE_FILES)} must share one registry")
    bases = [_base(case) for s in sets for case in s if case.expected is Status.ACCEPT]
    cases = []
    for kind, make in _MAKERS.items():
        for base in bases:
            for m in make(base, registry):
                case_id = f"{base.id}.{kind}.{m.slug}"
                if m.claims is not None and json.loads(m.raw)["claims"] != list(m.claims):
                    raise ValueError(f"{case_id}: the edit does not decode to the intended claims")
                case = {"id": case_id, "family": kind, "description": m.description, "raw": m.raw,
                        "request": m.request or base.request, "expected": m.expected.value}
                cases.append(case if m.code is None else {**case, "code": m.code})
    sources = [{"id": s.id, "service": s.service, "environment": s.environment, "revision": s.revision,
                "facts": dict(s.facts), "text": s.text} for s in registry]
    return {"sources": sources, "cases": cases}


def render_mutations(catalogue: Mapping[str, Any]) -> str:
    """The catalogue as the text of ``fixtures/mutations.json``: ASCII JSON, one source or case per line."""
    def block(items: list) -> str:
        return ",\n".join("    " + json.dumps(item) for item in items)
    sources, cases = block(catalogue["sources"]), block(catalogue["cases"])
    return '{\n  "sources": [\n' + sources + '\n  ],\n  "cases": [\n' + cases + "\n  ]\n}\n"


def load_mutations(path: str | Path | None = None) -> CaseSet:
    """Load the frozen catalogue (default :data:`MUTATIONS_FILE` in :func:`groundlab.fixtures_dir`) as a ``CaseSet``.

    A file inside the fixtures folder is checked against ``SHA256SUMS`` first (``FrozenFixtureError`` when
    edited); ``TrustedInputError`` when malformed. Each case's ``family`` is its kind (:data:`MUTATION_KINDS`).
    """
    case_set = load_case_set(fixtures_dir() / MUTATIONS_FILE if path is None else path)
    frozen_digests(case_set)
    return case_set
