"""The one-page cheat sheet, generated from the library's own constants so that it cannot drift.

:func:`cheat_sheet_html` returns a standalone HTML page (A4, one sheet when printed):
the check order with the ten statuses, a two-claim example of the claim-by-claim order
(computed), the eight parse codes, the quote rules, the
limits and the admission layers. Every name, number and meaning comes from a constant
of groundlab (the check table :data:`~groundlab.core.checks.CHECK_TABLE`,
:data:`~groundlab.core.checks.STATUS_MEANINGS`,
:data:`~groundlab.core.errors.CODE_MEANINGS`,
:data:`~groundlab.grounding.rule.NORMALISATION_STEPS`, the limits); nothing is typed
twice. ``docs/cheatsheet.html`` is this page, and a test keeps it current. Loads
pydantic (for the draft check's ``MAX_POINTS``). See ``docs/architecture.md``, "One name per idea".
"""

from __future__ import annotations

from html import escape

from groundlab.core.baselines import LAYERS
from groundlab.core.claims import MAX_CLAIMS, MAX_INPUT_UNITS, MAX_STRING_UNITS
from groundlab.core.checks import CHECK_TABLE, REASONS, STATUS_MEANINGS, Status
from groundlab.core.errors import CODE_MEANINGS, ERROR_CODES
from groundlab.core.reader import MAX_DEPTH
from groundlab.core.contract import verify_answer
from groundlab.core.trace import trace_rows
from groundlab.core.trusted import MAX_TRUSTED_BYTES
from groundlab.grounding.draft import MAX_POINTS
from groundlab.grounding.rule import MIN_QUOTE_CHARS, NORMALISATION_STEPS
from groundlab.workbook.lessons.glossary import GLOSSARY

__all__ = ["ORDER_EXAMPLE", "SHEET_TERMS", "cheat_sheet_html", "limits", "order_example"]

SHEET_TERMS = frozenset(
    {"check", "trace", "deciding check", "accepted map", "citation-only check", "full contract", "near-miss hint", "grounded"}
)
"""The glossary terms the sheet repeats (the whole glossary: :data:`~groundlab.workbook.lessons.glossary.GLOSSARY`)."""

_STYLE = """
@page { size: A4; margin: 8mm 10mm; }
* { box-sizing: border-box; }
body { font: 7.5pt/1.15 "DejaVu Sans", Arial, sans-serif; margin: 0; color: #111; }
h1 { font-size: 13pt; margin: 0 0 1mm; }
h2 { font-size: 8.6pt; margin: 1.2mm 0 0.5mm; border-bottom: 1px solid #888; }
p { margin: 0.6mm 0; }
table { border-collapse: collapse; width: 100%; }
td, th { border: 1px solid #bbb; padding: 0.3mm 1.2mm; vertical-align: top; text-align: left; }
th { background: #eee; white-space: nowrap; }
code { font: 7.2pt "DejaVu Sans Mono", monospace; }
ol, ul { margin: 0.5mm 0; padding-left: 5mm; }
.sheet { width: 188mm; }
.example, .example code { font-size: 6.8pt; }
ol.trace { columns: 3; column-gap: 3mm; margin: 0.3mm 0; padding-left: 4mm; }
"""


def _code(text: object) -> str:
    return f"<code>{escape(str(text))}</code>"


def _table(head: tuple[str, ...], rows: list[tuple[str, ...]]) -> str:
    cells = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"


def limits() -> list[tuple[str, int, str]]:
    """Every limit the sheet lists: ``(name, value, unit and meaning)``, from the constants."""
    return [
        ("MAX_INPUT_UNITS", MAX_INPUT_UNITS, "UTF-16 code units in a whole answer (too_long)"),
        ("MAX_STRING_UNITS", MAX_STRING_UNITS, "UTF-16 code units in one string of a claim (too_long)"),
        ("MAX_CLAIMS", MAX_CLAIMS, "claims in one answer (too_many_claims)"),
        ("MAX_DEPTH", MAX_DEPTH, "nested arrays and objects (too_deep)"),
        ("MIN_QUOTE_CHARS", MIN_QUOTE_CHARS, "characters in a normalised job-match quote"),
        ("MAX_POINTS", MAX_POINTS, "points kept per list of a draft (matches, gaps)"),
        ("MAX_TRUSTED_BYTES", MAX_TRUSTED_BYTES, "bytes in a trusted JSON file (registry, request, fixture)"),
    ]


def _order_line() -> str:
    """How the order runs claim by claim, from the table's scopes: one line of escaped HTML."""
    claim = [_code(c.name) for c in CHECK_TABLE if c.scope == "claim"]
    answer = [_code(c.name) for c in CHECK_TABLE if c.scope == "answer"]
    return (
        f"The claim-level checks run claim by claim: every one of claim 0's ({claim[0]} to {claim[-1]}) "
        f"runs before claim 1's. {', '.join(answer[:-1])} and {answer[-1]} run once per answer; "
        f"{_code('citation')} goes over every claim before any claim-level check."
    )


