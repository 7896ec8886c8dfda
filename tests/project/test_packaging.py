"""pyproject.toml, environment.yml and requirements.lock agree, and the lock is universal:
one pin per package for every supported CPython (3.10 to 3.13) on Linux, macOS and Windows,
with the same workbook packages on 3.11, 3.12 and 3.13."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

from tools import workshop

ROOT = Path(__file__).resolve().parents[2]
LOCK_LINE = re.compile(r"(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)==(?P<version>[0-9][0-9A-Za-z.+!-]*)(?: ; (?P<marker>.+))?")
# Conda-only entries of environment.yml that pyproject.toml expresses differently
# (requires-python) or not at all (the installer).
CONDA_ONLY = {"python", "pip"}
# conda-forge names that differ from the PyPI names.
CONDA_NAMES = {"python-build": "build"}
# environment.yml's Python, the lock's main Python.
CONDA_PYTHON = {"python_version": "3.11", "python_full_version": "3.11.7"}
PLATFORMS = {
    "linux": {"sys_platform": "linux", "os_name": "posix", "platform_system": "Linux", "platform_machine": "x86_64"},
    "macos": {"sys_platform": "darwin", "os_name": "posix", "platform_system": "Darwin", "platform_machine": "arm64"},
    "windows": {"sys_platform": "win32", "os_name": "nt", "platform_system": "Windows", "platform_machine": "AMD64"},
}
PYTHONS = ["3.10.0", "3.10.13", "3.11.0", "3.11.7", "3.12.0", "3.12.8", "3.13.0", "3.13.5"]
# The packages that decide what a notebook shows, or how the tests run: one version on every
# Python from 3.11 on, so stored outputs are the same there.
WORKBOOK = [
    "pandas", "numpy", "matplotlib", "contourpy", "pillow", "fonttools", "kiwisolver", "ipywidgets",
    "ipython", "ipykernel", "jupyterlab", "nbval", "nbformat", "nbclient", "hypothesis", "pytest",
    "pydantic", "rapidfuzz",
]


def environment_for(python: str, platform: str) -> dict[str, str]:
    """A complete marker environment for CPython ``python`` on ``platform``."""
    return {
        **PLATFORMS[platform],
        "python_version": ".".join(python.split(".")[:2]),
        "python_full_version": python,
        "implementation_name": "cpython",
        "platform_python_implementation": "CPython",
        "implementation_version": python,
        "platform_release": "",
        "platform_version": "",
        "extra": "",
    }


ENVIRONMENTS = [(python, platform) for python in PYTHONS for platform in PLATFORMS]


def pyproject() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as handle:
        return tomllib.load(handle)


def requirements() -> list[Requirement]:
    project = pyproject()["project"]
    entries = list(project["dependencies"]) + [e for extra in project["optional-dependencies"].values() for e in extra]
    return [Requirement(entry) for entry in entries]


def applies(requirement: Requirement, environment: dict[str, str]) -> bool:
    return requirement.marker is None or requirement.marker.evaluate(environment)


def lock_lines() -> list[str]:
    return (ROOT / "requirements.lock").read_text(encoding="utf-8").splitlines()


def locked() -> list[tuple[str, str, Marker | None]]:
    """Every pin of the lock as ``(name, version, marker or None)``."""
    pins = []
    for number, line in enumerate(lock_lines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = LOCK_LINE.fullmatch(line)
        assert match, f"requirements.lock line {number} is not 'name==version' with an optional ' ; marker': {line!r}"
        marker = Marker(match["marker"]) if match["marker"] else None
        pins.append((canonicalize_name(match["name"]), match["version"], marker))
    return pins


def pins_for(environment: dict[str, str]) -> dict[str, str]:
    """What ``pip install -r requirements.lock`` installs in ``environment``; fails on two pins of one package."""
    chosen: dict[str, str] = {}
    for name, version, marker in locked():
        if marker is None or marker.evaluate(environment):
            assert name not in chosen, f"{name} is pinned twice ({chosen[name]}, {version}) for {environment['python_full_version']} on {environment['sys_platform']}"
            chosen[name] = version
    return chosen


def environment_yml() -> dict:
    return yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))


def conda_requirements() -> dict[str, str]:
    """environment.yml's conda packages as PyPI name -> bound."""
    specs = {}
    for entry in environment_yml()["dependencies"]:
        if isinstance(entry, str):
            match = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9._-]*)\s*(.*)", entry)
            assert match, entry
            name = canonicalize_name(match.group(1))
            if name not in CONDA_ONLY:
                specs[CONDA_NAMES.get(name, name)] = re.sub(r"\s+", "", match.group(2))
    return specs


def pyproject_for_conda() -> dict[str, str]:
    """pyproject's requirements that hold on environment.yml's Python, as name -> bound."""
    environment = {**environment_for(CONDA_PYTHON["python_full_version"], "linux"), **CONDA_PYTHON}
    return {canonicalize_name(r.name): str(r.specifier) for r in requirements() if applies(r, environment)}


