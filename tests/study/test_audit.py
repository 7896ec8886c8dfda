"""The independent audit: clean evidence passes; tampering, forgery and damage are named."""

import json
import os

import pytest

import groundlab.study.audit as audit
from groundlab import fixtures_dir
from groundlab.core.trusted import package_digests
from groundlab.study.atomic import TEMP_PREFIX
from groundlab.study.audit import NotEvidenceError, audit_evidence
from groundlab.study.reports import save_report
from groundlab.study.run import write_evidence


def test_audit_passes_on_fresh_evidence_and_catches_tampering(evidence, read_json):
    report = audit_evidence(evidence)
    assert report.ok, report.problems
    assert report.counts == {
        "submitted": 22, "strict_json": 17, "citation_only": 13, "full_contract": 3,
        "citation_false_accepts": 10, "disagreements": 0,
    }
    assert report.frozen == "config_contract.json"

    results = read_json(evidence / "results.json")
    results["cases"][3]["actual"] = "ACCEPT"
    (evidence / "results.json").write_text(json.dumps(results, indent=2))
    assert audit_evidence(evidence).problems == [
        "results.json does not match its sha256 in manifest.json (changed after the run)",
        "case 'wrong-value-real-quote': agrees is True in results.json, expected False",
        "case 'wrong-value-real-quote': outcome is 'ACCEPT' in results.json, expected 'VALUE_MISMATCH'",
    ]


def test_audit_catches_an_edited_fixture_copy(evidence):
    copy = evidence / "fixtures.json"
    copy.write_text(copy.read_text().replace('"expected": "STALE_REVISION"', '"expected": "ACCEPT"'))
    problems = audit_evidence(evidence).problems
    assert "fixtures.json does not match its sha256 in manifest.json (changed after the run)" in problems
    assert any("case 'old-revision': label is 'STALE_REVISION'" in p for p in problems)


def test_audit_checks_the_same_package_files_the_run_recorded(evidence, monkeypatch):
    current = package_digests()
    changed = dict(current, **{"groundlab/study/audit.py": "0" * 64, "groundlab/workbook/extra.py": "1" * 64})
    del changed["groundlab/core/contract.py"]
    monkeypatch.setattr(audit, "package_digests", lambda: changed)
    problems = audit_evidence(evidence).problems
    assert problems == [
        "groundlab/core/contract.py was recorded but is not in the installed package",
        "groundlab/study/audit.py differs from the source that produced this evidence",
        "groundlab/workbook/extra.py is in the package but was not recorded by the run",
    ]


def test_audit_counts_one_check_per_recorded_package_file(evidence):
    report = audit_evidence(evidence)
    assert report.checked == 5 + len(package_digests()) + 22 * 10 + 6  # 2 hashes, frozen, 2 member sets


def test_audit_catches_forged_evidence_with_recomputed_hashes(evidence, read_json, forge):
    fixture = read_json(evidence / "fixtures.json")
    results = read_json(evidence / "results.json")
    fixture["cases"] = [c for c in fixture["cases"] if c["id"] != "wrong-value-real-quote"]
    results["cases"] = [r for r in results["cases"] if r["id"] != "wrong-value-real-quote"]
    results["counts"].update(submitted=21, citation_false_accepts=9, citation_only=12, strict_json=16)
    forge(evidence, fixture, results)
    problems = audit_evidence(evidence).problems
    assert problems == ["fixtures.json is not the frozen config_contract.json (its sha256 differs from SHA256SUMS)"]


def test_audit_rechecks_the_accepted_map(evidence, read_json):
    results = read_json(evidence / "results.json")
    results["cases"][0]["accepted"]["read_timeout_ms"] = "1"
    (evidence / "results.json").write_text(json.dumps(results))
    problems = audit_evidence(evidence).problems
    assert "case 'complete': accepted map is {'read_timeout_ms': '1', 'retry_enabled': 'false'} in results.json, expected {'read_timeout_ms': '5000', 'retry_enabled': 'false'}" in problems


