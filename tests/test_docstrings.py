"""Every public module, class and function of groundlab says what it does."""

import importlib
import inspect
import pkgutil

import pytest

import groundlab

MODULES = sorted(m.name for m in pkgutil.iter_modules(groundlab.__path__) if not m.name.startswith("_"))


@pytest.mark.parametrize("name", MODULES)
def test_public_names_have_docstrings(name):
    module = importlib.import_module(f"groundlab.{name}")
    assert (module.__doc__ or "").strip(), f"groundlab.{name} has no module docstring"
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
    assert not missing, f"groundlab.{name}: no docstring for {', '.join(missing)}"
