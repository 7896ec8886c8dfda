"""The classroom demo: a script of cases (``script``), its HTML (``page``) and the Voilà widget (``demo``)."""

from groundlab.workbook.presentation.classroom.demo import ClassroomDemo
from groundlab.workbook.presentation.classroom.script import CLASSROOM_SCRIPT, classroom_presets

__all__ = ["CLASSROOM_SCRIPT", "ClassroomDemo", "classroom_presets"]
