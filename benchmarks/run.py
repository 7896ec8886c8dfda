"""Run every benchmark and print the figures (``make bench``); never asserts anything.

1. Every other ``*.py`` script in this folder, each in a fresh interpreter (a script that
   fails is reported and the run goes on).
2. ``import groundlab`` in a fresh interpreter: the wall time of ``python -c "import groundlab"``
   minus that of ``python -c "pass"`` (median of 7 each), and the cumulative import time
   ``-X importtime`` reports for the ``groundlab`` package; also which heavy modules (pandas,
   matplotlib, ipywidgets, pydantic) the import pulled in (the aim: none).
3. The study run end to end (``write_evidence`` into a temporary folder, then
   ``audit_evidence``): time and peak memory (``tracemalloc``).
4. The latest browser latencies the browser tests wrote to ``benchmarks/out/``.
5. The machine: CPU model (``/proc/cpuinfo``), cores, Python version, date.

Run: ``python benchmarks/run.py``.
"""

from __future__ import annotations

import datetime
import os
import platform
import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
HEAVY = ("pandas", "matplotlib", "ipywidgets", "pydantic")


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


def machine() -> str:
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (
        f"{model}; {os.cpu_count()} cores; Python {platform.python_version()} ({platform.python_implementation()}); "
        f"{platform.system()} {platform.release()}; {datetime.date.today().isoformat()}"
    )


def run_scripts() -> None:
    for script in sorted(HERE.glob("*.py")):
        if script.name == Path(__file__).name:
            continue
        print(f"== {script.name}")
        start = time.perf_counter()
        done = subprocess.run([sys.executable, str(script)], cwd=ROOT, env=_env(), capture_output=True, text=True)
        print(done.stdout.rstrip())
        if done.returncode != 0:
            print(f"!! {script.name} exited with {done.returncode}:\n{done.stderr.rstrip()}")
        print(f"   ({time.perf_counter() - start:.1f} s)\n")


def _wall(code: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=_env(), check=True)
    return time.perf_counter() - start


def import_time() -> None:
    print("== import groundlab (fresh interpreter)")
    bare = statistics.median(_wall("pass") for _ in range(7))
    full = statistics.median(_wall("import groundlab") for _ in range(7))
    print(f"   wall: {full * 1e3:.1f} ms with the import, {bare * 1e3:.1f} ms without: {(full - bare) * 1e3:.1f} ms for the import")
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import groundlab, sys; print(sorted(sys.modules))"],
        cwd=ROOT, env=_env(), capture_output=True, text=True, check=True,
    )
    cumulative = None
    for line in done.stderr.splitlines():
        parts = [p.strip() for p in line.split("|")]
        if len(parts) == 3 and parts[2] == "groundlab":
            cumulative = int(parts[1])
    if cumulative is not None:
        print(f"   -X importtime, cumulative for the groundlab package: {cumulative / 1e3:.1f} ms")
    loaded = done.stdout
    heavy = [name for name in HEAVY if f"'{name}'" in loaded]
    print(f"   heavy modules imported: {', '.join(heavy) if heavy else 'none'} (checked: {', '.join(HEAVY)})\n")


def study_memory() -> None:
    print("== the study run end to end: groundlab run + groundlab audit (tracemalloc)")
    sys.path.insert(0, str(ROOT))
    import tempfile

    from groundlab.study.audit import audit_evidence
    from groundlab.study.run import write_evidence

    with tempfile.TemporaryDirectory() as folder:
        tracemalloc.start()
        start = time.perf_counter()
        result = write_evidence(Path(folder) / "evidence")
        written = time.perf_counter()
        report = audit_evidence(Path(folder) / "evidence")
        done = time.perf_counter()
        _current, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    counts = result.counts
    print(
        f"   run {1e3 * (written - start):.1f} ms, audit {1e3 * (done - written):.1f} ms "
        f"(under tracemalloc), peak {peak / 1024:.0f} KiB traced; "
        f"{counts['strict_json']}/{counts['citation_only']}/{counts['full_contract']} of "
        f"{counts['submitted']}, audit {'passed' if report.ok else 'FAILED'}\n"
    )


def browser_latency() -> None:
    print("== browser: edit a quote in the claim editor until the status shows it (tests/browser)")
    log = HERE / "out" / "browser_latency.txt"
    if not log.is_file():
        print("   no figures yet: run the browser tests (pytest -m browser tests/browser)\n")
        return
    for line in log.read_text(encoding="utf-8").splitlines()[-6:]:
        print(f"   {line}")
    print()


def main() -> int:
    print(f"machine: {machine()}\n")
    run_scripts()
    import_time()
    study_memory()
    browser_latency()
    return 0


if __name__ == "__main__":
    sys.exit(main())
