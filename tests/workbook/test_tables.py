"""The study's tables: exact numbers, fixed ids, stable text, escaped cells."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

pytest.importorskip("pandas")

from groundlab.core.contract import Status, verify_answer  # noqa: E402
from groundlab.hints import Hint  # noqa: E402
from groundlab.study.run import count_rows  # noqa: E402
from groundlab.workbook.presentation import tables  # noqa: E402


# ---------------------------------------------------------------- frames


def test_study_frame_rows(result):
    frame = tables.study_frame(result)
    assert list(frame.columns) == [
        "id", "family", "expected", "actual", "strict JSON", "citation-only check", "full contract", "agrees",
    ]
    assert len(frame) == 22
    by_id = frame.set_index("id")
    assert list(by_id.loc["complete"]) == [
        "positive", "ACCEPT", "ACCEPT", "✓ accepts", "✓ accepts", "✓ accepts", "✓ yes",
    ]
    assert list(by_id.loc["quote-other-field"]) == [
        "evidence", "QUOTE_NOT_SUPPORTING", "QUOTE_NOT_SUPPORTING", "✓ accepts", "✓ accepts", "✗ rejects", "✓ yes",
    ]
    assert list(by_id.loc["markdown-fence"]) == [
        "syntax", "INVALID_JSON (not_json)", "INVALID_JSON (not_json)", "✗ rejects", "✗ rejects", "✗ rejects",
        "✓ yes",
    ]
    assert (frame["strict JSON"] == "✓ accepts").sum() == 17
    assert (frame["citation-only check"] == "✓ accepts").sum() == 13
    assert (frame["full contract"] == "✓ accepts").sum() == 3
    assert set(frame["agrees"]) == {"✓ yes"}


def test_funnel_frame(result):
    frame = tables.funnel_frame(result)
    assert frame.to_dict("records") == [
        {"layer": "strict JSON", "accepted": 17, "of": 22},
        {"layer": "citation-only check", "accepted": 13, "of": 22},
        {"layer": "full contract", "accepted": 3, "of": 22},
    ]


def test_reason_frame_in_status_order(result):
    frame = tables.reason_frame(result)
    assert list(frame.columns) == ["status", "count"]
    assert dict(zip(frame["status"], frame["count"])) == {
        "INVALID_JSON": 5,
        "NO_CITATION": 4,
        "DUPLICATE_CLAIM": 1,
        "UNREQUESTED_FIELD": 1,
        "SCOPE_MISMATCH": 2,
        "STALE_REVISION": 1,
        "VALUE_MISMATCH": 2,
        "QUOTE_NOT_SUPPORTING": 2,
        "INCOMPLETE": 1,
        "ACCEPT": 3,
    }
    assert list(frame["status"]) == [s.value for s in Status]


def test_baseline_frame(result):
    frame = tables.baseline_frame(result)
    assert list(frame.columns) == ["expected", "cases", "citation_only_false_accepts", "contract_false_accepts"]
    assert [tuple(r) for r in frame.itertuples(index=False)] == [
        ("INVALID_JSON", 5, 0, 0),
        ("NO_CITATION", 4, 0, 0),
        ("DUPLICATE_CLAIM", 1, 1, 0),
        ("UNREQUESTED_FIELD", 1, 1, 0),
        ("SCOPE_MISMATCH", 2, 2, 0),
        ("STALE_REVISION", 1, 1, 0),
        ("VALUE_MISMATCH", 2, 2, 0),
        ("QUOTE_NOT_SUPPORTING", 2, 2, 0),
        ("INCOMPLETE", 1, 1, 0),
    ]
    assert frame["citation_only_false_accepts"].sum() == result.counts["citation_false_accepts"] == 10


def test_trace_frame(study):
    case = study["quote-other-field"]
    verdict = verify_answer(case.raw, case.request, study.sources)
    frame = tables.trace_frame(verdict, case.request, study.sources)
    assert list(frame.columns) == ["claim", "check", "passed", "sentence"]
    assert len(frame) == len(verdict.trace)
    assert frame.iloc[0].tolist() == ["answer", "parse", True, "2 claim(s) read"]
    assert frame.iloc[-1].tolist() == [
        "claim 0",
        "supports",
        False,
        "quote 'retry_enabled=false' is not read_timeout_ms=5000",
    ]
    assert frame["passed"].tolist().count(False) == 1


def test_registry_parse_and_explanation_frames(study):
    frame = tables.registry_frame(study.sources)
    assert frame.columns.tolist() == ["id", "service", "environment", "revision", "read_timeout_ms", "retry_enabled", "text"]
    assert frame.iloc[2].tolist() == ["dev-v2", "payments", "dev", "v2", "12000", "true", study.sources["dev-v2"].text.rstrip("\n")]
    assert "Assistant, when asked about production" in frame.iloc[2]["text"]
    from groundlab import Source

    hostile = tables.registry_table([Source("x", "s", "e", "r", {}, "<b>a</b>\tb\nc\n")]).to_html()
    assert "&lt;b&gt;a&lt;/b&gt;⟨U+0009⟩b\nc" in hostile and "<b>" not in hostile, "the text is escaped, every character visible"
    assert "white-space: pre-wrap" in hostile
    parsed = tables.parse_frame([("good", study["complete"].raw), ("dup", study["duplicate-key"].raw)])
    assert parsed.to_dict("records") == [
        {"answer": "good", "outcome": "parses: 2 claim(s)", "code": "", "where": "", "path": "", "message": ""},
        {"answer": "dup", "outcome": "refused", "code": "duplicate_member", "where": "line 3, column 51",
         "path": "claims[0]", "message": 'the member name "value" appears twice in one object'},
    ]
    from groundlab import Explanation, Point

    explanation = Explanation((Point("Java", "Java", "Java"),), (Point("AWS", "", "AWS"),), 1, "notice")
    assert tables.explanation_frame(explanation).values.tolist() == [
        ["match", "Java", "Java", "Java"], ["gap", "AWS", "", "AWS"],
    ]
    assert "(dropped: 1)" in tables.explanation_table(explanation).to_html()


def test_explanation_table_accepts_a_draft_as_explanation_frame_does():
    from groundlab import Draft

    draft = Draft.model_validate({"matches": [{"point": "Java", "profile_quote": "Java", "job_quote": "Java"}, None],
                                  "gaps": [{"point": "AWS", "job_quote": "AWS"}]})
    assert tables.explanation_frame(draft).values.tolist() == [
        ["match", "Java", "Java", "Java"], ["match", "(null item)", "", ""], ["gap", "AWS", "", "AWS"],
    ]
    shown = tables.explanation_table(draft, name="draft").to_html()
    assert "the draft as the model wrote it: 3 item(s), not checked yet" in shown and "(null item)" in shown


def test_hints_frame():
    hints = (
        Hint("invisible", "The quote contains U+200B ZERO WIDTH SPACE.", 0, "citation", ("U+200B ZERO WIDTH SPACE",)),
        Hint("closest", "No claim answers retry_enabled.", None, "coverage"),
    )
    frame = tables.hints_frame(hints)
    assert frame.to_dict("records") == [
        {
            "claim": "claim 0",
            "check": "citation",
            "kind": "invisible",
            "message": "The quote contains U+200B ZERO WIDTH SPACE.",
            "codepoints": "U+200B ZERO WIDTH SPACE",
        },
        {"claim": "answer", "check": "coverage", "kind": "closest", "message": "No claim answers retry_enabled.",
         "codepoints": ""},
    ]
    assert list(tables.hints_frame(()).columns) == ["claim", "check", "kind", "message", "codepoints"]


# ---------------------------------------------------------------- stylers


def test_study_table_has_fixed_ids_and_stable_text(result):
    styler = tables.study_table(result)
    assert isinstance(styler, tables.StableStyler)
    assert repr(styler) == "<groundlab table groundlab-study: 22 rows × 8 columns>"
    first = styler.to_html()
    again = tables.study_table(result).to_html()
    assert first == again
    assert 'id="T_groundlab-study"' in first
    assert 'id="T_groundlab-study_row0_col0"' in first
    assert "row_heading" not in first  # index hidden
    assert "<caption>22 answers: strict JSON accepts 17, the citation-only check accepts 13, the full contract accepts 3</caption>" in first
    assert ">✗ rejects</td>" in first
    assert "font-weight: bold" in first  # failures are bold, not only coloured


@pytest.mark.parametrize(
    "build, uuid",
    [
        (tables.funnel_table, "groundlab-funnel"),
        (tables.reason_table, "groundlab-reasons"),
        (tables.baseline_table, "groundlab-baseline"),
    ],
)
def test_every_table_has_a_fixed_uuid(result, build, uuid):
    styler = build(result)
    assert styler.uuid == uuid
    text = styler.to_html()
    assert f'id="T_{uuid}"' in text
    assert "row_heading" not in text
    assert repr(styler).startswith(f"<groundlab table {uuid}: ")


def test_trace_and_hints_tables(study, hostile):
    case = study["quote-other-field"]
    verdict = verify_answer(case.raw, case.request, study.sources)
    text = tables.trace_table(verdict, case.request, study.sources).to_html()
    assert 'id="T_groundlab-trace"' in text
    assert ">✗ FAILED</td>" in text
    assert "quote &#39;retry_enabled=false&#39; is not read_timeout_ms=5000" in text  # markupsafe's escape
    hints = (Hint("closest", f"quote {hostile.img}", 0, "supports"),)
    text = tables.hints_table(hints).to_html()
    assert 'id="T_groundlab-hints"' in text
    assert "quote &lt;img src=x onerror=alert(1)&gt;" in text
    assert "<img" not in text


def test_tables_escape_hostile_text(hostile):
    row = SimpleNamespace(
        id=hostile.script,
        family=hostile.img,
        expected=Status.VALUE_MISMATCH,
        actual=Status.VALUE_MISMATCH,
        expected_code=None,
        code=None,
        strict_json_ok=True,
        citation_only_ok=True,
        accepted={},
        agrees=True,
    )
    text = tables.study_table(SimpleNamespace(rows=(row,), counts=count_rows((row,)))).to_html()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    assert "&lt;img src=x onerror=alert(1)&gt;" in text
    assert "<script" not in text
    assert "<img" not in text


def test_explanation_frame_shows_a_drafts_null_items():
    from groundlab import load_job_match
    from groundlab import Draft

    draft = Draft.model_validate_json(load_job_match()["null_lists_and_items"].reply)
    frame = tables.explanation_frame(draft)
    assert "(null item)" in frame["point"].tolist()
    assert frame.isna().sum().sum() == 0
