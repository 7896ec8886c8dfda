"""The audit's report: what it found, its ``audit.json`` form, earlier reports in the folder, and saving it.

An evidence folder keeps every report the audit wrote beside the evidence:
``audit.json``, then ``audit-2.json``, ``audit-3.json``... (:data:`AUDIT_FILE`); none
is ever overwritten. A report found there is checked too, because a reader may
trust it without running the audit: one that the audit could not have written
(not a report's JSON shape), or that disagrees with what the audit finds now (its
``frozen``, ``counts`` or evidence problems differ), is a problem of the new report.
See ``docs/architecture.md``, "The study and its evidence". Standard library only.
"""

from __future__ import annotations

import json
import os
import re
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from groundlab.core.language import N_
from groundlab.core.trusted import TrustedInputError, read_json_file
from groundlab.study.signals import SignalGuard

__all__ = ["AUDIT_FILE", "TEMP_REPORT", "AuditReport", "check_earlier_reports", "save_report"]

AUDIT_FILE = re.compile(r"audit(-[0-9]+)?\.json")
"""The names of the audit's own reports in an evidence folder."""
TEMP_REPORT = re.compile(r"\.audit(-[0-9]+)?\.json\.[0-9]+(\.[0-9a-f]+)?\.tmp")
"""The names of a report's temporary file while it is saved; one left by SIGKILL is ignored by the audit."""
_KEYS = {"ok": bool, "folder": str, "frozen": (str, type(None)), "checked": int, "counts": dict, "problems": list}


AUDIT_SUMMARIES = {
    True: N_("audit passed: {checks} checks, {problems} problem(s)"),
    False: N_("audit FAILED: {checks} checks, {problems} problem(s)"),
}
"""An audit's one-line summary (``groundlab audit``'s last line), by whether it passed; ``{checks}``
comes before ``{problems}`` in every language (the capstone shows the line without the count)."""


@dataclass
class AuditReport:
    """What the audit found; ``problems`` is empty exactly when the audit passed.

    ``counts`` are the audit's own, from the fixture copy: ``submitted``,
    ``strict_json``, ``citation_only``, ``full_contract`` (rows labelled and decided
    ``ACCEPT``), ``citation_false_accepts`` and ``disagreements`` (rows not marked as
    agreeing). ``checked`` counts the checks made. ``frozen`` is the name of the
    frozen fixture file (in ``SHA256SUMS``) whose bytes ``fixtures.json`` has, or
    ``None`` for any other file: a clean audit of such a run says nothing about the
    study. ``earlier_reports`` holds the problems about earlier reports in the
    folder (each is in ``problems`` too); the other problems are about the evidence.
    """

    folder: str
    problems: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    checked: int = 0
    frozen: str | None = None
    earlier_reports: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """``True`` when no problem was found."""
        return not self.problems

    def to_json(self) -> dict[str, Any]:
        """The report as written to ``audit.json``."""
        return {
            "ok": self.ok,
            "folder": self.folder,
            "frozen": self.frozen,
            "checked": self.checked,
            "counts": self.counts,
            "problems": self.problems,
            "earlier_reports": self.earlier_reports,
        }


def _report_number(name: str) -> int:
    match = AUDIT_FILE.fullmatch(name)
    return int(match.group(1)[1:]) if match and match.group(1) else 1


def _not_ours(data: Any) -> str | None:
    """Why ``data`` is not a report this audit writes, or ``None`` when it is one."""
    if not isinstance(data, dict):
        return "not a JSON object"
    if not set(_KEYS) <= set(data) <= set(_KEYS) | {"earlier_reports"}:
        return "not the members of an audit report"
    wrong = [key for key, kind in _KEYS.items() if not isinstance(data[key], kind)]
    if wrong:
        return f"{', '.join(wrong)} of the wrong type"
    earlier = data.get("earlier_reports", [])
    if not isinstance(earlier, list) or any(p not in data["problems"] for p in earlier):
        return "earlier_reports not among its problems"
    if data["ok"] is not (not data["problems"]):
        return "ok does not match its problems"
    return None


def check_earlier_reports(folder: Path, names: list[str], report: AuditReport) -> None:
    """Compare each earlier report ``names`` in ``folder`` with ``report``'s evidence findings.

    Call it after every evidence check. A report that cannot be read, or is not
    a report's shape, or records other ``frozen``, ``counts`` or evidence problems
    than ``report``, adds a problem to ``report.problems`` and to ``report.earlier_reports``.
    """
    findings = {"frozen": report.frozen, "counts": report.counts, "problems": list(report.problems)}
    for name in sorted(names, key=_report_number):
        report.checked += 1
        try:
            if os.path.islink(folder / name):
                raise TrustedInputError(name, "it is a symbolic link")
            data = read_json_file(folder / name)
        except TrustedInputError as err:
            problem = f"{name} was not written by groundlab audit ({err.message})"
        else:
            why = _not_ours(data)
            if why is not None:
                problem = f"{name} was not written by groundlab audit ({why})"
            else:
                earlier = data.get("earlier_reports", [])
                recorded = {
                    "frozen": data["frozen"], "counts": data["counts"],
                    "problems": [p for p in data["problems"] if p not in earlier],
                }
                differ = [key for key in findings if recorded[key] != findings[key]]
                if not differ:
                    continue
                problem = (
                    f"{name} is an earlier report that disagrees with what the audit finds now "
                    f"(its {', '.join(differ)} differ); it says {'passed' if data['ok'] else 'FAILED'}"
                )
        report.problems.append(problem)
        report.earlier_reports.append(problem)


def save_report(report: AuditReport, folder: str | Path) -> Path:
    """Save ``report`` in ``folder`` as the first free ``audit.json``, ``audit-2.json``...; return its path.

    An earlier report is never overwritten. The text goes to a new hidden file
    named like :data:`TEMP_REPORT`, created with ``O_CREAT | O_EXCL | O_NOFOLLOW``
    (a planted link or file at that name is never written through), and is
    hard-linked into place. Raises ``OSError`` when the report cannot be written
    (a read-only folder, no permission, a full disk, a file-size limit), and
    :class:`~groundlab.study.signals.RunInterrupted` or ``KeyboardInterrupt`` for
    SIGTERM, SIGHUP or SIGINT meanwhile; in every such case the temporary file is
    removed, so no partial report and no temporary file is left (only SIGKILL
    can leave one; the audit ignores it).
    """
    folder = Path(folder)
    data = (json.dumps(report.to_json(), indent=2) + "\n").encode("utf-8")
    with SignalGuard() as guard:
        number = 1
        while True:
            path = folder / ("audit.json" if number == 1 else f"audit-{number}.json")
            guard.deferring = True  # until the cleanup knows the temporary file's name
            temporary, fd = _create_temporary(folder, path.name)
            try:
                guard.deferring = False
                guard.raise_pending()
                _write_all(fd, data)
                os.fsync(fd)
                os.close(fd)
                fd = -1
                os.link(temporary, path)  # fails if the name appeared meanwhile: never overwrites
            except FileExistsError:
                number += 1
                continue
            finally:
                guard.deferring = True
                if fd >= 0:
                    os.close(fd)
                os.unlink(temporary)
            guard.deferring = True  # saved: a signal now waits until the guard exits
            return path


_CREATE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)


def _create_temporary(folder: Path, name: str) -> tuple[Path, int]:
    """A new hidden file beside ``name`` in ``folder`` and its descriptor; never an existing file or link."""
    while True:
        temporary = folder / f".{name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
        try:
            return temporary, os.open(temporary, _CREATE_FLAGS, 0o666)
        except FileExistsError:
            continue


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
