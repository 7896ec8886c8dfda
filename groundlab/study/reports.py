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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from groundlab.core.trusted import TrustedInputError, read_json_file

__all__ = ["AUDIT_FILE", "AuditReport", "check_earlier_reports", "save_report"]

AUDIT_FILE = re.compile(r"audit(-[0-9]+)?\.json")
"""The names of the audit's own reports in an evidence folder."""
_KEYS = {"ok": bool, "folder": str, "frozen": (str, type(None)), "checked": int, "counts": dict, "problems": list}


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

    An earlier report is never overwritten. Raises ``OSError`` when the report
    cannot be written (a read-only folder, no permission, a full disk); then no
    partial report is left.
    """
    folder = Path(folder)
    text = json.dumps(report.to_json(), indent=2) + "\n"
    number = 1
    while True:
        path = folder / ("audit.json" if number == 1 else f"audit-{number}.json")
        # written to a hidden sibling and linked into place, so a signal never leaves a partial report
        temporary = folder / f".{path.name}.{os.getpid()}.tmp"
        with open(temporary, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        try:
            os.link(temporary, path)  # fails if the name appeared meanwhile: never overwrites
        except FileExistsError:
            number += 1
            continue
        finally:
            os.unlink(temporary)
        return path
