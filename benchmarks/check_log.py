"""``groundlab check-log`` figures: throughput per core against ``json.loads``, scaling with
``--jobs``, peak memory against the log's length, and a 100,000-line log accounted for.

Logs come from :func:`groundlab.lab.sample_log.sample_log` (the study's cases and the mutation
catalogue, cycled, as plain answers and chat logs, with a line that cannot be checked every
101 lines and one oversized line), so every status appears.

1. Throughput, in this process: the per-line path the CLI runs (``check_chunk``: read the
   line, check it, write its result line, count it) against a ``json.loads``-only pass over
   the same lines; best of 5 passes each, over 20,000 lines; the ratio (aim: at most 3).
2. The 100,000-line log through the CLI (a fresh process, ``--out``): every line has a result
   line, in order, and the per-status counts equal ``verify_answer``'s, called on each line
   here.
3. Scaling: the same log with ``--jobs 1``, ``2`` and ``4``; wall time, lines per second, and
   whether the result bytes are identical.
4. Peak memory (the child's maximum resident set, ``wait4``) of ``check-log --out`` at 10^4
   and 10^5 lines, and 10^6 with ``--million`` (long: a log of about 0.9 GB is written first).

Run: ``python benchmarks/check_log.py [--million]``; never asserts anything.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from groundlab import fixtures_dir, verify_answer  # noqa: E402
from groundlab.core.registry import request_from_dict  # noqa: E402
from groundlab.lab.sample_log import sample_log, sample_registry  # noqa: E402
from groundlab.study.log_jobs import check_chunk  # noqa: E402
from groundlab.study.log_line import LINE_ERROR, LineChecker, _answer_text  # noqa: E402

REGISTRY = str(fixtures_dir() / "config_contract.json")


def write_log(path: Path, n: int) -> None:
    with open(path, "w", encoding="utf-8") as handle:
        for line in sample_log(n):
            handle.write(line + "\n")


# The child reports its own peak resident set (VmHWM, which execve resets; a forked child's
# ru_maxrss would include this process's own memory at the fork).
_CHILD = (
    "import sys\n"
    "from groundlab.cli import main\n"
    "code = main(sys.argv[1:])\n"
    "hwm = [l for l in open('/proc/self/status') if l.startswith('VmHWM:')]\n"
    "sys.stderr.write('PEAK ' + (hwm[0].split()[1] if hwm else '0') + '\\n')\n"
    "sys.exit(code)\n"
)


def run_cli(log: Path, out: Path, jobs: int) -> tuple[float, int, int]:
    """``(seconds, peak RSS of the main process in KiB, exit code)`` of one ``check-log`` in a fresh process."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    args = [sys.executable, "-c", _CHILD, "check-log", str(log), "--registry", REGISTRY,
            "--out", str(out), "--jobs", str(jobs), "--quiet"]
    start = time.perf_counter()
    done = subprocess.run(args, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    peak = [int(line.split()[1]) for line in done.stderr.splitlines() if line.startswith("PEAK ")]
    return seconds, peak[0] if peak else 0, done.returncode


def throughput() -> None:
    lines = [line.encode() for line in sample_log(20_000)]
    items = list(enumerate(lines, 1))
    checker = LineChecker(sample_registry())
    loads, checks = [], []
    for _ in range(5):
        start = time.perf_counter()
        for line in lines:
            try:
                json.loads(line)
            except ValueError:
                pass
        loads.append(time.perf_counter() - start)
        start = time.perf_counter()
        check_chunk(checker, items)
        checks.append(time.perf_counter() - start)
    n = len(lines)
    a, b = min(loads) / n * 1e6, min(checks) / n * 1e6
    print(f"throughput, one core, {n:,} lines: json.loads {a:.1f} us/line, check-log's per-line path {b:.1f} us/line "
          f"({1e6 / b:,.0f} lines/s): ratio {b / a:.2f}x (aim <= 3x)")


def accounted(log: Path, out: Path, n: int) -> None:
    seconds, rss, code = run_cli(log, out, 1)
    results = [json.loads(line) for line in out.read_text(encoding="ascii").splitlines()]
    registry = sample_registry()
    expected: Counter = Counter()
    with open(log, "rb") as handle:
        for number, line in enumerate(handle, 1):
            try:
                obj = json.loads(line)
                raw = _answer_text(obj["answer"])
                request = request_from_dict(obj["request"])
                registry.check_request(request)
                if raw is None or (obj.get("id") is not None and not isinstance(obj["id"], (str, int))):
                    raise ValueError
                expected[verify_answer(raw, request, registry).status.value] += 1
            except (ValueError, KeyError, TypeError, RecursionError):
                expected[LINE_ERROR] += 1
    got = Counter(r["status"] for r in results)
    print(f"{n:,}-line log through the CLI: exit {code}, {seconds:.1f} s, {len(results):,} result lines, "
          f"numbered 1..{n:,} in order: {[r['line'] for r in results] == list(range(1, n + 1))}; "
          f"per-status counts equal verify_answer's per line: {got == expected}")
    print("  counts: " + ", ".join(f"{k} {v:,}" for k, v in sorted(got.items())))


def scaling(log: Path, tmp: Path, n: int) -> None:
    reference = None
    for jobs in (1, 2, 4):
        out = tmp / f"jobs{jobs}.jsonl"
        seconds, rss, code = run_cli(log, out, jobs)
        data = out.read_bytes()
        reference = reference or data
        print(f"--jobs {jobs}: {seconds:.1f} s, {n / seconds:,.0f} lines/s, main process peak RSS {rss / 1024:.0f} MiB, "
              f"output identical to --jobs 1: {data == reference}")
        out.unlink()


def memory(tmp: Path, sizes: list[int]) -> None:
    for n in sizes:
        log, out = tmp / f"log{n}.jsonl", tmp / f"out{n}.jsonl"
        write_log(log, n)
        seconds, rss, code = run_cli(log, out, 1)
        print(f"peak RSS at {n:>9,} lines ({log.stat().st_size / 2**20:,.0f} MiB log): {rss / 1024:.1f} MiB "
              f"({seconds:.1f} s, {n / seconds:,.0f} lines/s, exit {code})")
        log.unlink()
        out.unlink()


def main() -> None:
    million = "--million" in sys.argv[1:]
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        throughput()
        n = 100_000
        log = tmp / "log.jsonl"
        write_log(log, n)
        accounted(log, tmp / "out.jsonl", n)
        (tmp / "out.jsonl").unlink()
        scaling(log, tmp, n)
        log.unlink()
        memory(tmp, [10_000, 100_000, 1_000_000] if million else [10_000, 100_000])


if __name__ == "__main__":
    main()
