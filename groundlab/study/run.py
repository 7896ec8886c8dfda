"""The seed study, rerunnable: run labelled cases through three layers and keep evidence.

:func:`run_cases` decides every case of a :class:`~groundlab.study.cases.CaseSet` with
the three admission layers of seed 000 (strict JSON, quote exists, full contract)
and counts what each accepts. :func:`write_evidence` writes that run into a new
evidence folder, and :mod:`groundlab.study.audit` re-checks it independently.

An evidence folder holds three files, written once and never overwritten:

* ``fixtures.json`` -- a byte copy of the fixture file that was run;
* ``results.json`` -- ``{"fixtures", "cases": [row...], "counts"}``, each row with
  ``id``, ``family``, ``expected``, ``actual``, ``code``, ``strict_json_ok``,
  ``citation_ok``, ``accepted``, ``agrees``;
* ``manifest.json`` -- SHA-256 of the fixture copy, of ``results.json`` and of every
  package source (line endings normalised to LF), Python and groundlab versions,
  the git commit and dirty flag when run from a checkout, and whether the fixtures
  matched the frozen ``SHA256SUMS``.
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from groundlab import __version__
from groundlab.core.contract import Status, verify_answer
from groundlab.core.trusted import digest, fixtures_dir, package_digests, package_dir, verify_frozen
from groundlab.study.cases import CaseSet, load_case_set

__all__ = [
    "COUNT_KEYS",
    "CaseResult",
    "EvidenceExistsError",
    "StudyResult",
    "count_rows",
    "git_state",
    "package_digests",
    "run_cases",
    "write_evidence",
]


@dataclass(frozen=True)
class CaseResult:
    """One case's outcome in all three layers.

    ``expected`` and ``actual`` are :class:`~groundlab.core.contract.Status`; ``code`` is
    the parse error code the contract reported (``None`` unless ``INVALID_JSON``);
    ``strict_json_ok`` -- the answer parsed into claims; ``citation_ok`` -- the
    citation-only baseline accepted it; ``accepted`` -- the contract's map (empty
    unless ``ACCEPT``); ``agrees`` -- ``actual`` (and ``code``) equal the label.
    """

    id: str
    family: str
    expected: Status
    actual: Status
    expected_code: str | None
    code: str | None
    strict_json_ok: bool
    citation_ok: bool
    accepted: Mapping[str, str]
    agrees: bool

    def to_json(self) -> dict[str, Any]:
        """The row as written to ``results.json`` (plain JSON types)."""
        return {
            "id": self.id,
            "family": self.family,
            "expected": str(self.expected),
            "actual": str(self.actual),
            "expected_code": self.expected_code,
            "code": self.code,
            "strict_json_ok": self.strict_json_ok,
            "citation_ok": self.citation_ok,
            "accepted": dict(self.accepted),
            "agrees": self.agrees,
        }


@dataclass(frozen=True)
class StudyResult:
    """All rows of one run, in fixture order, and the counts per layer.

    ``counts`` keys: ``submitted``, ``strict_json`` (parsed), ``quote_exists``
    (citation-only accepted), ``full_contract`` (ACCEPT), ``citation_false_accepts``
    (citation-only accepted a case labelled other than ACCEPT), ``disagreements``
    (rows whose outcome differs from the label). For the frozen study these are
    22, 17, 13, 3, 10 and 0 (seed 000).
    """

    rows: tuple[CaseResult, ...]
    counts: Mapping[str, int]

    @property
    def ok(self) -> bool:
        """``True`` when every row agrees with its label."""
        return self.counts["disagreements"] == 0


COUNT_KEYS = (
    "submitted",
    "strict_json",
    "quote_exists",
    "full_contract",
    "citation_false_accepts",
    "disagreements",
)


def count_rows(rows: tuple[CaseResult, ...]) -> dict[str, int]:
    """The per-layer counts of :class:`StudyResult` for ``rows``."""
    return {
        "submitted": len(rows),
        "strict_json": sum(r.strict_json_ok for r in rows),
        "quote_exists": sum(r.citation_ok for r in rows),
        "full_contract": sum(r.actual is Status.ACCEPT for r in rows),
        "citation_false_accepts": sum(r.citation_ok and r.expected is not Status.ACCEPT for r in rows),
        "disagreements": sum(not r.agrees for r in rows),
    }


def run_cases(case_set: CaseSet) -> StudyResult:
    """Decide every case of ``case_set`` with the three layers; nothing is written.

    Each case is verified once with :func:`~groundlab.core.contract.verify_answer`; the
    verdict also carries the citation-only decision, and the strict-JSON decision
    is "the parse step passed".
    """
    rows = []
    for case in case_set.cases:
        verdict = verify_answer(case.raw, case.request, case_set.sources)
        code = verdict.error.code if verdict.error is not None else None
        rows.append(
            CaseResult(
                id=case.id,
                family=case.family,
                expected=case.expected,
                actual=verdict.status,
                expected_code=case.code,
                code=code,
                strict_json_ok=verdict.error is None,
                citation_ok=verdict.citation_ok,
                accepted=dict(verdict.accepted),
                agrees=verdict.status is case.expected and code == case.code,
            )
        )
    rows_t = tuple(rows)
    return StudyResult(rows=rows_t, counts=count_rows(rows_t))


class EvidenceExistsError(FileExistsError):
    """The evidence folder already exists; a run never writes into an old folder.

    ``path`` is the folder; ``reason`` is the message without the path, for
    showing where paths would be noise (a notebook).
    """

    reason = "already exists; evidence folders are never overwritten. Choose a new --out folder."

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        super().__init__(f"{self.path} {self.reason}")


def git_state(folder: Path) -> dict[str, Any] | None:
    """``{"commit": str, "dirty": bool}`` for the checkout holding ``folder``, or ``None``
    when it is not in a git work tree or git is unavailable."""
    try:
        top = subprocess.run(
            ["git", "-C", str(folder), "rev-parse", "--show-toplevel"],
            capture_output=True, text=True, timeout=10, check=True,
        ).stdout.strip()
        commit = subprocess.run(
            ["git", "-C", top, "rev-parse", "HEAD"], capture_output=True, text=True, timeout=10, check=True
        ).stdout.strip()
        status = subprocess.run(
            ["git", "-C", top, "status", "--porcelain", "--untracked-files=no"],
            capture_output=True, text=True, timeout=10, check=True,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    return {"commit": commit, "dirty": bool(status.strip())}


def _dump(path: Path, obj: Any) -> None:
    with open(path, "x", encoding="utf-8", newline="\n") as handle:  # "x": never overwrite
        json.dump(obj, handle, indent=2, ensure_ascii=False)
        handle.write("\n")


def write_evidence(out: str | Path, fixtures: str | Path | None = None) -> StudyResult:
    """Run a fixture file and write a new evidence folder ``out``.

    ``fixtures`` defaults to the frozen study; its hashes are verified first
    (:class:`~groundlab.study.cases.FrozenFixtureError` if it was edited). Any other
    file is run as given and recorded as not frozen. Returns the
    :class:`StudyResult`.

    Raises :class:`EvidenceExistsError` if ``out`` exists (nothing in it is touched),
    ``TrustedInputError`` for a missing or malformed fixture file, and ``OSError``
    when the folder cannot be created or written (a half-written folder is removed).
    """
    out = Path(out)
    if os.path.lexists(out):  # lexists: a dangling symlink is "existing" too
        raise EvidenceExistsError(out)
    frozen_dir = fixtures_dir()
    case_set = load_case_set(fixtures)  # a bare name is looked up in the fixtures folder
    path = case_set.path
    frozen = False
    sums: dict[str, str] = {}
    if path.resolve().parent == frozen_dir.resolve():
        sums = verify_frozen(frozen_dir, [path.name])  # FrozenFixtureError when edited
        frozen = True
    result = run_cases(case_set)

    try:
        out.mkdir(parents=True, exist_ok=False)
    except FileExistsError:
        raise EvidenceExistsError(out) from None
    try:
        _write_folder(out, path, result, frozen, sums)
    except BaseException:
        shutil.rmtree(out, ignore_errors=True)  # the folder is ours and new: leave nothing half-written
        raise
    return result


def _write_folder(out: Path, path: Path, result: StudyResult, frozen: bool, sums: dict[str, str]) -> None:
    shutil.copyfile(path, out / "fixtures.json")
    _dump(
        out / "results.json",
        {
            "fixtures": path.name,
            "cases": [row.to_json() for row in result.rows],
            "counts": dict(result.counts),
        },
    )
    _dump(
        out / "manifest.json",
        {
            "groundlab_version": __version__,
            "python": platform.python_version(),
            "platform": platform.platform(),
            "fixtures": {
                "name": path.name,
                "copy": "fixtures.json",
                "sha256": digest(out / "fixtures.json"),
                "frozen": frozen,
                "frozen_sha256": sums.get(path.name),
            },
            "results": {"file": "results.json", "sha256": digest(out / "results.json")},
            "package": package_digests(),
            "git": git_state(package_dir()),
            "line_endings": "sha256 over bytes with CRLF and CR normalised to LF",
        },
    )


