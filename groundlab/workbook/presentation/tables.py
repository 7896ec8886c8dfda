"""Tables of the workbook: the study, its funnel, its reasons, a verdict's trace, hints.

Part of the workbook's presentation; imports pandas. Each ``*_frame`` returns a plain
``DataFrame`` (the numbers behind a chart, as text); each ``*_table`` returns it styled by
:func:`~groundlab.workbook.presentation.styler.styled`: uuid ``groundlab-<name>`` (a ``name`` that
:data:`~groundlab.workbook.presentation.styler.TABLE_NAME` does not match raises ``TableNameError``),
everything escaped, pass / fail as an icon and a word (``✓ accepts`` / ``✗ rejects``).

``result`` is a :class:`groundlab.study.run.StudyResult` or the same shape: ``.rows`` (each with
``id``, ``family``, ``expected``, ``actual``, ``code``, ``strict_json_ok``, ``citation_only_ok``,
``accepted``, ``agrees``, optionally ``expected_code``) and ``.counts`` (``submitted``,
``strict_json``, ``citation_only``, ``full_contract``, ``citation_false_accepts``,
``disagreements``). See ``docs/architecture.md``, "Layers".

A ``*_frame`` is data and stays English whatever the language (code reads its columns); its
``*_table`` shows the column headers, the cell words and the caption in the language in force,
codes (statuses, check names, parse codes, hint kinds) and field names as they are.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from groundlab._extras import require

require("pandas", "workbook")  # a missing package names the extra that adds it

import re

import pandas as pd

from groundlab.core.language import N_
from groundlab.workbook.catalogues import WORKBOOK_CATALOGUE
from groundlab.workbook.presentation import html as _html
from groundlab.core.baselines import LAYERS
from groundlab.core.contract import Status, Verdict
from groundlab.core.registry import Registry, Request, Source
from groundlab.workbook.presentation.styler import StableStyler, relabel
from groundlab.workbook.presentation.styler import styled as _styled
from groundlab.core.trace import trace_rows, claim_place
from groundlab.workbook.presentation.lines import visible_lines

__all__ = [
    "StableStyler",
    "baseline_frame",
    "baseline_table",
    "funnel_frame",
    "funnel_table",
    "explanation_frame",
    "explanation_table",
    "hints_frame",
    "hints_table",
    "parse_frame",
    "parse_table",
    "registry_frame",
    "registry_table",
    "reason_frame",
    "reason_table",
    "study_frame",
    "study_table",
    "trace_frame",
    "trace_table",
]

tr = WORKBOOK_CATALOGUE

ACCEPTS = _html.mark(True, "accepts")
"""Cell text of a layer that accepted an answer: ``"✓ accepts"``."""
REJECTS = _html.mark(False, no="rejects")
"""Cell text of a layer that rejected an answer: ``"✗ rejects"``."""
AGREES = _html.mark(True, "yes")
"""Cell text of a row whose outcome equals its label: ``"✓ yes"``."""
DISAGREES = _html.mark(False, no="NO")
"""Cell text of a row whose outcome differs from its label: ``"✗ NO"``."""


def _status_with_code(status: Any, code: str | None) -> str:
    return f"{status} ({code})" if code else str(status)


LAYER_NAMES = {
    "strict JSON": N_("strict JSON"),
    "citation-only check": N_("citation-only check"),
    "full contract": N_("full contract"),
}
"""The admission layers' names (:data:`groundlab.core.baselines.LAYERS`), translated when shown."""


def layer_label(layer: str) -> str:
    """An admission layer's name in the language in force (another text as it is)."""
    return tr(LAYER_NAMES[layer]) if layer in LAYER_NAMES else layer


_CLAIM = re.compile(r"claim (\d+)")


def where_label(where: Any) -> str:
    """A trace row's or hint's place in the language in force: ``"claim 0"``, ``"answer"``."""
    text = str(where)
    if text == "answer":
        return tr("answer")
    found = _CLAIM.fullmatch(text)
    return tr("claim {number}").format(number=found.group(1)) if found else text


_FRAME_WORDS = (
    N_("line {line}, column {column}"),
    N_("refused"),
    N_("parses: {count} claim(s)"),
    N_("match"),
    N_("gap"),
    N_("(null item)"),
)
"""Words of :func:`parse_frame` and :func:`explanation_frame` cells, translated in their tables."""


def _marks() -> dict[str, str]:
    """The marks of the study's cells in the language in force."""
    return {
        ACCEPTS: _html.mark(True, tr("accepts")),
        REJECTS: _html.mark(False, no=tr("rejects")),
        AGREES: _html.mark(True, tr("yes")),
        DISAGREES: _html.mark(False, no=tr("NO")),
    }


