"""Time to read or refuse a trusted JSON file at the size limit (``MAX_TRUSTED_BYTES``, 2 MiB).

Builds, in memory, files of exactly the limit's size and prints the time of
``decode_json`` on each (what ``read_json_file`` does after reading the bytes), with the
code it ends in:

* a valid file full of brackets (``[[],[],...]``), and one of 64-deep combs;
* a fault at the very end (a stray ``}``), found by the exact locator;
* a member name repeated at the end, and a 65th nesting level at the end.

Figures only, no assertions. Before round 3, a 16 MiB file with one fault at its end took 24-40 s
(the pure-Python locator read it all again) and a valid one full of brackets 19 s (a Python step
per bracket). Now a syntax error, a repeated name or a too-deep nesting is placed where the C reader stopped
(``read_placed``), the depth check is a few C passes, and the limit is 2 MiB. Run:
``python benchmarks/trusted.py [SIZE_IN_BYTES]``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from groundlab.core.trusted import MAX_TRUSTED_BYTES, TrustedInputError, decode_json  # noqa: E402


def _fill(head: bytes, unit: bytes, tail: bytes, size: int) -> bytes:
    body = unit * ((size - len(head) - len(tail)) // len(unit))
    data = head + body + tail
    return data + b" " * (size - len(data))


def inputs(size: int) -> dict[str, bytes]:
    comb = b"[" * 63 + b"]" * 63 + b","  # 64 levels with the outer array
    return {
        "valid, brackets": _fill(b"[", b"[],", b"[]]", size),
        "valid, 64-deep combs": _fill(b"[", comb, b"[]]", size),
        "fault at the end": _fill(b"[", b"[1,2,3],", b"0}]", size),
        "repeated name at the end": _fill(b'{"k":[', b"[1,2,3],", b'0],"k":1}', size),
        "65th level at the end": _fill(b"[", b"[1,2,3],", b"[" * 64 + b"]" * 64 + b"]", size),
    }


def main() -> None:
    size = int(sys.argv[1]) if len(sys.argv) > 1 else MAX_TRUSTED_BYTES
    print(f"decode_json on {size:,} bytes (limit {MAX_TRUSTED_BYTES:,})")
    for name, data in inputs(size).items():
        started = time.perf_counter()
        try:
            decode_json(data, name)
            outcome = "read"
        except TrustedInputError as err:
            outcome = err.code
        print(f"  {name:28} {time.perf_counter() - started:6.2f} s  {outcome}")


if __name__ == "__main__":
    main()
