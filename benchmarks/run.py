"""Run every benchmark and print the figures (``make bench``); never asserts anything.

1. Every other ``*.py`` script in this folder, each in a fresh interpreter (a script that
   fails is reported and the run goes on).
2. ``import groundlab`` in a fresh interpreter: the wall time of ``python -c "import groundlab"``
   minus that of ``python -c "pass"`` (median of 7 each), and the cumulative import time
   ``-X importtime`` reports for the ``groundlab`` package; also which heavy modules (pandas,
   matplotlib, ipywidgets, pydantic) the import pulled in (DESIGN: none).
3. Peak memory (``tracemalloc``) of running the frozen study: ``groundlab.study.run_study``
   when it exists, else ``groundlab.study.run_cases`` over the study fixture; skipped with a
   note when neither exists.
4. The machine: CPU model (``/proc/cpuinfo``), cores, Python version, date.

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
    print("== peak memory of the study run (tracemalloc)")
    sys.path.insert(0, str(ROOT))
    try:
        import groundlab.study as study
    except ImportError as err:
        print(f"   skipped: groundlab.study is not importable ({err})\n")
        return
    run = getattr(study, "run_study", None)
    label = "groundlab.study.run_study()"
    if run is None and hasattr(study, "run_cases"):
        from groundlab.fixtures import load_case_set

        def run():
            return study.run_cases(load_case_set())

        label = "groundlab.study.run_cases(load_case_set()) (run_study does not exist)"
    if run is None:
        print("   skipped: groundlab.study has neither run_study nor run_cases\n")
        return
    tracemalloc.start()
    start = time.perf_counter()
    run()
    seconds = time.perf_counter() - start
    current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"   {label}: peak {peak / 1024:.0f} KiB traced, {seconds * 1e3:.1f} ms under tracemalloc\n")


def main() -> int:
    print(f"machine: {machine()}\n")
    run_scripts()
    import_time()
    study_memory()
    return 0


if __name__ == "__main__":
    sys.exit(main())
