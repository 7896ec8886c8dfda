"""Trusted-file loading: bounded, strict reading of trusted JSON files, and the frozen fixtures' hashes.

A registry, a request or a fixture file is trusted input written by people, not by a
model; still, it is read strictly and with bounds, and a problem in it is a
:class:`TrustedInputError` naming the file, never a verdict (``docs/architecture.md``,
"Decisions recorded so far"). Reading never blocks and never reads without a bound. The
JSON rules are the reading phase of the strict layer (:func:`groundlab.core.reader.read`);
lone surrogate escapes are allowed, because the answers under test hold them. Frozen
fixtures are listed with their SHA-256 in ``SHA256SUMS`` and rechecked by
:func:`verify_frozen` ("cases and expected labels were committed before execution", the
configuration article, "a real citation can still support a wrong answer"). Digests are
over the bytes with CRLF and CR turned into LF, so a Windows checkout hashes the same.
Standard library only.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from types import MappingProxyType
from typing import Any, Iterable, Mapping

from groundlab.core.errors import ClaimsSyntaxError
from groundlab.core.failure import GroundlabError
from groundlab.core.language import LIBRARY_CATALOGUE as tr
from groundlab.core.language import N_, language_scope
from groundlab.core.reader import read_placed as _read_json_text
from groundlab.core.text import line_column

__all__ = [
    "CHECKSUM_FILE",
    "MAX_TRUSTED_BYTES",
    "TRUSTED_FILE_CODES",
    "FrozenFixtureError",
    "TrustedInputError",
    "decode_json",
    "digest",
    "digest_bytes",
    "fixtures_dir",
    "package_digests",
    "package_dir",
    "read_checksums",
    "read_json_file",
    "read_trusted_bytes",
    "verify_frozen",
]

MAX_TRUSTED_BYTES = 2 * 1024 * 1024
"""Largest trusted file read, in bytes (2 MiB, over five times the largest frozen fixture); a larger
file is refused as ``too_large``. With syntax errors, repeated names and depth faults placed
by the C reader (:func:`groundlab.core.reader.read_placed`), reading or refusing one takes
about a second at most (``benchmarks/trusted.py``)."""

# code -> template over the context; the message of a TrustedInputError raised while reading a file.
_TEMPLATES = {
    "no_file": N_("no such file"),
    "not_a_file": N_("is {kind}, not a regular file"),
    "too_large": N_("is {size} bytes; a trusted file may hold at most {limit} bytes ({limit_mib:g} MiB)"),
    "unreadable": N_("cannot be read ({strerror})"),
    "not_utf8": N_("not UTF-8 text (byte 0x{byte:02X} at offset {offset}, line {line}, column {column})"),
    **dict.fromkeys(
        ("bad_json", "not_json_constant", "duplicate_member", "too_deep", "bad_number"),
        N_("not valid JSON: {detail} at line {line}, column {column}"),  # detail: the strict reader's own sentence
    ),
}
TRUSTED_FILE_CODES = tuple(_TEMPLATES)
"""Every :attr:`TrustedInputError.code` that :func:`read_json_file` raises; any other
trusted-input problem (a missing member, a wrong type) has code ``"malformed"``."""

# what the strict reader's code (and reason) becomes in a trusted file
_JSON_CODES = {"not_json": "bad_json", "duplicate_member": "duplicate_member", "too_deep": "too_deep", "bad_number": "bad_number"}
_KINDS = (
    (stat.S_ISDIR, N_("a directory")),
    (stat.S_ISFIFO, N_("a named pipe (FIFO)")),
    (stat.S_ISCHR, N_("a character device")),
    (stat.S_ISBLK, N_("a block device")),
    (stat.S_ISSOCK, N_("a socket")),
)


class TrustedInputError(GroundlabError, ValueError):
    """A trusted file or object is malformed (bad JSON, missing key, wrong type) or cannot be read.

    Data: ``where`` names the file or object; ``code`` is one of
    :data:`TRUSTED_FILE_CODES` for a file that cannot be read or decoded, else
    ``"malformed"``; ``line`` and ``column`` (1-based, columns in code points) place
    a problem in the file's text, or are ``None``; ``context`` is a read-only
    mapping of the details the message is rendered from (``kind``, ``size``,
    ``limit``, ``strerror``, ``byte``, ``offset``, ``detail``, ``reason``...);
    ``path`` is ``()``. ``message`` is the sentence: for a code of
    :data:`TRUSTED_FILE_CODES`, ``TEMPLATES[code]`` over ``context``; for
    ``"malformed"``, the ``message`` given. ``str(err)`` is ``"<where>: <message>"``.

    Raises:
        ValueError: ``code`` is neither ``"malformed"`` nor in :data:`TRUSTED_FILE_CODES`.
    """

    TEMPLATES = MappingProxyType(_TEMPLATES)
    CODES = ("malformed", *_TEMPLATES)

    def __init__(
        self,
        where: str,
        message: str = "",
        *,
        code: str = "malformed",
        line: int | None = None,
        column: int | None = None,
        context: Mapping[str, Any] | None = None,
    ) -> None:
        if code != "malformed" and code not in _TEMPLATES:
            raise ValueError(f"code must be 'malformed' or one of {', '.join(_TEMPLATES)}, not {code!r}")
        super().__init__(where, message, code=code, context=context)
        self.where = where
        self.line = line
        self.column = column
        self._sentence = message  # the message of code "malformed"

    def _render(self) -> str:
        if self.code == "malformed":
            return self._sentence
        if self.code == "not_a_file":  # the kind of file is a phrase of the catalogue too
            return tr(self.TEMPLATES[self.code]).format_map({**self._context, "kind": tr(self._context["kind"])})
        if "syntax" in self._context:  # the JSON reader's refusal, said again in the language in force
            code, reason, context = self._context["syntax"]
            detail = ClaimsSyntaxError(code, reason, context=context).message
            return tr(self.TEMPLATES[self.code]).format_map({**self._context, "detail": detail})
        return super()._render()

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


def _refuse(where: str, code: str, **context: Any) -> TrustedInputError:
    """The error for ``code``; its message is rendered from ``context`` by the code's template."""
    return TrustedInputError(where, code=code, line=context.get("line"), column=context.get("column"), context=context)


