"""`groundlab run` under SIGTERM and SIGHUP: the evidence folder is complete or absent, never partial."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from groundlab.cli import main
from groundlab.study.atomic import TEMP_PREFIX

ROOT = Path(__file__).resolve().parents[2]
COPIES = 20  # 440 cases: the run itself takes a few tenths of a second, long enough to be hit anywhere


@pytest.fixture
def big_fixture(tmp_path, study_json):
    """The study's cases, many times over, with fresh ids, in a file under ``tmp_path``."""
    cases = [dict(case, id=f"{case['id']}-{n}") for n in range(COPIES) for case in study_json["cases"]]
    path = tmp_path / "big.json"
    path.write_text(json.dumps({"sources": study_json["sources"], "cases": cases}), encoding="utf-8")
    return path


def _start(*args):
    return subprocess.Popen(
        [sys.executable, "-m", "groundlab", *args], cwd=ROOT,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


def _complete_or_absent(out, capsys):
    """Assert ``out`` is absent or audits clean, and that nothing else is beside it."""
    others = sorted(p.name for p in out.parent.iterdir() if p.name != out.name)
    assert not [name for name in others if name.startswith(TEMP_PREFIX)], others
    if os.path.lexists(out):
        assert main(["audit", str(out)]) == 0, capsys.readouterr().out
        capsys.readouterr()
        return True
    return False


def test_sigterm_and_sighup_at_any_moment_leave_a_complete_folder_or_none(tmp_path, big_fixture, capsys):
    runs = tmp_path / "runs"
    runs.mkdir()
    started = time.monotonic()
    full = _start("run", "--fixtures", str(big_fixture), "--out", str(runs / "calibration"))
    assert full.wait(timeout=60) == 0, full.communicate()
    span = time.monotonic() - started
    assert _complete_or_absent(runs / "calibration", capsys)

    outcomes = []
    for n in range(20):
        signum = signal.SIGTERM if n % 2 == 0 else signal.SIGHUP
        out = runs / f"ev-{n}"
        proc = _start("run", "--fixtures", str(big_fixture), "--out", str(out))
        time.sleep(span * (n + 1) / 21)  # spread over the whole run, start to finish
        proc.send_signal(signum)
        _, err = proc.communicate(timeout=60)
        code = proc.returncode
        complete = _complete_or_absent(out, capsys)
        assert code in (0, 128 + signum, -signum), (code, err)
        if code == 128 + signum:  # our handler ran: it says so, and it left nothing
            assert err == f"groundlab: interrupted by {signum.name}; no evidence folder was written\n"
            assert not complete
        if code == 0:
            assert complete
        outcomes.append(code)
        assert time.monotonic() - started < 50, "the signal loop took too long"
    assert any(code != 0 for code in outcomes), outcomes  # the loop did interrupt runs


def test_a_signal_in_the_middle_of_writing_the_folder_removes_it(tmp_path, article_file):
    """Deterministic: SIGTERM arrives while the manifest is written (after two files are on disk)."""
    out = tmp_path / "ev"
    script = (
        "import os, signal, sys, time\n"
        "import groundlab.study.run as run\n"
        "from groundlab.cli import main\n"
        "def git_state(folder):\n"
        "    os.kill(os.getpid(), signal.SIGTERM)\n"
        "    time.sleep(5)\n"
        "run.git_state = git_state\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", script, "run", "--fixtures", str(article_file), "--out", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )
    assert (proc.returncode, proc.stdout, proc.stderr) == (
        128 + signal.SIGTERM, "", "groundlab: interrupted by SIGTERM; no evidence folder was written\n",
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == []
