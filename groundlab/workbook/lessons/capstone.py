"""The capstone's data: the frozen domain, the learner's studies and the commands run in them.

The fixture ``fixtures/capstone_library.json`` (a library's opening hours) holds a registry, the
request its task describes, two warm-up answers and a dozen unlabelled answers. A study's commands
run ``groundlab`` as a child process: the workbook never imports the CLI. Standard library only.
See ``docs/architecture.md``, "Layers".
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping, NamedTuple

from groundlab.core.contract import Status
from groundlab.core.language import LIBRARY_CATALOGUE, get_language
from groundlab.core.registry import Registry, Request, registry_from_dict, request_from_dict
from groundlab.core.trusted import TrustedInputError, fixtures_dir, package_dir, read_json_file, verify_frozen
from groundlab.study.reports import AUDIT_SUMMARIES
from groundlab.workbook.lessons.text import LessonText, tr

__all__ = ["CAPSTONE_FILE", "CASE_FILE", "PLANTED", "STATUS_NAMES", "Capstone", "CommandRun", "Study", "load_capstone"]

CAPSTONE_FILE = "capstone_library.json"
"""The capstone's frozen fixture (a file name inside :func:`~groundlab.core.trusted.fixtures_dir`)."""
CASE_FILE = "my_labels.json"
"""The case file that :meth:`Capstone.new_study` writes in each study folder."""

PLANTED = ("p01", "w2", "QUOTE_NOT_SUPPORTING")
"""The planted label every study carries: ``(case id, warm-up answer id, a colleague's label)``.

The label is wrong on purpose (the contract decides the warm-up at an earlier check; a test checks
that it disagrees), so every study has at least one disagreement to explain."""

STATUS_NAMES = tuple(s.value for s in Status)
"""Every status name, in check order (what a label may be)."""


def _check_counts() -> list[tuple[re.Pattern, str]]:
    """For each of ``groundlab audit``'s last lines (:data:`AUDIT_SUMMARIES`) in the language in force:
    a pattern of its start up to and including the count of checks, and that start without the count."""
    found = []
    for template in AUDIT_SUMMARIES.values():
        head, rest = LIBRARY_CATALOGUE(template).split("{checks}", 1)
        middle = rest.split("{problems}", 1)[0]
        found.append((re.compile(re.escape(head) + r"\d+" + re.escape(middle)), head))
    return found


def _without_check_count(line: str, counts: list[tuple[re.Pattern, str]]) -> str:
    """``groundlab audit``'s last line without its count of checks (which follows the package's files,
    not the study): ``audit passed: 0 problem(s)`` (``counts``: :func:`_check_counts`)."""
    for pattern, head in counts:
        line = pattern.sub(lambda _match: head, line, count=1) if pattern.match(line) else line
    return line


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
    """What one ``groundlab`` command printed: ``args``, exit ``code`` and output ``lines``; ``str()`` shows all three.

    ``lines``: stdout then stderr, without the study folder's path or the audit's count of checks.
    """

    args: tuple[str, ...]
    code: int
    lines: tuple[str, ...]

    def __str__(self) -> str:
        return "\n".join([f"$ groundlab {' '.join(self.args)}", *self.lines, tr("exit code {code}").format(code=self.code)])


