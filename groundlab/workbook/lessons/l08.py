"""Notebook 08's make exercise: a privacy test whose leak check can be trusted, and that catches a real leak.

The leak check searches what a fake model received, and what groundlab logged, for each private
profile value; a hit proves nothing for a short or empty value (``"Jo"`` is in ``"Job"``), so the
goal asks for canaries. Rule: the job-match article, "No Quote, No Claim". Standard library only;
the goal loads pydantic when it runs. See ``docs/architecture.md``, "Grounding" and "Exercise answers".
"""

from __future__ import annotations

import logging
from logging.handlers import BufferingHandler
from typing import Any, Callable, Sequence

from groundlab.grounding.prompt import INSTRUCTION, PRIVATE_PROFILE_FIELDS, Job, Profile, job_text
from groundlab.workbook.exercises.exercise import Exercise, Feedback
from groundlab.workbook.lessons.text import N_, problems_sentence, tr

__all__ = ["CANARY_MIN_CHARS", "exercises", "leak_goal", "leaked_fields", "received_text"]

CANARY_MIN_CHARS = 8
"""A private value shorter than this many characters (code points) is too short to search for."""

LOGGER = "groundlab.grounding.explain"
"""The logger whose records the leak check searches too."""

_SOLUTION = """my_profile = replace(profile, name="canary-name-7Q2X", email="canary-mail-7Q2X@example.invalid",
                     phone="canary-phone-7Q2X", salary="canary-salary-7Q2X", resume_text="canary-resume-7Q2X",
                     experience=profile.experience + " Write to canary-mail-7Q2X@example.invalid.")"""


def received_text(profile: Profile, job: Job, reply: str) -> str:
    """Everything one ``explain_match`` call exposes: the messages a fake model received, then the log lines.

    ``reply`` is the fake model's reply; the call's outcome does not matter. Log lines are ``LOGGER``'s
    at INFO and above (its level is restored). Joined by ``"\\n"``. ``TypeError`` for a wrong ``profile`` or ``job``.
    """
    from groundlab.grounding.chat import FakeChatModel
    from groundlab.grounding.draft import NoGroundedPoints
    from groundlab.grounding.explain import ReplyFormatError, explain_match

    fake = FakeChatModel(reply)
    logger = logging.getLogger(LOGGER)
    handler, level = BufferingHandler(capacity=1000), logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        explain_match(profile, job, fake)
    except (NoGroundedPoints, ReplyFormatError):
        pass
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
    messages = [m["content"] for call in fake.calls for m in call]
    return "\n".join(messages + [record.getMessage() for record in handler.buffer])


def leaked_fields(profile: Profile, received: str) -> list[str]:
    """The private fields of ``profile`` whose value is a substring of ``received``, in field order (an empty value always is)."""
    return [name for name in PRIVATE_PROFILE_FIELDS if getattr(profile, name) in received]


def _value_problem(name: str, value: str, background: str, min_chars: int) -> str | None:
    """Why a hit on this private value would prove nothing, or ``None`` when it is a usable canary."""
    if not value:
        return tr("{name} is empty, and the empty string occurs in every text").format(name=name)
    if len(value) < min_chars:
        return tr("{name} {value} has {count} characters: too short to search for (use {min_chars} or more)").format(
            name=name, value=repr(value), count=len(value), min_chars=min_chars
        )
    if value in background:
        return tr("{name} {value} occurs in the instruction or the job posting, so a hit there proves nothing").format(
            name=name, value=repr(value)
        )
    return None


def leak_goal(
    job: Job, reply: str, *, wanted: Sequence[str] = ("email",), min_chars: int = CANARY_MIN_CHARS
) -> Callable[[Any], Feedback]:
    """A goal on a test ``Profile``: every private value is a canary, and the leak check reports exactly ``wanted``.

    A canary has ``min_chars`` or more characters and is in neither the instruction nor the job
    text. The check is :func:`leaked_fields` over :func:`received_text` for ``job`` and the fake
    ``reply``. ``ValueError`` for a ``wanted`` field that is not private.
    """
    unknown = [name for name in wanted if name not in PRIVATE_PROFILE_FIELDS]
    if unknown:
        raise ValueError(f"not private profile fields: {', '.join(unknown)}; the private ones: {', '.join(PRIVATE_PROFILE_FIELDS)}")
    wanted = [name for name in PRIVATE_PROFILE_FIELDS if name in wanted]
    background = INSTRUCTION + "\n" + job_text(job)

    def goal(profile: Any) -> Feedback:
        if not isinstance(profile, Profile):
            return Feedback(False, tr("the answer should be a Profile, not {kind}").format(kind=type(profile).__name__))
        problems = [
            problem
            for name in PRIVATE_PROFILE_FIELDS
            if (problem := _value_problem(name, getattr(profile, name), background, min_chars)) is not None
        ]
        leaked = leaked_fields(profile, received_text(profile, job, reply))
        reports = tr("the leak check reports {fields}").format(fields=tr(", ").join(leaked) or tr("nothing"))
        if leaked != wanted:
            problems.append(
                tr("{reports}; it should report {fields} only").format(reports=reports, fields=tr(", ").join(wanted) or tr("nothing"))
            )
            if not set(wanted) & set(leaked):
                problems.append(
                    tr("type the {fields} value into an allowed field too, such as experience").format(fields=tr(", ").join(wanted))
                )
        if problems:
            return Feedback(False, problems_sentence(problems))
        return Feedback(
            True,
            tr(
                "{reports} only, and every private value is a canary "
                "({min_chars} or more characters, in neither the instruction nor the job posting)."
            ).format(reports=reports, min_chars=min_chars),
        )

    return goal


def exercises(*, job_match: Any, **_context: Any) -> dict[str, Exercise]:
    """Notebook 08's exercises: ``{"leak_test": Exercise}``, a ``Profile`` whose leak check reports ``email`` only.

    ``job_match`` is the loaded fixture; its job and ``seed_example`` reply drive the fake model. The
    solution uses the notebook's ``replace`` (``dataclasses``) and ``profile``.
    """
    return {
        "leak_test": Exercise(
            N_("A leak test you can trust"),
            N_(
                "Build my_profile: every private field a canary of {min_chars} or more characters that occurs "
                "in neither the instruction nor the job posting, and the e-mail address also typed into an allowed "
                "field. The leak check should then report email, and nothing else."
            ).fill(min_chars=CANARY_MIN_CHARS),
            leak_goal(job_match.job, job_match["seed_example"].reply),
            [
                N_(
                    "Short and empty values cause the false alarms: give every private field a long, made-up value "
                    "that no prompt would contain by chance."
                ),
                N_("Then append the same e-mail address to experience, an allowed field, so that it really is sent."),
            ],
            _SOLUTION,
        )
    }
