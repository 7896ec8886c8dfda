"""The workbook's glossary: one name per idea, the same in the library, notebooks, widgets and CLI.

Each :class:`Term` names an idea, says what it means, where it lives in code, and
which other names it replaces (``avoid``): a test keeps those out of the notebooks'
prose, the widgets and the CLI. The counts of checks, statuses and parse codes come from
their constants (:data:`groundlab.core.checks.CHECK_TABLE`). Each term has one Traditional Chinese
name (``zh``) and a meaning in the lessons' catalogue (:func:`term_meaning`);
:func:`glossary_markdown` writes ``docs/glossary.md`` from it. Standard library only. See
``docs/architecture.md``, "One name per idea", and ``docs/translating.md``.
"""

from __future__ import annotations

from typing import NamedTuple

from groundlab.core.checks import CHECK_TABLE, STATUS_OF_CHECK, Status
from groundlab.core.errors import ERROR_CODES
from groundlab.core.language import DEFAULT_LANGUAGE, get_language
from groundlab.workbook.lessons.text import N_, FilledText, tr

__all__ = ["GLOSSARY", "Term", "glossary_markdown", "term_meaning"]


class Term(NamedTuple):
    """One idea: its ``name``, a one-line ``meaning``, ``code`` (where it lives, ``""`` for none)
    ``avoid`` (names it replaces; ``tuple[str, ...]``, matched in any case as whole words) and ``zh``,
    the one Traditional Chinese name of the idea (the configuration article's Chinese term where it
    has one). ``meaning`` is English in the source; :func:`term_meaning` shows it in the language in force."""

    # meaning is a LessonText (groundlab.workbook.lessons.text): equal to the English text, and
    # str(meaning) is the meaning in the language in force, as term_meaning(term) is.

    name: str
    meaning: str
    code: str
    avoid: tuple[str, ...] = ()
    zh: str = ""


GLOSSARY: tuple[Term, ...] = (
    Term("contract", N_("the rules an answer must pass before any of its values is used, checked in a fixed order"), "verify_answer", zh="契約"),
    Term("answer", N_("the model's untrusted text; groundlab reads it as claims JSON"), "verify_answer(raw, ...)", zh="回答"),
    Term("candidate claims", N_("the claims an answer makes before any check has run: nothing is believed yet"), "parse_claims", zh="候選聲明"),
    Term("claim", N_("one object of the answer: a field, its value, the document cited and the quote; numbered from 0"), "Claim", zh="聲明"),
    Term("field", N_("the name of one setting the request asks about, such as read_timeout_ms"), "Claim.field, Request.fields", zh="欄位"),
    Term("value", N_("what a claim says its field is, compared exactly with the document's fact"), "Claim.value, Source.facts", zh="值"),
    Term("document", N_("one text the model may cite, named by its id (prod-v2)"), "Claim.doc, Source.id", zh="文檔"),
    Term("citation", N_("a claim's document and quote: where the model says its value comes from"), "Claim.doc, Claim.quote", zh="引用"),
    Term("quote", N_("the exact words a claim copies from its document to back its value"), "Claim.quote", zh="引文"),
    Term("evidence", N_("what a citation points at: the quoted line of a trusted document"), "", zh="證據"),
    Term("source", N_("a trusted document of the registry, with its scope (service, environment, revision) and text"), "Source", zh="來源文檔"),
    Term("registry", N_("every trusted source the application knows, by id"), "Registry", zh="註冊表"),
    Term("scope", N_("the service and environment a document belongs to; the request names the scope it asks for"), "Source.service, Source.environment", zh="範圍"),
    Term("revision", N_("which version of a document it is (v1, v2); the request names the one it asks for"), "Source.revision, Request.revision", zh="修訂"),
    Term("request", N_("what trusted code asks: scope, revision, fields, and the documents supplied to the model"), "Request", zh="請求"),
    Term("supplied", N_("a document of the request that the model may read (reading it does not make it valid evidence)"), "Request.supplied", zh="已提供"),
    Term(
        "check",
        N_("one of the contract's {count} named tests, answer-level or claim-level, run in a fixed order (the check order)").fill(count=len(CHECK_TABLE)),
        "CHECK_TABLE",
        zh="檢查",
    ),
    Term("trace", N_("the ordered record of the checks run on one answer, one trace step per check run"), "Verdict.trace, TraceStep", ("trace ladder", "rung of the trace"), zh="追蹤記錄"),
    Term("deciding check", N_("the first check that failed; its status is the verdict's"), "decided_row", zh="決定性檢查"),
    Term("verdict", N_("what the contract decides for one answer: a status, the trace and the accepted map"), "Verdict", zh="判定"),
    Term(
        "status",
        N_("a verdict's outcome, one of {count}: the deciding check's, or {accept} only when every check passed").fill(count=len(Status), accept=str(Status.ACCEPT)),
        "Status",
        zh="狀態",
    ),
    Term(
        "parse code",
        N_("why an answer is not claims JSON, one of {count}; its status is {status}").fill(count=len(ERROR_CODES), status=str(STATUS_OF_CHECK["parse"])),
        "ERROR_CODES, ClaimsSyntaxError.code",
        zh="解析代碼",
    ),
    Term("accepted map", N_("field -> value of an accepted answer; empty unless the status is ACCEPT"), "Verdict.accepted", zh="接受映射"),
    Term("grounded", N_("a value backed by a verbatim quote of the right, supplied, current document's own line for it"), "", zh="有依據"),
    Term(
        "citation-only check",
        N_("accepts when every claim cites a supplied document and its quote is found in it verbatim; nothing else"),
        "citation_only_accepts, Verdict.citation_only_ok",
        ("quote exists", "quote-exists", "citation_ok", "citation-only baseline", "citation baseline", "citation only"),
        zh="僅引用檢查",
    ),
    Term("full contract", N_("every check in the check order: what verify_answer decides"), "verify_answer", zh="完整契約"),
    Term("admission layer", N_("one of the study's three ways to admit an answer: strict JSON, citation-only check, full contract"), "LAYERS", zh="檢查層"),
    Term("per-field contract", N_("the contract applied field by field: each requested field VERIFIED, REJECTED, MISSING or NOT_CHECKED"), "verify_fields, FieldState", zh="逐欄位契約"),
    Term("near-miss hint", N_("groundlab's diagnosis of an almost-right value or quote (a unit, a case, a nearby line)"), "value_hints, quote_hints", zh="近似提示"),
    Term("hint", N_("help with an exercise, shown one at a time (the Hint button, q.hint())"), "Predict.hint, Exercise.hint", zh="提示"),
    Term("ladder", N_("the checker lab's ordered list of quote checkers, from exact to fuzzy (notebooks 10 and 11 only)"), "LADDER", zh="階梯"),
    Term("rung", N_("one checker of the ladder, (quote, source) -> bool"), "Rung", zh="階"),
    Term("draft", N_("the job-match model's untrusted reply: a list of matches and a list of gaps"), "Draft", zh="草稿"),
    Term("point", N_("one item of a draft: a sentence for the user plus a profile quote and a job quote"), "DraftPoint, Point", ("draft claim", "DraftClaim"), zh="要點"),
    Term("match / gap", N_("the two lists of points: what fits the job, and what the profile lacks"), "Draft.matches, Draft.gaps", zh="符合 / 差距"),
    Term("study", N_("a frozen set of labelled answers decided by all three admission layers"), "run_cases, groundlab run", zh="實驗"),
    Term("evidence folder", N_("what a study run writes: inputs, verdicts and a manifest, checked later by the audit"), "write_evidence, groundlab audit", zh="證據資料夾"),
    Term("audit", N_("an independent re-check of an evidence folder: its files, hashes, citations and labels"), "audit_evidence, groundlab audit", zh="審計"),
)
"""Every term, in the order the workbook introduces them."""


