"""The project documents itself: docstrings everywhere, its own architecture, no outside references."""

import importlib
import inspect
import pkgutil
import re
from pathlib import Path

import pytest

import groundlab

ROOT = Path(__file__).resolve().parent.parent
MODULES = sorted(
    m.name for m in pkgutil.walk_packages(groundlab.__path__, "groundlab.") if not m.name.rsplit(".", 1)[-1].startswith("_")
)
LIGHT = [m for m in MODULES if not m.startswith("groundlab.view.") or m in ("groundlab.core.trace", "groundlab.workbook.exercises.answers")]
SOURCES = sorted(p for d in ("groundlab", "tools", "benchmarks") for p in (ROOT / d).rglob("*.py"))


@pytest.mark.parametrize("name", MODULES)
def test_public_names_have_docstrings(name):
    module = importlib.import_module(name)
    assert (module.__doc__ or "").strip(), f"{name} has no module docstring"
    missing = []
    for attr, value in vars(module).items():
        if attr.startswith("_") or getattr(value, "__module__", None) != module.__name__:
            continue
        if inspect.isclass(value) or inspect.isfunction(value):
            if not (value.__doc__ or "").strip():
                missing.append(attr)
            if inspect.isclass(value):
                for member, function in vars(value).items():
                    if member.startswith("_") or not inspect.isfunction(function):
                        continue
                    if not (function.__doc__ or "").strip():
                        missing.append(f"{attr}.{member}")
    assert not missing, f"{name}: no docstring for {', '.join(missing)}"


def test_sources_cite_the_project_and_the_articles_by_title_only():
    outside = re.compile(r"\bseeds?\b|DESIGN\.md|\bDESIGN\b|\.\./shared|\bseed_?0\d\d")
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in SOURCES
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if outside.search(line)
    ]
    assert found == []


def test_the_architecture_document_names_every_layer():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    tree = text.split("## Layers", 1)[1].split("```")[1]
    import groundlab.workbook

    packages = {p.name for p in Path(groundlab.__file__).parent.iterdir() if (p / "__init__.py").exists()}
    packages |= {p.name for p in Path(groundlab.workbook.__file__).parent.iterdir() if (p / "__init__.py").exists()}
    packages |= {"widgets", "classroom", "cli.py"}
    for layer in sorted(packages):
        assert f" {layer}" in tree, f"the Layers tree in docs/architecture.md does not name {layer}"
    for heading in ("## Layers", "### Order of checks", "### Parse-code precedence", "## Decisions recorded so far"):
        assert heading in text


def test_the_public_names_are_documented_in_one_place():
    import subprocess
    import sys

    code = "import sys; sys.path.insert(0, 'tools'); import api_doc; sys.stdout.write(api_doc.render())"
    rendered = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert rendered == (ROOT / "docs" / "api.md").read_text(encoding="utf-8"), "run: python tools/api_doc.py"
    import groundlab.workbook

    for name in groundlab.__all__ + groundlab.workbook.__all__:
        assert f"| `{name}` |" in rendered, name


def test_every_cited_section_of_the_architecture_exists():
    headings = [line.lstrip("#").strip() for line in (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8").splitlines() if line.startswith("#")]
    cited = set()
    for path in SOURCES + sorted((ROOT / "tests").rglob("*.py")):
        cited |= {" ".join(c.split()) for c in re.findall(r'architecture\.md`*,? "([^"]+)"', path.read_text(encoding="utf-8"))}
    assert cited
    missing = sorted(c for c in cited if not any(h.startswith(c) for h in headings))
    assert missing == []


def test_each_module_cites_the_architecture_at_most_once_in_its_own_docstring():
    import ast

    found = {}
    for path in sorted((ROOT / "groundlab").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        doc = ast.get_docstring(ast.parse(text)) or ""
        total, in_module = text.count("docs/architecture.md"), doc.count("docs/architecture.md")
        if total > 1 or total != in_module:
            found[str(path.relative_to(ROOT))] = (total, in_module)
    assert found == {}, "cite docs/architecture.md once, in the module docstring: (all, in the module docstring)"
