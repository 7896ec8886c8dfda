"""The frozen study, evidence folders, the independent audit and the command line."""

import json
import shutil
from pathlib import Path

import pytest

from groundlab import Status
from groundlab.study.audit import audit_evidence
from groundlab.cli import main
from groundlab import FrozenFixtureError, TrustedInputError, digest, fixtures_dir, load_case_set, verify_frozen
from groundlab.study.run import EvidenceExistsError, run_cases, write_evidence


def test_every_fixture_matches_its_frozen_hash():
    sums = verify_frozen()
    assert "config_contract.json" in sums and "config_contract_more.json" in sums


def test_an_edited_label_fails_loudly_and_says_how_to_copy(tmp_path):
    folder = tmp_path / "fixtures"
    shutil.copytree(fixtures_dir(), folder)
    path = folder / "config_contract.json"
    path.write_text(path.read_text(encoding="utf-8").replace('"expected": "VALUE_MISMATCH"', '"expected": "ACCEPT"', 1), encoding="utf-8")
    with pytest.raises(FrozenFixtureError) as info:
        verify_frozen(folder)
    assert info.value.problems == ["config_contract.json: content differs from its frozen SHA-256 (was it edited?)"]
    assert "copy the file elsewhere" in str(info.value)
    assert "groundlab run --fixtures YOUR_COPY" in str(info.value)


def test_hashes_ignore_line_endings(tmp_path):
    (tmp_path / "a").write_bytes(b'{"a": 1}\n')
    (tmp_path / "b").write_bytes(b'{"a": 1}\r\n')
    assert digest(tmp_path / "a") == digest(tmp_path / "b")


def test_frozen_study_counts_are_the_seeds():
    result = run_cases(load_case_set())
    assert dict(result.counts) == {
        "submitted": 22, "strict_json": 17, "quote_exists": 13, "full_contract": 3,
        "citation_false_accepts": 10, "disagreements": 0,
    }
    assert [r.id for r in result.rows if r.actual is Status.ACCEPT] == ["complete", "reordered", "one-field"]


def test_second_fixture_file_covers_every_status_and_parse_code():
    case_set = load_case_set("config_contract_more.json")
    assert len(case_set) >= 30
    result = run_cases(case_set)
    assert result.counts["disagreements"] == 0, [r.id for r in result.rows if not r.agrees]
    assert {r.actual for r in result.rows} == set(Status)
    from groundlab.core.claims import ERROR_CODES

    assert {r.code for r in result.rows if r.code} == set(ERROR_CODES)


def test_run_writes_evidence_and_refuses_an_existing_folder(tmp_path):
    out = tmp_path / "evidence" / "first"
    result = write_evidence(out)
    assert result.ok
    assert sorted(p.name for p in out.iterdir()) == ["fixtures.json", "manifest.json", "results.json"]
    results = json.loads((out / "results.json").read_text())
    assert results["counts"]["quote_exists"] == 13 and len(results["cases"]) == 22
    assert set(results["cases"][0]) >= {"id", "expected", "actual", "citation_ok", "accepted"}
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["fixtures"]["frozen"] is True
    assert "groundlab/core/contract.py" in manifest["package"]
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    with pytest.raises(EvidenceExistsError):
        write_evidence(out)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before


def test_audit_passes_on_fresh_evidence_and_catches_tampering(tmp_path):
    out = tmp_path / "ev"
    write_evidence(out)
    report = audit_evidence(out)
    assert report.ok, report.problems
    assert report.counts == {
        "submitted": 22, "strict_json": 17, "quote_exists": 13, "full_contract": 3,
        "citation_false_accepts": 10, "disagreements": 0,
    }
    assert report.frozen == "config_contract.json"

    results = out / "results.json"
    data = json.loads(results.read_text())
    data["cases"][3]["actual"] = "ACCEPT"
    results.write_text(json.dumps(data, indent=2))
    problems = audit_evidence(out).problems
    assert "results.json does not match its sha256 in manifest.json (changed after the run)" in problems
    assert "case 'wrong-value-real-quote': outcome is 'ACCEPT' in results.json, expected 'VALUE_MISMATCH'" in problems


def test_audit_catches_an_edited_fixture_copy(tmp_path):
    out = tmp_path / "ev"
    write_evidence(out)
    copy = out / "fixtures.json"
    copy.write_text(copy.read_text().replace('"expected": "STALE_REVISION"', '"expected": "ACCEPT"'))
    problems = audit_evidence(out).problems
    assert "fixtures.json does not match its sha256 in manifest.json (changed after the run)" in problems
    assert any("case 'old-revision': label is 'STALE_REVISION'" in p for p in problems)


