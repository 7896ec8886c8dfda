"""An independent audit of an evidence folder written by ``groundlab run``.

The configuration article ("a real citation can still support a wrong answer")
pairs every run with an independent audit that recomputes the citation baseline
and checks labels, output and hashes. This module is that audit. It imports
neither :mod:`groundlab.core.contract` nor :mod:`groundlab.study.run`: its citation
check, label comparison and counts are its own code, so a bug in the contract
cannot hide itself (``docs/architecture.md``). It uses the parser
(:func:`groundlab.core.claims.parse_claims`) for the strict-JSON layer.

It reports, each as one sentence of :attr:`AuditReport.problems`: a missing or
unreadable evidence file, or one that does not belong; ``fixtures.json`` or
``results.json`` not matching its recorded SHA-256; a copy said to be frozen that
is not; a package ``.py`` file (any subpackage) that differs from, or is missing
from, the hashes the run recorded; a fixture case without exactly one row; a row
field that differs from the label or from the audit's own decision; a count that
differs from the audit's own count.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from groundlab.core.claims import ClaimsSyntaxError, parse_claims
from groundlab.core.trusted import FrozenFixtureError, digest, fixtures_dir, package_digests, read_checksums

__all__ = ["EVIDENCE_FILES", "AuditReport", "audit_evidence", "write_audit"]

EVIDENCE_FILES = ("fixtures.json", "results.json", "manifest.json")
"""The files ``groundlab run`` writes; ``audit.json``, ``audit-2.json``... are the audit's own."""
_AUDIT_FILE = re.compile(r"audit(-[0-9]+)?\.json")
_COUNT_KEYS = ("submitted", "strict_json", "quote_exists", "full_contract", "citation_false_accepts")


@dataclass
class AuditReport:
    """What the audit found; ``problems`` is empty exactly when the audit passed.

    ``counts`` are the audit's own, from the fixture copy: ``submitted``,
    ``strict_json``, ``quote_exists``, ``full_contract`` (rows labelled and decided
    ``ACCEPT``), ``citation_false_accepts`` and ``disagreements`` (rows not marked as
    agreeing). ``checked`` counts the checks made. ``frozen`` is the name of the
    frozen fixture file (in ``SHA256SUMS``) whose bytes ``fixtures.json`` has, or
    ``None`` for any other file: a clean audit of such a run says nothing about the study.
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


def _cites(claims, request: dict, sources: dict[str, dict]) -> bool:
    """The citation-only baseline, written again: non-empty, and every claim's doc is
    supplied and present and its quote a verbatim substring of that document's text."""
    if not claims:
        return False
    for claim in claims:
        source = sources.get(claim.doc)
        if source is None or claim.doc not in request["supplied"]:
            return False
        if claim.quote not in source["text"]:
            return False
    return True


def _frozen_sums() -> dict[str, str]:
    """``SHA256SUMS`` of the fixtures folder, or ``{}`` when it cannot be read."""
    try:
        return read_checksums(fixtures_dir())
    except (FrozenFixtureError, ValueError, OSError):
        return {}


def _frozen_name(copy: Path) -> str | None:
    """The frozen fixture file whose digest ``copy`` has, or ``None``."""
    try:
        wanted = digest(copy)
    except OSError:
        return None
    return next((name for name, value in sorted(_frozen_sums().items()) if value == wanted), None)


def _check_hashes(folder: Path, manifest: dict, report: AuditReport) -> None:
    """The two evidence files match their recorded SHA-256; a frozen copy is frozen."""
    for name, section in (("fixtures.json", "fixtures"), ("results.json", "results")):
        recorded = (manifest.get(section) or {}).get("sha256")
        report.checked += 1
        path = folder / name
        if recorded is None:
            report.problems.append(f"manifest.json records no sha256 for {name}")
        elif not path.is_file():
            continue  # reported once already, when the file was loaded
        elif digest(path) != recorded:
            report.problems.append(f"{name} does not match its sha256 in manifest.json (changed after the run)")
    fixtures = manifest.get("fixtures") or {}
    if fixtures.get("frozen") is not True:
        return
    report.checked += 1
    name = fixtures.get("name")
    frozen = _frozen_sums().get(str(name))
    copy = folder / "fixtures.json"
    if frozen is None:
        report.problems.append(f"manifest.json says {name!r} is frozen, but SHA256SUMS does not list it")
    elif fixtures.get("frozen_sha256") != frozen or not copy.is_file() or digest(copy) != frozen:
        report.problems.append(f"fixtures.json is not the frozen {name} (its sha256 differs from SHA256SUMS)")


def _check_sources(manifest: dict, report: AuditReport) -> None:
    """Every ``.py`` file of the package, in every subpackage, hashes as the run recorded."""
    recorded = manifest.get("package") or {}
    if not recorded:
        report.problems.append("manifest.json records no package source hashes")
    current = package_digests()
    for name, value in sorted(recorded.items()):
        report.checked += 1
        if name not in current:
            report.problems.append(f"{name} was recorded but is not in the installed package")
        elif current[name] != value:
            report.problems.append(f"{name} differs from the source that produced this evidence")
    for name in sorted(current.keys() - recorded.keys()):
        report.problems.append(f"{name} is in the package but was not recorded by the run")


