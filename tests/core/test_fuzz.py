"""Long hypothesis runs (``-m fuzz``): the parser, the contract and the hints under random input.

Strategies:

* JSON-like text: random JSON values serialised with random JSON whitespace between tokens,
  the same with one character inserted, deleted or replaced (from an alphabet of JSON
  punctuation and troublesome characters: BOM, no-break space, lone surrogate, curly quote...),
  one-character mutations of every fixture answer, arbitrary text and arbitrary bytes;
* one-change mutations of accepted fixture answers: swap a value, a document, a quote or a
  field, drop or duplicate a claim, reorder the claims, change the request;
* valid answers with zero or one mutation (``tests/core/valid_answers.py``: accepted study answers
  and generated registry/request/answer triples valid by construction, each status reached by
  about a tenth of them), and valid answers with random characters inserted into one claim
  member or into the request's service, environment or revision.

Properties, each checked on 10,000 derandomized examples in CI (the "ci" hypothesis profile,
selected by CI=true) and 300 locally ("dev"); benchmarks/README.md lists the measured times:

* nothing but ClaimsSyntaxError escapes parse_claims / loads_strict, for any str or bytes, and
  its code, position, line and column are consistent; json_hints never raises on the error;
* loads_strict agrees with json.loads whenever it accepts, accepts every generated value, and
  refuses with duplicate_member any generated text in which one member of one object (at any
  depth, its name escaped or not) is written twice;
* parse_claims and loads_strict agree: parse success implies loads_strict success, and a
  reading-phase refusal (not_json, duplicate_member, too_deep, bad_number) of an input within
  the length bound has the same code and position in both;
* a valid claim list serialised with json.dumps parses back to the same claims;
* each one-change mutation of an accepted answer gets exactly the status the order of checks
  (docs/architecture.md) predicts (a quote absent from its document is NO_CITATION, never ACCEPT; reordering
  keeps ACCEPT);
* on mutated valid answers, verify_answer matches an independent re-statement of the order of
  checks, never accepts when a quote is missing from its supplied document or a requested field
  is unanswered, and hints_for_verdict never raises (its hints name the failed step);
* on near-miss answers (one member with random text inserted) the same holds, and
  quote_hints / closest_window never raise on arbitrary text, end with exactly one closest
  hint, and return a window inside the source.
"""

import dataclasses
import itertools
import json
import unicodedata

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from groundlab import Status, parse_claims, verify_answer
from groundlab.core.claims import CLAIM_MEMBERS, ERROR_CODES, MAX_CLAIMS, Claim, ClaimsSyntaxError, loads_strict, utf16_length
from groundlab import fixtures_dir, load_case_set
from groundlab.hints import HINT_KINDS, closest_window, hints_for_verdict, json_hints, quote_hints
from groundlab.core.registry import Request
from valid_answers import mutated_answers, valid_answers

pytestmark = pytest.mark.fuzz

LONG = settings()  # the loaded profile (tests/conftest.py): 10,000 examples with CI=true, 300 locally

CASE_SETS = [
    load_case_set(fixtures_dir() / name)
    for name in ("config_contract.json", "config_contract_more.json", "adversarial.json", "adversarial_escapes.json")
    if (fixtures_dir() / name).exists()
]
STUDY = CASE_SETS[0]
SOURCES = STUDY.sources
ALL_CASES = [(case_set, case) for case_set in CASE_SETS for case in case_set]
ACCEPTED = [(s, c) for s, c in ALL_CASES if c.expected is Status.ACCEPT]
READING_CODES = {"not_json", "duplicate_member", "too_deep", "bad_number"}


# ---------------------------------------------------------------- JSON-like text

# Unassigned code points (category Cn) include every noncharacter, so leaving out Cs and Cn leaves
# exactly the characters I-JSON allows (minus the unassigned ones, which add nothing here).
_clean_char = st.characters(codec=None, exclude_categories=("Cs", "Cn"))
_clean_text = st.text(_clean_char, max_size=12)
_json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | _clean_text
)
json_values = st.recursive(
    _json_scalars,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(_clean_text, children, max_size=4),
    max_leaves=10,
)
_small_json_values = st.recursive(
    _json_scalars,
    lambda children: st.lists(children, max_size=3) | st.dictionaries(_clean_text, children, max_size=3),
    max_leaves=5,
)
_WS_CHOICES = ("", "", "", " ", "\t", "\n", "\r", "\r\n", "  ")


