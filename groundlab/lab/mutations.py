"""The mutation catalogue: one-change mutations of the study's accepted answers, each labelled by its rule.

Every ``ACCEPT`` case of the frozen ``config_contract.json`` and ``config_contract_more.json`` is a base;
each kind of :data:`MUTATION_KINDS` changes one thing in a base's answer text or its trusted request, and
labels the result with the status the contract's rules give it (the configuration article, "a real
citation can still support a wrong answer"; ``docs/architecture.md``, "Order of checks" and "Parse-code
precedence"). Labels come from each kind's rule, never from :func:`groundlab.core.contract.verify_answer`.
The frozen file, ``fixtures/mutations.json``, is in :func:`groundlab.load_case_set`'s shape (a case's
``family`` is its kind) and is written by ``python tools/mutations.py``; the library only loads it.
Standard library only.
"""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from groundlab.core.trusted import fixtures_dir
from groundlab.study.cases import CaseSet, frozen_digests, load_case_set

__all__ = ["MUTATIONS_FILE", "MUTATION_KINDS", "load_mutations"]

MUTATIONS_FILE = "mutations.json"
"""The frozen catalogue (a file name inside :func:`groundlab.fixtures_dir`)."""

MUTATION_KINDS: Mapping[str, str] = MappingProxyType({
    "syntax": "a syntax fault (trailing comma, no brace or comma, single quotes, BOM, NaN, a fence): INVALID_JSON, not_json",
    "shape": "JSON of the wrong shape: INVALID_JSON, wrong_shape; a repeated member, duplicate_member; a bad escape, bad_text",
    "value_swap": "the value becomes another document's value for the field, doc and quote kept: VALUE_MISMATCH",
    "value_near_miss": "the value differs from the fact by a space, the case or a decimal point: VALUE_MISMATCH",
    "doc_uncited": "only the doc changes, to one that lacks the quote, was not supplied or does not exist: NO_CITATION",
    "doc_swap_scope": "the claim is copied from a supplied document of another service or environment: SCOPE_MISMATCH",
    "doc_swap_revision": "the claim is copied from another revision of the requested scope: STALE_REVISION",
    "quote_absent": "the quote is changed so it no longer appears verbatim in its document: NO_CITATION",
    "quote_swap": "the quote becomes other genuine text of the same document: QUOTE_NOT_SUPPORTING",
    "field_unrequested": "the field is renamed to one the request does not ask for: UNREQUESTED_FIELD",
    "field_swap": "the field is renamed to another requested one: DUPLICATE_CLAIM if an earlier claim has it, else VALUE_MISMATCH",
    "claim_drop": "one claim is dropped: INCOMPLETE, or NO_CITATION when no claim is left",
    "claim_duplicate": "a claim is repeated, even with another value: DUPLICATE_CLAIM, the first check of a claim",
    "claim_reorder": "the claims, or one claim's members, change order: ACCEPT",
    "request_revision": "the request asks for another revision than the cited documents': STALE_REVISION",
    "request_scope": "the request asks for another service or environment: SCOPE_MISMATCH",
    "request_supplied": "a document leaves the supplied set (NO_CITATION if a claim cites it, else ACCEPT) or joins it (ACCEPT)",
    "request_fields": "a field is added (INCOMPLETE), removed though answered (UNREQUESTED_FIELD) or reordered (ACCEPT)",
})
"""Kind -> its rule and the status it must produce; catalogue order: text, value, doc, quote, field, claims, request."""


def load_mutations(path: str | Path | None = None) -> CaseSet:
    """Load the catalogue (default: the frozen :data:`MUTATIONS_FILE`) as a ``CaseSet``; a case's ``family`` is its kind.

    ``FrozenFixtureError`` when a file in the fixtures folder fails its hash check; ``TrustedInputError`` when malformed.
    """
    case_set = load_case_set(fixtures_dir() / MUTATIONS_FILE if path is None else path)
    frozen_digests(case_set)
    return case_set
