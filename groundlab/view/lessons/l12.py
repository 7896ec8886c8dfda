"""Notebook 12's capstone: a new domain, the learner's request, labels and explanations.

:func:`load_capstone` reads the frozen ``fixtures/capstone_library.json`` (a library's opening
hours; ``fixtures/README.md``): a registry, the request its task describes, two warm-up answers
and a dozen unlabelled answers. :meth:`Capstone.new_study` writes the learner's labels as a case
file; :meth:`Study.command` runs ``groundlab`` there as a child process (the view never imports
the CLI). :func:`exercises` checks the request, the labels (complete and valid, never right or
wrong), the deciding check of every disagreement and a thirteenth answer. Standard library
only (``docs/architecture.md``, "Layers" and "Exercise answers").
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Mapping, NamedTuple

from groundlab.core.contract import CHECKS, Status, verify_answer
from groundlab.core.registry import Registry, Request, registry_from_dict, request_from_dict
from groundlab.core.trusted import TrustedInputError, fixtures_dir, package_dir, read_json_file, verify_frozen
from groundlab.view.exercise import Exercise, Feedback
from groundlab.view.goals import request_problem, verdict_goal
from groundlab.view.trace import TraceRow, decided_row

__all__ = ["CAPSTONE_FILE", "CASE_FILE", "Capstone", "CommandRun", "Study", "disagreements", "exercises", "explain_goal", "labels_goal", "load_capstone", "request_goal"]

CAPSTONE_FILE = "capstone_library.json"
"""The capstone's frozen fixture (a file name inside :func:`~groundlab.core.trusted.fixtures_dir`)."""
CASE_FILE = "my_labels.json"
"""The case file that :meth:`Capstone.new_study` writes in each study folder."""

_STATUSES = tuple(s.value for s in Status)
_AUDIT_COUNT = re.compile(r"^(audit (?:passed|FAILED)): \d+ checks, ")


def _answers(obj: Any, where: str) -> Mapping[str, str]:
    """``[{"id", "raw"}, ...]`` as a read-only ``id -> raw`` map; ``TrustedInputError`` if malformed."""
    if not isinstance(obj, list):
        raise TrustedInputError(where, "must be a JSON array of {id, raw} objects")
    found: dict[str, str] = {}
    for index, item in enumerate(obj):
        ok = isinstance(item, dict) and set(item) == {"id", "raw"} and isinstance(item["raw"], str)
        if not ok or not isinstance(item["id"], str) or not item["id"]:
            raise TrustedInputError(f"{where}[{index}]", "an answer is exactly a non-empty string id and a string raw")
        if item["id"] in found:
            raise TrustedInputError(where, f"two answers share the id {item['id']!r}")
        found[item["id"]] = item["raw"]
    return MappingProxyType(found)


class CommandRun(NamedTuple):
    """What one ``groundlab`` command printed: ``args``, exit ``code`` and output ``lines``.

    The lines are stdout then stderr, with the study folder's path removed and the audit's
    count of checks left out (it grows with the package's files), so a notebook shows counts
    and statuses, never a machine's path. ``str()`` shows the command, the lines and the code.
    """

    args: tuple[str, ...]
    code: int
    lines: tuple[str, ...]

    def __str__(self) -> str:
        return "\n".join([f"$ groundlab {' '.join(self.args)}", *self.lines, f"exit code {self.code}"])


class Study(NamedTuple):
    """One run of the learner's labels: a new ``folder`` holding :data:`CASE_FILE`.

    ``written`` -- the ids written with a status (answer order); ``left_out`` -- the ids
    without one (``None`` or not a status name); ``request_differs`` -- the request is not
    the one the task describes (fields and documents compared as sets).
    """

    folder: Path
    written: tuple[str, ...]
    left_out: tuple[str, ...]
    request_differs: bool

    @property
    def case_file(self) -> Path:
        """The case file, in the shape ``groundlab run --fixtures`` reads."""
        return self.folder / CASE_FILE

    def command(self, *args: str) -> CommandRun:
        """Run ``groundlab ARGS`` in :attr:`folder` as a child process (``python -m groundlab``).

        The package's own folder leads ``PYTHONPATH``, so a checkout runs without an
        install. ``subprocess.TimeoutExpired`` after 120 s.
        """
        env = dict(os.environ, PYTHONIOENCODING="utf-8")
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(package_dir().parent), env.get("PYTHONPATH")) if p)
        done = subprocess.run(
            [sys.executable, "-m", "groundlab", *args], cwd=self.folder, env=env, capture_output=True,
            text=True, encoding="utf-8", errors="backslashreplace", timeout=120,
        )
        lines = (done.stdout + done.stderr).replace(str(self.folder) + os.sep, "").splitlines()
        return CommandRun(tuple(args), done.returncode, tuple(_AUDIT_COUNT.sub(r"\1: ", line) for line in lines))

    def __str__(self) -> str:
        total = len(self.written) + len(self.left_out)
        lines = [f"{len(self.written)} of {total} answers written to {CASE_FILE} with your labels"]
        if self.left_out:
            lines.append(f"left out until they have a status: {', '.join(self.left_out)}")
        if self.request_differs:
            lines.append("your request is not yet the one the task describes (q.request.check says what differs)")
        return "\n".join(lines)