# ------------------------------------------------------------------ the study


def study_frame(result: Any) -> pd.DataFrame:
    """The study, one row per case in fixture order; all cells ``str``.

    Columns ``id``, ``family``, ``expected``, ``actual`` (``"INVALID_JSON (not_json)"`` carries the
    parse code), ``strict JSON``, ``citation-only check``, ``full contract`` (each :data:`ACCEPTS` or
    :data:`REJECTS`) and ``agrees`` (:data:`AGREES` or :data:`DISAGREES`).
    """
    records = []
    for row in result.rows:
        records.append(
            {
                "id": str(row.id),
                "family": str(row.family),
                "expected": _status_with_code(row.expected, getattr(row, "expected_code", None)),
                "actual": _status_with_code(row.actual, row.code),
                "strict JSON": ACCEPTS if row.strict_json_ok else REJECTS,
                "citation-only check": ACCEPTS if row.citation_only_ok else REJECTS,
                "full contract": ACCEPTS if str(row.actual) == Status.ACCEPT.value else REJECTS,
                "agrees": AGREES if row.agrees else DISAGREES,
            }
        )
    columns = ["id", "family", "expected", "actual", "strict JSON", "citation-only check", "full contract", "agrees"]
    return pd.DataFrame.from_records(records, columns=columns)


def study_table(result: Any) -> StableStyler:
    """:func:`study_frame` styled (uuid ``groundlab-study``), the caption counting what each layer accepts."""
    counts = result.counts
    caption = tr(
        "{submitted} answers: strict JSON accepts {strict}, "
        "the citation-only check accepts {citation}, the full contract accepts {contract}"
    ).format(submitted=counts["submitted"], strict=counts["strict_json"], citation=counts["citation_only"], contract=counts["full_contract"])
    marks = _marks()
    frame = relabel(
        study_frame(result),
        {
            "id": tr("id"),
            "family": tr("family"),
            "expected": tr("expected"),
            "actual": tr("actual"),
            "strict JSON": tr("strict JSON"),
            "citation-only check": tr("citation-only check"),
            "full contract": tr("full contract"),
            "agrees": tr("agrees"),
        },
        {column: marks for column in ("strict JSON", "citation-only check", "full contract", "agrees")},
    )
    return _styled(frame, "study", caption)


def funnel_frame(result: Any) -> pd.DataFrame:
    """The study's funnel: ``layer`` (weakest first), ``accepted`` and ``of`` (answers submitted); 17, 13, 3 of 22 for the frozen study."""
    counts = result.counts
    accepted = [counts["strict_json"], counts["citation_only"], counts["full_contract"]]
    return pd.DataFrame(
        {"layer": list(LAYERS), "accepted": accepted, "of": [counts["submitted"]] * len(LAYERS)}
    )


def funnel_table(result: Any) -> StableStyler:
    """:func:`funnel_frame` styled (uuid ``groundlab-funnel``)."""
    frame = relabel(
        funnel_frame(result), {"layer": tr("layer"), "accepted": tr("accepted"), "of": tr("of")}, {"layer": layer_label}
    )
    return _styled(frame, "funnel", tr("Answers each admission layer accepts"))


def reason_frame(result: Any) -> pd.DataFrame:
    """``status`` and ``count``: cases ending in each ``Status``, in check order (``ACCEPT`` last), zeros included."""
    tally = {status.value: 0 for status in Status}
    for row in result.rows:
        tally[str(row.actual)] += 1
    return pd.DataFrame({"status": list(tally), "count": list(tally.values())})


def reason_table(result: Any) -> StableStyler:
    """:func:`reason_frame` styled (uuid ``groundlab-reasons``)."""
    frame = relabel(reason_frame(result), {"status": tr("status"), "count": tr("count")})
    return _styled(frame, "reasons", tr("Contract status of every answer"))


def baseline_frame(result: Any) -> pd.DataFrame:
    """False accepts of the citation-only check and of the contract, per label.

    One row per expected status other than ``ACCEPT`` in ``result``, in Status order: ``expected``,
    ``cases``, ``citation_only_false_accepts``, ``contract_false_accepts`` (for the frozen study the
    last two sum to 10 and 0).
    """
    groups: dict[str, list[int]] = {}
    for status in Status:
        if status is Status.ACCEPT:
            continue
        groups[status.value] = [0, 0, 0]
    for row in result.rows:
        key = str(row.expected)
        if key not in groups:
            continue
        groups[key][0] += 1
        groups[key][1] += bool(row.citation_only_ok)
        groups[key][2] += str(row.actual) == Status.ACCEPT.value
    kept = [(k, v) for k, v in groups.items() if v[0]]
    return pd.DataFrame(
        {
            "expected": [k for k, _ in kept],
            "cases": [v[0] for _, v in kept],
            "citation_only_false_accepts": [v[1] for _, v in kept],
            "contract_false_accepts": [v[2] for _, v in kept],
        }
    )


