"""An independent audit of an evidence folder written by ``groundlab run``.

The configuration article ("a real citation can still support a wrong answer")
pairs every run with an independent audit that recomputes the citation-only check
and checks labels, output and hashes. This module is that audit. It imports
neither :mod:`groundlab.core.contract` nor :mod:`groundlab.study.run`: its citation
check, label comparison and counts are its own code, so a bug in the contract
cannot hide itself (``docs/architecture.md``, "The study and its evidence"). It
uses the parser (:func:`groundlab.core.claims.parse_claims`) for the strict-JSON layer.

It reports, each as one sentence of :attr:`AuditReport.problems`: a missing,
unreadable or malformed evidence file (read with the trusted-file bounds of
:func:`groundlab.core.trusted.read_trusted_bytes`), or one that does not belong;
``fixtures.json`` or ``results.json`` not matching its recorded SHA-256; a copy
said to be frozen that is not, or one named after a frozen fixture file that
holds other bytes; a package ``.py`` file (any subpackage) that differs from, or is
missing from, the hashes the run recorded; a fixture case without exactly one
row; a row field that differs from the label or from the audit's own decision; a
count that differs from the audit's own count; an earlier report in the folder
that the audit did not write or that disagrees with it now
(:mod:`groundlab.study.reports`). A folder it cannot read at all, or one named like
an unfinished run's temporary folder, is refused (:class:`NotEvidenceError`).
"""

from __future__ import annotations

import os
import platform
import re
import stat
import subprocess
from pathlib import Path
from typing import Any

from groundlab import __version__
from groundlab.core.claims import ClaimsSyntaxError, parse_claims
from groundlab.core.trusted import (
    FrozenFixtureError,
    TrustedInputError,
    decode_json,
    digest_bytes,
    fixtures_dir,
    package_digests,
    package_dir,
    read_checksums,
    read_trusted_bytes,
)
from groundlab.core.language import LIBRARY_CATALOGUE as tr
from groundlab.core.language import N_
from groundlab.study.atomic import TEMP_PREFIX, is_temporary
from groundlab.study.reports import AUDIT_FILE, TEMP_REPORT, AuditReport, check_earlier_reports

__all__ = ["EVIDENCE_FILES", "AuditReport", "NotEvidenceError", "audit_evidence"]

EVIDENCE_FILES = ("fixtures.json", "results.json", "manifest.json")
"""The files ``groundlab run`` writes; ``audit.json``, ``audit-2.json``... are the audit's own."""
_COUNT_KEYS = ("submitted", "strict_json", "citation_only", "full_contract", "citation_false_accepts")
# the members a run writes, and no others (groundlab.study.run; a forged summary or note is named)
_RESULTS_MEMBERS = {"fixtures", "cases", "counts"}
_COUNT_MEMBERS = {*_COUNT_KEYS, "disagreements"}
_ROW_MEMBERS = {
    "id", "family", "expected", "actual", "expected_code", "code",
    "strict_json_ok", "citation_only_ok", "accepted", "agrees",
}
_MANIFEST_MEMBERS = {
    "groundlab_version", "python", "platform", "fixtures", "results", "package", "git", "line_endings",
}
_SECTION_MEMBERS = {"fixtures": {"name", "copy", "sha256", "frozen", "frozen_sha256"}, "results": {"file", "sha256"}}
_FIXED = {("fixtures", "copy"): "fixtures.json", ("results", "file"): "results.json"}
_LINE_ENDINGS = "sha256 over bytes with CRLF and CR normalised to LF"
_COMMIT = re.compile(r"[0-9a-f]{40}([0-9a-f]{24})?")


class NotEvidenceError(FileNotFoundError):
    """The folder is not an evidence folder the audit can check, so it is refused.

    Data: ``path``; ``code`` is ``"no_folder"``, ``"not_a_folder"``, ``"unreadable"``
    (context ``strerror``), ``"temporary"`` (an unfinished run's temporary folder)
    or ``"no_evidence"`` (none of :data:`EVIDENCE_FILES` in it); ``message`` is the
    sentence, rendered from them.
    """

    _TEMPLATES = {
        "no_folder": N_("is not an evidence folder (no such directory)"),
        "not_a_folder": N_("is not an evidence folder (not a directory)"),
        "unreadable": N_("cannot be read ({strerror})"),
        "temporary": N_(
            "is not an evidence folder: its name starts with {prefix}, so it is the "
            "temporary folder of a run that was stopped before it completed. Delete it, and run again."
        ),
        "no_evidence": N_("is not an evidence folder (none of {files} is in it)"),
    }

    def __init__(self, path: Path, code: str, **context: Any) -> None:
        self.path, self.code, self.context = Path(path), code, dict(context)
        super().__init__(f"{self.path} {self._render(str)}")

    def _render(self, show) -> str:
        return show(self._TEMPLATES[self.code]).format(
            **{"prefix": repr(TEMP_PREFIX), "files": ", ".join(EVIDENCE_FILES), **self.context}
        )

    @property
    def message(self) -> str:
        """The sentence, without the path, in the language in force."""
        return self._render(tr)

    def __str__(self) -> str:
        return f"{self.path} {self.message}"


