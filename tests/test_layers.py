"""The architecture holds: layers import downwards only, light layers stay standard-library only."""

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import groundlab

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = Path(groundlab.__file__).resolve().parent
HEAVY = ["pandas", "matplotlib", "ipywidgets", "pydantic", "numpy", "httpx", "IPython", "rapidfuzz"]
# Modules that must import only the standard library and groundlab itself.
STDLIB_ONLY = ["core", "hints", "study", "lab", "cli.py", "grounding/rule.py", "grounding/masking.py", "grounding/prompt.py", "grounding/jobmatch.py", "grounding/provider.py", "grounding/claims_prompt.py", "grounding/ask.py", "view/trace.py", "view/answers.py", "view/exercise.py", "view/predict_outcome.py", "view/predict_material.py", "view/goals.py", "view/lab_exercises.py", "view/lessons", "view/lines.py", "view/css.py", "view/html.py", "view/verdict_html.py"]

pytest.importorskip("importlinter")


def _lint(root: Path) -> subprocess.CompletedProcess:
    code = "import sys; from importlinter.cli import lint_imports; sys.exit(lint_imports(config_filename='pyproject.toml', no_cache=True))"
    return subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, env={"PYTHONPATH": str(root), "PATH": ""}
    )


def test_import_linter_contracts_hold():
    result = _lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "2 kept, 0 broken" in result.stdout


def test_layer_test_fails_when_the_core_imports_presentation(tmp_path):
    shutil.copytree(PACKAGE, tmp_path / "groundlab", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    claims = tmp_path / "groundlab" / "core" / "claims.py"
    claims.write_text(claims.read_text(encoding="utf-8") + "\nfrom groundlab.view import tables\n", encoding="utf-8")
    result = _lint(tmp_path)
    assert result.returncode == 1
    assert "groundlab.core.claims -> groundlab.view.tables" in result.stdout


def test_import_groundlab_loads_only_the_standard_library():
    code = (
        "import sys; before = set(sys.modules); import groundlab, groundlab.cli, groundlab.study.run, groundlab.study.audit, groundlab.hints\n"
        "names = {m.split('.')[0] for m in set(sys.modules) - before}\n"
        "print(sorted(n for n in names if n != 'groundlab' and n not in sys.stdlib_module_names))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


# The one optional dependency a light layer may load, inside a function: the lab's fuzzy rungs.
LAZY_EXCEPTIONS = {"lab/fuzzy.py": {"rapidfuzz"}}


def test_light_layers_import_only_the_standard_library():
    files = []
    for entry in STDLIB_ONLY:
        path = PACKAGE / entry
        files += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    assert len(files) >= 10
    for path in files:
        allowed = set(sys.stdlib_module_names) | {"groundlab"} | LAZY_EXCEPTIONS.get(path.relative_to(PACKAGE).as_posix(), set())
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                roots = {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                roots = {node.module.split(".")[0]}
            else:
                continue
            assert roots <= allowed, f"{path.relative_to(PACKAGE)} imports {roots}"


def test_every_public_name_resolves_and_heavy_ones_load_lazily():
    code = (
        "import sys, groundlab\n"
        "heavy = [m for m in %r if m in sys.modules]\n"
        "assert not heavy, heavy\n"
        "missing = [n for n in groundlab.__all__ if not hasattr(groundlab, n)]\n"
        "print(missing, 'pydantic' in sys.modules)"
    ) % (HEAVY,)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[] True"


def test_unknown_public_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'verify_answers'"):
        groundlab.verify_answers  # noqa: B018


def test_every_subpackage_says_what_it_holds_and_may_import():
    for init in sorted(PACKAGE.glob("*/__init__.py")):
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
        assert doc and "\n" not in doc.strip() and "import" in doc, init


def test_no_module_is_over_about_400_lines():
    long = {str(p.relative_to(PACKAGE)): n for p in PACKAGE.rglob("*.py") if (n := len(p.read_text(encoding="utf-8").splitlines())) > 420}
    assert long == {}
