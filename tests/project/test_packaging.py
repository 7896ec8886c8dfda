"""pyproject.toml, environment.yml and the two locks agree, and the locks are universal: one
pin per package for every supported CPython (3.10 to 3.13) on Linux, macOS and Windows, with
the same workbook packages on 3.11, 3.12 and 3.13.

``requirements.lock`` is the learner's (the ``workbook`` extra and the ``editable`` group),
``requirements-test.lock`` the tests' (the ``workbook`` and ``test`` extras); wherever both
pin a package they pin the same version, so a venv with both is the learner's plus the test
tools. The package itself requires nothing; each extra adds one part."""

from __future__ import annotations

import functools
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

from groundlab import _extras
from tools import workshop

ROOT = Path(__file__).resolve().parents[2]
LOCK_LINE = re.compile(r"(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)==(?P<version>[0-9][0-9A-Za-z.+!-]*)(?: ; (?P<marker>.+))?")
# Conda-only entries of environment.yml that pyproject.toml expresses differently
# (requires-python) or not at all (the installer).
CONDA_ONLY = {"python", "pip"}
# conda-forge names that differ from the PyPI names.
CONDA_NAMES = {"python-build": "build"}
# Workbook packages environment.yml installs with pip, from PyPI, under the name the lock pins
# (JupyterLab's Traditional Chinese language pack), after the checkout itself.
PIP_ONLY = ["jupyterlab-language-pack-zh-TW>=4.5"]
# environment.yml's Python, the lock's main Python.
CONDA_PYTHON = {"python_version": "3.11", "python_full_version": "3.11.7"}
PLATFORMS = {
    "linux": {"sys_platform": "linux", "os_name": "posix", "platform_system": "Linux", "platform_machine": "x86_64"},
    "macos": {"sys_platform": "darwin", "os_name": "posix", "platform_system": "Darwin", "platform_machine": "arm64"},
    "windows": {"sys_platform": "win32", "os_name": "nt", "platform_system": "Windows", "platform_machine": "AMD64"},
}
PYTHONS = ["3.10.0", "3.10.13", "3.11.0", "3.11.7", "3.12.0", "3.12.8", "3.13.0", "3.13.5"]
# The packages that decide what a notebook shows: one version on every Python from 3.11 on,
# so stored outputs are the same there; the test lock adds the ones that decide how the tests run.
WORKBOOK = [
    "pandas", "numpy", "matplotlib", "contourpy", "pillow", "fonttools", "kiwisolver", "ipywidgets",
    "ipython", "ipykernel", "jupyterlab", "nbformat", "nbclient", "pydantic", "rapidfuzz", "httpx",
]
TEST_TOOLS = ["nbval", "hypothesis", "pytest", "pytest-xdist", "playwright", "voila", "import-linter", "build"]
# lock -> (its file, the command in tools/workshop.py that writes it, the extras and groups it holds)
LOCKS = {
    "learner": ("requirements.lock", workshop.LOCK_COMMAND, ["workbook"], ["editable"]),
    "test": ("requirements-test.lock", workshop.TEST_LOCK_COMMAND, ["workbook", "test"], []),
}
EXPECTED_EXTRAS = {
    "progress": ["tqdm>=4.66"],
    "dask": ["dask>=2024.1"],
    "draft": ["pydantic>=2"],
    "live": ["httpx>=0.25"],
    "fuzzy": ["rapidfuzz>=3"],
    "workbook": ["jupyterlab>=4", "ipywidgets>=8", "pandas>=2", "matplotlib>=3.7", "pydantic>=2", "rapidfuzz>=3", "httpx>=0.25", "jupyterlab-language-pack-zh-TW>=4.5"],
}


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


def requirements(lock: str) -> list[Requirement]:
    """What pyproject.toml asks of ``lock``: its extras and its dependency groups."""
    _, _, extras, groups = LOCKS[lock]
    data = pyproject()
    entries = list(data["project"]["dependencies"])
    entries += [e for extra in extras for e in data["project"]["optional-dependencies"][extra]]
    entries += [e for group in groups for e in data["dependency-groups"][group]]
    return [Requirement(entry) for entry in entries]


def applies(requirement: Requirement, environment: dict[str, str]) -> bool:
    return requirement.marker is None or requirement.marker.evaluate(environment)


def lock_lines(lock: str) -> list[str]:
    return (ROOT / LOCKS[lock][0]).read_text(encoding="utf-8").splitlines()