def _kind(mode: int) -> str:
    return next((kind for test, kind in _KINDS if test(mode)), N_("not a regular file"))


def _regular_size(path: Path, mode: int, size: int, limit: int) -> None:
    """Raise unless ``mode`` is a regular file's and ``size`` is within ``limit``."""
    if not stat.S_ISREG(mode):
        raise _refuse(str(path), "not_a_file", kind=_kind(mode))
    if size > limit:
        raise _too_large(path, size, limit)


def _too_large(path: Path, size: int | str, limit: int) -> TrustedInputError:
    return _refuse(str(path), "too_large", size=size, limit=limit, limit_mib=limit / (1 << 20))


def _os_error(path: Path, err: OSError) -> TrustedInputError:
    if isinstance(err, (FileNotFoundError, NotADirectoryError)):
        return _refuse(str(path), "no_file")
    return _refuse(str(path), "unreadable", strerror=err.strerror or type(err).__name__)


# O_NONBLOCK: opening a FIFO never waits for a writer; O_NOCTTY: a terminal never becomes ours.
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)


def read_trusted_bytes(path: str | Path, limit: int = MAX_TRUSTED_BYTES) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them; never blocks.

    The file is checked before it is opened (``stat``) and again once open
    (``fstat``), and at most ``limit + 1`` bytes are read, so a FIFO, a device such
    as ``/dev/zero`` or a file that grows while it is read is refused, never read
    without a bound. Raises :class:`TrustedInputError` with code ``no_file``,
    ``not_a_file`` (context ``kind``), ``too_large`` (``size``, ``limit``) or
    ``unreadable`` (``strerror``: permission denied and any other ``OSError``).
    """
    path = Path(path)
    try:
        info = os.stat(path)
        _regular_size(path, info.st_mode, info.st_size, limit)
        fd = os.open(path, _OPEN_FLAGS)
    except OSError as err:
        raise _os_error(path, err) from None
    try:
        info = os.fstat(fd)
        _regular_size(path, info.st_mode, info.st_size, limit)
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as err:
        raise _os_error(path, err) from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:  # it grew after fstat
        raise _too_large(path, f"over {limit}", limit)
    return data


def decode_json(data: bytes, where: str) -> Any:
    """Decode a trusted file's bytes (strict UTF-8, then the strict reader's reading phase).

    Raises :class:`TrustedInputError` naming ``where``, with ``line`` and ``column``, and code
    ``not_utf8`` (context ``byte``, ``offset``), or, with the strict reader's own sentence
    (context ``detail``, ``reason``): ``bad_json`` (RFC 8259 syntax), ``not_json_constant``
    (NaN, Infinity), ``duplicate_member``, ``too_deep`` (over ``MAX_DEPTH`` levels) or
    ``bad_number`` (overflows a double). A syntax error, a repeated name or a too-deep nesting is
    placed where the C reader finds it, without the pure-Python locator
    (:func:`~groundlab.core.reader.read_placed`).
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        prefix = data[: err.start].decode("utf-8")
        line, column = line_column(prefix, len(prefix))
        raise _refuse(where, "not_utf8", byte=data[err.start], offset=err.start, line=line, column=column) from None
    try:
        return _read_json_text(text)
    except ClaimsSyntaxError as err:
        code = "not_json_constant" if err.reason == "constant" else _JSON_CODES[err.code]
        with language_scope("en"):  # data in English; the message renders it in the language in force
            detail = err.message
        raise _refuse(
            where, code, detail=detail, reason=err.reason, line=err.line, column=err.column,
            syntax=(err.code, err.reason, dict(err.context)),
        ) from None


