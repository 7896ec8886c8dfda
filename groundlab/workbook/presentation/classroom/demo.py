"""The classroom demo: one projector screen (1280 x 720) per answer, verdict hidden until Reveal.

Part of the workbook's classroom demo: the Voilà widget (ipywidgets). See ``docs/architecture.md``, "Layers".
"""

from __future__ import annotations

from typing import Any, Sequence

from groundlab._extras import require

require("ipywidgets", "workbook")  # a missing package names the extra that adds it

import ipywidgets as widgets

from groundlab.core.contract import Verdict, verify_answer
from groundlab.core.registry import Registry, Request
from groundlab.hints import hints_for_verdict
from groundlab.workbook.presentation import html as _html
from groundlab.workbook.presentation.classroom.script import Preset, Step, classroom_presets, step_answer, step_edits
from groundlab.workbook.presentation.classroom.page import STYLE, answer_html, compact_trace_html, documents_html, raw_html, request_html
from groundlab.core.trace import trace_rows
from groundlab.workbook.presentation.widgets.base import PlainRepr, set_state_class

__all__ = ["ASK_OFF", "ASK_ON", "CLASSROOM_CLASSES", "HIDDEN", "HIDE", "REVEAL", "TEXT_SIZES", "ClassroomDemo"]

CLASSROOM_CLASSES = {
    "demo": "groundlab-classroom",
    "scenario": "groundlab-classroom-scenario",
    "previous": "groundlab-classroom-previous",
    "next": "groundlab-classroom-next",
    "reveal": "groundlab-classroom-reveal",
    "ask": "groundlab-classroom-ask",
    "text_size": "groundlab-classroom-text-size",
    "step": "groundlab-classroom-step",
    "prompt": "groundlab-classroom-prompt",
    "answer": "groundlab-classroom-answer",
    "documents": "groundlab-classroom-documents",
    "request": "groundlab-classroom-request",
    "strict": "groundlab-classroom-strict",
    "citation": "groundlab-classroom-citation",
    "status": "groundlab-classroom-status",
    "trace": "groundlab-classroom-trace",
    "deciding": "groundlab-classroom-deciding",
    "hints": "groundlab-classroom-hints",
}
"""Role -> CSS class of the demo's parts (browser tests find them by these names)."""

HIDDEN = "? ask the room"
"""Text of each decision label while the verdict is hidden."""
REVEAL, HIDE = "Reveal verdict", "Hide verdict"
"""The Reveal button's two descriptions."""
ASK_ON, ASK_OFF = "Ask the room: on", "Ask the room: off"
"""The ask-the-room toggle's two descriptions."""
TEXT_SIZES = (("Text 100%", 100), ("Text 125%", 125), ("Text 150%", 150))
"""The text-size choices ``(label, percent)``: 100% fits 1280 x 720, 125% 1600 x 900, 150% 1920 x 1080."""

