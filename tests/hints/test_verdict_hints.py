"""groundlab.hints.verdicts: the hints of the step that decided a verdict, which they never change."""

import subprocess
import sys

import pytest
from hint_answers import RETRY, answer, claim, kinds

from groundlab import Registry, Request, Source, Status, fixtures_dir, load_case_set, verify_answer
from groundlab.hints import HINT_KINDS, Hint, hints_for_verdict


def test_accept_has_no_hints(hints_of):
    verdict, hints = hints_of(answer(claim(), RETRY))
    assert verdict.status is Status.ACCEPT
    assert hints == ()


def test_value_with_unit(hints_of):
    verdict, hints = hints_of(answer(claim(value="5s", quote="read_timeout_ms=5000"), RETRY))
    assert verdict.status is Status.VALUE_MISMATCH
    assert kinds(hints) == ("unit", "closest")
    assert {(h.claim, h.check) for h in hints} == {(0, "value")}
    assert hints[1].message == "prod-v2 has read_timeout_ms=5000 (line 1); the claim says '5s'."


def test_value_case(hints_of):
    verdict, hints = hints_of(answer(claim(), claim("retry_enabled", "FALSE", quote="retry_enabled=false")))
    assert verdict.status is Status.VALUE_MISMATCH
    assert kinds(hints) == ("unit", "closest")
    assert hints[0].claim == 1


def test_value_without_fact(request_complete, hints_of):
    request = Request("payments", "prod", "v2", ("max_retries",), request_complete.supplied)
    verdict, hints = hints_of(answer(claim("max_retries", "3", quote="read_timeout_ms=5000")), request)
    assert verdict.status is Status.VALUE_MISMATCH
    assert [h.message for h in hints] == [
        "prod-v2 has no fact named 'max_retries'; its facts are: read_timeout_ms, retry_enabled."
    ]


def test_quote_absent_runs_quote_hints_against_the_cited_document(hints_of):
    verdict, hints = hints_of(answer(claim(quote="read_timeout_\u200bms=5000"), RETRY))
    assert verdict.status is Status.NO_CITATION
    assert kinds(hints) == ("invisible", "closest")
    assert hints[0].message.endswith("; prod-v2 does not.")
    assert {(h.claim, h.check) for h in hints} == {(0, "citation")}


def test_unknown_doc_suggests_the_closest_supplied_id(hints_of):
    verdict, hints = hints_of(answer(claim(doc="prod-v3"), RETRY))
    assert kinds(hints) == ("closest",)
    assert hints[0].message == (
        "No document has the id 'prod-v3' (supplied: prod-v2, prod-v1, dev-v2); the closest supplied id is 'prod-v2'."
    )


def test_doc_id_with_a_hyphen_look_alike(hints_of):
    verdict, hints = hints_of(answer(claim(doc="prod\u2010v2"), RETRY))
    assert verdict.status is Status.NO_CITATION
    assert kinds(hints) == ("confusable", "closest")
    assert hints[0].message == (
        "The document id 'prod‐v2' contains U+2010 HYPHEN after 'prod', which looks like the ASCII character '-' "
        "but is a different character; 'prod-v2' does not contain it."
    )


def test_doc_id_with_zero_width_space_and_case(hints_of):
    _, hints = hints_of(answer(claim(doc="prod-v2\u200b"), RETRY))
    assert kinds(hints) == ("invisible", "closest")
    _, hints = hints_of(answer(claim(doc="Prod-V2"), RETRY))
    assert kinds(hints) == ("case", "closest")
    assert hints[1].message.endswith("the closest supplied id is 'prod-v2'.")


def test_doc_not_supplied(hints_of):
    verdict, hints = hints_of(answer(claim(doc="billing-v2"), RETRY))
    assert verdict.status is Status.NO_CITATION
    assert [h.message for h in hints] == [
        "billing-v2 exists but was not supplied with this request (supplied: prod-v2, prod-v1, dev-v2)."
    ]


def test_unrequested_field_with_a_cyrillic_letter(hints_of):
    verdict, hints = hints_of(answer(claim(field="re\u0430d_timeout_ms", quote="read_timeout_ms=5000"), RETRY))
    assert verdict.status is Status.UNREQUESTED_FIELD
    assert kinds(hints) == ("confusable", "closest")
    assert hints[0].codepoints == ("U+0430 CYRILLIC SMALL LETTER A",)
    assert hints[1].message == (
        "The request does not ask for 'reаd_timeout_ms', only for read_timeout_ms, retry_enabled; "
        "the closest is 'read_timeout_ms'."
    )
    assert {(h.claim, h.check) for h in hints} == {(0, "requested")}


