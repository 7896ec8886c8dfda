"""Predict exercises: nothing is computed or shown before *Check*, then the exact outcome."""

from __future__ import annotations

import html
import json

import pytest

pytest.importorskip("ipywidgets")

import groundlab.workbook.exercises.answers as answers_module  # noqa: E402
from groundlab.core.claims import ERROR_CODES, ClaimsSyntaxError, parse_claims  # noqa: E402
from groundlab.core.contract import Status  # noqa: E402
from groundlab.workbook.exercises.predict import CHOOSE_FIRST, Predict, PredictOutcome  # noqa: E402
from groundlab.workbook.exercises.scoreboard import Scoreboard  # noqa: E402

STATUS_NAMES = [s.value for s in Status]


def test_predict_gives_nothing_away_before_check(study, monkeypatch, all_widgets):
    calls = []
    real = answers_module.verify_answer

    def counting(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(answers_module, "verify_answer", counting)
    predict = Predict.case(study, "wrong-value-real-quote")
    assert calls == []  # nothing computed in advance
    expected = "Predict: Case wrong-value-real-quote (choose, then press Check)"
    assert repr(predict) == expected
    plain = predict._repr_mimebundle_()["text/plain"]
    case = study["wrong-value-real-quote"]
    assert plain.splitlines()[:3] == [expected, "Which status will the contract give this answer?", "Answer:"]
    assert case.raw in plain and "requested fields: read_timeout_ms, retry_enabled" in plain
    assert plain.endswith("(Run this cell in Jupyter to choose an answer and check it.)")
    for name in STATUS_NAMES:
        assert name not in repr(predict) and name not in plain
    assert predict.result.value == ""
    assert predict.outcome is None
    assert predict.choices.value is None
    assert predict.choices.options == tuple(STATUS_NAMES)
    state = json.dumps([w.get_state() for w in all_widgets(predict)], default=str, ensure_ascii=False)
    for name in STATUS_NAMES:  # each status appears once: as an option label, never as the answer
        assert state.count(f'"{name}"') == 1, name
    assert "library says" not in state and "Why:" not in state

    predict.check_button.click()  # nothing chosen yet: no answer computed
    assert calls == []
    assert predict.result.value == f"<p>{CHOOSE_FIRST}</p>"

    predict.choose("VALUE_MISMATCH")
    outcome = predict.check()
    assert len(calls) == 1
    assert outcome == PredictOutcome(
        "VALUE_MISMATCH",
        "VALUE_MISMATCH",
        "claim 0 value: FAILED: claimed '2000', but prod-v2 says read_timeout_ms=5000",
        True,
    )
    assert predict.result.value == (
        '<p class="groundlab-predict-verdict groundlab-pass"><strong>✓ Right. You predicted '
        "VALUE_MISMATCH; the library says VALUE_MISMATCH.</strong></p>"
        '<p class="groundlab-predict-why">Why: claim 0 value: FAILED: claimed &#x27;2000&#x27;, '
        "but prod-v2 says read_timeout_ms=5000</p>"
    )
    assert repr(predict) == "Predict: Case wrong-value-real-quote (checked)"
    assert predict.choices.disabled and predict.check_button.disabled
    assert predict.check() is outcome and len(calls) == 1  # checked once, never recomputed
    with pytest.raises(RuntimeError):
        predict.choose("ACCEPT")


def test_a_wrong_try_earns_a_hint_toward_the_rule_not_the_deciding_check(study):
    hints = ("Compare the quote with the line for the claimed field.", "Which check reads the quote's words?")
    predict = Predict.case(study, "quote-other-field", question="What will it say?", hints=hints)
    predict.choose("ACCEPT")
    predict.check_button.click()
    assert predict.outcome.right is False
    assert predict.result.value == (
        '<p class="groundlab-predict-verdict groundlab-fail"><strong>✗ Not this time. You predicted '
        "ACCEPT.</strong></p>"
        '<p class="groundlab-predict-again">Read the new hint above, then choose again and press Check: '
        "the score keeps your first try.</p>"
    )
    assert predict.hint_box.value == f'<p class="groundlab-predict-hint">Hint 1 of 2: {html.escape(hints[0])}</p>'
    assert "supports" not in predict.result.value + predict.hint_box.value, "the deciding check is not named"
    assert Predict.outcome_lines(predict.outcome, 1, "Hint 1 of 2: x") == ("✗ Not this time. You predicted ACCEPT.", "Hint 1 of 2: x")
    assert not predict.choices.disabled and not predict.check_button.disabled and not predict.closed
    predict.choose("VALUE_MISMATCH")
    predict.check()
    assert predict.hints_shown == 2 and not predict.closed and "groundlab-predict-why" not in predict.result.value
    predict.choose("SCOPE_MISMATCH")
    last = predict.check()  # no hint left: the answer and the why are shown, and the exercise closes
    assert predict.result.value == (
        '<p class="groundlab-predict-verdict groundlab-fail"><strong>✗ Not this time. You predicted '
        "SCOPE_MISMATCH; the library says QUOTE_NOT_SUPPORTING.</strong></p>"
        '<p class="groundlab-predict-why">Why: claim 0 supports: FAILED: quote '
        "&#x27;retry_enabled=false&#x27; is not read_timeout_ms=5000</p>"
    )
    assert Predict.outcome_lines(last, 3) == (
        "✗ Not this time. You predicted SCOPE_MISMATCH; the library says QUOTE_NOT_SUPPORTING.",
        "Why: claim 0 supports: FAILED: quote 'retry_enabled=false' is not read_timeout_ms=5000",
    )
    assert predict.closed and predict.choices.disabled and predict.check_button.disabled and predict.hint_button.disabled
    assert [t.right for t in predict.tries] == [False, False, False] and predict.outcome.choice == "ACCEPT"


def test_a_hint_already_read_is_not_earned_again():
    predict = Predict("Hinted", "Pick", ["a", "b"], lambda: ("b", "why"), hints=["only idea"])
    predict.hint()
    predict.choose("a")
    predict.check()
    assert predict.revealed and predict.closed, "with every hint read, a wrong try shows the answer"
    assert "the library says b" in predict.result.value


def test_a_second_try_may_be_right_but_the_score_keeps_the_first(study):
    calls = []
    predict = Predict("Two tries", "Pick", ["a", "b", "c"], lambda: calls.append(1) or ("b", "the second letter"), hints=["one", "two"])
    board = Scoreboard()
    board.track(predict)
    predict.choose("a")
    first = predict.check()
    predict.choose("c")
    second = predict.check()
    predict.choose("b")
    third = predict.check()
    assert [t.choice for t in predict.tries] == ["a", "c", "b"] and [t.right for t in predict.tries] == [False, False, True]
    assert predict.outcome == first and not predict.outcome.right
    assert second.why == third.why == "the second letter"
    assert calls == [1], "the answer is computed once, on the first try"
    assert board.text == "0 of 1 right"
    assert Predict.outcome_lines(third, 3)[0] == "✓ Right. You predicted b; the library says b. (try 3; the score keeps your first)"
    assert predict.closed and predict.choices.disabled and predict.check_button.disabled
    assert predict.check() == third
    with pytest.raises(RuntimeError):
        predict.choose("a")


def test_hints_come_one_per_press_and_never_hold_the_answer():
    predict = Predict("Hinted", "Pick", ["a", "b"], lambda: ("a", "why"), hints=["first idea", "second idea"])
    assert predict.hint_box.value == "" and predict.hints_shown == 0
    predict.hint_button.click()
    assert predict.hint_box.value == '<p class="groundlab-predict-hint">Hint 1 of 2: first idea</p>'
    assert not predict.hint_button.disabled
    assert predict.hint() == "Hint 2 of 2: second idea"
    assert predict.hint_button.disabled and predict.hint_box.value.count("groundlab-predict-hint") == 2
    assert predict.tries == [], "a hint computes nothing"
    assert Predict("Plain", "Pick", ["a"], lambda: ("a", "w")).hint() is None
    with pytest.raises(ValueError):
        Predict("Too many", "Pick", ["a"], lambda: ("a", "w"), hints=["1", "2", "3"])
    with pytest.raises(TypeError):
        Predict("A string", "Pick", ["a"], lambda: ("a", "w"), hints="one hint")
    with pytest.raises(TypeError):
        Predict("Not str", "Pick", ["a"], lambda: ("a", "w"), hints=[1])


def test_a_status_exercise_shows_the_supplied_documents_only(study, html_shown):
    case = study["complete"]
    predict = Predict.case(study, "complete", hints=["Compare the request with each cited document."])
    shown = html_shown(predict)
    plain = predict._repr_mimebundle_()["text/plain"]
    supplied = [s for s in study.sources if s.id in case.request.supplied]
    others = [s for s in study.sources if s.id not in case.request.supplied]
    assert supplied and others
    assert "<details><summary>Supplied documents (click to show)</summary>" in shown
    for source in supplied:
        head = f"{source.id} (service {source.service}, environment {source.environment}, revision {source.revision}):\n"
        assert head + html.escape(source.text.rstrip()) in shown
        assert head + source.text.rstrip() in plain, "the plain-text form holds the documents too"
    for source in others:  # a document not supplied is named nowhere: the request's list says it
        assert source.id not in shown and source.id not in plain
    assert "not supplied" not in shown


def test_predict_status_accept_and_details(study, html_shown):
    case = study["complete"]
    predict = Predict.status("Both fields", "Will it pass?", case.raw, case.request, study.sources)
    shown = html_shown(predict)
    assert "<h4>Both fields</h4><p>Will it pass?</p>" in shown
    assert html.escape(case.raw) in shown
    assert "requested fields: read_timeout_ms, retry_enabled" in shown
    assert "prod-v2 (service payments, environment prod, revision v2):\nread_timeout_ms=5000" in shown
    predict.choose("ACCEPT")
    assert predict.check() == PredictOutcome("ACCEPT", "ACCEPT", "every check passed", True)


def test_predict_choose_rejects_unknown_choices(study):
    predict = Predict.case(study, "complete")
    with pytest.raises(ValueError, match="not one of the choices"):
        predict.choose("accept")
    with pytest.raises(ValueError):
        Predict("t", "q", [], lambda: ("a", "b"))
    with pytest.raises(ValueError):
        Predict("t", "q", ["a", "a"], lambda: ("a", "b"))
    with pytest.raises(TypeError):
        Predict("t", "q", ["a"], "a")
    with pytest.raises(TypeError, match="not str"):
        Predict("t", "q", "ab", lambda: ("a", "b"))
    with pytest.raises(TypeError, match="every choice is a str"):
        Predict("t", "q", [1, 2], lambda: ("a", "b"))
    with pytest.raises(TypeError, match="details"):
        Predict("t", "q", ["a"], lambda: ("a", "b"), details=[("only a heading",)])
    with pytest.raises(TypeError, match="board is a Scoreboard"):
        Predict("t", "q", ["a"], lambda: ("a", "b"), board="x")


@pytest.mark.parametrize(
    "answer, shown",
    [
        (lambda: ("c", "why"), "ValueError: answer() returned &#x27;c&#x27;, which is not one of the choices"),
        (lambda: 1 / 0, "ZeroDivisionError: division by zero"),
        (lambda: "ab", "TypeError: answer() should return (correct_choice, why), two str, not &#x27;ab&#x27;"),
        (lambda: None, "TypeError: answer() should return (correct_choice, why), two str, not None"),
    ],
)
def test_a_failing_answer_is_shown_in_the_widget_and_is_no_try(answer, shown):
    bad = Predict("t", "q", ["a", "b"], answer)
    bad.choose("a")
    bad.check_button.click()  # a click handler would hide an exception: the widget shows it instead
    assert bad.result.value == (
        '<p class="groundlab-predict-error">The library could not compute this exercise&#x27;s answer '
        f"(a fault in the exercise, not in your choice): {shown}</p>"
    )
    assert bad.tries == [] and bad.outcome is None


def test_material_shows_every_character_and_is_clipped():
    from groundlab.workbook.exercises.material import MATERIAL_LIMIT

    predict = Predict("t", "q", ["a"], lambda: ("a", "w"), details=[("Quote", "ab\u202ecd\nnext"), ("Long", "x" * (MATERIAL_LIMIT + 7))])
    shown = predict._repr_mimebundle_()["text/plain"]
    assert "ab⟨U+202E⟩cd\nnext" in shown and "\u202e" not in shown
    assert "… (7 more characters not shown)" in shown


def test_predict_quote():
    found = Predict.quote("Quote 1", "Is it found?", "  Retry_Enabled=FALSE ", "retry_enabled=false\n")
    assert found.choices.options == ("found", "not found")
    found.choose("not found")
    assert found.check() == PredictOutcome(
        "not found", "found", "after normalising, 'retry_enabled=false' occurs in the normalised source", False
    )
    short = Predict.quote("Quote 2", "Is it found?", "ab", "abc")
    short.choose("not found")
    assert short.check() == PredictOutcome(
        "not found",
        "not found",
        "after normalising, the quote 'ab' is shorter than 3 characters, so it never counts",
        True,
    )
    missing = Predict.quote("Quote 3", "Is it found?", "retry_enabled=true", "retry_enabled=false")
    missing.choose("found")
    outcome = missing.check()
    assert (outcome.answer, outcome.right) == ("not found", False)
    assert outcome.why


def test_predict_parse_code(study):
    predict = Predict.parse_code("Fenced", "What does the parser say?", study["markdown-fence"].raw)
    assert predict.choices.options == tuple(ERROR_CODES) + ("parses",)
    predict.choose("not_json")
    outcome = predict.check()
    with pytest.raises(ClaimsSyntaxError) as info:
        parse_claims(study["markdown-fence"].raw)
    assert outcome == PredictOutcome("not_json", "not_json", str(info.value), True)
    ok = Predict.parse_code("Plain", "And this?", study["complete"].raw)
    ok.choose("wrong_shape")
    assert ok.check() == PredictOutcome("wrong_shape", "parses", "the text parses into 2 claim(s)", False)


def test_predict_escapes_hostile_text(hostile, html_shown, assert_no_raw_markup):
    request, registry = hostile.request, hostile.registry
    predict = Predict.status(f"Title {hostile.img}", f"Question {hostile.script}", hostile.answer(hostile.script, hostile.img), request, registry)
    assert_no_raw_markup(html_shown(predict))
    predict.choose("VALUE_MISMATCH")
    predict.check()
    shown = html_shown(predict)
    assert_no_raw_markup(shown)
    assert "claimed &#x27;&lt;script&gt;alert(1)&lt;/script&gt;&#x27;" in predict.result.value
    assert "<h4>Title &lt;img src=x onerror=alert(1)&gt;</h4>" in shown


def test_predict_citation_decides_on_check_only(study):
    case = study["wrong-value-real-quote"]
    predict = Predict.citation("Citation-only check", "Does the citation-only check accept it?", case.raw, case.request, study.sources)
    assert "accepts" not in repr(predict) and predict.outcome is None
    predict.choose("rejects")
    outcome = predict.check()
    assert (outcome.answer, outcome.right) == ("accepts", False)
    assert outcome.why == "every quote appears verbatim in a supplied document"
    other = study["paraphrased-quote"]
    predict = Predict.citation("Paraphrase", "?", other.raw, other.request, study.sources)
    predict.choose("rejects")
    outcome = predict.check()
    assert (outcome.answer, outcome.right) == ("rejects", True)
    assert outcome.why == (
        "claim 0 citation: FAILED: the quote does not appear verbatim in the cited document"
    )


def test_predict_explanation_runs_the_flow_on_check_only():
    from groundlab import load_job_match

    fixture = load_job_match()
    reply = fixture["seed_example"].reply
    predict = Predict.explanation("Seed example", reply, fixture.profile, fixture.job)
    assert predict.choices.options == Predict.EXPLANATION_OUTCOMES
    assert "dropped" not in repr(predict) and predict.outcome is None
    predict.choose("explanation, 1 dropped")
    outcome = predict.check()
    assert (outcome.answer, outcome.right) == ("explanation, 1 dropped", True)
    prose = Predict.explanation("Prose", "Sure! You match well.", fixture.profile, fixture.job)
    prose.choose("NoGroundedPoints")
    assert (prose.check().answer, prose.outcome.right) == ("ReplyFormatError", False)