def _request_json(request: Request) -> dict[str, Any]:
    return {"service": request.service, "environment": request.environment, "revision": request.revision,
            "fields": list(request.fields), "supplied": list(request.supplied)}


def _same_request(a: Request, b: Request) -> bool:
    return (a.service, a.environment, a.revision, set(a.fields), set(a.supplied)) == (
        b.service, b.environment, b.revision, set(b.fields), set(b.supplied))


class Capstone:
    """The capstone's trusted data, and the learner's latest study.

    ``path``; ``domain`` and ``task`` (plain text); ``request`` -- the trusted
    :class:`~groundlab.core.registry.Request` that the task describes; ``sources`` -- a
    :class:`~groundlab.core.registry.Registry`; ``examples`` and ``answers`` -- read-only
    ``id -> raw answer`` maps (the warm-ups, and the dozen without labels); ``last_study``
    -- ``None``, or ``(request, {id: Status})`` as written by the latest :meth:`new_study`.
    ``TrustedInputError`` for a malformed file.
    """

    def __init__(self, path: Path, data: Mapping[str, Any]) -> None:
        where = str(path)
        for key in ("domain", "task", "request", "sources", "examples", "answers"):
            if key not in data:
                raise TrustedInputError(where, f"missing {key}")
        if not isinstance(data["domain"], str) or not isinstance(data["task"], str):
            raise TrustedInputError(where, "domain and task must be strings")
        self.path, self.domain, self.task = path, data["domain"], data["task"]
        self.sources: Registry = registry_from_dict(data, where)
        self.request: Request = request_from_dict(data["request"], f"{where}: request")
        try:
            self.sources.check_request(self.request)
        except ValueError as err:
            raise TrustedInputError(f"{where}: request", str(err)) from None
        self.examples = _answers(data["examples"], f"{where}: examples")
        self.answers = _answers(data["answers"], f"{where}: answers")
        self._sources_json = data["sources"]
        self.last_study: tuple[Request, Mapping[str, Status]] | None = None

    def __repr__(self) -> str:
        return f"Capstone({self.path.name!r}: {len(self.sources)} sources, {len(self.answers)} answers)"

    def new_study(self, parent: str | Path, request: Request, labels: Mapping[str, Any]) -> Study:
        """Write ``labels`` (answer id -> status name) as a case file in a new folder ``parent/study-N``.

        Each answer with a status becomes a case ``{id, raw, request, expected}`` (the
        configuration article's shape, with this registry); one labelled ``None`` or with
        a name that is not a status is left out. Records :attr:`last_study`. ``ValueError``
        for an unknown id, a request that supplies a document the registry
        lacks or cannot be written, a ``parent`` inside the fixtures or the package or one
        that cannot be written to; ``TypeError`` for wrong types.
        """
        if not isinstance(request, Request):
            raise TypeError(f"request must be a Request, not {type(request).__name__}")
        if not isinstance(labels, Mapping):
            raise TypeError(f"labels must be a dict of answer id -> status, not {type(labels).__name__}")
        self.sources.check_request(request)
        unknown = [key for key in labels if key not in self.answers]
        if unknown:
            raise ValueError(f"no answer {', '.join(map(repr, unknown))}; the answers: {', '.join(self.answers)}")
        parent = Path(parent)
        for guarded in (fixtures_dir(), package_dir()):
            top = os.path.realpath(guarded)
            if os.path.commonpath([os.path.realpath(parent), top]) == top:
                raise ValueError(f"a study is never written inside {guarded}; choose a temporary folder")
        written = {i: Status(labels[i]) for i in self.answers if isinstance(labels.get(i), str) and labels[i] in _STATUSES}
        cases = [{"id": i, "raw": self.answers[i], "request": _request_json(request), "expected": s.value} for i, s in written.items()]
        try:  # encoded first: a request that cannot be written leaves no folder behind
            data = (json.dumps({"sources": self._sources_json, "cases": cases}, indent=2, ensure_ascii=False) + "\n").encode()
        except UnicodeEncodeError as err:
            raise ValueError(f"the request cannot be written as UTF-8 ({err.reason} at {err.start})") from None
        number = 1
        while (parent / f"study-{number}").exists() or (parent / f"study-{number}").is_symlink():
            number += 1
        folder = parent / f"study-{number}"
        try:
            folder.mkdir()
            (folder / CASE_FILE).write_bytes(data)
        except OSError as err:
            raise ValueError(f"cannot write a study in {parent}: {err.strerror or err}; choose a writable folder") from None
        self.last_study = (request, MappingProxyType(written))
        left_out = tuple(i for i in self.answers if i not in written)
        return Study(folder, tuple(written), left_out, not _same_request(request, self.request))


