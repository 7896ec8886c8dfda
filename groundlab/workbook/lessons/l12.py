"""Notebook 12's capstone exercises: the learner's request, labels and explanations, and a thirteenth answer.

The domain and the learner's studies are :mod:`groundlab.workbook.lessons.capstone`. Standard
library only. See ``docs/architecture.md``, "Exercise answers".
"""

from __future__ import annotations

import re
from typing import Any, Callable, Mapping

from groundlab.core.language import LIBRARY_CATALOGUE, get_language
from groundlab.core.contract import CHECKS, Status, verify_answer
from groundlab.workbook.exercises.exercise import Exercise, Feedback
from groundlab.workbook.exercises.goals import request_problem, verdict_goal
from groundlab.workbook.lessons.capstone import PLANTED, STATUS_NAMES, Capstone, load_capstone
from groundlab.workbook.lessons.text import N_, problems_sentence, tr
from groundlab.core.trace import TraceRow, decided_row

__all__ = ["LABELS_TO_AGREE", "disagreements", "exercises", "explain_goal", "labels_goal", "request_goal"]

LABELS_TO_AGREE = 7
"""Labels of the dozen that must agree with the contract (for the task's request) for the labels
exercise to count as right: a form check alone would count twelve ``ACCEPT`` labels as right."""
_NAMED_CHECK = re.compile(r"(?:(\S+(?: \d+)?) )?(\w+)(?:[:：].*)?", re.DOTALL)
"""An explanation as the trace spells it: ``"scope"``, ``"claim 0 scope"`` (``"聲明 0 scope"``) or a whole trace line."""


def _claim_named(where: str) -> int | None | str:
    """The claim a trace's place names, in English or in the language in force: ``"claim 2"`` or
    ``"聲明 2"`` is ``2``, ``"answer"`` or ``"回答"`` is ``None``; anything else comes back as it is."""
    for language in ("en", get_language()):
        if where == LIBRARY_CATALOGUE.in_language("answer", language):
            return None
        head, _, tail = LIBRARY_CATALOGUE.in_language("claim {index}", language).partition("{index}")
        found = re.fullmatch(re.escape(head) + r"(\d+)" + re.escape(tail), where)
        if found:
            return int(found[1])
    return where


# ------------------------------------------------------------------ goals


def request_goal(capstone: Capstone) -> Callable[[Any], Feedback]:
    """A goal on a ``Request``: valid for the registry, with the task's scope, fields and supplied documents (in any order)."""
    want, registry = capstone.request, capstone.sources

    def goal(answer: Any) -> Feedback:
        refused = request_problem(answer, registry)
        if refused is not None:
            return refused
        problems = []
        for name in ("service", "environment", "revision"):
            if getattr(answer, name) != getattr(want, name):
                known = ", ".join(sorted({getattr(s, name) for s in registry}))
                problems.append(
                    tr("{name} {value} is not the one the task asks for (the registry's: {known})").format(
                        name=name, value=repr(getattr(answer, name)), known=known
                    )
                )
        for name, extra, short in (
            ("fields", N_("the task does not ask for the field(s) {extra}"), N_("the task asks for {wanted} fields, and your request has {got} of them")),
            ("supplied", N_("the model was not given {extra}"), N_("the model was given {wanted} documents, and your request supplies {got} of them")),
        ):
            got, wanted = set(getattr(answer, name)), set(getattr(want, name))
            if got - wanted:
                problems.append(tr(extra).format(extra=", ".join(sorted(got - wanted))))
            if wanted - got:
                problems.append(tr(short).format(wanted=len(wanted), got=len(wanted & got)))
        if problems:
            return Feedback(False, problems_sentence(problems))
        return Feedback(
            True,
            tr(
                "{service} / {environment} / {revision}, fields {fields}, with "
                "the {count} documents the model was given (the order does not matter to the contract)."
            ).format(
                service=want.service, environment=want.environment, revision=want.revision,
                fields=", ".join(answer.fields), count=len(want.supplied),
            ),
        )

    return goal


