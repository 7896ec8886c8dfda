"""The one-page cheat sheet, generated from the library's own constants so that it cannot drift.

:func:`cheat_sheet_html` returns a standalone HTML page (A4, one sheet when printed):
the check order with the ten statuses, a two-claim example of the claim-by-claim order
(computed), the eight parse codes, the quote rules, the
limits and the admission layers. Every name, number and meaning comes from a constant
of groundlab (the check table :data:`~groundlab.core.checks.CHECK_TABLE`,
:data:`~groundlab.core.checks.STATUS_MEANINGS`,
:data:`~groundlab.core.errors.CODE_MEANINGS`,
:data:`~groundlab.grounding.rule.NORMALISATION_STEPS`, the limits); nothing is typed
twice. The sheet is written in the language in force, or the one given
(:func:`cheat_sheet_html`): the lessons' catalogue holds its sentences, the library's catalogue
(:data:`~groundlab.core.language.LIBRARY_CATALOGUE`) the meanings it takes from the library; codes
stay English. ``docs/cheatsheet.html`` (English) and ``docs/cheatsheet.zh-Hant.html`` (Traditional
Chinese) are this page, and a test keeps them current. Loads
pydantic (for the draft check's ``MAX_POINTS``). See ``docs/architecture.md``, "One name per idea".
"""

from __future__ import annotations

from html import escape

from groundlab.core.baselines import LAYERS
from groundlab.core.claims import MAX_CLAIMS, MAX_INPUT_UNITS, MAX_STRING_UNITS
from groundlab.core.checks import CHECK_TABLE, Status, reason_meaning, status_meaning
from groundlab.core.errors import ERROR_CODES, code_meaning
from groundlab.core.reader import MAX_DEPTH
from groundlab.core.contract import verify_answer
from groundlab.core.trace import trace_rows
from groundlab.core.trusted import MAX_TRUSTED_BYTES
from groundlab.grounding.draft import MAX_POINTS
from groundlab.grounding.rule import MIN_QUOTE_CHARS, NORMALISATION_STEPS
from groundlab.core.language import DEFAULT_LANGUAGE, LIBRARY_CATALOGUE, language_scope
from groundlab.workbook.lessons.glossary import GLOSSARY, term_meaning
from groundlab.workbook.lessons.text import N_, tr
from groundlab.workbook.presentation.css import CJK_FONT_CSS

__all__ = ["ORDER_EXAMPLE", "SHEET_FILES", "SHEET_TERMS", "cheat_sheet_html", "limits", "order_example"]

SHEET_FILES = {"en": "docs/cheatsheet.html", "zh-Hant": "docs/cheatsheet.zh-Hant.html"}
"""Each language's sheet in the checkout (``python -m groundlab.workbook.lessons.cheatsheet zh-Hant``)."""

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
_CJK_FONTS = f"{CJK_FONT_CSS}, sans-serif"
_FONTS = {
    "zh-Hant": (
        ('"DejaVu Sans", Arial, sans-serif', _CJK_FONTS),
        ('"DejaVu Sans Mono", monospace', f'"DejaVu Sans Mono", {_CJK_FONTS}'),
    )
}
"""A language's font stacks, in place of the English sheet's: Traditional Chinese is set in a CJK font."""
_LAYER_NAMES = {"strict JSON": N_("strict JSON"), "citation-only check": N_("citation-only check"), "full contract": N_("full contract")}
"""The admission layers' names (:data:`~groundlab.core.baselines.LAYERS`) as the sheet shows them."""
_SCOPES = {"answer": N_("answer"), "claim": N_("claim")}
"""A check's scope as the sheet shows it."""


def _style(language: str) -> str:
    style = _STYLE
    for english, other in _FONTS.get(language, ()):
        style = style.replace(english, other)
    return style


def _code(text: object) -> str:
    return f"<code>{escape(str(text))}</code>"


def _table(head: tuple[str, ...], rows: list[tuple[str, ...]]) -> str:
    cells = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"


def limits() -> list[tuple[str, int, str]]:
    """Every limit the sheet lists: ``(name, value, unit and meaning)``, from the constants; the
    meaning shows itself in the language in force (``str()``)."""
    return [
        ("MAX_INPUT_UNITS", MAX_INPUT_UNITS, N_("UTF-16 code units in a whole answer (too_long)")),
        ("MAX_STRING_UNITS", MAX_STRING_UNITS, N_("UTF-16 code units in one string of a claim (too_long)")),
        ("MAX_CLAIMS", MAX_CLAIMS, N_("claims in one answer (too_many_claims)")),
        ("MAX_DEPTH", MAX_DEPTH, N_("nested arrays and objects (too_deep)")),
        ("MIN_QUOTE_CHARS", MIN_QUOTE_CHARS, N_("characters in a normalised job-match quote")),
        ("MAX_POINTS", MAX_POINTS, N_("points kept per list of a draft (matches, gaps)")),
        ("MAX_TRUSTED_BYTES", MAX_TRUSTED_BYTES, N_("bytes in a trusted JSON file (registry, request, fixture)")),
    ]


