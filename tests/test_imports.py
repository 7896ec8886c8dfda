"""The core stays light: standard library only, nothing heavy on `import groundlab`."""

import ast
import subprocess
import sys
from pathlib import Path

import groundlab

CORE = ["claims", "registry", "contract", "baselines", "fixtures", "study", "audit", "cli"]
HEAVY = ["pandas", "matplotlib", "ipywidgets", "pydantic", "numpy", "httpx", "IPython"]


def test_import_groundlab_loads_no_heavy_package():
    code = (
        "import sys, groundlab, groundlab.cli, groundlab.study, groundlab.audit\n"
        f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_core_modules_import_only_the_standard_library_and_each_other():
    package = Path(groundlab.__file__).parent
    allowed = set(sys.stdlib_module_names) | {"groundlab"}
    for name in CORE:
        tree = ast.parse((package / f"{name}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                roots = [alias.name.split(".")[0] for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                roots = [node.module.split(".")[0]]
            else:
                continue
            assert set(roots) <= allowed, f"groundlab/{name}.py imports {roots}"


def test_core_never_imports_presentation():
    package = Path(groundlab.__file__).parent
    for name in CORE:
        text = (package / f"{name}.py").read_text(encoding="utf-8")
        for presentation in ("tables", "charts", "widgets"):
            assert f"from .{presentation}" not in text and f"groundlab.{presentation}" not in text, name
