"""Building blocks shared by the workbook's widgets: the plain-text form, headings, tags.

Part of the workbook's widgets; imports ipywidgets. See ``docs/architecture.md``, "Layers".
"""

from __future__ import annotations

from typing import Any, Iterable

from groundlab._extras import require

require("ipywidgets", "workbook")  # a missing package names the extra that adds it

import ipywidgets as widgets

from groundlab.workbook.presentation import html as _html
from groundlab.workbook.presentation.css import CSS_CLASSES, FAIL_CLASS, PASS_CLASS, state_class

__all__ = ["PlainRepr", "heading", "set_state_class", "show", "tag"]


class PlainRepr:
    """Mixin: the widget's ``text/plain`` form is ``repr(self)``, one stable sentence, instead of ipywidgets' cut ``VBox(...)``."""

    def _repr_mimebundle_(self, **kwargs: Any) -> dict:
        data = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        if data is None:
            data = {}
        data["text/plain"] = repr(self)
        return data


def heading(text: str) -> widgets.HTML:
    """An ``HTML`` widget showing ``text`` (escaped) in bold."""
    return widgets.HTML(f"<strong>{_html.esc(text)}</strong>")


def show(widget: widgets.Widget, visible: bool) -> None:
    """Show or hide ``widget`` (its ``layout.display``: ``None`` or ``"none"``)."""
    widget.layout.display = None if visible else "none"


def set_state_class(widget: widgets.DOMWidget, passed: bool | None) -> None:
    """Give ``widget`` the pass or the fail class (``None``: neither)."""
    for cls in (PASS_CLASS, FAIL_CLASS):
        if cls in widget._dom_classes:
            widget.remove_class(cls)
    if passed is not None:
        widget.add_class(state_class(passed))


def tag(pairs: Iterable[tuple[widgets.DOMWidget, str]]) -> None:
    """Add ``CSS_CLASSES[role]`` to each ``(widget, role)``; ``KeyError`` for an unknown role."""
    for widget, role in pairs:
        widget.add_class(CSS_CLASSES[role])
