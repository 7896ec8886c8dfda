"""A folder written whole or not at all: the learner command's copies and the room's aggregate.

Standard library only, so the learner command can use it on a broken install
(``docs/architecture.md``, "Layers": the two commands).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["staged_folder"]


@contextmanager
def staged_folder(target: Path) -> Iterator[Path]:
    """Yield a new hidden folder beside ``target`` (a ``Path``) to write into. When the block ends
    normally the folder replaces ``target``, which must be missing or empty (the caller checks);
    when it raises anything, the folder is removed and ``target`` is left as it was. Creates
    ``target``'s parent folders; ``OSError`` when they or the folder cannot be made."""
    parent = target.resolve().parent
    parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=parent))
    try:
        yield staging
        if target.exists():
            target.rmdir()  # empty (checked by the caller); Windows cannot rename onto a folder
        os.replace(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
