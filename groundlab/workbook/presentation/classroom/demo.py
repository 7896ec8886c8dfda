"""The classroom demo: one projector screen per answer, verdict hidden until Reveal.

The screen fits 1024 x 768 and 1280 x 720, at 100% and at 125% browser zoom. Its words are in the
language in force (``groundlab.set_language``; the workbook's catalogue), and its language switch
draws the same screen in the other language.

Part of the workbook's classroom demo: the Voilà widget (ipywidgets). See ``docs/architecture.md``, "Layers".
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any, Sequence

from groundlab._extras import require

require("ipywidgets", "workbook")  # a missing package names the extra that adds it

import ipywidgets as widgets

from groundlab.core.contract import Verdict, verify_answer
from groundlab.core.language import LANGUAGES, N_, get_language, language_name, set_language
from groundlab.core.registry import Registry, Request
from groundlab.hints import hints_for_verdict
from groundlab.workbook.presentation import html as _html
from groundlab.workbook.presentation.classroom.script import Preset, Step, classroom_presets, shown, step_answer, step_edits
from groundlab.workbook.presentation.classroom.page import answer_html, compact_trace_html, documents_html, raw_html, request_html, style
from groundlab.core.trace import trace_rows
from groundlab.workbook.catalogues import WORKBOOK_CATALOGUE
from groundlab.workbook.presentation.widgets.base import PlainRepr, set_state_class

__all__ = [
    "ASK_OFF", "ASK_ON", "CLASSROOM_CLASSES", "HIDDEN", "HIDE", "LANGUAGE_CLASS", "LAYERS", "NOTES", "PRESENTER_NOTES", "REVEAL", "TEXT_SIZES",
    "EDITOR_HEADING", "EDITOR_LEAD", "ClassroomDemo", "EditorSection", "voila_state_file",
]

tr = WORKBOOK_CATALOGUE

CLASSROOM_CLASSES = {
    "demo": "groundlab-classroom",
    "editor_section": "groundlab-classroom-editor-section",
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
    "notes_toggle": "groundlab-classroom-notes-toggle",
    "notes": "groundlab-classroom-notes",
    "toolbar": "groundlab-classroom-toolbar",
    "language": "groundlab-classroom-language",
    "columns": "groundlab-classroom-columns",
}
"""Role -> CSS class of the demo's parts (browser tests find them by these names)."""

HIDDEN = N_("? ask the room")
"""Text of each decision label while the verdict is hidden (each English constant here is shown through
the workbook's catalogue, in the language in force)."""
REVEAL, HIDE = N_("Reveal verdict"), N_("Hide verdict")
"""The Reveal button's two descriptions."""
ASK_ON, ASK_OFF = N_("Ask the room: on"), N_("Ask the room: off")
"""The ask-the-room toggle's two descriptions."""
TEXT_SIZES = ((N_("Text 100%"), 100), (N_("Text 125%"), 125), (N_("Text 150%"), 150))
"""The text-size choices ``(label, percent)``: 100% (20 px body text) fits 1024 x 768, 1280 x 720 and both
at 125% browser zoom; 125% fits 1600 x 900, 150% 1920 x 1080. The claim editor on the same page follows."""
NOTES = N_("Notes")
"""The presenter-notes toggle's description (the notes stay hidden until it is pressed)."""
PRESENTER_NOTES = N_(
    "Pick a Scenario (first: notebook 02's script, then the study cases), walk it with Previous / Next, "
    "and press Reveal verdict once the room has voted. Tab moves between the controls; Enter or Space "
    "presses one. Ask the room off shows each verdict at once. Text 125% suits 1600×900, Text 150% "
    "1920×1080. A reload keeps the scenario, the screen and the text size. Steps 2a and 3 hinge on a "
    "trailing space: say it aloud."
)
"""The general presenter notes shown by :data:`NOTES` (plain text; the step's own note follows once revealed)."""
LAYERS = (N_("strict JSON:"), N_("citation-only:"), N_("full contract:"))
"""The captions of the three decision labels (strict, citation, status)."""

LANGUAGE_CLASS = "groundlab-classroom-lang-"
"""Prefix of the demo's class naming its language when not English (``groundlab-classroom-lang-zh-Hant``)."""

