"""The checker lab without rapidfuzz (the extra ``groundlab[fuzzy]``): the ladder leaves the
fuzzy rungs out when asked, ``groundlab lab`` does so by itself and says which extra adds
them, and every other rung and score is the same as with them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from groundlab.cli import main
from groundlab.lab import fuzzy
from groundlab.lab.ladder import FUZZY_RUNGS, LADDER, run_ladder
from groundlab.lab.report import lab_report

ROOT = Path(__file__).resolve().parents[2]

STRICT = ("exact", "article", "is_quoted", "+nfkc", "+invisible", "+hyphen")
NOTE = (
    "the fuzzy rungs (partial_95, partial_90, partial_80, token_set_90) are left out: "
    "they need rapidfuzz (pip install 'groundlab[fuzzy]')"
)


@pytest.fixture
def no_rapidfuzz(monkeypatch):
    """rapidfuzz hidden, as in a venv without the fuzzy extra."""
    for name in [name for name in sys.modules if name == "rapidfuzz" or name.startswith("rapidfuzz.")] + ["rapidfuzz", "rapidfuzz.fuzz", "rapidfuzz.utils"]:
        monkeypatch.setitem(sys.modules, name, None)


def test_the_fuzzy_rungs_are_the_last_four():
    assert FUZZY_RUNGS == ("partial_95", "partial_90", "partial_80", "token_set_90")
    assert tuple(rung.name for rung in LADDER) == STRICT + FUZZY_RUNGS


def test_the_ladder_without_its_fuzzy_rungs(no_rapidfuzz):
    result = run_ladder(fuzzy_rungs=False)
    assert result.rungs == STRICT and result.skipped == FUZZY_RUNGS
    assert [tuple(count)[1:] for count in result.overall] == [
        (16, 260, 13, 183), (100, 260, 15, 183), (196, 260, 1, 183),
        (228, 260, 1, 183), (244, 260, 1, 183), (257, 260, 9, 183),
    ]
    assert all(len(verdicts) == len(STRICT) for verdicts in result.verdicts.values())
    assert {first.every for first in result.firsts} <= set(STRICT) | {None}


def test_without_rapidfuzz_the_whole_ladder_names_the_extra(no_rapidfuzz):
    assert fuzzy.available() is False
    with pytest.raises(ImportError, match=r"pip install 'groundlab\[fuzzy\]'$"):
        run_ladder()
    with pytest.raises(ImportError, match=r"pip install 'groundlab\[fuzzy\]'$"):
        LADDER[6].check("the read timeout is", "the read timeout is 5 s")
    assert [rung.check("Read  timeout", "the read timeout is 5 s") for rung in LADDER[:6]] == [False] + [True] * 5


def test_the_strict_rungs_are_the_same_with_and_without_the_fuzzy_ones():
    pytest.importorskip("rapidfuzz")
    assert fuzzy.available() is True
    full, strict = run_ladder(), run_ladder(fuzzy_rungs=False)
    assert full.skipped == () and full.overall[: len(STRICT)] == strict.overall
    assert {key: verdicts[: len(STRICT)] for key, verdicts in full.verdicts.items()} == dict(strict.verdicts)
    assert [c for c in full.per_kind if c.rung in STRICT] == list(strict.per_kind)


def test_lab_report_leaves_the_fuzzy_rungs_out_by_itself_and_says_so(no_rapidfuzz):
    report = lab_report(per_kind=0)
    assert report.ladder.skipped == FUZZY_RUNGS
    assert report.skipped_note() == NOTE and NOTE in report.render().splitlines()
    data = report.to_dict()
    assert data["skipped"] == {"rungs": list(FUZZY_RUNGS), "why": fuzzy.missing_hint()}
    assert [row["rung"] for row in data["ladder"]] == list(STRICT)
    assert {score.verifier: score.agreed for score in report.scores} == {"contract": 555, "citation-only": 280, "quotes-exist": 164}
    with pytest.raises(ImportError, match=r"groundlab\[fuzzy\]"):
        lab_report(per_kind=0, fuzzy_rungs=True)


def test_lab_report_with_rapidfuzz_runs_every_rung_and_has_no_note():
    pytest.importorskip("rapidfuzz")
    report = lab_report(per_kind=0)
    assert report.ladder.skipped == () and report.skipped_note() is None
    assert report.to_dict()["skipped"] is None
    assert "left out" not in report.render()


def test_the_lab_command_without_rapidfuzz(no_rapidfuzz, capsys):
    assert main(["lab", "--per-kind", "0"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[2:9] == [
        "exact            16 of 260           13 of 183",
        "article         100 of 260           15 of 183",
        "is_quoted       196 of 260            1 of 183",
        "+nfkc           228 of 260            1 of 183",
        "+invisible      244 of 260            1 of 183",
        "+hyphen         257 of 260            9 of 183",
        NOTE,
    ]
    assert main(["lab", "--json", "--per-kind", "0"]) == 0
    assert json.loads(capsys.readouterr().out)["skipped"]["rungs"] == list(FUZZY_RUNGS)


def test_a_broken_rapidfuzz_is_not_taken_for_a_missing_one(tmp_path):
    broken = tmp_path / "rapidfuzz"
    broken.mkdir()
    (broken / "__init__.py").write_text("raise ImportError('undefined symbol: rf_init')\n", encoding="utf-8")
    code = "import sys; from groundlab.cli import main; sys.exit(main(['lab']))"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr == "groundlab: cannot run: ImportError: undefined symbol: rf_init\n"
