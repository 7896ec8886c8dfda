"""The learner's command, groundlab-workbook: `start` copies the student notebooks into a new
folder and never over files, `check` says what is wrong in plain words, and the library's own
command stays apart from it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import shutil

import pytest

from groundlab.workbook import learner
from tools.notebooks import LESSON_GLOB, write_student_copies

ROOT = Path(__file__).resolve().parents[2]

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib


@pytest.fixture(scope="module")
def packaged(tmp_path_factory):
    """Student copies as the wheel packages them (core), in a temporary folder."""
    folder = tmp_path_factory.mktemp("packaged") / "core"
    write_student_copies(ROOT / "notebooks", folder, core_only=True)
    return folder


def test_the_learner_command_is_a_console_script_beside_the_librarys():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["scripts"] == {"groundlab": "groundlab.cli:main", "groundlab-workbook": "groundlab.workbook.learner:main"}
    assert list(learner.WORKBOOK_EXTRA) == project["optional-dependencies"]["workbook"]


def test_start_copies_the_notebooks_into_a_new_folder(packaged, tmp_path):
    written = learner.copy_notebooks(tmp_path / "mine", source=packaged)
    assert [p.name for p in written] == sorted(p.name for p in packaged.glob("*.ipynb"))
    assert written[0].name == "00_start_here.ipynb"
    assert all(p.read_bytes() == (packaged / p.name).read_bytes() for p in written)
    assert [p.name for p in tmp_path.iterdir()] == ["mine"], "no staging folder is left behind"


def test_start_in_chinese_puts_the_twins_beside_the_english_copies(packaged, tmp_path):
    write_student_copies(ROOT / "notebooks" / "zh-Hant", packaged / "zh-Hant", core_only=True)
    try:
        written = learner.copy_notebooks(tmp_path / "mine", source=packaged, language="zh-Hant")
    finally:
        shutil.rmtree(packaged / "zh-Hant")
    chinese = [p for p in written if p.parent.name == "zh-Hant"]
    assert [p.name for p in chinese] == [f.name for f in sorted((ROOT / "notebooks" / "zh-Hant").glob("*.ipynb"))]
    assert written[: len(chinese)] == chinese and chinese[0].name == "00_start_here.ipynb"
    assert sorted(p.name for p in written[len(chinese):]) == sorted(p.name for p in packaged.glob("*.ipynb"))
    assert 'set_language(\\"zh-Hant\\")' in chinese[0].read_text(encoding="utf-8")
    command = learner.lab_command(tmp_path / "mine", browser=False, inside="zh-Hant")
    assert command[-1] == str(tmp_path / "mine") and "--LabApp.default_url=/lab/tree/zh-Hant" in command
    with pytest.raises(FileNotFoundError):  # a wheel without the twins: said, nothing written
        learner.copy_notebooks(tmp_path / "other", source=packaged, language="zh-Hant")
    assert not (tmp_path / "other").exists()


def test_start_refuses_an_unknown_language(capsys, tmp_path):
    assert learner.main(["start", str(tmp_path / "x"), "--language", "fr", "--copy-only"]) == 2
    assert "no language 'fr'" in capsys.readouterr().err and not (tmp_path / "x").exists()


def test_start_takes_an_empty_folder(packaged, tmp_path):
    (tmp_path / "empty").mkdir()
    assert len(learner.copy_notebooks(tmp_path / "empty", source=packaged)) == len(list(packaged.glob("*.ipynb")))


@pytest.mark.parametrize("existing", ["folder with a file", "a file"])
def test_start_refuses_a_folder_with_files_and_writes_nothing(packaged, tmp_path, existing, capsys, monkeypatch):
    target = tmp_path / "work"
    if existing == "a file":
        target.write_text("mine", encoding="utf-8")
    else:
        target.mkdir()
        (target / "00_start_here.ipynb").write_text("my own work", encoding="utf-8")
    with pytest.raises(FileExistsError, match="already exists and is not empty: the workbook never writes over files"):
        learner.copy_notebooks(target, source=packaged)
    monkeypatch.setattr(learner, "packaged_notebooks", lambda path="core": packaged)
    assert learner.main(["start", str(target), "--copy-only"]) == 2
    assert "groundlab-workbook open" in capsys.readouterr().err
    kept = target.read_text(encoding="utf-8") if existing == "a file" else (target / "00_start_here.ipynb").read_text(encoding="utf-8")
    assert kept in ("mine", "my own work")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["work"]


def test_start_without_packaged_notebooks_says_where_they_come_from(tmp_path):
    with pytest.raises(FileNotFoundError, match="install groundlab from the kit's wheel"):
        learner.copy_notebooks(tmp_path / "new", source=tmp_path / "nothing")
    assert not (tmp_path / "new").exists()


def test_start_opens_jupyterlab_in_the_new_folder(packaged, tmp_path, monkeypatch, capsys):
    calls = []
    monkeypatch.setattr(learner, "packaged_notebooks", lambda path="core": packaged)
    monkeypatch.setattr(learner, "launch", lambda command: calls.append(command) or 0)
    assert learner.main(["start", str(tmp_path / "room"), "--no-browser"]) == 0
    [command] = calls
    assert command[:3] == [sys.executable, "-m", "jupyterlab"] and "--ip=127.0.0.1" in command
    assert "--no-browser" in command and command[-1] == str(tmp_path / "room")
    assert "begin with 00_start_here.ipynb" in capsys.readouterr().out
    calls.clear()
    assert learner.main(["open", str(tmp_path / "room")]) == 0 and "--no-browser" not in calls[0]
    assert learner.main(["open", str(tmp_path / "nowhere")]) == 2


@pytest.fixture
def imported(monkeypatch):
    """check_install's imports, recorded instead of run (importing JupyterLab, pandas and matplotlib costs seconds)."""
    import importlib

    names, real = [], importlib.import_module
    workbook = {r.split(">=")[0].replace("-", "_") for r in learner.WORKBOOK_EXTRA}  # import names
    monkeypatch.setattr(learner.importlib, "import_module", lambda name, *a: names.append(name) if name in workbook else real(name, *a))
    return names


