"""`groundlab run` on text the evidence cannot record as UTF-8: a typed refusal and exit code 2, never a traceback."""

import json
import os

import pytest

from groundlab.cli import main
from groundlab.core.trusted import TrustedInputError
from groundlab.study.cases import load_case_set


@pytest.mark.parametrize(
    "key, index, value, problem",
    [
        ("id", 0, "\ud800x", "id holds a lone surrogate (U+D800 at offset 0)"),
        ("family", 1, "fam\udfff", "family holds a lone surrogate (U+DFFF at offset 3)"),
        ("description", 2, "a\udc00", "description holds a lone surrogate (U+DC00 at offset 1)"),
    ],
)
def test_a_lone_surrogate_in_a_case_id_or_family_is_refused_with_exit_2(tmp_path, study_json, capsys, key, index, value, problem):
    study_json["cases"][index][key] = value
    copy = tmp_path / "mine.json"
    copy.write_text(json.dumps(study_json), encoding="utf-8")  # json.dumps writes the \ud800 escape
    with pytest.raises(TrustedInputError) as info:
        load_case_set(copy)
    assert info.value.code == "malformed" and problem in info.value.message
    assert info.value.where == f"{copy}: cases[{index}]"
    assert main(["run", "--fixtures", str(copy), "--out", str(tmp_path / "ev")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"groundlab: {copy}: cases[{index}]: {problem}") and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.json"]


def test_a_fixture_file_name_that_is_not_utf8_is_refused_with_exit_2(tmp_path, study_json, capsys):
    raw = os.fsencode(tmp_path) + b"/caf\xe9.json"
    with open(raw, "w", encoding="utf-8") as handle:
        json.dump(study_json, handle)
    name = os.fsdecode(raw)
    with pytest.raises(TrustedInputError) as info:
        load_case_set(name)
    assert info.value.message == "the file's name is not UTF-8, so the evidence cannot record it; rename the file"
    assert main(["run", "--fixtures", name, "--out", str(tmp_path / "ev")]) == 2
    err = capsys.readouterr().err
    assert err == f"groundlab: {tmp_path}/caf\\udce9.json: the file's name is not UTF-8, so the evidence cannot record it; rename the file\n"
    assert not (tmp_path / "ev").exists()
