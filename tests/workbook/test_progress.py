"""Exercises report to a scoreboard through callbacks: re-runs, bad listeners and bad boards."""

import warnings

import pytest

pytest.importorskip("ipywidgets")

from groundlab.workbook import Exercise, Feedback, Predict, Scoreboard, lesson_exercises  # noqa: E402


def _exercise(title="E", task="t"):
    return Exercise(title, task, lambda a: Feedback(a == 1, "ok" if a == 1 else "not yet"), ["h"], "sol")


def test_a_new_question_with_a_used_title_is_its_own_exercise():
    board = Scoreboard()
    first = Predict("Quiz", "2+2?", ["4", "5"], lambda: ("4", "arith"), board=board)
    first.choose("5")
    first.check()
    second = Predict("Quiz", "capital of France?", ["Paris", "Rome"], lambda: ("Paris", "geo"), board=board)
    second.choose("Paris")
    assert second.check().right is True
    assert board.text == "1 of 2 right"


def test_the_same_predict_run_again_keeps_its_first_try():
    board = Scoreboard()
    first = Predict("Quiz", "2+2?", ["4", "5"], lambda: ("4", "arith"), board=board)
    first.choose("5")
    first.check()
    again = Predict("Quiz", "2+2?", ["4", "5"], lambda: ("4", "arith"), board=board)
    assert (board.total, board.right, len(again.tries)) == (1, 0, 1)


def test_a_lesson_cell_run_twice_counts_each_exercise_once():
    board = Scoreboard()
    for _ in range(2):
        q = lesson_exercises("01", board=board)
        next(iter(vars(q).values())).check("wrong")
    assert board.text == "0 of 1 right (1 not done yet)"


def test_a_rerun_exercise_keeps_its_progress():
    board = Scoreboard()
    first = _exercise()
    board.track(first)
    first.check(1)
    again = _exercise()
    board.track(again)
    assert (board.total, board.right, again.solved, again.checks) == (1, 1, True, 1)


def test_a_failing_listener_costs_the_learner_no_feedback():
    exercise = _exercise()
    board = Scoreboard()
    exercise.subscribe(lambda e: 1 / 0)
    board.track(exercise)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        feedback = exercise.check(1)
    assert feedback == Feedback(True, "ok")
    assert board.value == "<p><strong>Score: 1 of 1 right</strong></p>"
    assert [str(w.message) for w in caught] == ["a listener of 'E' raised ZeroDivisionError: division by zero"]


def test_bad_listeners_and_boards_are_refused_at_once():
    exercise = _exercise()
    with pytest.raises(TypeError, match="a listener is a callable"):
        exercise.subscribe(5)
    with pytest.raises(TypeError, match="board is a groundlab Scoreboard, not str"):
        exercise.join("x")
    assert exercise.check(1).right is True