_STATE_KEYS = ("preset", "step", "text_size", "ask")


def voila_state_file(environ: Any = None) -> Path | None:
    """Where a demo served by Voilà keeps its state, or ``None`` outside Voilà.

    Voilà starts one kernel per page load and tells it ``SERVER_SOFTWARE`` (``voila/...``), the
    server's port and the page's path and query; the state file is named by a hash of those, in
    ``$XDG_STATE_HOME/groundlab`` (default ``~/.local/state/groundlab``), so a reload of the same
    address finds it and another query (``?room=b``) starts fresh. ``environ``: a mapping (default
    ``os.environ``).
    """
    env = os.environ if environ is None else environ
    if not str(env.get("SERVER_SOFTWARE", "")).startswith("voila/"):
        return None
    key = "\n".join(str(env.get(name, "")) for name in ("SERVER_NAME", "SERVER_PORT", "SCRIPT_NAME", "QUERY_STRING"))
    folder = Path(env.get("XDG_STATE_HOME") or Path.home() / ".local" / "state") / "groundlab"
    return folder / f"classroom-{hashlib.sha256(key.encode()).hexdigest()[:16]}.json"


def _write_state(path: Path, state: dict[str, Any]) -> None:
    """Write ``state`` as JSON to ``path`` whole or not at all: a new temporary file in the same
    folder (``O_EXCL | O_NOFOLLOW``), then ``os.replace``; an ``OSError`` leaves the old file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(state, handle)
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def _read_state(path: Path) -> dict[str, Any]:
    """The saved state at ``path``, or ``{}`` when it is missing, unreadable or not a JSON object."""
    try:
        state = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return state if isinstance(state, dict) else {}

class ClassroomDemo(PlainRepr, widgets.VBox):
    """A one-screen classroom demo: preset answers, their supplied documents, the verdict on Reveal.

    ``ClassroomDemo(case_set, *, scenarios=None, ask_the_room=True, state_file="auto")``: ``scenarios`` are
    :class:`~groundlab.workbook.presentation.classroom.script.Preset` s (default: ``classroom_presets(case_set)``);
    with ``ask_the_room`` each step opens with its verdict hidden. ``state_file`` (a path, ``None``
    for none, ``"auto"``: :func:`voila_state_file`) keeps the preset, the screen, the text size and
    the ask-the-room mode across reloads: read once here (a saved state that no longer fits is
    ignored), written on each change; it keeps the language too, when it is not the one in force at
    the start (``GROUNDLAB_LANG``'s, say). ``ValueError`` for no presets, a preset without steps or a
    request the registry cannot serve; ``KeyError`` for an unknown case.

    The answer and its three admission layers span the screen; below, the compact trace and the
    hint on the left, the request and the supplied documents on the right, all escaped. Each step's :attr:`verdict` is computed by ``verify_answer``
    when the step is shown; while hidden, no part of it (status, trace, hints, quote marks) is on
    screen and the labels :attr:`strict_label`, :attr:`citation_label`, :attr:`status_label` read
    :data:`HIDDEN`. Controls, reachable by Tab: :attr:`scenario` (value: the preset's index),
    :attr:`previous`, :attr:`next`, :attr:`reveal`, :attr:`ask`, :attr:`text_size`, :attr:`notes_toggle`
    (presenter notes, hidden until pressed), :attr:`language_switch` (English | 繁體中文:
    :meth:`switch_language`). ``HTML`` parts: :attr:`prompt`, :attr:`answer_box`,
    :attr:`request_box`, :attr:`documents_box`, :attr:`trace_box`, :attr:`hints_box`, :attr:`notes_box`;
    state: :attr:`raw`, :attr:`request`, :attr:`revealed`, :attr:`language`. The step count (:attr:`step_label`) is the
    screen's only count. When the kernel is gone, the page says so and asks for a reload (F5).
    """

    def __init__(self, case_set: Any, *, scenarios: Sequence[Preset] | None = None, ask_the_room: bool = True,
                 state_file: str | os.PathLike[str] | None = "auto") -> None:
        super().__init__()
        self.state_file = voila_state_file() if state_file == "auto" else (None if state_file is None else Path(state_file))
        self._restoring = True
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
        self.language = self._start_language = get_language()
        self._relabelling = False  # options or a value replaced by a redraw in another language: not a choice
        self._language_callbacks: list = []
        self.add_class(CLASSROOM_CLASSES["demo"])

        self.scenario = widgets.Dropdown(
            options=self._scenario_options(), value=0, layout=widgets.Layout(width="auto", max_width="100%"),
            style={"description_width": "initial"},
        )
        self.previous = widgets.Button(layout=widgets.Layout(width="auto"))
        self.next = widgets.Button(layout=widgets.Layout(width="auto"))
        self.reveal = widgets.Button(button_style="warning", layout=widgets.Layout(width="auto"))
        self.ask = widgets.ToggleButton(value=ask_the_room, layout=widgets.Layout(width="auto"))
        self.text_size = widgets.Dropdown(options=self._text_size_options(), value=100, layout=widgets.Layout(width="auto"))
        self.notes_toggle = widgets.ToggleButton(value=False, layout=widgets.Layout(width="auto"))
        self.language_switch = widgets.ToggleButtons(
            options=[(language_name(language), language) for language in LANGUAGES], value=self.language,
            style={"button_width": "auto"}, layout=widgets.Layout(width="auto"),
        )
        self.step_label = widgets.Label("")
        for widget, role in ((self.scenario, "scenario"), (self.previous, "previous"), (self.next, "next"),
                             (self.reveal, "reveal"), (self.ask, "ask"), (self.text_size, "text_size"),
                             (self.notes_toggle, "notes_toggle"), (self.language_switch, "language"),
                             (self.step_label, "step")):
            widget.add_class(CLASSROOM_CLASSES[role])
        self.scenario.observe(self._scenario_changed, names="value")
        self.previous.on_click(lambda _button: self.go(self.step_index - 1))
        self.next.on_click(lambda _button: self.go(self.step_index + 1))
        self.reveal.on_click(lambda _button: self.set_revealed(not self.revealed))
        self.ask.observe(self._ask_changed, names="value")
        self.text_size.observe(self._text_size_changed, names="value")
        self.notes_toggle.observe(lambda _change: self._draw_notes(), names="value")
        self.language_switch.observe(self._language_chosen, names="value")

        def box(role: str) -> widgets.HTML:
            widget = widgets.HTML("")
            widget.add_class(CLASSROOM_CLASSES[role])
            return widget

        self.prompt, self.request_box, self.answer_box = box("prompt"), box("request"), box("answer")
        self.documents_box, self.trace_box, self.hints_box = box("documents"), box("trace"), box("hints")
        self.notes_box = box("notes")
        self.notes_box.layout.display = "none"
        self.style_box = widgets.HTML("")
        self.scale_style = widgets.HTML(self._scale_css(100))
        self.strict_label, self.citation_label, self.status_label = (widgets.Label("") for _ in range(3))
        for widget, role in ((self.strict_label, "strict"), (self.citation_label, "citation"),
                             (self.status_label, "status")):
            widget.add_class(CLASSROOM_CLASSES[role])
        self.captions = tuple(widgets.HTML("") for _ in LAYERS)

        def titled(caption: widgets.HTML, widget: widgets.Widget) -> widgets.HBox:
            return widgets.HBox([caption, widget], layout=widgets.Layout(margin="0 18px 0 0", align_items="center"))

        decision = widgets.HBox([titled(caption, label) for caption, label in
                                 zip(self.captions, (self.strict_label, self.citation_label, self.status_label))],
                                layout=widgets.Layout(flex_flow="row wrap"))
        toolbar = widgets.HBox([self.scenario, self.previous, self.next, self.reveal, self.ask, self.text_size,
                                self.notes_toggle, self.language_switch, self.step_label],
                               layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        toolbar.add_class(CLASSROOM_CLASSES["toolbar"])
        answer = widgets.VBox([self.answer_box, decision], layout=widgets.Layout(width="100%"))
        left = widgets.VBox([self.trace_box, self.hints_box], layout=widgets.Layout(flex="1 1 0", min_width="0"))
        right = widgets.VBox([self.request_box, self.documents_box], layout=widgets.Layout(flex="1 1 0", min_width="0"))
        columns = widgets.HBox([left, right], layout=widgets.Layout(width="100%"))
        columns.add_class(CLASSROOM_CLASSES["columns"])
        self.children = [self.style_box, self.scale_style, toolbar, self.notes_box, self.prompt, answer, columns]
        self._restore()

    def _restore(self) -> None:
        """Show the saved state of :attr:`state_file` if it still fits these presets, else step 0."""
        saved = _read_state(self.state_file) if self.state_file is not None else {}
        preset, step = saved.get("preset"), saved.get("step")
        fits = (isinstance(preset, int) and not isinstance(preset, bool) and 0 <= preset < len(self.presets)
                and isinstance(step, int) and not isinstance(step, bool))
        if saved.get("language") in LANGUAGES and saved["language"] != self.language:
            self.language = set_language(saved["language"])  # the kernel's language: the cells below follow
            self._relabel(self.language_switch, self.language_switch.options, self.language)
        self._draw_words()
        self.go(0)  # a drawn screen first: the observers below redraw it
        if saved.get("text_size") in dict(TEXT_SIZES).values():
            self.text_size.value = saved["text_size"]
        if isinstance(saved.get("ask"), bool):
            self.ask.value = saved["ask"]
        if fits and preset != self.scenario.value:
            self.scenario.value = preset  # observed: shows its step 0
        if fits and step:
            self.go(step)
        self._restoring = False

    def _save(self) -> None:
        if self.state_file is None or self._restoring:
            return
        state = dict(zip(_STATE_KEYS, (self.preset_index, self.step_index, self.text_size.value, self.ask.value)))
        if self.language != self._start_language:
            state["language"] = self.language
        try:
            _write_state(self.state_file, state)
        except OSError:  # a read-only home: the demo goes on, it only forgets on reload
            pass

    @staticmethod
    def _scale_css(percent: int) -> str:
        return f"<style>html:root {{ --groundlab-classroom-scale: {percent / 100:g}; }}</style>"

    def _draw_notes(self) -> None:
        shown_now = bool(self.notes_toggle.value)
        self.notes_box.layout.display = None if shown_now else "none"
        note = self.step.note if self.revealed and self.step.note else ""
        if not shown_now:
            self.notes_box.value = ""
            return
        heading, general = _html.esc(tr("Presenter notes.")), _html.esc(tr(PRESENTER_NOTES))
        this_case = _html.esc(tr("This case: {note}").format(note=note)) if note else ""
        self.notes_box.value = f"<p><strong>{heading}</strong> {general}</p>" + (f"<p><em>{this_case}</em></p>" if note else "")

    def __repr__(self) -> str:
        return tr("ClassroomDemo: {count} presets (open it in JupyterLab or Voila; Reveal shows each verdict)").format(
            count=len(self.presets))

    # ------------------------------------------------------------ language

    def _scenario_options(self) -> list[tuple[str, int]]:
        return [(shown(p.title), i) for i, p in enumerate(self.presets)]

    @staticmethod
    def _text_size_options() -> tuple[tuple[str, int], ...]:
        return tuple((tr(label), percent) for label, percent in TEXT_SIZES)

    def _relabel(self, widget: widgets.Widget, options: Any, value: Any) -> None:
        """Give a selection widget ``options`` (new labels, the same values) and keep ``value`` chosen,
        unobserved (a new option list selects its first option on the way)."""
        self._relabelling = True
        try:
            if tuple(widget.options) != tuple(options):
                widget.options = options
            widget.value = value
        finally:
            self._relabelling = False

    def _draw_words(self) -> None:
        """Every fixed word of the demo (controls, captions, the stopped notice) in the language in force."""
        self.style_box.value = _html.STYLE + style()
        for name in [c for c in self._dom_classes if c.startswith(LANGUAGE_CLASS)]:
            self.remove_class(name)
        if self.language != "en":  # the page's fonts for its script (see page.STYLE)
            self.add_class(LANGUAGE_CLASS + self.language)
        self.scenario.description = tr("Scenario")
        self._relabel(self.scenario, self._scenario_options(), self.preset_index)
        self._relabel(self.text_size, self._text_size_options(), self.text_size.value)
        self.previous.description, self.previous.tooltip = tr("◀ Previous"), tr("Previous step")
        self.next.description, self.next.tooltip = tr("Next ▶"), tr("Next step")
        self.reveal.tooltip = tr("Show or hide this step's verdict")
        self.ask.description = tr(ASK_ON if self.ask.value else ASK_OFF)
        self.ask.tooltip = tr("Start every step with its verdict hidden until Reveal")
        self.text_size.tooltip = tr("Text size for a larger screen")
        self.notes_toggle.description, self.notes_toggle.tooltip = tr(NOTES), tr("Show or hide the presenter notes")
        self.language_switch.tooltips = [tr("Show the demo in {language}").format(language=language_name(language))
                                         for language in LANGUAGES]
        for caption, text in zip(self.captions, LAYERS):
            caption.value = f"<span>{_html.esc(tr(text))}</span>"

    def _language_chosen(self, change: Any) -> None:
        if not self._relabelling:
            self.switch_language(change.new)

    def switch_language(self, language: str) -> str:
        """Show the demo in ``language`` (``"en"``, ``"zh-Hant"``, as :func:`groundlab.set_language`
        reads it, which this calls for the whole kernel) and return the language now in force.

        The same preset, screen, text size, notes and hidden or revealed verdict are drawn again in
        that language, the verdict computed again by ``verify_answer`` (never kept from before); each
        :meth:`on_language` callback is then called. ``ValueError`` for a language groundlab lacks.
        """
        self.language = set_language(language)
        self._relabel(self.language_switch, self.language_switch.options, self.language)
        self._draw_words()
        self._show(self.step_index, revealed=self.revealed)
        for callback in tuple(self._language_callbacks):
            callback(self.language)
        return self.language

    def on_language(self, callback: Any) -> None:
        """Call ``callback(language)`` after each :meth:`switch_language` (say, a claim editor's
        ``lambda _language: editor.refresh()`` on the same page)."""
        self._language_callbacks.append(callback)

    def editor_section(self, editor: Any, case_id: str) -> "EditorSection":
        """``editor`` (a claim editor opened on ``case_id``) under a heading in the language in
        force; :meth:`switch_language` redraws both (:class:`EditorSection`)."""
        return EditorSection(self, editor, case_id)

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
        self.ask.description = tr(ASK_ON if change.new else ASK_OFF)
        self.set_revealed(not change.new)
        self._save()

    def _text_size_changed(self, change: Any) -> None:
        if self._relabelling:
            return
        if change.new not in dict(TEXT_SIZES).values():  # None, or options replaced: back to 100%
            self.text_size.options, self.text_size.value = self._text_size_options(), 100
            return
        for name in [c for c in self._dom_classes if c.startswith("groundlab-classroom-text-")]:
            self.remove_class(name)
        if change.new != 100:
            self.add_class(f"groundlab-classroom-text-{change.new}")
        self.scale_style.value = self._scale_css(change.new)  # the demo and the claim editor below it
        self._save()

    def _scenario_changed(self, change: Any) -> None:
        if self._relabelling:
            return
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
        return self._show(index)

    def _show(self, index: int, revealed: bool | None = None) -> Verdict:
        """Draw step ``index`` (clamped), its verdict computed now; ``revealed``: shown or hidden
        (``None``: as the ask-the-room mode opens a step)."""
        chosen = max(0, min(index, len(self.preset.steps) - 1))
        step = self.preset.steps[chosen]
        case = self.case_set[step.case_id]
        raw = step_answer(step, self.case_set)  # computed before any state changes: a bad step leaves the screen as it was
        verdict = verify_answer(raw, case.request, self.registry)
        self.step_index, self.raw, self.request, self.verdict = chosen, raw, case.request, verdict
        self.previous.disabled = self.step_index == 0
        self.next.disabled = self.step_index == len(self.preset.steps) - 1
        self.prompt.value = f"<p><strong>{_html.esc(shown(step.title))}</strong> · {_html.esc(shown(step.prompt))}</p>"
        self.request_box.value = request_html(self.request)
        self.revealed = (not self.ask.value) if revealed is None else bool(revealed)
        self._draw_verdict()
        # set last: once the browser shows the new step number, it shows all of the step
        self.step_label.value = tr("screen {number} of {total}").format(number=self.step_index + 1,
                                                                         total=len(self.preset.steps))
        self._save()
        return self.verdict

    def set_revealed(self, revealed: bool) -> None:
        """Show (``True``) or hide (``False``) the current step's verdict."""
        self.revealed = bool(revealed)
        self._draw_verdict()

    # ------------------------------------------------------------ the verdict

    def _draw_verdict(self) -> None:
        verdict, request = self.verdict, self.request
        self.reveal.description = tr(HIDE if self.revealed else REVEAL)
        self.reveal.button_style = "" if self.revealed else "warning"
        self.documents_box.value = documents_html(request, self.registry, self.raw, marks=self.revealed)
        labels = (self.strict_label, self.citation_label, self.status_label)
        # hidden, an answer as the model wrote it is shown as its text: a claims table would tell
        # the room that it parses. A scripted step's edits stay marked in the table.
        edits = step_edits(self.step)
        self.answer_box.value = (
            answer_html(self.raw, edits)
            if self.revealed or edits
            else raw_html(self.raw, fold=True)
        )
        self._draw_notes()
        if not self.revealed:
            self.trace_box.value = "<p>" + tr("Trace hidden: ask the room, then press <strong>{reveal}</strong>.").format(
                reveal=_html.esc(tr(REVEAL))) + "</p>"
            self.hints_box.value = ""
            for label in labels:  # the status last (see go)
                label.value = tr(HIDDEN)
                set_state_class(label, None)
            return
        parsed = verdict.error is None
        rows = trace_rows(verdict, request, self.registry)
        self.trace_box.value = compact_trace_html(rows, str(verdict.status))
        hints = hints_for_verdict(verdict, request, self.registry, raw=self.raw)[:1]
        self.hints_box.value = "".join(
            "<p>" + tr("Near-miss hint ({kind}): {message}").format(kind=_html.esc(h.kind), message=_html.esc(h.message))
            + "</p>" for h in hints
        )
        self.strict_label.value = (
            _html.mark(True, tr("parses")) if parsed else _html.mark(False, no=f"INVALID_JSON ({verdict.error.code})")
        )
        self.citation_label.value = _html.mark(verdict.citation_only_ok, tr("accepts"), tr("rejects"))
        for label, passed in zip(labels, (parsed, verdict.citation_only_ok, verdict.ok)):
            set_state_class(label, passed)
        self.status_label.value = _html.status_text(verdict.status)  # the status last (see go)


EDITOR_HEADING = N_("Edit an answer yourself")
EDITOR_LEAD = N_(
    "The claim editor below opens the study's {case} answer: edit a claim or the request and the three admission "
    "layers, the trace, the accepted map and the near-miss hints update on every edit."
)
"""The heading and the sentence above the claim editor on the demo's page."""


class EditorSection(PlainRepr, widgets.VBox):
    """A claim editor under its heading on the demo's page: ``EditorSection(demo, editor, case_id)``.

    The heading (:data:`EDITOR_HEADING`, :data:`EDITOR_LEAD`) is in the language in force; the
    demo's language switch redraws it and refreshes the editor (``editor.refresh()``)."""

    def __init__(self, demo: ClassroomDemo, editor: Any, case_id: str) -> None:
        super().__init__()
        self.case_id = case_id
        self.editor = editor
        self.heading = widgets.HTML("")
        self.children = (self.heading, editor)
        self.add_class(CLASSROOM_CLASSES["editor_section"])  # its heading shows no broken-link icon when the kernel is gone
        self.redraw()
        demo.on_language(self.redraw)

    def redraw(self, _language: str | None = None) -> None:
        """Draw the heading in the language in force and refresh the editor."""
        code = f"<code>{_html.esc(self.case_id)}</code>"
        self.heading.value = f"<h2>{_html.esc(tr(EDITOR_HEADING))}</h2><p>{_html.esc(tr(EDITOR_LEAD)).format(case=code)}</p>"
        if _language is not None:
            self.editor.refresh()

    def __repr__(self) -> str:
        return tr("{heading}: {editor}").format(heading=tr(EDITOR_HEADING), editor=repr(self.editor))
