"""groundlab/_extras.py: a missing optional package is an ImportError that names the extra
adding it, and only a missing one (a broken install is not reported as a missing extra).

The fresh-venv run of the same errors, with no third-party package installed at all, is in
tests/project/test_wheel.py; here the packages are hidden (``sys.modules[name] = None``)."""

from __future__ import annotations

import inspect
import json
import subprocess
import sys
from pathlib import Path

import pytest

from groundlab import _extras
from groundlab._extras import MissingExtraError, install_hint, require

ROOT = Path(__file__).resolve().parents[2]


def test_require_returns_the_module():
    import json.decoder

    assert require("json", "draft") is json
    assert require("json.decoder", "workbook") is json.decoder


def test_the_signature_other_layers_call_stays_require_module_extra():
    assert list(inspect.signature(require).parameters) == ["module", "extra"]


def test_a_missing_package_names_its_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "pydantic", None)
    with pytest.raises(ImportError) as missing:
        require("pydantic", "draft")
    error = missing.value
    assert type(error) is MissingExtraError and isinstance(error, ModuleNotFoundError)
    assert str(error) == "groundlab's draft models and explain_match need pydantic: pip install 'groundlab[draft]'"
    assert (error.name, error.extra) == ("pydantic", "draft")
    assert isinstance(error.__cause__, ModuleNotFoundError) and error.__cause__.name == "pydantic"


def test_a_missing_submodule_names_the_top_level_package():
    with pytest.raises(MissingExtraError) as missing:
        require("json.no_such_module_here", "fuzzy")
    assert missing.value.name == "json.no_such_module_here"
    assert str(missing.value).endswith("need json: pip install 'groundlab[fuzzy]'")


def test_a_broken_install_is_not_reported_as_a_missing_extra(tmp_path, monkeypatch):
    (tmp_path / "brokenpkg").mkdir()
    (tmp_path / "brokenpkg" / "__init__.py").write_text("import no_such_dependency_of_brokenpkg\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ModuleNotFoundError) as failure:
        require("brokenpkg", "draft")
    assert type(failure.value) is ModuleNotFoundError and failure.value.name == "no_such_dependency_of_brokenpkg"
    monkeypatch.delitem(sys.modules, "brokenpkg", raising=False)


def test_an_unknown_extra_is_a_value_error_even_when_the_module_is_there():
    with pytest.raises(ValueError, match=r"^unknown extra 'drafts'; groundlab's extras are draft, live, fuzzy, workbook, progress, dask$"):
        require("json", "drafts")


@pytest.mark.parametrize("extra", sorted(_extras.EXTRAS))
def test_every_hint_ends_with_the_pip_line_of_its_extra(extra):
    assert install_hint("pandas.io", extra).endswith(f" pandas: pip install 'groundlab[{extra}]'")
    assert install_hint("pandas", extra).startswith("groundlab's ")


# Each import point of an optional package, with that package hidden: (what, the code, extra).
POINTS = [
    ("import groundlab.grounding.draft", "import groundlab.grounding.draft", "pydantic"),
    ("import groundlab.grounding.explain", "import groundlab.grounding.explain", "pydantic"),
    ("groundlab.check_draft", "import groundlab; groundlab.check_draft", "pydantic"),
    ("OpenAICompatibleChatModel", "import groundlab; groundlab.OpenAICompatibleChatModel('http://127.0.0.1:1/v1', 'm')", "httpx"),
    ("fuzzy.partial_score", "from groundlab.lab import fuzzy; fuzzy.partial_score('abcdefgh', 'abcdefgh')", "rapidfuzz"),
    ("fuzzy.token_set_score", "from groundlab.lab import fuzzy; fuzzy.token_set_score('abcdefgh', 'abcdefgh')", "rapidfuzz"),
]
EXTRA_OF = {"pydantic": "draft", "httpx": "live", "rapidfuzz": "fuzzy"}


@pytest.mark.parametrize("what, code, package", POINTS, ids=[point[0] for point in POINTS])
def test_each_import_point_names_its_extra(what, code, package):
    driver = (
        "import json, sys\n"
        f"sys.modules[{package!r}] = None\n"
        "try:\n"
        f"    exec({code!r})\n"
        "except ImportError as error:\n"
        "    print(json.dumps([type(error).__name__, error.name, str(error)]))\n"
    )
    done = subprocess.run([sys.executable, "-c", driver], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    kind, name, message = json.loads(done.stdout)
    # a hidden parent makes the submodule the missing name (rapidfuzz.fuzz); a venv without the
    # package reports the package itself (tests/project/test_wheel.py)
    assert kind == "MissingExtraError" and name.split(".")[0] == package
    assert message == install_hint(package, EXTRA_OF[package])
    assert message.endswith(f"pip install 'groundlab[{EXTRA_OF[package]}]'")
