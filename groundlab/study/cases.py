"""Labelled cases: the configuration-contract fixture files, loaded strictly.

A fixture file is ``{"sources": [...], "cases": [...]}``; each case is ``{"id",
"raw", "request", "expected"}`` (the shape of the configuration article, "a real
citation can still support a wrong answer") with optional ``code``, ``family`` and
``description``. The labels are frozen before any run and hash-checked against
``fixtures/SHA256SUMS`` (:func:`groundlab.core.trusted.verify_frozen`); to
experiment, run a copy (``groundlab run --fixtures COPY``). ``fixtures/README.md``
describes every member; ``docs/architecture.md``, "The study and its evidence".
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Mapping

from groundlab.core.claims import ERROR_CODES
from groundlab.core.contract import Status
from groundlab.core.registry import Registry, Request, registry_from_dict, request_from_dict
from groundlab.core.trusted import TrustedInputError, fixtures_dir, read_json_file, verify_frozen

__all__ = [
    "STUDY_FILE",
    "Case",
    "CaseSet",
    "case_set_from_dict",
    "fixture_name",
    "frozen_digests",
    "load_case_set",
]

STUDY_FILE = "config_contract.json"
"""The 22-case study of the configuration article (a file name inside :func:`fixtures_dir`)."""


@dataclass(frozen=True)
class Case:
    """One labelled answer of a configuration-contract fixture.

    ``raw`` is the answer text exactly as a model would send it; ``request`` its
    trusted :class:`~groundlab.core.registry.Request`; ``expected`` the frozen
    :class:`~groundlab.core.contract.Status`; ``code`` the expected parse error code
    (only ever set for ``INVALID_JSON``, and optional there); ``family`` and
    ``description`` are ``""`` when the file omits them.
    """

    id: str
    family: str
    description: str
    raw: str
    request: Request
    expected: Status
    code: str | None = None

    @property
    def compares_code(self) -> bool:
        """``False`` only for an ``INVALID_JSON`` case without ``code``: then only the status is compared."""
        return self.code is not None or self.expected is not Status.INVALID_JSON

    def agrees(self, status: Status, code: str | None) -> bool:
        """``True`` when an outcome (``status``, parse ``code`` or ``None``) matches this label."""
        return status is self.expected and (code == self.code or not self.compares_code)


@dataclass(frozen=True)
class CaseSet:
    """A loaded fixture file: ``sources`` (a :class:`~groundlab.core.registry.Registry`),
    ``cases`` in file order and the ``path`` it came from.

    Iterating yields the cases; ``case_set["complete"]`` returns one case and raises
    ``KeyError`` listing the known ids when there is none.
    """

    path: Path
    sources: Registry
    cases: tuple[Case, ...]

    def __iter__(self) -> Iterator[Case]:
        return iter(self.cases)

    def __len__(self) -> int:
        return len(self.cases)

    def __getitem__(self, case_id: str) -> Case:
        for case in self.cases:
            if case.id == case_id:
                return case
        known = ", ".join(c.id for c in self.cases)
        raise KeyError(f"no case {case_id!r} in {self.path.name}; known ids: {known}")

    @property
    def ids(self) -> tuple[str, ...]:
        """Every case id, in file order."""
        return tuple(c.id for c in self.cases)


def _case(obj: Any, where: str) -> Case:
    if not isinstance(obj, dict):
        raise TrustedInputError(where, "a case must be a JSON object")
    for key in ("id", "raw", "request", "expected"):
        if key not in obj:
            raise TrustedInputError(where, f"missing {key}")
    if not isinstance(obj["id"], str) or not obj["id"]:
        raise TrustedInputError(where, "id must be a non-empty string")
    if not isinstance(obj["raw"], str):
        raise TrustedInputError(where, "raw must be a string (the answer text)")
    try:
        expected = Status(obj["expected"])
    except ValueError:
        raise TrustedInputError(
            where, f"expected {obj['expected']!r} is not a status; use one of {', '.join(s.value for s in Status)}"
        ) from None
    for key in ("family", "description"):
        if not isinstance(obj.get(key, ""), str):
            raise TrustedInputError(where, f"{key} must be a string, not {type(obj[key]).__name__}")
    for key in ("id", "family", "description"):
        at = _lone_surrogate(obj.get(key, ""))
        if at is not None:
            raise TrustedInputError(
                where, f"{key} holds a lone surrogate (U+{ord(obj[key][at]):04X} at offset {at}), which the "
                "evidence cannot record as UTF-8; only an answer's raw text may hold one"
            )
    code = obj.get("code")
    if expected is Status.INVALID_JSON and code is not None and code not in ERROR_CODES:
        raise TrustedInputError(where, f"an INVALID_JSON case's code must be one of {', '.join(ERROR_CODES)}")
    if expected is not Status.INVALID_JSON and code is not None:
        raise TrustedInputError(where, "only an INVALID_JSON case has a code")
    return Case(
        id=obj["id"],
        family=obj.get("family", ""),
        description=obj.get("description", ""),
        raw=obj["raw"],
        request=request_from_dict(obj["request"], f"{where}.request"),
        expected=expected,
        code=code,
    )


def _lone_surrogate(text: str) -> int | None:
    """The offset of the first lone surrogate in ``text`` (from a ``\\ud800`` escape, or a file name's
    undecodable byte), or ``None``: UTF-8 text, as the evidence records, cannot hold one."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as err:
        return err.start
    return None


