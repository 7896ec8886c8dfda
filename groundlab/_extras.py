"""The optional extras: import a third-party module, or say which extra of groundlab adds it.

``pip install groundlab`` needs no third-party package (``pyproject.toml``: ``dependencies =
[]``); each part that does needs one extra, and imports its package through :func:`require`,
so a missing package is an ``ImportError`` that names the extra to install instead of a bare
``No module named 'pydantic'``. Standard library only; every layer may import it.
"""

from __future__ import annotations

import importlib
from types import MappingProxyType, ModuleType
from typing import Mapping

__all__ = ["EXTRAS", "MissingExtraError", "install_hint", "require"]

EXTRAS: Mapping[str, str] = MappingProxyType(
    {
        "draft": "groundlab's draft models and explain_match need",
        "live": "groundlab's OpenAICompatibleChatModel needs",
        "fuzzy": "groundlab's fuzzy scores (the checker lab's partial_95 to token_set_90) need",
        "workbook": "groundlab's workbook needs",
        "progress": "groundlab's check-log progress bar needs",
        "dask": "groundlab's Dask recipe for logs needs",
    }
)
"""Extra name (every extra of ``pyproject.toml`` but ``test``) -> the start of the error
message: the part of groundlab that needs the extra, and the verb."""


class MissingExtraError(ModuleNotFoundError):
    """A module an extra provides is not installed. ``name`` is the missing module (as
    ``ModuleNotFoundError`` sets it), ``extra`` the extra that adds it."""

    def __init__(self, message: str = "", *, name: str | None = None, extra: str = "") -> None:
        super().__init__(message, name=name)
        self.extra = extra


def install_hint(module: str, extra: str) -> str:
    """The message for a missing ``module`` of ``extra``: ``"groundlab's draft models and
    explain_match need pydantic: pip install 'groundlab[draft]'"`` for ``("pydantic", "draft")``
    (the top-level package is named). ``ValueError`` for an extra that :data:`EXTRAS` does not list."""
    if extra not in EXTRAS:
        raise ValueError(f"unknown extra {extra!r}; groundlab's extras are {', '.join(EXTRAS)}")
    return f"{EXTRAS[extra]} {module.split('.')[0]}: pip install 'groundlab[{extra}]'"


def require(module: str, extra: str) -> ModuleType:
    """Import ``module`` (a dotted name, e.g. ``"pydantic"`` or ``"rapidfuzz.fuzz"``) and return it.

    Args:
        module: the module to import, as for ``importlib.import_module``.
        extra: the extra of groundlab that installs it, a key of :data:`EXTRAS`
            (``"draft"``, ``"live"``, ``"fuzzy"``, ``"workbook"``, ``"progress"`` or ``"dask"``).

    Returns:
        The imported module.

    Raises:
        MissingExtraError: a ``ModuleNotFoundError`` (so an ``ImportError``) when ``module`` or a
            package above it is not installed; its message is :func:`install_hint`'s and names
            ``pip install 'groundlab[EXTRA]'``, its ``name`` is the missing module and its
            ``extra`` the extra. The original error is its ``__cause__``. Any other import
            failure (the package is installed but broken, or lacks a module one of its own
            imports needs) propagates unchanged: installing the extra again would not fix it.
        ValueError: ``extra`` is not an extra of groundlab.
    """
    hint = install_hint(module, extra)  # an unknown extra fails even when the module is there
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as error:
        parts = module.split(".")
        if error.name not in {".".join(parts[: i + 1]) for i in range(len(parts))}:
            raise
        raise MissingExtraError(hint, name=error.name, extra=extra) from error
