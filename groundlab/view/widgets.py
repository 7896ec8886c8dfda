"""Interactive widgets of the workbook: edit an answer, inspect a quote, predict a verdict.

Presentation layer (ipywidgets; the core never imports this module). Three widgets
and a score:

* :class:`ClaimEditor` -- edit an answer's claims (or its raw JSON) and the trusted
  request; on every edit the contract re-runs and the editor shows, side by side, the
  strict-JSON decision, the citation-only decision and the contract status, then the
  trace as a ladder, the accepted map and the near-miss hints;
* :class:`QuoteInspector` -- the "no quote, no claim" check of one quote against one
  source: both normal forms, found or not, the verbatim check, the hints;
* :class:`Predict` -- an exercise: choose a verdict, press *Check*; the library
  computes the answer only then (nothing is stored before);
* :class:`Scoreboard` -- "k of n right" over the :class:`Predict` exercises of a
  notebook.

Safety: every string that came from an answer, a source or a learner is escaped with
``html.escape`` before it reaches an ``HTML`` widget; text-only widgets (``Label``,
``Text``, ``Dropdown`` options) render it as text. A status is shown with an icon and
a word (``✗ QUOTE_NOT_SUPPORTING``), never by colour alone.

Stable CSS classes (``add_class``) let browser tests find the parts; they are listed
in :data:`CSS_CLASSES`.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Iterable, NamedTuple, Sequence

import ipywidgets as widgets

from groundlab.view import html as _html
from groundlab.core.claims import ERROR_CODES, MAX_CLAIMS, Claim, ClaimsSyntaxError, parse_claims
from groundlab.core.contract import Status, Verdict, verify_answer
from groundlab.core.registry import Registry, Request, Source
from groundlab.view.trace import decided_row, trace_rows

__all__ = [
    "CSS_CLASSES",
    "ClaimEditor",
    "ClaimRow",
    "Predict",
    "PredictOutcome",
    "QuoteInspector",
    "Scoreboard",
    "accepted_html",
    "hints_html",
    "ladder_html",
]

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
    "ladder": "groundlab-ladder-box",
    "accepted": "groundlab-accepted",
    "hints": "groundlab-hints",
    "inspector": "groundlab-quote-inspector",
    "inspector_quote": "groundlab-inspector-quote",
    "inspector_source": "groundlab-inspector-source",
    "inspector_result": "groundlab-inspector-result",
    "predict": "groundlab-predict",
    "predict_choices": "groundlab-predict-choices",
    "predict_check": "groundlab-predict-check",
    "predict_result": "groundlab-predict-result",
    "scoreboard": "groundlab-scoreboard",
}
"""Role -> CSS class added to the widget's DOM element (for browser tests and styles)."""

CLAIMS_MODE = "Claims"
"""Value of :attr:`ClaimEditor.mode` when the claims are edited one by one."""
RAW_MODE = "Raw JSON"
"""Value of :attr:`ClaimEditor.mode` when the answer text is edited directly."""
INVENTED = ""
"""Value of a claim's doc picker when the cited id is not in the registry."""
NO_LINE = ""
"""Value of a claim's quote picker when no line is picked."""
REQUEST_INVALID = f"{_html.WARN} REQUEST INVALID"
""":attr:`ClaimEditor.status_label` text while the edited request itself is wrong."""


def _hints_module():
    from groundlab import hints  # imported on use: the hints module is part of the core

    return hints


class _PlainRepr:
    """Mixin: the widget's ``text/plain`` form is ``repr(self)``, not truncated.

    ipywidgets would store ``VBox(children=(...))`` (cut at 110 characters) in the
    notebook; the workbook stores one stable sentence naming the widget instead.
    """

    def _repr_mimebundle_(self, **kwargs: Any) -> dict:
        data = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        if data is None:
            data = {}
        data["text/plain"] = repr(self)
        return data


def _heading(text: str) -> widgets.HTML:
    return widgets.HTML(f"<strong>{_html.esc(text)}</strong>")


def _show(widget: widgets.Widget, visible: bool) -> None:
    widget.layout.display = None if visible else "none"


def _set_state_class(widget: widgets.DOMWidget, passed: bool | None) -> None:
    for cls in ("groundlab-pass", "groundlab-fail"):
        if cls in widget._dom_classes:
            widget.remove_class(cls)
    if passed is not None:
        widget.add_class("groundlab-pass" if passed else "groundlab-fail")


def _document_lines(source: Source | None) -> list[str]:
    if source is None:
        return []
    return [line for line in source.text.splitlines() if line.strip()]


# ====================================================================== ClaimEditor


