"""All-or-nothing folders: filled in a temporary sibling, renamed into place only when complete.

:func:`create_folder` makes ``.groundlab-run-XXXXXXXX`` (:data:`TEMP_PREFIX`) beside
the target, lets the caller fill it, and renames it to the target. Until the
rename, the target does not exist; after it, the target is complete. An
exception, SIGINT, SIGTERM or SIGHUP (:class:`~groundlab.study.signals.SignalGuard`)
removes the temporary sibling. Only SIGKILL or a power cut can leave one behind:
its name marks it, :func:`is_temporary` tells it apart, the audit refuses it and a
later run ignores it (delete it by hand). The rename never replaces anything,
not even an empty folder made meanwhile: Linux's ``renameat2(RENAME_NOREPLACE)``
where the kernel and file system offer it, else a check just before the rename.
:func:`create_file` does the same for one output file (``groundlab check-log --out``,
``--report``). See ``docs/architecture.md``, "The study and its evidence". Standard library only.
"""

from __future__ import annotations

import errno
import functools
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Callable

from groundlab.study.signals import SignalGuard

__all__ = ["FILE_PREFIX", "TEMP_PREFIX", "create_file", "create_folder", "is_temporary"]

TEMP_PREFIX = ".groundlab-run-"
"""Name prefix of the temporary sibling an unfinished run writes into."""

_AT_FDCWD, _RENAME_NOREPLACE = -100, 1  # <fcntl.h>, <linux/fs.h>
_OCCUPIED = {errno.EEXIST, errno.ENOTEMPTY, errno.ENOTDIR, errno.EISDIR}


def is_temporary(folder: str | Path) -> bool:
    """``True`` when ``folder`` (symbolic links resolved) is named like an unfinished run's temporary sibling."""
    return Path(os.path.realpath(folder)).name.startswith(TEMP_PREFIX)


def create_folder(out: str | Path, fill: Callable[[Path], None]) -> None:
    """Create the folder ``out`` with the content ``fill(folder)`` writes, all or nothing.

    ``fill`` gets an empty temporary sibling of ``out`` (parents of ``out`` are
    created first). Raises ``FileExistsError`` when ``out`` exists by the time of
    the rename (nothing is replaced); :class:`~groundlab.study.signals.RunInterrupted`
    for SIGTERM or SIGHUP and ``KeyboardInterrupt`` for SIGINT; and whatever
    ``fill`` or the file system raises. In every such case the sibling is removed.
    """
    out = Path(out)
    parent = out.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except FileExistsError:  # a file is in the way: not "out exists"
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(parent)) from None
    with SignalGuard() as guard:
        # A signal is only recorded from here until the sibling is known to the cleanup.
        # Plain attribute stores: a call could let a waiting handler run before it takes effect.
        guard.deferring = True
        tmp = Path(tempfile.mkdtemp(dir=parent, prefix=TEMP_PREFIX))
        try:
            guard.deferring = False
            guard.raise_pending()
            _usual_mode(tmp)
            fill(tmp)
            guard.deferring = True  # complete: a signal now waits until the folder is in place
            _rename_no_replace(tmp, out)
        except BaseException:
            guard.deferring = True
            shutil.rmtree(tmp, ignore_errors=True)
            raise
    _sync(parent)


def _usual_mode(folder: Path) -> None:
    """Give ``folder`` the mode a plain ``mkdir`` gives under the current umask (``mkdtemp`` gives 0o700)."""
    probe = folder / "mode-probe"
    probe.mkdir()
    mode = probe.stat().st_mode & 0o7777
    probe.rmdir()
    folder.chmod(mode)


@functools.lru_cache(maxsize=1)
def _renameat2():
    """libc's ``renameat2``, or ``None`` off Linux or with an older C library."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes  # imported on first use, by a run only

    try:
        function = ctypes.CDLL(None, use_errno=True).renameat2
    except (AttributeError, OSError):
        return None
    function.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    function.restype = ctypes.c_int
    return function


def _occupied(dst: Path) -> FileExistsError:
    return FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(dst))


def _rename_no_replace(src: Path, dst: Path) -> None:
    """Rename ``src`` to ``dst``; ``FileExistsError`` when anything, even an empty folder, is at ``dst``."""
    renameat2 = _renameat2()
    if renameat2 is not None:
        if renameat2(_AT_FDCWD, os.fsencode(src), _AT_FDCWD, os.fsencode(dst), _RENAME_NOREPLACE) == 0:
            return
        import ctypes

        code = ctypes.get_errno()
        if code in _OCCUPIED:
            raise _occupied(dst)
        if code not in (errno.ENOSYS, errno.EINVAL):  # otherwise: no such call or flag here
            raise OSError(code, os.strerror(code), str(dst))
    if os.path.lexists(dst):  # POSIX rename would replace an empty folder
        raise _occupied(dst)
    try:
        os.rename(src, dst)
    except OSError as err:
        if err.errno in _OCCUPIED:
            raise _occupied(dst) from None
        raise


def _sync(folder: Path) -> None:
    """Flush ``folder``'s entries to disk, where the system allows it (not on Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


FILE_PREFIX = ".groundlab-out-"
"""Name prefix of the temporary sibling an unfinished output file is written into."""


def create_file(out: str | Path, fill: Callable) -> None:
    """Create the file ``out`` with what ``fill(handle)`` writes into a binary handle, all or nothing.

    The handle is a temporary sibling (``.groundlab-out-*``, made with ``O_EXCL`` and
    ``O_NOFOLLOW``), flushed to disk and renamed to ``out`` only when ``fill`` returns; the
    rename never replaces anything. Raises ``FileExistsError`` when ``out`` exists by then,
    :class:`~groundlab.study.signals.RunInterrupted` for SIGTERM or SIGHUP and
    ``KeyboardInterrupt`` for SIGINT, and whatever ``fill`` or the file system raises; in
    every case the sibling is removed and ``out`` does not exist.
    """
    out = Path(out)
    parent = out.parent if str(out.parent) else Path(".")
    with SignalGuard() as guard:
        guard.deferring = True
        fd, name = tempfile.mkstemp(dir=parent, prefix=FILE_PREFIX)
        tmp = Path(name)
        try:
            guard.deferring = False
            guard.raise_pending()
            if hasattr(os, "fchmod"):  # mkstemp gives 0o600; an output file gets the usual mode
                os.fchmod(fd, 0o666 & ~_umask())
            with os.fdopen(fd, "wb") as handle:
                fd = -1
                fill(handle)
                handle.flush()
                os.fsync(handle.fileno())
            guard.deferring = True
            _rename_no_replace(tmp, out)
        except BaseException:
            guard.deferring = True
            if fd >= 0:
                os.close(fd)
            tmp.unlink(missing_ok=True)
            raise
    _sync(parent)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