def read_json_file(path: str | Path) -> Any:
    """Read a trusted JSON file: a regular file of at most :data:`MAX_TRUSTED_BYTES`, UTF-8, strict JSON.

    Raises :class:`TrustedInputError` naming the file, as :func:`read_trusted_bytes` and then
    :func:`decode_json` do. Lone surrogate escapes are allowed (an answer may not hold them).
    """
    return decode_json(read_trusted_bytes(path), str(path))


CHECKSUM_FILE = "SHA256SUMS"
"""``sha256sum``-format list of every frozen fixture (file name inside the folder)."""


def fixtures_dir() -> Path:
    """The folder holding the frozen fixtures: ``groundlab/fixtures`` in a wheel, else the checkout's ``fixtures/``."""
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

    The run (its manifest) and the audit both hash this set.
    """
    base = package_dir()
    return {
        "groundlab/" + p.relative_to(base).as_posix(): digest(p)
        for p in sorted(base.rglob("*.py"))
        if "__pycache__" not in p.parts
    }


def digest(path: str | Path) -> str:
    """Hex SHA-256 of a file's bytes with CRLF and CR normalised to LF."""
    return digest_bytes(Path(path).read_bytes())


def digest_bytes(data: bytes) -> str:
    """Hex SHA-256 of ``data`` with CRLF and CR normalised to LF (what :func:`digest` hashes)."""
    import hashlib  # imported on first use: it is slow to import and most callers never hash

    return hashlib.sha256(data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")).hexdigest()


class _Problem(str):
    """One problem of :class:`FrozenFixtureError`: the English sentence, with the template and
    the values it was made from, so the error can show it in the language in force."""

    __slots__ = ("template", "fields")

    def __new__(cls, template: str, **fields: Any) -> "_Problem":
        self = super().__new__(cls, template.format(**fields))
        self.template = template
        self.fields = fields
        return self

    def __getnewargs_ex__(self) -> tuple:  # copies and pickles are made from the template again
        return (self.template,), self.fields

    def shown(self) -> str:
        return tr(self.template).format(**self.fields)


def _shown(problem: str) -> str:
    return problem.shown() if isinstance(problem, _Problem) else problem


class FrozenFixtureError(RuntimeError):
    """A frozen fixture does not match ``SHA256SUMS``: it was edited, added or removed.

    ``problems`` lists one sentence per file (English); ``str(err)`` shows them in the
    language in force.
    """

    def __init__(self, folder: Path, problems: list[str]) -> None:
        self.folder = folder
        self.problems = problems
        super().__init__(self._message(str))

    def _message(self, show) -> str:
        return (
            show(N_("frozen fixtures changed in {folder}:")).format(folder=self.folder)
            + "\n  "
            + "\n  ".join(_shown(p) if show is tr else str(p) for p in self.problems)
            + "\n"
            + show(
                N_(
                    "The labels were fixed before any run and must stay intact. To try a change, "
                    "copy the file elsewhere, edit the copy, and run it with "
                    "`groundlab run --fixtures YOUR_COPY --out NEW_DIR`."
                )
            )
        )

    def __str__(self) -> str:
        return self._message(tr)


def read_checksums(folder: Path) -> dict[str, str]:
    """``file name -> hex digest`` from ``folder/SHA256SUMS`` (``sha256sum`` text format).

    Raises :class:`FrozenFixtureError` when the file is missing, unreadable, not
    UTF-8, or has a malformed line.
    """
    sums: dict[str, str] = {}
    try:
        text = (folder / CHECKSUM_FILE).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FrozenFixtureError(folder, [_Problem(N_("{file} is missing, so nothing can be verified"), file=CHECKSUM_FILE)]) from None
    except UnicodeDecodeError as err:
        raise FrozenFixtureError(folder, [_Problem(N_("{file} is not UTF-8 text (byte {byte})"), file=CHECKSUM_FILE, byte=err.start)]) from None
    except OSError as err:
        raise FrozenFixtureError(folder, [_Problem(N_("{file} cannot be read ({why})"), file=CHECKSUM_FILE, why=err.strerror or err)]) from None
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        parts = line.split(None, 1)
        if len(parts) != 2 or len(parts[0]) != 64:
            raise FrozenFixtureError(folder, [_Problem(N_("{file}, line {line}: expected '<sha256>  <file>'"), file=CHECKSUM_FILE, line=number)])
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
            problems.append(_Problem(N_("{name}: listed in {file} but missing"), name=name, file=CHECKSUM_FILE))
        elif digest(path) != want:
            problems.append(_Problem(N_("{name}: content differs from its frozen SHA-256 (was it edited?)"), name=name))
    for name in sorted(present - set(expected)):
        problems.append(_Problem(N_("{name}: not listed in {file}"), name=name, file=CHECKSUM_FILE))
    if problems:
        raise FrozenFixtureError(folder, problems)
    return expected