def test_unrequested_field_far_from_any(request_complete, hints_of):
    request = Request("payments", "prod", "v2", ("read_timeout_ms",), request_complete.supplied)
    _, hints = hints_of(answer(claim(), RETRY), request)
    assert [h.message for h in hints] == ["The request does not ask for 'retry_enabled', only for read_timeout_ms."]


@pytest.mark.parametrize(
    "doc, quote, status, message",
    [
        ("dev-v2", "read_timeout_ms=12000", Status.SCOPE_MISMATCH,
         "dev-v2 is payments / dev / v2; the supplied document for payments / prod / v2 is prod-v2."),
        ("prod-v1", "read_timeout_ms=2000", Status.STALE_REVISION,
         "prod-v1 is payments / prod / v1; the supplied document for payments / prod / v2 is prod-v2."),
    ],
)
def test_scope_and_revision(doc, quote, status, message, hints_of):
    verdict, hints = hints_of(answer(claim(doc=doc, quote=quote), RETRY))
    assert verdict.status is status
    assert [h.message for h in hints] == [message]
    assert hints[0].kind == "closest"


def test_scope_when_no_supplied_document_fits(request_complete, hints_of):
    request = Request("payments", "prod", "v2", request_complete.fields, ("prod-v1", "dev-v2"))
    _, hints = hints_of(answer(claim(doc="prod-v1", quote="read_timeout_ms=2000")), request)
    assert hints[0].message == (
        "prod-v1 is payments / prod / v1; none of the supplied documents (prod-v1, dev-v2) is payments / prod / v2."
    )


def test_supports_shows_the_canonical_line(hints_of):
    verdict, hints = hints_of(answer(claim(quote="retry_enabled=false"), RETRY))
    assert verdict.status is Status.QUOTE_NOT_SUPPORTING
    assert [h.message for h in hints] == [
        "The quote must be exactly 'read_timeout_ms=5000' (line 1 of prod-v2); "
        "the quote 'retry_enabled=false' is on line 2 of prod-v2."
    ]


def test_supports_with_a_two_line_quote(hints_of):
    _, hints = hints_of(answer(claim(quote="read_timeout_ms=5000\nretry_enabled=false"), RETRY))
    assert hints[0].message.endswith("is on lines 1-2 of prod-v2.")


def test_coverage_names_the_missing_field_and_its_line(hints_of):
    verdict, hints = hints_of(answer(claim()))
    assert verdict.status is Status.INCOMPLETE
    assert hints == (Hint("closest", "No claim answers retry_enabled; prod-v2 has retry_enabled=false (line 2).", None, "coverage"),)


def test_no_claims_and_duplicates_have_no_hints(hints_of):
    assert hints_of('{"claims": []}')[1] == ()
    verdict, hints = hints_of(answer(claim(), claim()))
    assert verdict.status is Status.DUPLICATE_CLAIM
    assert hints == ()


def _all_fixture_cases():
    for name in ("config_contract.json", "config_contract_more.json", "adversarial.json"):
        path = fixtures_dir() / name
        if path.exists():
            case_set = load_case_set(path)
            for case in case_set:
                yield pytest.param(case_set, case, id=f"{name}:{case.id}")


@pytest.mark.parametrize("case_set, case", list(_all_fixture_cases()))
def test_every_fixture_case_gets_well_formed_hints(case_set, case):
    verdict = verify_answer(case.raw, case.request, case_set.sources)
    step = verdict.failed_step()
    for raw in (case.raw, None):
        hints = hints_for_verdict(verdict, case.request, case_set.sources, raw=raw)
        if step is None:
            assert hints == ()
        for hint in hints:
            assert hint.kind in HINT_KINDS
            assert hint.message and "\n" not in hint.message
            assert (hint.claim, hint.check) == (step.claim, step.check)
    # asking for hints leaves the verdict as it was (errors compare by code and place)
    again = verify_answer(case.raw, case.request, case_set.sources)
    assert again[:4] + again[5:] == verdict[:4] + verdict[5:]
    assert repr(again.error) == repr(verdict.error)


def test_verify_answer_never_imports_hints():
    code = (
        "import sys, groundlab\n"
        "from groundlab.study.cases import load_case_set\n"
        "s = load_case_set()\n"
        "[groundlab.verify_answer(c.raw, c.request, s.sources) for c in s]\n"
        "print('groundlab.hints' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_hints_accept_an_iterable_of_sources(sources, request_complete):
    raw = answer(claim(value="5s", quote="read_timeout_ms=5000"), RETRY)
    listed = list(sources)
    verdict = verify_answer(raw, request_complete, listed)
    assert kinds(hints_for_verdict(verdict, request_complete, listed)) == ("unit", "closest")
    assert isinstance(sources, Registry) and isinstance(listed[0], Source)
