"""The workbook's two gettext catalogues: its interface, and its lessons.

* :data:`WORKBOOK_CATALOGUE` (domain ``groundlab_workbook``): what the widgets, tables, charts,
  exercises, the scoreboard, the classroom demo and the ``groundlab-workbook`` command show;
* :data:`LESSONS_CATALOGUE` (domain ``groundlab_lessons``): the lessons' words, their hints,
  cases, feedback, the glossary's meanings and the cheat sheet.

Both follow :func:`groundlab.set_language` (``groundlab.core.language``); their ``.po`` and
``.mo`` files are in ``groundlab/workbook/locale`` (``python tools/i18n.py``). Standard library only.
"""

from __future__ import annotations

from pathlib import Path

from groundlab.core.language import Catalogue

__all__ = ["LESSONS_CATALOGUE", "WORKBOOK_CATALOGUE"]

_LOCALE = Path(__file__).resolve().parent / "locale"

WORKBOOK_CATALOGUE = Catalogue("groundlab_workbook", _LOCALE)
"""The workbook interface's catalogue: ``tr = WORKBOOK_CATALOGUE; tr("Check")``."""
LESSONS_CATALOGUE = Catalogue("groundlab_lessons", _LOCALE)
"""The lessons' catalogue: ``tr = LESSONS_CATALOGUE``."""
