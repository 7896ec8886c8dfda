"""The CSS class names the workbook's widgets put on their DOM elements, and the fonts its Chinese is set in.

Browser tests and styles find a widget's parts by these names: keep them stable. :data:`CJK_FONTS`
is the one list of Traditional Chinese fonts that the demo, the cheat sheet and the charts name.
Standard library only. See ``docs/architecture.md``, "Layers".
"""

from __future__ import annotations

__all__ = ["CJK_FONTS", "CJK_FONT_CSS", "CSS_CLASSES", "FAIL_CLASS", "PASS_CLASS", "state_class"]

CJK_FONTS = ("Noto Sans CJK TC", "Noto Sans TC", "PingFang TC", "Microsoft JhengHei")
"""Fonts with Traditional Chinese glyphs, in order of preference (Debian's ``fonts-noto-cjk``, then
macOS's and Windows' own); a page uses the first one installed, a chart these and a few more."""
CJK_FONT_CSS = ", ".join(f'"{name}"' for name in CJK_FONTS)
""":data:`CJK_FONTS` as a CSS ``font-family`` list (without a generic family)."""

CSS_CLASSES = {
    "editor": "groundlab-claim-editor",
    "mode": "groundlab-mode",
    "mode_notice": "groundlab-mode-notice",
    "raw": "groundlab-raw-input",
    "request_service": "groundlab-request-service",
    "request_environment": "groundlab-request-environment",
    "request_revision": "groundlab-request-revision",
    "request_fields": "groundlab-request-fields",
    "request_supplied": "groundlab-request-supplied",
    "claim_row": "groundlab-claim-row",
    "field": "groundlab-field-input",
    "value": "groundlab-value-input",
    "doc": "groundlab-doc-input",
    "doc_picker": "groundlab-doc-picker",
    "quote": "groundlab-quote-input",
    "quote_picker": "groundlab-quote-picker",
    "remove": "groundlab-remove-claim",
    "add": "groundlab-add-claim",
    "strict": "groundlab-strict-status",
    "citation": "groundlab-citation-status",
    "status": "groundlab-contract-status",
    "trace": "groundlab-trace-box",
    "accepted": "groundlab-accepted",
    "hints": "groundlab-hints",
    "inspector": "groundlab-quote-inspector",
    "inspector_quote": "groundlab-inspector-quote",
    "inspector_source": "groundlab-inspector-source",
    "inspector_result": "groundlab-inspector-result",
    "predict": "groundlab-predict",
    "predict_choices": "groundlab-predict-choices",
    "predict_check": "groundlab-predict-check",
    "predict_hint": "groundlab-predict-hint-button",
    "predict_hints": "groundlab-predict-hints",
    "predict_result": "groundlab-predict-result",
    "scoreboard": "groundlab-scoreboard",
}
"""Role (``str``) -> CSS class (``str``) added to that widget's DOM element."""

PASS_CLASS = "groundlab-pass"
"""Class of a passing label or badge (its border repeats the ``✓`` and the word)."""
FAIL_CLASS = "groundlab-fail"
"""Class of a failing label or badge (its border repeats the ``✗`` and the word)."""


def state_class(passed: bool) -> str:
    """:data:`PASS_CLASS` when ``passed`` is true, else :data:`FAIL_CLASS`."""
    return PASS_CLASS if passed else FAIL_CLASS
