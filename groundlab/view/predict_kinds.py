"""The kinds of Predict exercise: each asks what groundlab decides for one piece of material.

A mixin of :class:`~groundlab.view.predict.Predict`: every constructor here checks its
material, then builds the widget with the answer function of :mod:`groundlab.view.answers`
that decides it, bound with :func:`functools.partial` (``Predict.status``, ``.case``, ``.citation``, ``.explanation``, ``.quote``,
``.parse_code``). No widget library is imported here. See ``docs/architecture.md``,
"Exercise answers".
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from groundlab.core.registry import Registry, Request, Source
from groundlab.view import answers
from groundlab.view.predict_material import status_details

if TYPE_CHECKING:
    from groundlab.view.predict import Predict
    from groundlab.view.scoreboard import Scoreboard

__all__ = ["PredictKinds"]


class PredictKinds:
    """The constructors of :class:`~groundlab.view.predict.Predict`, one per kind of exercise."""

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
        """Predict the contract status of ``raw`` for ``request`` and ``sources``.

        Choices: :data:`~groundlab.view.answers.STATUS_CHOICES`; on *Check*
        :func:`~groundlab.view.answers.status_answer` answers. The answer, the request
        and the documents are shown (escaped) to predict from. ``ValueError`` if the
        request supplies an id the registry lacks.
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
        """Predict what the citation-only check (every quote found in a supplied document) decides for ``raw``.

        Choices: :data:`~groundlab.view.answers.CITATION_CHOICES`; on *Check*
        :func:`~groundlab.view.answers.citation_answer` answers. Material and errors as
        for :meth:`status`.
        """
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
        hints: Sequence[str] = (),
        board: "Scoreboard | None" = None,
    ) -> "Predict":
        """Predict what :func:`groundlab.grounding.explain.explain_match` gives the user for the model reply ``reply``.

        Choices: :attr:`EXPLANATION_OUTCOMES`; on *Check*
        :func:`~groundlab.view.answers.explanation_answer` runs the flow once for
        ``profile`` and ``job``. The reply is shown (escaped) to predict from.
        """
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
        """Predict whether "No Quote, No Claim" finds ``quote`` in ``source``.

        Choices: :data:`~groundlab.view.answers.QUOTE_CHOICES`; on *Check*
        :func:`~groundlab.view.answers.quote_answer` answers. The quote and the source
        are shown (escaped) to predict from.
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
        """Predict what :func:`groundlab.core.claims.parse_claims` says about ``raw``.

        Choices: :data:`~groundlab.view.answers.PARSE_CHOICES` (every parse error code,
        then ``"parses"``); on *Check* :func:`~groundlab.view.answers.parse_code_answer`
        answers. The answer text is shown (escaped) to predict from.
        """
        if not isinstance(raw, (str, bytes)):
            raise TypeError(f"raw is the answer text (str or bytes), not {type(raw).__name__}")
        return cls(
            title, question, answers.PARSE_CHOICES, partial(answers.parse_code_answer, raw),
            details=[("Answer", raw)], hints=hints, board=board,
        )