def load_capstone(path: str | Path | None = None) -> Capstone:
    """Load the capstone fixture (default: the frozen :data:`CAPSTONE_FILE`, hash-checked first).

    ``FrozenFixtureError`` when the frozen file was edited; ``TrustedInputError`` for a
    missing or malformed file (``fixtures/README.md`` gives its shape).
    """
    path = fixtures_dir() / CAPSTONE_FILE if path is None else Path(path)
    if os.path.realpath(path) == os.path.realpath(fixtures_dir() / CAPSTONE_FILE):
        verify_frozen(fixtures_dir(), [CAPSTONE_FILE])  # the frozen file, however it is named
    data = read_json_file(path)
    if not isinstance(data, dict):
        raise TrustedInputError(str(path), "a capstone file must be a JSON object")
    return Capstone(path, data)


# ------------------------------------------------------------------ goals


def request_goal(capstone: Capstone) -> Callable[[Any], Feedback]:
    """A goal on a :class:`~groundlab.core.registry.Request`: valid for the registry, with the scope,
    fields and supplied documents that the task describes (fields and documents in any order)."""
    want, registry = capstone.request, capstone.sources

    def goal(answer: Any) -> Feedback:
        refused = request_problem(answer, registry)
        if refused is not None:
            return refused
        problems = []
        for name in ("service", "environment", "revision"):
            if getattr(answer, name) != getattr(want, name):
                known = ", ".join(sorted({getattr(s, name) for s in registry}))
                problems.append(f"{name} {getattr(answer, name)!r} is not the one the task asks for (the registry's: {known})")
        for name, extra, short in (
            ("fields", "the task does not ask for the field(s) {}", "the task asks for {} fields, and your request has {} of them"),
            ("supplied", "the model was not given {}", "the model was given {} documents, and your request supplies {} of them"),
        ):
            got, wanted = set(getattr(answer, name)), set(getattr(want, name))
            if got - wanted:
                problems.append(extra.format(", ".join(sorted(got - wanted))))
            if wanted - got:
                problems.append(short.format(len(wanted), len(wanted & got)))
        if problems:
            return Feedback(False, "; ".join(problems) + ".")
        return Feedback(True, f"{want.service} / {want.environment} / {want.revision}, fields {', '.join(answer.fields)}, with "
                              f"the {len(want.supplied)} documents the model was given (the order does not matter to the contract).")

    return goal


def labels_goal(capstone: Capstone) -> Callable[[Any], Feedback]:
    """A goal on the labels (answer id -> status name): every answer exactly once, each with a status.

    It never says whether a label is right: the study does."""
    ids = tuple(capstone.answers)

    def goal(labels: Any) -> Feedback:
        if not isinstance(labels, Mapping):
            return Feedback(False, f"the labels should be a dict of answer id -> status name, not {type(labels).__name__}")
        problems = []
        unknown = [key for key in labels if key not in capstone.answers]
        if unknown:
            problems.append(f"not an answer: {', '.join(map(repr, unknown))}")
        absent = [i for i in ids if i not in labels]
        if absent:
            problems.append(f"no label for {', '.join(absent)}")
        unset = [i for i in ids if i in labels and labels[i] is None]
        if unset:
            problems.append(f"{len(unset)} answer(s) still have no status: {', '.join(unset)}")
        odd = [f"{i}: {labels[i]!r}" for i in ids if labels.get(i) is not None and not (isinstance(labels[i], str) and labels[i] in _STATUSES)]
        if odd:
            problems.append(f"not a status name ({', '.join(odd)}); the statuses: {', '.join(_STATUSES)}")
        if problems:
            return Feedback(False, "; ".join(problems) + ".")
        kinds = len({str(labels[i]) for i in ids})
        return Feedback(True, f"all {len(ids)} answers labelled, with {kinds} different statuses. Whether they are right is for the study to say.")

    return goal


