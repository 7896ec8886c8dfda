"""groundlab: check whether an LLM's cited evidence really supports its answer.

The library's public names, all importable from here (``docs/api.md`` lists them).
The contract's names load with the package, from the standard library only; every
other name loads its module on first access, so ``import groundlab`` imports no
third-party package. The teaching side is :mod:`groundlab.workbook`, which this package
never imports. Layers and extras: ``docs/architecture.md``.
"""

from __future__ import annotations

from groundlab._lazy import exports
from groundlab.core.baselines import citation_only_accepts
from groundlab.core.claims import (
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
from groundlab.core.checks import CHECK_TABLE, CHECKS, STATUS_OF_CHECK, Check, Status
from groundlab.core.contract import TraceStep, Verdict, verify_answer
from groundlab.core.errors import CODE_MEANINGS
from groundlab.core.failure import GroundlabError
from groundlab.core.fields import FieldReport, FieldResult, FieldState, verify_fields
from groundlab.core.language import set_language
from groundlab.core.registry import Registry, Request, Source, load_registry, load_request
from groundlab.core.trusted import CHECKSUM_FILE, FrozenFixtureError, TrustedInputError, fixtures_dir, verify_frozen

__version__ = "0.1.0"

_EAGER = (
    "CHECK_TABLE", "CHECKS", "CHECKSUM_FILE", "CODE_MEANINGS", "ERROR_CODES", "MAX_CLAIMS", "MAX_DEPTH",
    "MAX_INPUT_UNITS", "MAX_STRING_UNITS", "STATUS_OF_CHECK", "Check", "Claim", "ClaimsSyntaxError",
    "FieldReport", "FieldResult", "FieldState", "FrozenFixtureError", "GroundlabError", "Registry", "Request",
    "Source", "Status", "TraceStep", "TrustedInputError", "Verdict", "citation_only_accepts", "fixtures_dir",
    "load_registry", "load_request", "loads_strict", "parse_claims", "set_language", "utf16_length", "verify_answer",
    "verify_fields", "verify_frozen",
)

_LAZY, __getattr__, __dir__ = exports(
    globals(),
    {
        "groundlab.core.trace": ("TraceRow", "decided_row", "trace_rows"),
        "groundlab.grounding.rule": ("MAX_POINTS", "MIN_QUOTE_CHARS", "NoGroundedPoints", "is_quoted", "normalize_quote"),
        "groundlab.grounding.draft": (
            "Draft", "DraftPoint", "Explanation", "Point", "check_draft",
        ),
        "groundlab.grounding.masking": ("mask_secrets",),
        "groundlab.grounding.chat": (
            "ENV_API_KEY", "ENV_BASE_URL", "ENV_MODEL", "ChatModel", "FakeChatModel", "OpenAICompatibleChatModel",
        ),
        "groundlab.grounding.prompt": (
            "INSTRUCTION", "PRIVATE_PROFILE_FIELDS", "Job", "Profile", "Prompt", "build_prompt",
        ),
        "groundlab.grounding.provider": ("DEFAULT_TIMEOUT", "ChatModelError", "ProviderError"),
        "groundlab.grounding.explain": ("ReplyFormatError", "explain_match"),
        "groundlab.grounding.jobmatch": ("load_job_match",),
        "groundlab.grounding.claims_prompt": (
            "CLAIMS_INSTRUCTION", "build_claims_prompt", "claims_json_schema", "claims_response_format",
        ),
        "groundlab.grounding.ask": ("AskResult", "ask"),
        "groundlab.hints": ("HINT_KINDS", "Hint", "hints_for_verdict", "json_hints", "quote_hints", "value_hints"),
        "groundlab.study.cases": ("STUDY_FILE", "Case", "CaseSet", "load_case_set"),
        "groundlab.study.run": (
            "EvidenceExistsError", "EvidenceLocationError", "RunInterrupted", "StudyResult", "run_cases",
            "write_evidence",
        ),
        "groundlab.study.audit": ("AuditReport", "NotEvidenceError", "audit_evidence"),
        "groundlab.lab.mutations": ("MUTATION_KINDS", "load_mutations"),
        "groundlab.lab.score": ("Disagreement", "KindScore", "ScoreReport", "score_verifier"),
        "groundlab.lab.verifiers": (
            "VERIFIERS", "citation_only_verifier", "contract_verifier", "quotes_exist_verifier",
        ),
        "groundlab.lab.catalogue": (
            "PERTURBATION_KINDS", "Perturbation", "PerturbationCatalogue", "PerturbationKind", "load_perturbations",
        ),
        "groundlab.lab.ladder": ("LADDER", "LadderResult", "Rung", "run_ladder"),
        "groundlab.lab.explanations": ("ExplanationPair", "ExplanationPoint", "ExplanationSet", "load_explanation_set"),
        "groundlab.lab.detector": ("ExplanationConfusion", "explanation_confusion", "point_kept"),
        "groundlab.lab.report": ("LabReport", "lab_report"),
    },
)

__all__ = sorted(set(_EAGER) | set(_LAZY))