def _refuse_non_evidence(folder: Path) -> None:
    try:
        mode = os.stat(folder).st_mode
    except (FileNotFoundError, NotADirectoryError):
        raise NotEvidenceError(folder, "no_folder") from None
    except OSError as err:
        raise NotEvidenceError(folder, "unreadable", strerror=err.strerror or type(err).__name__) from None
    if not stat.S_ISDIR(mode):
        raise NotEvidenceError(folder, "not_a_folder")
    if is_temporary(folder):
        raise NotEvidenceError(folder, "temporary")
    if not any(os.path.lexists(folder / name) for name in EVIDENCE_FILES):
        raise NotEvidenceError(folder, "no_evidence")


def _read(folder: Path, name: str, report: AuditReport) -> bytes | None:
    """The bytes of one evidence file, or ``None`` with a problem recorded (a symbolic link is not read)."""
    if os.path.islink(folder / name):
        report.problems.append(f"{name} is a symbolic link; an evidence file is a regular file the run wrote")
        return None
    try:
        return read_trusted_bytes(folder / name)
    except TrustedInputError as err:
        report.problems.append(f"{name} is missing" if err.code == "no_file" else f"{name}: {err.message}")
    return None


def _decode(name: str, data: bytes | None, report: AuditReport) -> Any:
    if data is None:
        return None
    try:
        return decode_json(data, name)
    except TrustedInputError as err:
        report.problems.append(f"{name}: {err.message}")
    return None