def test_check_reports_each_part_and_what_to_do(monkeypatch, tmp_path, packaged, imported):
    found = learner.check_install()
    assert imported == [r.split(">=")[0].replace("-", "_") for r in learner.WORKBOOK_EXTRA]
    assert found[0].ok is True and found[0].what.startswith("Python ")
    whats = [f.what for f in found]
    for requirement in learner.WORKBOOK_EXTRA:
        name = requirement.split(">=")[0]
        assert any(w.startswith(f"{name} ") for w in whats), name
    kernel = [f for f in found if "python3 kernel" in f.what]
    assert len(kernel) == 1 and kernel[0].ok in (True, None), kernel
    # a checkout has no packaged notebooks: that is a problem, with what to do
    missing = [f for f in found if "packaged" in f.what]
    assert [f.ok for f in missing] == [False] * 4 and all("install the wheel from the kit" in f.fix for f in missing)
    assert [f.what for f in missing][1] == "no packaged core notebooks in Traditional Chinese (this groundlab is not installed from the kit's wheel)"
    monkeypatch.setattr(learner, "packaged_notebooks", lambda path="core", language="en": packaged if language == "en" else packaged / language)
    write_student_copies(ROOT / "notebooks" / "zh-Hant", packaged / "zh-Hant", core_only=True)
    try:
        found = [f.what for f in learner.check_install() if "packaged" in f.what]
    finally:
        shutil.rmtree(packaged / "zh-Hant")
    english, chinese = len(list(packaged.glob(LESSON_GLOB))), len(list((ROOT / "notebooks" / "zh-Hant").glob(LESSON_GLOB)))
    assert found == [
        f"{english} core notebooks packaged", f"{chinese} core notebooks packaged in Traditional Chinese",
        f"{english} full notebooks packaged", f"{chinese} full notebooks packaged in Traditional Chinese",
    ]


def test_check_names_a_package_that_does_not_import(monkeypatch, imported):
    monkeypatch.setattr(learner, "importlib", type("stub", (), {"import_module": staticmethod(lambda name: 1 / 0 if name == "pandas" else None)}))
    [pandas] = [f for f in learner.check_install() if f.what.startswith("pandas ")]
    assert pandas.ok is False and pandas.what.endswith("is installed but does not import (ZeroDivisionError: division by zero)")
    assert pandas.fix.startswith("make a new venv and install the kit again")


def test_check_names_a_missing_package_and_an_old_python(monkeypatch, capsys, imported):
    from importlib import metadata

    real = metadata.version
    monkeypatch.setattr(metadata, "version", lambda name: (_ for _ in ()).throw(metadata.PackageNotFoundError(name)) if name == "rapidfuzz" else real(name))
    monkeypatch.setattr(learner.sys, "version_info", (3, 9, 18, "final", 0))
    findings = learner.check_install()
    assert findings[0] == learner.Finding(False, f"Python {sys.implementation.name} {learner.platform.python_version()} is too old: the workbook needs 3.10 to 3.13", findings[0].fix)
    assert learner.Finding(False, "rapidfuzz is not installed", "install the kit again (SETUP.md, step 3); it installs every package the workbook needs") in findings
    assert learner.main(["check"]) == 1
    out = capsys.readouterr().out
    assert "PROBLEM rapidfuzz is not installed\n        what to do: install the kit again" in out
    assert out.rstrip().endswith("then run `groundlab-workbook check` again")


def test_check_runs_as_a_module_without_the_widget_libraries():
    code = "import sys, groundlab.workbook.learner as l; print(sorted(m for m in ('ipywidgets', 'pandas', 'matplotlib') if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": ""})
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.replace("'", '"')) == []


def test_copying_names_a_language_it_does_not_have_and_reads_its_aliases(packaged, tmp_path):
    for bad in ("fr", "", "zh-Hant/../../core"):
        with pytest.raises(ValueError, match="groundlab has no language"):
            learner.copy_notebooks(tmp_path / "x", source=packaged, language=bad)
    with pytest.raises(TypeError):
        learner.copy_notebooks(tmp_path / "x", source=packaged, language=None)
    assert not (tmp_path / "x").exists()
    assert learner.packaged_notebooks("core", "zh_TW") == learner.packaged_notebooks("core", "zh-Hant")
