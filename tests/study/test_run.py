"""Running cases through the three layers, and the evidence folder a run writes."""

import json

import pytest

import groundlab.study.run as run
from groundlab import Status, fixtures_dir, load_case_set, verify_answer
from groundlab.core.claims import ERROR_CODES
from groundlab.core.trusted import package_digests, package_dir
from groundlab.study.atomic import TEMP_PREFIX
from groundlab.study.run import EvidenceExistsError, EvidenceLocationError, run_cases, write_evidence

STUDY_COUNTS = {
    "submitted": 22, "strict_json": 17, "citation_only": 13, "full_contract": 3,
    "citation_false_accepts": 10, "disagreements": 0,
}
ARTICLE_COUNTS = {
    "submitted": 6, "strict_json": 4, "citation_only": 3, "full_contract": 1,
    "citation_false_accepts": 2, "disagreements": 0,
}
ROW_KEYS = ["id", "family", "expected", "actual", "expected_code", "code", "strict_json_ok", "citation_only_ok", "accepted", "agrees"]


def test_frozen_study_counts_are_the_articles(study):
    result = run_cases(study)
    assert dict(result.counts) == STUDY_COUNTS
    assert [r.id for r in result.rows if r.actual is Status.ACCEPT] == ["complete", "reordered", "one-field"]


def test_second_fixture_file_covers_every_status_and_parse_code(more_cases):
    assert len(more_cases) >= 30
    result = run_cases(more_cases)
    assert result.counts["disagreements"] == 0, [r.id for r in result.rows if not r.agrees]
    assert {r.actual for r in result.rows} == set(Status)
    assert {r.code for r in result.rows if r.code} == set(ERROR_CODES)


def test_article_shaped_cases_agree_on_status_alone(article_file):
    result = run_cases(load_case_set(article_file))
    assert dict(result.counts) == ARTICLE_COUNTS
    invalid = [(r.id, r.expected_code, r.code, r.agrees) for r in result.rows if r.expected is Status.INVALID_JSON]
    assert invalid == [("markdown-fence", None, "not_json", True), ("trailing-text", None, "not_json", True)]


def test_a_wrong_code_still_disagrees(tmp_path, study_json):
    case = next(c for c in study_json["cases"] if c["id"] == "trailing-text")
    case["code"] = "too_deep"
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(study_json))
    result = run_cases(load_case_set(path))
    assert [(r.id, r.code, r.agrees) for r in result.rows if not r.agrees] == [("trailing-text", "not_json", False)]


def test_result_rows_take_the_verdicts_own_fields(tmp_path, study, read_json):
    write_evidence(tmp_path / "ev")
    rows = read_json(tmp_path / "ev" / "results.json")["cases"]
    assert [list(row) for row in rows] == [ROW_KEYS] * 22
    for row, case in zip(rows, study):
        verdict = verify_answer(case.raw, case.request, study.sources).to_dict()
        assert row["actual"] == verdict["status"]
        assert row["code"] == (verdict["error"] or {}).get("code")
        assert (row["citation_only_ok"], row["accepted"]) == (verdict["citation_only_ok"], verdict["accepted"])
        assert (row["id"], row["expected"], row["expected_code"]) == (case.id, case.expected.value, case.code)


def test_run_writes_evidence_and_refuses_an_existing_folder(tmp_path, read_json):
    out = tmp_path / "evidence" / "first"
    result = write_evidence(out)
    assert result.ok
    assert sorted(p.name for p in out.iterdir()) == ["fixtures.json", "manifest.json", "results.json"]
    results = read_json(out / "results.json")
    assert results["counts"] == STUDY_COUNTS and len(results["cases"]) == 22
    assert read_json(out / "manifest.json")["fixtures"]["frozen"] is True
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    with pytest.raises(EvidenceExistsError):
        write_evidence(out)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before