def case_set_from_dict(obj: Mapping[str, Any], path: Path) -> CaseSet:
    """Build a :class:`CaseSet` from a decoded fixture file found at ``path``.

    Raises ``TrustedInputError`` for a malformed registry or case, no case at all, two
    cases with one id, or a request that supplies a document the registry does not hold.
    """
    where = str(path)
    registry = registry_from_dict(obj, where)
    cases_obj = obj.get("cases")
    if not isinstance(cases_obj, list):
        raise TrustedInputError(where, '"cases" must be a JSON array')
    if not cases_obj:
        raise TrustedInputError(where, '"cases" is empty; a fixture file holds at least one case')
    cases = tuple(_case(item, f"{where}: cases[{i}]") for i, item in enumerate(cases_obj))
    seen: set[str] = set()
    for case in cases:
        if case.id in seen:
            raise TrustedInputError(where, f"two cases share the id {case.id!r}")
        seen.add(case.id)
        try:
            registry.check_request(case.request)
        except ValueError as err:
            raise TrustedInputError(f"{where}: case {case.id!r}", str(err)) from None
    return CaseSet(path=path, sources=registry, cases=cases)


def load_case_set(path: str | Path | None = None) -> CaseSet:
    """Load a configuration-contract fixture file (default: the frozen study, :data:`STUDY_FILE`).

    A bare file name not in the working folder is looked up in :func:`fixtures_dir`.
    ``TrustedInputError`` for a missing file, invalid JSON, a malformed case, or a file
    name (symbolic links resolved) that is not UTF-8, since the evidence records it. Hashes
    are not checked here (:func:`frozen_digests` does).
    """
    if path is None:
        path = fixtures_dir() / STUDY_FILE
    path = Path(path)
    if not path.exists() and path.parent == Path(".") and (fixtures_dir() / path.name).exists():
        path = fixtures_dir() / path.name
    if _lone_surrogate(os.path.basename(os.path.realpath(path))) is not None:  # the evidence records the name
        raise TrustedInputError(str(path), "the file's name is not UTF-8, so the evidence cannot record it; rename the file")
    return case_set_from_dict(read_json_file(path), path)


def frozen_digests(case_set: CaseSet) -> dict[str, str]:
    """``{file name: sha256}`` when ``case_set`` was loaded from :func:`fixtures_dir`, else ``{}``.

    A file inside the fixtures folder is frozen and is checked against ``SHA256SUMS``
    first: ``FrozenFixtureError`` when it was edited. A copy elsewhere is not frozen. The
    file is the one symbolic links lead to, named by its own name (:func:`fixture_name`),
    never by the link's.
    """
    folder = fixtures_dir()
    real = case_set.path.resolve()
    if real.parent != folder.resolve():
        return {}
    return verify_frozen(folder, [real.name])


def fixture_name(case_set: CaseSet) -> str:
    """The name of the file ``case_set`` was read from, symbolic links resolved (what the evidence records)."""
    return case_set.path.resolve().name
