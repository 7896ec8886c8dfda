"""The quote inspector: check one quote against one source the way "No Quote, No Claim" does.

Part of the workbook's widgets; imports ipywidgets. The rule is :mod:`groundlab.grounding.rule`
(the job-match article, "No Quote, No Claim"); the verbatim check is the configuration contract's
citation check (the configuration article, "a real citation can still support a wrong answer").
See ``docs/architecture.md``, "Layers".
"""

from __future__ import annotations

from groundlab._extras import require

require("ipywidgets", "workbook")  # a missing package names the extra that adds it

import ipywidgets as widgets

from groundlab.grounding.rule import MIN_QUOTE_CHARS, has_visible_content, is_quoted, normalize_quote
from groundlab.hints import closest_window, quote_hints
from groundlab.workbook.catalogues import WORKBOOK_CATALOGUE
from groundlab.workbook.presentation import html as _html
from groundlab.workbook.presentation.verdict_html import hints_html
from groundlab.workbook.presentation.widgets.base import PlainRepr, tag

__all__ = ["QuoteInspector"]

tr = WORKBOOK_CATALOGUE


SHOWN_SOURCE_CHARS = 2000
"""Most characters of the normalised source the inspector shows (a 1 MB source is cut, and says so)."""


def _shown_source(norm_source: str) -> str:
    if len(norm_source) <= SHOWN_SOURCE_CHARS:
        return repr(norm_source)
    rest = len(norm_source) - SHOWN_SOURCE_CHARS
    return tr("{text} … ({count} more characters not shown)").format(text=repr(norm_source[:SHOWN_SOURCE_CHARS]), count=rest)


class QuoteInspector(PlainRepr, widgets.VBox):
    """Check one quote against one source the way "No Quote, No Claim" does, on every edit.

    ``QuoteInspector(quote="", source="")``: :attr:`quote_input` (``Text``) and :attr:`source_input`
    (``Textarea``); ``TypeError`` for a non-``str`` argument. On every edit :attr:`result` (``HTML``,
    escaped) shows both normal forms (``repr``), whether ``is_quoted`` finds the quote and whether it
    is verbatim, the hints for the first check that fails (``quote_hints(..., normalized=True)``
    when not found, the verbatim hints when found but not verbatim) and, unless verbatim, the
    closest window of the source (when no hint shows an alignment already). State: :attr:`found`, :attr:`verbatim`, :attr:`hints` and
    :attr:`window` (``None`` when verbatim or an input is empty).
    """

    def __init__(self, quote: str = "", source: str = "") -> None:
        super().__init__()
        if not isinstance(quote, str) or not isinstance(source, str):
            raise TypeError("quote and source must be str")
        self.quote_input = widgets.Text(
            value=quote, description=tr("quote"), placeholder=tr("the words the model cited"),
            layout=widgets.Layout(width="100%"),
        )
        self.source_input = widgets.Textarea(
            value=source, description=tr("source"), rows=6, placeholder=tr("the text that was sent to the model"),
            layout=widgets.Layout(width="100%"),
        )
        self.result = widgets.HTML("")
        tag(
            (
                (self, "inspector"),
                (self.quote_input, "inspector_quote"),
                (self.source_input, "inspector_source"),
                (self.result, "inspector_result"),
            )
        )
        self.found = False
        self.verbatim = False
        self.hints: tuple = ()
        self.window = None
        self.quote_input.observe(lambda _c: self.refresh(), names="value")
        self.source_input.observe(lambda _c: self.refresh(), names="value")
        self.children = [widgets.HTML(_html.STYLE), self.quote_input, self.source_input, self.result]
        self.refresh()

    def __repr__(self) -> str:
        return tr("QuoteInspector: type a quote and a source to see how they are compared")

    def refresh(self) -> None:
        """Recompute everything from the two inputs and redraw :attr:`result`."""
        quote, source = self.quote_input.value, self.source_input.value
        norm_quote, norm_source = normalize_quote(quote), normalize_quote(source)
        self.found = is_quoted(quote, source)
        self.verbatim = bool(quote) and quote in source
        if not quote:
            self.hints = ()
        elif not self.found:
            self.hints = tuple(quote_hints(quote, source, normalized=True))
        elif not self.verbatim:
            self.hints = tuple(quote_hints(quote, source))
        else:
            self.hints = ()
        self.window = closest_window(quote, source) if quote and source and not self.verbatim else None
        quote_heading, source_heading = _html.esc(tr("normalised quote")), _html.esc(tr("normalised source"))
        parts = [
            '<table class="groundlab-grid"><tbody>',
            f"<tr><th>{quote_heading}</th><td>{_html.pre(repr(norm_quote), 'groundlab-pre')}</td></tr>",
            f"<tr><th>{source_heading}</th><td>{_html.pre(_shown_source(norm_source), 'groundlab-pre')}</td></tr>",
            "</tbody></table>",
            "<p>",
            _html.badge(self.found, tr("found after normalising"), tr("yes") if self.found else tr("no"), "groundlab-found"),
            _html.badge(
                self.verbatim, tr("verbatim (exact substring)"), tr("yes") if self.verbatim else tr("no"), "groundlab-verbatim"
            ),
            "</p>",
        ]
        if not quote:
            parts.append("<p>" + _html.esc(tr("Type a quote.")) + "</p>")
        else:
            if len(norm_quote) < MIN_QUOTE_CHARS:
                parts.append(
                    f"<p>{_html.CROSS} "
                    + _html.esc(tr("The normalised quote is {count} character(s) long; a quote needs at least {minimum}.").format(
                        count=len(norm_quote), minimum=MIN_QUOTE_CHARS
                    ))
                    + "</p>"
                )
            elif not has_visible_content(norm_quote):
                parts.append(
                    f"<p>{_html.CROSS} "
                    + _html.esc(tr("The normalised quote has no visible character that is not punctuation, so it never counts."))
                    + "</p>"
                )
            if not self.found:
                parts.append("<p>" + _html.esc(tr("Why it is not found after normalising:")) + "</p>")
            elif not self.verbatim:
                parts.append(
                    "<p>" + tr("Found after normalising, but not verbatim (the contract's citation check) because:") + "</p>"  # our own words
                )
            parts.append(hints_html(self.hints))
        shown_alignment = any(getattr(h, "detail", "") for h in self.hints)
        if self.window is not None and not shown_alignment:
            parts.append(
                "<p>" + _html.esc(tr("Closest part of the source (similarity {ratio}):").format(ratio=f"{self.window.ratio:.2f}")) + "</p>"
                + _html.pre(self.window.alignment, "groundlab-pre groundlab-alignment")
            )
        self.result.value = "".join(parts)
