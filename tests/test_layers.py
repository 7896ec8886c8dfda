"""The architecture holds: the import-linter contracts, no import circle, and the two surfaces load lazily."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import groundlab

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = Path(groundlab.__file__).resolve().parent
HEAVY = ["pandas", "matplotlib", "ipywidgets", "pydantic", "numpy", "httpx", "IPython", "rapidfuzz"]
CONTRACTS = 4

pytest.importorskip("importlinter")


def _lint(root: Path) -> subprocess.CompletedProcess:
    code = "import sys; from importlinter.cli import lint_imports; sys.exit(lint_imports(config_filename='pyproject.toml', no_cache=True))"
    return subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, env={"PYTHONPATH": str(root), "PATH": ""}
    )


def _lint_with(tmp_path: Path, module: str, line: str) -> subprocess.CompletedProcess:
    """Lint a copy of the package in which ``module`` (a path under groundlab/) gains ``line``."""
    shutil.copytree(PACKAGE, tmp_path / "groundlab", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    path = tmp_path / "groundlab" / module
    path.write_text(path.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")
    return _lint(tmp_path)


def test_import_linter_contracts_hold():
    result = _lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"{CONTRACTS} kept, 0 broken" in result.stdout


def test_the_contracts_fail_when_the_library_imports_the_workbook(tmp_path):
    result = _lint_with(tmp_path, "core/claims.py", "from groundlab.workbook.presentation import tables")
    assert result.returncode == 1
    assert "The library never imports the workbook BROKEN" in result.stdout
    assert "groundlab.core.claims -> groundlab.workbook.presentation.tables" in result.stdout


def test_the_contracts_fail_when_a_plain_workbook_module_imports_ipywidgets(tmp_path):
    result = _lint_with(tmp_path, "workbook/exercises/goals.py", "import ipywidgets")
    assert result.returncode == 1
    assert "groundlab.workbook.exercises.goals -> ipywidgets" in result.stdout
    assert f"{CONTRACTS - 1} kept, 1 broken" in result.stdout


def _cycles() -> list[list[str]]:
    """Strongly connected groups of more than one module in the package's import graph (Tarjan)."""
    import grimp

    graph = grimp.build_graph("groundlab", cache_dir=None)
    modules = sorted(graph.modules)
    edges = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in modules}
    index, low, stack, on_stack, groups, counter = {}, {}, [], set(), [], [0]

    def visit(node: str) -> None:
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for target in edges.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for module in modules:
        if module not in index:
            visit(module)
    return groups


def test_no_import_circle_in_the_package():
    assert _cycles() == []


def test_the_cycle_finder_finds_a_circle(tmp_path):
    shutil.copytree(PACKAGE, tmp_path / "groundlab", ignore=shutil.ignore_patterns("__pycache__"))
    path = tmp_path / "groundlab" / "core" / "text.py"
    path.write_text(path.read_text(encoding="utf-8") + "\nimport groundlab.core.claims\n", encoding="utf-8")
    code = f"import sys; sys.path.insert(1, {str(ROOT / 'tests')!r}); import test_layers; print(test_layers._cycles())"
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, env={"PYTHONPATH": str(tmp_path), "PATH": ""}
    )
    assert "groundlab.core.claims" in out.stdout and "groundlab.core.text" in out.stdout, out.stdout + out.stderr


@pytest.mark.parametrize("package", ["groundlab", "groundlab.workbook"])
def test_every_public_name_resolves_and_heavy_ones_load_on_use(package):
    code = (
        f"import sys, importlib; surface = importlib.import_module({package!r})\n"
        "heavy = [m for m in %r if m in sys.modules]\n"
        "assert not heavy, heavy\n"
        "missing = [n for n in surface.__all__ if not hasattr(surface, n)]\n"
        "print(missing)"
    ) % (HEAVY,)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_import_groundlab_loads_only_the_standard_library():
    code = (
        "import sys; before = set(sys.modules)\n"
        "import groundlab, groundlab.cli, groundlab.study.run, groundlab.study.audit, groundlab.hints, groundlab.lab.report\n"
        "names = {m.split('.')[0] for m in set(sys.modules) - before}\n"
        "print(sorted(n for n in names if n != 'groundlab' and n not in sys.stdlib_module_names))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_plain_workbook_modules_load_no_widget_library():
    code = (
        "import sys\n"
        "import groundlab.workbook.exercises.answers, groundlab.workbook.exercises.goals, groundlab.workbook.lessons\n"
        "from groundlab.workbook.lessons import l00, l03, l06, l12, lab, glossary, cheatsheet, predict_hints\n"
        "print(sorted(m for m in ('ipywidgets', 'IPython', 'pandas', 'matplotlib') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_library_surface_is_small():
    # DESIGN's "about 120 names at most": 120, plus set_language, which its Languages section adds.
    assert len(groundlab.__all__) <= 121
    assert not set(groundlab.__all__) & set(__import__("groundlab.workbook").workbook.__all__)


@pytest.mark.parametrize("package", ["groundlab", "groundlab.workbook"])
def test_unknown_public_name_is_an_attribute_error(package):
    surface = __import__(package, fromlist=["_"])
    with pytest.raises(AttributeError, match=f"module '{package}' has no attribute 'verify_answers'"):
        surface.verify_answers  # noqa: B018
