"""pyproject.toml, environment.yml and requirements.lock list the same packages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
NAME = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(.*)$")
# Conda-only entries of environment.yml that pyproject.toml expresses differently
# (requires-python) or not at all (the installer).
CONDA_ONLY = {"python", "pip"}


def normalize(name: str) -> str:
    """PEP 503 name normalisation."""
    return re.sub(r"[-_.]+", "-", name).lower()


def split(requirement: str) -> tuple[str, str]:
    """``"Foo_Bar >= 1.2"`` -> ``("foo-bar", ">=1.2")`` (extras and markers are not used here)."""
    match = NAME.match(requirement)
    assert match, f"cannot read a package name from {requirement!r}"
    return normalize(match.group(1)), re.sub(r"\s+", "", match.group(2))


def pyproject() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as handle:
        return tomllib.load(handle)


def pyproject_requirements() -> dict[str, str]:
    project = pyproject()["project"]
    entries = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        entries.extend(extra)
    return dict(split(entry) for entry in entries)


def environment() -> dict:
    return yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))


def environment_requirements() -> dict[str, str]:
    specs = {}
    for entry in environment()["dependencies"]:
        if isinstance(entry, str):
            name, spec = split(entry)
            if name not in CONDA_ONLY:
                specs[name] = spec
    return specs


def locked() -> dict[str, str]:
    pins = {}
    for number, line in enumerate((ROOT / "requirements.lock").read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        name, sep, version = line.partition("==")
        assert sep and re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]*", name) and re.fullmatch(r"[0-9][0-9A-Za-z.+!-]*", version), (
            f"requirements.lock line {number} is not 'name==version': {line!r}"
        )
        pins[normalize(name)] = version
    return pins


def difference_message(left_name: str, left: set[str], right_name: str, right: set[str]) -> str:
    return (
        f"only in {left_name}: {sorted(left - right) or 'nothing'}; "
        f"only in {right_name}: {sorted(right - left) or 'nothing'}"
    )


def test_environment_yml_lists_exactly_the_pyproject_packages():
    ours, conda = pyproject_requirements(), environment_requirements()
    assert set(conda) == set(ours), difference_message("pyproject.toml", set(ours), "environment.yml", set(conda))


def test_environment_yml_bounds_match_pyproject():
    ours, conda = pyproject_requirements(), environment_requirements()
    differ = {name: (ours[name], conda[name]) for name in set(ours) & set(conda) if conda[name] and conda[name] != ours[name]}
    assert not differ, f"bounds differ (pyproject.toml, environment.yml): {differ}"


def test_environment_yml_is_python_311_and_installs_this_package():
    env = environment()
    assert env["name"] == "groundlab"
    assert env["channels"] == ["conda-forge"]
    strings = [entry for entry in env["dependencies"] if isinstance(entry, str)]
    assert "python=3.11" in strings and "pip" in strings
    pip_sections = [entry["pip"] for entry in env["dependencies"] if isinstance(entry, dict)]
    assert pip_sections == [["-e ."]]


def test_every_pyproject_package_is_pinned_in_the_lock_file():
    ours, pins = pyproject_requirements(), locked()
    missing = sorted(set(ours) - set(pins))
    assert not missing, f"not pinned in requirements.lock (run `make lock`): {missing}"
    assert "groundlab" not in pins, "requirements.lock must not pin groundlab itself"


def test_locked_versions_satisfy_pyproject_bounds():
    requirements = pytest.importorskip("packaging.requirements")
    project = pyproject()["project"]
    entries = list(project["dependencies"]) + [e for extra in project["optional-dependencies"].values() for e in extra]
    pins = locked()
    outside = []
    for entry in entries:
        requirement = requirements.Requirement(entry)
        version = pins.get(normalize(requirement.name))
        if version is not None and not requirement.specifier.contains(version, prereleases=True):
            outside.append(f"{requirement} (locked {version})")
    assert not outside, f"requirements.lock pins versions outside pyproject.toml's bounds: {outside}"


def test_project_metadata():
    data = pyproject()
    project = data["project"]
    assert project["name"] == "groundlab"
    assert project["requires-python"] == ">=3.10"
    assert project["license"] == "MIT"
    assert project["scripts"] == {"groundlab": "groundlab.cli:main"}
    assert set(project["optional-dependencies"]) == {"test", "live"}
    assert data["build-system"]["build-backend"] == "hatchling.build"
    wheel = data["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert wheel["packages"] == ["groundlab"]
    assert wheel["force-include"] == {"fixtures": "groundlab/fixtures"}
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