def baseline_table(result: Any) -> StableStyler:
    """:func:`baseline_frame` styled (uuid ``groundlab-baseline``)."""
    headers = {
        "expected": tr("expected"),
        "cases": tr("cases"),
        "citation_only_false_accepts": tr("citation-only false accepts"),
        "contract_false_accepts": tr("contract false accepts"),
    }
    return _styled(
        relabel(baseline_frame(result), headers), "baseline", tr("Answers that should be rejected but were accepted")
    )


# ------------------------------------------------------------------ one verdict


def trace_frame(
    verdict: Verdict, request: Request, sources: Registry | Iterable[Source]
) -> pd.DataFrame:
    """The trace of ``verdict``, one row per ``trace_rows`` row: ``claim`` (``"claim 0"`` or ``"answer"``), ``check``, ``passed``, ``sentence``."""
    records = [
        {"claim": row.place, "check": row.check, "passed": row.passed, "sentence": row.sentence}
        for row in trace_rows(verdict, request, sources)
    ]
    return pd.DataFrame.from_records(records, columns=["claim", "check", "passed", "sentence"])


def trace_table(
    verdict: Verdict, request: Request, sources: Registry | Iterable[Source], name: str = "trace"
) -> StableStyler:
    """:func:`trace_frame` styled (uuid ``groundlab-<name>``), ``passed`` shown as ``✓ passed`` / ``✗ FAILED``."""
    frame = trace_frame(verdict, request, sources)
    frame["passed"] = [_html.mark(bool(p)) for p in frame["passed"]]
    frame = relabel(
        frame,
        {"claim": tr("claim"), "check": tr("check"), "passed": tr("passed"), "sentence": tr("sentence")},
        {"claim": where_label},
    )
    return _styled(frame, name, tr("Checks that ran: contract status {status}").format(status=verdict.status))


def _codepoints_text(codepoints: Any) -> str:
    if not codepoints:
        return ""
    parts = []
    for item in codepoints:
        if isinstance(item, int):
            parts.append(f"U+{item:04X}")
        else:
            parts.append(str(item))
    return ", ".join(parts)


def hints_frame(hints: Sequence[Any]) -> pd.DataFrame:
    """Near-miss hints (``groundlab.hints.Hint``), one row each, all ``str``: ``claim``, ``check``, ``kind``, ``message``, ``codepoints``.

    ``claim`` is ``"claim 0"`` or ``"answer"``; ``codepoints`` reads ``"U+200B, U+00A0"`` (empty when none).
    """
    records = []
    for hint in hints:
        claim = getattr(hint, "claim", None)
        records.append(
            {
                "claim": claim_place(claim),
                "check": str(getattr(hint, "check", "") or ""),
                "kind": str(hint.kind),
                "message": str(hint.message),
                "codepoints": _codepoints_text(getattr(hint, "codepoints", ())),
            }
        )
    return pd.DataFrame.from_records(records, columns=["claim", "check", "kind", "message", "codepoints"])


def hints_table(hints: Sequence[Any], name: str = "hints") -> StableStyler:
    """:func:`hints_frame` styled (uuid ``groundlab-<name>``: one ``name`` per table on a page)."""
    frame = relabel(
        hints_frame(hints),
        {"claim": tr("claim"), "check": tr("check"), "kind": tr("kind"), "message": tr("message"), "codepoints": tr("codepoints")},
        {"claim": where_label},
    )
    return _styled(frame, name, tr("Near misses (explained, never turned into a pass)"))


# ------------------------------------------------------------------ inputs and results


def registry_frame(sources: Registry | Iterable[Source]) -> pd.DataFrame:
    """The registry, one row per source: ``id``, ``service``, ``environment``, ``revision``, each fact
    name (``""`` when absent), then ``text``: the document's text as the model reads it, every
    character visible (:func:`~groundlab.workbook.presentation.lines.visible_lines`), line feeds kept."""
    items = list(sources)
    facts: list[str] = []
    for source in items:
        facts += [name for name in source.facts if name not in facts]
    records = [
        {
            "id": source.id,
            "service": source.service,
            "environment": source.environment,
            "revision": source.revision,
            **{name: source.facts.get(name, "") for name in facts},
            "text": visible_lines(source.text.rstrip("\n")),
        }
        for source in items
    ]
    return pd.DataFrame.from_records(records, columns=["id", "service", "environment", "revision", *facts, "text"])