def test_run_on_a_copy_with_a_changed_label_reports_the_disagreement(tmp_path, capsys):
    copy = tmp_path / "mine.json"
    data = json.loads((fixtures_dir() / "config_contract.json").read_text())
    data["cases"][8]["raw"] = data["cases"][8]["raw"].replace("retry_enabled=false", "read_timeout_ms=5000", 1)
    copy.write_text(json.dumps(data))
    assert main(["run", "--fixtures", str(copy), "--out", str(tmp_path / "ev")]) == 1
    out = capsys.readouterr().out
    assert "DISAGREES quote-other-field: expected QUOTE_NOT_SUPPORTING, got ACCEPT" in out
    manifest = json.loads((tmp_path / "ev" / "manifest.json").read_text())
    assert manifest["fixtures"]["frozen"] is False


def test_cli_run_audit_and_refusal(tmp_path, capsys):
    out = tmp_path / "first"
    assert main(["run", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "strict JSON     17 / 22" in text and "quote exists    13 / 22" in text
    assert "full contract   3 / 22" in text and "citation-only false accepts: 10" in text
    assert main(["audit", str(out)]) == 0
    assert "audit passed" in capsys.readouterr().out
    assert (out / "audit.json").is_file()
    assert main(["audit", str(out)]) == 0
    assert (out / "audit-2.json").is_file()
    assert main(["run", "--out", str(out)]) == 2
    assert "already exists" in capsys.readouterr().err


def test_cli_verify_case_and_files(tmp_path, capsys):
    assert main(["verify", "--case", "wrong-value-real-quote"]) == 1
    text = capsys.readouterr().out
    assert text.startswith("status: VALUE_MISMATCH\n")
    assert "[FAIL] claim 0 value: FAILED: claimed '2000', but prod-v2 says read_timeout_ms=5000" in text
    assert main(["verify", "--case", "complete", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "ACCEPT" and data["accepted"] == {"read_timeout_ms": "5000", "retry_enabled": "false"}

    study = json.loads((fixtures_dir() / "config_contract.json").read_text())
    (tmp_path / "reg.json").write_text(json.dumps({"sources": study["sources"]}))
    (tmp_path / "req.json").write_text(json.dumps(study["cases"][0]["request"]))
    (tmp_path / "answer.json").write_text(study["cases"][0]["raw"])
    args = ["verify", "--registry", str(tmp_path / "reg.json"), "--request", str(tmp_path / "req.json")]
    assert main(args + [str(tmp_path / "answer.json")]) == 0
    assert "status: ACCEPT" in capsys.readouterr().out


@pytest.mark.parametrize(
    "args, message",
    [
        (["verify", "--case", "nope"], "no case 'nope' in config_contract.json; known ids: complete,"),
        (["verify", "--registry", "missing.json", "--request", "x", "a"], "missing.json: no such file"),
        (["verify"], "verify needs either --case ID, or --registry FILE --request FILE ANSWER_FILE"),
        (["run", "--fixtures", "missing.json", "--out", "OUT"], "missing.json: no such file"),
    ],
)
def test_cli_errors_are_clear_and_exit_2(args, message, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(args) == 2
    assert message in capsys.readouterr().err


def test_cli_bad_json_in_a_trusted_file(tmp_path, capsys):
    (tmp_path / "reg.json").write_text('{"sources": [}')
    (tmp_path / "req.json").write_text("{}")
    (tmp_path / "a.json").write_text("{}")
    code = main(["verify", "--registry", str(tmp_path / "reg.json"), "--request", str(tmp_path / "req.json"), str(tmp_path / "a.json")])
    assert code == 2
    assert "reg.json: not valid JSON: Expecting value at line 1, column 14" in capsys.readouterr().err


def test_trusted_loader_names_the_malformed_case(tmp_path):
    data = json.loads((fixtures_dir() / "config_contract.json").read_text())
    data["cases"][2]["expected"] = "MAYBE"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(TrustedInputError, match=r"cases\[2\]: expected 'MAYBE' is not a status"):
        load_case_set(path)


# ---------------------------------------------------------------- reported faults


def _evidence(tmp_path):
    out = tmp_path / "ev"
    write_evidence(out)
    return out


@pytest.mark.parametrize(
    "damage, problem",
    [
        (lambda ev: (ev / "results.json").write_text('{"cases": {"x": 1}, "counts": [1]}'), "unexpected shape"),
        (lambda ev: (ev / "results.json").write_text("[" * 100000), "results.json is not readable JSON (RecursionError)"),
        (lambda ev: ((ev / "results.json").unlink(), (ev / "results.json").mkdir()), "results.json cannot be read"),
        (lambda ev: (ev / "manifest.json").write_text('{"fixtures": "x"}'), "unexpected shape"),
        (lambda ev: (ev / "manifest.json").unlink(), "manifest.json is missing"),
        (lambda ev: (ev / "stray.txt").write_text("hi"), "stray.txt does not belong in an evidence folder"),
    ],
)
def test_audit_reports_damage_instead_of_crashing(tmp_path, damage, problem):
    evidence = _evidence(tmp_path)
    damage(evidence)
    report = audit_evidence(evidence)
    assert not report.ok
    assert any(problem in p for p in report.problems), report.problems


def test_audit_catches_forged_evidence_with_recomputed_hashes(tmp_path):
    evidence = _evidence(tmp_path)
    fixture = json.loads((evidence / "fixtures.json").read_text())
    results = json.loads((evidence / "results.json").read_text())
    fixture["cases"] = [c for c in fixture["cases"] if c["id"] != "wrong-value-real-quote"]
    results["cases"] = [r for r in results["cases"] if r["id"] != "wrong-value-real-quote"]
    results["counts"].update(submitted=21, citation_false_accepts=9, quote_exists=12, strict_json=16)
    (evidence / "fixtures.json").write_text(json.dumps(fixture))
    (evidence / "results.json").write_text(json.dumps(results))
    manifest = json.loads((evidence / "manifest.json").read_text())
    manifest["fixtures"]["sha256"] = digest(evidence / "fixtures.json")
    manifest["results"]["sha256"] = digest(evidence / "results.json")
    (evidence / "manifest.json").write_text(json.dumps(manifest))
    problems = audit_evidence(evidence).problems
    assert problems == ["fixtures.json is not the frozen config_contract.json (its sha256 differs from SHA256SUMS)"]


def test_audit_rechecks_the_accepted_map(tmp_path):
    evidence = _evidence(tmp_path)
    results = json.loads((evidence / "results.json").read_text())
    results["cases"][0]["accepted"]["read_timeout_ms"] = "1"
    (evidence / "results.json").write_text(json.dumps(results))
    problems = audit_evidence(evidence).problems
    assert "case 'complete': accepted map is {'read_timeout_ms': '1', 'retry_enabled': 'false'} in results.json, expected {'read_timeout_ms': '5000', 'retry_enabled': 'false'}" in problems


def test_audit_refuses_a_folder_that_is_not_evidence(tmp_path, capsys):
    assert main(["audit", str(tmp_path)]) == 2
    assert "is not an evidence folder (none of fixtures.json" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_cli_escapes_control_characters_and_surrogates_from_answers(tmp_path, capsys):
    study = json.loads((fixtures_dir() / "config_contract.json").read_text())
    (tmp_path / "reg.json").write_text(json.dumps({"sources": study["sources"]}))
    (tmp_path / "req.json").write_text(json.dumps(study["cases"][0]["request"]))
    args = ["verify", "--registry", str(tmp_path / "reg.json"), "--request", str(tmp_path / "req.json")]
    for raw in ('{"claims":[], "\\ud800": 1}', '{"claims":[],"\\u001b[2J\\u0007":1}', '{"claims":[{"field":"x\\u0000"}]}'):
        (tmp_path / "a.json").write_text(raw)
        for extra in ([], ["--json"]):
            assert main(args + extra + [str(tmp_path / "a.json")]) == 1
            out = capsys.readouterr().out
            assert "\x1b" not in out and "\x07" not in out and "\x00" not in out
            assert "\ud800" not in out


def test_cli_reads_a_bounded_answer(tmp_path, capsys):
    study = json.loads((fixtures_dir() / "config_contract.json").read_text())
    (tmp_path / "reg.json").write_text(json.dumps({"sources": study["sources"]}))
    (tmp_path / "req.json").write_text(json.dumps(study["cases"][0]["request"]))
    (tmp_path / "big.json").write_bytes(b"[" * 10_000_000)
    code = main(["verify", "--registry", str(tmp_path / "reg.json"), "--request", str(tmp_path / "req.json"), str(tmp_path / "big.json")])
    assert code == 1
    assert "parse error too_long: the answer is over 24576 bytes" in capsys.readouterr().out


@pytest.mark.parametrize("kind", ["dangling symlink", "file in the way"])
def test_cli_run_refuses_unusable_out_folders(tmp_path, capsys, kind):
    if kind == "dangling symlink":
        (tmp_path / "out").symlink_to(tmp_path / "nowhere")
        target = tmp_path / "out"
    else:
        (tmp_path / "file").write_text("x")
        target = tmp_path / "file" / "sub"
    assert main(["run", "--out", str(target)]) == 2
    assert "groundlab:" in capsys.readouterr().err
    assert not (tmp_path / "nowhere").exists()


def test_verify_case_hash_checks_frozen_fixtures(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "fixtures"
    shutil.copytree(fixtures_dir(), folder)
    path = folder / "config_contract.json"
    path.write_text(path.read_text().replace('"expected": "STALE_REVISION"', '"expected": "ACCEPT"'))
    import groundlab.cli

    monkeypatch.setattr(groundlab.cli, "fixtures_dir", lambda: folder)
    assert main(["verify", "--fixtures", str(path), "--case", "old-revision"]) == 2
    assert "config_contract.json: content differs from its frozen SHA-256" in capsys.readouterr().err


@pytest.mark.parametrize(
    "text, message",
    [
        ("[" * 100000 + "]" * 100000, "nested too deeply to read"),
        ('{"sources": [], "sources": []}', "the member name 'sources' appears twice in one object"),
        ('{"sources": NaN}', "NaN is not a JSON value"),
    ],
)
def test_trusted_files_are_read_strictly(tmp_path, text, message):
    from groundlab.core.registry import load_registry

    (tmp_path / "reg.json").write_text(text)
    with pytest.raises(TrustedInputError, match=message):
        load_registry(tmp_path / "reg.json")


def test_wrong_trusted_objects_are_refused_clearly():
    from groundlab import Request, verify_answer

    with pytest.raises(TypeError, match="Request.fields must be a list of str, not dict"):
        Request("payments", "prod", "v2", {"read_timeout_ms": 1}, ["prod-v2"])  # type: ignore[arg-type]
    study = load_case_set()
    with pytest.raises(TypeError, match="expected a Request, not dict"):
        verify_answer("{}", {"service": "payments"}, study.sources)  # type: ignore[arg-type]


def test_audit_names_a_non_frozen_run_and_checks_every_row_field(tmp_path, capsys):
    evidence = _evidence(tmp_path)
    fixture = json.loads((evidence / "fixtures.json").read_text())
    results = json.loads((evidence / "results.json").read_text())
    fixture["cases"][3]["expected"] = "ACCEPT"  # relabel wrong-value-real-quote
    results["cases"][3].update(expected="ACCEPT", actual="ACCEPT", accepted={"read_timeout_ms": "2000", "retry_enabled": "false"})
    results["cases"][4]["agrees"] = False
    results["counts"].update(full_contract=4, citation_false_accepts=9, disagreements=7)
    (evidence / "fixtures.json").write_text(json.dumps(fixture))
    (evidence / "results.json").write_text(json.dumps(results))
    manifest = json.loads((evidence / "manifest.json").read_text())
    manifest["fixtures"].update(frozen=False, sha256=digest(evidence / "fixtures.json"))
    manifest["results"]["sha256"] = digest(evidence / "results.json")
    (evidence / "manifest.json").write_text(json.dumps(manifest))
    (evidence / "audit_notes.json").write_text("{}")
    report = audit_evidence(evidence)
    assert report.frozen is None
    assert "audit_notes.json does not belong in an evidence folder" in report.problems
    assert any("case 'value-with-unit': agrees is False" in p for p in report.problems)
    assert "counts.disagreements is 7 in results.json; the audit counts 1" in report.problems
    assert main(["audit", str(evidence)]) == 1
    assert "fixtures: NOT a frozen fixture file" in capsys.readouterr().out


def test_trusted_files_with_huge_integers_are_refused_clearly(tmp_path, capsys):
    study = json.loads((fixtures_dir() / "config_contract.json").read_text())
    (tmp_path / "reg.json").write_text(json.dumps({"sources": study["sources"]}))
    (tmp_path / "req.json").write_text('{"n": ' + "1" * 5000 + "}")
    (tmp_path / "a.json").write_text("{}")
    code = main(["verify", "--registry", str(tmp_path / "reg.json"), "--request", str(tmp_path / "req.json"), str(tmp_path / "a.json")])
    assert code == 2
    assert "req.json: not readable JSON: Exceeds the limit (4300 digits)" in capsys.readouterr().err
    evidence = _evidence(tmp_path)
    (evidence / "results.json").write_text('{"n": ' + "1" * 5000 + "}")
    assert "results.json is not readable JSON (ValueError)" in audit_evidence(evidence).problems


def test_cli_keeps_its_exit_code_when_the_reader_closes_the_pipe(monkeypatch):
    import groundlab.cli as cli

    printed = []

    def closing_print(*args, **kwargs):
        if printed:
            raise BrokenPipeError(32, "Broken pipe")
        printed.append(args)

    monkeypatch.setattr(cli, "print", closing_print, raising=False)
    monkeypatch.setattr(cli, "_closed", False)
    assert main(["verify", "--case", "complete"]) == 0  # accepted, though only one line got out
    monkeypatch.setattr(cli, "_closed", False)
    printed.clear()
    assert main(["verify", "--case", "missing-field"]) == 1
