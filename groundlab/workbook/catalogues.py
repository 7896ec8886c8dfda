"""The workbook's two gettext catalogues: its interface, and its lessons.

* :data:`WORKBOOK_CATALOGUE` (domain ``groundlab_workbook``): what the widgets, tables, charts,
  exercises, the scoreboard, the classroom demo and the ``groundlab-workbook`` command show;
* :data:`LESSONS_CATALOGUE` (domain ``groundlab_lessons``): the lessons' words, their hints,
  cases, feedback, the glossary's meanings and the cheat sheet;
* :class:`CatalogueText` (and :class:`FilledText`): a message kept for later, made at import (a
  hint, a preset's title), which is its English string and shows itself translated when shown.

Both follow :func:`groundlab.set_language` (``groundlab.core.language``); their ``.po`` and
``.mo`` files are in ``groundlab/workbook/locale`` (``python tools/i18n.py``). Standard library only.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from groundlab.core.language import Catalogue

__all__ = ["LESSONS_CATALOGUE", "WORKBOOK_CATALOGUE", "CatalogueText", "FilledText"]

_LOCALE = Path(__file__).resolve().parent / "locale"

WORKBOOK_CATALOGUE = Catalogue("groundlab_workbook", _LOCALE)
"""The workbook interface's catalogue: ``tr = WORKBOOK_CATALOGUE; tr("Check")``."""
LESSONS_CATALOGUE = Catalogue("groundlab_lessons", _LOCALE)
"""The lessons' catalogue: ``tr = LESSONS_CATALOGUE``."""


class CatalogueText(str):
    """An English message of :attr:`catalogue` that shows itself in the language in force.

    Its value (equality, hashing, ``len``, ``repr``, JSON, pickling) is the English message, so what
    is keyed or compared on it is the same in every language; ``str()``, ``format()`` and an
    f-string give its translation at that moment. A subclass names its catalogue (the lessons'
    ``LessonText``); :meth:`fill` fills its placeholders lazily (:class:`FilledText`).
    """

    __slots__ = ()
    catalogue: ClassVar[Catalogue] = WORKBOOK_CATALOGUE
    filled: ClassVar[type]
    """The :class:`FilledText` class :meth:`fill` makes (one per catalogue)."""

    def __str__(self) -> str:
        return self.catalogue(str.__str__(self))

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def english(self) -> str:
        """The English text (a plain ``str``)."""
        return str.__str__(self)

    def fill(self, **values: object) -> "FilledText":
        """This message with its named placeholders filled in, still shown in the language in force:
        ``text.fill(case="one-field")``; its value is the English text filled in."""
        return self.filled(self.english(), values)


class FilledText(CatalogueText):
    """A :class:`CatalogueText` made from a ``template`` and its ``values``, filled in when shown
    (from the template's translation); its value is the English template filled in."""

    __slots__ = ("template", "values")

    def __new__(cls, template: str, values: dict) -> "FilledText":
        made = super().__new__(cls, template.format(**values))
        made.template, made.values = template, dict(values)
        return made

    def __getnewargs__(self) -> tuple:  # copies and pickles are made from the template again
        return (self.template, self.values)

    def __str__(self) -> str:
        return self.catalogue(self.template).format(**self.values)


CatalogueText.filled = FilledText