@st.composite
def json_texts(draw):
    """``(text, value)``: a random JSON value serialised with random JSON whitespace.

    The whitespace comes from one drawn ``random.Random`` (fewer draws than one per token,
    which keeps 10,000 examples fast)."""
    value = draw(json_values)
    ascii_only = draw(st.booleans())
    rng = draw(st.randoms(use_true_random=False))

    def ws():
        return rng.choice(_WS_CHOICES)

    def dump(item):
        if isinstance(item, dict):
            members = [
                ws() + json.dumps(k, ensure_ascii=ascii_only) + ws() + ":" + ws() + dump(v) + ws()
                for k, v in item.items()
            ]
            return "{" + (",".join(members) if members else ws()) + "}"
        if isinstance(item, list):
            elements = [ws() + dump(v) + ws() for v in item]
            return "[" + (",".join(elements) if elements else ws()) + "]"
        return json.dumps(item, ensure_ascii=ascii_only)

    return ws() + dump(value) + ws(), value


@st.composite
def json_texts_with_a_duplicate(draw):
    """JSON text in which one member, in one object at any depth, is written twice (the
    second time with the same or a different value, the name escaped or not)."""
    value = draw(st.dictionaries(_clean_text, _small_json_values, min_size=1, max_size=3))
    for _ in range(draw(st.integers(0, 2))):  # bury it a little deeper
        value = [value] if draw(st.booleans()) else {draw(_clean_text): value}
    objects = []

    def count(item):
        if isinstance(item, dict):
            if item:
                objects.append(item)
            for v in item.values():
                count(v)
        elif isinstance(item, list):
            for v in item:
                count(v)

    count(value)
    target = objects[draw(st.integers(0, len(objects) - 1))]
    name = draw(st.sampled_from(list(target)))
    escape = draw(st.booleans())
    other = draw(st.sampled_from([None, 1, "x"]))

    def dump(item):
        if isinstance(item, dict):
            members = [json.dumps(k) + ":" + dump(v) for k, v in item.items()]
            if item is target:
                spelled = json.dumps(name, ensure_ascii=True)
                if escape:
                    spelled = '"' + "".join(f"\\u{ord(c):04x}" if ord(c) < 0x10000 else c for c in name) + '"'
                members.append(spelled + ":" + json.dumps(other))
            return "{" + ",".join(members) + "}"
        if isinstance(item, list):
            return "[" + ",".join(dump(v) for v in item) + "]"
        return json.dumps(item)

    return dump(value)


@given(json_texts_with_a_duplicate())
@LONG
def test_a_duplicate_member_at_any_depth_is_caught(text):
    with pytest.raises(ClaimsSyntaxError) as info:
        loads_strict(text)
    assert info.value.code == "duplicate_member"


_MUTATION_ALPHABET = list('{}[]:,"\\ \t\n\r0123456789-+.eEtrufalsnNI') + [
    "\u00a0", "\ufeff", "\u200b", "\u2028", "\x00", "\x1f", "\x7f", "\x85", "\ud800", "\udc00",
    "\U0001F600", "\u201c", "\u201d", "\uffff", "\ufdd0", "'", "/", "*", "`", "\uff15", "\u0430",
    # every escape form, so that escaped control characters land inside strings
    "\\b", "\\f", "\\n", "\\r", "\\t", '\\"', "\\\\", "\\/", "\\u0008", "\\u000C", "\\u001f", "\\u0041", "\\u2028",
]


@st.composite
def one_char_mutation(draw, texts):
    text = draw(texts)
    position = draw(st.integers(0, len(text)))
    operation = draw(st.sampled_from(["insert", "delete", "replace"]))
    if operation == "insert" or not text:
        return text[:position] + draw(st.sampled_from(_MUTATION_ALPHABET)) + text[position:]
    position = min(position, len(text) - 1)
    if operation == "delete":
        return text[:position] + text[position + 1 :]
    return text[:position] + draw(st.sampled_from(_MUTATION_ALPHABET)) + text[position + 1 :]


