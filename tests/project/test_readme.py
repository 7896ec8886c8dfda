"""What the README's set-up and command-line sections say is true: the inline registry,
request and answer files are accepted, the commands and Pythons it lists are the script's,
and its install lines name the wheel that the build makes."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from packaging.requirements import Requirement

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

from tools import workshop

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def block_after(label: str) -> str:
    """The first fenced json block after the paragraph that starts with ``label``."""
    match = re.search(rf"^{re.escape(label)}.*?\n```json\n(.*?)```", README, re.DOTALL | re.MULTILINE)
    assert match, f"no json block after {label!r}"
    return match.group(1)


def test_the_inline_registry_request_and_answer_are_accepted(tmp_path):
    for name in ("reg.json", "req.json", "answer.json"):
        (tmp_path / name).write_text(block_after(f"`{name}`"), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "groundlab", "verify", "--registry", "reg.json", "--request", "req.json", "answer.json", "--json"],
        cwd=tmp_path, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert '"ACCEPT"' in done.stdout
    assert "`groundlab verify --registry reg.json --request req.json answer.json` prints `ACCEPT`" in README


def test_the_readme_lists_the_scripts_commands():
    listed = re.search(r"the commands are (.*?)\.\n", README, re.DOTALL).group(1)
    assert re.findall(r"`([a-z-]+)`", listed) == list(workshop.COMMANDS)


def test_the_readme_names_the_supported_pythons():
    (low, high) = workshop.SUPPORTED
    assert f"**Python.** CPython {low[0]}.{low[1]} to {high[0]}.{high[1]}, on Linux, macOS or Windows." in README
    assert PROJECT["requires-python"] == f">={low[0]}.{low[1]}"
    assert "make test PYTHON=python3.10" in README


def test_the_install_lines_are_true():
    wheel = f"dist/groundlab-{PROJECT['version']}-py3-none-any.whl"
    assert f"pip install '{wheel}[live]'" in README
    assert "`pip install -e .`" in README and "pip install -e '.[live]'" in README and "pip install -e '.[workbook]'" in README
    assert "live" in PROJECT["optional-dependencies"]
    # groundlab is not on PyPI: `pip install 'groundlab[...]'` only adds an extra to an installed groundlab
    assert "Once groundlab is installed, the error's own line,\n`pip install 'groundlab[draft]'`, adds" in README
    assert README.count("pip install 'groundlab[") == 1


def test_the_extras_table_lists_each_extra_and_its_packages():
    section = README[README.index("**Installing the package.**"):README.index("**Changing the dependencies.**")]
    rows = re.findall(r"^\| `([a-z]+)` \| ([^|]+) \|", section, re.MULTILINE)
    table = {name: [package.strip() for package in packages.split(",")] for name, packages in rows}
    extras = {name: [Requirement(e).name for e in entries] for name, entries in PROJECT["optional-dependencies"].items() if name != "test"}
    assert table == extras
    assert PROJECT["dependencies"] == [] and "The package\nalone needs no other package" in section


def test_the_readme_says_which_lock_is_which():
    assert "`requirements.lock` is what a learner installs: the `workbook` extra" in README
    assert "`requirements-test.lock` is what the tests install: the `workbook` and `test` extras" in README
    assert all(lock in " ".join(workshop.LOCK_COMMAND + workshop.TEST_LOCK_COMMAND) for lock in ("requirements.lock", "requirements-test.lock"))


def test_the_conda_route_is_written_out():
    assert "conda env create -f environment.yml\nconda activate groundlab\njupyter lab notebooks/\n" in README


def test_the_check_log_example_gives_the_result_line_shown(tmp_path):
    for name in ("reg.json", "req.json"):
        (tmp_path / name).write_text(block_after(f"`{name}`"), encoding="utf-8")
    (tmp_path / "answers.jsonl").write_text(block_after("assistant's content is the answer"), encoding="utf-8")
    from groundlab.cli import main
    import contextlib
    import io
    import os

    out, here = io.StringIO(), os.getcwd()
    os.chdir(tmp_path)
    try:
        with contextlib.redirect_stdout(out):
            code = main(["check-log", "answers.jsonl", "--registry", "reg.json", "--request", "req.json", "--quiet"])
    finally:
        os.chdir(here)
    assert code == 0 and out.getvalue() == block_after("`groundlab check-log answers.jsonl")
