"""Library-checked exercises: check, hint, solution, first tries, and goals computed by groundlab."""

import json
import subprocess
import sys

import pytest

from groundlab.workbook import Exercise, Feedback, verdict_goal
from groundlab import Status, load_case_set

STUDY = load_case_set()
COMPLETE = STUDY["complete"]


def _answer(changes):
    answer = json.loads(COMPLETE.raw)
    for (index, member), value in changes.items():
        answer["claims"][index][member] = value
    return json.dumps(answer)


def _exercise():
    goal = verdict_goal(COMPLETE.request, STUDY.sources, Status.VALUE_MISMATCH, citation_only_ok=True, claim=1, check="value")
    return Exercise("value rung", "Change one value.", goal, ["Keep every quote.", "Change claim 1."], "answer = ...")


def test_the_goal_says_what_is_still_wrong():
    q = _exercise()
    first = q.check(COMPLETE.raw)
    assert first == Feedback(False, "the contract should say VALUE_MISMATCH, but it says ACCEPT (every check passed).")
    wrong_claim = q.check(_answer({(0, "value"): "2000"}))
    assert wrong_claim == Feedback(
        False, "it should fail at claim 1's value, but it fails at claim 0's value."
    )
    broken = q.check(_answer({(1, "quote"): "retry_enabled=true"}))
    assert broken.message.startswith("the citation-only check should accept it, but it rejects it; the contract should say VALUE_MISMATCH, but it says NO_CITATION")
    right = q.check(_answer({(1, "value"): "true"}))
    assert right == Feedback(True, "the contract says VALUE_MISMATCH (claim 1 value: FAILED: claimed 'true', but prod-v2 says retry_enabled=false).")
    assert (q.last, q.checks, q.solved) == (right, 4, True)
    assert q.outcome == Feedback(True, "solved before the solution was shown")


def test_a_solution_seen_first_means_it_no_longer_counts():
    q = _exercise()
    q.check(COMPLETE.raw)
    assert q.outcome is None, "a wrong check leaves the exercise open: the starter answer is not a try"
    q.solution()
    assert q.outcome == Feedback(False, "the solution was shown first")
    q.check(_answer({(1, "value"): "true"}))
    assert q.outcome == Feedback(False, "solved after the solution was shown")


def test_an_exercise_joins_a_board_at_its_first_check():
    from groundlab.workbook.exercises.scoreboard import Scoreboard

    board, q = Scoreboard(), _exercise()
    q.join(board)
    assert board.exercises == [], "not reached yet: a core-path copy that skips it never counts it"
    q.check(COMPLETE.raw)
    assert board.exercises == [q] and board.text == "0 of 1 right (1 not done yet)"
    q.check(_answer({(1, "value"): "true"}))
    assert board.text == "1 of 1 right"
    later = Scoreboard()
    q.join(later)
    assert later.exercises == [q] and later.text == "1 of 1 right"


def test_feedback_reads_as_a_sentence():
    assert repr(Feedback(False, "the value differs.")) == str(Feedback(False, "the value differs.")) == "not yet: the value differs."


def test_hints_come_one_at_a_time_before_the_solution():
    q = _exercise()
    assert q.hint() == "Hint 1 of 2: Keep every quote."
    assert q.hint() == "Hint 2 of 2: Change claim 1."
    assert q.hint() == "Hint 2 of 2: Change claim 1."
    assert q.solution() == "answer = ..."


def test_an_answer_that_breaks_the_goal_is_a_not_yet():
    q = _exercise()
    assert q.check(5000) == Feedback(False, "the answer should be the answer text (a str), not int")
    boom = Exercise("t", "x", lambda answer: 1 / 0, ["h"], "s")
    assert boom.check("a") == Feedback(False, "checking raised ZeroDivisionError: division by zero")


def test_html_is_escaped():
    q = Exercise("<b>", "<script>x</script>", lambda a: Feedback(True, "<i>"), ["h"], "s")
    assert "<script>" not in q._repr_html_() and "&lt;script&gt;" in q._repr_html_()
    assert "&lt;i&gt;" in q.check("a")._repr_html_()


def test_exercises_need_no_widgets():
    code = "import sys, groundlab.workbook as w; w.Exercise; w.verdict_goal; w.lesson_exercises; print('ipywidgets' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip() == "False"


@pytest.mark.parametrize(
    ("module", "missing"),
    [
        ("groundlab.workbook.presentation.tables", "pandas"),
        ("groundlab.workbook.exercises.predict", "ipywidgets"),
        ("groundlab.workbook.presentation.widgets.claim_editor", "ipywidgets"),
    ],
)
def test_a_workbook_module_without_its_package_names_the_workbook_extra(module, missing):
    code = (
        f"import sys; sys.modules[{missing!r}] = None\n"
        f"try:\n    import {module}\nexcept ImportError as err:\n    print(type(err).__name__, err.name, '|', err)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == f"MissingExtraError {missing} | groundlab's workbook needs {missing}: pip install 'groundlab[workbook]'"


def test_a_chart_without_matplotlib_names_the_workbook_extra():
    code = (
        "import sys; sys.modules['matplotlib'] = None\n"
        "from groundlab import load_case_set, run_cases\n"
        "from groundlab.workbook.presentation import charts\n"
        "try:\n    charts.funnel_chart(run_cases(load_case_set()))\nexcept ImportError as err:\n    print(err)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "groundlab's workbook needs matplotlib: pip install 'groundlab[workbook]'"