def test_the_manifest_hashes_every_file_of_every_subpackage(evidence, read_json):
    recorded = read_json(evidence / "manifest.json")["package"]
    for name in ("groundlab/__init__.py", "groundlab/cli.py", "groundlab/core/contract.py", "groundlab/study/audit.py"):
        assert name in recorded
    assert {name.split("/")[1] for name in recorded} >= {"core", "grounding", "hints", "study", "lab", "workbook"}
    assert recorded == package_digests()


def test_a_copy_is_recorded_as_not_frozen(tmp_path, article_file, read_json):
    write_evidence(tmp_path / "ev", article_file)
    fixtures = read_json(tmp_path / "ev" / "manifest.json")["fixtures"]
    assert (fixtures["name"], fixtures["frozen"], fixtures["frozen_sha256"]) == ("article_cases.json", False, None)


@pytest.mark.parametrize(
    "where, code",
    [
        (lambda tmp: fixtures_dir() / "new-evidence", "inside_fixtures"),
        (lambda tmp: fixtures_dir() / "deeper" / "ev", "inside_fixtures"),
        (lambda tmp: package_dir() / "study" / "ev", "inside_package"),
        (lambda tmp: package_dir().parent / "groundlab" / "ev", "inside_package"),
    ],
)
def test_run_refuses_a_folder_inside_the_fixtures_or_the_package(tmp_path, where, code):
    out = where(tmp_path)
    with pytest.raises(EvidenceLocationError) as info:
        write_evidence(out)
    place = fixtures_dir() if code == "inside_fixtures" else package_dir()
    assert (info.value.code, info.value.path, info.value.place) == (code, out, place)
    assert not out.exists() and not out.parent.name.startswith(TEMP_PREFIX)
    assert not any(p.name.startswith(TEMP_PREFIX) for p in place.rglob("*"))


def test_run_refuses_the_fixtures_folder_through_a_symlink(tmp_path):
    (tmp_path / "link").symlink_to(fixtures_dir())
    with pytest.raises(EvidenceLocationError) as info:
        write_evidence(tmp_path / "link" / "ev")
    assert info.value.code == "inside_fixtures"
    assert str(info.value) == (
        f"{tmp_path / 'link' / 'ev'} is inside the frozen fixtures folder {fixtures_dir()}; "
        "the frozen files stay as committed. Choose an --out folder elsewhere."
    )


def test_run_refuses_a_name_that_marks_an_unfinished_run(tmp_path):
    with pytest.raises(EvidenceLocationError) as info:
        write_evidence(tmp_path / f"{TEMP_PREFIX}mine")
    assert info.value.code == "temporary_name"
    assert list(tmp_path.iterdir()) == []


def test_run_ignores_a_stale_temporary_sibling(tmp_path):
    stale = tmp_path / f"{TEMP_PREFIX}killed"
    stale.mkdir()
    (stale / "fixtures.json").write_text("half")
    write_evidence(tmp_path / "ev")
    assert sorted(p.name for p in tmp_path.iterdir()) == [stale.name, "ev"]
    assert (stale / "fixtures.json").read_text() == "half"


def test_run_never_replaces_a_folder_created_while_it_ran(tmp_path, monkeypatch):
    out = tmp_path / "ev"
    real_run_cases = run.run_cases

    def run_and_race(case_set):
        out.mkdir()  # empty: a plain POSIX rename would replace it
        return real_run_cases(case_set)

    monkeypatch.setattr(run, "run_cases", run_and_race)
    with pytest.raises(EvidenceExistsError):
        write_evidence(out)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ev"]
    assert list(out.iterdir()) == []


def test_an_error_while_writing_leaves_no_folder_and_no_sibling(tmp_path, monkeypatch):
    def full_disk(folder):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(run, "git_state", full_disk)
    with pytest.raises(OSError, match="No space left"):
        write_evidence(tmp_path / "ev")
    assert list(tmp_path.iterdir()) == []
