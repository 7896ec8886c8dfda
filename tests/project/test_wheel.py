"""`python -m build` makes a wheel and an sdist, and the wheel works on its own: installed into
a fresh venv outside the checkout, with no third-party package at all, `groundlab run`,
`audit`, `verify --case` and `lab` work on the packaged frozen fixtures, so do the checks,
the hints and the scores from Python, `import groundlab` needs nothing from the repository,
and each part that needs an extra says which one (`groundlab[draft]`, `[live]`, `[fuzzy]`).

The wheel is installed with `--no-deps` and `--no-index`: the package requires nothing
(`pyproject.toml`: `dependencies = []`), and no registry is asked. The build uses the locked
`build` and `hatchling` (no isolation), so it runs offline too. The tests share one build, on
one xdist worker."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.xdist_group("wheel")

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


def venv_python(venv: Path) -> Path:
    return scripts(venv) / ("python.exe" if os.name == "nt" else "python")


def groundlab_command(venv: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    command = scripts(venv) / ("groundlab.exe" if os.name == "nt" else "groundlab")
    return subprocess.run([str(command), *args], cwd=cwd, capture_output=True, text=True, timeout=120, env=clean_env())


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
    assert "[console_scripts]\ngroundlab = groundlab.cli:main\ngroundlab-workbook = groundlab.workbook.learner:main" in entry_points
    # the learner command's notebooks: the student copies of the numbered lessons, core and full, and
    # of their Traditional Chinese twins (core/zh-Hant, full/zh-Hant), and nothing else
    lessons = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    twins = sorted(p.name for p in (ROOT / "notebooks" / "zh-Hant").glob("[0-9][0-9]_*.ipynb"))
    assert [name[:2] for name in twins] == [f"{n:02d}" for n in range(13)]
    notebooks = sorted(n for n in names if n.startswith("groundlab/workbook/notebooks/"))

    def within(folder: str) -> list[str]:
        return [n.rsplit("/", 1)[1] for n in notebooks if n.rsplit("/", 1)[0] == f"groundlab/workbook/notebooks/{folder}"]

    full, core, full_zh, core_zh = within("full"), within("core"), within("full/zh-Hant"), within("core/zh-Hant")
    assert full == lessons and set(core) <= set(lessons) and "00_start_here.ipynb" in core
    assert full_zh == twins and set(core_zh) <= set(twins) & set(core) and "00_start_here.ipynb" in core_zh
    assert len(notebooks) == len(full) + len(core) + len(full_zh) + len(core_zh), "no demo notebook, nothing else"
    with zipfile.ZipFile(dist / WHEEL) as wheel:
        for name in notebooks:
            notebook = json.loads(wheel.read(name))
            cells = notebook["cells"]
            assert not [c for c in cells if "solution" in c["metadata"].get("tags", []) or c.get("outputs")], name
            assert not any("<details" in "".join(c["source"]) for c in cells), name
            assert "widgets" not in notebook["metadata"], name
            chinese = "/zh-Hant/" in name
            assert ('set_language("zh-Hant")' in "".join(cells[1]["source"])) is chinese, name


def test_the_sdist_holds_what_the_wheel_is_built_from(dist):
    with tarfile.open(dist / SDIST) as sdist:
        names = [name.split("/", 1)[1] for name in sdist.getnames() if "/" in name]
    top = {name.split("/")[0] for name in names}
    assert top == {"groundlab", "fixtures", "docs", "README.md", "LICENSE", "pyproject.toml", "PKG-INFO", ".gitignore", "notebooks", "tools", "hatch_build.py"}
    assert sorted(n for n in names if n.startswith("tools/")) == ["tools/__init__.py", "tools/notebooks.py"]
    assert "notebooks/demo_claim_editor.ipynb" not in names, "the wheel's notebooks are built from the lessons only"
    twins = sorted(f"notebooks/zh-Hant/{p.name}" for p in (ROOT / "notebooks" / "zh-Hant").glob("[0-9][0-9]_*.ipynb"))
    assert len(twins) == 13 and sorted(n for n in names if n.startswith("notebooks/zh-Hant/")) == twins, "and their Chinese twins"
    assert not [n for n in names if n.startswith("notebooks/locale/")], "the twins are committed built: the sdist needs no catalogue to make the wheel"
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


# Run in the fresh venv: the library's checks without any third-party package, and the
# ImportError of each part that needs an extra. Prints one JSON object.
ALONE = r"""
import importlib.metadata, json, sys
import groundlab
from groundlab import hints_for_verdict, is_quoted, load_case_set, score_verifier, verify_answer, verify_fields
from groundlab.lab.ladder import LADDER, run_ladder
from groundlab.lab.verifiers import contract_verifier

