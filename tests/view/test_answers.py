"""Exercise answers are plain library code: exact answers and whys, with no widget library loaded."""

from __future__ import annotations

import subprocess
import sys

import pytest

from groundlab.core.claims import ERROR_CODES
from groundlab.core.contract import Status
from groundlab.hints import quote_hints
from groundlab.view.answers import (
    CITATION_CHOICES,
    EXPLANATION_OUTCOMES,
    PARSE_CHOICES,
    QUOTE_CHOICES,
    STATUS_CHOICES,
    Answer,
    citation_answer,
    explanation_answer,
    parse_code_answer,
    quote_answer,
    status_answer,
)

HEAVY = ("ipywidgets", "IPython", "pandas", "matplotlib", "numpy", "pydantic")


def test_answers_need_no_widget_library():
    code = (
        "import sys\n"
        "import groundlab.view.answers as a\n"
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
        "explanation, 1 dropped", "1 point(s) were removed because they did not pass the quote check."
    )
    answer = explanation_answer("Sure! You match well.", fixture.profile, fixture.job)
    assert answer == Answer(
        "ReplyFormatError",
        'The model\'s reply was not the expected JSON shape ({"matches": [...], "gaps": [...]}), '
        "so no explanation can be shown.",
    )
    assert answer.answer in EXPLANATION_OUTCOMES


def test_choices_of_each_kind():
    assert STATUS_CHOICES == tuple(s.value for s in Status) and STATUS_CHOICES[-1] == "ACCEPT"
    assert CITATION_CHOICES == ("accepts", "rejects")
    assert QUOTE_CHOICES == ("found", "not found")
    assert PARSE_CHOICES == tuple(ERROR_CODES) + ("parses",)


def test_answers_load_from_the_top_level():
    import groundlab
    import groundlab.view.answers as answers

    for name in ("Answer", "citation_answer", "explanation_answer", "parse_code_answer", "quote_answer", "status_answer"):
        assert getattr(groundlab, name) is getattr(answers, name)
