"""groundlab: check whether an LLM's cited evidence really supports its answer.

Every public name is importable from here; ``docs/api.md`` lists them by layer.
The core names load with the package (standard library only); every other name
loads its module on first access (module ``__getattr__``), so ``import groundlab``
imports nothing but the standard library, and pydantic, pandas, matplotlib and
ipywidgets load only when a name that needs them is used. The layers and the
direction of imports: ``docs/architecture.md``.
"""

from __future__ import annotations

import importlib
from typing import Any

from groundlab.core.baselines import LAYERS, citation_only_accepts, strict_json_accepts
from groundlab.core.errors import CODE_MEANINGS
from groundlab.core.failure import GroundlabError
from groundlab.core.claims import (
    CLAIM_MEMBERS,
    ERROR_CODES,
    MAX_CLAIMS,
    MAX_DEPTH,
    MAX_INPUT_UNITS,
    MAX_STRING_UNITS,
    Claim,
    ClaimsSyntaxError,
    loads_strict,
    parse_claims,
    utf16_length,
)
from groundlab.core.contract import (
    CHECKS,
    REASONS,
    STATUS_MEANINGS,
    STATUS_OF_CHECK,
    Status,
    TraceStep,
    Verdict,
    citation_failure,
    verify_answer,
)
from groundlab.core.fields import FieldReport, FieldResult, FieldState, verify_fields
from groundlab.core.registry import Registry, Request, Source, load_registry, load_request
from groundlab.core.trusted import (
    CHECKSUM_FILE,
    MAX_TRUSTED_BYTES,
    TRUSTED_FILE_CODES,
    FrozenFixtureError,
    TrustedInputError,
    digest,
    fixtures_dir,
    read_json_file,
    verify_frozen,
)

__version__ = "0.1.0"

# Public name -> the module that defines it; loaded on first access.
_LAZY: dict[str, str] = {}


def _lazy(module: str, *names: str) -> None:
    for name in names:
        _LAZY[name] = module