class ClassroomDemo(PlainRepr, widgets.VBox):
    """A one-screen classroom demo: preset answers, their supplied documents, the verdict on Reveal.

    ``ClassroomDemo(case_set, *, scenarios=None, ask_the_room=True)``: ``scenarios`` are
    :class:`~groundlab.workbook.presentation.classroom.script.Preset` s (default: ``classroom_presets(case_set)``);
    with ``ask_the_room`` each step opens with its verdict hidden. ``ValueError`` for no presets, a
    preset without steps or a request the registry cannot serve; ``KeyError`` for an unknown case.

    The answer, its verdict and a compact trace are on the left, the request and the supplied
    documents on the right, all escaped. Each step's :attr:`verdict` is computed by ``verify_answer``
    when the step is shown; while hidden, no part of it (status, trace, hints, quote marks) is on
    screen and the labels :attr:`strict_label`, :attr:`citation_label`, :attr:`status_label` read
    :data:`HIDDEN`. Controls, reachable by Tab: :attr:`scenario` (value: the preset's index),
    :attr:`previous`, :attr:`next`, :attr:`reveal`, :attr:`ask`, :attr:`text_size`. ``HTML`` parts:
    :attr:`prompt`, :attr:`answer_box`, :attr:`request_box`, :attr:`documents_box`, :attr:`trace_box`,
    :attr:`hints_box`; state: :attr:`raw`, :attr:`request`, :attr:`revealed`.
    """

    def __init__(self, case_set: Any, *, scenarios: Sequence[Preset] | None = None, ask_the_room: bool = True) -> None:
        super().__init__()
        self.case_set = case_set
        self.registry = Registry.of(case_set.sources)
        self.presets: tuple[Preset, ...] = tuple(classroom_presets(case_set) if scenarios is None else scenarios)
        if not self.presets or any(not p.steps for p in self.presets):
            raise ValueError("a classroom demo needs at least one preset, each with at least one step")
        for preset in self.presets:
            for step in preset.steps:
                self.registry.check_request(case_set[step.case_id].request)  # fail now, not mid-lesson
        self.preset_index = 0
        self.step_index = 0
        self.revealed = not ask_the_room
        self.raw = ""
        self.request: Request | None = None
        self.verdict: Verdict | None = None
        self.add_class(CLASSROOM_CLASSES["demo"])

        self.scenario = widgets.Dropdown(
            options=[(p.title, i) for i, p in enumerate(self.presets)], value=0, description="Scenario",
            layout=widgets.Layout(width="420px"), style={"description_width": "initial"},
        )
        self.previous = widgets.Button(description="◀ Previous", tooltip="Previous step",
                                       layout=widgets.Layout(width="auto"))
        self.next = widgets.Button(description="Next ▶", tooltip="Next step", layout=widgets.Layout(width="auto"))
        self.reveal = widgets.Button(description=REVEAL, tooltip="Show or hide this step's verdict",
                                     button_style="warning", layout=widgets.Layout(width="auto"))
        self.ask = widgets.ToggleButton(value=ask_the_room, description=ASK_ON if ask_the_room else ASK_OFF,
                                        tooltip="Start every step with its verdict hidden until Reveal",
                                        layout=widgets.Layout(width="auto"))
        self.text_size = widgets.Dropdown(options=TEXT_SIZES, value=100, tooltip="Text size for a larger screen",
                                          layout=widgets.Layout(width="auto"))
        self.step_label = widgets.Label("")
        for widget, role in ((self.scenario, "scenario"), (self.previous, "previous"), (self.next, "next"),
                             (self.reveal, "reveal"), (self.ask, "ask"), (self.text_size, "text_size"),
                             (self.step_label, "step")):
            widget.add_class(CLASSROOM_CLASSES[role])
        self.scenario.observe(self._scenario_changed, names="value")
        self.previous.on_click(lambda _button: self.go(self.step_index - 1))
        self.next.on_click(lambda _button: self.go(self.step_index + 1))
        self.reveal.on_click(lambda _button: self.set_revealed(not self.revealed))
        self.ask.observe(self._ask_changed, names="value")
        self.text_size.observe(self._text_size_changed, names="value")

        def box(role: str) -> widgets.HTML:
            widget = widgets.HTML("")
            widget.add_class(CLASSROOM_CLASSES[role])
            return widget

        self.prompt, self.request_box, self.answer_box = box("prompt"), box("request"), box("answer")
        self.documents_box, self.trace_box, self.hints_box = box("documents"), box("trace"), box("hints")
        self.strict_label, self.citation_label, self.status_label = (widgets.Label("") for _ in range(3))
        for widget, role in ((self.strict_label, "strict"), (self.citation_label, "citation"),
                             (self.status_label, "status")):
            widget.add_class(CLASSROOM_CLASSES[role])

        def titled(text: str, widget: widgets.Widget) -> widgets.HBox:
            return widgets.HBox([widgets.HTML(f"<span>{_html.esc(text)}:</span>"), widget],
                                layout=widgets.Layout(margin="0 18px 0 0", align_items="center"))

        decision = widgets.HBox([titled("strict JSON", self.strict_label),
                                 titled("citation-only check", self.citation_label),
                                 titled("full contract", self.status_label)],
                                layout=widgets.Layout(flex_flow="row wrap"))
        toolbar = widgets.HBox([self.scenario, self.previous, self.next, self.reveal, self.ask, self.text_size,
                                self.step_label],
                               layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        left = widgets.VBox([widgets.HTML("<h4>Answer (untrusted: what the model wrote)</h4>"), self.answer_box,
                             widgets.HTML("<h4>Verdict</h4>"), decision, self.trace_box, self.hints_box],
                            layout=widgets.Layout(flex="5 1 0", min_width="0", padding="0 6px"))
        right = widgets.VBox([self.request_box, widgets.HTML("<h4>Supplied documents (what the model was shown)</h4>"),
                              self.documents_box], layout=widgets.Layout(flex="4 1 0", min_width="0", padding="0 6px"))
        self.children = [widgets.HTML(_html.STYLE + STYLE), toolbar, self.prompt,
                         widgets.HBox([left, right], layout=widgets.Layout(width="100%"))]
        self.go(0)

    def __repr__(self) -> str:
        return f"ClassroomDemo: {len(self.presets)} presets (open it in JupyterLab or Voila; Reveal shows each verdict)"

    # ------------------------------------------------------------ navigation

    @property
    def preset(self) -> Preset:
        """The preset the case switcher shows."""
        return self.presets[self.preset_index]

    @property
    def step(self) -> Step:
        """The step on screen."""
        return self.preset.steps[self.step_index]

    def _ask_changed(self, change: Any) -> None:
        self.ask.description = ASK_ON if change.new else ASK_OFF
        self.set_revealed(not change.new)

    def _text_size_changed(self, change: Any) -> None:
        if change.new not in dict(TEXT_SIZES).values():  # None, or options replaced: back to 100%
            self.text_size.options, self.text_size.value = TEXT_SIZES, 100
            return
        for name in [c for c in self._dom_classes if c.startswith("groundlab-classroom-text-")]:
            self.remove_class(name)
        if change.new != 100:
            self.add_class(f"groundlab-classroom-text-{change.new}")

    def _scenario_changed(self, change: Any) -> None:
        self.preset_index = change.new
        self.go(0)

    def choose(self, index: int) -> None:
        """Show preset ``index`` (of :attr:`presets`) from its first step; ``IndexError`` if out of range."""
        if not 0 <= index < len(self.presets):
            raise IndexError(f"no preset {index}; there are {len(self.presets)}")
        if self.scenario.value == index:
            self.go(0)
        else:
            self.scenario.value = index  # observed: shows step 0

    def go(self, index: int) -> Verdict:
        """Show step ``index`` of the current preset (clamped) and return its verdict, hidden in ask-the-room mode.

        ``TypeError`` for an index that is not an ``int``.
        """
        if not isinstance(index, int) or isinstance(index, bool):
            raise TypeError(f"a step index is an int, not {type(index).__name__}")
        chosen = max(0, min(index, len(self.preset.steps) - 1))
        step = self.preset.steps[chosen]
        case = self.case_set[step.case_id]
        raw = step_answer(step, self.case_set)  # computed before any state changes: a bad step leaves the screen as it was
        verdict = verify_answer(raw, case.request, self.registry)
        self.step_index, self.raw, self.request, self.verdict = chosen, raw, case.request, verdict
        self.previous.disabled = self.step_index == 0
        self.next.disabled = self.step_index == len(self.preset.steps) - 1
        self.prompt.value = f"<p><strong>{_html.esc(step.title)}</strong> · {_html.esc(step.prompt)}</p>"
        self.request_box.value = request_html(self.request)
        self.revealed = not self.ask.value
        self._draw_verdict()
        # set last: once the browser shows the new step number, it shows all of the step
        self.step_label.value = f"step {self.step_index + 1} of {len(self.preset.steps)}"
        return self.verdict

    def set_revealed(self, revealed: bool) -> None:
        """Show (``True``) or hide (``False``) the current step's verdict."""
        self.revealed = bool(revealed)
        self._draw_verdict()

    # ------------------------------------------------------------ the verdict

    def _draw_verdict(self) -> None:
        verdict, request = self.verdict, self.request
        self.reveal.description = HIDE if self.revealed else REVEAL
        self.reveal.button_style = "" if self.revealed else "warning"
        self.documents_box.value = documents_html(request, self.registry, self.raw, marks=self.revealed)
        labels = (self.strict_label, self.citation_label, self.status_label)
        # hidden, an answer as the model wrote it is shown as its text: a claims table would tell
        # the room that it parses. A scripted step's edits stay marked in the table.
        edits = step_edits(self.step)
        self.answer_box.value = (
            answer_html(self.raw, edits)
            if self.revealed or edits
            else raw_html(self.raw)
        )
        if not self.revealed:
            self.trace_box.value = "<p>Trace hidden: ask the room, then press <strong>Reveal verdict</strong>.</p>"
            self.hints_box.value = ""
            for label in labels:  # the status last (see go)
                label.value = HIDDEN
                set_state_class(label, None)
            return
        parsed = verdict.error is None
        rows = trace_rows(verdict, request, self.registry)
        self.trace_box.value = compact_trace_html(rows, str(verdict.status))
        hints = hints_for_verdict(verdict, request, self.registry, raw=self.raw)[:2]
        note = f"<p><em>{_html.esc(self.step.note)}</em></p>" if self.step.note else ""
        self.hints_box.value = note + "".join(
            f"<p>Near-miss hint ({_html.esc(h.kind)}): {_html.esc(h.message)}</p>" for h in hints
        )
        self.strict_label.value = (
            _html.mark(True, "parses") if parsed else _html.mark(False, no=f"INVALID_JSON ({verdict.error.code})")
        )
        self.citation_label.value = _html.mark(verdict.citation_only_ok, "accepts", "rejects")
        for label, passed in zip(labels, (parsed, verdict.citation_only_ok, verdict.ok)):
            set_state_class(label, passed)
        self.status_label.value = _html.status_text(verdict.status)  # the status last (see go)
