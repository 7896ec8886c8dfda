"""The workbook's interactive widgets, in one place: edit an answer, inspect a quote, predict.

Presentation layer (ipywidgets). Each widget lives in its own module; this module
only re-exports them (the names also load lazily from ``groundlab``):

* :class:`~groundlab.view.claim_editor.ClaimEditor` (rows:
  :class:`~groundlab.view.claim_row.ClaimRow`) -- edit an answer's claims and the
  trusted request; the contract re-runs on every edit;
* :class:`~groundlab.view.quote_inspector.QuoteInspector` -- the "No Quote, No
  Claim" check of one quote against one source;
* :class:`~groundlab.view.predict.Predict` -- an exercise whose answer
  (:mod:`groundlab.view.answers`) is computed only on *Check*;
* :class:`~groundlab.view.scoreboard.Scoreboard` -- "k of n right" over the exercises.

The HTML the editor shows is :mod:`groundlab.view.verdict_html`; the DOM class
names are :data:`groundlab.view.css.CSS_CLASSES`. See ``docs/architecture.md``,
"Layers".
"""

from __future__ import annotations

from groundlab.view.claim_editor import CLAIMS_MODE, RAW_MODE, REQUEST_INVALID, ClaimEditor
from groundlab.view.claim_row import INVENTED, NO_LINE, ClaimRow
from groundlab.view.css import CSS_CLASSES
from groundlab.view.predict import CHOOSE_FIRST, RIGHT, WRONG, Predict, PredictOutcome
from groundlab.view.quote_inspector import QuoteInspector
from groundlab.view.scoreboard import Scoreboard
from groundlab.view.verdict_html import accepted_html, hints_html, trace_html

__all__ = [
    "CHOOSE_FIRST",
    "CLAIMS_MODE",
    "CSS_CLASSES",
    "INVENTED",
    "NO_LINE",
    "RAW_MODE",
    "REQUEST_INVALID",
    "RIGHT",
    "WRONG",
    "ClaimEditor",
    "ClaimRow",
    "Predict",
    "PredictOutcome",
    "QuoteInspector",
    "Scoreboard",
    "accepted_html",
    "hints_html",
    "trace_html",
]
