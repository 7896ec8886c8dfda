"""Exercise answers are plain library code: exact answers and whys, with no widget library loaded."""

from __future__ import annotations

import subprocess
import sys

import pytest

from groundlab.core.claims import ERROR_CODES
from groundlab.core.contract import Status
from groundlab.hints import quote_hints
from groundlab.workbook.exercises.answers import (
    CITATION_CHOICES,
    EXPLANATION_OUTCOMES,
    FIELD_STATE_CHOICES,
    PARSE_CHOICES,
    QUOTE_CHOICES,
    RUNG_CHOICES,
    STATUS_CHOICES,
    VERIFIER_CHOICES,
    Answer,
    citation_answer,
    explanation_answer,
    field_state_answer,
    parse_code_answer,
    quote_answer,
    rung_answer,
    status_answer,
    verifier_answer,
)

HEAVY = ("ipywidgets", "IPython", "pandas", "matplotlib", "numpy", "pydantic")


def test_answers_need_no_widget_library():
    code = (
        "import sys\n"
        "import groundlab.workbook.exercises.answers as a\n"
        "from groundlab.study.cases import load_case_set\n"
        "cases = load_case_set(); case = cases['wrong-value-real-quote']\n"
        "print(a.status_answer(case.raw, case.request, cases.sources).answer)\n"
        "print(a.citation_answer(case.raw, case.request, cases.sources).answer)\n"
        "print(a.parse_code_answer(case.raw).answer, a.quote_answer('ab', 'abc').answer)\n"
        "print(sorted(m for m in %r if m in sys.modules))" % (HEAVY,)
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == ["VALUE_MISMATCH", "accepts", "parses not found", "[]"]


@pytest.mark.parametrize(
    "case_id, expected",
    [
        ("complete", ("ACCEPT", "every check passed")),
        ("wrong-value-real-quote",
         ("VALUE_MISMATCH", "claim 0 value: FAILED: claimed '2000', but prod-v2 says read_timeout_ms=5000")),
        ("dev-environment",
         ("SCOPE_MISMATCH", "claim 0 scope: FAILED: dev-v2 is environment 'dev', the request asks for 'prod'")),
        ("old-revision",
         ("STALE_REVISION", "claim 0 revision: FAILED: prod-v1 is revision 'v1', the request asks for 'v2'")),
        ("quote-other-field",
         ("QUOTE_NOT_SUPPORTING",
          "claim 0 supports: FAILED: quote 'retry_enabled=false' is not read_timeout_ms=5000")),
        ("duplicate-field", ("DUPLICATE_CLAIM", "claim 1 duplicate: FAILED: claim 0 already answers 'read_timeout_ms'")),
        ("missing-field", ("INCOMPLETE", "answer coverage: FAILED: no claim for retry_enabled")),
        ("invented-document",
         ("NO_CITATION", "claim 0 citation: FAILED: 'prod-v3': the cited document is not in the registry")),
        ("markdown-fence", ("INVALID_JSON", "answer parse: FAILED: expected a JSON value, found '`'")),
    ],
)
def test_status_answer(study, case_id, expected):
    case = study[case_id]
    answer = status_answer(case.raw, case.request, study.sources)
    assert answer == Answer(*expected)
    assert answer.answer in STATUS_CHOICES


@pytest.mark.parametrize(
    "case_id, expected",
    [
        ("wrong-value-real-quote", ("accepts", "every quote appears verbatim in a supplied document")),
        ("paraphrased-quote",
         ("rejects", "claim 0 citation: FAILED: the quote does not appear verbatim in the cited document")),
        ("unsupplied-document",
         ("rejects", "claim 0 citation: FAILED: 'billing-v2': the cited document was not supplied with this request")),
        ("no-claims", ("rejects", "answer citation: FAILED: the answer holds no claims, so nothing is cited")),
        ("duplicate-key", ("rejects", "the answer does not parse into claims, so nothing is cited")),
    ],
)
def test_citation_answer(study, case_id, expected):
    case = study[case_id]
    assert citation_answer(case.raw, case.request, list(study.sources)) == Answer(*expected)


@pytest.mark.parametrize(
    "case_id, expected",
    [
        ("complete", ("parses", "the text parses into 2 claim(s)")),
        ("no-claims", ("parses", "the text parses into 0 claim(s)")),
        ("markdown-fence", ("not_json", "not_json: expected a JSON value, found '`' (line 1, column 1)")),
        ("number-value",
         ("wrong_shape", "wrong_shape: value must be a string, not a number (line 3, column 43; at claims[0].value)")),
        ("duplicate-key",
         ("duplicate_member",
          'duplicate_member: the member name "value" appears twice in one object (line 3, column 51; at claims[0])')),
    ],
)
def test_parse_code_answer(study, case_id, expected):
    assert parse_code_answer(study[case_id].raw) == Answer(*expected)


def test_quote_answer():
    assert quote_answer("  Retry_Enabled=FALSE ", "retry_enabled=false\n") == Answer(
        "found", "after normalising, 'retry_enabled=false' occurs in the normalised source"
    )
    assert quote_answer("ab", "abc") == Answer(
        "not found", "after normalising, the quote 'ab' is shorter than 3 characters, so it never counts"
    )
    quote, source = "retry\u200b_enabled=false", "retry_enabled=false"
    rule = (
        "after normalising, 'retry\\u200b_enabled=false' does not occur in the normalised source "
        "(normalising only lower-cases, collapses whitespace and trims quote marks and . , ; : at the two ends)"
    )
    assert quote_answer(quote, source) == Answer(
        "not found", f"{rule}. {quote_hints(quote, source, normalized=True)[0].message}"
    )
    assert "U+200B ZERO WIDTH SPACE" in quote_answer(quote, source).why


def test_explanation_answer():
    from groundlab import load_job_match

    fixture = load_job_match()
    assert explanation_answer(fixture["seed_example"].reply, fixture.profile, fixture.job) == Answer(
        "explanation, 1 dropped",
        "1 point(s) were removed because they did not pass the quote check. "
        "Dropped: match 1 (its profile quote is not in the profile as sent).",
    )
    answer = explanation_answer("Sure! You match well.", fixture.profile, fixture.job)
    assert answer == Answer(
        "ReplyFormatError",
        'The model\'s reply was not the expected JSON shape ({"matches": [...], "gaps": [...]}), '
        "so no explanation can be shown.",
    )
    assert answer.answer in EXPLANATION_OUTCOMES


def test_the_explanation_why_names_each_dropped_point_as_check_draft_counts_it():
    import re

    from groundlab import load_job_match

    fixture = load_job_match()
    seen = set()
    for draft in fixture.drafts:
        answer = explanation_answer(draft.reply, fixture.profile, fixture.job)
        found = re.fullmatch(r"explanation, (\d+) dropped", answer.answer)
        if found is None:
            continue
        named = re.findall(r"(?:match|gap) \d+ \(", answer.why)
        assert len(named) == int(found[1]) == draft.expected["dropped"], (draft.id, answer.why)
        seen.add(int(found[1]))
    assert len(seen) >= 2, seen  # the fixture drops none in some drafts and some in others
    reply = ('{"matches": [{"point": "Java", "profileQuote": "Java", "jobQuote": "AP"}], '
             '"gaps": [{"point": "Cloud", "profileQuote": "Java", "jobQuote": "AWS"}, null]}')
    assert explanation_answer(reply, fixture.profile, fixture.job) == Answer(
        "NoGroundedPoints",
        "No point could be shown: all 3 checked point(s) failed the quote check (no quote, no claim). "
        "Dropped: match 0 (its job quote is under 3 characters once normalised); "
        "gap 0 (a gap's profile quote must be empty, and this one is not); gap 1 (it is null).",
    )


@pytest.mark.parametrize(
    "quote, reason",
    [
        ("", "its profile quote is missing"),
        ("\u200b\u200b\u200b\u200b", "its profile quote has no visible character"),
        ("....", "its profile quote is empty once normalised"),
        ("Ja", "its profile quote is under 3 characters once normalised"),
        ("?!?", "its profile quote is only punctuation"),
        ("x'); match 9 (y", "its profile quote is not in the profile as sent"),
    ],
)
def test_each_drop_reason_is_named_without_the_models_words(quote, reason):
    import json

    from groundlab import load_job_match

    fixture = load_job_match()
    reply = json.dumps({"matches": [{"point": "p", "profile_quote": quote, "job_quote": "Build secure Java APIs"}],
                        "gaps": [{"point": "Work with AWS", "profile_quote": "", "job_quote": "deploy services on AWS"}]})
    answer = explanation_answer(reply, fixture.profile, fixture.job)
    assert answer.answer == "explanation, 1 dropped"
    assert answer.why.endswith(f" Dropped: match 0 ({reason}).")


def test_at_most_five_dropped_points_are_named_and_a_reply_must_be_text():
    import json

    from groundlab import load_job_match

    fixture = load_job_match()
    bad = {"point": "p", "profile_quote": "nowhere in the profile", "job_quote": "Build secure Java APIs"}
    reply = json.dumps({"matches": [bad] * 7, "gaps": [{"point": "AWS", "profile_quote": "", "job_quote": "deploy services on AWS"}]})
    why = explanation_answer(reply, fixture.profile, fixture.job).why
    assert why.count("(its profile quote is not in the profile as sent)") == 5
    assert why.endswith("match 4 (its profile quote is not in the profile as sent); and 2 more.")
    for wrong in (None, 5, b"{}", [reply]):
        with pytest.raises(TypeError, match="^reply is the model's reply text, a str, not "):
            explanation_answer(wrong, fixture.profile, fixture.job)


def test_choices_of_each_kind():
    assert STATUS_CHOICES == tuple(s.value for s in Status) and STATUS_CHOICES[-1] == "ACCEPT"
    assert CITATION_CHOICES == ("accepts", "rejects")
    assert QUOTE_CHOICES == ("found", "not found")
    assert PARSE_CHOICES == tuple(ERROR_CODES) + ("parses",)


def test_answers_load_from_the_workbook_surface():
    import groundlab.workbook as workbook
    import groundlab.workbook.exercises.answers as answers

    for name in ("Answer", "citation_answer", "explanation_answer", "parse_code_answer", "quote_answer", "status_answer",
                 "rung_answer", "field_state_answer", "verifier_answer", "RUNG_CHOICES", "FIELD_STATE_CHOICES",
                 "VERIFIER_CHOICES"):
        assert getattr(workbook, name) is getattr(answers, name)


def test_a_quote_with_nothing_visible_says_so():
    from groundlab.workbook import quote_answer

    for quote in ("!!!", "\u200b\u200b\u200b", "!?!?"):
        answer = quote_answer(quote, "Java (intermediate) !!! \u200b\u200b\u200b !?!?")
        assert answer.answer == "not found"
        assert answer.why.endswith("has no visible character that is not punctuation, so it never counts")


@pytest.fixture(scope="module")
def ladder():
    pytest.importorskip("rapidfuzz")
    from groundlab.lab.ladder import run_ladder

    return run_ladder()


@pytest.mark.parametrize(
    "item_id, expected",
    [
        ("pdf_hyphen-06",
         ("+hyphen", "rung by rung: exact refuses, article refuses, is_quoted refuses, +nfkc refuses, +invisible refuses, +hyphen accepts, "
                     "partial_95 accepts, partial_90 accepts, partial_80 accepts, token_set_90 accepts")),
        ("dropped_not-16",
         ("partial_90", "rung by rung: exact refuses, article refuses, is_quoted refuses, +nfkc refuses, +invisible refuses, +hyphen refuses, "
                        "partial_95 refuses, partial_90 accepts, partial_80 accepts, token_set_90 accepts")),
        ("other_document-01",
         ("none of them", "rung by rung: exact refuses, article refuses, is_quoted refuses, +nfkc refuses, +invisible refuses, "
                          "+hyphen refuses, partial_95 refuses, partial_90 refuses, partial_80 refuses, token_set_90 refuses")),
        ("case-03",
         ("article", "rung by rung: exact refuses, article accepts, is_quoted accepts, +nfkc accepts, +invisible accepts, +hyphen accepts, "
                       "partial_95 accepts, partial_90 accepts, partial_80 accepts, token_set_90 accepts")),
    ],
)
def test_rung_answer(ladder, item_id, expected):
    answer = rung_answer(ladder, item_id)
    assert answer == Answer(*expected)
    assert answer.answer in RUNG_CHOICES


def test_rung_answer_unknown_item(ladder):
    with pytest.raises(KeyError):
        rung_answer(ladder, "no-such-item")


@pytest.mark.parametrize(
    "case_id, field, expected",
    [
        ("unrequested-field", "read_timeout_ms",
         ("VERIFIED", "read_timeout_ms VERIFIED with value '5000'; set aside as not requested, never checked: "
                      "retry_enabled (doc prod-v2)")),
        ("no-claims", "retry_enabled",
         ("MISSING", "read_timeout_ms MISSING (no claim names it); retry_enabled MISSING (no claim names it)")),
        ("wrong-value-real-quote", "read_timeout_ms",
         ("REJECTED", "read_timeout_ms REJECTED with VALUE_MISMATCH; retry_enabled VERIFIED with value 'false'")),
        ("wrong-value-real-quote", "retry_enabled",
         ("VERIFIED", "read_timeout_ms REJECTED with VALUE_MISMATCH; retry_enabled VERIFIED with value 'false'")),
        ("duplicate-field", "read_timeout_ms",
         ("REJECTED", "read_timeout_ms REJECTED with DUPLICATE_CLAIM; retry_enabled VERIFIED with value 'false'")),
        ("markdown-fence", "read_timeout_ms",
         ("NOT_CHECKED", "the answer cannot be read (not_json: expected a JSON value, found '`' (line 1, column 1)), "
                         "so every requested field is NOT_CHECKED: read_timeout_ms, retry_enabled")),
    ],
)
def test_field_state_answer(study, case_id, field, expected):
    case = study[case_id]
    answer = field_state_answer(case.raw, case.request, study.sources, field)
    assert answer == Answer(*expected)
    assert answer.answer in FIELD_STATE_CHOICES


def test_field_state_answer_for_a_field_not_requested(study):
    case = study["unrequested-field"]
    with pytest.raises(KeyError, match="'retry_enabled' is not a requested field; the request asks for: read_timeout_ms"):
        field_state_answer(case.raw, case.request, study.sources, "retry_enabled")


def test_verifier_answer():
    from groundlab.lab.mutations import load_mutations
    from groundlab.lab.verifiers import contract_verifier, quotes_exist_verifier

    mutations = load_mutations()
    surrogate = mutations["complete.shape.lone-surrogate"]
    contract = ("the contract says INVALID_JSON (answer parse: FAILED: quote contains U+D800 (a lone surrogate), "
                "which a claim may not contain)")
    args = (surrogate.raw, surrogate.request, mutations.sources)
    assert verifier_answer(quotes_exist_verifier, *args) == Answer(
        "NO_CITATION", f"quotes_exist_verifier returned NO_CITATION; {contract}"
    )
    assert verifier_answer(contract_verifier, *args) == Answer("INVALID_JSON", f"contract_verifier returned INVALID_JSON; {contract}")
    missing = mutations["complete.shape.missing-quote"]
    assert verifier_answer(quotes_exist_verifier, missing.raw, missing.request, mutations.sources) == Answer(
        "raises an exception",
        "quotes_exist_verifier raised KeyError: 'quote'; the contract says INVALID_JSON "
        "(answer parse: FAILED: this claim is missing quote)",
    )

    def forty_two(raw, request, sources):
        return 42

    def verdict(raw, request, sources):
        from groundlab.core.contract import verify_answer

        return verify_answer(raw, request, sources)

    assert verifier_answer(forty_two, *args) == Answer(
        "returns no status", f"test_verifier_answer.<locals>.forty_two returned 42, which is not a status; {contract}"
    )
    assert verifier_answer(verdict, *args).answer == "INVALID_JSON"
    for answer in (verifier_answer(f, *args).answer for f in (quotes_exist_verifier, forty_two)):
        assert answer in VERIFIER_CHOICES


def test_verifier_answer_shows_hostile_text_printably_and_clipped(study):
    case = study["complete"]

    def hostile(raw, request, sources):
        raise ValueError("\x1b[31m" + "x" * 200)

    why = verifier_answer(hostile, case.raw, case.request, study.sources).why
    assert "\x1b" not in why and "\\x1b[31m" in why
    assert why.endswith("…; the contract says ACCEPT (every check passed)")


def test_lab_choices():
    assert RUNG_CHOICES[:3] == ("exact", "article", "is_quoted") and RUNG_CHOICES[-1] == "none of them"
    assert len(RUNG_CHOICES) == 11
    assert FIELD_STATE_CHOICES == ("VERIFIED", "REJECTED", "MISSING", "NOT_CHECKED")
    assert VERIFIER_CHOICES == STATUS_CHOICES + ("raises an exception", "returns no status")
