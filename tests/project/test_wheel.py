"""`python -m build` makes a wheel and an sdist, and the wheel works on its own: installed into
a fresh venv outside the checkout, `groundlab run` and `groundlab audit` work on the packaged
frozen fixtures and `import groundlab` needs nothing from the repository.

The wheel is installed with `--no-deps` and `--no-index`: the CLI and the core import the
standard library only (docs/architecture.md, "Layers"), so nothing else is needed for them,
and no registry is asked. The build uses the locked `build` and `hatchling` (no isolation),
so it runs offline too."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
WHEEL = f"groundlab-{VERSION}-py3-none-any.whl"
SDIST = f"groundlab-{VERSION}.tar.gz"
FROZEN = sorted([p.name for p in (ROOT / "fixtures").glob("*.json")] + ["SHA256SUMS"])
STUDY_COUNTS = {
    "submitted": 22, "strict_json": 17, "citation_only": 13, "full_contract": 3,
    "citation_false_accepts": 10, "disagreements": 0,
}


def scripts(venv: Path) -> Path:
    return venv / ("Scripts" if os.name == "nt" else "bin")


def clean_env() -> dict[str, str]:
    """The environment without anything that could point back at the checkout."""
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    pytest.importorskip("build", reason="the test extra's `build` is not installed: run `make test`")
    pytest.importorskip("hatchling", reason="the test extra's `hatchling` is not installed: run `make test`")
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT)],
        capture_output=True, text=True, timeout=300, env=clean_env(),
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return out


@pytest.fixture(scope="module")
def installed(dist, tmp_path_factory) -> Path:
    venv = tmp_path_factory.mktemp("fresh") / "venv"
    made = subprocess.run([sys.executable, "-m", "venv", str(venv)], capture_output=True, text=True, timeout=300)
    if made.returncode != 0:
        pytest.skip(f"cannot create a venv here (python -m venv failed): {made.stderr.strip()[-300:]}")
    python = scripts(venv) / ("python.exe" if os.name == "nt" else "python")
    done = subprocess.run(
        [str(python), "-m", "pip", "install", "--disable-pip-version-check", "--no-deps", "--no-index", str(dist / WHEEL)],
        capture_output=True, text=True, timeout=300, env=clean_env(),
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return venv


@pytest.fixture
def elsewhere(tmp_path) -> Path:
    """A working directory outside the checkout."""
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    assert ROOT not in folder.resolve().parents
    return folder


def test_build_makes_exactly_a_wheel_and_an_sdist(dist):
    assert sorted(p.name for p in dist.iterdir()) == [WHEEL, SDIST]


def test_the_wheel_holds_the_package_and_the_frozen_fixtures_only(dist):
    with zipfile.ZipFile(dist / WHEEL) as wheel:
        names = wheel.namelist()
        entry_points = wheel.read(f"groundlab-{VERSION}.dist-info/entry_points.txt").decode()
    top = {name.split("/")[0] for name in names}
    assert top == {"groundlab", f"groundlab-{VERSION}.dist-info"}
    assert sorted(n.rsplit("/", 1)[1] for n in names if n.startswith("groundlab/fixtures/") and not n.endswith(".md")) == FROZEN
    packaged = sorted(n for n in names if n.startswith("groundlab/") and n.endswith(".py"))
    in_checkout = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "groundlab").rglob("*.py"))
    assert packaged == in_checkout
    assert "[console_scripts]\ngroundlab = groundlab.cli:main" in entry_points


def test_the_sdist_holds_what_the_wheel_is_built_from(dist):
    with tarfile.open(dist / SDIST) as sdist:
        names = [name.split("/", 1)[1] for name in sdist.getnames() if "/" in name]
    top = {name.split("/")[0] for name in names}
    assert top == {"groundlab", "fixtures", "docs", "README.md", "LICENSE", "pyproject.toml", "PKG-INFO", ".gitignore"}
    assert "fixtures/SHA256SUMS" in names and "groundlab/cli.py" in names


def test_import_groundlab_needs_no_repository(installed, elsewhere):
    python = scripts(installed) / ("python.exe" if os.name == "nt" else "python")
    code = (
        "import json, sys, groundlab; "
        "print(json.dumps([groundlab.__file__, groundlab.__version__, sys.path, "
        "sorted(m for m in ('pandas', 'matplotlib', 'ipywidgets', 'pydantic') if m in sys.modules)]))"
    )
    done = subprocess.run([str(python), "-c", code], cwd=elsewhere, capture_output=True, text=True, timeout=60, env=clean_env())
    assert done.returncode == 0, done.stderr
    where, version, path, heavy = json.loads(done.stdout)
    assert Path(where).resolve().is_relative_to(installed.resolve())
    assert version == VERSION
    assert not any(entry and Path(entry).resolve() == ROOT for entry in path)
    assert heavy == []


def test_run_and_audit_work_on_the_packaged_fixtures(installed, elsewhere):
    groundlab = scripts(installed) / ("groundlab.exe" if os.name == "nt" else "groundlab")
    run = subprocess.run([str(groundlab), "run", "--out", "evidence"], cwd=elsewhere, capture_output=True, text=True, timeout=120, env=clean_env())
    assert run.returncode == 0, run.stdout + run.stderr
    results = json.loads((elsewhere / "evidence" / "results.json").read_text(encoding="utf-8"))
    assert results["fixtures"] == "config_contract.json"
    assert results["counts"] == STUDY_COUNTS
    manifest = json.loads((elsewhere / "evidence" / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["groundlab_version"] == VERSION
    assert manifest["fixtures"]["frozen"] is True
    assert sorted(manifest["package"]) == sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "groundlab").rglob("*.py"))

    audit = subprocess.run([str(groundlab), "audit", "evidence"], cwd=elsewhere, capture_output=True, text=True, timeout=120, env=clean_env())
    assert audit.returncode == 0, audit.stdout + audit.stderr
    report = json.loads((elsewhere / "evidence" / "audit.json").read_text(encoding="utf-8"))
    assert report["ok"] is True and report["problems"] == []
