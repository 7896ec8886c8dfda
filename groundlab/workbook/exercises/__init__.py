"""Exercises: answers computed on Check, goals, Exercise, Predict and the scoreboard. Plain Python except Predict and Scoreboard (ipywidgets)."""
