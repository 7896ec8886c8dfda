"""What a learner reads about a refused answer never depends on the interpreter's wording.

``data/refusals.json`` holds, for refusals of every kind, the code, reason, message,
line, column and hint texts groundlab gives. Every supported Python (CI runs 3.10,
3.11 and 3.13) must give exactly these. To rewrite the file after an intended wording
change: ``python tests/core/test_refusal_wording.py --write``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data" / "refusals.json"

RAWS = [
    '{"claims": [1,]}',
    '{"claims": [], }',
    '{"claims" []}',
    '{"claims": [] "x": 1}',
    "{'claims': []}",
    '{"claims": ["a\x01"]}',
    '{"claims": ["a\\x"]}',
    '{"claims": ["a\\u12G4"]}',
    '{"claims": ["abc',
    '{"claims": [',
    '{"claims"',
    "",
    "   ",
    "\ufeff{}",
    '{"claims":\u00a0[]}',
    '{"claims": [NaN]}',
    '{"claims": [-Infinity]}',
    '{"claims": [1e999]}',
    '{"claims": [１]}',
    '{"a": 1, "a": 2}',
    "```json\n{}\n```",
    '{"claims": []} trailing words',
    "[" * 70,
    '{"claims": [{"field": 5000, "value": "v", "doc": "d", "quote": "q"}]}',
    '{"claims": [{"field": true, "value": "v", "doc": "d", "quote": "q"}]}',
    '{"claims": [{"field": null, "value": "v", "doc": "d", "quote": "q"}]}',
    '{"claims": [{"field": "a", "value": "b", "doc": "c"}]}',
    '{"claims": [{"field": "a", "value": "b", "doc": "c", "quote": "q", "why": "x"}]}',
    '{"claims": [{"field": "", "value": "b", "doc": "c", "quote": "q"}]}',
    '{"claims": [{"field": "a\\b", "value": "b", "doc": "c", "quote": "q"}]}',
    '{"claims": [{"field": "a\\ud800", "value": "b", "doc": "c", "quote": "q"}]}',
    '{"claims": {}}',
    '{"claims": [1]}',
    "[]",
    '{"answer": "yes"}',
    "{}",
    '{"claims": [' + ", ".join(['{"field": "f", "value": "v", "doc": "d", "quote": "q"}'] * 9) + "]}",
    '{"claims": [{"field": "' + "x" * 2049 + '", "value": "b", "doc": "c", "quote": "q"}]}',
    '{"claims": []}' + " " * 8192,
    '{"claims": [True]}',
    '{"claims": [] // comment\n}',
    '{claims: []}',
    '{"claims": [\n  {"field": "a",\n   "value": "b"\n   "doc": "c"}]}',
    '"just a string',
    '{"claims": ["\u201cquoted\u201d"]}',
    "{\u201cclaims\u201d: []}",
]


def describe(raw: str) -> dict:
    """The learner-visible data of ``raw``'s refusal: error fields and hint texts."""
    from groundlab import ClaimsSyntaxError, json_hints, parse_claims

    try:
        parse_claims(raw)
    except ClaimsSyntaxError as err:
        return {
            "raw": raw,
            "code": err.code,
            "reason": err.reason,
            "message": err.message,
            "where": str(err),
            "line": err.line,
            "column": err.column,
            "hints": [hint.message for hint in json_hints(err, raw)],
            "hints_without_raw": [hint.message for hint in json_hints(err)],
        }
    return {"raw": raw, "code": None}


def test_every_refusal_reads_exactly_as_recorded():
    recorded = json.loads(DATA.read_text(encoding="utf-8"))
    assert [entry["raw"] for entry in recorded] == RAWS
    for entry in recorded:
        assert describe(entry["raw"]) == entry


def test_no_recorded_refusal_passes_through_an_interpreter_message():
    interpreter_words = ("Expecting", "delimiter", "Unterminated string starting", "Invalid control", "Extra data", "Illegal trailing comma", "char ")
    for entry in json.loads(DATA.read_text(encoding="utf-8")):
        assert entry["code"] is not None
        for text in [entry["message"], *entry["hints"], *entry["hints_without_raw"]]:
            assert not any(word in text for word in interpreter_words), text


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        sys.path.insert(0, str(DATA.parents[3]))
        DATA.parent.mkdir(exist_ok=True)
        DATA.write_text(json.dumps([describe(raw) for raw in RAWS], indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {len(RAWS)} refusals to {DATA}")
