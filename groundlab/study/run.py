"""The study, rerunnable: decide labelled cases with three layers and keep the evidence.

:func:`run_cases` decides every case of a :class:`~groundlab.study.cases.CaseSet`
with the three admission layers of the configuration article ("a real citation
can still support a wrong answer"): strict JSON, citation-only check, full contract.
:func:`write_evidence` writes one run into a new evidence folder, which
:mod:`groundlab.study.audit` re-checks independently (``docs/architecture.md``, "The
study and its evidence").

The folder appears complete or not at all: it is written in a temporary sibling
and renamed into place (:mod:`groundlab.study.atomic`), so SIGTERM, SIGHUP, SIGINT
or an error at any moment leaves no folder, and never a partial one. A run
refuses an existing path, and a folder inside the frozen fixtures or inside the
package (:class:`EvidenceLocationError`). An evidence folder holds three files,
each written once and never overwritten:

* ``fixtures.json`` -- a byte copy of the fixture file that was run;
* ``results.json`` -- ``{"fixtures", "cases": [row, ...], "counts"}``, rows as
  :meth:`CaseResult.to_json`, counts as :attr:`StudyResult.counts`;
* ``manifest.json`` -- the SHA-256 of ``fixtures.json``, of ``results.json`` and of
  every ``.py`` file of the package (:func:`~groundlab.core.trusted.package_digests`),
  the Python and groundlab versions, the git commit and dirty flag of a checkout,
  and whether the fixtures are the frozen ones of ``SHA256SUMS``.
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from groundlab import __version__
from groundlab.core.contract import Status, verify_answer
from groundlab.core.trusted import digest, fixtures_dir, package_digests, package_dir, read_trusted_bytes
from groundlab.core.language import LIBRARY_CATALOGUE as tr
from groundlab.core.language import N_
from groundlab.study.atomic import TEMP_PREFIX, create_folder
from groundlab.study.cases import Case, CaseSet, fixture_name, frozen_digests, load_case_set
from groundlab.study.signals import RunInterrupted

__all__ = [
    "CaseResult",
    "EvidenceExistsError",
    "EvidenceLocationError",
    "RunInterrupted",
    "StudyResult",
    "check_location",
    "count_rows",
    "git_state",
    "run_cases",
    "write_evidence",
]


@dataclass(frozen=True)
class CaseResult:
    """One case's outcome in all three layers.

    ``expected`` and ``actual`` are :class:`~groundlab.core.contract.Status`;
    ``expected_code`` is the label's parse code and ``code`` the verdict's (each
    ``None`` unless ``INVALID_JSON``); ``strict_json_ok`` -- the answer parsed;
    ``citation_only_ok`` -- the citation-only check accepted it; ``accepted`` -- the
    contract's ``field -> value`` map (empty unless ``ACCEPT``); ``agrees`` -- the
    outcome matches the label (:meth:`~groundlab.study.cases.Case.agrees`).
    """

    id: str
    family: str
    expected: Status
    actual: Status
    expected_code: str | None
    code: str | None
    strict_json_ok: bool
    citation_only_ok: bool
    accepted: Mapping[str, str]
    agrees: bool

    def to_json(self) -> dict[str, Any]:
        """The row as written to ``results.json``: every field, as plain JSON types."""
        return {
            "id": self.id,
            "family": self.family,
            "expected": str(self.expected),
            "actual": str(self.actual),
            "expected_code": self.expected_code,
            "code": self.code,
            "strict_json_ok": self.strict_json_ok,
            "citation_only_ok": self.citation_only_ok,
            "accepted": dict(self.accepted),
            "agrees": self.agrees,
        }


@dataclass(frozen=True)
class StudyResult:
    """All rows of one run, in fixture order, and the counts per layer.

    ``counts``, in the order they are shown: ``submitted``, ``strict_json`` (parsed),
    ``citation_only`` (the citation-only check accepted), ``full_contract``
    (``ACCEPT``), ``citation_false_accepts`` (citation-only accepted a case labelled
    other than ``ACCEPT``), ``disagreements`` (rows that disagree with their label).
    The frozen study gives 22, 17, 13, 3, 10 and 0, the configuration article's figures.
    """

    rows: tuple[CaseResult, ...]
    counts: Mapping[str, int]

    @property
    def ok(self) -> bool:
        """``True`` when every row agrees with its label."""
        return self.counts["disagreements"] == 0


def count_rows(rows: tuple[CaseResult, ...]) -> dict[str, int]:
    """The per-layer counts of :class:`StudyResult` for ``rows`` (any objects with its fields)."""
    return {
        "submitted": len(rows),
        "strict_json": sum(r.strict_json_ok for r in rows),
        "citation_only": sum(r.citation_only_ok for r in rows),
        "full_contract": sum(r.actual is Status.ACCEPT for r in rows),
        "citation_false_accepts": sum(r.citation_only_ok and r.expected is not Status.ACCEPT for r in rows),
        "disagreements": sum(not r.agrees for r in rows),
    }


def _decide(case: Case, case_set: CaseSet) -> CaseResult:
    """Verify ``case`` once; the row takes its outcome fields from ``Verdict.to_dict()``."""
    verdict = verify_answer(case.raw, case.request, case_set.sources).to_dict()
    error = verdict["error"]
    actual = Status(verdict["status"])
    code = None if error is None else error["code"]
    return CaseResult(
        id=case.id,
        family=case.family,
        expected=case.expected,
        actual=actual,
        expected_code=case.code,
        code=code,
        strict_json_ok=error is None,
        citation_only_ok=verdict["citation_only_ok"],
        accepted=verdict["accepted"],
        agrees=case.agrees(actual, code),
    )


def run_cases(case_set: CaseSet) -> StudyResult:
    """Decide every case of ``case_set`` with the three layers (one ``verify_answer`` each); nothing is written."""
    rows = tuple(_decide(case, case_set) for case in case_set.cases)
    return StudyResult(rows=rows, counts=count_rows(rows))


class EvidenceExistsError(FileExistsError):
    """The evidence folder already exists; a run never writes into an old folder.

    ``path`` is the folder; ``reason`` is the message without the path, for places
    where a path is noise (a notebook).
    """

    REASON = N_("already exists; evidence folders are never overwritten. Choose a new --out folder.")

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        super().__init__(f"{self.path} {self.REASON}")

    @property
    def reason(self) -> str:
        """The message without the path, in the language in force."""
        return tr(self.REASON)

    def __str__(self) -> str:
        return f"{self.path} {self.reason}"


class EvidenceLocationError(ValueError):
    """The evidence folder would be inside the frozen fixtures or the package, or bears a temporary folder's name.

    A run never writes there.

    Data: ``path`` is the folder asked for; ``code`` is ``"inside_fixtures"``,
    ``"inside_package"`` or ``"temporary_name"``; ``place`` is the folder it would be
    inside (or ``None``); ``reason`` is the message without the path.
    """

    _REASONS = {
        "inside_fixtures": N_(
            "is inside the frozen fixtures folder {place}; the frozen files stay as committed. Choose an --out folder elsewhere."
        ),
        "inside_package": N_(
            "is inside the groundlab package {place}, whose files the manifest hashes. Choose an --out folder elsewhere."
        ),
        "temporary_name": N_(
            "starts with {prefix}, the mark of an unfinished run's temporary folder. Choose another name."
        ),
    }

    def __init__(self, path: Path, code: str, place: Path | None = None) -> None:
        self.path, self.code, self.place = Path(path), code, place
        super().__init__(f"{self.path} {self._REASONS[code].format(place=place, prefix=repr(TEMP_PREFIX))}")

    @property
    def reason(self) -> str:
        """The message without the path, in the language in force."""
        return tr(self._REASONS[self.code]).format(place=self.place, prefix=repr(TEMP_PREFIX))

    def __str__(self) -> str:
        return f"{self.path} {self.reason}"


def _inside(path: str, folder: Path) -> bool:
    top = os.path.realpath(folder)
    try:
        return os.path.commonpath([path, top]) == top
    except ValueError:  # on another drive (Windows)
        return False


def check_location(out: str | Path) -> None:
    """Raise :class:`EvidenceLocationError` when ``out`` (symbolic links resolved) would be
    inside :func:`~groundlab.core.trusted.fixtures_dir` or the package, or is named with
    :data:`~groundlab.study.atomic.TEMP_PREFIX`."""
    out = Path(out)
    if out.name.startswith(TEMP_PREFIX):
        raise EvidenceLocationError(out, "temporary_name")
    real = os.path.realpath(out)
    for code, folder in (("inside_fixtures", fixtures_dir()), ("inside_package", package_dir())):
        if _inside(real, folder):
            raise EvidenceLocationError(out, code, folder)


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], capture_output=True, text=True, timeout=10, check=True).stdout


def git_state(folder: Path) -> dict[str, Any] | None:
    """``{"commit": str, "dirty": bool}`` for the git checkout holding ``folder``.

    ``None`` when ``folder`` is not in a git work tree or git cannot run.
    """
    try:
        top = _git("-C", str(folder), "rev-parse", "--show-toplevel").strip()
        commit = _git("-C", top, "rev-parse", "HEAD").strip()
        status = _git("-C", top, "status", "--porcelain", "--untracked-files=no")
    except (OSError, subprocess.SubprocessError):
        return None
    return {"commit": commit, "dirty": bool(status.strip())}


def _write(path: Path, data: bytes) -> None:
    """Write a new file (``"x"``: never overwrite) and flush it to disk before the folder is renamed."""
    with open(path, "xb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def _dump(path: Path, obj: Any) -> None:
    _write(path, (json.dumps(obj, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))


def write_evidence(out: str | Path, fixtures: str | Path | None = None) -> StudyResult:
    """Run a fixture file (default: the frozen study) and write the new evidence folder ``out``.

    Returns the :class:`StudyResult`. A file from the fixtures folder is hash-checked first
    and recorded as frozen; any other is recorded as not frozen. The folder appears complete
    or not at all. Raises :class:`EvidenceExistsError` if ``out`` exists, before the run or
    at the rename (nothing there is touched); :class:`EvidenceLocationError` (see
    :func:`check_location`); ``FrozenFixtureError`` for an edited frozen file;
    ``TrustedInputError`` for a missing or malformed fixture file; ``OSError`` when the
    folder cannot be written; :class:`RunInterrupted` (SIGTERM, SIGHUP) or
    ``KeyboardInterrupt`` (SIGINT) while it is written, leaving no folder.
    """
    out = Path(out)
    check_location(out)
    if os.path.lexists(out):  # lexists: a dangling symlink is "existing" too
        raise EvidenceExistsError(out)
    case_set = load_case_set(fixtures)
    sums = frozen_digests(case_set)
    result = run_cases(case_set)
    try:
        create_folder(out, lambda folder: _write_folder(folder, case_set, result, sums))
    except FileExistsError:
        raise EvidenceExistsError(out) from None
    return result


def _write_folder(out: Path, case_set: CaseSet, result: StudyResult, sums: dict[str, str]) -> None:
    name = fixture_name(case_set)  # a symbolic link is recorded as the file it leads to
    _write(out / "fixtures.json", read_trusted_bytes(case_set.path))
    rows = [row.to_json() for row in result.rows]
    _dump(out / "results.json", {"fixtures": name, "cases": rows, "counts": dict(result.counts)})
    _dump(
        out / "manifest.json",
        {
            "groundlab_version": __version__,
            "python": platform.python_version(),
            "platform": platform.platform(),
            "fixtures": {
                "name": name,
                "copy": "fixtures.json",
                "sha256": digest(out / "fixtures.json"),
                "frozen": bool(sums),
                "frozen_sha256": sums.get(name),
            },
            "results": {"file": "results.json", "sha256": digest(out / "results.json")},
            "package": package_digests(),
            "git": git_state(package_dir()),
            "line_endings": "sha256 over bytes with CRLF and CR normalised to LF",
        },
    )
