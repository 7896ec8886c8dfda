"""The lessons' words: English in the source, shown in the language in force when they are shown.

* ``tr`` (:data:`~groundlab.workbook.catalogues.LESSONS_CATALOGUE`) translates a sentence made
  when it is shown: a goal's feedback, the cheat sheet, a study's summary;
* :func:`N_` marks a sentence kept for later (a hint, an exercise's title and task, a glossary
  meaning) and returns it as a :class:`LessonText`, which is the English string and shows itself
  (``str()``, ``format()``, an f-string) in the language in force at that moment. A notebook may
  call :func:`groundlab.set_language` before or after it imports a lesson: a hint built at import
  is translated when the Hint button shows it.
* :func:`problems_sentence` joins the problems a goal found into one sentence.

A page rendered in a given language (the cheat sheet, the answer key) uses
``groundlab.core.language.language_scope``.

Standard library only. See ``docs/translating.md``.
"""

from __future__ import annotations

from typing import Iterable

from groundlab.workbook.catalogues import LESSONS_CATALOGUE, CatalogueText
from groundlab.workbook.catalogues import FilledText as _FilledText

__all__ = ["FilledText", "LessonText", "N_", "problems_sentence", "tr"]

tr = LESSONS_CATALOGUE


class LessonText(CatalogueText):
    """An English message of the lessons' catalogue that shows itself in the language in force
    (:class:`~groundlab.workbook.catalogues.CatalogueText`): an exercise keeps its identity across
    languages, and ``str()`` and ``format()`` give the translation."""

    __slots__ = ()
    catalogue = LESSONS_CATALOGUE


class FilledText(_FilledText, LessonText):
    """A :class:`LessonText` whose placeholders are filled in when it is shown (``template``, ``values``);
    its value is the English text filled in."""

    __slots__ = ()


LessonText.filled = FilledText


def N_(message: str) -> LessonText:  # noqa: N802 - the name Babel extracts
    """Mark ``message`` for the lessons' catalogue; it shows itself translated (:class:`LessonText`)."""
    return LessonText(message)


def problems_sentence(problems: Iterable[str]) -> str:
    """The problems a goal found as one sentence: ``"a; b."`` (``"a；b。"`` in Chinese)."""
    return tr("{problems}.").format(problems=tr("; ").join(problems))