def _cites(claims, request: dict, sources: dict[str, dict]) -> bool:
    """The citation-only check, written again: non-empty, and every claim's doc is
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


def _frozen_name(copy: bytes | None) -> str | None:
    """The frozen fixture file whose digest the ``copy`` bytes have, or ``None``."""
    if copy is None:
        return None
    wanted = digest_bytes(copy)
    return next((name for name, value in sorted(_frozen_sums().items()) if value == wanted), None)


def _check_hashes(files: dict[str, bytes | None], manifest: dict, report: AuditReport) -> None:
    """The two evidence files match their recorded SHA-256."""
    for name, section in (("fixtures.json", "fixtures"), ("results.json", "results")):
        recorded = (manifest.get(section) or {}).get("sha256")
        report.checked += 1
        if recorded is None:
            report.problems.append(f"manifest.json records no sha256 for {name}")
        elif files[name] is None:
            continue  # reported once already, when the file was read
        elif digest_bytes(files[name]) != recorded:
            report.problems.append(f"{name} does not match its sha256 in manifest.json (changed after the run)")


def _check_frozen(copy: bytes | None, manifest: dict, results: Any, report: AuditReport) -> None:
    """A copy said to be frozen is the frozen file; so is a copy named after a frozen file."""
    fixtures = manifest.get("fixtures") or {}
    name = fixtures.get("name")
    sums = _frozen_sums()
    copy_sha = None if copy is None else digest_bytes(copy)
    if fixtures.get("frozen") is True:
        report.checked += 1
        frozen = sums.get(str(name))
        if frozen is None:
            report.problems.append(f"manifest.json says {name!r} is frozen, but SHA256SUMS does not list it")
        elif fixtures.get("frozen_sha256") != frozen or copy_sha != frozen:
            report.problems.append(f"fixtures.json is not the frozen {name} (its sha256 differs from SHA256SUMS)")
        return
    named = [name, results.get("fixtures") if isinstance(results, dict) else None]
    for each in dict.fromkeys(n for n in named if isinstance(n, str) and n in sums):
        report.checked += 1
        if copy_sha != sums[each]:
            report.problems.append(
                f"the evidence names the frozen fixture file {each}, but fixtures.json holds other bytes "
                "(its sha256 differs from SHA256SUMS); run an edited copy under a name of its own"
            )


def _check_sources(manifest: dict, report: AuditReport) -> None:
    """Every ``.py`` file of the package, in every subpackage, hashes as the run recorded."""
    recorded = manifest.get("package") or {}
    if not recorded:
        report.problems.append("manifest.json records no package source hashes")
    try:
        current = package_digests()
    except OSError as err:
        report.problems.append(f"the package sources cannot be read to compare them ({err.strerror or type(err).__name__})")
        return
    for name, value in sorted(recorded.items()):
        report.checked += 1
        if name not in current:
            report.problems.append(f"{name} was recorded but is not in the installed package")
        elif current[name] != value:
            report.problems.append(f"{name} differs from the source that produced this evidence")
    for name in sorted(current.keys() - recorded.keys()):
        report.problems.append(f"{name} is in the package but was not recorded by the run")


def _listing(folder: Path, report: AuditReport) -> list[str]:
    """The names in ``folder``; the audit's own reports are checked later, a report's temporary file
    (:data:`~groundlab.study.reports.TEMP_REPORT`, left by a killed save) is ignored, anything else is a problem."""
    try:
        names = sorted(os.listdir(folder))
    except OSError as err:
        report.problems.append(f"the evidence folder cannot be listed ({err.strerror or type(err).__name__})")
        return []
    for extra in names:
        if extra not in EVIDENCE_FILES and not AUDIT_FILE.fullmatch(extra) and not TEMP_REPORT.fullmatch(extra):
            report.problems.append(f"{extra} does not belong in an evidence folder")
    return [name for name in names if AUDIT_FILE.fullmatch(name)]


def audit_evidence(folder: str | Path) -> AuditReport:
    """Audit the evidence folder ``folder`` and return an :class:`AuditReport`.

    A damaged or unreadable folder never raises: every problem becomes a line of
    :attr:`AuditReport.problems`. Raises :class:`NotEvidenceError` (a
    ``FileNotFoundError``) only when ``folder`` is not a directory, cannot be
    read, is an unfinished run's temporary folder, or holds none of :data:`EVIDENCE_FILES`.
    """
    folder = Path(folder)
    _refuse_non_evidence(folder)
    report = AuditReport(folder=str(folder))
    files = {name: _read(folder, name, report) for name in ("manifest.json", "results.json", "fixtures.json")}
    manifest, results, fixture = (_decode(name, data, report) for name, data in files.items())
    report.frozen = _frozen_name(files["fixtures.json"])
    reports = _listing(folder, report)
    try:
        if isinstance(manifest, dict):
            _check_manifest(manifest, results, report)
            _check_hashes(files, manifest, report)
            _check_frozen(files["fixtures.json"], manifest, results, report)
            _check_sources(manifest, report)
        elif manifest is not None:
            report.problems.append("manifest.json is not a JSON object")
        if isinstance(results, dict):
            _check_results_members(results, report)
        if isinstance(results, dict) and isinstance(fixture, dict):
            _check_rows(results, fixture, report)
        elif results is not None and fixture is not None:
            report.problems.append("results.json and fixtures.json must both be JSON objects")
    except (AttributeError, KeyError, TypeError, ValueError, RecursionError) as err:
        report.problems.append(f"the evidence has an unexpected shape ({type(err).__name__}: {err})")
    check_earlier_reports(folder, reports, report)
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
        ("citation-only decision", row.get("citation_only_ok"), cited),
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
    if not fixture.get("cases"):
        report.problems.append("fixtures.json holds no cases, so the run checked nothing")
    for case in fixture.get("cases", []):
        counts["submitted"] += 1
        row = rows.pop(case["id"], None)
        report.checked += 1
        if row is None:
            report.problems.append(f"case {case['id']!r} has no row in results.json")
            continue
        checks, parsed, cited = _row_checks(case, row, sources)
        counts["strict_json"] += parsed
        counts["citation_only"] += cited
        counts["citation_false_accepts"] += cited and case["expected"] != "ACCEPT"
        counts["full_contract"] += row.get("actual") == "ACCEPT" == case["expected"]
        for what, got, want in checks:
            report.checked += 1
            if not _same(got, want):
                report.problems.append(f"case {case['id']!r}: {what} is {got!r} in results.json, expected {want!r}")
    for case_id in rows:
        report.problems.append(f"results.json has a row for {case_id!r}, which the fixtures do not hold")
    counts["disagreements"] = sum(
        1 for r in results.get("cases", []) if not (isinstance(r, dict) and r.get("agrees") is True)
    )
    recorded = results.get("counts", {})
    for key, value in counts.items():
        report.checked += 1
        if not _same(recorded.get(key), value):
            report.problems.append(f"counts.{key} is {recorded.get(key)!r} in results.json; the audit counts {value}")
    report.counts = counts


def _same(got: Any, want: Any) -> bool:
    """``got == want`` with the same JSON types throughout: ``1`` is not ``true``, ``0`` not ``false``."""
    if type(got) is not type(want):
        return False
    if isinstance(want, dict):
        return got.keys() == want.keys() and all(_same(got[key], want[key]) for key in want)
    if isinstance(want, list):
        return len(got) == len(want) and all(map(_same, got, want))
    return got == want


def _members(where: str, obj: Any, wanted: set[str], report: AuditReport) -> None:
    """Record members of the JSON object ``obj`` that a run never writes, or that it always writes and are missing."""
    if not isinstance(obj, dict):
        return
    extra, missing = sorted(obj.keys() - wanted), sorted(wanted - obj.keys())
    if extra:
        report.problems.append(f"{where} has members a run never writes: {', '.join(extra)}")
    if missing:
        report.problems.append(f"{where} lacks members a run writes: {', '.join(missing)}")


def _plain_name(name: Any) -> bool:
    return isinstance(name, str) and name not in ("", ".", "..") and not set(name) & {"/", "\\", "\0"}


def _check_results_members(results: dict, report: AuditReport) -> None:
    """``results.json`` holds exactly the members a run writes, in its rows and counts too (one check)."""
    report.checked += 1
    _members("results.json", results, _RESULTS_MEMBERS, report)
    _members("results.json: counts", results.get("counts"), _COUNT_MEMBERS, report)
    for row in results.get("cases") if isinstance(results.get("cases"), list) else []:
        if isinstance(row, dict):
            _members(f"results.json: case {row.get('id')!r}", row, _ROW_MEMBERS, report)
    name = results.get("fixtures")
    if not _plain_name(name):
        report.problems.append(f"results.json names the fixture file {name!r}, which is not a plain file name")


def _check_manifest(manifest: dict, results: Any, report: AuditReport) -> None:
    """``manifest.json`` holds the members a run writes, of their types, and records this groundlab,
    this Python, the fixture file that ``results.json`` names and a commit of this checkout (one check)."""
    report.checked += 1
    _members("manifest.json", manifest, _MANIFEST_MEMBERS, report)
    for section, wanted in _SECTION_MEMBERS.items():
        _members(f"manifest.json: {section}", manifest.get(section), wanted, report)
    for (section, key), value in _FIXED.items():
        got = (manifest.get(section) or {}).get(key)
        if got != value:
            report.problems.append(f"manifest.json: {section}.{key} is {got!r}; a run records {value!r}")
    fixtures = manifest.get("fixtures") or {}
    if type(fixtures.get("frozen")) is not bool:
        report.problems.append(f"manifest.json: fixtures.frozen is {fixtures.get('frozen')!r}, not true or false")
    name, named = fixtures.get("name"), results.get("fixtures") if isinstance(results, dict) else None
    if isinstance(results, dict) and name != named:
        report.problems.append(f"manifest.json names the fixture file {name!r}, but results.json names {named!r}")
    elif not _plain_name(name):
        report.problems.append(f"manifest.json names the fixture file {name!r}, which is not a plain file name")
    if manifest.get("line_endings") != _LINE_ENDINGS:
        report.problems.append(f"manifest.json: line_endings is {manifest.get('line_endings')!r}; a run records {_LINE_ENDINGS!r}")
    for key, what, now in (("groundlab_version", "groundlab", __version__), ("python", "Python", platform.python_version())):
        if manifest.get(key) != now:
            report.problems.append(
                f"manifest.json records {what} {manifest.get(key)}, but the audit runs {what} {now}; "
                "audit the evidence with the same versions that wrote it"
            )
    if not isinstance(manifest.get("platform"), str):
        report.problems.append("manifest.json: platform is not a string")
    _check_git(manifest.get("git"), report)


def _git(*args: str) -> subprocess.CompletedProcess | None:
    try:
        return subprocess.run(["git", "-C", str(package_dir()), *args], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None


def _check_git(git: Any, report: AuditReport) -> None:
    """A recorded commit is one of the checkout holding the package; with a clean tree, its package
    sources are the ones installed now. Without git or a checkout, only the record's shape is checked."""
    if git is None:
        return
    if not (isinstance(git, dict) and git.keys() == {"commit", "dirty"} and type(git["dirty"]) is bool
            and isinstance(git["commit"], str) and _COMMIT.fullmatch(git["commit"])):
        report.problems.append(f"manifest.json: git is {git!r}, not null or a commit and a dirty flag")
        return
    inside = _git("rev-parse", "--is-inside-work-tree")
    if inside is None or inside.returncode != 0 or inside.stdout.strip() != "true":
        return  # the audit runs from an installed package: there is no checkout to compare with
    commit = git["commit"]
    known = _git("cat-file", "-e", f"{commit}^{{commit}}")
    if known is None or known.returncode != 0:
        report.problems.append(
            f"manifest.json records the git commit {commit}, which is not a commit of the checkout holding the package"
        )
        return
    if not git["dirty"]:
        diff = _git("diff", "--quiet", commit, "--", ".")
        if diff is not None and diff.returncode == 1:
            report.problems.append(
                f"manifest.json records the git commit {commit} with a clean tree, "
                "but the package sources differ from that commit"
            )