def labels_goal(capstone: Capstone) -> Callable[[Any], Feedback]:
    """A goal on the labels (answer id -> status name): every answer once, each a status, and at least
    :data:`LABELS_TO_AGREE` of them the contract's status for the task's request.

    The feedback counts the labels that agree, never which ones: the study shows that.
    """
    ids = tuple(capstone.answers)

    def goal(labels: Any) -> Feedback:
        if not isinstance(labels, Mapping):
            return Feedback(False, tr("the labels should be a dict of answer id -> status name, not {kind}").format(kind=type(labels).__name__))
        problems = []
        unknown = [key for key in labels if key not in capstone.answers]
        if unknown:
            problems.append(tr("not an answer: {ids}").format(ids=", ".join(map(repr, unknown))))
        absent = [i for i in ids if i not in labels]
        if absent:
            problems.append(tr("no label for {ids}").format(ids=", ".join(absent)))
        unset = [i for i in ids if i in labels and labels[i] is None]
        if unset:
            problems.append(tr("{count} answer(s) still have no status: {ids}").format(count=len(unset), ids=", ".join(unset)))
        odd = [f"{i}: {labels[i]!r}" for i in ids if labels.get(i) is not None and not (isinstance(labels[i], str) and labels[i] in STATUS_NAMES)]
        if odd:
            problems.append(tr("not a status name ({labels}); the statuses: {statuses}").format(labels=", ".join(odd), statuses=", ".join(STATUS_NAMES)))
        if problems:
            return Feedback(False, problems_sentence(problems))
        kinds = len({str(labels[i]) for i in ids})
        agree = sum(verify_answer(capstone.answers[i], capstone.request, capstone.sources).status.value == labels[i] for i in ids)
        head = tr("all {total} answers labelled, with {kinds} different statuses; {agree} of {total} agree with the contract").format(
            total=len(ids), kinds=kinds, agree=agree
        )
        if agree < LABELS_TO_AGREE:
            return Feedback(
                False,
                tr(
                    "{head}, and at least {needed} should. Walk each answer through the check order "
                    "again (q.labels.hint()); the study will show which ones differ."
                ).format(head=head, needed=LABELS_TO_AGREE),
            )
        return Feedback(True, tr("{head}. Which ones do not is for the study to show.").format(head=head))

    return goal


def disagreements(capstone: Capstone) -> dict[str, TraceRow | None]:
    """``{id: deciding row}`` for each answer of the latest study whose label is not the contract's status.

    The row is ``None`` for an answer the contract accepts; ``{}`` before any study.
    """
    if capstone.last_study is None:
        return {}
    request, labels = capstone.last_study
    found = {}
    for i, label in labels.items():
        verdict = verify_answer(capstone.raw(i), request, capstone.sources)
        if verdict.status is not label:
            found[i] = decided_row(verdict, request, capstone.sources)
    return found


def explain_goal(capstone: Capstone) -> Callable[[Any], Feedback]:
    """A goal on the explanations (answer id -> check name): each disagreement of the latest study and its deciding check.

    ``None`` or ``"none"`` names no check (an accepted answer). A check may be written as the trace
    spells its row: ``"scope"``, ``"claim 0 scope"`` or the whole line (``"claim 0 scope: FAILED: ..."``);
    a claim named there must be the deciding one.
    """

    def goal(reasons: Any) -> Feedback:
        if capstone.last_study is None:
            return Feedback(False, tr("run your labels as a study first (the cell with cap.new_study)."))
        if not isinstance(reasons, Mapping):
            return Feedback(False, tr("the explanations should be a dict of answer id -> check name, not {kind}").format(kind=type(reasons).__name__))
        wanted = disagreements(capstone)
        ran = len(capstone.last_study[1]) - 1  # the planted case is not one of the dozen
        head = tr("your study ran {ran} of {total} answers and the planted {planted}, with {count} disagreement(s)").format(
            ran=ran, total=len(capstone.answers), planted=PLANTED[0], count=len(wanted)
        )
        problems = []
        for i, got in reasons.items():
            named = _NAMED_CHECK.fullmatch(got.strip()) if isinstance(got, str) else None
            where, check = (named.group(1), named.group(2)) if named else (None, got)
            row = wanted.get(i)
            if i not in capstone.answers and i != PLANTED[0]:
                problems.append(tr("{id} is not an answer").format(id=repr(i)))
            elif i not in wanted:
                problems.append(tr("{id}: your label and the library agree there (or it was not in your study): nothing to explain").format(id=i))
            elif check is not None and check != "none" and check not in CHECKS:
                problems.append(tr("{id}: {named} is not a check; the checks: {checks}").format(id=i, named=repr(got), checks=", ".join(CHECKS)))
            elif (None if check in (None, "none") else check) != (None if row is None else row.check):
                problems.append(tr("{id}: {named} is not the check that decided it; read its trace").format(id=i, named=repr(got)))
            elif where is not None and _claim_named(where) != row.claim:
                problems.append(
                    tr("{id}: {check} decided it, but for {where}, not {named}; read its trace").format(
                        id=i, check=row.check, where=row.where, named=where
                    )
                )
        missing = [i for i in wanted if i not in reasons]
        if missing:
            problems.append(tr("no explanation yet for {ids}").format(ids=", ".join(missing)))
        if problems:
            return Feedback(False, tr("{head}; {problems}.").format(head=head, problems=tr("; ").join(problems)))
        said = [
            tr("{id} at no check (accepted)").format(id=i) if row is None else tr("{id} at {where} {check}").format(id=i, where=row.where, check=row.check)
            for i, row in wanted.items()
        ]
        if said:
            return Feedback(True, tr("{head}, each explained: {explained}.").format(head=head, explained=tr(", ").join(said)))
        return Feedback(True, tr("{head}, each explained.").format(head=head))

    return goal


