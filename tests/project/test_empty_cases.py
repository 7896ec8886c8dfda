"""An empty case list fails the run: the guard of tests/conftest.py, shown on a test file of its own."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_pytest(tmp_path: Path, body: str) -> subprocess.CompletedProcess:
    (tmp_path / "test_cases.py").write_text(body, encoding="utf-8")
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-c", str(ROOT / "pyproject.toml"),
               "--rootdir", str(tmp_path), str(tmp_path / "test_cases.py")]
    # the project's own pytest options, without the installed plugins (loading them takes seconds)
    env = {**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    return subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)


def test_the_guard_is_on(pytestconfig):
    assert pytestconfig.getini("empty_parameter_set_mark") == "fail_at_collect"


def test_an_empty_parametrisation_fails_at_collection(tmp_path):
    found = run_pytest(tmp_path, "import pytest\n\n\n@pytest.mark.parametrize('x', [])\ndef test_x(x):\n    assert x\n")
    assert found.returncode == 2, found.stdout + found.stderr
    assert "Empty parameter set in 'test_x'" in found.stdout
    assert " passed" not in found.stdout and " skipped" not in found.stdout


def test_a_filled_parametrisation_runs(tmp_path):
    found = run_pytest(tmp_path, "import pytest\n\n\n@pytest.mark.parametrize('x', [1, 2])\ndef test_x(x):\n    assert x\n")
    assert found.returncode == 0, found.stdout + found.stderr
    assert "2 passed" in found.stdout