def test_the_lock_header_names_the_command_that_make_lock_runs():
    command = " ".join(["uv", *(part for part in workshop.LOCK_COMMAND if part != "--quiet")])
    assert lock_lines()[:2] == ["# This file was autogenerated by uv via the following command:", f"#    {command}"]
    assert "--universal" in workshop.LOCK_COMMAND
    assert workshop.LOCK_COMMAND[workshop.LOCK_COMMAND.index("--python-version") + 1] == "3.10"


def test_every_lock_line_is_a_plain_pip_requirement():
    pins = locked()
    assert len(pins) > 100
    for name, version, marker in pins:
        requirement = Requirement(f"{name}=={version}" + (f" ; {marker}" if marker else ""))
        assert str(requirement.specifier) == f"=={version}"
    assert "groundlab" not in {name for name, _, _ in pins}, "requirements.lock must not pin groundlab itself"


@pytest.mark.parametrize("python, platform", ENVIRONMENTS)
def test_every_requirement_is_pinned_once_within_its_bounds(python, platform):
    environment = environment_for(python, platform)
    pins = pins_for(environment)
    for requirement in requirements():
        if applies(requirement, environment):
            name = canonicalize_name(requirement.name)
            assert name in pins, f"{name} is not pinned for {python} on {platform} (run `make lock`)"
            assert requirement.specifier.contains(pins[name], prereleases=True), f"{name}=={pins[name]} is outside {requirement}"


def test_the_workbook_packages_are_the_same_on_3_11_to_3_13():
    versions = {name: set() for name in WORKBOOK}
    for python, platform in ENVIRONMENTS:
        if tuple(map(int, python.split("."))) >= (3, 11):
            pins = pins_for(environment_for(python, platform))
            for name in WORKBOOK:
                versions[name].add(pins[name])
    assert {name: found for name, found in versions.items() if len(found) != 1} == {}


def test_the_lock_covers_windows_and_macos():
    linux, macos, windows = (pins_for(environment_for("3.12.0", p)) for p in ("linux", "macos", "windows"))
    assert "pywinpty" in windows and "pywinpty" not in linux and "pywinpty" not in macos
    assert "appnope" in macos and "appnope" not in linux
    assert "pexpect" in linux and "pexpect" in macos and "pexpect" not in windows


def test_python_3_10_gets_the_last_releases_that_support_it():
    old, new = pins_for(environment_for("3.10.13", "linux")), pins_for(environment_for("3.11.7", "linux"))
    assert "tomli" in old and "tomli" not in new
    for name in ("pandas", "numpy", "matplotlib", "contourpy", "ipython"):
        assert old[name] != new[name], name


def test_environment_yml_lists_exactly_the_pyproject_packages():
    ours, conda = pyproject_for_conda(), conda_requirements()
    assert sorted(conda) == sorted(ours)


def test_environment_yml_bounds_match_pyproject():
    ours, conda = pyproject_for_conda(), conda_requirements()
    assert {name: conda[name] for name in conda} == {name: ours[name] for name in conda}


def test_environment_yml_is_python_311_and_installs_this_package():
    env = environment_yml()
    assert env["name"] == "groundlab"
    assert env["channels"] == ["conda-forge"]
    strings = [entry for entry in env["dependencies"] if isinstance(entry, str)]
    assert "python=3.11" in strings and "pip" in strings
    pip_sections = [entry["pip"] for entry in env["dependencies"] if isinstance(entry, dict)]
    assert pip_sections == [["-e ."]]


def test_project_metadata():
    data = pyproject()
    project = data["project"]
    assert project["name"] == "groundlab"
    assert project["requires-python"] == ">=3.10"
    assert project["license"] == "MIT"
    assert project["scripts"] == {"groundlab": "groundlab.cli:main"}
    assert set(project["optional-dependencies"]) == {"test", "live"}
    assert data["build-system"] == {"requires": ["hatchling>=1.27"], "build-backend": "hatchling.build"}
    targets = data["tool"]["hatch"]["build"]["targets"]
    assert targets["wheel"]["packages"] == ["groundlab"]
    assert targets["wheel"]["force-include"] == {"fixtures": "groundlab/fixtures"}
    assert targets["wheel"]["dev-mode-dirs"] == ["."]
    assert targets["sdist"]["include"] == ["/groundlab", "/fixtures", "/docs", "/README.md", "/LICENSE"]
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


def test_the_build_backend_is_locked_for_offline_installs():
    names = {canonicalize_name(r.name) for r in requirements()}
    backend = Requirement(pyproject()["build-system"]["requires"][0])
    assert {"build", canonicalize_name(backend.name)} <= names
    pins = pins_for(environment_for("3.11.7", "linux"))
    assert backend.specifier.contains(pins[canonicalize_name(backend.name)])