class ClaimRow:
    """The editors of one claim inside a :class:`ClaimEditor`.

    Attributes (all ipywidgets):

    * ``field``, ``value``, ``doc``, ``quote`` -- ``Text`` widgets holding exactly the
      four strings of the claim (``doc`` may hold an invented id);
    * ``doc_picker`` -- ``Dropdown`` of the registry's ids plus ``"(invented id)"``
      (value :data:`INVENTED`); picking an id writes it into ``doc``;
    * ``quote_picker`` -- ``Dropdown`` of the non-empty lines of the chosen document;
      picking a line writes it into ``quote`` and the picker returns to
      :data:`NO_LINE`;
    * ``remove_button`` -- removes the claim;
    * ``box`` -- the row's container (class ``groundlab-claim-row``);
    * ``index_label`` -- ``Label`` showing ``"claim <i>"``.

    ``on_change()`` is called after any of the four strings changed; ``on_remove(row)``
    when the remove button is clicked.
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
        self.index_label = widgets.Label("claim")
        self.field = widgets.Text(value=field, description="field", placeholder="e.g. read_timeout_ms", layout=wide)
        self.value = widgets.Text(value=value, description="value", placeholder="e.g. 5000", layout=wide)
        self.doc_picker = widgets.Dropdown(
            options=[(sid, sid) for sid in registry.by_id] + [("(invented id)", INVENTED)],
            value=doc if doc in registry.by_id else INVENTED,
            description="doc",
        )
        self.doc = widgets.Text(value=doc, placeholder="a registry id, or invent one", layout=wide)
        self.quote = widgets.Text(value=quote, description="quote", placeholder="the cited words", layout=wide)
        self.quote_picker = widgets.Dropdown(options=self._line_options(doc), value=NO_LINE)
        self.remove_button = widgets.Button(description="Remove claim", icon="trash", tooltip="Remove this claim")
        for widget, role in (
            (self.field, "field"),
            (self.value, "value"),
            (self.doc, "doc"),
            (self.doc_picker, "doc_picker"),
            (self.quote, "quote"),
            (self.quote_picker, "quote_picker"),
            (self.remove_button, "remove"),
        ):
            widget.add_class(CSS_CLASSES[role])
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
            return [("(no such document: type a quote)", NO_LINE)]
        return [(f"pick a line of {doc}…", NO_LINE)] + [(line, line) for line in _document_lines(source)]

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


class ClaimEditor(_PlainRepr, widgets.VBox):
    """Edit an answer and its request; see the contract decide on every edit.

    ``ClaimEditor(raw, request, sources, title=None)``: ``raw`` is the answer text
    (``str``), ``request`` the trusted :class:`~groundlab.core.registry.Request`,
    ``sources`` a :class:`~groundlab.core.registry.Registry` or an iterable of
    :class:`~groundlab.core.registry.Source` (``ValueError`` if two share an id), ``title``
    an optional heading (escaped). :meth:`from_case` opens a fixture case.

    When ``raw`` parses into claims the editor opens in ``"Claims"`` mode (one row per
    claim), otherwise in ``"Raw JSON"`` mode. Switching to ``"Claims"`` is refused
    (the mode stays ``"Raw JSON"``, :attr:`mode_notice` says why) while the text does
    not parse. In ``"Claims"`` mode an edit rewrites the answer as
    ``json.dumps({"claims": [...]}, indent=2, ensure_ascii=False)``; the text given is
    kept verbatim until the first edit.

    Public attributes: :attr:`verdict` (current :class:`~groundlab.core.contract.Verdict`,
    ``None`` while the edited request is invalid), :attr:`raw` (current answer text),
    :attr:`request` (current request or ``None``), :attr:`status_label`,
    :attr:`strict_label`, :attr:`citation_label` (``Label`` widgets, e.g.
    ``"✗ QUOTE_NOT_SUPPORTING"``, ``"✓ parses"``, ``"✓ accepts"``), :attr:`ladder`
    (``HTML``: the trace table), :attr:`accepted_box` (``HTML``), :attr:`hints_box`
    (``HTML``), :attr:`claim_rows` (list of :class:`ClaimRow`), :attr:`mode`
    (``ToggleButtons``), :attr:`raw_input` (``Textarea``), :attr:`add_button`, and the
    request editors :attr:`service`, :attr:`environment`, :attr:`revision` (``Text``),
    :attr:`fields` (``TagsInput``), :attr:`supplied` (``SelectMultiple`` of registry ids).
    """

    MAX_ROWS = MAX_CLAIMS + 1
    """Most claim rows the editor offers: one more than the parser accepts, so the
    ``too_many_claims`` refusal can be tried."""

    def __init__(
        self,
        raw: str,
        request: Request,
        sources: Registry | Iterable[Source],
        *,
        title: str | None = None,
    ) -> None:
        super().__init__()
        if not isinstance(raw, str):
            raise TypeError(f"raw must be a str, not {type(raw).__name__}")
        if not isinstance(request, Request):
            raise TypeError(f"request must be a Request, not {type(request).__name__}")
        self.registry = Registry.of(sources)
        self.registry.check_request(request)
        self._raw = raw
        self._quiet = 0
        self._title = title
        self.verdict: Verdict | None = None
        self.request: Request | None = request
        self.hints: tuple = ()
        self.claim_rows: list[ClaimRow] = []
        self.add_class(CSS_CLASSES["editor"])

        # --- the trusted request
        wide_label = {"description_width": "initial"}
        self.service = widgets.Text(value=request.service, description="service", style=wide_label)
        self.environment = widgets.Text(value=request.environment, description="environment", style=wide_label)
        self.revision = widgets.Text(value=request.revision, description="revision", style=wide_label)
        self.fields = widgets.TagsInput(value=list(request.fields), allow_duplicates=False)
        ids = list(self.registry.by_id)
        self.supplied = widgets.SelectMultiple(
            options=ids, value=tuple(request.supplied), rows=min(max(len(ids), 2), 6)
        )
        for widget, role in (
            (self.service, "request_service"),
            (self.environment, "request_environment"),
            (self.revision, "request_revision"),
            (self.fields, "request_fields"),
            (self.supplied, "request_supplied"),
        ):
            widget.add_class(CSS_CLASSES[role])
            widget.observe(self._request_changed, names="value")
        request_box = widgets.VBox(
            [
                _heading("Request (trusted: the application decides it, not the model)"),
                widgets.HBox([self.service, self.environment, self.revision]),
                widgets.HBox(
                    [
                        widgets.VBox([widgets.Label("requested fields"), self.fields]),
                        widgets.VBox([widgets.Label("supplied documents"), self.supplied]),
                    ]
                ),
            ]
        )

        # --- the untrusted answer
        try:
            claims = parse_claims(raw)
        except ClaimsSyntaxError:
            claims = None
        self.mode = widgets.ToggleButtons(
            options=[CLAIMS_MODE, RAW_MODE], value=CLAIMS_MODE if claims is not None else RAW_MODE
        )
        self.mode.add_class(CSS_CLASSES["mode"])
        self.mode_notice = widgets.HTML("")
        self.mode_notice.add_class(CSS_CLASSES["mode_notice"])
        self.raw_input = widgets.Textarea(
            value=raw, rows=14, layout=widgets.Layout(width="100%"), placeholder='{"claims": [...]}'
        )
        self.raw_input.add_class(CSS_CLASSES["raw"])
        self.claims_box = widgets.VBox([])
        self.add_button = widgets.Button(description="Add claim", icon="plus", tooltip="Add an empty claim")
        self.add_button.add_class(CSS_CLASSES["add"])
        self.add_button.on_click(lambda _button: self.add_claim())
        self.claims_section = widgets.VBox([self.claims_box, self.add_button])
        self.mode.observe(self._mode_changed, names="value")
        self.raw_input.observe(self._raw_typed, names="value")
        if claims is None:
            self.mode_notice.value = self._notice_unparsed()
        self._set_rows(claims or ())
        _show(self.claims_section, claims is not None)
        _show(self.raw_input, claims is None)

        # --- the decision
        self.strict_label = widgets.Label("")
        self.citation_label = widgets.Label("")
        self.status_label = widgets.Label("")
        self.strict_label.add_class(CSS_CLASSES["strict"])
        self.citation_label.add_class(CSS_CLASSES["citation"])
        self.status_label.add_class(CSS_CLASSES["status"])
        column = widgets.Layout(margin="0 48px 0 0")
        layers = widgets.HBox(
            [
                widgets.VBox([_heading("strict JSON"), self.strict_label], layout=column),
                widgets.VBox([_heading("citation only (quote exists)"), self.citation_label], layout=column),
                widgets.VBox([_heading("full contract"), self.status_label], layout=column),
            ],
        )
        self.ladder = widgets.HTML("")
        self.ladder.add_class(CSS_CLASSES["ladder"])
        self.accepted_box = widgets.HTML("")
        self.accepted_box.add_class(CSS_CLASSES["accepted"])
        self.hints_box = widgets.HTML("")
        self.hints_box.add_class(CSS_CLASSES["hints"])

        header = [widgets.HTML(_html.STYLE)]
        if title:
            header.append(widgets.HTML(f"<h3>{_html.esc(title)}</h3>"))
        self.children = header + [
            request_box,
            _heading("Decision (re-checked on every edit)"),
            layers,
            _heading("Answer (untrusted: what the model wrote)"),
            self.mode,
            self.mode_notice,
            self.claims_section,
            self.raw_input,
            _heading("Trace (the checks that ran, in order; the first failure decides)"),
            self.ladder,
            _heading("Accepted map"),
            self.accepted_box,
            _heading("Near-miss hints (explained, never turned into a pass)"),
            self.hints_box,
        ]
        self.refresh()

    # ------------------------------------------------------------ constructors

    @classmethod
    def from_case(cls, case_set: Any, case_id: str) -> "ClaimEditor":
        """An editor on case ``case_id`` of ``case_set`` (a
        :class:`~groundlab.study.cases.CaseSet`): its answer, request and sources, titled
        ``"Case <id>: <description>"``. ``KeyError`` if there is no such case."""
        case = case_set[case_id]
        title = f"Case {case.id}: {case.description}" if case.description else f"Case {case.id}"
        editor = cls(case.raw, case.request, case_set.sources, title=title)
        editor.case_id = case.id
        return editor

    case_id: str | None = None
    """The fixture case id when opened with :meth:`from_case`, else ``None``."""

    def __repr__(self) -> str:
        where = f"case {self.case_id}" if self.case_id else "an answer"
        return f"ClaimEditor: {where} (edit it in JupyterLab or Voila; the contract re-checks every edit)"

    # ------------------------------------------------------------ state

    @property
    def raw(self) -> str:
        """The current answer text, exactly as :func:`verify_answer` receives it."""
        return self._raw

    def add_claim(self, claim: Sequence[str] | None = None) -> ClaimRow | None:
        """Append a claim row (``(field, value, doc, quote)``; default: the first
        requested field not yet claimed, an empty value, the first supplied document,
        an empty quote) and re-check. Only in ``"Claims"`` mode; returns the row, or
        ``None`` when :data:`MAX_ROWS` rows exist or the editor is in raw mode."""
        if self.mode.value != CLAIMS_MODE or len(self.claim_rows) >= self.MAX_ROWS:
            return None
        if claim is None:
            request = self.request
            taken = {row.field.value for row in self.claim_rows}
            fields = [f for f in (self.fields.value or ()) if f not in taken]
            doc = (request.supplied[0] if request else "") or ""
            claim = (fields[0] if fields else "", "", doc, "")
        row = self._new_row(claim)
        self.claim_rows.append(row)
        self._rows_changed()
        return row

    def remove_claim(self, row: ClaimRow) -> None:
        """Remove ``row`` (one of :attr:`claim_rows`) and re-check."""
        self.claim_rows.remove(row)
        self._rows_changed()

    def _new_row(self, claim: Sequence[str]) -> ClaimRow:
        return ClaimRow(claim, self.registry, self._row_edited, self.remove_claim)

    def _set_rows(self, claims: Sequence[Claim]) -> None:
        self.claim_rows = [self._new_row(tuple(c)) for c in claims]
        self._layout_rows()

    def _layout_rows(self) -> None:
        for index, row in enumerate(self.claim_rows):
            row.index_label.value = f"claim {index}"
        self.claims_box.children = [row.box for row in self.claim_rows]
        self.add_button.disabled = len(self.claim_rows) >= self.MAX_ROWS

    def _rows_changed(self) -> None:
        self._layout_rows()
        self._row_edited()

    def _claims_text(self) -> str:
        return json.dumps({"claims": [row.claim() for row in self.claim_rows]}, indent=2, ensure_ascii=False)

    def _row_edited(self) -> None:
        self._raw = self._claims_text()
        self.refresh()

    def _raw_typed(self, change: Any) -> None:
        if self._quiet:
            return
        self._raw = change.new
        self.refresh()

    def _notice_unparsed(self) -> str:
        try:
            parse_claims(self._raw)
        except ClaimsSyntaxError as err:
            return (
                f"<p>{_html.WARN} This answer does not parse into claims "
                f"(<code>{_html.esc(err.code)}</code>), so it can only be edited as raw JSON. "
                "Fix it here, then switch to Claims.</p>"
            )
        return ""

    def _mode_changed(self, change: Any) -> None:
        if self._quiet:
            return
        if change.new == RAW_MODE:
            self._quiet += 1
            try:
                self.raw_input.value = self._raw
            finally:
                self._quiet -= 1
            self.mode_notice.value = ""
            _show(self.claims_section, False)
            _show(self.raw_input, True)
            return
        try:
            claims = parse_claims(self._raw)
        except ClaimsSyntaxError:
            self.mode_notice.value = self._notice_unparsed()
            self._quiet += 1
            try:
                self.mode.value = RAW_MODE
            finally:
                self._quiet -= 1
            return
        self.mode_notice.value = ""
        self._set_rows(claims)
        _show(self.raw_input, False)
        _show(self.claims_section, True)

    def _request_changed(self, _change: Any) -> None:
        self.refresh()

    def _current_request(self) -> Request:
        request = Request(
            service=self.service.value,
            environment=self.environment.value,
            revision=self.revision.value,
            fields=tuple(self.fields.value or ()),
            supplied=tuple(self.supplied.value or ()),
        )
        self.registry.check_request(request)
        return request

    # ------------------------------------------------------------ the decision

    def refresh(self) -> Verdict | None:
        """Re-run :func:`verify_answer` on :attr:`raw` and the edited request and redraw
        every result widget. Returns the new verdict (``None`` if the request is
        invalid: then :attr:`status_label` reads :data:`REQUEST_INVALID` and the ladder
        says what is wrong). Called automatically on every edit."""
        try:
            request = self._current_request()
        except (TypeError, ValueError) as err:
            self.request = None
            self.verdict = None
            self.hints = ()
            self.strict_label.value = ""
            self.citation_label.value = ""
            self.status_label.value = REQUEST_INVALID
            _set_state_class(self.status_label, False)
            self.ladder.value = (
                f"<p class=\"groundlab-request-error\">{_html.WARN} The request itself is wrong "
                f"(a bug in the application, not a verdict): {_html.esc(err)}</p>"
            )
            self.accepted_box.value = ""
            self.hints_box.value = ""
            return None
        self.request = request
        verdict = verify_answer(self._raw, request, self.registry)
        self.verdict = verdict
        parsed = verdict.error is None
        self.strict_label.value = (
            _html.mark(True, "parses") if parsed else _html.mark(False, no=f"INVALID_JSON ({verdict.error.code})")
        )
        self.citation_label.value = _html.mark(verdict.citation_ok, "accepts", "rejects")
        self.status_label.value = _html.status_text(verdict.status)
        _set_state_class(self.strict_label, parsed)
        _set_state_class(self.citation_label, verdict.citation_ok)
        _set_state_class(self.status_label, verdict.ok)
        self.ladder.value = ladder_html(verdict, request, self.registry, self._raw)
        self.accepted_box.value = accepted_html(verdict)
        self.hints = tuple(_hints_module().hints_for_verdict(verdict, request, self.registry, raw=self._raw))
        self.hints_box.value = hints_html(self.hints)
        return verdict


def ladder_html(verdict: Verdict, request: Request, registry: Registry, raw: str | None = None) -> str:
    """The trace of ``verdict`` as an HTML table (class ``groundlab-ladder``).

    One ``<tr class="groundlab-step groundlab-passed|groundlab-failed" data-claim="0|answer"
    data-check="...">`` per step, columns claim, check, result (``✓ passed`` or
    ``<strong>✗ FAILED</strong>``) and the sentence of
    :func:`~groundlab.view.trace.trace_rows` (bold on the failed row). After the
    table: which check decided, and for a parse error with a place, the offending line
    of ``raw`` with a caret under the column. All answer text is escaped.
    """
    rows = []
    for row in trace_rows(verdict, request, registry):
        sentence = _html.esc(row.sentence)
        who, check = "answer" if row.claim is None else str(row.claim), row.check
        if row.passed:
            rows.append(
                f'<tr class="groundlab-step groundlab-passed" data-claim="{who}" data-check="{check}">'
                f"<td>{who}</td><td>{check}</td><td class=\"groundlab-result\">{_html.mark(True)}</td>"
                f"<td>{sentence}</td></tr>"
            )
        else:
            rows.append(
                f'<tr class="groundlab-step groundlab-failed" data-claim="{who}" data-check="{check}">'
                f"<td>{who}</td><td>{check}</td>"
                f"<td class=\"groundlab-result\"><strong>{_html.mark(False)}</strong></td>"
                f"<td><strong>{sentence}</strong></td></tr>"
            )
    table = (
        '<table class="groundlab-ladder"><thead><tr><th>claim</th><th>check</th>'
        "<th>result</th><th>what happened</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
    )
    failed = verdict.failed_step()
    if failed is None:
        note = f"<p>{_html.CHECK} Every check passed: ACCEPT.</p>"
    else:
        who = "the answer" if failed.claim is None else f"claim {failed.claim}"
        note = (
            f"<p>{_html.CROSS} <strong>FAILED</strong> at check <code>{failed.check}</code> of {who}: "
            f"{verdict.status}. The checks after it did not run.</p>"
        )
    error = verdict.error
    if error is not None and error.line is not None and raw is not None:
        lines = raw.splitlines() or [""]
        if 1 <= error.line <= len(lines):
            line = lines[error.line - 1]
            caret = " " * max((error.column or 1) - 1, 0) + "^"
            note += (
                f"<p>Line {error.line}, column {error.column}:</p>"
                + _html.pre(f"{line}\n{caret}", "groundlab-pre groundlab-parse-place")
            )
    return table + note


def accepted_html(verdict: Verdict) -> str:
    """The accepted map as an HTML table (class ``groundlab-accepted-map``), or a
    sentence saying that nothing is accepted (no partial success). Escaped."""
    if not verdict.accepted:
        return (
            f"<p>{_html.CROSS} Nothing accepted: a rejected answer accepts no field "
            "(no partial success).</p>"
        )
    rows = "".join(
        f"<tr><td>{_html.esc(field)}</td><td>{_html.esc(value)}</td></tr>"
        for field, value in verdict.accepted.items()
    )
    return (
        '<table class="groundlab-ladder groundlab-accepted-map"><thead><tr><th>field</th>'
        f"<th>value</th></tr></thead><tbody>{rows}</tbody></table>"
    )


def _hint_where(hint: Any) -> str:
    claim = getattr(hint, "claim", None)
    check = getattr(hint, "check", None)
    parts = [] if claim is None else [f"claim {claim}"]
    if check:
        parts.append(str(check))
    elif claim is None:
        parts.append("quote")  # a hint about a quote alone (the QuoteInspector's)
    return ", ".join(parts)


def hints_html(hints: Sequence[Any]) -> str:
    """Near-miss hints as an HTML list (class ``groundlab-hint-list``): one
    ``<li>`` per hint, ``<strong>kind</strong> (claim i, check): message``, then the
    hint's ``detail`` (an alignment) in a ``<pre>`` when it has one; every part
    escaped. ``"<p>No near-miss hints.</p>"`` when there are none."""
    if not hints:
        return "<p>No near-miss hints.</p>"
    items = []
    for hint in hints:
        item = (
            f'<li class="groundlab-hint"><strong>{_html.esc(hint.kind)}</strong> '
            f"({_html.esc(_hint_where(hint))}): {_html.esc(hint.message)}"
        )
        detail = getattr(hint, "detail", "")
        if detail:
            item += _html.pre(detail, "groundlab-pre groundlab-alignment")
        items.append(item + "</li>")
    return f'<ul class="groundlab-hint-list">{"".join(items)}</ul>'


# ====================================================================== QuoteInspector


class QuoteInspector(_PlainRepr, widgets.VBox):
    """Check one quote against one source the way "no quote, no claim" does.

    ``QuoteInspector(quote="", source="")`` shows a ``Text`` for the quote
    (:attr:`quote_input`) and a ``Textarea`` for the source (:attr:`source_input`);
    on every edit :attr:`result` (``HTML``) shows both normal forms
    (:func:`groundlab.grounding.rule.normalize_quote`, rendered with ``repr`` so invisible
    characters show as escapes), whether the quote is found after normalising
    (:func:`groundlab.grounding.rule.is_quoted`), whether it is a verbatim substring (the
    contract's citation check), the hints (:func:`groundlab.hints.quote_hints`) and,
    when the quote is not verbatim, the closest window of the source aligned with
    it in a ``<pre>``. Everything shown is escaped.

    The hints explain the first check that fails: when the quote is not found after
    normalising, :func:`~groundlab.hints.quote_hints` with ``normalized=True``; when
    it is found but not verbatim, the verbatim hints (why the configuration
    contract's citation check would still refuse it); none when it is verbatim.

    After each edit: :attr:`found` and :attr:`verbatim` (``bool``), :attr:`hints`
    (tuple of :class:`~groundlab.hints.Hint`), :attr:`window`
    (:class:`~groundlab.hints.Window` or ``None`` when the quote is verbatim or
    either input is empty). ``TypeError`` for a non-``str`` argument.
    """

    def __init__(self, quote: str = "", source: str = "") -> None:
        super().__init__()
        if not isinstance(quote, str) or not isinstance(source, str):
            raise TypeError("quote and source must be str")
        self.add_class(CSS_CLASSES["inspector"])
        self.quote_input = widgets.Text(
            value=quote, description="quote", placeholder="the words the model cited",
            layout=widgets.Layout(width="100%"),
        )
        self.source_input = widgets.Textarea(
            value=source, description="source", rows=6, placeholder="the text that was sent to the model",
            layout=widgets.Layout(width="100%"),
        )
        self.result = widgets.HTML("")
        self.quote_input.add_class(CSS_CLASSES["inspector_quote"])
        self.source_input.add_class(CSS_CLASSES["inspector_source"])
        self.result.add_class(CSS_CLASSES["inspector_result"])
        self.found = False
        self.verbatim = False
        self.hints: tuple = ()
        self.window = None
        self.quote_input.observe(lambda _c: self.refresh(), names="value")
        self.source_input.observe(lambda _c: self.refresh(), names="value")
        self.children = [widgets.HTML(_html.STYLE), self.quote_input, self.source_input, self.result]
        self.refresh()

    def __repr__(self) -> str:
        return "QuoteInspector: type a quote and a source to see how they are compared"

    def refresh(self) -> None:
        """Recompute everything from the two inputs and redraw :attr:`result`."""
        from groundlab.grounding.rule import MIN_QUOTE_CHARS, is_quoted, normalize_quote

        hints_mod = _hints_module()
        quote, source = self.quote_input.value, self.source_input.value
        norm_quote, norm_source = normalize_quote(quote), normalize_quote(source)
        self.found = is_quoted(quote, source)
        self.verbatim = bool(quote) and quote in source
        if not quote:
            self.hints = ()
        elif not self.found:
            self.hints = tuple(hints_mod.quote_hints(quote, source, normalized=True))
        elif not self.verbatim:
            self.hints = tuple(hints_mod.quote_hints(quote, source))
        else:
            self.hints = ()
        self.window = hints_mod.closest_window(quote, source) if quote and source and not self.verbatim else None
        parts = [
            '<table class="groundlab-ladder"><tbody>',
            f"<tr><th>normalised quote</th><td>{_html.pre(repr(norm_quote), 'groundlab-pre')}</td></tr>",
            f"<tr><th>normalised source</th><td>{_html.pre(repr(norm_source), 'groundlab-pre')}</td></tr>",
            "</tbody></table>",
            "<p>",
            _html.badge(self.found, "found after normalising", "yes" if self.found else "no", "groundlab-found"),
            _html.badge(
                self.verbatim, "verbatim (exact substring)", "yes" if self.verbatim else "no", "groundlab-verbatim"
            ),
            "</p>",
        ]
        if not quote:
            parts.append("<p>Type a quote.</p>")
        else:
            if len(norm_quote) < MIN_QUOTE_CHARS:
                parts.append(
                    f"<p>{_html.CROSS} The normalised quote is {len(norm_quote)} character(s) long; "
                    f"a quote needs at least {MIN_QUOTE_CHARS}.</p>"
                )
            if not self.found:
                parts.append("<p>Why it is not found after normalising:</p>")
            elif not self.verbatim:
                parts.append("<p>Found after normalising, but not verbatim (the contract's citation check) because:</p>")
            parts.append(hints_html(self.hints))
        shown_alignment = any(getattr(h, "detail", "") for h in self.hints)
        if self.window is not None and not shown_alignment:
            parts.append(
                f"<p>Closest part of the source (similarity {self.window.ratio:.2f}):</p>"
                + _html.pre(self.window.alignment, "groundlab-pre groundlab-alignment")
            )
        self.result.value = "".join(parts)


# ====================================================================== Predict


class PredictOutcome(NamedTuple):
    """What :meth:`Predict.check` found: the learner's ``choice``, the library's
    ``answer`` (a choice), the one-sentence ``why``, and ``right`` (``bool``)."""

    choice: str
    answer: str
    why: str
    right: bool


RIGHT = f"{_html.CHECK} Right."
"""First words of the result after a right prediction."""
WRONG = f"{_html.CROSS} Not this time."
"""First words of the result after a wrong prediction."""
CHOOSE_FIRST = "Choose an answer first, then press Check."
"""Shown when Check is pressed with nothing chosen (the answer is not computed)."""


class Predict(_PlainRepr, widgets.VBox):
    """A prediction exercise: the learner chooses, presses *Check*, and only then the
    library computes the answer.

    ``Predict(title, question, choices, answer, *, details=None, board=None)``:

    * ``title``, ``question`` -- ``str``, shown escaped;
    * ``choices`` -- the options (non-empty sequence of distinct ``str``), shown as
      radio buttons with nothing selected;
    * ``answer`` -- a callable ``() -> (correct_choice, why)`` called only by
      :meth:`check` (the *Check* button), never before and at most once; its
      ``correct_choice`` must be one of ``choices`` (``ValueError`` otherwise);
    * ``details`` -- material to predict from: a ``str`` or a sequence of
      ``(heading, text)`` pairs, each shown escaped in a ``<pre>``;
    * ``board`` -- a :class:`Scoreboard` that tracks this exercise.

    Before *Check* nothing in the widget, its state or its ``text/plain`` form holds
    the answer: ``repr`` is ``"Predict: <title> (choose, then press Check)"``. After
    *Check* :attr:`result` (``HTML``) shows ``"✓ Right."`` or ``"✗ Not this time."``,
    the prediction, the library's answer and ``"Why: <why>"``; the choices and the
    button are disabled and :attr:`outcome` holds a :class:`PredictOutcome`.
    ``ValueError`` for empty or repeated choices.
    """

    def __init__(
        self,
        title: str,
        question: str,
        choices: Sequence[str],
        answer: Callable[[], tuple[str, str]],
        *,
        details: str | Sequence[tuple[str, str]] | None = None,
        board: "Scoreboard | None" = None,
    ) -> None:
        super().__init__()
        options = [str(c) for c in choices]
        if not options:
            raise ValueError("a Predict exercise needs at least one choice")
        if len(set(options)) != len(options):
            raise ValueError("the choices of a Predict exercise must be distinct")
        if not callable(answer):
            raise TypeError("answer must be a callable returning (correct_choice, why)")
        self.title = str(title)
        self.question = str(question)
        self.options = tuple(options)
        self._answer = answer
        self._boards: list[Scoreboard] = []
        self.outcome: PredictOutcome | None = None
        self.add_class(CSS_CLASSES["predict"])
        self.choices = widgets.RadioButtons(options=options, value=None, layout=widgets.Layout(width="auto"))
        self.choices.add_class(CSS_CLASSES["predict_choices"])
        self.check_button = widgets.Button(description="Check", icon="check", tooltip="Compute the answer now")
        self.check_button.add_class(CSS_CLASSES["predict_check"])
        self.check_button.on_click(lambda _button: self.check())
        self.result = widgets.HTML("")
        self.result.add_class(CSS_CLASSES["predict_result"])
        head = f"<h4>{_html.esc(self.title)}</h4><p>{_html.esc(self.question)}</p>"
        # The plain-text form shows the short material only (the registry's documents
        # are long; they are in the live widget).
        self._material = [] if not details or isinstance(details, str) else [
            (h, t) for h, t in details if h != "Documents in the registry"
        ]
        if isinstance(details, str):
            self._material = [("Material", details)]
        if details:
            if isinstance(details, str):
                head += _html.pre(details, "groundlab-pre")
            else:
                for heading, text in details:
                    head += f"<p><strong>{_html.esc(heading)}</strong></p>" + _html.pre(text, "groundlab-pre")
        self.children = [
            widgets.HTML(_html.STYLE),
            widgets.HTML(head),
            self.choices,
            self.check_button,
            self.result,
        ]
        if board is not None:
            board.track(self)

    def __repr__(self) -> str:
        state = "checked" if self.outcome is not None else "choose, then press Check"
        return f"Predict: {self.title} ({state})"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict:
        """As the mixin, but the ``text/plain`` form (what a notebook shows where widgets
        do not run, e.g. on GitHub) also holds the question and the material to predict
        from: never the choices' answer, never anything computed."""
        data = super()._repr_mimebundle_(**kwargs)
        lines = [repr(self), self.question]
        if not self._material:  # a custom exercise: its choices are part of the question
            lines.append("Choices: " + " | ".join(self.choices.options))
        for heading, text in self._material:
            lines += [f"{heading}:", text]
        lines.append("(Run this cell in Jupyter to choose an answer and check it.)")
        data["text/plain"] = "\n".join(lines)
        return data

    def choose(self, choice: str) -> None:
        """Select ``choice`` (as a click on its radio button would).

        ``ValueError`` if it is not one of the choices; ``RuntimeError`` once checked.
        """
        if self.outcome is not None:
            raise RuntimeError("this exercise has been checked; its choice is final")
        if choice not in self.options:
            raise ValueError(f"{choice!r} is not one of the choices: {', '.join(self.options)}")
        self.choices.value = choice

    def check(self) -> PredictOutcome | None:
        """Compute the answer now (calling ``answer()``) and reveal it.

        Returns the :class:`PredictOutcome`; ``None`` (and a reminder, the answer not
        computed) when nothing is chosen. A second call returns the first outcome
        without calling ``answer()`` again.
        """
        if self.outcome is not None:
            return self.outcome
        choice = self.choices.value
        if choice is None:
            self.result.value = f"<p>{_html.esc(CHOOSE_FIRST)}</p>"
            return None
        correct, why = self._answer()
        correct, why = str(correct), str(why)
        if correct not in self.options:
            raise ValueError(f"answer() returned {correct!r}, which is not one of the choices")
        right = choice == correct
        self.outcome = PredictOutcome(choice, correct, why, right)
        self.choices.disabled = True
        self.check_button.disabled = True
        self.result.value = self._outcome_html(self.outcome)
        for board in self._boards:
            board.refresh()
        return self.outcome

    @staticmethod
    def outcome_lines(outcome: PredictOutcome) -> tuple[str, str]:
        """The two plain-text lines shown after *Check*, e.g.
        ``("✓ Right. You predicted VALUE_MISMATCH; the library says VALUE_MISMATCH.",
        "Why: claim 0 value: FAILED: ...")``."""
        verdict = RIGHT if outcome.right else WRONG
        return (
            f"{verdict} You predicted {outcome.choice}; the library says {outcome.answer}.",
            f"Why: {outcome.why}",
        )

    def _outcome_html(self, outcome: PredictOutcome) -> str:
        first, second = self.outcome_lines(outcome)
        state = "groundlab-pass" if outcome.right else "groundlab-fail"
        return (
            f'<p class="groundlab-predict-verdict {state}"><strong>{_html.esc(first)}</strong></p>'
            f'<p class="groundlab-predict-why">{_html.esc(second)}</p>'
        )

    # ------------------------------------------------------------ constructors

    @classmethod
    def status(
        cls,
        title: str,
        question: str,
        raw: str,
        request: Request,
        sources: Registry | Iterable[Source],
        *,
        board: "Scoreboard | None" = None,
    ) -> "Predict":
        """Predict the contract status of ``raw`` for ``request`` and ``sources``.

        Choices: every :class:`~groundlab.core.contract.Status` value, in check order. On
        *Check*: :func:`verify_answer` runs; why = the :func:`~groundlab.view.trace.decided_row` of the failed
        step, or ``"every check passed"``. The answer, the request and the documents
        are shown (escaped) to predict from.
        """
        registry = Registry.of(sources)
        registry.check_request(request)

        def answer() -> tuple[str, str]:
            verdict = verify_answer(raw, request, registry)
            failed = verdict.failed_step()
            why = "every check passed" if failed is None else decided_row(verdict, request, registry).line
            return str(verdict.status), why

        return cls(
            title,
            question,
            [s.value for s in Status],
            answer,
            details=_status_details(raw, request, registry),
            board=board,
        )

    @classmethod
    def case(
        cls,
        case_set: Any,
        case_id: str,
        question: str | None = None,
        *,
        title: str | None = None,
        board: "Scoreboard | None" = None,
    ) -> "Predict":
        """:meth:`status` for case ``case_id`` of ``case_set``; the title defaults to
        ``"Case <id>"`` and the question to ``"Which status will the contract give
        this answer?"``. The fixture's label is never used: the library decides on
        *Check*. ``KeyError`` if there is no such case."""
        case = case_set[case_id]
        return cls.status(
            title or f"Case {case.id}",
            question or "Which status will the contract give this answer?",
            case.raw,
            case.request,
            case_set.sources,
            board=board,
        )

    @classmethod
    def citation(
        cls,
        title: str,
        question: str,
        raw: str,
        request: Request,
        sources: Registry | Iterable[Source],
        *,
        board: "Scoreboard | None" = None,
    ) -> "Predict":
        """Predict what the citation-only baseline (quote exists in a supplied document)
        decides for ``raw``: choices ``"accepts"`` / ``"rejects"``. On *Check*
        :func:`groundlab.core.baselines.citation_only_accepts` decides; why names the first
        claim whose citation fails, or says every quote was found."""
        from groundlab.core.baselines import citation_only_accepts

        registry = Registry.of(sources)
        registry.check_request(request)

        def answer() -> tuple[str, str]:
            if citation_only_accepts(raw, request, registry):
                return "accepts", "every quote appears verbatim in a supplied document"
            verdict = verify_answer(raw, request, registry)
            failed = verdict.failed_step()
            if verdict.error is not None or failed is None or failed.check != "citation":
                return "rejects", "the answer does not parse into claims, so nothing is cited"
            return "rejects", decided_row(verdict, request, registry).line

        return cls(
            title,
            question,
            ["accepts", "rejects"],
            answer,
            details=_status_details(raw, request, registry),
            board=board,
        )

    EXPLANATION_OUTCOMES = (
        "explanation, 0 dropped",
        "explanation, 1 dropped",
        "explanation, 2 dropped",
        "NoGroundedPoints",
        "ReplyFormatError",
        "ProviderError",
    )
    """Choices of :meth:`explanation`: what the user gets from one model reply."""

    @classmethod
    def explanation(
        cls,
        title: str,
        reply: str,
        profile: Any,
        job: Any,
        *,
        question: str = "What does explain_match give the user for this fake reply?",
        board: "Scoreboard | None" = None,
    ) -> "Predict":
        """Predict what :func:`groundlab.grounding.explain.explain_match` gives the user when the
        model answers ``reply`` (a :class:`groundlab.grounding.chat.FakeChatModel` returns it) for
        ``profile`` and ``job``. Choices: :attr:`EXPLANATION_OUTCOMES`. On *Check* the
        flow runs once; why is the notice shown to the user, or the error's message."""

        def answer() -> tuple[str, str]:
            from groundlab.grounding.chat import FakeChatModel
            from groundlab.grounding.explain import ProviderError, ReplyFormatError, explain_match
            from groundlab.grounding.draft import NoGroundedPoints

            try:
                result = explain_match(profile, job, FakeChatModel(reply))
            except (NoGroundedPoints, ReplyFormatError, ProviderError) as err:
                return type(err).__name__, str(err)
            return f"explanation, {result.dropped} dropped", result.notice

        return cls(
            title, question, list(cls.EXPLANATION_OUTCOMES), answer,
            details=[("Fake model reply", reply)], board=board,
        )

    @classmethod
    def quote(
        cls,
        title: str,
        question: str,
        quote: str,
        source: str,
        *,
        board: "Scoreboard | None" = None,
    ) -> "Predict":
        """Predict whether "no quote, no claim" finds ``quote`` in ``source``.

        Choices ``"found"`` / ``"not found"``; on *Check*
        :func:`groundlab.grounding.rule.is_quoted` decides, and why names the normalised quote
        (or the first near-miss hint when it is not found).
        """

        def answer() -> tuple[str, str]:
            from groundlab.grounding.rule import MIN_QUOTE_CHARS, is_quoted, normalize_quote

            norm = normalize_quote(quote)
            if is_quoted(quote, source):
                return "found", f"after normalising, {norm!r} occurs in the normalised source"
            if len(norm) < MIN_QUOTE_CHARS:
                return "not found", (
                    f"after normalising, the quote {norm!r} is shorter than {MIN_QUOTE_CHARS} characters, "
                    "so it never counts"
                )
            rule = (
                f"after normalising, {norm!r} does not occur in the normalised source "
                "(normalising only lower-cases, collapses whitespace and trims quote marks "
                "and . , ; : at the two ends)"
            )
            hints = _hints_module().quote_hints(quote, source, normalized=True)
            return "not found", f"{rule}. {hints[0].message}" if hints else rule

        return cls(
            title,
            question,
            ["found", "not found"],
            answer,
            details=[("Quote", quote), ("Source", source)],
            board=board,
        )

    @classmethod
    def parse_code(
        cls,
        title: str,
        question: str,
        raw: str,
        *,
        board: "Scoreboard | None" = None,
    ) -> "Predict":
        """Predict what :func:`groundlab.core.claims.parse_claims` says about ``raw``.

        Choices: every parse error code (:data:`groundlab.core.claims.ERROR_CODES`) and
        ``"parses"``; on *Check* the parser runs; why is the error's message and place,
        or ``"the text parses into <n> claim(s)"``.
        """

        def answer() -> tuple[str, str]:
            try:
                claims = parse_claims(raw)
            except ClaimsSyntaxError as err:
                return err.code, str(err)
            return "parses", f"the text parses into {len(claims)} claim(s)"

        return cls(title, question, list(ERROR_CODES) + ["parses"], answer, details=[("Answer", raw)], board=board)


def _status_details(raw: str, request: Request, registry: Registry) -> list[tuple[str, str]]:
    request_text = (
        f"service {request.service}, environment {request.environment}, revision {request.revision}\n"
        f"requested fields: {', '.join(request.fields)}\n"
        f"supplied documents: {', '.join(request.supplied)}"
    )
    documents = "\n\n".join(
        f"{s.id} (service {s.service}, environment {s.environment}, revision {s.revision}):\n{s.text.rstrip()}"
        for s in registry
    )
    return [("Answer", raw), ("Request", request_text), ("Documents in the registry", documents)]


class Scoreboard(_PlainRepr, widgets.HTML):
    """ "k of n right" over the :class:`Predict` exercises it tracks.

    ``board = Scoreboard()``; ``board.track(predict)`` (or ``Predict(...,
    board=board)``) adds an exercise; the text updates whenever one is checked:
    ``"2 of 5 right (3 not checked yet)"``. Attributes :attr:`right`,
    :attr:`checked`, :attr:`total` (``int``) and :attr:`text` (``str``).
    """

    def __init__(self) -> None:
        super().__init__("")
        self.exercises: list[Predict] = []
        self.add_class(CSS_CLASSES["scoreboard"])
        self.refresh()

    def track(self, predict: Predict) -> Predict:
        """Count ``predict`` on this board (once); returns it. ``TypeError`` for a non-Predict."""
        if not isinstance(predict, Predict):
            raise TypeError(f"a Scoreboard tracks Predict exercises, not {type(predict).__name__}")
        if predict not in self.exercises:
            self.exercises.append(predict)
            predict._boards.append(self)
        self.refresh()
        return predict

    @property
    def total(self) -> int:
        """Number of tracked exercises."""
        return len(self.exercises)

    @property
    def checked(self) -> int:
        """Number of tracked exercises already checked."""
        return sum(p.outcome is not None for p in self.exercises)

    @property
    def right(self) -> int:
        """Number of tracked exercises predicted right."""
        return sum(p.outcome is not None and p.outcome.right for p in self.exercises)

    @property
    def text(self) -> str:
        """``"<right> of <total> right"`` plus ``" (<k> not checked yet)"`` when some are not."""
        text = f"{self.right} of {self.total} right"
        waiting = self.total - self.checked
        if waiting:
            text += f" ({waiting} not checked yet)"
        return text

    def refresh(self) -> None:
        """Redraw the text (called by each tracked exercise after *Check*)."""
        self.value = f"<p><strong>Score: {_html.esc(self.text)}</strong></p>"

    def __repr__(self) -> str:
        return f"Scoreboard: {self.text}"