@functools.lru_cache(maxsize=None)
def locked(lock: str) -> tuple[tuple[str, str, Marker | None], ...]:
    """Every pin of ``lock`` as ``(name, version, marker or None)``; read once per run."""
    pins = []
    for number, line in enumerate(lock_lines(lock), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = LOCK_LINE.fullmatch(line)
        assert match, f"{LOCKS[lock][0]} line {number} is not 'name==version' with an optional ' ; marker': {line!r}"
        marker = Marker(match["marker"]) if match["marker"] else None
        pins.append((canonicalize_name(match["name"]), match["version"], marker))
    return tuple(pins)


def pins_for(environment: dict[str, str], lock: str = "test") -> dict[str, str]:
    """What ``pip install -r LOCK`` installs in ``environment``; fails on two pins of one package."""
    chosen: dict[str, str] = {}
    for name, version, marker in locked(lock):
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
        else:
            for line in entry["pip"]:
                if line != "-e .":
                    requirement = Requirement(line)
                    specs[canonicalize_name(requirement.name)] = str(requirement.specifier)
    return specs


def workbook_for_conda() -> dict[str, str]:
    """The workbook extra's requirements that hold on environment.yml's Python, as name -> bound."""
    environment = {**environment_for(CONDA_PYTHON["python_full_version"], "linux"), **CONDA_PYTHON}
    workbook = [Requirement(e) for e in pyproject()["project"]["optional-dependencies"]["workbook"]]
    return {canonicalize_name(r.name): str(r.specifier) for r in workbook if applies(r, environment)}


@pytest.mark.parametrize("lock", LOCKS)
def test_the_lock_header_names_the_command_that_make_lock_runs(lock):
    file, command, _, _ = LOCKS[lock]
    shown = " ".join(["uv", *(part for part in command if part != "--quiet")])
    assert lock_lines(lock)[:2] == ["# This file was autogenerated by uv via the following command:", f"#    {shown}"]
    assert "--universal" in command and command[command.index("-o") + 1] == file
    assert command[command.index("--python-version") + 1] == "3.10"


def test_the_learner_lock_is_compiled_from_the_test_lock():
    assert workshop.LOCK_COMMAND[workshop.LOCK_COMMAND.index("-c") + 1] == "requirements-test.lock"
    assert (workshop.LOCK.name, workshop.TEST_LOCK.name) == ("requirements.lock", "requirements-test.lock")


@pytest.mark.parametrize("lock", LOCKS)
def test_every_lock_line_is_a_plain_pip_requirement(lock):
    pins = locked(lock)
    assert len(pins) > 100
    for name, version, marker in pins:
        requirement = Requirement(f"{name}=={version}" + (f" ; {marker}" if marker else ""))
        assert str(requirement.specifier) == f"=={version}"
    assert "groundlab" not in {name for name, _, _ in pins}, f"{LOCKS[lock][0]} must not pin groundlab itself"


@pytest.mark.parametrize("lock", LOCKS)
@pytest.mark.parametrize("python, platform", ENVIRONMENTS)
def test_every_requirement_is_pinned_once_within_its_bounds(python, platform, lock):
    environment = environment_for(python, platform)
    pins = pins_for(environment, lock)
    for requirement in requirements(lock):
        if applies(requirement, environment):
            name = canonicalize_name(requirement.name)
            assert name in pins, f"{name} is not pinned in {LOCKS[lock][0]} for {python} on {platform} (run `make lock`)"
            assert requirement.specifier.contains(pins[name], prereleases=True), f"{name}=={pins[name]} is outside {requirement}"


@pytest.mark.parametrize("python, platform", ENVIRONMENTS)
def test_the_locks_agree_the_test_lock_holding_every_learner_pin(python, platform):
    """Every package the learner's lock installs, the test lock installs too, at the same
    version, on every Python and platform: so `pip install -r requirements.lock -r
    requirements-test.lock` (tools/workshop.py's test venv) never meets two pins of one package."""
    environment = environment_for(python, platform)
    learner, test = pins_for(environment, "learner"), pins_for(environment, "test")
    assert {name: (version, test.get(name)) for name, version in learner.items() if test.get(name) != version} == {}


def test_the_test_lock_adds_the_test_tools_and_the_learner_lock_has_none():
    learner, test = (pins_for(environment_for("3.12.8", "linux"), lock) for lock in ("learner", "test"))
    assert set(TEST_TOOLS) <= set(test) and not set(TEST_TOOLS) & set(learner)
    assert set(WORKBOOK) <= set(learner)
    assert len(test) > len(learner) > 100


@pytest.mark.parametrize("lock", LOCKS)
def test_the_workbook_packages_are_the_same_on_3_11_to_3_13(lock):
    names = WORKBOOK + (TEST_TOOLS if lock == "test" else [])
    versions = {name: set() for name in names}
    for python, platform in ENVIRONMENTS:
        if tuple(map(int, python.split("."))) >= (3, 11):
            pins = pins_for(environment_for(python, platform), lock)
            for name in names:
                versions[name].add(pins[name])
    assert {name: found for name, found in versions.items() if len(found) != 1} == {}


@pytest.mark.parametrize("lock", LOCKS)
def test_the_lock_covers_windows_and_macos(lock):
    linux, macos, windows = (pins_for(environment_for("3.12.0", p), lock) for p in ("linux", "macos", "windows"))
    assert "pywinpty" in windows and "pywinpty" not in linux and "pywinpty" not in macos
    assert "appnope" in macos and "appnope" not in linux
    assert "pexpect" in linux and "pexpect" in macos and "pexpect" not in windows


@pytest.mark.parametrize("lock", LOCKS)
def test_python_3_10_gets_the_last_releases_that_support_it(lock):
    old, new = pins_for(environment_for("3.10.13", "linux"), lock), pins_for(environment_for("3.11.7", "linux"), lock)
    assert "tomli" in old and "tomli" not in new
    for name in ("pandas", "numpy", "matplotlib", "contourpy", "ipython"):
        assert old[name] != new[name], name


def test_environment_yml_lists_exactly_the_workbook_packages():
    ours, conda = workbook_for_conda(), conda_requirements()
    assert sorted(conda) == sorted(ours)


def test_environment_yml_bounds_match_pyproject():
    ours, conda = workbook_for_conda(), conda_requirements()
    assert {name: conda[name] for name in conda} == {name: ours[name] for name in conda}


def test_environment_yml_is_python_311_and_installs_this_package():
    env = environment_yml()
    assert env["name"] == "groundlab"
    assert env["channels"] == ["conda-forge"]
    strings = [entry for entry in env["dependencies"] if isinstance(entry, str)]
    assert "python=3.11" in strings and "pip" in strings
    pip_sections = [entry["pip"] for entry in env["dependencies"] if isinstance(entry, dict)]
    assert pip_sections == [["-e .", *PIP_ONLY]]


def test_the_package_requires_nothing_and_each_extra_adds_one_part():
    project = pyproject()["project"]
    extras = project["optional-dependencies"]
    assert project["dependencies"] == []
    assert set(extras) == set(EXPECTED_EXTRAS) | {"test"}
    assert {name: extras[name] for name in EXPECTED_EXTRAS} == EXPECTED_EXTRAS
    parts = {e for name in ("draft", "live", "fuzzy") for e in extras[name]}
    assert parts <= set(extras["workbook"]), "the workbook extra holds every other extra but test"
    assert not any(Requirement(e).name == "groundlab" for name in extras for e in extras[name]), "plain lists, no self-reference"


def test_every_extra_the_import_errors_name_is_in_pyproject():
    assert set(_extras.EXTRAS) == set(pyproject()["project"]["optional-dependencies"]) - {"test"}


def test_project_metadata():
    data = pyproject()
    project = data["project"]
    assert project["name"] == "groundlab"
    assert project["requires-python"] == ">=3.10"
    assert project["license"] == "MIT"
    assert project["scripts"] == {"groundlab": "groundlab.cli:main", "groundlab-workbook": "groundlab.workbook.learner:main"}
    assert data["build-system"] == {"requires": ["hatchling>=1.27"], "build-backend": "hatchling.build"}
    targets = data["tool"]["hatch"]["build"]["targets"]
    assert targets["wheel"]["packages"] == ["groundlab"]
    assert targets["wheel"]["force-include"] == {"fixtures": "groundlab/fixtures"}
    assert targets["wheel"]["dev-mode-dirs"] == ["."]
    assert targets["wheel"]["hooks"] == {"custom": {}}, "hatch_build.py adds the student notebooks to the wheel"
    assert targets["sdist"]["include"] == [
        "/groundlab", "/fixtures", "/docs", "/README.md", "/LICENSE",
        "/notebooks/[0-9][0-9]_*.ipynb", "/notebooks/zh-Hant/[0-9][0-9]_*.ipynb", "/tools/__init__.py", "/tools/notebooks.py", "/hatch_build.py",
    ], "the sdist holds what the wheel and its notebooks are built from"
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


@pytest.mark.parametrize("lock", LOCKS)
def test_the_build_backend_is_locked_for_offline_installs(lock):
    """tools/workshop.py installs the checkout with --no-build-isolation: every venv it builds,
    the learner's too, needs the locked backend (the learner's gets it from the `editable` group)."""
    data = pyproject()
    backend = Requirement(data["build-system"]["requires"][0])
    assert data["dependency-groups"]["editable"] == data["build-system"]["requires"]
    pins = pins_for(environment_for("3.11.7", "linux"), lock)
    assert backend.specifier.contains(pins[canonicalize_name(backend.name)])
    if lock == "test":
        assert "build" in pins
