"""The learner kit (tools/kit.py): the zip holds the student notebooks, the set-up page, the
feedback form, the cheat sheet and the lock, in English and in Traditional Chinese (the twins'
copies in notebooks-core/zh-Hant and notebooks-full/zh-Hant), and no answer in either language:
no instructor guide, answer key, demo notebook, solution cell, collapsed <details> block or
output. Built without the wheel (test_wheel.py checks the wheel's notebooks), so it takes about
a second."""

from __future__ import annotations

import json
import re
import shutil
import zipfile
from pathlib import Path

import pytest

from tools import kit
from tools.i18n import TWIN_NUMBERS
from tools.notebooks import LESSON_GLOB, has_core_path, read_notebook, student_copy, tags

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted((ROOT / "notebooks").glob(LESSON_GLOB))
TWINS = sorted((ROOT / "notebooks" / "zh-Hant").glob(LESSON_GLOB))


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("kit") / "kit"
    names = kit.build_kit(out, wheel=False)
    return out, names


def test_the_zip_holds_the_student_notebooks_and_the_learners_pages_only(built):
    out, names = built
    assert names == zipfile.ZipFile(out.parent / kit.ZIP_NAME).namelist()
    assert all(name.startswith(kit.ZIP_ROOT + "/") for name in names), "unzipping makes one new folder"
    inside = sorted(name.split("/", 1)[1] for name in names)
    core = [p.name for p in LESSONS if has_core_path(read_notebook(p))]
    twins_core = [p.name for p in TWINS if has_core_path(read_notebook(p))]
    assert [p.name[:2] for p in TWINS] == list(TWIN_NUMBERS) and set(twins_core) <= set(core)
    assert inside == sorted(
        ["SETUP.md", "cheatsheet.html", "feedback-form.md", "requirements.lock"]
        + ["SETUP.zh-Hant.md", "cheatsheet.zh-Hant.html", "feedback-form.zh-Hant.md"]
        + [f"notebooks-core/{n}" for n in core]
        + [f"notebooks-full/{p.name}" for p in LESSONS]
        + [f"notebooks-core/zh-Hant/{n}" for n in twins_core]
        + [f"notebooks-full/zh-Hant/{p.name}" for p in TWINS]
    )


def test_the_chinese_copies_are_the_twins_and_their_links_to_english_sections_resolve(built):
    out, _ = built
    for folder in ("notebooks-core", "notebooks-full"):
        for path in sorted((out / folder / "zh-Hant").glob(LESSON_GLOB)):
            cells = read_notebook(path)["cells"]
            assert "language" in tags(cells[1]) and 'set_language("zh-Hant")' in "".join(cells[1]["source"]), path
    anchored = 0
    for path in sorted(out.glob("notebooks-*/**/*.ipynb")):
        for cell in read_notebook(path)["cells"]:
            for target, anchor in re.findall(r"\]\(([^)#\s:]+\.ipynb)(?:#([^)\s]*))?\)", "".join(cell["source"])):
                assert (path.parent / target).is_file(), f"{path.relative_to(out)} links to {target}, which the kit lacks"
                if anchor:
                    headings = {
                        line.lstrip("#").strip().replace(" ", "-")
                        for other in read_notebook(path.parent / target)["cells"] if other["cell_type"] == "markdown"
                        for line in "".join(other["source"]).splitlines() if line.startswith("#")
                    }
                    assert anchor in headings, f"{path.relative_to(out)} links to {target}#{anchor}, a heading it lacks"
                    anchored += target.startswith("../")
    assert anchored >= 13, "each full twin links its optional sections to the English copy beside it"


def test_the_zip_holds_no_answer(built):
    out, names = built
    assert not [n for n in names if kit.FORBIDDEN_NAMES.search(n)]
    with zipfile.ZipFile(out.parent / kit.ZIP_NAME) as archive:
        for name in names:
            if name.endswith(".ipynb"):
                notebook = json.loads(archive.read(name))
                for cell in notebook["cells"]:
                    source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
                    assert "solution" not in tags(cell) and "<details" not in source.lower(), name
                    assert not cell.get("outputs"), name
                assert "widgets" not in notebook["metadata"]
    assert kit.kit_problems(out) == []


def test_the_kits_pages_are_the_docs_files(built):
    out, _ = built
    for name, source in kit.DOCS.items():
        assert (out / name).read_bytes() == (ROOT / source).read_bytes(), name


def test_kit_problems_finds_the_instructors_files_and_solutions(tmp_path):
    shutil.copyfile(ROOT / "docs" / "instructor.md", tmp_path / "instructor.md")
    shutil.copyfile(ROOT / "notebooks" / "demo_claim_editor.ipynb", tmp_path / "demo_claim_editor.ipynb")
    with_details = next(p for p in LESSONS if any("<details" in "".join(c["source"]) for c in read_notebook(p)["cells"]))
    shutil.copyfile(with_details, tmp_path / with_details.name)
    planted = read_notebook(LESSONS[0])
    planted["cells"].append({"cell_type": "markdown", "metadata": {"tags": ["solution"]}, "source": "the answer"})
    (tmp_path / "planted.ipynb").write_text(json.dumps(planted), encoding="utf-8")
    problems = kit.kit_problems(tmp_path)
    assert any(p.startswith("instructor.md: ") for p in problems)
    assert any(p.startswith("demo_claim_editor.ipynb: an instructor's file") for p in problems)
    assert f"planted.ipynb: cell {len(planted['cells']) - 1} is a solution" in problems
    assert any(p.startswith(f"{with_details.name}: cell ") and p.endswith("holds a collapsed <details> block") for p in problems)
    assert any(p.startswith(f"{with_details.name}: cell ") and p.endswith("has outputs") for p in problems)