# Answers up to 2,000 characters: the 8 KB bound cases are slow to re-read character by
# character and are covered one by one in test_adversarial.py.
_fixture_raws = st.sampled_from([case.raw for _, case in ALL_CASES if len(case.raw) <= 2000])
_generated = json_texts().map(lambda pair: pair[0])
any_text = st.one_of(
    _generated,
    one_char_mutation(_generated),
    one_char_mutation(_fixture_raws),
    st.text(st.characters(codec=None), max_size=300),
)
any_input = st.one_of(any_text, any_text.map(lambda t: t.encode("utf-8", "surrogatepass")), st.binary(max_size=300))


def _check_error(err: ClaimsSyntaxError, raw) -> None:
    assert err.code in ERROR_CODES
    assert err.message
    assert isinstance(err.path, tuple)
    if isinstance(raw, str) and err.position is not None:
        assert 0 <= err.position <= len(raw)
        line = raw.count("\n", 0, err.position) + 1
        column = err.position - (raw.rfind("\n", 0, err.position) + 1) + 1
        assert (err.line, err.column) == (line, column)
    for hint in json_hints(err, raw):
        assert hint.kind in HINT_KINDS and hint.message


@given(any_input)
@LONG
def test_parsers_raise_only_claims_syntax_error(raw):
    for parse in (parse_claims, loads_strict):
        try:
            parse(raw)
        except ClaimsSyntaxError as err:
            _check_error(err, raw)


@given(any_text)
@LONG
def test_loads_strict_accepts_only_what_json_loads_accepts(text):
    try:
        value = loads_strict(text)
    except ClaimsSyntaxError:
        return
    assert json.loads(text) == value


@given(json_texts())
@LONG
def test_generated_json_is_accepted_with_its_value(pair):
    text, value = pair
    assert loads_strict(text) == value
    assert loads_strict(text.encode("utf-8")) == value


@given(any_input)
@LONG
def test_parse_claims_and_loads_strict_agree(raw):
    try:
        loaded_error = None
        loads_strict(raw)
    except ClaimsSyntaxError as err:
        loaded_error = err
    try:
        parse_claims(raw)
    except ClaimsSyntaxError as err:
        parsed_error = err
    else:
        assert loaded_error is None
        return
    text = raw if isinstance(raw, str) else None
    if text is None:
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            return  # both refuse invalid UTF-8; where depends on the length check
    if loaded_error is not None and loaded_error.code in READING_CODES and utf16_length(text) <= 8192:
        assert (parsed_error.code, parsed_error.position) == (loaded_error.code, loaded_error.position)


@given(any_text)
@LONG
def test_the_fast_refusal_is_the_exact_locators_first_problem(text):
    """The code decided without a re-read is the code, reason, context and place the
    pure-Python locator finds first from the left (the parse-code precedence, exactly)."""
    from groundlab.core.reader import Locator, Problem, read

    try:
        read(text)
    except ClaimsSyntaxError as err:
        fast = err
    else:
        fast = None
    try:
        Locator(text).read()
    except Problem as problem:
        exact = problem
    except RecursionError:  # pragma: no cover - the locator stops at depth 65
        return
    else:
        exact = None
    if exact is None:
        assert fast is None
        return
    assert fast is not None
    assert (fast.code, fast.reason, fast.path, fast.position, dict(fast.context)) == (
        exact.code, exact.reason, exact.path, exact.position, exact.context,
    )


# ---------------------------------------------------------------- claims round trip

_claim_char = st.characters(codec=None, exclude_categories=("Cs", "Cc", "Cn"), include_characters="\t\n\r")
_claim_text = st.text(_claim_char, min_size=1, max_size=16)
_claims = st.lists(st.builds(Claim, _claim_text, _claim_text, _claim_text, _claim_text), max_size=MAX_CLAIMS)


