"""The mutation catalogue: exact counts per kind, the contract agrees with every label, and the frozen file is the generator's (tools/mutations.py) output."""

import json
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

import groundlab.lab.mutations as mutations
import groundlab.study.cases as cases_module
from groundlab import (
    MUTATION_KINDS, FrozenFixtureError, Status, fixtures_dir, load_case_set, load_mutations, verify_answer,
    verify_frozen,
)
from groundlab.lab.mutations import MUTATIONS_FILE
from tools import mutations as generator  # fixture tooling, not the library (tests/conftest.py puts the checkout on sys.path)
from tools.mutations import generate_mutations, render_mutations

ROOT = Path(__file__).resolve().parents[2]

# (kind, expected status, parse code) -> cases, written from each kind's rule (docs/architecture.md,
# "Order of checks" and "Parse-code precedence"), over the 8 bases: 6 two-claim answers, 2 one-claim answers.
COUNTS = {
    ("syntax", "INVALID_JSON", "not_json"): 64,
    ("shape", "INVALID_JSON", "wrong_shape"): 48,
    ("shape", "INVALID_JSON", "duplicate_member"): 8,
    ("shape", "INVALID_JSON", "bad_text"): 16,
    ("value_swap", "VALUE_MISMATCH", None): 21,
    ("value_near_miss", "VALUE_MISMATCH", None): 28,
    ("doc_uncited", "NO_CITATION", None): 56,
    ("doc_swap_scope", "SCOPE_MISMATCH", None): 28,
    ("doc_swap_revision", "STALE_REVISION", None): 14,
    ("quote_absent", "NO_CITATION", None): 28,
    ("quote_swap", "QUOTE_NOT_SUPPORTING", None): 42,
    ("field_unrequested", "UNREQUESTED_FIELD", None): 30,
    ("field_swap", "VALUE_MISMATCH", None): 6,
    ("field_swap", "DUPLICATE_CLAIM", None): 6,
    ("claim_drop", "INCOMPLETE", None): 12,
    ("claim_drop", "NO_CITATION", None): 2,
    ("claim_duplicate", "DUPLICATE_CLAIM", None): 34,
    ("claim_reorder", "ACCEPT", None): 20,
    ("request_revision", "STALE_REVISION", None): 16,
    ("request_scope", "SCOPE_MISMATCH", None): 16,
    ("request_supplied", "NO_CITATION", None): 8,
    ("request_supplied", "ACCEPT", None): 24,
    ("request_fields", "INCOMPLETE", None): 10,
    ("request_fields", "UNREQUESTED_FIELD", None): 12,
    ("request_fields", "ACCEPT", None): 6,
}
BASES = ["complete", "reordered", "one-field", "x-accept-compact", "x-accept-crlf", "x-accept-escaped-equals",
         "x-accept-member-order", "x-accept-retry-only"]


@pytest.fixture(scope="module")
def catalogue():
    return load_mutations()


def test_the_catalogue_has_exactly_these_cases_per_kind_and_status(catalogue):
    counts = Counter((c.family, c.expected.value, c.code) for c in catalogue)
    assert dict(counts) == COUNTS
    assert len(catalogue) == sum(COUNTS.values()) == 555
    assert list(dict.fromkeys(c.family for c in catalogue)) == list(MUTATION_KINDS)
    assert len(MUTATION_KINDS) == 18
    assert {c.expected for c in catalogue} == set(Status)


def test_every_case_comes_from_an_accepted_base_of_the_frozen_study_files(catalogue, study, more_cases):
    accepted = [c.id for s in (study, more_cases) for c in s if c.expected is Status.ACCEPT]
    assert accepted == BASES
    assert list(dict.fromkeys(c.id.split(".")[0] for c in catalogue if c.family == "syntax")) == BASES
    assert tuple(catalogue.sources) == tuple(study.sources)
    for case in catalogue:
        base, kind, variant = case.id.split(".")
        assert base in BASES and kind == case.family and variant and case.description


def test_the_contract_produces_every_label_and_parse_code(catalogue):
    wrong = []
    for case in catalogue:
        verdict = verify_answer(case.raw, case.request, catalogue.sources)
        code = None if verdict.error is None else verdict.error.code
        if verdict.status is not case.expected or code != case.code:
            wrong.append((case.id, case.expected.value, case.code, verdict.status.value, code))
    assert wrong == []
    assert all(c.code is not None for c in catalogue if c.expected is Status.INVALID_JSON)