# ------------------------------------------------------------------ exercises


class _ComputedSolution(Exercise):
    """An :class:`Exercise` whose solution ``make()`` computes when it is asked for (never stored)."""

    def __init__(self, make: Callable[[], str], title: str, task: str, goal: Callable[[Any], Feedback], hints: list[str]) -> None:
        super().__init__(title, task, goal, hints, "")
        self._make = make

    def solution(self) -> str:
        self.solution_shown = True
        return self._make()


def _solution_request(capstone: Capstone) -> str:
    r = capstone.request
    return (
        "from groundlab import Request\n\n"
        f"my_request = Request(service={r.service!r}, environment={r.environment!r}, revision={r.revision!r},\n"
        f"                     fields={r.fields!r},\n"
        f"                     supplied={r.supplied!r})\n"
    ).replace("'", '"')


def _solution_labels(capstone: Capstone) -> str:
    pairs = [f'"{i}": "{verify_answer(raw, capstone.request, capstone.sources).status}"' for i, raw in capstone.answers.items()]
    rows = ["    " + ", ".join(pairs[n:n + 3]) + "," for n in range(0, len(pairs), 3)]
    return "# the contract's own statuses for the task's request, computed by the library\nmy_labels = {\n" + "\n".join(rows) + "\n}\n"


_SOLUTION_EXPLAIN = '''from groundlab import decided_row, load_case_set, verify_answer

mine = load_case_set(study.case_file)  # your labels, as the study ran them
my_reasons = {}
for case in mine:
    verdict = verify_answer(case.raw, case.request, mine.sources)
    if verdict.status != case.expected:
        row = decided_row(verdict, case.request, mine.sources)  # the trace's deciding row, None when all passed
        my_reasons[case.id] = row.check if row else None
'''

_SOLUTION_THIRTEENTH = '''my_answer = """{"claims": [
  {"field": "weekdays", "value": "10:00-18:00", "doc": "riv-summer-2025", "quote": "weekdays=10:00-18:00"},
  {"field": "saturday", "value": "10:00-13:00", "doc": "riv-summer-2025", "quote": "Saturdays until 13:00."}
]}"""
'''


def exercises(capstone: Capstone | None = None, **_context: Any) -> dict[str, Exercise]:
    """Notebook 12's exercises: ``request``, ``labels``, ``explain`` and ``thirteenth``, for ``capstone`` (default: loaded)."""
    capstone = capstone if capstone is not None else load_capstone()
    return {
        "request": Exercise(
            N_("Write the trusted request"),
            N_("Build my_request, a Request for the task: its scope, the fields asked for, the documents the model was given."),
            request_goal(capstone),
            [
                N_("The registry's columns name the scope: the branch is the service, the season the environment, the timetable's year the revision."),
                N_("Ask only for the fields the patron asked about, and supply exactly the documents the model was given."),
            ],
            _solution_request(capstone),
        ),
        "labels": _ComputedSolution(
            lambda: _solution_labels(capstone),
            N_("Label the dozen before anything runs"),
            N_("Give every answer id the status you expect the contract to give it, as a status name."),
            labels_goal(capstone),
            [
                N_("Go in the contract's order: parse; citation, over every claim; then claim by claim duplicate, requested, scope, revision, value, supports; coverage last."),
                N_("The first check that fails decides. Compare every character of a value and of a quote with the document."),
            ],
        ),
        "explain": Exercise(
            N_("Explain every disagreement"),
            N_("For each answer where your label and the library disagree, name the check its trace decided at."),
            explain_goal(capstone),
            [
                N_("The run's DISAGREES lines name the answers; in each trace table, the deciding check is the row marked FAILED."),
                N_("Write the check as the trace spells it (parse, citation, duplicate, requested, scope, revision, value, supports, coverage); None for an answer the contract accepts."),
            ],
            _SOLUTION_EXPLAIN,
        ),
        "thirteenth": Exercise(
            N_("Make a thirteenth answer"),
            N_("Write an answer that the citation-only check accepts and the contract refuses at claim 1's supports check."),
            verdict_goal(capstone.request, capstone.sources, Status.QUOTE_NOT_SUPPORTING, citation_only_ok=True, claim=1, check="supports"),
            [
                N_("Keep claim 0 as it is. In claim 1, keep the field, the value and the document."),
                N_("Change only claim 1's quote, to other genuine text of riv-summer-2025: a line about another field, or a piece of its prose."),
            ],
            _SOLUTION_THIRTEENTH,
        ),
    }