class Study(NamedTuple):
    """One run of the learner's labels: a new ``folder`` holding :data:`CASE_FILE`.

    ``written``: the ids written with a status, in answer order; ``left_out``: the ids without one;
    ``request_differs``: the request is not the task's (fields and documents compared as sets). The
    file also holds the :data:`PLANTED` case, a colleague's label for a warm-up answer.
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
        """Run ``python -m groundlab ARGS`` in :attr:`folder`, this package first on ``PYTHONPATH``; times out after 120 s."""
        env = dict(os.environ, PYTHONIOENCODING="utf-8", GROUNDLAB_LANG=get_language())  # it speaks the notebook's language
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(package_dir().parent), env.get("PYTHONPATH")) if p)
        done = subprocess.run(
            [sys.executable, "-m", "groundlab", *args], cwd=self.folder, env=env, capture_output=True,
            text=True, encoding="utf-8", errors="backslashreplace", timeout=120,
        )
        lines = (done.stdout + done.stderr).replace(str(self.folder) + os.sep, "").splitlines()
        counts = _check_counts()
        return CommandRun(tuple(args), done.returncode, tuple(_without_check_count(line, counts) for line in lines))

    def __str__(self) -> str:
        total = len(self.written) + len(self.left_out)
        case, example, _label = PLANTED
        lines = [
            tr("{written} of {total} answers written to {file} with your labels").format(written=len(self.written), total=total, file=CASE_FILE),
            tr("plus {case}: the warm-up answer {example} with a colleague's label (the study checks it too)").format(case=case, example=example),
        ]
        if self.left_out:
            lines.append(tr("left out until they have a status: {ids}").format(ids=", ".join(self.left_out)))
        if self.request_differs:
            lines.append(tr("your request is not yet the one the task describes (q.request.check says what differs)"))
        return "\n".join(lines)


def _request_json(request: Request) -> dict[str, Any]:
    return {"service": request.service, "environment": request.environment, "revision": request.revision,
            "fields": list(request.fields), "supplied": list(request.supplied)}


def _same_request(a: Request, b: Request) -> bool:
    return (a.service, a.environment, a.revision, set(a.fields), set(a.supplied)) == (
        b.service, b.environment, b.revision, set(b.fields), set(b.supplied))


class Capstone:
    """The capstone's trusted data, and the learner's latest study.

    ``path``; ``domain`` and ``task`` (plain text); ``request``, the ``Request`` the task describes;
    ``sources``, a ``Registry``; ``examples`` and ``answers``, read-only ``id -> raw answer`` maps (the
    warm-ups, the unlabelled dozen); ``last_study``, ``None`` or ``(request, {id: Status})`` from the
    latest :meth:`new_study` (the :data:`PLANTED` case included). ``TrustedInputError`` for malformed data.
    """

    def __init__(self, path: Path, data: Mapping[str, Any]) -> None:
        where = str(path)
        for key in ("domain", "task", "request", "sources", "examples", "answers"):
            if key not in data:
                raise TrustedInputError(where, f"missing {key}")
        if not isinstance(data["domain"], str) or not isinstance(data["task"], str):
            raise TrustedInputError(where, "domain and task must be strings")
        # the fixture's words, shown in the language in force (tools/i18n.py puts them in the lessons' catalogue)
        self.path, self.domain, self.task = path, LessonText(data["domain"]), LessonText(data["task"])
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

    def raw(self, case_id: str) -> str:
        """The answer text of a study's case ``case_id``: one of :attr:`answers`, or the :data:`PLANTED` case's warm-up; ``KeyError`` otherwise."""
        if case_id == PLANTED[0]:
            return self.examples[PLANTED[1]]
        return self.answers[case_id]

    def new_study(self, parent: str | Path, request: Request, labels: Mapping[str, Any]) -> Study:
        """Write ``labels`` (answer id -> status name) as a case file in a new folder ``parent/study-N``, and record it.

        An answer labelled ``None`` or with no status name is left out. ``ValueError`` for an unknown id,
        a request the registry cannot serve or UTF-8 cannot encode, or a ``parent`` inside the fixtures or
        the package or not writable; ``TypeError`` for wrong types.
        """
        if not isinstance(request, Request):
            raise TypeError(tr("request must be a Request, not {kind}").format(kind=type(request).__name__))
        if not isinstance(labels, Mapping):
            raise TypeError(tr("labels must be a dict of answer id -> status, not {kind}").format(kind=type(labels).__name__))
        self.sources.check_request(request)
        unknown = [key for key in labels if key not in self.answers]
        if unknown:
            raise ValueError(tr("no answer {ids}; the answers: {answers}").format(ids=", ".join(map(repr, unknown)), answers=", ".join(self.answers)))
        parent = Path(parent)
        for guarded in (fixtures_dir(), package_dir()):
            top = os.path.realpath(guarded)
            if os.path.commonpath([os.path.realpath(parent), top]) == top:
                raise ValueError(tr("a study is never written inside {folder}; choose a temporary folder").format(folder=guarded))
        written = {i: Status(labels[i]) for i in self.answers if isinstance(labels.get(i), str) and labels[i] in STATUS_NAMES}
        studied = {**written, PLANTED[0]: Status(PLANTED[2])}
        cases = [{"id": i, "raw": self.raw(i), "request": _request_json(request), "expected": s.value} for i, s in studied.items()]
        try:  # encoded first: a request that cannot be written leaves no folder behind
            data = (json.dumps({"sources": self._sources_json, "cases": cases}, indent=2, ensure_ascii=False) + "\n").encode()
        except UnicodeEncodeError as err:
            raise ValueError(tr("the request cannot be written as UTF-8 ({reason} at {start})").format(reason=err.reason, start=err.start)) from None
        number = 1
        while (parent / f"study-{number}").exists() or (parent / f"study-{number}").is_symlink():
            number += 1
        folder = parent / f"study-{number}"
        try:
            folder.mkdir()
            (folder / CASE_FILE).write_bytes(data)
        except OSError as err:
            raise ValueError(
                tr("cannot write a study in {folder}: {error}; choose a writable folder").format(folder=parent, error=err.strerror or err)
            ) from None
        self.last_study = (request, MappingProxyType(studied))
        left_out = tuple(i for i in self.answers if i not in written)
        return Study(folder, tuple(written), left_out, not _same_request(request, self.request))


def load_capstone(path: str | Path | None = None) -> Capstone:
    """Load the capstone fixture (default: the frozen :data:`CAPSTONE_FILE`, hash-checked first).

    ``FrozenFixtureError`` when the frozen file was edited; ``TrustedInputError`` for a missing or
    malformed file (shape: ``fixtures/README.md``).
    """
    path = fixtures_dir() / CAPSTONE_FILE if path is None else Path(path)
    if os.path.realpath(path) == os.path.realpath(fixtures_dir() / CAPSTONE_FILE):
        verify_frozen(fixtures_dir(), [CAPSTONE_FILE])  # the frozen file, however it is named
    data = read_json_file(path)
    if not isinstance(data, dict):
        raise TrustedInputError(str(path), "a capstone file must be a JSON object")
    return Capstone(path, data)
