"""The claim editor: edit an answer and its request, and see the contract decide on every edit.

Part of the workbook's widgets; imports ipywidgets. The strict-JSON, citation-only and contract
decisions sit side by side (the configuration article, "a real citation can still support a wrong
answer"). See ``docs/architecture.md``, "Layers".
"""

from __future__ import annotations

import json
from typing import Any, Iterable, Sequence

from groundlab._extras import require

require("ipywidgets", "workbook")  # a missing package names the extra that adds it

import ipywidgets as widgets

from groundlab.core.claims import MAX_CLAIMS, Claim, ClaimsSyntaxError, parse_claims
from groundlab.core.contract import Verdict, verify_answer
from groundlab.core.registry import Registry, Request, Source
from groundlab.hints import hints_for_verdict
from groundlab.core.language import N_
from groundlab.workbook.catalogues import WORKBOOK_CATALOGUE
from groundlab.workbook.presentation import html as _html
from groundlab.workbook.presentation.widgets.claim_row import ClaimRow
from groundlab.workbook.presentation.css import CSS_CLASSES
from groundlab.workbook.presentation.verdict_html import accepted_html, hints_html, trace_html
from groundlab.workbook.presentation.widgets.base import PlainRepr, heading, set_state_class, show, tag

__all__ = ["CLAIMS_MODE", "LAYER_HEADINGS", "RAW_MODE", "REQUEST_INVALID", "ClaimEditor"]

tr = WORKBOOK_CATALOGUE

CLAIMS_MODE = N_("Claims")
"""Value of :attr:`ClaimEditor.mode` when the claims are edited one by one."""
RAW_MODE = N_("Raw JSON")
"""Value of :attr:`ClaimEditor.mode` when the answer text is edited directly."""
REQUEST_INVALID = N_("⚠ REQUEST INVALID")
""":attr:`ClaimEditor.status_label` text while the edited request itself is wrong (translated when shown)."""
LAYER_HEADINGS = (N_("strict JSON"), N_("citation-only check"), N_("full contract"))
"""The headings of the three admission layers' decisions, translated when shown (values stay English)."""


