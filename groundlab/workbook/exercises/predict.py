"""Predict exercises: the learner chooses, presses *Check*, and only then the library answers.

Part of the workbook's exercises; imports ipywidgets. Answers come from
:mod:`groundlab.workbook.exercises.answers` when *Check* is pressed, never before. See
``docs/architecture.md``, "Exercise answers".
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from groundlab._extras import require

require("ipywidgets", "workbook")  # a missing package names the extra that adds it

import ipywidgets as widgets

from groundlab.core.checks import Status, status_meaning
from groundlab.core.errors import ERROR_CODES, code_meaning
from groundlab.core.language import DEFAULT_LANGUAGE, N_, get_language
from groundlab.core.registry import Registry, Request, Source
from groundlab.workbook.catalogues import WORKBOOK_CATALOGUE
from groundlab.workbook.exercises import answers
from groundlab.workbook.exercises.progress import Reported
from groundlab.workbook.presentation import html as _html
from groundlab.workbook.presentation.css import state_class
from groundlab.workbook.exercises.material import DOCUMENTS, check_choices, check_hints, check_material, heading_label
from groundlab.workbook.exercises.material import shown_material, status_details
from groundlab.workbook.exercises.outcome import CANNOT_ANSWER, CHOOSE_FIRST, RIGHT, TRY_AGAIN, WRONG, PredictOutcome
from groundlab.workbook.exercises.outcome import outcome_lines
from groundlab.workbook.presentation.widgets.base import PlainRepr, tag

if TYPE_CHECKING:
    from groundlab.workbook.exercises.scoreboard import Scoreboard


__all__ = ["CHOOSE_FIRST", "PREDICT_STYLE", "RIGHT", "TRY_AGAIN", "WRONG", "Predict", "PredictOutcome"]

tr = WORKBOOK_CATALOGUE

PREDICT_STYLE = """<style>
.groundlab-predict h4 { margin: 2px 0; }
.groundlab-predict p { margin: 2px 0; }
.groundlab-predict .groundlab-pre { max-height: 14em; overflow-y: auto; font-size: 92%; }
.groundlab-predict-choices .widget-radio-box { flex-direction: row; flex-wrap: wrap; }
.groundlab-predict-choices .widget-radio-box label { margin-right: 14px; width: auto; }
.groundlab-predict details > summary { cursor: pointer; font-weight: bold; }
</style>"""
"""The Predict widget's own style: the choices in a row that wraps, long material in a box that
scrolls, the supplied documents folded under a summary line, so the widget fits one screen."""


class Predict(Reported, PlainRepr, widgets.VBox):
    """A prediction exercise: the learner chooses, presses *Check*, and only then the library answers.

    ``Predict(title, question, choices, answer, *, details=None, hints=(), board=None)``: ``choices``
    are distinct ``str``, shown as radio buttons with none selected; ``answer() -> (correct_choice,
    why)`` is called by the first :meth:`check` that has a choice, never before, and kept;
    ``details`` (a ``str`` or ``(heading, text)`` pairs) is the material to predict from; at most two
    ``hints``; ``board`` a :class:`~groundlab.workbook.exercises.scoreboard.Scoreboard`. All text is
    shown escaped. ``ValueError`` for empty or repeated choices or more than two hints;
    ``TypeError`` for a non-callable ``answer`` or arguments of the wrong type.

    Before *Check* nothing in the widget, its state or its ``text/plain`` form holds the answer
    (``repr``: ``"Predict: <title> (choose, then press Check)"``). A right try shows ``"✓ Right."``,
    the prediction, the answer and ``"Why: <why>"``, and closes the exercise. A wrong try shows
    ``"✗ Not this time."``, the prediction and the next hint (toward the rule, never the deciding
    check), and stays open; once the hints are used up, a wrong try shows the answer and the why
    and closes the exercise. The supplied documents are folded under a ``<details>`` summary.
    An ``answer()`` that raises or returns no valid choice is reported in
    the widget. :attr:`outcome` is the first try (what a scoreboard counts), :attr:`tries` every try.
    """

    def __init__(
        self,
        title: str,
        question: str,
        choices: Sequence[str],
        answer: Callable[[], tuple[str, str]],
        *,
        details: str | Sequence[tuple[str, str]] | None = None,
        hints: Sequence[str] = (),
        board: "Scoreboard | None" = None,
    ) -> None:
        super().__init__()
        options = list(check_choices(choices))
        if not callable(answer):
            raise TypeError("answer must be a callable returning (correct_choice, why)")
        hints = check_hints(hints)
        material = check_material(details)
        if board is not None and not callable(getattr(board, "track", None)):
            raise TypeError(f"board is a Scoreboard, not {type(board).__name__}")
        self.title = str(title)
        self.question = str(question)
        self.options = tuple(options)
        self.hints = hints
        self.hints_shown = 0
        self._answer = answer
        self._answered: tuple[str, str] | None = None
        self.revealed = False  # a wrong try with no hint left showed the answer
        self.tries: list[PredictOutcome] = []
        # A choice that is a word is shown translated; its value, compared with the answer, stays as given.
        self.choice_labels = tuple(answers.choice_label(option) for option in options)
        shown_options = options if self.choice_labels == self.options else list(zip(self.choice_labels, options))
        self.choices = widgets.RadioButtons(options=shown_options, value=None, layout=widgets.Layout(width="auto"))
        self.check_button = widgets.Button(description=tr("Check"), icon="check", tooltip=tr("Compute the answer now"))
        self.check_button.on_click(lambda _button: self.check())
        self.hint_button = widgets.Button(description=tr("Hint"), icon="lightbulb-o", tooltip=tr("Show a hint"))
        self.hint_button.on_click(lambda _button: self.hint())
        self.hint_box = widgets.HTML("")
        self.result = widgets.HTML("")
        tag(
            (
                (self, "predict"),
                (self.choices, "predict_choices"),
                (self.check_button, "predict_check"),
                (self.hint_button, "predict_hint"),
                (self.hint_box, "predict_hints"),
                (self.result, "predict_result"),
            )
        )
        head = f"<h4>{_html.esc(self.title)}</h4><p>{_html.esc(self.question)}</p>"
        self._material = [(h, shown_material(t)) for h, t in material]
        folded = tr("{heading} (click to show)")
        head += "".join(
            f"<details><summary>{_html.esc(folded.format(heading=heading_label(h)))}</summary>"
            f"{_html.pre(shown_material(t), 'groundlab-pre')}</details>"
            if h == DOCUMENTS
            else (f"<p><strong>{_html.esc(heading_label(h))}</strong></p>" if h != "Material" or len(material) > 1 else "")
            + _html.pre(shown_material(t), "groundlab-pre")
            for h, t in material
        )
        head += code_explanations(self.options)
        buttons = [self.check_button, self.hint_button] if self.hints else [self.check_button]
        self.children = [
            widgets.HTML(_html.STYLE + PREDICT_STYLE),
            widgets.HTML(head),
            self.choices,
            widgets.HBox(buttons),
            self.hint_box,
            self.result,
        ]
        if board is not None:
            board.track(self)

    @property
    def outcome(self) -> PredictOutcome | None:
        """The first try's :class:`PredictOutcome` (``None`` before any): what a scoreboard counts."""
        return self.tries[0] if self.tries else None

    @property
    def closed(self) -> bool:
        """``True`` once a try was right or a wrong one showed the answer (no hint left); the choices and buttons are then disabled."""
        return bool(self.tries) and (self.tries[-1].right or self.revealed)

    def __repr__(self) -> str:
        if self.tries:
            return tr("Predict: {title} (checked)").format(title=self.title)
        return tr("Predict: {title} (choose, then press Check)").format(title=self.title)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict:
        """As the mixin, plus the question and the material (the supplied documents too) in ``text/plain``: never the answer, nothing computed."""
        data = super()._repr_mimebundle_(**kwargs)
        lines = [repr(self), self.question]
        if not self._material:  # a custom exercise: its choices are part of the question
            lines.append(tr("Choices: {choices}").format(choices=" | ".join(self.choice_labels)))
        for heading, text in self._material:
            lines += [tr("{heading}:").format(heading=heading_label(heading)), text]
        lines.append(tr("(Run this cell in Jupyter to choose an answer and check it.)"))
        data["text/plain"] = "\n".join(lines)
        return data

    @property
    def identity(self) -> tuple:
        """``("Predict", title, question, options)``: a re-run of the same cell makes an equal one."""
        return ("Predict", self.title, self.question, self.options)

    def resume(self, earlier: "Predict") -> None:
        """Take over ``earlier``'s tries (its cell ran again): the first try still counts, a closed exercise stays closed."""
        self.tries, self._answered, self.revealed = list(earlier.tries), earlier._answered, earlier.revealed
        if earlier.hints_shown and self.hints == earlier.hints:
            self.hints_shown = earlier.hints_shown
            self.hint_box.value = earlier.hint_box.value
            self.hint_button.disabled = earlier.hint_button.disabled
        if self.tries:
            self.result.value = earlier.result.value
            if self.closed:
                self.choices.disabled = self.check_button.disabled = self.hint_button.disabled = True

    def hint(self) -> str | None:
        """Show and return the next hint, as *Hint* does: ``"Hint 1 of 2: ..."`` (``None`` without hints; the last one again at the end)."""
        if not self.hints:
            return None
        self.hints_shown = min(self.hints_shown + 1, len(self.hints))
        shown = [
            tr("Hint {number} of {total}: {hint}").format(number=n + 1, total=len(self.hints), hint=h)
            for n, h in enumerate(self.hints[: self.hints_shown])
        ]
        self.hint_box.value = "".join(f'<p class="groundlab-predict-hint">{_html.esc(h)}</p>' for h in shown)
        self.hint_button.disabled = self.hints_shown == len(self.hints)
        return shown[-1]

    def choose(self, choice: str) -> None:
        """Select ``choice``, as a click would; ``ValueError`` if it is not a choice, ``RuntimeError`` once the exercise closed."""
        if self.closed:
            raise RuntimeError("this exercise was answered right; its choice is final")
        if choice not in self.options:
            raise ValueError(f"{choice!r} is not one of the choices: {', '.join(self.options)}")
        self.choices.value = choice

    def check(self) -> PredictOutcome | None:
        """Check the chosen answer, as *Check* does, and return this try's :class:`PredictOutcome`.

        ``None`` when nothing is chosen (nothing is computed) or when ``answer()`` fails; once the
        exercise closed, the last try again.
        """
        if self.closed:
            return self.tries[-1]
        choice = self.choices.value
        if choice is None:
            self.result.value = f"<p>{_html.esc(tr(CHOOSE_FIRST))}</p>"
            return None
        if self._answered is None:
            try:
                found = self._answer()
                if not (isinstance(found, (tuple, list)) and len(found) == 2 and all(isinstance(x, str) for x in found)):
                    raise TypeError(f"answer() should return (correct_choice, why), two str, not {found!r:.60}")
                if found[0] not in self.options:
                    raise ValueError(f"answer() returned {found[0]!r}, which is not one of the choices")
            except Exception as err:  # noqa: BLE001 - shown in the widget: a click handler would hide it
                self.result.value = (
                    f'<p class="groundlab-predict-error">{_html.esc(tr(CANNOT_ANSWER))} '
                    f"{_html.esc(type(err).__name__)}: {_html.esc(shown_material(str(err)))}</p>"
                )
                return None
            self._answered = (found[0], found[1])
        correct, why = self._answered
        outcome = PredictOutcome(choice, correct, why, choice == correct)
        self.tries.append(outcome)
        hint = None
        if not outcome.right:
            if self.hints_shown < len(self.hints):
                hint = self.hint()  # a wrong try earns the next hint, never the deciding check
            else:
                self.revealed = True
        if self.closed:
            self.choices.disabled = True
            self.check_button.disabled = True
            self.hint_button.disabled = True
        self.result.value = self._outcome_html(outcome, len(self.tries), hint)
        self._report()
        return outcome

    outcome_lines = staticmethod(outcome_lines)

    def _outcome_html(self, outcome: PredictOutcome, attempt: int, hint: str | None = None) -> str:
        """The result: the verdict, then the why, or (a wrong try that earned a hint, shown just above
        in the hint box, not repeated) the line that says to read it and try again."""
        first, second = self.outcome_lines(outcome, attempt, hint)
        verdict = f'<p class="groundlab-predict-verdict {state_class(outcome.right)}"><strong>{_html.esc(first)}</strong></p>'
        if hint is not None:
            return verdict + f'<p class="groundlab-predict-again">{_html.esc(tr(TRY_AGAIN))}</p>'
        return verdict + f'<p class="groundlab-predict-why">{_html.esc(second)}</p>'


    # The kinds of Predict: each checks its material, then binds the answer function of
    # groundlab.workbook.exercises.answers that decides it (functools.partial).

    @classmethod
    def status(
        cls,
        title: str,
        question: str,
        raw: str,
        request: Request,
        sources: Registry | Iterable[Source],
        *,
        hints: Sequence[str] = (),
        board: "Scoreboard | None" = None,
    ) -> "Predict":
        """Predict the contract status of ``raw`` (:data:`~groundlab.workbook.exercises.answers.STATUS_CHOICES`).

        Shows the answer, the request and the documents; *Check* calls ``status_answer``. ``TypeError`` for a
        ``raw`` that is not ``str`` or ``bytes``; ``ValueError`` if the request supplies an id the registry lacks.
        """
        return cls._about_answer(
            title, question, answers.STATUS_CHOICES, answers.status_answer, raw, request, sources, hints, board
        )

    @classmethod
    def case(
        cls,
        case_set: Any,
        case_id: str,
        question: str | None = None,
        *,
        title: str | None = None,
        hints: Sequence[str] = (),
        board: "Scoreboard | None" = None,
    ) -> "Predict":
        """:meth:`status` for case ``case_id`` of ``case_set`` (a ``CaseSet``); its label is never used.

        Defaults: title ``"Case <id>"``, question ``"Which status will the contract give this answer?"``.
        ``KeyError`` if there is no such case.
        """
        case = case_set[case_id]
        return cls.status(
            title or tr("Case {id}").format(id=case.id),
            question or tr("Which status will the contract give this answer?"),
            case.raw,
            case.request,
            case_set.sources,
            hints=hints,
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
        hints: Sequence[str] = (),
        board: "Scoreboard | None" = None,
    ) -> "Predict":
        """Predict what the citation-only check decides for ``raw`` (``"accepts"`` or ``"rejects"``); otherwise as :meth:`status`."""
        return cls._about_answer(
            title, question, answers.CITATION_CHOICES, answers.citation_answer, raw, request, sources, hints, board
        )

    @classmethod
    def _about_answer(
        cls,
        title: str,
        question: str,
        choices: Sequence[str],
        answer_of: Callable[[str, Request, Registry], answers.Answer],
        raw: str,
        request: Request,
        sources: Registry | Iterable[Source],
        hints: Sequence[str],
        board: "Scoreboard | None",
    ) -> "Predict":
        if not isinstance(raw, (str, bytes)):
            raise TypeError(f"raw is the answer text (str or bytes), not {type(raw).__name__}")
        registry = Registry.of(sources)
        registry.check_request(request)
        return cls(
            title,
            question,
            choices,
            partial(answer_of, raw, request, registry),
            details=status_details(raw, request, registry),
            hints=hints,
            board=board,
        )

    EXPLANATION_OUTCOMES = answers.EXPLANATION_OUTCOMES
    """Choices of :meth:`explanation` (:data:`groundlab.workbook.exercises.answers.EXPLANATION_OUTCOMES`)."""

    @classmethod
    def explanation(
        cls,
        title: str,
        reply: str,
        profile: Any,
        job: Any,
        *,
        question: str | None = None,
        hints: Sequence[str] = (),
        board: "Scoreboard | None" = None,
    ) -> "Predict":
        """Predict what ``explain_match`` gives the user for the fake reply ``reply`` (:attr:`EXPLANATION_OUTCOMES`); shows the reply.

        ``question`` by default: ``"What does explain_match give the user for this fake reply?"``.
        """
        if question is None:
            question = tr("What does explain_match give the user for this fake reply?")
        return cls(
            title, question, cls.EXPLANATION_OUTCOMES, partial(answers.explanation_answer, reply, profile, job),
            details=[("Fake model reply", reply)], hints=hints, board=board,
        )

    @classmethod
    def quote(
        cls,
        title: str,
        question: str,
        quote: str,
        source: str,
        *,
        hints: Sequence[str] = (),
        board: "Scoreboard | None" = None,
    ) -> "Predict":
        """Predict whether "No Quote, No Claim" finds ``quote`` in ``source`` (``"found"`` or ``"not found"``); shows both.

        ``TypeError`` unless both are ``str``.
        """
        if not (isinstance(quote, str) and isinstance(source, str)):
            raise TypeError(f"quote and source are str, not {type(quote).__name__} and {type(source).__name__}")
        return cls(
            title,
            question,
            answers.QUOTE_CHOICES,
            partial(answers.quote_answer, quote, source),
            details=[("Quote", quote), ("Source", source)],
            hints=hints,
            board=board,
        )

    @classmethod
    def parse_code(
        cls,
        title: str,
        question: str,
        raw: str,
        *,
        hints: Sequence[str] = (),
        board: "Scoreboard | None" = None,
    ) -> "Predict":
        """Predict what ``parse_claims`` says about ``raw``: a parse code or ``"parses"``; shows the text.

        ``TypeError`` for a ``raw`` that is not ``str`` or ``bytes``.
        """
        if not isinstance(raw, (str, bytes)):
            raise TypeError(f"raw is the answer text (str or bytes), not {type(raw).__name__}")
        return cls(
            title, question, answers.PARSE_CHOICES, partial(answers.parse_code_answer, raw),
            details=[("Answer", raw)], hints=hints, board=board,
        )