def test_each_mutation_changes_the_answer_or_the_request_never_both_but_for_the_supplied_billing_copy(study, more_cases, catalogue):
    bases = {c.id: c for s in (study, more_cases) for c in s if c.expected is Status.ACCEPT}
    changed = Counter()
    for case in catalogue:
        base = bases[case.id.split(".")[0]]
        changed[(case.family, case.raw != base.raw, case.request != base.request)] += 1
    request_kinds = {"request_revision", "request_scope", "request_supplied", "request_fields"}
    assert {(kind, raw, request) for kind, raw, request in changed} == (
        {(k, True, False) for k in MUTATION_KINDS if k not in request_kinds}
        | {(k, False, True) for k in request_kinds}
        | {("doc_swap_scope", True, True)}
    )
    # the 14 claims of the 8 bases, each copied from billing-v2, which the request then also supplies
    assert changed[("doc_swap_scope", True, True)] == 14
    billing = [c for c in catalogue if c.family == "doc_swap_scope" and c.request != bases[c.id.split(".")[0]].request]
    assert len(billing) == 14 and all(c.id.endswith("-billing-v2") for c in billing)
    assert {c.request.supplied[-1] for c in billing} == {"billing-v2"}


def test_edits_keep_the_base_answers_own_form(catalogue):
    crlf = catalogue["x-accept-crlf.value_swap.c0-2000"].raw
    assert crlf.count("\r\n") == 15 and '"value": "2000"' in crlf
    escaped = catalogue["x-accept-escaped-equals.value_swap.c0-2000"].raw
    assert escaped == (
        '{"claims":[{"field":"read_timeout_ms","value":"2000","doc":"prod-v2","quote":"read_timeout_ms\\u003d5000"},'
        '{"field":"retry_enabled","value":"false","doc":"prod-v2","quote":"retry_enabled=false"}]}'
    )
    assert json.loads(catalogue["x-accept-member-order.claim_reorder.c0-members"].raw)["claims"][0] == {
        "field": "read_timeout_ms", "value": "5000", "doc": "prod-v2", "quote": "read_timeout_ms=5000"}
    assert catalogue["one-field.claim_drop.c0"].raw == '{\n  "claims": [\n    \n  ]\n}'
    assert catalogue["complete.shape.lone-surrogate"].raw.count("\\ud800") == 1


def test_the_frozen_file_is_exactly_what_the_generator_writes():
    frozen = (fixtures_dir() / MUTATIONS_FILE).read_text(encoding="utf-8")
    assert render_mutations(generate_mutations()) == frozen
    assert frozen.isascii()


def test_the_script_prints_the_frozen_file_byte_for_byte():
    printed = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "mutations.py")], capture_output=True, check=True, cwd=ROOT
    ).stdout
    assert printed.replace(b"\r\n", b"\n") == (fixtures_dir() / MUTATIONS_FILE).read_bytes()


def test_generation_is_deterministic_and_reads_only_the_base_files(tmp_path):
    for name in generator.BASE_FILES:
        shutil.copy(fixtures_dir() / name, tmp_path / name)
    assert generate_mutations(tmp_path) == generate_mutations()


def test_the_frozen_catalogue_is_hash_checked():
    listed = (fixtures_dir() / "SHA256SUMS").read_text(encoding="utf-8").splitlines()
    frozen = verify_frozen(names=[MUTATIONS_FILE])  # tests/study/test_cases.py checks every frozen file
    assert [line.split() for line in listed if line.endswith(MUTATIONS_FILE)] == [[frozen[MUTATIONS_FILE], MUTATIONS_FILE]]
    assert load_case_set(MUTATIONS_FILE).ids == load_mutations().ids


def _edited_fixtures(tmp_path, monkeypatch, name):
    for path in fixtures_dir().iterdir():
        if path.is_file():
            shutil.copy(path, tmp_path / path.name)
    text = (tmp_path / name).read_text(encoding="utf-8")
    (tmp_path / name).write_text(text.replace('"ACCEPT"', '"INCOMPLETE"', 1), encoding="utf-8")
    monkeypatch.setattr(mutations, "fixtures_dir", lambda: tmp_path)
    monkeypatch.setattr(generator, "fixtures_dir", lambda: tmp_path)
    monkeypatch.setattr(cases_module, "fixtures_dir", lambda: tmp_path)


def test_an_edited_catalogue_is_refused(tmp_path, monkeypatch):
    _edited_fixtures(tmp_path, monkeypatch, MUTATIONS_FILE)
    with pytest.raises(FrozenFixtureError, match="mutations.json: content differs"):
        load_mutations()


def test_an_edited_base_file_is_refused(tmp_path, monkeypatch):
    _edited_fixtures(tmp_path, monkeypatch, "config_contract_more.json")
    with pytest.raises(FrozenFixtureError, match="config_contract_more.json: content differs"):
        generate_mutations()


def test_the_kinds_are_named_with_their_rule_and_status():
    for kind, rule in MUTATION_KINDS.items():
        statuses = {status for (k, status, _), n in COUNTS.items() if k == kind}
        assert all(status in rule for status in statuses), kind
    with pytest.raises(TypeError):
        MUTATION_KINDS["new"] = "rule"  # read-only



def test_writing_the_catalogue_leaves_the_file_whole_when_it_fails(tmp_path, monkeypatch):
    target = tmp_path / "mutations.json"
    target.write_text("old", encoding="utf-8")

    def no_space(*_args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(generator.os, "replace", no_space)
    with pytest.raises(OSError):
        generator._replace_whole(target, "new")
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["mutations.json"]
