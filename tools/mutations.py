"""Generate the mutation catalogue, ``fixtures/mutations.json``, from the frozen bases (fixture tooling).

Every ``ACCEPT`` case of the frozen files :data:`BASE_FILES` is a *base*. Each kind of
:data:`groundlab.lab.mutations.MUTATION_KINDS` makes one change to a base -- in the answer text (a
member, a claim, the syntax) or in its trusted request -- and labels the result with the status the
contract's rules give it (``docs/architecture.md``, "Order of checks" and "Parse-code precedence").
Labels are written from each kind's rule, never computed by
:func:`groundlab.core.contract.verify_answer`; the lab tests check that the contract agrees with every
one. Generation is deterministic (no randomness), a function of the frozen fixtures. Edits are made in
the answer's own text (find each claim's span, find a member's key and value, splice new text in;
offsets are code points), so a compact, CRLF or escaped base keeps its form. The library only loads
the frozen catalogue (:func:`groundlab.load_mutations`); ``tests/lab/test_mutations.py`` checks that
the frozen file is, byte for byte, what this script writes. Standard library only.

Command line:

* ``python tools/mutations.py`` -- print the catalogue, exactly the text of ``fixtures/mutations.json``;
* ``python tools/mutations.py --write`` -- write it to ``fixtures/mutations.json``. The file is frozen:
  when its content changes, its line in ``fixtures/SHA256SUMS`` must be updated by hand
  (``make freeze-fixtures`` lists new files only, it never rewrites a listed digest).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, NamedTuple, Sequence

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: the checkout's groundlab, not an installed copy
    sys.path.insert(0, str(ROOT))

from groundlab.core.contract import Status  # noqa: E402
from groundlab.core.registry import Registry  # noqa: E402
from groundlab.core.trusted import fixtures_dir  # noqa: E402
from groundlab.lab.mutations import MUTATION_KINDS, MUTATIONS_FILE  # noqa: E402
from groundlab.study.cases import STUDY_FILE, frozen_digests, load_case_set  # noqa: E402

__all__ = ["BASE_FILES", "generate_mutations", "main", "render_mutations"]

BASE_FILES = (STUDY_FILE, "config_contract_more.json")
"""The frozen fixture files whose ``ACCEPT`` cases are the bases, in this order."""

# ---------------------------------------------------------------- editing an answer in its own text

_WS = " \t\r\n"
_DECODER = json.JSONDecoder()


class _Base(NamedTuple):
    id: str
    raw: str
    request: dict  # the request as JSON data
    claims: tuple  # the decoded claim objects, in answer order
    spans: tuple  # (start, end) of each claim object in raw
    array: tuple  # (start, end) of the claims array in raw


class _M(NamedTuple):
    slug: str
    description: str
    raw: str
    expected: Status
    claims: Any = None  # the intended decoded claims, checked against raw; None: not checked
    request: Any = None  # a changed request (dict); None: the base's
    code: Any = None


def _skip(raw: str, i: int, comma: bool = False) -> int:
    while i < len(raw) and raw[i] in _WS:
        i += 1
    return _skip(raw, i + 1) if comma and i < len(raw) and raw[i] == "," else i


def _base(case) -> _Base:
    raw, r = case.raw, case.request
    start = raw.index("[", raw.index('"claims"'))
    spans, i = [], _skip(raw, start + 1)
    while raw[i] != "]":
        end = _DECODER.raw_decode(raw, i)[1]
        spans.append((i, end))
        i = _skip(raw, end, comma=True)
    request = {"service": r.service, "environment": r.environment, "revision": r.revision,
               "fields": list(r.fields), "supplied": list(r.supplied)}
    return _Base(case.id, raw, request, tuple(json.loads(raw)["claims"]), tuple(spans), (start, i + 1))


def _members(raw: str, span: tuple) -> list:
    """``[(name, key start, key end, value start, value end)]`` of one claim object, in text order."""
    out, i = [], _skip(raw, span[0] + 1)
    while raw[i] != "}":
        name, key_end = _DECODER.raw_decode(raw, i)
        value = _skip(raw, _skip(raw, key_end) + 1)
        end = _DECODER.raw_decode(raw, value)[1]
        out.append((name, i, key_end, value, end))
        i = _skip(raw, end, comma=True)
    return out


def _splice(raw: str, *edits: tuple) -> str:
    for start, end, text in sorted(edits, reverse=True):
        raw = raw[:start] + text + raw[end:]
    return raw


def _member(base: _Base, i: int, name: str) -> tuple:
    return next(m for m in _members(base.raw, base.spans[i]) if m[0] == name)


def _claim_text(base: _Base, i: int, **new: str) -> str:
    """Claim ``i``'s object text with the members in ``new`` replaced."""
    start, end = base.spans[i]
    edits = [(m[3] - start, m[4] - start, json.dumps(new[m[0]])) for m in _members(base.raw, base.spans[i]) if m[0] in new]
    return _splice(base.raw[start:end], *edits)


def _with(base: _Base, i: int, expected: Status, **new: str) -> tuple:
    """``(raw, expected, intended claims)`` for the base with claim ``i``'s members in ``new`` replaced."""
    claims = [dict(c) for c in base.claims]
    claims[i].update(new)
    return _splice(base.raw, (*base.spans[i], _claim_text(base, i, **new))), expected, claims


# ---------------------------------------------------------------- the kinds

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


def _replace_whole(target: Path, text: str) -> None:
    """Write ``text`` to a temporary file beside ``target``, then rename it over ``target``:
    the file is either as it was or whole, never half-written."""
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, target)
    except BaseException:
        os.unlink(temporary)
        raise


def main(argv: Sequence[str] | None = None) -> int:
    """``python tools/mutations.py [--write]``: print the catalogue, or write it; returns the exit code."""
    parser = argparse.ArgumentParser(prog="python tools/mutations.py", description=__doc__.split("\n")[0])
    parser.add_argument("--write", action="store_true", help=f"write fixtures/{MUTATIONS_FILE} instead of printing it")
    args = parser.parse_args(argv)
    try:
        text = render_mutations(generate_mutations())
    except (OSError, ValueError) as err:  # TrustedInputError and FrozenFixtureError included
        print(f"python tools/mutations.py: cannot read the bases: {err}", file=sys.stderr)
        return 2
    if not args.write:
        sys.stdout.write(text)
        return 0
    target = fixtures_dir() / MUTATIONS_FILE
    unchanged = target.is_file() and target.read_text(encoding="utf-8") == text
    try:
        _replace_whole(target, text)
    except OSError as err:
        print(f"python tools/mutations.py: {target} not written (it is as it was): {err}", file=sys.stderr)
        return 2
    note = "unchanged" if unchanged else f"changed: update its digest in {target.parent.name}/SHA256SUMS"
    print(f"wrote {target} ({note})")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