_ERROR_MEANINGS = {
    "NoGroundedPoints": N_("no point survived the quote check, so the user gets an error, not an empty explanation"),
    "ReplyFormatError": N_("the model's reply is not a draft the application can read"),
    "ProviderError": N_("the model could not be reached or refused; the user sees a message without secrets"),
}
"""What each error an explanation exercise offers means (its choice is the error's class name)."""


def code_explanations(options: Sequence[str]) -> str:
    """In a language other than English, a folded HTML list of what each code among ``options``
    means (a status: ``status_meaning``; a parse code: ``code_meaning``; an explanation's error
    class: :data:`_ERROR_MEANINGS`), so a code a learner
    cannot read as a word is explained where it is offered; ``""`` in English, or when no option
    is a code. Lists every code offered, in order, so it names no answer."""
    if get_language() == DEFAULT_LANGUAGE:
        return ""
    statuses = {status.value for status in Status}
    items = []
    for option in options:
        if option in statuses:
            meaning = status_meaning(option)
        elif option in ERROR_CODES:
            meaning = code_meaning(option)
        elif option in _ERROR_MEANINGS:
            meaning = tr(_ERROR_MEANINGS[option])
        else:
            continue
        line = _html.esc(tr("{code}: {meaning}")).format(code=f"<code>{_html.esc(option)}</code>", meaning=_html.esc(meaning))
        items.append(f"<li>{line}</li>")
    if not items:
        return ""
    summary = _html.esc(tr("What the codes mean (click to show)"))
    return f"<details><summary>{summary}</summary><ul>{''.join(items)}</ul></details>"
