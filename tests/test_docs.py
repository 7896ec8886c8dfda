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


def test_the_collections_are_found():
    assert len(MODULES) > 50 and "groundlab.core.claims" in MODULES
    assert len(SOURCES) > 80 and ROOT / "tools" / "workshop.py" in SOURCES


def test_sources_cite_the_project_and_the_articles_by_title_only():
    outside = re.compile(r"\bseeds?\b|DESIGN\.md|\bDESIGN\b|\.\./shared|\bseed_?0\d\d")
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in SOURCES
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if outside.search(line)
    ]
    assert found == []


# Every text file the project writes, but the vendored JSONTestSuite data (tests/core/data/JSONTestSuite).
PROJECT_TEXTS = sorted(
    {*SOURCES, *(ROOT / "tests").rglob("*.py"), *(ROOT / "notebooks").glob("*.ipynb"), *(ROOT / "docs").glob("*.md"),
     *(ROOT / d / "README.md" for d in ("fixtures", "benchmarks", "tests/core/data/JSONTestSuite")),
     *(ROOT / n for n in ("README.md", "CONTRIBUTING.md", "Makefile", "pyproject.toml", ".gitattributes", ".ci/run", "environment.yml"))}
)


def test_nothing_names_a_path_outside_the_repository():
    """The tests read only what the checkout holds (the JSONTestSuite files are vendored), so no
    code, test or document points at a folder beside it or at a variable that names one."""
    assert all(path.is_file() for path in PROJECT_TEXTS) and len(PROJECT_TEXTS) > 150
    outside = re.compile(r"\.\./shar[e]d|\bshar[e]d/|/wor[k]/shared|GROUNDLAB_JSONTESTSUIT[E]")
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in PROJECT_TEXTS
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if outside.search(line)
    ]
    assert found == []


def layers_tree() -> list[tuple[str, str]]:
    """The Layers tree of docs/architecture.md as ``(path, description)``, each path rebuilt
    from the indentation (``groundlab/workbook/presentation/widgets/``); a line that only
    continues the description above it adds no entry."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    tree = text.split("## Layers", 1)[1].split("```")[1]
    entries, parents = [], []
    for line in tree.strip("\n").splitlines():
        found = re.match(r"( *)([A-Za-z_]\w*(?:/|\.py))(?: +(.*))?$", line)
        if not found or len(found[1]) % 2 or len(found[1]) // 2 > len(parents):
            assert line.startswith(" " * 20), f"not an entry nor a continuation: {line!r}"
            continue
        depth = len(found[1]) // 2
        parents[depth:] = [found[2]]
        entries.append(("".join(parents), found[3] or ""))
    return entries


def test_the_architecture_document_shows_the_package_tree():
    """Every subpackage of groundlab is in the Layers tree, at its place, with a description;
    nothing is listed that does not exist."""
    entries = layers_tree()
    package = Path(groundlab.__file__).parent
    listed = {path for path, _ in entries}
    assert len(listed) == len(entries), "a path is listed twice"
    subpackages = {
        init.parent.relative_to(package.parent).as_posix() + "/" for init in package.rglob("__init__.py") if "__pycache__" not in init.parts
    }
    assert len(subpackages) >= 10 and "groundlab/workbook/presentation/widgets/" in subpackages
    folders = {path for path in listed if path.endswith("/")}
    assert folders == subpackages, f"not in the tree: {sorted(subpackages - folders)}; not a package: {sorted(folders - subpackages)}"
    files = sorted(path for path in listed if path.endswith(".py"))
    assert files == ["groundlab/cli.py"]
    assert all((package.parent / path).is_file() for path in files)
    assert all(description for path, description in entries if path != "groundlab/"), "every layer says what it holds"


def test_the_layers_tree_is_read_as_written():
    assert layers_tree()[:3] == [
        ("groundlab/", "the library: no required third-party dependency"),
        ("groundlab/cli.py", "groundlab run | audit | verify | lab"),
        ("groundlab/lab/", "labelled catalogues, the normalisation ladder, verifier scores"),
    ]


def test_the_architecture_document_has_its_sections():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    headings = [line for line in text.splitlines() if line.startswith("#")]
    for heading in ("## Layers", "### Order of checks", "### Parse-code precedence", "## Decisions recorded so far"):
        assert heading in headings


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
    modules = sorted((ROOT / "groundlab").rglob("*.py"))
    assert len(modules) > 50
    for path in modules:
        text = path.read_text(encoding="utf-8")
        doc = ast.get_docstring(ast.parse(text)) or ""
        total, in_module = text.count("docs/architecture.md"), doc.count("docs/architecture.md")
        if total > 1 or total != in_module:
            found[str(path.relative_to(ROOT))] = (total, in_module)
    assert found == {}, "cite docs/architecture.md once, in the module docstring: (all, in the module docstring)"
