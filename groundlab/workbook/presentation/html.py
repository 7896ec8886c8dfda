"""Shared helpers of the workbook's presentation (tables, charts, widgets): escaping, status marks, the palette.

Rules: every text from a model answer, a source or a learner goes through :func:`esc` before it
enters HTML; a status is never shown by colour alone (:func:`mark` and :func:`badge` carry an icon,
``✓`` / ``✗``, and a word); colours come from the Okabe–Ito palette (:data:`OKABE_ITO`), which stays
distinguishable for the common forms of colour blindness. Standard library only; the library never
imports it. See ``docs/architecture.md``, "Layers".
"""

from __future__ import annotations

import html
from typing import Any

from groundlab.workbook.catalogues import WORKBOOK_CATALOGUE
from groundlab.workbook.presentation.css import state_class

__all__ = [
    "CHECK",
    "CROSS",
    "FAIL_COLOUR",
    "OKABE_ITO",
    "PASS_COLOUR",
    "STYLE",
    "WARN",
    "badge",
    "esc",
    "mark",
    "pre",
    "status_text",
]

CHECK = "✓"
"""Icon shown next to a passing check or an accepting layer (U+2713)."""
CROSS = "✗"
"""Icon shown next to a failing check or a rejecting layer (U+2717)."""
WARN = "⚠"
"""Icon shown when the trusted input itself is wrong (U+26A0)."""

OKABE_ITO = {
    "black": "#000000",
    "orange": "#E69F00",
    "sky_blue": "#56B4E9",
    "bluish_green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish_purple": "#CC79A7",
}
"""The eight Okabe–Ito colours (Okabe & Ito 2008), name -> hex string."""

PASS_COLOUR = OKABE_ITO["bluish_green"]
"""Colour of a passing mark (always shown with :data:`CHECK` and a word)."""
FAIL_COLOUR = OKABE_ITO["vermillion"]
"""Colour of a failing mark (always shown with :data:`CROSS` and a word)."""


def esc(text: Any) -> str:
    """``html.escape(str(text), quote=True)`` (``""`` for ``None``): safe in element text and attribute values."""
    if text is None:
        return ""
    return html.escape(str(text), quote=True)


tr = WORKBOOK_CATALOGUE


def mark(passed: bool, yes: str | None = None, no: str | None = None) -> str:
    """Plain text ``"✓ <yes>"`` or ``"✗ <no>"`` (icon and word, no markup); the words default to
    ``"passed"`` and ``"FAILED"`` in the language in force."""
    if passed:
        return f"{CHECK} " + (tr("passed") if yes is None else yes)
    return f"{CROSS} " + (tr("FAILED") if no is None else no)


def status_text(status: Any) -> str:
    """Plain text for a ``Status`` or its name: ``"✓ ACCEPT"`` or ``"✗ QUOTE_NOT_SUPPORTING"``."""
    value = str(status)
    return f"{CHECK} {value}" if value == "ACCEPT" else f"{CROSS} {value}"


def badge(passed: bool, label: str, text: str, css_class: str = "") -> str:
    """An HTML ``<span>`` showing ``label: <icon> text``, the text bold when failing; everything escaped here.

    Classes: ``groundlab-badge``, ``groundlab-pass`` or ``groundlab-fail``, and ``css_class`` if given.
    """
    state = state_class(passed)
    icon = CHECK if passed else CROSS
    extra = f" {esc(css_class)}" if css_class else ""
    body = esc(text) if passed else f"<strong>{esc(text)}</strong>"
    return (
        f'<span class="groundlab-badge {state}{extra}">'
        f"{esc(label)}: {icon} {body}</span>"
    )


def pre(text: Any, css_class: str = "") -> str:
    """Text in an escaped ``<pre>`` block (``css_class`` added as its class if given)."""
    cls = f' class="{esc(css_class)}"' if css_class else ""
    return f"<pre{cls}>{esc(text)}</pre>"


STYLE = f"""<style>
.groundlab-badge {{ display: inline-block; padding: 2px 8px; margin: 2px 6px 2px 0;
  border: 2px solid; border-radius: 4px; }}
.groundlab-pass {{ border-color: {PASS_COLOUR}; }}
.groundlab-fail {{ border-color: {FAIL_COLOUR}; }}
.groundlab-grid {{ border-collapse: collapse; margin: 4px 0; }}
.groundlab-grid th, .groundlab-grid td {{ border: 1px solid #999; padding: 2px 6px;
  text-align: left; vertical-align: top; }}
.groundlab-grid tr.groundlab-failed td {{ font-weight: bold; border: 2px solid {FAIL_COLOUR}; }}
.groundlab-grid td.groundlab-result {{ white-space: nowrap; }}
.groundlab-pre {{ white-space: pre-wrap; word-break: break-all; margin: 2px 0; }}
.groundlab-pre.groundlab-parse-place {{ white-space: pre; word-break: normal; overflow-x: auto; }}
.groundlab-contract-status {{ font-weight: bold; }}
.widget-label.groundlab-pass, .widget-label.groundlab-fail {{ border: 2px solid; border-radius: 4px;
  padding: 0 6px; }}
.widget-label.groundlab-pass {{ border-color: {PASS_COLOUR}; }}
.widget-label.groundlab-fail {{ border-color: {FAIL_COLOUR}; font-weight: bold; }}
</style>"""
"""The ``<style>`` block for the ``groundlab-*`` classes, shown once per widget.

A failed trace row is bold with a thicker border; a caret box (``groundlab-parse-place``) scrolls
rather than wraps, so its caret stays under its column.
"""