def test_audit_recomputes_the_strict_json_and_citation_only_decisions(evidence, read_json, forge):
    # A forger who flips a row's decisions and recomputes the hashes: the audit's own parse and
    # its own citation-only check disagree with the row, and say so (the counts are its own too).
    results = read_json(evidence / "results.json")
    rows = {row["id"]: row for row in results["cases"]}
    rows["wrong-value-real-quote"]["citation_only_ok"] = False  # a real quote, said to be refused
    rows["paraphrased-quote"]["citation_only_ok"] = True  # a paraphrase, said to be cited
    rows["no-claims"]["strict_json_ok"] = False  # valid claims JSON, said not to parse
    rows["trailing-text"]["strict_json_ok"] = True  # trailing text, said to parse
    forge(evidence, results=results)
    assert audit_evidence(evidence).problems == [
        "case 'wrong-value-real-quote': citation-only decision is False in results.json, expected True",
        "case 'paraphrased-quote': citation-only decision is True in results.json, expected False",
        "case 'no-claims': strict JSON decision is False in results.json, expected True",
        "case 'trailing-text': strict JSON decision is True in results.json, expected False",
    ]


def test_audit_names_a_non_frozen_run_and_checks_every_row_field(evidence, read_json, forge):
    fixture = read_json(evidence / "fixtures.json")
    results = read_json(evidence / "results.json")
    fixture["cases"][3]["expected"] = "ACCEPT"  # relabel wrong-value-real-quote
    results["cases"][3].update(expected="ACCEPT", actual="ACCEPT", accepted={"read_timeout_ms": "2000", "retry_enabled": "false"})
    results["cases"][4]["agrees"] = False
    results["counts"].update(full_contract=4, citation_false_accepts=9, disagreements=7)
    forge(evidence, fixture, results, frozen=False)
    (evidence / "audit_notes.json").write_text("{}")
    report = audit_evidence(evidence)
    assert report.frozen is None
    assert "audit_notes.json does not belong in an evidence folder" in report.problems
    assert any("case 'value-with-unit': agrees is False" in p for p in report.problems)
    assert "counts.disagreements is 7 in results.json; the audit counts 1" in report.problems


def test_a_code_less_label_is_checked_against_the_audits_own_parse(tmp_path, article_file, read_json, forge):
    folder = tmp_path / "ev"
    write_evidence(folder, article_file)
    assert audit_evidence(folder).ok
    results = read_json(folder / "results.json")
    results["cases"][4]["code"] = "too_deep"  # markdown-fence: no code in the label
    forge(folder, results=results)
    assert audit_evidence(folder).problems == [
        "case 'markdown-fence': parse code is 'too_deep' in results.json, expected 'not_json'"
    ]


@pytest.mark.parametrize(
    "damage, problem",
    [
        (lambda ev: (ev / "results.json").write_text('{"cases": {"x": 1}, "counts": [1]}'), "unexpected shape"),
        (lambda ev: (ev / "results.json").write_text("[" * 100000), "results.json: not valid JSON: arrays and objects are nested more than 64 levels deep at line 1, column 65"),
        (lambda ev: ((ev / "results.json").unlink(), (ev / "results.json").mkdir()), "results.json: is a directory, not a regular file"),
        (lambda ev: (ev / "results.json").write_text('{"n": ' + "1" * 5000 + "}"), "results.json: not valid JSON: the number 1111"),
        (lambda ev: ((ev / "results.json").unlink(), os.mkfifo(ev / "results.json")), "results.json: is a named pipe (FIFO), not a regular file"),
        (lambda ev: (ev / "manifest.json").write_text('{"fixtures": "x"}'), "unexpected shape"),
        (lambda ev: (ev / "manifest.json").unlink(), "manifest.json is missing"),
        (lambda ev: (ev / "stray.txt").write_text("hi"), "stray.txt does not belong in an evidence folder"),
    ],
)
def test_audit_reports_damage_instead_of_crashing(evidence, damage, problem):
    damage(evidence)
    report = audit_evidence(evidence)
    assert not report.ok
    assert any(problem in p for p in report.problems), report.problems


def test_an_unreadable_evidence_file_is_a_problem_not_a_crash(evidence, deny):
    deny(evidence / "results.json")
    report = audit_evidence(evidence)
    assert report.problems[0] == "results.json: cannot be read (Permission denied)"
    assert "results.json does not match" not in " ".join(report.problems)


def test_an_unlistable_folder_and_unreadable_package_sources_are_problems(evidence, monkeypatch):
    def denied(*args):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(audit.os, "listdir", denied)
    monkeypatch.setattr(audit, "package_digests", denied)
    report = audit_evidence(evidence)
    monkeypatch.undo()
    assert report.problems == [
        "the evidence folder cannot be listed (Permission denied)",
        "the package sources cannot be read to compare them (Permission denied)",
    ]