def _order_line() -> str:
    """How the order runs claim by claim, from the table's scopes: one line of escaped HTML."""
    claim = [_code(c.name) for c in CHECK_TABLE if c.scope == "claim"]
    answer = [_code(c.name) for c in CHECK_TABLE if c.scope == "answer"]
    return tr(
        "The claim-level checks run claim by claim: every one of claim 0's ({first} to {last}) "
        "runs before claim 1's. {answer_checks} and {last_answer_check} run once per answer; "
        "{citation} goes over every claim before any claim-level check."
    ).format(
        first=claim[0], last=claim[-1], answer_checks=tr(", ").join(answer[:-1]), last_answer_check=answer[-1],
        citation=_code("citation"),
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
    request = tr("Request: payments / prod / v2, both fields; answer: {answer}").format(answer=_code(raw))
    shows = tr(
        "Claim 1 alone gets {alone} (check {alone_order}, {alone_check}), "
        "an earlier check than claim 0's {check} (check {order}). "
        "But all of claim 0's checks run first, so the answer gets {status} and claim 1 is never "
        "checked past its {last}."
    ).format(
        alone=_code(alone), alone_order=first[alone].order, alone_check=_code(first[alone].name),
        check=_code(first[status].name), order=first[status].order, status=_code(status), last=_code(last),
    )
    return f'<div class="example"><p>{request}</p><ol class="trace">{trace}</ol><p>{shows}</p></div>'


def cheat_sheet_html(language: str | None = None) -> str:
    """The cheat sheet as a standalone HTML page (``str``, UTF-8 text), every text escaped.

    ``language``: ``"en"``, ``"zh-Hant"``, or ``None`` for the language in force. Codes stay English."""
    with language_scope(language) as shown:
        return _sheet(shown)


def _sheet(language: str) -> str:
    """The page in the language in force (``language``)."""
    order = [
        (str(c.order), _code(c.name), escape(tr(_SCOPES.get(c.scope, c.scope))), _code(c.status), escape(status_meaning(c.status)))
        for c in CHECK_TABLE
    ]
    order.append(("", escape(tr("every check passed")), "", _code(Status.ACCEPT), escape(status_meaning(Status.ACCEPT))))
    codes = [(_code(code), escape(code_meaning(code))) for code in ERROR_CODES]
    normalisation = "".join(f"<li>{escape(LIBRARY_CATALOGUE(step))}</li>" for step in NORMALISATION_STEPS)
    layers = " &lt; ".join(escape(tr(_LAYER_NAMES.get(layer, layer))) for layer in LAYERS)
    english = language == DEFAULT_LANGUAGE
    words = [
        (f"<strong>{escape(t.name)}</strong>" if english else f"<strong>{escape(t.zh)}</strong> {escape(t.name)}", escape(term_meaning(t)))
        for t in GLOSSARY
        if t.name in SHEET_TERMS
    ]
    title = escape(tr("groundlab cheat sheet"))
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{escape(language)}"><head><meta charset="utf-8"><title>{title}</title>',
        f"<style>{_style(language)}</style></head><body><div class=\"sheet\">",
        f"<h1>{title}</h1>",
        "<p>"
        + tr(
            "Generated from groundlab's own constants. The first check that fails decides the status; "
            "claims are numbered from 0; the accepted map is empty unless the status is ACCEPT. "
            "The admission layers, weakest first: {layers}; each admits a subset of what the one before admits."
        ).format(layers=layers)
        + "</p>",
        "<h2>" + escape(tr("The check order and the {count} statuses").format(count=len(Status))) + "</h2>",
        f"<p>{_order_line()}</p>",
        _table(tuple(tr(h) for h in (N_("#"), N_("check"), N_("runs per"), N_("fails with"), N_("meaning"))), order),
        "<h2>" + escape(tr("Claim by claim: a two-claim example")) + "</h2>",
        _order_example_html(),
        "<h2>" + escape(tr("The {count} parse codes (status INVALID_JSON)").format(count=len(ERROR_CODES))) + "</h2>",
        _table((tr("code"), tr("meaning")), codes),
        "<h2>" + escape(tr("Quote rules")) + "</h2>",
        "<p><strong>"
        + escape(tr("The contract."))
        + "</strong> "
        + tr(
            "The citation check fails when {quote_absent}: the quote is compared exactly, case and spaces included. "
            "The supports check fails when {not_canonical}."
        ).format(quote_absent=escape(reason_meaning("quote_absent")), not_canonical=escape(reason_meaning("not_canonical")))
        + "</p>",
        "<p><strong>"
        + escape(tr("No Quote, No Claim"))
        + "</strong> "
        + tr(
            "({is_quoted}; the draft check looks within one field's value, never at the application's labels) "
            "compares normalised texts; {article_is_quoted}, the article's own rule, skips step 1 and may cut a number:"
        ).format(is_quoted=_code("is_quoted"), article_is_quoted=_code("article_is_quoted"))
        + f"</p><ol>{normalisation}</ol>",
        "<h2>" + escape(tr("Limits")) + "</h2>",
        _table((tr("limit"), tr("value"), tr("of")), [(_code(n), escape(str(v)), escape(str(u))) for n, v, u in limits()]),
        "<h2>" + escape(tr("Words")) + "</h2>",
        _table((tr("name"), tr("meaning")), words),
        "</div></body></html>",
    ]
    return "\n".join(parts) + "\n"


if __name__ == "__main__":  # python -m groundlab.workbook.lessons.cheatsheet [zh-Hant] > docs/cheatsheet[.zh-Hant].html
    import sys

    print(cheat_sheet_html(sys.argv[1] if len(sys.argv) > 1 else DEFAULT_LANGUAGE), end="")
