"""The audit, round 3: reports never written through links or left half-saved; forged members, types,
commits and versions named; symlinked evidence refused; a fixture judged by its real file; zero cases refused."""

import errno
import json
import os
import signal

import pytest

from groundlab import fixtures_dir
from groundlab.cli import main
from groundlab.core.trusted import TrustedInputError
from groundlab.study.audit import audit_evidence
from groundlab.study.cases import load_case_set
from groundlab.study.reports import save_report
from groundlab.study.run import write_evidence
from groundlab.study.signals import RunInterrupted


def _edit(folder, name, change, forge):
    """Apply ``change`` to the decoded ``name`` and re-record the hashes, as a careful forger would."""
    data = json.loads((folder / name).read_text(encoding="utf-8"))
    change(data)
    if name == "results.json":
        forge(folder, results=data)
    else:
        (folder / name).write_text(json.dumps(data), encoding="utf-8")
        forge(folder)


def _nothing_hidden(folder):
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


# --- the report is saved through no link, and never half ---------------------------------------

def test_a_planted_symlink_at_the_temporary_name_is_not_written_through(evidence, tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("untouched")
    (evidence / f".audit.json.{os.getpid()}.tmp").symlink_to(victim)
    path = save_report(audit_evidence(evidence), evidence)
    assert victim.read_text() == "untouched"
    assert path == evidence / "audit.json" and json.loads(path.read_text())["problems"] == []
    assert (evidence / f".audit.json.{os.getpid()}.tmp").is_symlink()  # never read, never followed


def test_the_report_temporary_file_is_opened_exclusively_without_following_links(evidence, monkeypatch):
    seen = []
    real_open = os.open

    def spy(path, flags, *args, **kwargs):
        if os.path.basename(os.fspath(path)).startswith(".audit"):
            seen.append(flags)
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", spy)
    save_report(audit_evidence(evidence), evidence)
    monkeypatch.undo()
    assert len(seen) == 1
    assert seen[0] & os.O_CREAT and seen[0] & os.O_EXCL and seen[0] & os.O_NOFOLLOW


@pytest.mark.parametrize(
    "failure",
    [OSError(errno.ENOSPC, "No space left on device"), OSError(errno.EFBIG, "File too large"), "SIGTERM"],
    ids=["full-disk", "file-size-limit", "sigterm"],
)
def test_a_failed_report_save_leaves_no_temporary_file_and_later_audits_pass(evidence, monkeypatch, failure):
    real_write = os.write

    def failing(fd, data):
        if failure == "SIGTERM":
            signal.raise_signal(signal.SIGTERM)
            return real_write(fd, data)
        raise failure

    report = audit_evidence(evidence)
    monkeypatch.setattr(os, "write", failing)
    with pytest.raises(RunInterrupted if failure == "SIGTERM" else OSError):
        save_report(report, evidence)
    monkeypatch.undo()
    assert sorted(p.name for p in evidence.iterdir()) == ["fixtures.json", "manifest.json", "results.json"]
    assert audit_evidence(evidence).ok


def test_a_leftover_temporary_report_does_not_fail_an_intact_folder(evidence):
    (evidence / ".audit.json.4242.tmp").write_text('{"ok": tr')  # SIGKILL mid-save, before this fix's names
    (evidence / ".audit-2.json.4242.0a1b2c3d.tmp").write_text("")
    report = audit_evidence(evidence)
    assert (report.ok, report.problems) == (True, [])


def test_sigterm_while_the_cli_saves_a_report_exits_143_and_leaves_nothing(evidence, monkeypatch, capsys):
    real_write = os.write

    def interrupted(fd, data):
        signal.raise_signal(signal.SIGTERM)
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", interrupted)
    code = main(["audit", str(evidence)])
    monkeypatch.undo()
    assert code == 128 + signal.SIGTERM
    assert "interrupted by SIGTERM; the report was not saved" in capsys.readouterr().err
    assert sorted(p.name for p in evidence.iterdir()) == ["fixtures.json", "manifest.json", "results.json"]


def _in_a_git_checkout() -> bool:
    """Whether the package sits in a git checkout (a clone does; the mutation check's copy does not)."""
    import subprocess

    from groundlab.core.trusted import package_dir

    done = subprocess.run(["git", "-C", str(package_dir()), "rev-parse", "--git-dir"], capture_output=True)
    return done.returncode == 0


NEEDS_GIT = pytest.mark.skipif(
    not _in_a_git_checkout(), reason="the audit can tell a forged commit only inside a git checkout; outside one it checks the commit's shape"
)


# --- edited results.json and manifest.json -------------------------------------------------------

@pytest.mark.parametrize(
    "name, change, problem",
    [
        ("results.json", lambda r: r.update(summary="all 22 cases agree"), "results.json has members a run never writes: summary"),
        ("results.json", lambda r: r["counts"].update(verified=22), "results.json: counts has members a run never writes: verified"),
        ("results.json", lambda r: r["cases"][0].update(note="checked by hand"), "results.json: case 'complete' has members a run never writes: note"),
        ("manifest.json", lambda m: m.update(note="reviewed"), "manifest.json has members a run never writes: note"),
        ("manifest.json", lambda m: m["fixtures"].update(reviewed=True), "manifest.json: fixtures has members a run never writes: reviewed"),
        ("results.json", lambda r: r["cases"][0].update(agrees=1), "case 'complete': agrees is 1 in results.json, expected True"),
        ("results.json", lambda r: r["cases"][0].update(strict_json_ok=1), "case 'complete': strict JSON decision is 1 in results.json, expected True"),
        ("results.json", lambda r: r["cases"][1].update(citation_only_ok=1), "citation-only decision is 1 in results.json, expected True"),
        ("results.json", lambda r: r["counts"].update(disagreements=False), "counts.disagreements is False in results.json; the audit counts 0"),
        ("manifest.json", lambda m: m["fixtures"].update(frozen=1), "manifest.json: fixtures.frozen is 1, not true or false"),
        ("manifest.json", lambda m: m.update(python="2.7.18"), "manifest.json records Python 2.7.18"),
        ("manifest.json", lambda m: m.update(groundlab_version="9.9.9"), "manifest.json records groundlab 9.9.9"),
        pytest.param("manifest.json", lambda m: m.update(git={"commit": "f" * 40, "dirty": False}),
                     f"manifest.json records the git commit {'f' * 40}, which", marks=NEEDS_GIT),
        ("manifest.json", lambda m: m["fixtures"].update(name="reviewed.json"), "manifest.json names the fixture file 'reviewed.json', but results.json names 'config_contract.json'"),
        ("results.json", lambda r: r.update(fixtures="../config_contract.json"), "results.json names the fixture file '../config_contract.json', which is not a plain file name"),
    ],
)
def test_forged_members_types_and_records_are_problems(evidence, forge, name, change, problem):
    _edit(evidence, name, change, forge)
    report = audit_evidence(evidence)
    assert not report.ok
    assert any(problem in p for p in report.problems), report.problems


@NEEDS_GIT
def test_a_real_but_different_commit_is_named_when_the_tree_was_clean(evidence, forge):
    import subprocess

    from groundlab.core.trusted import package_dir

    root = subprocess.run(["git", "-C", str(package_dir()), "rev-list", "--max-parents=0", "HEAD"],
                          capture_output=True, text=True, check=True).stdout.split()[0]
    _edit(evidence, "manifest.json", lambda m: m.update(git={"commit": root, "dirty": False}), forge)
    problems = audit_evidence(evidence).problems
    assert f"manifest.json records the git commit {root} with a clean tree, but the package sources differ from that commit" in problems


@pytest.mark.parametrize("name", ["fixtures.json", "results.json", "manifest.json"])
def test_a_symlinked_evidence_file_is_refused(evidence, tmp_path, name):
    moved = tmp_path / f"elsewhere-{name}"
    (evidence / name).rename(moved)
    (evidence / name).symlink_to(moved)
    report = audit_evidence(evidence)
    assert f"{name} is a symbolic link; an evidence file is a regular file the run wrote" in report.problems


def test_a_symlinked_earlier_report_is_refused(evidence, tmp_path):
    real = tmp_path / "kept.json"
    real.write_text(json.dumps(audit_evidence(evidence).to_json()))
    (evidence / "audit.json").symlink_to(real)
    problems = audit_evidence(evidence).problems
    assert problems == ["audit.json was not written by groundlab audit (it is a symbolic link)"]


# --- a fixture is judged by the file it is, not by its name ----------------------------------------

def test_a_symlink_named_like_the_frozen_fixture_is_judged_by_its_target(tmp_path, study_json):
    edited = tmp_path / "edited.json"
    study_json["cases"][0]["description"] = "edited, labels untouched"
    edited.write_text(json.dumps(study_json), encoding="utf-8")
    link = tmp_path / "links" / "config_contract.json"
    link.parent.mkdir()
    link.symlink_to(edited)
    write_evidence(tmp_path / "ev", link)
    manifest = json.loads((tmp_path / "ev" / "manifest.json").read_text())
    assert (manifest["fixtures"]["name"], manifest["fixtures"]["frozen"]) == ("edited.json", False)
    report = audit_evidence(tmp_path / "ev")
    assert (report.ok, report.frozen, report.problems) == (True, None, [])


def test_a_link_to_a_frozen_file_is_recorded_as_that_file(tmp_path):
    link = tmp_path / "study.json"
    link.symlink_to(fixtures_dir() / "config_contract.json")
    write_evidence(tmp_path / "ev", link)
    fixtures = json.loads((tmp_path / "ev" / "manifest.json").read_text())["fixtures"]
    assert (fixtures["name"], fixtures["frozen"]) == ("config_contract.json", True)
    report = audit_evidence(tmp_path / "ev")
    assert (report.ok, report.frozen) == (True, "config_contract.json")


# --- zero cases -----------------------------------------------------------------------------------

def test_a_fixture_with_zero_cases_is_refused_by_load_run_and_the_cli(tmp_path, study_json, capsys):
    empty = tmp_path / "empty.json"
    empty.write_text(json.dumps({"sources": study_json["sources"], "cases": []}), encoding="utf-8")
    with pytest.raises(TrustedInputError) as info:
        load_case_set(empty)
    assert (info.value.code, info.value.message) == ("malformed", '"cases" is empty; a fixture file holds at least one case')
    assert main(["run", "--fixtures", str(empty), "--out", str(tmp_path / "ev")]) == 2
    assert capsys.readouterr().err == f'groundlab: {empty}: "cases" is empty; a fixture file holds at least one case\n'
    assert not (tmp_path / "ev").exists()


def test_an_evidence_folder_of_zero_cases_fails_the_audit(evidence, forge, read_json, capsys):
    fixture = read_json(evidence / "fixtures.json")
    fixture["cases"] = []
    results = {"fixtures": "config_contract.json", "cases": [],
               "counts": dict.fromkeys(read_json(evidence / "results.json")["counts"], 0)}
    forge(evidence, fixture=fixture, results=results, frozen=False, frozen_sha256=None)
    report = audit_evidence(evidence)
    assert "fixtures.json holds no cases, so the run checked nothing" in report.problems
    assert main(["audit", str(evidence)]) == 1
