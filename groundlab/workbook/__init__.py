"""The workbook: what the notebooks import, beside the library (``pip install 'groundlab[workbook]'``).

Three parts, one folder each: ``exercises`` (answers, goals, :class:`Exercise`,
:class:`Predict`, the :class:`Scoreboard`), ``lessons`` (each notebook's exercises and
hints, the capstone, the glossary, the cheat sheet) and ``presentation`` (HTML, pandas
tables, matplotlib charts, ipywidgets widgets, the classroom demo); beside them, ``learner``, the
``groundlab-workbook`` command (not exported here). Every name loads its
module on first access, so importing this package loads no widget library. The library
(:mod:`groundlab`) never imports it. Layers: ``docs/architecture.md``.
"""

from __future__ import annotations

from groundlab._lazy import exports

_LAZY, __getattr__, __dir__ = exports(
    globals(),
    {
        "groundlab.workbook.exercises.answers": (
            "FIELD_STATE_CHOICES", "RUNG_CHOICES", "VERIFIER_CHOICES", "Answer", "citation_answer",
            "explanation_answer", "field_state_answer", "parse_code_answer", "quote_answer", "rung_answer",
            "status_answer", "verifier_answer",
        ),
        "groundlab.workbook.exercises.goals": ("request_problem", "rung_goal", "score_goal", "verdict_goal"),
        "groundlab.workbook.exercises.exercise": ("Exercise", "Feedback"),
        "groundlab.workbook.exercises.predict": ("Predict",),
        "groundlab.workbook.exercises.outcome": ("PredictOutcome",),
        "groundlab.workbook.exercises.scoreboard": ("Scoreboard",),
        "groundlab.workbook.lessons": ("PredictCase", "lesson_cases", "lesson_exercises", "lesson_hints"),
        "groundlab.workbook.lessons.lab": ("beat_citation_only_exercise", "dropped_not_exercise"),
        "groundlab.workbook.lessons.capstone": ("Capstone", "load_capstone"),
        "groundlab.workbook.lessons.glossary": ("GLOSSARY", "Term"),
        "groundlab.workbook.lessons.cheatsheet": ("cheat_sheet_html",),
        "groundlab.workbook.presentation.css": ("CSS_CLASSES",),
        "groundlab.workbook.presentation.verdict_html": ("accepted_html", "hints_html", "trace_html"),
        "groundlab.workbook.presentation.tables": (
            "baseline_frame", "baseline_table", "explanation_frame", "explanation_table", "funnel_frame",
            "funnel_table", "hints_frame", "hints_table", "parse_frame", "parse_table", "reason_frame",
            "reason_table", "registry_frame", "registry_table", "study_frame", "study_table", "trace_frame",
            "trace_table",
        ),
        "groundlab.workbook.presentation.charts": ("baseline_chart", "chart_numbers", "funnel_chart", "reason_chart"),
        "groundlab.workbook.presentation.lab_tables": (
            "explanation_confusion_frame", "explanation_confusion_table", "explanation_decision_frame",
            "explanation_label_frame", "explanation_label_table", "ladder_first_frame", "ladder_first_table",
            "ladder_frame", "ladder_kind_frame", "ladder_kind_table", "ladder_table", "rung_table",
        ),
        "groundlab.workbook.presentation.log_view": (
            "fake_model_log", "log_chart", "log_check_frame", "log_frame", "log_status_frame",
        ),
        "groundlab.study.log": ("check_log",),
        "groundlab.study.log_summary": ("LogSummary",),
        "groundlab.workbook.presentation.lab_charts": ("lab_chart_numbers", "ladder_chart", "ladder_kind_chart"),
        "groundlab.workbook.presentation.widgets.claim_editor": ("ClaimEditor",),
        "groundlab.workbook.presentation.widgets.claim_row": ("ClaimRow",),
        "groundlab.workbook.presentation.widgets.quote_inspector": ("QuoteInspector",),
        "groundlab.workbook.presentation.classroom": ("CLASSROOM_SCRIPT", "ClassroomDemo", "classroom_presets"),
    },
)

__all__ = sorted(_LAZY)
