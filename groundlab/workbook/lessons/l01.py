"""Notebook 01's make exercise: answer texts that Python's ``json.loads`` reads but the input boundary refuses.

Standard library only. See ``docs/architecture.md``, "Exercise answers" and "Parse-code precedence".
"""

from __future__ import annotations

import json
from typing import Any, Callable

from groundlab.core.claims import ClaimsSyntaxError, parse_claims
from groundlab.workbook.exercises.exercise import Exercise, Feedback
from groundlab.workbook.lessons.text import N_, problems_sentence, tr

__all__ = ["CODES_WANTED", "exercises", "python_reads_goal"]

CODES_WANTED = 3
"""How many different parse codes the learner's texts must show."""

_SOLUTION = """my_texts = [
    '{"claims": [], "note": "hi"}',    # an extra member
    '{"claims": Infinity}',            # Python reads Infinity; JSON has no such value
    '{"claims": 1e400}',               # Python reads it as inf; a double overflows
    '{"claims": [], "claims": []}',    # Python keeps the last one
]"""


def _kind(value: Any) -> str:
    return type(value).__name__


def python_reads_goal(wanted: int = CODES_WANTED) -> Callable[[Any], Feedback]:
    """A goal on a list of answer texts: ``json.loads`` reads each, ``parse_claims`` refuses each, ``wanted`` codes in all.

    The feedback names each wrong text by its index and each code shown by its first text
    (``"bad_number (text 1)"``). ``ValueError`` when ``wanted`` is below 1.
    """
    if wanted < 1:
        raise ValueError(f"wanted is at least 1, not {wanted!r}")

    def goal(texts: Any) -> Feedback:
        if isinstance(texts, (str, bytes)) or not isinstance(texts, (list, tuple)):
            return Feedback(False, tr("the answer should be a list of answer texts (str), not {kind}").format(kind=_kind(texts)))
        problems: list[str] = []
        codes: dict[str, int] = {}
        for n, raw in enumerate(texts):
            if not isinstance(raw, str):
                problems.append(tr("text {n} should be a str, not {kind}").format(n=n, kind=_kind(raw)))
                continue
            try:
                json.loads(raw)
            except (ValueError, RecursionError) as err:
                problems.append(tr("json.loads refuses text {n} ({error}), but it should read it").format(n=n, error=_kind(err)))
                continue
            try:
                claims = parse_claims(raw)
            except ClaimsSyntaxError as err:
                codes.setdefault(err.code, n)
                continue
            problems.append(tr("text {n} parses into {count} claim(s), but the boundary should refuse it").format(n=n, count=len(claims)))
        shown = tr(", ").join(tr("{code} (text {n})").format(code=code, n=n) for code, n in codes.items())
        if len(codes) < wanted:
            if shown:
                problems.append(tr("it should show {wanted} different codes, but shows {count}: {shown}").format(wanted=wanted, count=len(codes), shown=shown))
            else:
                problems.append(tr("it should show {wanted} different codes, but shows {count}").format(wanted=wanted, count=len(codes)))
        if problems:
            return Feedback(False, problems_sentence(problems))
        return Feedback(
            True,
            tr("json.loads reads all {texts} texts, and parse_claims refuses them with {count} different codes: {shown}.").format(
                texts=len(texts), count=len(codes), shown=shown
            ),
        )

    return goal


def exercises(**_context: Any) -> dict[str, Exercise]:
    """Notebook 01's exercises: ``{"python_reads": Exercise}``, goal :func:`python_reads_goal`; keyword arguments are ignored."""
    return {
        "python_reads": Exercise(
            N_("Texts Python reads but the boundary refuses"),
            N_(
                "Write at least {wanted} answer texts that json.loads reads without raising "
                "and that parse_claims refuses, with {wanted} different parse codes among them."
            ).fill(wanted=CODES_WANTED),
            python_reads_goal(),
            [
                N_("json.loads is generous: it keeps a repeated member name, and reads NaN, Infinity and 1e400 as floats."),
                N_("The shape is checked by parse_claims only: json.loads reads any member names and any values."),
            ],
            _SOLUTION,
        )
    }