ORDER_EXAMPLE = (
    {"field": "read_timeout_ms", "value": "5000", "doc": "prod-v2", "quote": "retry_enabled=false"},
    {"field": "retry_enabled", "value": "true", "doc": "dev-v2", "quote": "retry_enabled=true"},
)
"""The sheet's two-claim answer to the study's request: claim 0 fails a late check
(``supports``), claim 1 an earlier one (``scope``); the statuses are computed, never typed."""


def order_example() -> tuple[str, tuple, str, str]:
    """The claim-by-claim example, computed by :func:`~groundlab.core.contract.verify_answer` on
    the study's request and sources: ``(answer text, its trace rows, its status, the status of
    claim 1 alone)``. Loads the study fixture."""
    import json

    from groundlab.study.cases import load_case_set

    study = load_case_set()
    request = study["complete"].request
    raw = json.dumps({"claims": list(ORDER_EXAMPLE)})
    verdict = verify_answer(raw, request, study.sources)
    alone = verify_answer(json.dumps({"claims": [ORDER_EXAMPLE[1]]}), request, study.sources)
    return raw, trace_rows(verdict, request, study.sources), str(verdict.status), str(alone.status)


def _order_example_html() -> str:
    """The example as escaped HTML: the answer, its trace, and what it shows."""
    raw, rows, status, alone = order_example()
    first = {c.status.value: c for c in CHECK_TABLE}
    trace = "".join(f"<li>{_code(row.line)}</li>" for row in rows)
    last = [row.check for row in rows if row.claim == 1][-1]
    return (
        f'<div class="example"><p>Request: payments / prod / v2, both fields; answer: {_code(raw)}</p>'
        f'<ol class="trace">{trace}</ol>'
        f"<p>Claim 1 alone gets {_code(alone)} (check {first[alone].order}, {_code(first[alone].name)}), "
        f"an earlier check than claim 0's {_code(first[status].name)} (check {first[status].order}). "
        f"But all of claim 0's checks run first, so the answer gets {_code(status)} and claim 1 is never "
        f"checked past its {_code(last)}.</p></div>"
    )


def cheat_sheet_html() -> str:
    """The cheat sheet as a standalone HTML page (``str``, UTF-8 text), every text escaped."""
    order = [
        (str(c.order), _code(c.name), escape(c.scope), _code(c.status), escape(STATUS_MEANINGS[c.status]))
        for c in CHECK_TABLE
    ]
    order.append(("", "every check passed", "", _code(Status.ACCEPT), escape(STATUS_MEANINGS[Status.ACCEPT])))
    codes = [(_code(code), escape(CODE_MEANINGS[code])) for code in ERROR_CODES]
    normalisation = "".join(f"<li>{escape(step)}</li>" for step in NORMALISATION_STEPS)
    layers = " &lt; ".join(escape(layer) for layer in LAYERS)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8"><title>groundlab cheat sheet</title>',
        f"<style>{_STYLE}</style></head><body><div class=\"sheet\">",
        "<h1>groundlab cheat sheet</h1>",
        "<p>Generated from groundlab's own constants. The first check that fails decides the status; "
        "claims are numbered from 0; the accepted map is empty unless the status is ACCEPT. "
        f"The admission layers, weakest first: {layers}; each admits a subset of what the one before admits.</p>",
        f"<h2>The check order and the {len(Status)} statuses</h2>",
        f"<p>{_order_line()}</p>",
        _table(("#", "check", "runs per", "fails with", "meaning"), order),
        "<h2>Claim by claim: a two-claim example</h2>",
        _order_example_html(),
        f"<h2>The {len(ERROR_CODES)} parse codes (status INVALID_JSON)</h2>",
        _table(("code", "meaning"), codes),
        "<h2>Quote rules</h2>",
        f"<p><strong>The contract.</strong> The citation check fails when {escape(REASONS['quote_absent'])}: "
        "the quote is compared exactly, case and spaces included. The supports check fails when "
        f"{escape(REASONS['not_canonical'])}.</p>",
        f"<p><strong>No Quote, No Claim</strong> ({_code('is_quoted')}; the draft check looks within one field's "
        f"value, never at the application's labels) compares normalised texts; {_code('article_is_quoted')}, "
        f"the article's own rule, skips step 1 and may cut a number:</p><ol>{normalisation}</ol>",
        "<h2>Limits</h2>",
        _table(("limit", "value", "of"), [(_code(n), escape(str(v)), escape(u)) for n, v, u in limits()]),
        "<h2>Words</h2>",
        _table(("name", "meaning"), [(f"<strong>{escape(t.name)}</strong>", escape(t.meaning)) for t in GLOSSARY if t.name in SHEET_TERMS]),
        "</div></body></html>",
    ]
    return "\n".join(parts) + "\n"


if __name__ == "__main__":  # python -m groundlab.workbook.lessons.cheatsheet > docs/cheatsheet.html
    print(cheat_sheet_html(), end="")
