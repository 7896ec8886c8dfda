"""The workbook's glossary: one name per idea, the same in the library, notebooks, widgets and CLI.

Each :class:`Term` names an idea, says what it means, where it lives in code, and
which other names it replaces (``avoid``): a test keeps those out of the notebooks'
prose, the widgets and the CLI. The counts of checks, statuses and parse codes come from
their constants (:data:`groundlab.core.checks.CHECK_TABLE`). Standard library only. See
``docs/architecture.md``, "One name per idea".
"""

from __future__ import annotations

from typing import NamedTuple

from groundlab.core.checks import CHECK_TABLE, STATUS_OF_CHECK, Status
from groundlab.core.errors import ERROR_CODES

__all__ = ["GLOSSARY", "Term"]


class Term(NamedTuple):
    """One idea: its ``name``, a one-line ``meaning``, ``code`` (where it lives, ``""`` for none)
    ``avoid`` (names it replaces; ``tuple[str, ...]``, matched in any case as whole words) and ``zh``,
    the one Traditional Chinese name of the idea (the configuration article's Chinese term where it
    has one). ``meaning`` is English in the source; :func:`term_meaning` shows it in the language in force."""

    name: str
    meaning: str
    code: str
    avoid: tuple[str, ...] = ()
    zh: str = ""


GLOSSARY: tuple[Term, ...] = (
    Term("answer", "the model's untrusted text; groundlab reads it as claims JSON", "verify_answer(raw, ...)", zh="回答"),
    Term("claim", "one object of the answer: a field, its value, the document cited and the quote; numbered from 0", "Claim", zh="聲明"),
    Term("citation", "a claim's document and quote: where the model says its value comes from", "Claim.doc, Claim.quote", zh="引用"),
    Term("evidence", "what a citation points at: the quoted line of a trusted document", "", zh="證據"),
    Term("source", "a trusted document of the registry, with its scope (service, environment, revision) and text", "Source", zh="來源文檔"),
    Term("registry", "every trusted source the application knows, by id", "Registry", zh="註冊表"),
    Term("request", "what trusted code asks: scope, revision, fields, and the documents supplied to the model", "Request", zh="請求"),
    Term("supplied", "a document of the request that the model may read (reading it does not make it valid evidence)", "Request.supplied", zh="已提供"),
    Term(
        "check",
        f"one of the contract's {len(CHECK_TABLE)} named tests, answer-level or claim-level, run in a fixed order (the check order)",
        "CHECK_TABLE",
        zh="檢查",
    ),
    Term("trace", "the ordered record of the checks run on one answer, one trace step per check run", "Verdict.trace, TraceStep", ("trace ladder", "rung of the trace"), zh="追蹤記錄"),
    Term("deciding check", "the first check that failed; its status is the verdict's", "decided_row", zh="決定性檢查"),
    Term("verdict", "what the contract decides for one answer: a status, the trace and the accepted map", "Verdict", zh="判定"),
    Term("status", f"a verdict's outcome, one of {len(Status)}: the deciding check's, or {Status.ACCEPT} only when every check passed", "Status", zh="狀態"),
    Term(
        "parse code",
        f"why an answer is not claims JSON, one of {len(ERROR_CODES)}; its status is {STATUS_OF_CHECK['parse']}",
        "ERROR_CODES, ClaimsSyntaxError.code",
        zh="解析代碼",
    ),
    Term("accepted map", "field -> value of an accepted answer; empty unless the status is ACCEPT", "Verdict.accepted", zh="接受映射"),
    Term("grounded", "a value backed by a verbatim quote of the right, supplied, current document's own line for it", "", zh="有依據"),
    Term(
        "citation-only check",
        "accepts when every claim cites a supplied document and its quote is found in it verbatim; nothing else",
        "citation_only_accepts, Verdict.citation_only_ok",
        ("quote exists", "quote-exists", "citation_ok", "citation-only baseline", "citation baseline", "citation only"),
        zh="僅引用檢查",
    ),
    Term("full contract", "every check in the check order: what verify_answer decides", "verify_answer", zh="完整契約"),
    Term("admission layer", "one of the study's three ways to admit an answer: strict JSON, citation-only check, full contract", "LAYERS", zh="檢查層"),
    Term("per-field contract", "the contract applied field by field: each requested field VERIFIED, REJECTED, MISSING or NOT_CHECKED", "verify_fields, FieldState", zh="逐欄位契約"),
    Term("near-miss hint", "groundlab's diagnosis of an almost-right value or quote (a unit, a case, a nearby line)", "value_hints, quote_hints", zh="近似提示"),
    Term("hint", "help with an exercise, shown one at a time (the Hint button, q.hint())", "Predict.hint, Exercise.hint", zh="提示"),
    Term("ladder", "the checker lab's ordered list of quote checkers, from exact to fuzzy (notebooks 10 and 11 only)", "LADDER", zh="階梯"),
    Term("rung", "one checker of the ladder, (quote, source) -> bool", "Rung", zh="階"),
    Term("draft", "the job-match model's untrusted reply: a list of matches and a list of gaps", "Draft", zh="草稿"),
    Term("point", "one item of a draft: a sentence for the user plus a profile quote and a job quote", "DraftPoint, Point", ("draft claim", "DraftClaim"), zh="要點"),
    Term("match / gap", "the two lists of points: what fits the job, and what the profile lacks", "Draft.matches, Draft.gaps", zh="符合 / 差距"),
    Term("study", "a frozen set of labelled answers decided by all three admission layers", "run_cases, groundlab run", zh="實驗"),
    Term("evidence folder", "what a study run writes: inputs, verdicts and a manifest, checked later by the audit", "write_evidence, groundlab audit", zh="證據資料夾"),
)
"""Every term, in the order the workbook introduces them."""
