"""One claim's editors inside the claim editor: field, value, document and quote.

Part of the workbook's widgets; imports ipywidgets. A row only edits four strings; its editor
re-runs the contract. See ``docs/architecture.md``, "Layers".
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Sequence

from groundlab._extras import require

require("ipywidgets", "workbook")  # a missing package names the extra that adds it

import ipywidgets as widgets

from groundlab.core.registry import Registry
from groundlab.workbook.catalogues import WORKBOOK_CATALOGUE
from groundlab.workbook.presentation.css import CSS_CLASSES
from groundlab.workbook.presentation.lines import text_lines, visible
from groundlab.workbook.presentation.widgets.base import tag

__all__ = ["INVENTED", "NO_LINE", "ClaimRow"]

tr = WORKBOOK_CATALOGUE

INVENTED = ""
"""Value of a claim's doc picker when the cited id is not in the registry."""
NO_LINE = ""
"""Value of a claim's quote picker when no line is picked."""


MAX_PICKER_LINES = 200
"""Most lines of a document a quote picker offers; a longer document's other lines are typed."""


def _line_choices(doc: str, text: str) -> tuple[tuple[str, str], ...]:
    """The picker's options for document ``doc`` with ``text``, in the language in force."""
    return _line_choices_in(doc, text, tr("pick a line of {doc}…"), tr("({count} more lines not listed: type the quote)"))


@functools.lru_cache(maxsize=32)
def _line_choices_in(doc: str, text: str, pick: str, more: str) -> tuple[tuple[str, str], ...]:
    """The picker's options, built once per document and language (``pick``, ``more``: the two templates)."""
    lines = [line for line in text_lines(text) if line.strip()]
    options = [(pick.format(doc=visible(doc)), NO_LINE)]
    options += [(visible(line), line) for line in lines[:MAX_PICKER_LINES]]
    if len(lines) > MAX_PICKER_LINES:
        options.append((more.format(count=len(lines) - MAX_PICKER_LINES), NO_LINE))
    return tuple(options)


class ClaimRow:
    """The editors of one claim inside a :class:`~groundlab.workbook.presentation.widgets.claim_editor.ClaimEditor`.

    ``ClaimRow(claim, registry, on_change, on_remove)``, ``claim`` four ``str`` ``(field, value, doc,
    quote)``; ``on_change()`` is called after any of them changed, ``on_remove(row)`` on Remove.
    ``field``, ``value``, ``doc``, ``quote`` are ``Text`` widgets holding exactly those strings
    (``doc`` may be an invented id). ``doc_picker`` offers the registry's ids and ``"(invented id)"``
    (:data:`INVENTED`). ``quote_picker`` offers the chosen document's non-blank lines
    (:func:`~groundlab.workbook.presentation.lines.text_lines`, labelled in ``visible`` form); picking
    one writes it exactly into ``quote`` and resets to :data:`NO_LINE`. Also ``remove_button``,
    ``index_label`` (``"claim <i>"``) and ``box`` (class ``groundlab-claim-row``).
    """

    def __init__(
        self,
        claim: Sequence[str],
        registry: Registry,
        on_change: Callable[[], None],
        on_remove: Callable[["ClaimRow"], None],
    ) -> None:
        field, value, doc, quote = claim
        self._registry = registry
        self._on_change = on_change
        self._syncing = False
        wide = widgets.Layout(width="auto", flex="1 1 auto")
        self.index_label = widgets.Label(tr("claim"))
        self.field = widgets.Text(value=field, description=tr("field"), placeholder=tr("e.g. read_timeout_ms"), layout=wide)
        self.value = widgets.Text(value=value, description=tr("value"), placeholder=tr("e.g. 5000"), layout=wide)
        self.doc_picker = widgets.Dropdown(
            options=[(sid, sid) for sid in registry.by_id] + [(tr("(invented id)"), INVENTED)],
            value=doc if doc in registry.by_id else INVENTED,
            description=tr("doc"),
        )
        self.doc = widgets.Text(value=doc, placeholder=tr("a registry id, or invent one"), layout=wide)
        self.quote = widgets.Text(value=quote, description=tr("quote"), placeholder=tr("the cited words"), layout=wide)
        self.quote_picker = widgets.Dropdown(options=self._line_options(doc), value=NO_LINE)
        self.remove_button = widgets.Button(description=tr("Remove claim"), icon="trash", tooltip=tr("Remove this claim"))
        tag(
            (
                (self.field, "field"),
                (self.value, "value"),
                (self.doc, "doc"),
                (self.doc_picker, "doc_picker"),
                (self.quote, "quote"),
                (self.quote_picker, "quote_picker"),
                (self.remove_button, "remove"),
            )
        )
        self.box = widgets.VBox(
            [
                widgets.HBox([self.index_label, self.field, self.value, self.remove_button]),
                widgets.HBox([self.doc_picker, self.doc]),
                widgets.HBox([self.quote, self.quote_picker]),
            ],
            layout=widgets.Layout(border="1px solid #999", padding="4px", margin="2px 0"),
        )
        self.box.add_class(CSS_CLASSES["claim_row"])
        for text in (self.field, self.value, self.quote):
            text.observe(self._changed, names="value")
        self.doc.observe(self._doc_typed, names="value")
        self.doc_picker.observe(self._doc_picked, names="value")
        self.quote_picker.observe(self._line_picked, names="value")
        self.remove_button.on_click(lambda _button: on_remove(self))

    def claim(self) -> dict[str, str]:
        """The claim as the answer's JSON object: ``{"field", "value", "doc", "quote"}``."""
        return {
            "field": self.field.value,
            "value": self.value.value,
            "doc": self.doc.value,
            "quote": self.quote.value,
        }

    def _line_options(self, doc: str) -> list[tuple[str, str]]:
        source = self._registry.by_id.get(doc)
        if source is None:
            return [(tr("(no such document: type a quote)"), NO_LINE)]
        return list(_line_choices(doc, source.text))

    def _changed(self, _change: Any = None) -> None:
        if not self._syncing:
            self._on_change()

    def _doc_typed(self, change: Any) -> None:
        self._syncing = True
        try:
            self.doc_picker.value = change.new if change.new in self._registry.by_id else INVENTED
            self.quote_picker.options = self._line_options(change.new)
            self.quote_picker.value = NO_LINE
        finally:
            self._syncing = False
        self._on_change()

    def _doc_picked(self, change: Any) -> None:
        if self._syncing:
            return
        if change.new != INVENTED:
            self.doc.value = change.new  # _doc_typed recomputes
        elif self.doc.value in self._registry.by_id:
            self.doc.value = ""  # "(invented id)": the learner types one

    def _line_picked(self, change: Any) -> None:
        if self._syncing or change.new == NO_LINE:
            return
        self.quote.value = change.new  # _changed recomputes
        self._syncing = True
        try:
            self.quote_picker.value = NO_LINE
        finally:
            self._syncing = False
