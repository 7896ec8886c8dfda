"""The command line: run, audit and verify, their output, exit codes and refusals."""

import json
import os

import pytest

import groundlab.cli as cli
import groundlab.study.cases
from groundlab import fixtures_dir, load_registry, load_request, verify_answer
from groundlab.cli import main
from groundlab.core.trusted import package_digests, package_dir


def test_cli_runs_and_audits_the_articles_own_case_shape(tmp_path, capsys, article_file):
    out = tmp_path / "article"
    assert main(["run", "--fixtures", str(article_file), "--out", str(out)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"evidence written to {out}",
        "submitted       6",
        "strict JSON     4 / 6",
        "citation-only   3 / 6",
        "full contract   1 / 6",
        "citation-only false accepts: 2",
        "labels agreed: 6 / 6",
    ]
    assert main(["audit", str(out)]) == 0
    checks = 4 + len(package_digests()) + 6 * 10 + 6  # 2 hashes, 2 member sets
    assert capsys.readouterr().out.splitlines() == [
        "submitted       6",
        "strict JSON     4 / 6",
        "citation-only   3 / 6",
        "full contract   1 / 6",
        "citation-only false accepts: 2",
        "fixtures: NOT a frozen fixture file (a copy or an edited file): these counts are not the study's",
        f"audit passed: {checks} checks, 0 problem(s); report in {out / 'audit.json'}",
    ]


def test_cli_run_audit_and_refusal(tmp_path, capsys):
    out = tmp_path / "first"
    assert main(["run", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "strict JSON     17 / 22" in text and "citation-only   13 / 22" in text
    assert "full contract   3 / 22" in text and "citation-only false accepts: 10" in text
    assert main(["audit", str(out)]) == 0
    text = capsys.readouterr().out
    assert "fixtures: the frozen config_contract.json (SHA256SUMS)" in text and "audit passed" in text
    assert (out / "audit.json").is_file()
    assert main(["audit", str(out)]) == 0
    assert (out / "audit-2.json").is_file()
    assert main(["run", "--out", str(out)]) == 2
    assert "already exists" in capsys.readouterr().err


def test_run_on_a_copy_with_a_changed_answer_reports_the_disagreement(tmp_path, capsys, study_json, read_json):
    copy = tmp_path / "mine.json"
    study_json["cases"][8]["raw"] = study_json["cases"][8]["raw"].replace("retry_enabled=false", "read_timeout_ms=5000", 1)
    copy.write_text(json.dumps(study_json))
    assert main(["run", "--fixtures", str(copy), "--out", str(tmp_path / "ev")]) == 1
    out = capsys.readouterr().out
    assert "DISAGREES quote-other-field: expected QUOTE_NOT_SUPPORTING, got ACCEPT" in out
    assert "labels agreed: 21 / 22" in out
    assert read_json(tmp_path / "ev" / "manifest.json")["fixtures"]["frozen"] is False


def test_audit_of_a_non_frozen_run_says_so_and_exits_1(evidence, capsys):
    (evidence / "stray.txt").write_text("hi")
    assert main(["audit", str(evidence)]) == 1
    out = capsys.readouterr().out
    assert "PROBLEM stray.txt does not belong in an evidence folder" in out
    assert "audit FAILED: " in out and "1 problem(s)" in out


def test_cli_verify_case_and_files(tmp_path, capsys, study_json, verify_files):
    assert main(["verify", "--case", "wrong-value-real-quote"]) == 1
    text = capsys.readouterr().out
    assert text.startswith("status: VALUE_MISMATCH\n")
    assert "[FAIL] claim 0 value: FAILED: claimed '2000', but prod-v2 says read_timeout_ms=5000" in text
    (tmp_path / "answer.json").write_text(study_json["cases"][0]["raw"])
    assert main(verify_files + [str(tmp_path / "answer.json")]) == 0
    assert "status: ACCEPT" in capsys.readouterr().out


@pytest.mark.parametrize("case_id", ["complete", "markdown-fence", "wrong-value-real-quote"])
def test_verify_json_is_the_verdicts_own_dict_plus_hints(capsys, study, case_id):
    assert main(["verify", "--case", case_id, "--json"]) == (0 if case_id == "complete" else 1)
    data = json.loads(capsys.readouterr().out)
    assert list(data) == ["status", "ok", "citation_only_ok", "accepted", "error", "claims", "trace", "hints"]
    case = study[case_id]
    hints = data.pop("hints")
    assert data == verify_answer(case.raw, case.request, study.sources).to_dict()
    assert all(list(hint) == ["kind", "message", "claim", "check"] for hint in hints)


@pytest.mark.parametrize(
    "args, message",
    [
        (["verify", "--case", "nope"], "no case 'nope' in config_contract.json; known ids: complete,"),
        (["verify", "--registry", "missing.json", "--request", "x", "a"], "missing.json: no such file"),
        (["verify"], "verify needs either --case ID, or --registry FILE --request FILE ANSWER_FILE"),
        (["verify", "--registry", "r.json", "a"], "verify with files needs all of --registry FILE, --request FILE and ANSWER_FILE"),
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
    assert capsys.readouterr().err == (
        f"groundlab: {tmp_path / 'reg.json'}: not valid JSON: expected a JSON value, found '}}' at line 1, column 14\n"
    )


def test_trusted_files_with_huge_integers_are_refused_clearly(tmp_path, capsys, verify_files):
    (tmp_path / "req.json").write_text('{"n": ' + "1" * 5000 + "}")
    (tmp_path / "a.json").write_text("{}")
    assert main(verify_files + [str(tmp_path / "a.json")]) == 2
    assert capsys.readouterr().err == (
        f"groundlab: {tmp_path / 'req.json'}: not valid JSON: the number {'1' * 39}… is too large for a "
        "double-precision float (I-JSON) at line 1, column 7\n"
    )


def test_audit_refuses_a_folder_that_is_not_evidence(tmp_path, capsys):
    assert main(["audit", str(tmp_path)]) == 2
    assert "is not an evidence folder (none of fixtures.json" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_cli_escapes_control_characters_and_surrogates_from_answers(tmp_path, capsys, verify_files):
    for raw in ('{"claims":[], "\\ud800": 1}', '{"claims":[],"\\u001b[2J\\u0007":1}', '{"claims":[{"field":"x\\u0000"}]}'):
        (tmp_path / "a.json").write_text(raw)
        for extra in ([], ["--json"]):
            assert main(verify_files + extra + [str(tmp_path / "a.json")]) == 1
            out = capsys.readouterr().out
            assert "\x1b" not in out and "\x07" not in out and "\x00" not in out
            assert "\ud800" not in out


def test_cli_reads_a_bounded_answer(tmp_path, capsys, verify_files):
    (tmp_path / "big.json").write_bytes(b"[" * 10_000_000)
    assert main(verify_files + [str(tmp_path / "big.json")]) == 1
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
    folder.mkdir()
    for name in ("config_contract.json", "SHA256SUMS"):
        (folder / name).write_bytes((fixtures_dir() / name).read_bytes())
    path = folder / "config_contract.json"
    path.write_text(path.read_text().replace('"expected": "STALE_REVISION"', '"expected": "ACCEPT"'))
    monkeypatch.setattr(groundlab.study.cases, "fixtures_dir", lambda: folder)
    assert main(["verify", "--fixtures", str(path), "--case", "old-revision"]) == 2
    assert "config_contract.json: content differs from its frozen SHA-256" in capsys.readouterr().err


def test_cli_keeps_its_exit_code_when_the_reader_closes_the_pipe(monkeypatch):
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


def test_audit_of_a_read_only_folder_prints_its_findings_and_exits_2(evidence, capsys, deny):
    deny(create_in=evidence)
    assert main(["audit", str(evidence)]) == 2
    captured = capsys.readouterr()
    assert captured.out.splitlines()[-1] == f"audit passed: {5 + len(package_digests()) + 22 * 10 + 6} checks, 0 problem(s); the report was not saved"
    assert captured.err == f"groundlab: cannot save the audit report in {evidence}: Permission denied\n"
    assert sorted(p.name for p in evidence.iterdir()) == ["fixtures.json", "manifest.json", "results.json"]


def test_audit_of_an_unreadable_file_reports_a_problem(evidence, capsys, deny):
    deny(evidence / "fixtures.json")
    assert main(["audit", str(evidence)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert "PROBLEM fixtures.json: cannot be read (Permission denied)" in out
    assert out[-1].startswith("audit FAILED: ")


def test_audit_refuses_an_unfinished_runs_folder_and_writes_nothing_there(evidence, tmp_path, capsys):
    stale = tmp_path / ".groundlab-run-x1y2"
    evidence.rename(stale)
    assert main(["audit", str(stale)]) == 2
    assert capsys.readouterr().err.startswith(f"groundlab: {stale} is not an evidence folder: its name starts with '.groundlab-run-'")
    assert sorted(p.name for p in stale.iterdir()) == ["fixtures.json", "manifest.json", "results.json"]


@pytest.mark.parametrize(
    "out, message",
    [
        (lambda: fixtures_dir() / "ev", "is inside the frozen fixtures folder {fixtures}; the frozen files stay as committed. Choose an --out folder elsewhere."),
        (lambda: package_dir() / "ev", "is inside the groundlab package {package}, whose files the manifest hashes. Choose an --out folder elsewhere."),
    ],
)
def test_run_refuses_an_out_folder_inside_the_fixtures_or_the_package(capsys, out, message):
    target = out()
    assert main(["run", "--out", str(target)]) == 2
    text = message.format(fixtures=fixtures_dir(), package=package_dir())
    assert capsys.readouterr().err == f"groundlab: {target} {text}\n"
    assert not target.exists()


def test_trusted_files_that_are_not_regular_files_exit_2(tmp_path, capsys, verify_files):
    os.mkfifo(tmp_path / "fifo.json")
    (tmp_path / "a.json").write_text("{}")
    args = ["verify", "--registry", str(tmp_path / "fifo.json"), "--request", verify_files[4], str(tmp_path / "a.json")]
    assert main(args) == 2
    assert capsys.readouterr().err == f"groundlab: {tmp_path / 'fifo.json'}: is a named pipe (FIFO), not a regular file\n"
    assert main(["run", "--fixtures", "/dev/zero", "--out", str(tmp_path / "ev")]) == 2
    assert capsys.readouterr().err == "groundlab: /dev/zero: is a character device, not a regular file\n"
    assert not (tmp_path / "ev").exists()


def _help(*command):
    with pytest.raises(SystemExit) as info:
        main([*command, "--help"])
    assert info.value.code == 0
    return command


def _example(text, kind):
    lines = text.splitlines()
    return json.loads(lines[lines.index(f"  {kind}:") + 1])


def test_the_help_shows_minimal_files_that_load_and_verify(tmp_path, capsys):
    _help("verify")
    text = capsys.readouterr().out
    for kind in ("registry file", "request file", "answer file"):
        (tmp_path / kind.replace(" ", "_")).write_text(json.dumps(_example(text, kind)))
    registry = load_registry(tmp_path / "registry_file")
    request = load_request(tmp_path / "request_file")
    verdict = verify_answer((tmp_path / "answer_file").read_text(), request, registry)
    assert (verdict.status, dict(verdict.accepted)) == ("ACCEPT", {"read_timeout_ms": "5000"})
    assert _example(text, "registry file") == {"sources": [{
        "id": "prod-v2", "service": "payments", "environment": "prod", "revision": "v2",
        "facts": {"read_timeout_ms": "5000"}, "text": "read_timeout_ms=5000",
    }]}
    assert _example(text, "request file") == {
        "service": "payments", "environment": "prod", "revision": "v2", "fields": ["read_timeout_ms"], "supplied": ["prod-v2"],
    }
    files = [str(tmp_path / n) for n in ("registry_file", "request_file", "answer_file")]
    assert main(["verify", "--registry", files[0], "--request", files[1], files[2]]) == 0
    assert capsys.readouterr().out.startswith("status: ACCEPT\n")


def test_the_run_help_shows_a_fixture_file_that_runs(tmp_path, capsys):
    _help("run")
    text = capsys.readouterr().out
    assert _example(text, "registry file") == {"sources": _example(text, "fixture file")["sources"]}
    assert _example(text, "fixture file")["cases"][0]["request"] == _example(text, "request file")
    (tmp_path / "fixture.json").write_text(json.dumps(_example(text, "fixture file")))
    assert main(["run", "--fixtures", str(tmp_path / "fixture.json"), "--out", str(tmp_path / "ev")]) == 0
    assert "labels agreed: 1 / 1" in capsys.readouterr().out


def test_verify_refuses_an_answer_file_that_is_a_fifo(tmp_path, capsys):
    import os

    from groundlab.cli import main

    registry, request, fifo = tmp_path / "reg.json", tmp_path / "req.json", tmp_path / "answer.json"
    registry.write_text('{"sources": [{"id": "p", "service": "a", "environment": "b", "revision": "c", '
                        '"facts": {"x": "1"}, "text": "x=1"}]}', encoding="utf-8")
    request.write_text('{"service": "a", "environment": "b", "revision": "c", "fields": ["x"], "supplied": ["p"]}', encoding="utf-8")
    os.mkfifo(fifo)
    assert main(["verify", "--registry", str(registry), "--request", str(request), str(fifo)]) == 2
    assert "is a named pipe (FIFO), not a regular file" in capsys.readouterr().err


def test_an_audit_report_is_linked_into_place_whole(tmp_path):
    from groundlab import audit_evidence, write_evidence
    from groundlab.study.reports import save_report

    folder = tmp_path / "evidence"
    write_evidence(folder)
    first = save_report(audit_evidence(folder), folder)
    second = save_report(audit_evidence(folder), folder)
    assert (first.name, second.name) == ("audit.json", "audit-2.json")
    assert sorted(p.name for p in folder.iterdir() if p.name.startswith(".")) == []
