"""Names a package exports but loads on first access (PEP 562 module ``__getattr__``).

``exports(namespace, {"module": ("Name", ...)})`` returns the ``__getattr__`` and
``__dir__`` a package's ``__init__`` assigns, so that ``import groundlab`` costs the
standard library only and a heavy name loads its module when first used.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Mapping


def exports(
    namespace: dict[str, Any], modules: Mapping[str, tuple[str, ...]]
) -> tuple[dict[str, str], Callable[[str], Any], Callable[[], list[str]]]:
    """Lazy exports for the package whose globals are ``namespace``.

    Returns ``(names, __getattr__, __dir__)``: ``names`` maps each public name to the
    module that defines it. ``__getattr__`` imports that module on first access, caches the
    value in ``namespace`` and raises :class:`AttributeError` for any other name; ``__dir__`` lists the public names.
    """
    names = {name: module for module, listed in modules.items() for name in listed}
    package = namespace["__name__"]

    def __getattr__(name: str) -> Any:
        module = names.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace.get("__all__", ())) | set(names))

    return names, __getattr__, __dir__
