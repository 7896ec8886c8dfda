"""The cheat sheet and the glossary: generated from the library's constants, escaped, current in docs/."""

from __future__ import annotations

import html
import re
from pathlib import Path

import groundlab.workbook.lessons.cheatsheet as cheatsheet
from groundlab import CHECK_TABLE, CHECKS, CODE_MEANINGS, ERROR_CODES, MAX_CLAIMS, STATUS_OF_CHECK, Status
from groundlab.workbook import GLOSSARY, cheat_sheet_html
from groundlab.grounding.rule import NORMALISATION_STEPS
from groundlab.core.contract import STATUS_MEANINGS

DOC = Path(__file__).resolve().parents[2] / "docs" / "cheatsheet.html"


def rows(text: str) -> list[list[str]]:
    return [re.findall(r"<td>(.*?)</td>", row) for row in re.findall(r"<tr>(.*?)</tr>", text)]


def test_the_check_order_lists_every_check_and_status_in_order():
    sheet = cheat_sheet_html()
    table = sheet.split("<h2>The check order and the 10 statuses</h2>")[1].split("<h2>")[0]
    found = [r for r in rows(table) if r]
    assert [r[0] for r in found[:-1]] == [str(c.order) for c in CHECK_TABLE] == [str(n) for n in range(1, 10)]
    assert [r[1] for r in found[:-1]] == [f"<code>{c}</code>" for c in CHECKS]
    assert [r[2] for r in found[:-1]] == [c.scope for c in CHECK_TABLE]
    assert [r[3] for r in found] == [f"<code>{STATUS_OF_CHECK[c]}</code>" for c in CHECKS] + ["<code>ACCEPT</code>"]
    assert [html.unescape(r[4]) for r in found] == [STATUS_MEANINGS[s] for s in Status]
    assert len(found) == len(Status) == 10


def test_the_sheet_says_the_claim_level_checks_run_claim_by_claim():
    text = html.unescape(re.sub(r"<[^>]+>", "", cheat_sheet_html()))
    assert "every one of claim 0's (duplicate to supports) runs before claim 1's" in text
    assert "parse, citation and coverage run once per answer" in text
    assert "<th>runs per</th>" in cheat_sheet_html()


def test_the_parse_codes_and_the_normalisation_come_from_their_constants():
    sheet = cheat_sheet_html()
    table = sheet.split("<h2>The 8 parse codes (status INVALID_JSON)</h2>")[1].split("<h2>")[0]
    assert [(r[0], html.unescape(r[1])) for r in rows(table) if r] == [(f"<code>{c}</code>", CODE_MEANINGS[c]) for c in ERROR_CODES]
    assert list(CODE_MEANINGS) == list(ERROR_CODES)
    assert NORMALISATION_STEPS
    for step in NORMALISATION_STEPS:
        assert f"<li>{html.escape(step)}</li>" in sheet


def test_a_changed_constant_changes_the_sheet(monkeypatch):
    assert f"<td>{MAX_CLAIMS}</td>" in cheat_sheet_html()
    monkeypatch.setattr(cheatsheet, "MAX_CLAIMS", 99)
    assert "<tr><td><code>MAX_CLAIMS</code></td><td>99</td>" in cheat_sheet_html()
    from groundlab.core import checks  # the sheet reads each meaning where the library keeps it

    monkeypatch.setattr(checks, "STATUS_MEANINGS", {**STATUS_MEANINGS, Status.ACCEPT: "<b>changed</b>"})
    assert "&lt;b&gt;changed&lt;/b&gt;" in cheat_sheet_html()


def test_docs_cheatsheet_is_the_generated_page():
    assert DOC.read_text(encoding="utf-8") == cheat_sheet_html(), "regenerate it: python -m groundlab.workbook.lessons.cheatsheet > docs/cheatsheet.html"


def test_every_glossary_term_has_one_name_and_no_name_is_avoided_twice():
    names = [t.name for t in GLOSSARY]
    assert len(names) == len(set(names))
    avoided = [a.lower() for t in GLOSSARY for a in t.avoid]
    assert len(avoided) == len(set(avoided))
    assert not set(avoided) & {n.lower() for n in names}
    assert all(t.meaning and t.meaning[0].islower() for t in GLOSSARY)


def test_the_sheet_shows_a_two_claim_answer_decided_claim_by_claim(study):
    """Claim 1 alone fails an earlier check than claim 0, yet claim 0's later check decides:
    the statuses are the library's, and the trace shown is the verdict's own."""
    import json

    from groundlab import trace_rows, verify_answer

    raw, rows, status, alone = cheatsheet.order_example()
    request = study["complete"].request
    assert json.loads(raw) == {"claims": list(cheatsheet.ORDER_EXAMPLE)}
    assert status == str(verify_answer(raw, request, study.sources).status) == "QUOTE_NOT_SUPPORTING"
    assert alone == "SCOPE_MISMATCH"
    order = {c.status.value: c.order for c in CHECK_TABLE}
    assert order[alone] < order[status], "claim 1's own fault comes earlier in the check table"
    assert [r.line for r in rows] == [r.line for r in trace_rows(verify_answer(raw, request, study.sources), request, study.sources)]
    assert [(r.claim, r.check) for r in rows if not r.passed] == [(0, "supports")]
    assert [r.check for r in rows if r.claim == 1] == ["citation"]
    section = cheat_sheet_html().split("<h2>Claim by claim: a two-claim example</h2>")[1].split("<h2>")[0]
    text = html.unescape(re.sub(r"<[^>]+>", "", section))
    assert "claim 1 citation: passed: quote found in dev-v2" in text
    assert "claim 0 supports: FAILED: quote 'retry_enabled=false' is not read_timeout_ms=5000" in text
    assert ("Claim 1 alone gets SCOPE_MISMATCH (check 5, scope), an earlier check than claim 0's supports (check 8). "
            "But all of claim 0's checks run first, so the answer gets QUOTE_NOT_SUPPORTING and claim 1 is never "
            "checked past its citation.") in text