def audit_evidence(folder: str | Path) -> AuditReport:
    """Audit the evidence folder ``folder`` and return an :class:`AuditReport`.

    A damaged folder never raises: every problem becomes a line of
    :attr:`AuditReport.problems`. Raises ``FileNotFoundError`` only when ``folder``
    is not a directory or holds none of :data:`EVIDENCE_FILES`.
    """
    folder = Path(folder)
    if not folder.is_dir():
        what = "not a directory" if folder.exists() else "no such directory"
        raise FileNotFoundError(f"{folder} is not an evidence folder ({what})")
    if not any((folder / name).exists() for name in EVIDENCE_FILES):
        raise FileNotFoundError(
            f"{folder} is not an evidence folder (none of {', '.join(EVIDENCE_FILES)} is in it)"
        )
    report = AuditReport(folder=str(folder), frozen=_frozen_name(folder / "fixtures.json"))
    manifest = _load(folder, "manifest.json", report)
    results = _load(folder, "results.json", report)
    fixture = _load(folder, "fixtures.json", report)
    for extra in sorted(p.name for p in folder.iterdir()):
        if extra not in EVIDENCE_FILES and not _AUDIT_FILE.fullmatch(extra):
            report.problems.append(f"{extra} does not belong in an evidence folder")
    try:
        if isinstance(manifest, dict):
            _check_hashes(folder, manifest, report)
            _check_sources(manifest, report)
        elif manifest is not None:
            report.problems.append("manifest.json is not a JSON object")
        if isinstance(results, dict) and isinstance(fixture, dict):
            _check_rows(results, fixture, report)
        elif results is not None and fixture is not None:
            report.problems.append("results.json and fixtures.json must both be JSON objects")
    except (AttributeError, KeyError, TypeError, ValueError, RecursionError) as err:
        report.problems.append(f"the evidence has an unexpected shape ({type(err).__name__}: {err})")
    return report


def _row_checks(case: dict, row: dict, sources: dict[str, dict]) -> tuple[list[tuple[str, Any, Any]], bool, bool]:
    """``(checks, parsed, cited)`` for one case: each check is ``(what, row value, value
    the audit expects)``; ``parsed`` and ``cited`` are the audit's own strict-JSON and
    citation-only decisions. Without a ``code``, an ``INVALID_JSON`` case is compared
    by status only, and the row's code must be the audit's own parse code."""
    try:
        claims, parse_code = parse_claims(case["raw"]), None
    except ClaimsSyntaxError as err:
        claims, parse_code = None, err.code
    cited = claims is not None and _cites(claims, case["request"], sources)
    label, label_code = case["expected"], case.get("code")
    compares_code = label_code is not None or label != "INVALID_JSON"
    want_code = label_code if compares_code else parse_code
    agrees = row.get("actual") == label and (row.get("code") == label_code or not compares_code)
    accepted = {c.field: c.value for c in claims} if claims and label == "ACCEPT" else {}
    return [
        ("accepted map", row.get("accepted"), accepted),
        ("label", row.get("expected"), label),
        ("family", row.get("family"), case.get("family", "")),
        ("expected code", row.get("expected_code"), label_code),
        ("agrees", row.get("agrees"), agrees),
        ("outcome", row.get("actual"), label),
        ("parse code", row.get("code"), want_code),
        ("strict JSON decision", row.get("strict_json_ok"), claims is not None),
        ("citation-only decision", row.get("citation_ok"), cited),
    ], claims is not None, cited


def _check_rows(results: dict, fixture: dict, report: AuditReport) -> None:
    """Re-derive every row and the counts from the fixture copy; record each difference."""
    sources = {s["id"]: s for s in fixture.get("sources", [])}
    rows = {}
    for row in results.get("cases", []):
        if row.get("id") in rows:
            report.problems.append(f"results.json has two rows for case {row.get('id')!r}")
        rows[row.get("id")] = row
    counts = dict.fromkeys(_COUNT_KEYS, 0)
    for case in fixture.get("cases", []):
        counts["submitted"] += 1
        row = rows.pop(case["id"], None)
        report.checked += 1
        if row is None:
            report.problems.append(f"case {case['id']!r} has no row in results.json")
            continue
        checks, parsed, cited = _row_checks(case, row, sources)
        counts["strict_json"] += parsed
        counts["quote_exists"] += cited
        counts["citation_false_accepts"] += cited and case["expected"] != "ACCEPT"
        counts["full_contract"] += row.get("actual") == "ACCEPT" == case["expected"]
        for what, got, want in checks:
            report.checked += 1
            if got != want:
                report.problems.append(f"case {case['id']!r}: {what} is {got!r} in results.json, expected {want!r}")
    for case_id in rows:
        report.problems.append(f"results.json has a row for {case_id!r}, which the fixtures do not hold")
    counts["disagreements"] = sum(
        1 for r in results.get("cases", []) if not (isinstance(r, dict) and r.get("agrees") is True)
    )
    recorded = results.get("counts", {})
    for key, value in counts.items():
        report.checked += 1
        if recorded.get(key) != value:
            report.problems.append(f"counts.{key} is {recorded.get(key)!r} in results.json; the audit counts {value}")
    report.counts = counts


def write_audit(folder: str | Path) -> tuple[AuditReport, Path]:
    """Audit ``folder`` and save the report beside the evidence; return ``(report, path)``.

    The file is ``audit.json`` or, when that exists, ``audit-2.json``,
    ``audit-3.json``...: an earlier report is never overwritten. Raises as
    :func:`audit_evidence`, and ``OSError`` when the report cannot be written.
    """
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