def registry_table(sources: Registry | Iterable[Source], name: str = "registry") -> StableStyler:
    """:func:`registry_frame` styled (uuid ``groundlab-<name>``), the text column escaped, in monospace, its line breaks kept."""
    headers = {"id": tr("id"), "service": tr("service"), "environment": tr("environment"), "revision": tr("revision"), "text": tr("text")}
    frame = registry_frame(sources)
    last = frame.shape[1] - 1  # the fact names between the first four columns and text are never renamed
    frame.columns = [headers[c] if i in (0, 1, 2, 3, last) else c for i, c in enumerate(frame.columns)]
    table = _styled(frame, name, tr("The trusted registry (the application's sources)"))
    return table.set_properties(subset=[headers["text"]], **{"white-space": "pre-wrap", "font-family": "monospace"})


def parse_frame(answers: Sequence[tuple[str, str]]) -> pd.DataFrame:
    """What ``parse_claims`` says about each ``(label, raw answer)`` pair; all cells ``str``.

    Columns ``answer`` (the label), ``outcome`` (``"parses: N claim(s)"`` or ``"refused"``), ``code``,
    ``where`` (``"line 1, column 25"``), ``path`` (``"claims[0].value"``) and ``message``.
    """
    return _parse_frame(answers, lambda text: text)


def _parse_frame(answers: Sequence[tuple[str, str]], words: Any) -> pd.DataFrame:
    """:func:`parse_frame`, its words passed through ``words`` (``tr`` for a table)."""
    from groundlab.core.claims import ClaimsSyntaxError, format_path, parse_claims

    records = []
    for label, raw in answers:
        try:
            claims = parse_claims(raw)
        except ClaimsSyntaxError as err:
            where = words("line {line}, column {column}").format(line=err.line, column=err.column) if err.line is not None else ""
            path = format_path(err.path) if err.path else ""
            records.append({"answer": label, "outcome": words("refused"), "code": err.code,
                            "where": where, "path": path, "message": err.message})
        else:
            records.append({"answer": label, "outcome": words("parses: {count} claim(s)").format(count=len(claims)), "code": "",
                            "where": "", "path": "", "message": ""})
    return pd.DataFrame.from_records(records, columns=["answer", "outcome", "code", "where", "path", "message"])


def parse_table(answers: Sequence[tuple[str, str]], name: str = "parse") -> StableStyler:
    """:func:`parse_frame` styled (uuid ``groundlab-<name>``)."""
    headers = {
        "answer": tr("answer"), "outcome": tr("outcome"), "code": tr("code"),
        "where": tr("where"), "path": tr("path"), "message": tr("message"),
    }
    return _styled(relabel(_parse_frame(answers, tr), headers), name, tr("What the strict parser says"))


def explanation_frame(explanation: Any) -> pd.DataFrame:
    """The points of an ``Explanation`` (what was kept) or a ``Draft`` (what the model wrote), matches first.

    Columns ``kind``, ``point``, ``profile_quote``, ``job_quote``; a null item reads ``"(null item)"``,
    a null member is ``""``.
    """
    return _explanation_frame(explanation, lambda text: text)


def _explanation_frame(explanation: Any, words: Any) -> pd.DataFrame:
    """:func:`explanation_frame`, its words passed through ``words`` (``tr`` for a table)."""
    records = []
    for kind, points in (("match", explanation.matches), ("gap", explanation.gaps)):
        for p in points or ():
            if p is None:
                records.append({"kind": words(kind), "point": words("(null item)"), "profile_quote": "", "job_quote": ""})
                continue
            records.append(
                {
                    "kind": words(kind),
                    "point": p.point or "",
                    "profile_quote": p.profile_quote or "",
                    "job_quote": p.job_quote or "",
                }
            )
    return pd.DataFrame.from_records(records, columns=["kind", "point", "profile_quote", "job_quote"])


def explanation_table(explanation: Any, name: str = "explanation") -> StableStyler:
    """:func:`explanation_frame` of an ``Explanation`` or a ``Draft``, styled (uuid ``groundlab-<name>``).

    An ``Explanation`` is captioned with its notice and dropped count; a ``Draft``, which has
    neither, with how many items it holds and that it is not checked yet.
    """
    if hasattr(explanation, "notice") and hasattr(explanation, "dropped"):
        caption = tr("{notice} (dropped: {dropped})").format(notice=explanation.notice, dropped=explanation.dropped)
    else:
        items = len(explanation.matches or ()) + len(explanation.gaps or ())
        caption = tr("the draft as the model wrote it: {count} item(s), not checked yet").format(count=items)
    headers = {"kind": tr("kind"), "point": tr("point"), "profile_quote": tr("profile quote"), "job_quote": tr("job quote")}
    return _styled(relabel(_explanation_frame(explanation, tr), headers), name, caption)
