"""An independent audit of an evidence folder written by ``groundlab run``.

Seed 000 pairs every run with "an independent Python audit" that recomputes the
citation baseline and verifies labels, output and hashes. This module is that
audit. It deliberately does not import :mod:`groundlab.core.contract` or
:mod:`groundlab.study.run`: its citation check, its label comparison and its counts
are its own code, so a bug in the contract cannot hide itself. It uses the
parser (:func:`groundlab.core.claims.parse_claims`) for the strict-JSON layer, as
DESIGN allows, and :func:`groundlab.study.cases.digest` for hashing.

What it checks, each as a named finding:

* the three files exist and are JSON; ``results.json`` and ``fixtures.json`` hash to
  what ``manifest.json`` recorded (tampering); the package sources on disk hash to
  what was recorded (the code that ran is the code being audited);
* every fixture case has exactly one result row, and no row is extra;
* each row's ``expected`` is the fixture's label, and ``actual`` equals it;
* strict JSON and citation-only decisions, recomputed here, equal the row's;
* the counts in ``results.json`` equal the counts recomputed from the fixtures.

:func:`audit_evidence` returns an :class:`AuditReport`; :func:`write_audit` also
saves it as ``audit.json`` (or ``audit-2.json``... if one exists: nothing is
overwritten).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from groundlab.core.claims import ClaimsSyntaxError, parse_claims
from groundlab.core.trusted import FrozenFixtureError, digest, fixtures_dir, package_digests, read_checksums

__all__ = ["AuditReport", "audit_evidence", "write_audit"]


@dataclass
class AuditReport:
    """What the audit found. ``problems`` is empty exactly when the audit passed.

    ``counts`` are recomputed by the audit itself from the fixture copy:
    ``submitted``, ``strict_json``, ``quote_exists``, ``full_contract`` (cases
    labelled ACCEPT whose row says ACCEPT), ``citation_false_accepts``.
    ``checked`` counts the individual checks made. ``frozen`` is the name of the
    frozen fixture file (``SHA256SUMS``) whose bytes the evidence's ``fixtures.json``
    has, found by the audit itself, or ``None`` when it is no frozen file (a copy
    someone edited): a clean audit of a non-frozen run says nothing about the study.
    """

    folder: str
    problems: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    checked: int = 0
    frozen: str | None = None

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
        }


def _load(folder: Path, name: str, report: AuditReport) -> Any:
    path = folder / name
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        report.problems.append(f"{name} is missing")
    except json.JSONDecodeError as err:
        report.problems.append(f"{name} is not valid JSON: {err.msg} at line {err.lineno}, column {err.colno}")
    except (UnicodeDecodeError, ValueError, RecursionError) as err:
        report.problems.append(f"{name} is not readable JSON ({type(err).__name__})")
    except OSError as err:
        report.problems.append(f"{name} cannot be read: {err.strerror or type(err).__name__}")
    return None


EVIDENCE_FILES = ("fixtures.json", "results.json", "manifest.json")
_AUDIT_FILE = re.compile(r"audit(-[0-9]+)?\.json")
"""The files ``groundlab run`` writes; ``audit*.json`` are the audit's own."""


def _cites(claims, request: dict, sources: dict[str, dict]) -> bool:
    """The citation-only baseline, written again: non-empty, every doc supplied and
    present, every quote a verbatim substring of that document's text."""
    if not claims:
        return False
    for claim in claims:
        source = sources.get(claim.doc)
        if source is None or claim.doc not in request["supplied"]:
            return False
        if claim.quote not in source["text"]:
            return False
    return True


def _check_hashes(folder: Path, manifest: dict, report: AuditReport) -> None:
    pairs = [
        ("fixtures.json", (manifest.get("fixtures") or {}).get("sha256")),
        ("results.json", (manifest.get("results") or {}).get("sha256")),
    ]
    for name, recorded in pairs:
        report.checked += 1
        path = folder / name
        if recorded is None:
            report.problems.append(f"manifest.json records no sha256 for {name}")
        elif not path.is_file():
            continue  # reported once already, when the file was loaded
        elif digest(path) != recorded:
            report.problems.append(f"{name} does not match its sha256 in manifest.json (changed after the run)")
    _check_frozen(folder, manifest.get("fixtures") or {}, report)
    recorded_sources = manifest.get("package") or {}
    if not recorded_sources:
        report.problems.append("manifest.json records no package source hashes")
    current = package_digests()
    for name, recorded in sorted(recorded_sources.items()):
        report.checked += 1
        if name not in current:
            report.problems.append(f"{name} was recorded but is not in the installed package")
        elif current[name] != recorded:
            report.problems.append(f"{name} differs from the source that produced this evidence")
    for key in sorted(current.keys() - recorded_sources.keys()):
        report.problems.append(f"{key} is in the package but was not recorded by the run")


def _check_frozen(folder: Path, recorded: dict, report: AuditReport) -> None:
    """A run that claims frozen fixtures must hold a byte-for-byte frozen copy."""
    if recorded.get("frozen") is not True:
        return
    report.checked += 1
    name = recorded.get("name")
    try:
        frozen = read_checksums(fixtures_dir()).get(str(name))
    except (FrozenFixtureError, ValueError, OSError):
        frozen = None
    copy = folder / "fixtures.json"
    if frozen is None:
        report.problems.append(f"manifest.json says {name!r} is frozen, but SHA256SUMS does not list it")
    elif recorded.get("frozen_sha256") != frozen or not copy.is_file() or digest(copy) != frozen:
        report.problems.append(
            f"fixtures.json is not the frozen {name} (its sha256 differs from SHA256SUMS)"
        )


