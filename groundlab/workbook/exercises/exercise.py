"""Make and modify exercises checked by the library: ``q.check(answer)``, ``q.hint()``, ``q.solution()``.

A goal is a function of the learner's answer, computed when it is checked, that returns a
:class:`Feedback`. Both objects print as plain text and show as escaped HTML in a notebook.
Standard library only. See ``docs/architecture.md``, "Exercise answers".
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple, Sequence

from groundlab.workbook.catalogues import WORKBOOK_CATALOGUE
from groundlab.workbook.exercises.progress import Reported
from groundlab.workbook.presentation import html as _html

__all__ = ["Exercise", "Feedback"]

tr = WORKBOOK_CATALOGUE


class Feedback(NamedTuple):
    """The outcome of one check: ``right`` and the ``message`` the learner reads (plain text)."""

    right: bool
    message: str

    def _repr_html_(self) -> str:
        mark = _html.mark(self.right, tr("right"), tr("not yet"))
        return tr('<p class="groundlab-feedback"><strong>{mark}</strong>: {message}</p>').format(mark=mark, message=_html.esc(self.message))

    def __str__(self) -> str:
        if self.right:
            return tr("right: {message}").format(message=self.message)
        return tr("not yet: {message}").format(message=self.message)

    def __repr__(self) -> str:  # what a notebook shows as text/plain: the sentence, not the tuple
        return str(self)


class Exercise(Reported):
    """A make or modify exercise whose answer the library checks.

    ``Exercise(title, task, goal, hints, solution)``: ``title`` and ``task`` plain text; ``goal(answer)
    -> Feedback`` (an exception it raises becomes a "not yet" naming the exception); one or two
    ``hints`` for :meth:`hint`; the ``solution`` code for :meth:`solution`. ``ValueError`` for no hint.
    :attr:`last` is the latest check's feedback; :attr:`outcome` is what a scoreboard counts.
    """

    def __init__(
        self,
        title: str,
        task: str,
        goal: Callable[[Any], Feedback],
        hints: Sequence[str],
        solution: str,
    ) -> None:
        if not hints:
            raise ValueError(f"exercise {title!r} needs at least one hint")
        self.title, self.task, self.goal = title, task, goal
        self.hints, self._solution = tuple(hints), solution
        self.hints_shown = 0
        self.last: Feedback | None = None
        self.checks = 0
        self.solved = False
        self.solution_shown = False
        self._joining: list = []

    @property
    def outcome(self) -> Feedback | None:
        """``None`` while open (checking a wrong answer is not a try); right when solved before the solution was shown; else "not yet"."""
        if self.solved:
            return Feedback(True, tr("solved before the solution was shown"))
        if self.solution_shown:
            if self.last and self.last.right:
                return Feedback(False, tr("solved after the solution was shown"))
            return Feedback(False, tr("the solution was shown first"))
        return None

    @property
    def identity(self) -> tuple[str, str, str]:
        """``("Exercise", title, task)``: a re-run of the same lesson cell makes an equal one."""
        return ("Exercise", self.title, self.task)

    def resume(self, earlier: "Exercise") -> None:
        """Take over ``earlier``'s checks, hints, solution and result (its cell ran again)."""
        self.checks, self.solved, self.solution_shown = earlier.checks, earlier.solved, earlier.solution_shown
        self.last, self.hints_shown = earlier.last, earlier.hints_shown

    def join(self, board: Any) -> None:
        """Put this exercise on ``board`` (a ``Scoreboard``) at its first check, or now if it was checked already.

        ``TypeError`` for a board without a ``track`` method.
        """
        if not callable(getattr(board, "track", None)):
            raise TypeError(f"board is a groundlab Scoreboard, not {type(board).__name__}")
        if self.checks:
            board.track(self)
        elif board not in self._joining:
            self._joining.append(board)

    def check(self, answer: Any) -> Feedback:
        """Check ``answer`` against the goal; return (and show) the :class:`Feedback`."""
        try:
            feedback = self.goal(answer)
        except Exception as err:  # noqa: BLE001 - the learner's code may raise anything
            feedback = Feedback(False, tr("checking raised {error}: {message}").format(error=type(err).__name__, message=err))
        self.checks += 1
        self.last = feedback
        if feedback.right and not self.solution_shown:
            self.solved = True
        while self._joining:
            self._joining.pop(0).track(self)
        self._report()
        return feedback

    def hint(self) -> str:
        """The next hint (the last one again once all are shown)."""
        self.hints_shown = min(self.hints_shown + 1, len(self.hints))
        return tr("Hint {number} of {total}: {hint}").format(
            number=self.hints_shown, total=len(self.hints), hint=self.hints[self.hints_shown - 1]
        )

    def solution(self) -> str:
        """The solution code (plain text); a later right check no longer counts as solved."""
        self.solution_shown = True
        self._report()
        return self._solution

    def __str__(self) -> str:
        return tr("Exercise: {title}\n{task}\nUse .check(answer), .hint() and .solution().").format(title=self.title, task=self.task)

    def __repr__(self) -> str:
        return f"Exercise({self.title!r})"

    def _repr_html_(self) -> str:
        title = _html.esc(tr("Exercise: {title}").format(title=self.title))
        return (
            f'<div class="groundlab-exercise"><p><strong>{title}</strong></p>'
            f"<p>{_html.esc(self.task)}</p><p><code>.check(answer)</code> · <code>.hint()</code> · "
            "<code>.solution()</code></p></div>"
        )