_lazy(
    "groundlab.grounding.rule",
    "MIN_QUOTE_CHARS", "NORMALISATION_STEPS", "has_visible_content", "is_quoted", "normalize_quote", "visible_text",
)
_lazy(
    "groundlab.grounding.draft",
    "MAX_POINTS", "NOTICE_ALL_KEPT", "NOTICE_SOME_DROPPED",
    "Draft", "DraftPoint", "Explanation", "NoGroundedPoints", "Point", "check_draft",
)
_lazy("groundlab.grounding.masking", "mask_secrets")
_lazy(
    "groundlab.grounding.chat",
    "ChatModel", "FakeChatModel", "OpenAICompatibleChatModel",
    "ENV_API_KEY", "ENV_BASE_URL", "ENV_MODEL",
)
_lazy(
    "groundlab.grounding.prompt",
    "ALLOWED_PROFILE_FIELDS", "PRIVATE_PROFILE_FIELDS", "INSTRUCTION",
    "Profile", "Job", "Prompt", "build_prompt", "profile_text", "job_text",
)
_lazy("groundlab.grounding.provider", "DEFAULT_TIMEOUT", "ChatModelError", "ProviderError")
_lazy("groundlab.grounding.explain", "ReplyFormatError", "explain_match")
_lazy("groundlab.grounding.jobmatch", "load_job_match")
_lazy(
    "groundlab.grounding.claims_prompt",
    "CLAIMS_INSTRUCTION", "build_claims_prompt", "claims_json_schema", "claims_response_format",
)
_lazy("groundlab.grounding.ask", "AskResult", "ask")
_lazy(
    "groundlab.hints",
    "HINT_KINDS", "Hint", "Window", "closest_window", "describe_char", "hints_for_verdict", "is_invisible",
    "json_hints", "quote_hints", "value_hints",
)
_lazy("groundlab.study.cases", "STUDY_FILE", "Case", "CaseSet", "load_case_set")
_lazy(
    "groundlab.study.run",
    "EvidenceExistsError", "EvidenceLocationError", "RunInterrupted", "StudyResult", "run_cases", "write_evidence",
)
_lazy("groundlab.study.audit", "AuditReport", "NotEvidenceError", "audit_evidence", "write_audit")
_lazy(
    "groundlab.lab.mutations",
    "MUTATIONS_FILE", "MUTATION_KINDS", "generate_mutations", "load_mutations", "render_mutations",
)
_lazy("groundlab.lab.score", "Disagreement", "KindScore", "ScoreReport", "score_verifier")
_lazy("groundlab.lab.verifiers", "VERIFIERS", "citation_only_verifier", "contract_verifier", "quotes_exist_verifier")
_lazy(
    "groundlab.lab.catalogue",
    "PERTURBATIONS_FILE", "PERTURBATION_KINDS", "PERTURBATION_LABELS",
    "Perturbation", "PerturbationCatalogue", "PerturbationKind", "load_perturbations",
)
_lazy("groundlab.lab.ladder", "LADDER", "KindCount", "KindFirst", "LadderResult", "Rung", "RungCount", "run_ladder")
_lazy(
    "groundlab.lab.explanations",
    "BAD_LABELS", "EXPLANATIONS_FILE", "EXPLANATION_LABELS",
    "ExplanationPair", "ExplanationPoint", "ExplanationSet", "load_explanation_set",
)
_lazy("groundlab.lab.detector", "ExplanationConfusion", "PointDecision", "explanation_confusion", "point_kept")
_lazy("groundlab.lab.report", "LabReport", "lab_report")
_lazy("groundlab.view.exercise", "Exercise", "Feedback")
_lazy("groundlab.view.lab_exercises", "beat_citation_only_exercise", "dropped_not_exercise")
_lazy("groundlab.view.lessons", "lesson_exercises", "lesson_hints")
_lazy("groundlab.view.lessons.capstone", "Capstone", "load_capstone")
_lazy("groundlab.view.glossary", "GLOSSARY", "Term")
_lazy("groundlab.view.cheatsheet", "cheat_sheet_html")
_lazy("groundlab.view.classroom", "ClassroomDemo")
_lazy("groundlab.view.classroom_cases", "CLASSROOM_SCRIPT", "classroom_presets")
_lazy("groundlab.view.goals", "request_problem", "rung_goal", "score_goal", "verdict_goal")
_lazy("groundlab.view.trace", "TraceRow", "decided_row", "trace_rows")
_lazy(
    "groundlab.view.tables",
    "baseline_frame", "baseline_table", "explanation_frame", "explanation_table",
    "funnel_frame", "funnel_table", "hints_frame", "hints_table", "parse_frame", "parse_table",
    "reason_frame", "reason_table", "registry_frame", "registry_table",
    "study_frame", "study_table", "trace_frame", "trace_table",
)
_lazy("groundlab.view.charts", "baseline_chart", "chart_numbers", "funnel_chart", "reason_chart")
_lazy(
    "groundlab.view.lab_tables",
    "explanation_confusion_frame", "explanation_confusion_table", "explanation_decision_frame",
    "explanation_label_frame", "explanation_label_table", "ladder_first_frame", "ladder_first_table",
    "ladder_frame", "ladder_kind_frame", "ladder_kind_table", "ladder_table",
)
_lazy("groundlab.view.lab_charts", "lab_chart_numbers", "ladder_chart", "ladder_kind_chart")
_lazy("groundlab.view.css", "CSS_CLASSES")
_lazy("groundlab.view.verdict_html", "accepted_html", "hints_html", "trace_html")
_lazy(
    "groundlab.view.answers",
    "FIELD_STATE_CHOICES", "RUNG_CHOICES", "VERIFIER_CHOICES",
    "Answer", "citation_answer", "explanation_answer", "field_state_answer", "parse_code_answer", "quote_answer",
    "rung_answer", "status_answer", "verifier_answer",
)
_lazy("groundlab.view.claim_editor", "ClaimEditor")
_lazy("groundlab.view.claim_row", "ClaimRow")
_lazy("groundlab.view.quote_inspector", "QuoteInspector")
_lazy("groundlab.view.predict", "Predict")
_lazy("groundlab.view.predict_outcome", "PredictOutcome")
_lazy("groundlab.view.scoreboard", "Scoreboard")


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'groundlab' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = sorted(
    {
        "CHECKSUM_FILE", "MAX_TRUSTED_BYTES", "TRUSTED_FILE_CODES", "CHECKS", "CLAIM_MEMBERS", "FrozenFixtureError", "digest", "fixtures_dir", "read_json_file", "verify_frozen", "ERROR_CODES", "LAYERS", "MAX_CLAIMS", "MAX_DEPTH",
        "MAX_INPUT_UNITS", "MAX_STRING_UNITS", "REASONS", "STATUS_OF_CHECK", "STATUS_MEANINGS", "CODE_MEANINGS",
        "Claim", "ClaimsSyntaxError", "FieldReport", "GroundlabError", "FieldResult", "FieldState", "Registry", "Request", "Source", "Status", "TraceStep",
        "TrustedInputError", "Verdict", "citation_failure", "citation_only_accepts",
        "load_registry", "load_request", "loads_strict", "parse_claims", "strict_json_accepts",
        "utf16_length", "verify_answer", "verify_fields",
    }
    | set(_LAZY)
)