def disagreements(capstone: Capstone) -> dict[str, TraceRow | None]:
    """``{id: deciding row}`` for each answer of :attr:`Capstone.last_study` whose label is not the
    contract's status; the row is ``None`` for an answer the contract accepts. ``{}`` before any study."""
    if capstone.last_study is None:
        return {}
    request, labels = capstone.last_study
    found = {}
    for i, label in labels.items():
        verdict = verify_answer(capstone.answers[i], request, capstone.sources)
        if verdict.status is not label:
            found[i] = decided_row(verdict, request, capstone.sources)
    return found


def explain_goal(capstone: Capstone) -> Callable[[Any], Feedback]:
    """A goal on the explanations (answer id -> check name): one for each disagreement of the latest
    study, naming the check its trace decided at (``None`` or ``"none"`` for an accepted answer)."""

    def goal(reasons: Any) -> Feedback:
        if capstone.last_study is None:
            return Feedback(False, "run your labels as a study first (the cell with cap.new_study).")
        if not isinstance(reasons, Mapping):
            return Feedback(False, f"the explanations should be a dict of answer id -> check name, not {type(reasons).__name__}")
        wanted = disagreements(capstone)
        head = f"your study ran {len(capstone.last_study[1])} of {len(capstone.answers)} answers, with {len(wanted)} disagreement(s)"
        problems = []
        for i, got in reasons.items():
            if i not in capstone.answers:
                problems.append(f"{i!r} is not an answer")
            elif i not in wanted:
                problems.append(f"{i}: your label and the library agree there (or it was not in your study): nothing to explain")
            elif got is not None and got != "none" and got not in CHECKS:
                problems.append(f"{i}: {got!r} is not a check; the checks: {', '.join(CHECKS)}")
            elif (None if got in (None, "none") else got) != (None if wanted[i] is None else wanted[i].check):
                problems.append(f"{i}: {got!r} is not the check that decided it; read its trace")
        missing = [i for i in wanted if i not in reasons]
        if missing:
            problems.append(f"no explanation yet for {', '.join(missing)}")
        if problems:
            return Feedback(False, f"{head}; " + "; ".join(problems) + ".")
        said = [f"{i} at {'no check (accepted)' if row is None else row.where + ' ' + row.check}" for i, row in wanted.items()]
        return Feedback(True, f"{head}, each explained" + (": " + ", ".join(said) if said else "") + ".")

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
            "Write the trusted request",
            "Build my_request, a Request for the task: its scope, the fields asked for, the documents the model was given.",
            request_goal(capstone),
            [
                "The registry's columns name the scope: the branch is the service, the season the environment, the timetable's year the revision.",
                "Ask only for the fields the patron asked about, and supply exactly the documents the model was given.",
            ],
            _solution_request(capstone),
        ),
        "labels": _ComputedSolution(
            lambda: _solution_labels(capstone),
            "Label the dozen before anything runs",
            "Give every answer id the status you expect the contract to give it, as a status name.",
            labels_goal(capstone),
            [
                "Go in the contract's order: parse; citation, over every claim; then claim by claim duplicate, requested, scope, revision, value, supports; coverage last.",
                "The first check that fails decides. Compare every character of a value and of a quote with the document.",
            ],
        ),
        "explain": Exercise(
            "Explain every disagreement",
            "For each answer where your label and the library disagree, name the check its trace decided at.",
            explain_goal(capstone),
            [
                "The run's DISAGREES lines name the answers; in each trace table, the deciding check is the row marked FAILED.",
                "Write the check as the trace spells it (parse, citation, duplicate, requested, scope, revision, value, supports, coverage); None for an answer the contract accepts.",
            ],
            _SOLUTION_EXPLAIN,
        ),
        "thirteenth": Exercise(
            "Make a thirteenth answer",
            "Write an answer that the citation-only check accepts and the contract refuses at claim 1's supports check.",
            verdict_goal(capstone.request, capstone.sources, Status.QUOTE_NOT_SUPPORTING, citation_only_ok=True, claim=1, check="supports"),
            [
                "Keep claim 0 as it is. In claim 1, keep the field, the value and the document.",
                "Change only claim 1's quote, to other genuine text of riv-summer-2025: a line about another field, or a piece of its prose.",
            ],
            _SOLUTION_THIRTEENTH,
        ),
    }