def test_a_folder_named_like_an_unfinished_run_is_refused(evidence, tmp_path):
    stale = tmp_path / f"{TEMP_PREFIX}killed"
    evidence.rename(stale)
    with pytest.raises(NotEvidenceError) as info:
        audit_evidence(stale)
    assert info.value.code == "temporary"
    assert str(info.value) == (
        f"{stale} is not an evidence folder: its name starts with '.groundlab-run-', so it is the temporary "
        "folder of a run that was stopped before it completed. Delete it, and run again."
    )
    assert isinstance(info.value, FileNotFoundError)


@pytest.mark.parametrize(
    "make, code",
    [
        (lambda tmp: tmp / "nowhere", "no_folder"),
        (lambda tmp: (tmp / "file").write_text("x") and tmp / "file", "not_a_folder"),
        (lambda tmp: tmp, "no_evidence"),
    ],
)
def test_what_is_not_an_evidence_folder_is_refused_with_a_code(tmp_path, make, code):
    with pytest.raises(NotEvidenceError) as info:
        audit_evidence(make(tmp_path))
    assert info.value.code == code


def test_a_copy_named_after_a_frozen_file_must_hold_its_bytes(tmp_path, study_json):
    copy = tmp_path / "mine" / "config_contract.json"
    copy.parent.mkdir()
    study_json["cases"][0]["description"] = "edited, labels untouched"
    copy.write_text(json.dumps(study_json), encoding="utf-8")
    write_evidence(tmp_path / "ev", copy)
    report = audit_evidence(tmp_path / "ev")
    assert report.frozen is None
    assert report.problems == [
        "the evidence names the frozen fixture file config_contract.json, but fixtures.json holds other bytes "
        "(its sha256 differs from SHA256SUMS); run an edited copy under a name of its own"
    ]


def test_a_byte_copy_of_a_frozen_file_elsewhere_passes_as_that_file(tmp_path):
    copy = tmp_path / "config_contract.json"
    copy.write_bytes((fixtures_dir() / "config_contract.json").read_bytes())
    write_evidence(tmp_path / "ev", copy)
    report = audit_evidence(tmp_path / "ev")
    assert (report.ok, report.frozen) == (True, "config_contract.json")


def _report(folder, **changes):
    data = dict(audit_evidence(folder).to_json(), **changes)
    (folder / "audit.json").write_text(json.dumps(data))


def test_an_earlier_report_that_agrees_is_fine_and_is_counted(evidence):
    first = audit_evidence(evidence)
    _report(evidence)
    again = audit_evidence(evidence)
    assert (again.ok, again.checked) == (True, first.checked + 1)


@pytest.mark.parametrize(
    "plant, problem",
    [
        (lambda ev: (ev / "audit.json").write_text('{"ok": true}'), "audit.json was not written by groundlab audit (not the members of an audit report)"),
        (lambda ev: (ev / "audit.json").write_text("ok"), "audit.json was not written by groundlab audit (not valid JSON: expected a JSON value, found 'o' at line 1, column 1)"),
        (lambda ev: _report(ev, ok=False), "audit.json was not written by groundlab audit (ok does not match its problems)"),
        (lambda ev: _report(ev, checked="many"), "audit.json was not written by groundlab audit (checked of the wrong type)"),
        (lambda ev: os.mkfifo(ev / "audit.json"), "audit.json was not written by groundlab audit (is a named pipe (FIFO), not a regular file)"),
        (lambda ev: _report(ev, frozen=None), "audit.json is an earlier report that disagrees with what the audit finds now (its frozen differ); it says passed"),
    ],
)
def test_an_earlier_report_the_audit_did_not_write_is_a_problem(evidence, plant, problem):
    plant(evidence)
    report = audit_evidence(evidence)
    assert (report.problems, report.earlier_reports) == ([problem], [problem])


def test_a_planted_clean_report_on_tampered_evidence_is_named(evidence, read_json):
    _report(evidence)  # says: passed
    results = read_json(evidence / "results.json")
    results["counts"]["full_contract"] = 4
    (evidence / "results.json").write_text(json.dumps(results))
    report = audit_evidence(evidence)
    assert report.problems[-1] == (
        "audit.json is an earlier report that disagrees with what the audit finds now (its problems differ); it says passed"
    )
    assert report.earlier_reports == report.problems[-1:]
    # the failed report, saved (as `groundlab audit` saves it), agrees with the next audit; only the planted one is named again
    save_report(audit_evidence(evidence), evidence)
    assert audit_evidence(evidence).earlier_reports == [report.problems[-1]]
