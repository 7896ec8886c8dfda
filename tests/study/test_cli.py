"""The command line: run, audit and verify, their output, exit codes and refusals."""

import json

import pytest

import groundlab.cli as cli
import groundlab.study.cases
from groundlab import fixtures_dir, verify_answer
from groundlab.cli import main
from groundlab.core.trusted import package_digests


def test_cli_runs_and_audits_the_articles_own_case_shape(tmp_path, capsys, article_file):
    out = tmp_path / "article"
    assert main(["run", "--fixtures", str(article_file), "--out", str(out)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"evidence written to {out}",
        "submitted       6",
        "strict JSON     4 / 6",
        "quote exists    3 / 6",
        "full contract   1 / 6",
        "citation-only false accepts: 2",
        "labels agreed: 6 / 6",
    ]
    assert main(["audit", str(out)]) == 0
    checks = 2 + len(package_digests()) + 6 * 10 + 6
    assert capsys.readouterr().out.splitlines() == [
        "submitted       6",
        "strict JSON     4 / 6",
        "quote exists    3 / 6",
        "full contract   1 / 6",
        "citation-only false accepts: 2",
        "fixtures: NOT a frozen fixture file (a copy or an edited file): these counts are not the study's",
        f"audit passed: {checks} checks, 0 problem(s); report in {out / 'audit.json'}",
    ]


def test_cli_run_audit_and_refusal(tmp_path, capsys):
    out = tmp_path / "first"
    assert main(["run", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "strict JSON     17 / 22" in text and "quote exists    13 / 22" in text
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
    assert list(data) == ["status", "ok", "citation_ok", "accepted", "error", "claims", "trace", "hints"]
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
    assert "reg.json: not valid JSON: Expecting value at line 1, column 14" in capsys.readouterr().err


def test_trusted_files_with_huge_integers_are_refused_clearly(tmp_path, capsys, verify_files):
    (tmp_path / "req.json").write_text('{"n": ' + "1" * 5000 + "}")
    (tmp_path / "a.json").write_text("{}")
    assert main(verify_files + [str(tmp_path / "a.json")]) == 2
    assert "req.json: not readable JSON: Exceeds the limit (4300 digits)" in capsys.readouterr().err


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