@given(_claims, st.booleans(), st.sampled_from([None, 0, 2, "\t"]), st.sampled_from([None, (",", ":"), (" , ", " : ")]))
@LONG
def test_valid_claims_round_trip_through_json_dumps(claims, ascii_only, indent, separators):
    raw = json.dumps({"claims": [c._asdict() for c in claims]}, ensure_ascii=ascii_only, indent=indent, separators=separators)
    assume(utf16_length(raw) <= 8192)
    assert parse_claims(raw) == tuple(claims)
    assert parse_claims(raw.encode("utf-8")) == tuple(claims)


# ---------------------------------------------------------------- one-change mutations of accepted answers


def _dump(claims, draw):
    return json.dumps(
        {"claims": [c._asdict() for c in claims]},
        ensure_ascii=draw(st.booleans()),
        indent=draw(st.sampled_from([None, 2])),
    )


_near_text = st.one_of(
    st.sampled_from(["read_timeout_ms=5000 ", "READ_TIMEOUT_MS=5000", "read_timeout_ms=5\u200b000", "re\u0430d_timeout_ms=5000",
                     "read_timeout_ms\u00a0=5000", "retry_enabled=False", "5000", "=", "x", "\U0001F600"]),
    _claim_text,
)


@st.composite
def mutated_accepted(draw):
    """``(raw, request, registry, expected)``: one change to an accepted answer, with the exact
    status the order of checks (docs/architecture.md) predicts (``None`` when only "not ACCEPT" is certain)."""
    case_set, case = draw(st.sampled_from(ACCEPTED))
    registry, request = case_set.sources, case.request
    claims = list(parse_claims(case.raw))
    kind = draw(st.sampled_from(["quote", "reorder", "value", "doc", "field", "drop", "duplicate", "revision",
                                 "environment", "extra_field", "unsupply"]))
    index = draw(st.integers(0, len(claims) - 1))
    target = claims[index]
    expected: Status | None
    if kind == "quote":
        quote = draw(_near_text.filter(lambda q: q not in registry[target.doc].text))
        claims[index] = target._replace(quote=quote)
        expected = Status.NO_CITATION
    elif kind == "reorder":
        claims = list(draw(st.permutations(claims)))
        expected = Status.ACCEPT
    elif kind == "value":
        claims[index] = target._replace(value=draw(_near_text.filter(lambda v: v != target.value)))
        expected = Status.VALUE_MISMATCH
    elif kind == "doc":
        doc = draw(st.sampled_from([s.id for s in registry] + ["prod-v3", "Prod-v2", "prod\u2010v2", "prod-v2 "]))
        assume(doc != target.doc)
        claims[index] = target._replace(doc=doc)
        expected = None
        if doc not in registry or doc not in request.supplied or target.quote not in registry[doc].text:
            expected = Status.NO_CITATION
    elif kind == "field":
        field = draw(_near_text.filter(lambda f: f != target.field))
        claims[index] = target._replace(field=field)
        expected = None
        if field not in request.fields and field not in {c.field for c in claims[:index]}:
            expected = Status.UNREQUESTED_FIELD
    elif kind == "drop":
        del claims[index]
        expected = Status.INCOMPLETE if claims else Status.NO_CITATION
    elif kind == "duplicate":
        assume(len(claims) < MAX_CLAIMS)
        claims.insert(draw(st.integers(index + 1, len(claims))), target)
        expected = Status.DUPLICATE_CLAIM
    elif kind == "revision":
        request = Request(request.service, request.environment, draw(st.sampled_from(["v1", "v3", "V2"])),
                          request.fields, request.supplied)
        expected = Status.STALE_REVISION
    elif kind == "environment":
        request = Request(request.service, draw(st.sampled_from(["dev", "Prod", "staging"])), request.revision,
                          request.fields, request.supplied)
        expected = Status.SCOPE_MISMATCH
    elif kind == "extra_field":
        request = Request(request.service, request.environment, request.revision,
                          request.fields + ("max_connections",), request.supplied)
        expected = Status.INCOMPLETE
    else:  # unsupply the cited document
        supplied = tuple(d for d in request.supplied if d != target.doc)
        assume(supplied)
        request = Request(request.service, request.environment, request.revision, request.fields, supplied)
        expected = Status.NO_CITATION
    return _dump(claims, draw), request, registry, expected