out = {"distributions": sorted(d.metadata["Name"].lower() for d in importlib.metadata.distributions())}
study = load_case_set()
case = study["wrong-value-real-quote"]
verdict = verify_answer(case.raw, case.request, study.sources)
out["verdict"] = verdict.status.value
out["hints"] = len(hints_for_verdict(verdict, case.request, study.sources)) > 0
out["fields"] = dict(verify_fields(study["complete"].raw, study["complete"].request, study.sources).accepted)
out["is_quoted"] = [is_quoted("READ_TIMEOUT_MS=5000", "read_timeout_ms=5000"), is_quoted("retry=true", "read_timeout_ms=5000")]
out["score"] = score_verifier(contract_verifier, name="contract").agreed
out["strict_rungs"] = [rung.check("Read  timeout", "the read timeout is 5 s") for rung in LADDER[:6]]
ladder = run_ladder(fuzzy_rungs=False)
out["ladder"] = [ladder.rungs, ladder.skipped]

def error(call):
    try:
        call()
    except ImportError as failure:
        return [type(failure).__name__, isinstance(failure, ModuleNotFoundError), failure.name, str(failure)]
    return None

out["errors"] = {
    "import draft": error(lambda: importlib.import_module("groundlab.grounding.draft")),
    "groundlab.Draft": error(lambda: groundlab.Draft),
    "groundlab.explain_match": error(lambda: groundlab.explain_match),
    "OpenAICompatibleChatModel": error(lambda: groundlab.OpenAICompatibleChatModel("http://127.0.0.1:1/v1", "m")),
    "a fuzzy rung": error(lambda: LADDER[6].check("the read timeout is", "the read timeout is 5 s")),
    "run_ladder()": error(lambda: run_ladder()),
}
out["heavy"] = sorted(m for m in ("pydantic", "httpx", "rapidfuzz", "pandas", "numpy") if m in sys.modules)
print(json.dumps(out))
"""

MISSING = {
    "draft": ("pydantic", "groundlab's draft models and explain_match need pydantic: pip install 'groundlab[draft]'"),
    "live": ("httpx", "groundlab's OpenAICompatibleChatModel needs httpx: pip install 'groundlab[live]'"),
    "fuzzy": ("rapidfuzz", "groundlab's fuzzy scores (the checker lab's partial_95 to token_set_90) need rapidfuzz: pip install 'groundlab[fuzzy]'"),
}


@pytest.fixture(scope="module")
def alone(installed, tmp_path_factory) -> dict:
    """What ``ALONE`` found in the fresh venv, run once from a folder outside the checkout."""
    folder = tmp_path_factory.mktemp("alone")
    done = subprocess.run([str(venv_python(installed)), "-c", ALONE], cwd=folder, capture_output=True, text=True, timeout=120, env=clean_env())
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_installed_wheel_has_no_third_party_package_beside_it(alone):
    assert set(alone["distributions"]) <= {"groundlab", "pip", "setuptools", "wheel"}
    assert "groundlab" in alone["distributions"]


def test_the_library_works_without_any_extra_and_each_part_names_its_extra(alone):
    out = alone
    assert out["verdict"] == "VALUE_MISMATCH" and out["hints"] is True
    assert out["fields"] == {"read_timeout_ms": "5000", "retry_enabled": "false"}
    assert out["is_quoted"] == [True, False]
    assert out["score"] == 555
    assert out["strict_rungs"] == [False, True, True, True, True, True]
    assert out["ladder"] == [["exact", "article", "is_quoted", "+nfkc", "+invisible", "+hyphen"], ["partial_95", "partial_90", "partial_80", "token_set_90"]]
    extra_of = {
        "import draft": "draft", "groundlab.Draft": "draft", "groundlab.explain_match": "draft",
        "OpenAICompatibleChatModel": "live", "a fuzzy rung": "fuzzy", "run_ladder()": "fuzzy",
    }
    expected = {what: ["MissingExtraError", True, *MISSING[extra]] for what, extra in extra_of.items()}
    assert out["errors"] == expected
    assert out["heavy"] == []


def test_verify_a_case_without_any_extra(installed, elsewhere):
    rejected = groundlab_command(installed, "verify", "--case", "wrong-value-real-quote", cwd=elsewhere)
    assert rejected.returncode == 1, rejected.stdout + rejected.stderr
    assert rejected.stdout.startswith("status: VALUE_MISMATCH\n")
    assert "hint: prod-v2 has read_timeout_ms=5000 (line 1); the claim says '2000'." in rejected.stdout
    accepted = groundlab_command(installed, "verify", "--case", "complete", "--json", cwd=elsewhere)
    assert accepted.returncode == 0, accepted.stdout + accepted.stderr
    assert json.loads(accepted.stdout)["status"] == "ACCEPT"


def test_lab_without_rapidfuzz_leaves_the_fuzzy_rungs_out_and_says_which_extra_adds_them(installed, elsewhere):
    done = groundlab_command(installed, "lab", cwd=elsewhere)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "+hyphen         257 of 260            9 of 183" in done.stdout  # the same counts, a narrower column
    lines = done.stdout.splitlines()
    table = lines[2:lines.index("")]
    assert [line.split()[0] for line in table[:-1]] == ["exact", "article", "is_quoted", "+nfkc", "+invisible", "+hyphen"]
    assert table[-1] == (
        "the fuzzy rungs (partial_95, partial_90, partial_80, token_set_90) are left out: "
        "they need rapidfuzz (pip install 'groundlab[fuzzy]')"
    )
    assert "overall               555    555  100.0%" in done.stdout
    data = json.loads(groundlab_command(installed, "lab", "--json", "--per-kind", "0", cwd=elsewhere).stdout)
    assert [row["rung"] for row in data["ladder"]] == ["exact", "article", "is_quoted", "+nfkc", "+invisible", "+hyphen"]
    assert data["ladder"][5] == {"rung": "+hyphen", "rescued": 257, "faithful": 260, "let_through": 9, "unfaithful": 183}
    assert data["skipped"] == {"rungs": ["partial_95", "partial_90", "partial_80", "token_set_90"], "why": MISSING["fuzzy"][1]}
    assert {v["verifier"]: v["agreed"] for v in data["verifiers"]} == {"contract": 555, "citation-only": 280, "quotes-exist": 164}


def test_the_learner_command_copies_the_packaged_notebooks_and_checks_the_install(installed, elsewhere):
    command = scripts(installed) / ("groundlab-workbook.exe" if os.name == "nt" else "groundlab-workbook")
    start = subprocess.run([str(command), "start", "room", "--copy-only"], cwd=elsewhere, capture_output=True, text=True, timeout=120, env=clean_env())
    assert start.returncode == 0, start.stdout + start.stderr
    copied = sorted(p.name for p in (elsewhere / "room").iterdir())
    assert copied[0] == "00_start_here.ipynb" and "demo_claim_editor.ipynb" not in copied
    again = subprocess.run([str(command), "start", "room", "--copy-only"], cwd=elsewhere, capture_output=True, text=True, timeout=120, env=clean_env())
    assert again.returncode == 2 and "already exists and is not empty" in again.stderr
    check = subprocess.run([str(command), "check"], cwd=elsewhere, capture_output=True, text=True, timeout=120, env=clean_env())
    assert check.returncode == 1, check.stdout + check.stderr
    assert "PROBLEM jupyterlab is not installed" in check.stdout and "core notebooks packaged" in check.stdout
