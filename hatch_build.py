"""Hatchling build hook: the wheel carries the learners' notebooks as package data.

``groundlab/workbook/notebooks/core/`` and ``.../full/`` hold the student copies of the numbered
lessons (``tools/notebooks.py``: no outputs, no collapsed solutions, no explanations; ``core``
without the optional sections), and ``core/zh-Hant/`` and ``full/zh-Hant/`` those of their
Traditional Chinese twins (``notebooks/zh-Hant/``), written from ``notebooks/`` at build time, so
the learner command ``groundlab-workbook start`` can copy them (a twin's links to the English
optional sections, ``../NN_name.ipynb#...``, then find the English copy of the same path). An
editable install needs none (a checkout opens ``notebooks/`` with ``make lab``). Standard library
and hatchling only.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

class StudentNotebooks(BuildHookInterface):
    """Adds the core and full student copies, English and each twin language, to the wheel under
    ``groundlab/workbook/notebooks``."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        root = Path(self.root)
        if not (root / "notebooks").is_dir():
            raise RuntimeError("the wheel carries the student notebooks: notebooks/ is missing from the source tree")
        sys.path.insert(0, str(root))
        try:
            from groundlab.core.language import DEFAULT_LANGUAGE, LANGUAGES  # standard library only
            from tools.notebooks import LESSON_GLOB, write_student_copies
        finally:
            sys.path.remove(str(root))
        twin_languages = [language for language in LANGUAGES if language != DEFAULT_LANGUAGE]  # each in notebooks/LANG/
        lessons = {p.name for p in (root / "notebooks").glob(LESSON_GLOB)}
        for language in twin_languages:
            twins = {p.name for p in (root / "notebooks" / language).glob(LESSON_GLOB)}
            if not twins:
                raise RuntimeError(f"the wheel carries the {language} twins of the lessons: notebooks/{language}/ holds none")
            if twins - lessons:
                raise RuntimeError(f"notebooks/{language}/ holds a twin without an English lesson: {', '.join(sorted(twins - lessons))}")
        self._staging = Path(tempfile.mkdtemp(prefix="groundlab-notebooks-"))
        for path, core in (("core", True), ("full", False)):
            for language in ("", *twin_languages):
                within = f"{path}/{language}" if language else path
                for written in write_student_copies(root / "notebooks" / language, self._staging / within, core_only=core):
                    build_data["force_include"][str(written)] = f"groundlab/workbook/notebooks/{within}/{written.name}"

    def finalize(self, version: str, build_data: dict, artifact_path: str) -> None:
        staging = getattr(self, "_staging", None)
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)