@given(mutated_accepted())
@LONG
def test_one_change_to_an_accepted_answer_gets_the_predicted_status(mutation):
    raw, request, registry, expected = mutation
    verdict = verify_answer(raw, request, registry)
    if expected is None:
        assert verdict.status is not Status.ACCEPT
    else:
        assert verdict.status is expected
    if verdict.status is not Status.ACCEPT:
        assert dict(verdict.accepted) == {}


@st.composite
def _reordered(draw):
    case_set, case = draw(st.sampled_from(ACCEPTED))
    return case_set, case, draw(st.permutations(parse_claims(case.raw)))


@given(_reordered())
@LONG
def test_reordering_an_accepted_answer_keeps_it_accepted(reordered):
    """The space is small (every order of every accepted fixture answer), so hypothesis
    stops once it has seen all of it; the test is then exhaustive."""
    case_set, case, claims = reordered
    verdict = verify_answer(json.dumps({"claims": [c._asdict() for c in claims]}), case.request, case_set.sources)
    assert verdict.status is Status.ACCEPT
    assert verdict.accepted == verify_answer(case.raw, case.request, case_set.sources).accepted


# ---------------------------------------------------------------- random answers against a restated contract

def restated_contract(claims, request, registry) -> Status:
    """the order of checks (docs/architecture.md), restated independently of groundlab.core.contract."""
    if not claims:
        return Status.NO_CITATION
    for c in claims:
        if c.doc not in registry.by_id or c.doc not in request.supplied or c.quote not in registry[c.doc].text:
            return Status.NO_CITATION
    seen = set()
    for c in claims:
        source = registry[c.doc]
        if c.field in seen:
            return Status.DUPLICATE_CLAIM
        seen.add(c.field)
        if c.field not in request.fields:
            return Status.UNREQUESTED_FIELD
        if (source.service, source.environment) != (request.service, request.environment):
            return Status.SCOPE_MISMATCH
        if source.revision != request.revision:
            return Status.STALE_REVISION
        if source.facts.get(c.field) != c.value:
            return Status.VALUE_MISMATCH
        if c.quote != f"{c.field}={c.value}":
            return Status.QUOTE_NOT_SUPPORTING
    if set(request.fields) - seen:
        return Status.INCOMPLETE
    return Status.ACCEPT


def _hints_match_the_failed_step(verdict, request, registry, raw) -> None:
    step = verdict.failed_step()
    assert (step is None) == (verdict.status is Status.ACCEPT)
    if step is not None:
        assert step.status is verdict.status
    for hint in hints_for_verdict(verdict, request, registry, raw=raw):
        assert hint.kind in HINT_KINDS
        assert hint.message and "\n" not in hint.message
        assert (hint.claim, hint.check) == (step.claim, step.check)


@given(mutated_answers())
@LONG
def test_mutated_valid_answers_follow_the_restated_contract_and_hints_never_raise(m):
    """Valid answers with zero or one mutation (tests/core/valid_answers.py), so every status
    and every line of the restated contract is reached (about a tenth of the examples each)."""
    verdict = verify_answer(m.raw, m.request, m.registry)
    event(f"status={verdict.status}")
    if m.claims is None:
        assert verdict.status is Status.INVALID_JSON
    else:
        assert verdict.status is restated_contract(list(m.claims), m.request, m.registry)
    every_quote_found = m.claims is not None and all(
        c.doc in m.registry and c.doc in m.request.supplied and c.quote in m.registry[c.doc].text for c in m.claims
    )
    every_field_answered = m.claims is not None and set(m.request.fields) <= {c.field for c in m.claims}
    if not (m.claims and every_quote_found and every_field_answered):
        assert verdict.status is not Status.ACCEPT
    _hints_match_the_failed_step(verdict, m.request, m.registry, m.raw)
    if verdict.status is Status.ACCEPT:
        for order in itertools.islice(itertools.permutations(m.claims), 6):
            again = json.dumps({"claims": [c._asdict() for c in order]})
            assert verify_answer(again, m.request, m.registry).status is Status.ACCEPT