class ClaimEditor(PlainRepr, widgets.VBox):
    """Edit an answer and its request; see the contract decide on every edit.

    ``ClaimEditor(raw, request, sources, *, title=None)``: ``raw`` the answer text, ``request`` the
    trusted ``Request``, ``sources`` a ``Registry`` or ``Source`` s, ``title`` a heading (escaped).
    ``TypeError`` for a non-``str`` ``raw`` or a non-``Request`` ``request``; ``ValueError`` if two
    sources share an id or the request supplies an id the registry lacks.

    It opens in ``"Claims"`` mode (one :class:`ClaimRow` per claim) when ``raw`` parses, else in
    ``"Raw JSON"`` mode, and refuses to switch to ``"Claims"`` while the text does not parse
    (:attr:`mode_notice` says why). ``raw`` is kept verbatim until the first claim edit, which rewrites
    it as ``json.dumps({"claims": [...]}, indent=2, ensure_ascii=False)``. All text shown is escaped.

    State: :attr:`raw`, :attr:`request` and :attr:`verdict` (both ``None`` while the edited request is
    invalid). Shown: the ``Label`` s :attr:`strict_label`, :attr:`citation_label`, :attr:`status_label`
    (``"✓ parses"``, ``"✓ accepts"``, ``"✗ QUOTE_NOT_SUPPORTING"``), the ``HTML`` :attr:`trace`,
    :attr:`accepted_box` and :attr:`hints_box`. Editors: :attr:`claim_rows`, :attr:`mode`,
    :attr:`raw_input`, :attr:`add_button`, :attr:`service`, :attr:`environment`, :attr:`revision`,
    :attr:`fields` (``TagsInput``) and :attr:`supplied` (``SelectMultiple`` of registry ids).
    """

    MAX_ROWS = MAX_CLAIMS + 1
    """Most claim rows the editor offers: one more than the parser accepts (``too_many_claims`` can be tried)."""

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
        self.service = widgets.Text(value=request.service, description=tr("service"), style=wide_label)
        self.environment = widgets.Text(value=request.environment, description=tr("environment"), style=wide_label)
        self.revision = widgets.Text(value=request.revision, description=tr("revision"), style=wide_label)
        self.fields = widgets.TagsInput(value=list(request.fields), allow_duplicates=False)
        ids = list(self.registry.by_id)
        self.supplied = widgets.SelectMultiple(
            options=ids, value=tuple(request.supplied), rows=min(max(len(ids), 2), 6)
        )
        request_widgets = (
            (self.service, "request_service"),
            (self.environment, "request_environment"),
            (self.revision, "request_revision"),
            (self.fields, "request_fields"),
            (self.supplied, "request_supplied"),
        )
        tag(request_widgets)
        for widget, _role in request_widgets:
            widget.observe(self._request_changed, names="value")
        request_box = widgets.VBox(
            [
                heading(tr("Request (trusted: the application decides it, not the model)")),
                widgets.HBox([self.service, self.environment, self.revision]),
                widgets.HBox(
                    [
                        widgets.VBox([widgets.Label(tr("requested fields")), self.fields]),
                        widgets.VBox([widgets.Label(tr("supplied documents")), self.supplied]),
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
            options=[(tr(CLAIMS_MODE), CLAIMS_MODE), (tr(RAW_MODE), RAW_MODE)] if tr(CLAIMS_MODE) != CLAIMS_MODE else [CLAIMS_MODE, RAW_MODE],
            value=CLAIMS_MODE if claims is not None else RAW_MODE,
        )
        self.mode.add_class(CSS_CLASSES["mode"])
        self.mode_notice = widgets.HTML("")
        self.mode_notice.add_class(CSS_CLASSES["mode_notice"])
        self.raw_input = widgets.Textarea(
            value=raw, rows=14, layout=widgets.Layout(width="100%"), placeholder='{"claims": [...]}'
        )
        self.raw_input.add_class(CSS_CLASSES["raw"])
        self.claims_box = widgets.VBox([])
        self.add_button = widgets.Button(description=tr("Add claim"), icon="plus", tooltip=tr("Add an empty claim"))
        self.add_button.add_class(CSS_CLASSES["add"])
        self.add_button.on_click(lambda _button: self.add_claim())
        self.claims_section = widgets.VBox([self.claims_box, self.add_button])
        self.mode.observe(self._mode_changed, names="value")
        self.raw_input.observe(self._raw_typed, names="value")
        if claims is None:
            self.mode_notice.value = self._notice_unparsed()
        self._set_rows(claims or ())
        show(self.claims_section, claims is not None)
        show(self.raw_input, claims is None)

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
                widgets.VBox([heading(tr(LAYER_HEADINGS[0])), self.strict_label], layout=column),
                widgets.VBox([heading(tr(LAYER_HEADINGS[1])), self.citation_label], layout=column),
                widgets.VBox([heading(tr(LAYER_HEADINGS[2])), self.status_label], layout=column),
            ],
        )
        self.trace = widgets.HTML("")
        self.trace.add_class(CSS_CLASSES["trace"])
        self.accepted_box = widgets.HTML("")
        self.accepted_box.add_class(CSS_CLASSES["accepted"])
        self.hints_box = widgets.HTML("")
        self.hints_box.add_class(CSS_CLASSES["hints"])

        header = [widgets.HTML(_html.STYLE)]
        if title:
            header.append(widgets.HTML(f"<h3>{_html.esc(title)}</h3>"))
        self.children = header + [
            request_box,
            heading(tr("Decision (re-checked on every edit)")),
            layers,
            heading(tr("Answer (untrusted: what the model wrote)")),
            self.mode,
            self.mode_notice,
            self.claims_section,
            self.raw_input,
            heading(tr("Trace (the checks that ran, in order; the first failure decides)")),
            self.trace,
            heading(tr("Accepted map")),
            self.accepted_box,
            heading(tr("Near-miss hints (explained, never turned into a pass)")),
            self.hints_box,
        ]
        self.refresh()

    # ------------------------------------------------------------ constructors

    @classmethod
    def from_case(cls, case_set: Any, case_id: str) -> "ClaimEditor":
        """An editor on case ``case_id`` of ``case_set``, titled ``"Case <id>: <description>"``; ``KeyError`` if there is none."""
        case = case_set[case_id]
        if case.description:
            title = tr("Case {id}: {description}").format(id=case.id, description=case.description)
        else:
            title = tr("Case {id}").format(id=case.id)
        editor = cls(case.raw, case.request, case_set.sources, title=title)
        editor.case_id = case.id
        return editor

    case_id: str | None = None
    """The fixture case id when opened with :meth:`from_case`, else ``None``."""

    def __repr__(self) -> str:
        if self.case_id:
            return tr("ClaimEditor: case {id} (edit it in JupyterLab or Voila; the contract re-checks every edit)").format(id=self.case_id)
        return tr("ClaimEditor: an answer (edit it in JupyterLab or Voila; the contract re-checks every edit)")

    # ------------------------------------------------------------ state

    @property
    def raw(self) -> str:
        """The current answer text, exactly as :func:`verify_answer` receives it."""
        return self._raw

    def add_claim(self, claim: Sequence[str] | None = None) -> ClaimRow | None:
        """Append a claim row ``(field, value, doc, quote)`` and re-check; return it, or ``None`` in Raw JSON mode or at :data:`MAX_ROWS`.

        The default claim: the first requested field not yet claimed, the first supplied document, the rest empty.
        """
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
            row.index_label.value = tr("claim {number}").format(number=index)
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
            return f"<p>{_html.WARN} " + _html.esc(
                tr("This answer does not parse into claims ({code}), so it can only be edited as raw JSON. Fix it here, then switch to Claims.")
            ).format(code=f"<code>{_html.esc(err.code)}</code>") + "</p>"
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
            show(self.claims_section, False)
            show(self.raw_input, True)
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
        show(self.raw_input, False)
        show(self.claims_section, True)

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
        """Re-run ``verify_answer`` on :attr:`raw` and the edited request, redraw, and return the verdict (done on every edit).

        ``None`` if the request is invalid: :attr:`status_label` then reads :data:`REQUEST_INVALID` and
        the trace says what is wrong.
        """
        try:
            request = self._current_request()
        except (TypeError, ValueError) as err:
            self.request = None
            self.verdict = None
            self.hints = ()
            self.strict_label.value = ""
            self.citation_label.value = ""
            self.status_label.value = tr(REQUEST_INVALID)
            set_state_class(self.status_label, False)
            self.trace.value = (
                f"<p class=\"groundlab-request-error\">{_html.WARN} "
                + _html.esc(tr("The request itself is wrong (a bug in the application, not a verdict): {error}")).format(error=_html.esc(err))
                + "</p>"
            )
            self.accepted_box.value = ""
            self.hints_box.value = ""
            return None
        self.request = request
        verdict = verify_answer(self._raw, request, self.registry)
        self.verdict = verdict
        parsed = verdict.error is None
        self.strict_label.value = (
            _html.mark(True, tr("parses")) if parsed else _html.mark(False, no=f"INVALID_JSON ({verdict.error.code})")
        )
        self.citation_label.value = _html.mark(verdict.citation_only_ok, tr("accepts"), tr("rejects"))
        self.status_label.value = _html.status_text(verdict.status)
        set_state_class(self.strict_label, parsed)
        set_state_class(self.citation_label, verdict.citation_only_ok)
        set_state_class(self.status_label, verdict.ok)
        self.trace.value = trace_html(verdict, request, self.registry, self._raw)
        self.accepted_box.value = accepted_html(verdict)
        self.hints = tuple(hints_for_verdict(verdict, request, self.registry, raw=self._raw))
        self.hints_box.value = hints_html(self.hints)
        return verdict