def _frozen_name(copy: Path) -> str | None:
    """The frozen fixture file whose digest ``copy`` has, or ``None``."""
    try:
        wanted = digest(copy)
        sums = read_checksums(fixtures_dir())
    except (FrozenFixtureError, ValueError, OSError):
        return None
    return next((name for name, value in sorted(sums.items()) if value == wanted), None)


def audit_evidence(folder: str | Path) -> AuditReport:
    """Audit the evidence folder ``folder``.

    A damaged folder never raises: every problem becomes a line of
    :attr:`AuditReport.problems`. Raises ``FileNotFoundError`` only when ``folder``
    is not a directory or holds none of the evidence files.
    """
    folder = Path(folder)
    if not folder.is_dir():
        what = "not a directory" if folder.exists() else "no such directory"
        raise FileNotFoundError(f"{folder} is not an evidence folder ({what})")
    if not any((folder / name).exists() for name in EVIDENCE_FILES):
        raise FileNotFoundError(
            f"{folder} is not an evidence folder (none of {', '.join(EVIDENCE_FILES)} is in it)"
        )
    report = AuditReport(folder=str(folder))
    report.frozen = _frozen_name(folder / "fixtures.json")
    manifest = _load(folder, "manifest.json", report)
    results = _load(folder, "results.json", report)
    fixture = _load(folder, "fixtures.json", report)
    for extra in sorted(p.name for p in folder.iterdir()):
        if extra not in EVIDENCE_FILES and not _AUDIT_FILE.fullmatch(extra):
            report.problems.append(f"{extra} does not belong in an evidence folder")
    try:
        if isinstance(manifest, dict):
            _check_hashes(folder, manifest, report)
        elif manifest is not None:
            report.problems.append("manifest.json is not a JSON object")
        if isinstance(results, dict) and isinstance(fixture, dict):
            _check_rows(results, fixture, report)
        elif results is not None and fixture is not None:
            report.problems.append("results.json and fixtures.json must both be JSON objects")
    except (AttributeError, KeyError, TypeError, ValueError, RecursionError) as err:
        report.problems.append(f"the evidence has an unexpected shape ({type(err).__name__}: {err})")
    return report


def _check_rows(results: dict, fixture: dict, report: AuditReport) -> None:
    """Re-derive every row and the counts from the fixture copy; record differences."""

    sources = {s["id"]: s for s in fixture.get("sources", [])}
    rows = {}
    for row in results.get("cases", []):
        if row.get("id") in rows:
            report.problems.append(f"results.json has two rows for case {row.get('id')!r}")
        rows[row.get("id")] = row
    counts = dict.fromkeys(
        ("submitted", "strict_json", "quote_exists", "full_contract", "citation_false_accepts"), 0
    )
    for case in fixture.get("cases", []):
        counts["submitted"] += 1
        case_id = case["id"]
        row = rows.pop(case_id, None)
        report.checked += 1
        if row is None:
            report.problems.append(f"case {case_id!r} has no row in results.json")
            continue
        try:
            claims = parse_claims(case["raw"])
        except ClaimsSyntaxError:
            claims = None
        cited = claims is not None and _cites(claims, case["request"], sources)
        counts["strict_json"] += claims is not None
        counts["quote_exists"] += cited
        counts["citation_false_accepts"] += cited and case["expected"] != "ACCEPT"
        counts["full_contract"] += row.get("actual") == "ACCEPT" == case["expected"]
        expected_map = {c.field: c.value for c in claims} if claims and case["expected"] == "ACCEPT" else {}
        checks = [
            ("accepted map", row.get("accepted"), expected_map),
            ("label", row.get("expected"), case["expected"]),
            ("family", row.get("family"), case.get("family", "")),
            ("expected code", row.get("expected_code"), case.get("code")),
            ("agrees", row.get("agrees"), row.get("actual") == case["expected"] and row.get("code") == case.get("code")),
            ("outcome", row.get("actual"), case["expected"]),
            ("parse code", row.get("code"), case.get("code")),
            ("strict JSON decision", row.get("strict_json_ok"), claims is not None),
            ("citation-only decision", row.get("citation_ok"), cited),
        ]
        for what, got, want in checks:
            report.checked += 1
            if got != want:
                report.problems.append(f"case {case_id!r}: {what} is {got!r} in results.json, expected {want!r}")
    for case_id in rows:
        report.problems.append(f"results.json has a row for {case_id!r}, which the fixtures do not hold")
    recorded = results.get("counts", {})
    counts["disagreements"] = sum(
        1 for r in results.get("cases", []) if not (isinstance(r, dict) and r.get("agrees") is True)
    )
    for key, value in counts.items():
        report.checked += 1
        if recorded.get(key) != value:
            report.problems.append(f"counts.{key} is {recorded.get(key)!r} in results.json; the audit counts {value}")
    report.counts = counts


def write_audit(folder: str | Path) -> tuple[AuditReport, Path]:
    """Audit ``folder`` and save the report beside the evidence, as ``audit.json``
    or, if that exists, ``audit-2.json``, ``audit-3.json``...: never overwriting.
    Returns the report and the path written."""
    folder = Path(folder)
    report = audit_evidence(folder)
    number = 1
    while True:
        path = folder / ("audit.json" if number == 1 else f"audit-{number}.json")
        try:
            with open(path, "x", encoding="utf-8", newline="\n") as handle:
                json.dump(report.to_json(), handle, indent=2)
                handle.write("\n")
            return report, path
        except FileExistsError:
            number += 1