@given(one_char_mutation(_fixture_raws), st.sampled_from([case.request for _, case in ALL_CASES]))
@LONG
def test_mutated_fixture_answers_never_break_the_verifier_or_the_hints(raw, request):
    verdict = verify_answer(raw, request, SOURCES)
    assert isinstance(verdict.status, Status)
    if verdict.status is Status.INVALID_JSON:
        assert verdict.error.code in ERROR_CODES
    for hint in hints_for_verdict(verdict, request, SOURCES, raw=raw):
        assert hint.kind in HINT_KINDS and hint.message


_LINES = [line for source in SOURCES for line in source.text.splitlines()]
_NEAR_MISS_TARGETS = (None, "field", "value", "doc", "quote", "service", "environment", "revision")


# The request is trusted: its near misses are printable (hints show its members as they are).
_request_text = st.text(st.characters(codec=None, exclude_categories=("Cs", "Cc", "Cn", "Zl", "Zp")), min_size=1, max_size=16)


def _near(draw, base: str, inserted=_claim_text) -> str:
    position = draw(st.integers(0, len(base)))
    return base[:position] + draw(inserted) + base[position:]


@st.composite
def near_miss_answers(draw):
    """``(claims, request, registry)``: a valid answer (tests/core/valid_answers.py) with random
    characters inserted into one member of one claim, or into the request's service, environment
    or revision, or nothing changed."""
    valid = draw(valid_answers())
    claims, request = list(valid.claims), valid.request
    target = draw(st.sampled_from(_NEAR_MISS_TARGETS))
    if target in Claim._fields:
        at = draw(st.integers(0, len(claims) - 1))
        claims[at] = claims[at]._replace(**{target: _near(draw, getattr(claims[at], target))})
    elif target is not None:
        request = dataclasses.replace(request, **{target: _near(draw, getattr(request, target), _request_text)})
    event(f"near miss in {target or 'nothing'}")
    return claims, request, valid.registry


@given(near_miss_answers())
@LONG
def test_hints_never_raise_on_near_miss_claims(answer):
    claims, request, registry = answer
    raw = json.dumps({"claims": [c._asdict() for c in claims]}, ensure_ascii=False)
    verdict = verify_answer(raw, request, registry)
    event(f"status={verdict.status}")
    assert verdict.status is restated_contract(claims, request, registry)
    _hints_match_the_failed_step(verdict, request, registry, raw)


@st.composite
def _near_miss_quotes(draw):
    """A line of a study source, as is or with random characters inserted."""
    line = draw(st.sampled_from(_LINES))
    return line if draw(st.booleans()) else _near(draw, line)


_any_char_text = st.text(st.characters(codec=None), max_size=60)


@given(
    st.one_of(_any_char_text, _near_miss_quotes()),
    st.one_of(_any_char_text, st.sampled_from([s.text for s in SOURCES])),
    st.booleans(),
)
@LONG
def test_quote_hints_never_raise_and_end_with_the_closest_window(quote, source, normalized):
    hints = quote_hints(quote, source, normalized=normalized)
    if not normalized and quote and quote in source:
        assert hints == ()
        return
    if hints:
        assert hints[-1].kind == "closest"
        assert [h.kind for h in hints].count("closest") == 1
        assert [HINT_KINDS.index(h.kind) for h in hints[:-1]] == sorted(HINT_KINDS.index(h.kind) for h in hints[:-1])
    window = closest_window(quote, source)
    assert 0 <= window.start <= window.end <= len(source)
    assert window.text == source[window.start : window.end]
    assert 0.0 <= window.ratio <= 1.0


_any_claim_char = st.characters(codec=None, exclude_categories=("Cs", "Cn"), include_characters="\b\f\x00\x1b\x7f\x85\t\n\r")
_any_claim_text = st.text(_any_claim_char, min_size=1, max_size=8)