def test_kit_problems_finds_solutions_and_instructors_files_in_the_chinese_copies(tmp_path):
    chinese = tmp_path / "notebooks-full" / "zh-Hant"
    chinese.mkdir(parents=True)
    shutil.copyfile(ROOT / "docs" / "translating.md", chinese / "講師手冊.zh-Hant.md")
    shutil.copyfile(ROOT / "docs" / "translating.md", tmp_path / "instructor.zh-Hant.md")
    planted = student_copy(read_notebook(TWINS[0]))  # a sound copy, then the planted problems
    planted["cells"].append({"cell_type": "markdown", "metadata": {"tags": ["solution"]}, "source": "答案是 5000"})
    planted["cells"].append({"cell_type": "markdown", "metadata": {"tags": ["explanation"]}, "source": "<details><summary>為什麼</summary>因為……</details>"})
    planted["cells"].append({"cell_type": "code", "metadata": {}, "source": "1", "outputs": [{"output_type": "stream", "name": "stdout", "text": "1"}]})
    (chinese / TWINS[0].name).write_text(json.dumps(planted, ensure_ascii=False), encoding="utf-8")
    n = len(planted["cells"])
    problems = kit.kit_problems(tmp_path)
    assert problems == [
        "instructor.zh-Hant.md: an instructor's file",
        f"notebooks-full/zh-Hant/{TWINS[0].name}: cell {n - 3} is a solution",
        f"notebooks-full/zh-Hant/{TWINS[0].name}: cell {n - 2} holds a collapsed <details> block",
        f"notebooks-full/zh-Hant/{TWINS[0].name}: cell {n - 1} has outputs",
        "notebooks-full/zh-Hant/講師手冊.zh-Hant.md: an instructor's file",
    ]


def test_kit_problems_looks_into_the_wheels_notebooks(tmp_path):
    planted = student_copy(read_notebook(TWINS[0]))
    planted["cells"].append({"cell_type": "markdown", "metadata": {"tags": ["solution"]}, "source": "答案"})
    inside = f"groundlab/workbook/notebooks/core/zh-Hant/{TWINS[0].name}"
    with zipfile.ZipFile(tmp_path / "groundlab-0.1.0-py3-none-any.whl", "w") as wheel:
        wheel.writestr(inside, json.dumps(planted, ensure_ascii=False))
        wheel.writestr("groundlab/workbook/notebooks/full/zh-Hant/answer-key.md", "")
    assert kit.kit_problems(tmp_path) == [
        f"groundlab-0.1.0-py3-none-any.whl: {inside}: cell {len(planted['cells']) - 1} is a solution",
        "groundlab-0.1.0-py3-none-any.whl: groundlab/workbook/notebooks/full/zh-Hant/answer-key.md",
    ]


def test_a_kit_without_the_twins_is_not_written(tmp_path, monkeypatch):
    english = tmp_path / "notebooks"
    english.mkdir()
    shutil.copyfile(LESSONS[0], english / LESSONS[0].name)
    assert kit.missing_twins(english) == [f"zh-Hant/{LESSONS[0].name}"]
    assert kit.missing_twins(ROOT / "notebooks") == []
    monkeypatch.setattr(kit, "ROOT", tmp_path)
    with pytest.raises(RuntimeError, match=rf"there is none for zh-Hant/{LESSONS[0].name}: run `python tools/i18n.py build`"):
        kit.build_kit(tmp_path / "kit", wheel=False)
    assert not (tmp_path / "kit").exists() and not (tmp_path / "kit.partial").exists()


def test_a_kit_that_would_hold_an_answer_is_not_written(tmp_path, monkeypatch):
    monkeypatch.setitem(kit.DOCS, "answer-key.md", "docs/answer-key.md")
    with pytest.raises(RuntimeError, match="answer-key.md: an instructor's file"):
        kit.build_kit(tmp_path / "kit", wheel=False)
    assert not (tmp_path / "kit").exists() and not (tmp_path / "kit.partial").exists()
    assert not (tmp_path / kit.ZIP_NAME).exists()


def test_the_wheelhouse_evaluates_the_locks_markers_for_the_target():
    linux = dict(kit.locked_for(ROOT / "requirements.lock", "linux-x86_64", "3.11"))
    windows = dict(kit.locked_for(ROOT / "requirements.lock", "windows-amd64", "3.12"))
    mac = [pin for _, pins in kit.locked_for(ROOT / "requirements.lock", "macos-arm64", "3.13") for pin in pins]
    assert list(linux) == ["3.11.0", "3.11.5"], "soupsieve is pinned by patch release of 3.11"
    assert [p for p in linux["3.11.5"]] == [p for p in linux["3.11.5"] if p.startswith("soupsieve==")]
    assert any(p.startswith("pexpect==") for p in linux["3.11.0"]) and not any(p.startswith("pywinpty==") for p in linux["3.11.0"])
    assert any(p.startswith("pywinpty==") for p in windows["3.12.0"]) and not any(p.startswith("pexpect==") for p in windows["3.12.0"])
    assert any(p.startswith("appnope==") for p in mac)
    for _, pins in kit.locked_for(ROOT / "requirements.lock", "linux-x86_64", "3.11"):
        names = [p.split("==")[0] for p in pins]
        assert len(names) == len(set(names)), "one pip call names each package once"
    with pytest.raises(ValueError, match="platform is one of"):
        kit.locked_for(ROOT / "requirements.lock", "amiga", "3.11")
    with pytest.raises(ValueError, match="3.10 to 3.13"):
        kit.locked_for(ROOT / "requirements.lock", "linux-x86_64", "3.9")
