"""Predict exercises: the learner chooses, presses *Check*, and only then the library answers.

Presentation layer (ipywidgets). The answers are computed by
:mod:`groundlab.view.answers` (standard library only) when *Check* is pressed,
never before: nothing in the widget, its state or its ``text/plain`` form holds
an answer until then. See ``docs/architecture.md``, "Exercise answers".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable, NamedTuple, Sequence

import ipywidgets as widgets

from groundlab.core.registry import Registry, Request, Source
from groundlab.view import answers
from groundlab.view import html as _html
from groundlab.view.css import state_class
from groundlab.view.widget_base import PlainRepr, tag

if TYPE_CHECKING:
    from groundlab.view.scoreboard import Scoreboard

__all__ = ["CHOOSE_FIRST", "RIGHT", "WRONG", "Predict", "PredictOutcome"]


class PredictOutcome(NamedTuple):
    """What :meth:`Predict.check` found: the learner's ``choice``, the library's ``answer``, ``why``, ``right``.

    ``choice``, ``answer`` (one of the choices) and ``why`` (one sentence) are
    ``str``; ``right`` is ``bool``.
    """

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
DOCUMENTS = "Documents in the registry"
"""Heading of the registry's documents in a status exercise (live widget only: too long for text)."""


class Predict(PlainRepr, widgets.VBox):
    """A prediction exercise: the learner chooses, presses *Check*, and only then the library answers.

    ``Predict(title, question, choices, answer, *, details=None, board=None)``:

    * ``title``, ``question`` -- ``str``, shown escaped;
    * ``choices`` -- the options (non-empty sequence of distinct ``str``), shown as
      radio buttons with nothing selected;
    * ``answer`` -- a callable ``() -> (correct_choice, why)`` called only by
      :meth:`check` (the *Check* button), never before and at most once; its
      ``correct_choice`` must be one of ``choices`` (``ValueError`` otherwise);
    * ``details`` -- material to predict from: a ``str`` or a sequence of
      ``(heading, text)`` pairs, each shown escaped in a ``<pre>``;
    * ``board`` -- a :class:`~groundlab.view.scoreboard.Scoreboard` that tracks this exercise.

    Before *Check* nothing in the widget, its state or its ``text/plain`` form holds
    the answer: ``repr`` is ``"Predict: <title> (choose, then press Check)"``. After
    *Check* :attr:`result` (``HTML``) shows ``"✓ Right."`` or ``"✗ Not this time."``,
    the prediction, the library's answer and ``"Why: <why>"``; the choices and the
    button are disabled and :attr:`outcome` holds a :class:`PredictOutcome`.
    ``ValueError`` for empty or repeated choices; ``TypeError`` for a non-callable ``answer``.
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
        self.choices = widgets.RadioButtons(options=options, value=None, layout=widgets.Layout(width="auto"))
        self.check_button = widgets.Button(description="Check", icon="check", tooltip="Compute the answer now")
        self.check_button.on_click(lambda _button: self.check())
        self.result = widgets.HTML("")
        tag(
            (
                (self, "predict"),
                (self.choices, "predict_choices"),
                (self.check_button, "predict_check"),
                (self.result, "predict_result"),
            )
        )
        head = f"<h4>{_html.esc(self.title)}</h4><p>{_html.esc(self.question)}</p>"
        # The plain-text form shows the short material only (the registry's documents
        # are long; they are in the live widget).
        if isinstance(details, str):
            self._material = [("Material", details)]
            head += _html.pre(details, "groundlab-pre") if details else ""
        else:
            pairs = list(details or ())
            self._material = [(h, t) for h, t in pairs if h != DOCUMENTS]
            head += "".join(
                f"<p><strong>{_html.esc(h)}</strong></p>" + _html.pre(t, "groundlab-pre") for h, t in pairs
            )
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
        """The two plain-text lines shown after *Check*: the verdict on the prediction, then the why.

        E.g. ``("✓ Right. You predicted VALUE_MISMATCH; the library says VALUE_MISMATCH.",
        "Why: claim 0 value: FAILED: ...")``.
        """
        verdict = RIGHT if outcome.right else WRONG
        return (
            f"{verdict} You predicted {outcome.choice}; the library says {outcome.answer}.",
            f"Why: {outcome.why}",
        )

    def _outcome_html(self, outcome: PredictOutcome) -> str:
        first, second = self.outcome_lines(outcome)
        state = state_class(outcome.right)
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

        Choices: :data:`~groundlab.view.answers.STATUS_CHOICES`; on *Check*
        :func:`~groundlab.view.answers.status_answer` answers. The answer, the request
        and the documents are shown (escaped) to predict from. ``ValueError`` if the
        request supplies an id the registry lacks.
        """
        return cls._about_answer(
            title, question, answers.STATUS_CHOICES, answers.status_answer, raw, request, sources, board
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
        """:meth:`status` for case ``case_id`` of ``case_set`` (a :class:`~groundlab.study.cases.CaseSet`).

        The title defaults to ``"Case <id>"`` and the question to ``"Which status will
        the contract give this answer?"``. The fixture's label is never used: the
        library decides on *Check*. ``KeyError`` if there is no such case.
        """
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
        """Predict what the citation-only baseline (quote exists in a supplied document) decides for ``raw``.

        Choices: :data:`~groundlab.view.answers.CITATION_CHOICES`; on *Check*
        :func:`~groundlab.view.answers.citation_answer` answers. Material and errors as
        for :meth:`status`.
        """
        return cls._about_answer(
            title, question, answers.CITATION_CHOICES, answers.citation_answer, raw, request, sources, board
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
        board: "Scoreboard | None",
    ) -> "Predict":
        registry = Registry.of(sources)
        registry.check_request(request)
        return cls(
            title,
            question,
            choices,
            lambda: answer_of(raw, request, registry),
            details=_status_details(raw, request, registry),
            board=board,
        )

    EXPLANATION_OUTCOMES = answers.EXPLANATION_OUTCOMES
    """Choices of :meth:`explanation` (:data:`groundlab.view.answers.EXPLANATION_OUTCOMES`)."""

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
        """Predict what :func:`groundlab.grounding.explain.explain_match` gives the user for the model reply ``reply``.

        Choices: :attr:`EXPLANATION_OUTCOMES`; on *Check*
        :func:`~groundlab.view.answers.explanation_answer` runs the flow once for
        ``profile`` and ``job``. The reply is shown (escaped) to predict from.
        """
        return cls(
            title, question, cls.EXPLANATION_OUTCOMES, lambda: answers.explanation_answer(reply, profile, job),
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
        """Predict whether "No Quote, No Claim" finds ``quote`` in ``source``.

        Choices: :data:`~groundlab.view.answers.QUOTE_CHOICES`; on *Check*
        :func:`~groundlab.view.answers.quote_answer` answers. The quote and the source
        are shown (escaped) to predict from.
        """
        return cls(
            title,
            question,
            answers.QUOTE_CHOICES,
            lambda: answers.quote_answer(quote, source),
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

        Choices: :data:`~groundlab.view.answers.PARSE_CHOICES` (every parse error code,
        then ``"parses"``); on *Check* :func:`~groundlab.view.answers.parse_code_answer`
        answers. The answer text is shown (escaped) to predict from.
        """
        return cls(
            title, question, answers.PARSE_CHOICES, lambda: answers.parse_code_answer(raw),
            details=[("Answer", raw)], board=board,
        )


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
    return [("Answer", raw), ("Request", request_text), (DOCUMENTS, documents)]