@given(st.lists(st.builds(Claim, _any_claim_text, _any_claim_text, _any_claim_text, _any_claim_text), min_size=1, max_size=MAX_CLAIMS))
@LONG
def test_escaped_control_characters_are_bad_text_at_the_first_place(claims):
    """json.dumps writes \\b and \\f as short escapes and other controls as \\u escapes; either
    way a control character other than tab, LF and CR is bad_text at the first such member."""
    raw = json.dumps({"claims": [c._asdict() for c in claims]})
    refused = [
        ("claims", i, name)
        for i, claim in enumerate(claims)
        for name, value in claim._asdict().items()
        if any(unicodedata.category(ch) == "Cc" and ch not in "\t\n\r" for ch in value)
    ]
    if not refused:
        assert parse_claims(raw) == tuple(claims)
        return
    with pytest.raises(ClaimsSyntaxError) as err:
        parse_claims(raw)
    assert (err.value.code, err.value.path) == ("bad_text", refused[0])


# ---------------------------------------------------------------- refusals decided without the locator

_colon_text = st.text(st.sampled_from(list('ab:é "\\')), min_size=1, max_size=5)


@st.composite
def claim_answers_with_repeats(draw):
    """Claim answers (some members empty, some strings with colons, escaped or not) in which
    the top-level object and any claim may write one of its names again, at any place, with
    a string, a number, an object that itself repeats a name or an array nested too deep
    (and, now and then, such an array among the claims)."""
    ascii_only = draw(st.booleans())

    def string(value: str) -> str:
        return json.dumps(value, ensure_ascii=ascii_only)

    def obj(pairs) -> str:
        return "{" + ",".join(string(name) + ":" + value for name, value in pairs) + "}"

    def with_repeat(pairs: list) -> list:
        if pairs and draw(st.booleans()):
            name = draw(st.sampled_from([name for name, _ in pairs]))
            nested = ['{"a":1,"a":2}', '[{"b":"c","b":"d"}]']  # a repeat inside a value that is dropped or kept
            value = draw(st.sampled_from([string("x:y"), "1", '{"b":"c"}', "[]", string(""), _DEEP] + nested * 2))
            pairs.insert(draw(st.integers(0, len(pairs))), (name, value))
        return pairs

    claims = []
    for _ in range(draw(st.integers(0, 3))):
        names = draw(st.permutations(list(CLAIM_MEMBERS)))[: draw(st.sampled_from([4, 4, 4, 3]))]
        values = [string(draw(_colon_text) if draw(st.integers(0, 7)) else "") for _ in names]
        claims.append(obj(with_repeat(list(zip(names, values)))))
    if claims and draw(st.integers(0, 9)) == 0:  # an array nested too deep among the claims
        claims.insert(draw(st.integers(0, len(claims))), _DEEP)
    return obj(with_repeat([("claims", "[" + ",".join(claims) + "]")]))


_DEEP = "[" * 70 + "]" * 70


def _reference_outcome(text: str):
    """What the boundary decides, by the slow route: the exact locator reads the text, then the
    careful shape walk (checking every claim character) runs over the value it read."""
    from groundlab.core.claims import _walk_shape
    from groundlab.core.reader import Locator, Problem

    try:
        value = Locator(text).read()
    except Problem as problem:
        return ("refused", problem.code, problem.reason, problem.path, problem.position, dict(problem.context))
    result = _walk_shape(text, value, check_chars=True)
    if isinstance(result, ClaimsSyntaxError):
        return ("refused", result.code, result.reason, result.path, result.position, dict(result.context))
    return ("accepted", result)


@given(st.one_of(claim_answers_with_repeats(), json_texts_with_a_duplicate(), any_text))
@LONG
def test_every_refusal_is_the_one_the_exact_locator_and_the_shape_walk_decide(text):
    """parse_claims decides most refusals without re-reading (counting colons, one C read);
    code, reason, path, place and context are exactly the slow route's."""
    _same_as_the_slow_route(text)


@given(claim_answers_with_repeats())
@LONG
def test_a_claim_answer_that_repeats_names_is_refused_as_the_slow_route_refuses_it(text):
    _same_as_the_slow_route(text)


def _same_as_the_slow_route(text: str) -> None:
    assume(utf16_length(text) <= 8192)
    try:
        reference = _reference_outcome(text)
    except RecursionError:  # pragma: no cover - the locator stops at depth 65
        return
    try:
        claims = parse_claims(text)
    except ClaimsSyntaxError as err:
        got = ("refused", err.code, err.reason, err.path, err.position, dict(err.context))
    else:
        got = ("accepted", claims)
    assert got == reference