def term_meaning(term: Term, language: str | None = None) -> str:
    """``term``'s meaning in ``language`` (a tag of :data:`~groundlab.core.language.LANGUAGES`;
    ``None``: the language in force), a plain ``str``."""
    meaning = term.meaning
    language = get_language() if language is None else language
    if isinstance(meaning, FilledText):
        return tr.in_language(meaning.template, language).format(**meaning.values)
    return tr.in_language(str.__str__(meaning), language)


def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def glossary_markdown() -> str:
    """``docs/glossary.md``: one table of every term, English and Traditional Chinese side by side,
    with its meaning in both languages and where it lives in code (``python -m
    groundlab.workbook.lessons.glossary > docs/glossary.md``)."""
    lines = [
        "# Glossary · 詞彙表",
        "",
        "One name per idea, in English and in Traditional Chinese (繁體中文), in the order the workbook",
        "introduces them. Generated from `groundlab.workbook.GLOSSARY` (`python -m groundlab.workbook.lessons.glossary",
        "> docs/glossary.md`); a test keeps it current. [translating.md](translating.md) says how the words are used.",
        "",
        "| English | 繁體中文 | meaning | 中文釋義 | code |",
        "|---|---|---|---|---|",
    ]
    for term in GLOSSARY:
        parts = [term.code] if "(" in term.code else term.code.split(", ")
        code = ", ".join(f"`{part}`" for part in parts if part)
        lines.append(
            f"| **{_cell(term.name)}** | {_cell(term.zh)} | {_cell(term_meaning(term, DEFAULT_LANGUAGE))} "
            f"| {_cell(term_meaning(term, 'zh-Hant'))} | {_cell(code)} |"
        )
    return "\n".join(lines) + "\n"


if __name__ == "__main__":  # python -m groundlab.workbook.lessons.glossary > docs/glossary.md
    print(glossary_markdown(), end="")
