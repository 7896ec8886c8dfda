"""Trusted-file loading: strict reading of trusted JSON files, and the frozen fixtures' hashes.

A registry, a request or a fixture file is trusted input written by people, not
by a model; still, it is read strictly (no repeated member names, no NaN) and a
problem in it is a :class:`TrustedInputError` naming the file, never a verdict.
Frozen fixtures are listed with their SHA-256 in ``SHA256SUMS`` and rechecked by
:func:`verify_frozen` ("cases and expected labels were committed before
execution", the configuration article). Digests are over the bytes with CRLF and
CR turned into LF, so a Windows checkout hashes the same. Standard library only.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable

__all__ = [
    "CHECKSUM_FILE",
    "FrozenFixtureError",
    "TrustedInputError",
    "digest",
    "fixtures_dir",
    "package_digests",
    "package_dir",
    "read_checksums",
    "read_json_file",
    "verify_frozen",
]


class TrustedInputError(ValueError):
    """A trusted file or object is malformed (bad JSON, missing key, wrong type).

    ``where`` names the file or object; the message says what is wrong in it.
    """

    def __init__(self, where: str, message: str) -> None:
        self.where = where
        self.message = message
        super().__init__(f"{where}: {message}")


def read_json_file(path: str | Path) -> Any:
    """Read a trusted JSON file as UTF-8 and decode it.

    Raises ``TrustedInputError`` naming the file for: no such file, a directory,
    any other ``OSError``, text that is not UTF-8, invalid JSON (with line and
    column), a repeated member name, NaN or Infinity, or nesting too deep to read
    (RFC 8259 text; a trusted file may still hold lone surrogate escapes, which an
    answer may not).
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise TrustedInputError(str(path), "no such file") from None
    except IsADirectoryError:
        raise TrustedInputError(str(path), "is a directory, not a file") from None
    except UnicodeDecodeError as err:
        raise TrustedInputError(str(path), f"not UTF-8 text ({err.reason} at byte {err.start})") from None
    except OSError as err:
        raise TrustedInputError(str(path), f"cannot be read ({err.strerror or err})") from None
    try:
        return json.loads(text, object_pairs_hook=_unique_members, parse_constant=_no_constant)
    except json.JSONDecodeError as err:
        raise TrustedInputError(
            str(path), f"not valid JSON: {err.msg} at line {err.lineno}, column {err.colno}"
        ) from None
    except _TrustedJSONError as err:
        raise TrustedInputError(str(path), f"not valid JSON: {err}") from None
    except RecursionError:
        raise TrustedInputError(str(path), "not valid JSON: nested too deeply to read") from None
    except ValueError as err:  # e.g. an integer over Python's 4300-digit conversion limit
        raise TrustedInputError(str(path), f"not readable JSON: {err}") from None


class _TrustedJSONError(ValueError):
    """Internal: a trusted file repeats a member name or uses NaN/Infinity."""


def _unique_members(pairs: list) -> dict:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set = set()
        repeated = next(k for k, _ in pairs if k in seen or seen.add(k))
        raise _TrustedJSONError(f"the member name {repeated!r} appears twice in one object")
    return result


def _no_constant(name: str):
    raise _TrustedJSONError(f"{name} is not a JSON value")


CHECKSUM_FILE = "SHA256SUMS"
"""``sha256sum``-format list of every frozen fixture (file name inside the folder)."""


def fixtures_dir() -> Path:
    """The folder holding the frozen fixtures.

    Inside an installed wheel they ship as ``groundlab/fixtures``; in a checkout
    (including an editable install) they are the top-level ``fixtures/`` folder.
    """
    package = package_dir()
    packaged = package / "fixtures"
    if packaged.is_dir():
        return packaged
    return package.parent / "fixtures"


def package_dir() -> Path:
    """The folder of the installed ``groundlab`` package."""
    return Path(__file__).resolve().parents[1]


def package_digests() -> dict[str, str]:
    """``"groundlab/<sub>/<file>.py" -> sha256`` for every package source, recursively, LF-normalised.

    Both the run (the manifest) and the audit hash this same set of files.
    """
    base = package_dir()
    return {
        "groundlab/" + p.relative_to(base).as_posix(): digest(p)
        for p in sorted(base.rglob("*.py"))
        if "__pycache__" not in p.parts
    }


def digest(path: str | Path) -> str:
    """Hex SHA-256 of a file's bytes with CRLF and CR normalised to LF."""
    data = Path(path).read_bytes().replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    import hashlib  # imported on first use: it is slow to import and most callers never hash

    return hashlib.sha256(data).hexdigest()


class FrozenFixtureError(RuntimeError):
    """A frozen fixture does not match ``SHA256SUMS``: it was edited, added or removed.

    ``problems`` lists one sentence per file.
    """

    def __init__(self, folder: Path, problems: list[str]) -> None:
        self.folder = folder
        self.problems = problems
        super().__init__(
            "frozen fixtures changed in "
            f"{folder}:\n  "
            + "\n  ".join(problems)
            + "\nThe labels were fixed before any run and must stay intact. To try a change, "
            "copy the file elsewhere, edit the copy, and run it with "
            "`groundlab run --fixtures YOUR_COPY --out NEW_DIR`."
        )


def read_checksums(folder: Path) -> dict[str, str]:
    """``file name -> hex digest`` from ``folder/SHA256SUMS`` (``sha256sum`` text format).

    Raises :class:`FrozenFixtureError` when the file is missing and ``ValueError``
    for a malformed line.
    """
    sums: dict[str, str] = {}
    try:
        text = (folder / CHECKSUM_FILE).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FrozenFixtureError(folder, [f"{CHECKSUM_FILE} is missing, so nothing can be verified"]) from None
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        parts = line.split(None, 1)
        if len(parts) != 2 or len(parts[0]) != 64:
            raise ValueError(f"{folder / CHECKSUM_FILE}, line {number}: expected '<sha256>  <file>'")
        sums[parts[1].lstrip("*").strip()] = parts[0].lower()
    return sums


def verify_frozen(folder: str | Path | None = None, names: Iterable[str] | None = None) -> dict[str, str]:
    """Check the fixtures in ``folder`` (default :func:`fixtures_dir`) against
    ``SHA256SUMS``; return the verified ``name -> digest`` map.

    With ``names=None`` every listed file must match and every ``*.json`` must be
    listed; with ``names``, only those files are checked and each must be listed.
    Raises :class:`FrozenFixtureError` naming each edited, missing or unlisted file.
    """
    folder = Path(folder) if folder is not None else fixtures_dir()
    expected = read_checksums(folder)
    present = {p.name for p in folder.glob("*.json")}
    if names is not None:
        wanted = list(names)
        present = set(wanted)
        expected = {name: expected[name] for name in wanted if name in expected}
    problems = []
    for name, want in sorted(expected.items()):
        path = folder / name
        if not path.is_file():
            problems.append(f"{name}: listed in {CHECKSUM_FILE} but missing")
        elif digest(path) != want:
            problems.append(f"{name}: content differs from its frozen SHA-256 (was it edited?)")
    for name in sorted(present - set(expected)):
        problems.append(f"{name}: not listed in {CHECKSUM_FILE}")
    if problems:
        raise FrozenFixtureError(folder, problems)
    return expected
