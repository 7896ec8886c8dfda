"""Fixture files: frozen hashes, strict loading, and the configuration article's case shape."""

import json
import shutil

import pytest

from groundlab import (
    FrozenFixtureError, Status, TrustedInputError, fixtures_dir, load_case_set, verify_frozen,
)
from groundlab.core.trusted import digest
from groundlab.study.cases import frozen_digests


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


def test_only_files_in_the_fixtures_folder_are_frozen(study, article_file):
    assert frozen_digests(study) == {"config_contract.json": verify_frozen(names=["config_contract.json"])["config_contract.json"]}
    assert frozen_digests(load_case_set(article_file)) == {}


def test_the_articles_case_shape_loads(article_file):
    cases = load_case_set(article_file)
    assert cases.ids == ("complete", "wrong-value-real-quote", "old-revision", "paraphrased-quote", "markdown-fence", "trailing-text")
    assert {(c.family, c.description, c.code) for c in cases} == {("", "", None)}
    fence = cases["markdown-fence"]
    assert fence.expected is Status.INVALID_JSON and not fence.compares_code
    assert cases["complete"].compares_code


def test_a_code_less_invalid_json_label_compares_the_status_only(article_file, more_cases):
    fence = load_case_set(article_file)["markdown-fence"]
    assert fence.agrees(Status.INVALID_JSON, "not_json") and fence.agrees(Status.INVALID_JSON, "too_deep")
    assert not fence.agrees(Status.NO_CITATION, None)
    coded = next(c for c in more_cases if c.code == "too_deep")
    assert coded.agrees(Status.INVALID_JSON, "too_deep") and not coded.agrees(Status.INVALID_JSON, "not_json")


@pytest.mark.parametrize(
    "case, message",
    [
        ({"expected": "MAYBE"}, r"cases\[2\]: expected 'MAYBE' is not a status"),
        ({"expected": "INVALID_JSON", "code": "nope"}, r"cases\[2\]: an INVALID_JSON case's code must be one of too_long, "),
        ({"code": "not_json"}, r"cases\[2\]: only an INVALID_JSON case has a code"),
    ],
)
def test_trusted_loader_names_the_malformed_case(tmp_path, study_json, case, message):
    study_json["cases"][2].update(case)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(study_json))
    with pytest.raises(TrustedInputError, match=message):
        load_case_set(path)


@pytest.mark.parametrize(
    "text, message",
    [
        ("[" * 100000 + "]" * 100000, "not valid JSON: arrays and objects are nested more than 64 levels deep at line 1, column 65"),
        ('{"sources": [], "sources": []}', 'not valid JSON: the member name "sources" appears twice in one object at line 1, column 17'),
        ('{"sources": NaN}', "not valid JSON: NaN is not a JSON value (RFC 8259 has no NaN or Infinity) at line 1, column 13"),
    ],
)
def test_fixture_files_are_read_strictly(tmp_path, text, message):
    (tmp_path / "cases.json").write_text(text)
    with pytest.raises(TrustedInputError) as info:
        load_case_set(tmp_path / "cases.json")
    assert info.value.message == message


def test_wrong_trusted_objects_are_refused_clearly(study):
    from groundlab import Request, verify_answer

    with pytest.raises(TypeError, match="Request.fields must be a list of str, not dict"):
        Request("payments", "prod", "v2", {"read_timeout_ms": 1}, ["prod-v2"])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a Request, not dict"):
        verify_answer("{}", {"service": "payments"}, study.sources)  # type: ignore[arg-type]


@pytest.mark.parametrize("member", ["family", "description"])
def test_a_case_member_that_is_not_a_string_is_refused(tmp_path, member):
    import json as _json

    from groundlab import TrustedInputError, load_case_set

    data = _json.loads((fixtures_dir() / "config_contract.json").read_text(encoding="utf-8"))
    data["cases"] = data["cases"][:1]
    data["cases"][0][member] = None
    path = tmp_path / "cases.json"
    path.write_text(_json.dumps(data), encoding="utf-8")
    with pytest.raises(TrustedInputError, match=f"{member} must be a string, not NoneType"):
        load_case_set(path)
