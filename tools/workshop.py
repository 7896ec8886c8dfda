"""Set-up and tasks for the workbook on Linux, macOS and Windows, with or without make.

``python tools/workshop.py COMMAND`` (on Windows ``py tools\\workshop.py COMMAND``) needs only
the Python that runs it, CPython 3.10 to 3.13. The Makefile's targets call it, so ``make lab``
and ``python tools/workshop.py lab`` are the same thing.

Commands: ``install`` (build or update the venv), ``lab`` (open the workbook in JupyterLab),
``test`` (every test, then nbval over the stored notebooks, the Chinese twins too), ``test-no-browser`` (the same
without the browser tests, which CI runs on the oldest and newest supported Pythons),
``mutation-check`` (``tools/mutation_check.py``: hand-written patches of the library, each
of which the fast tests must catch), ``live-test`` (``tools/live_test.py``: the adapter, ``ask``
and ``explain_match`` against LiteLLM's proxy on 127.0.0.1, in a venv of its own; not part of
``test``), ``student``, ``kit`` and ``wheelhouse`` (the learner kit and its offline wheels,
``tools/kit.py``), ``demo``, ``notebooks``, ``translations`` (``tools/i18n.py``: the gettext
catalogues and the Chinese twins), ``bench``, ``lock`` and ``clean``.

Two locks, both universal (environment markers, so every supported Python and platform
installs the same pinned packages where it can), compiled by ``lock`` from ``pyproject.toml``:

* ``requirements.lock``, what a learner needs: the package's ``workbook`` extra, and
  hatchling for the editable install (the ``editable`` dependency group);
* ``requirements-test.lock``, what the tests need: the ``workbook`` and ``test`` extras. It is
  compiled first, and ``requirements.lock`` with it as a constraint, so the two pin the same
  version of every package they share (``tests/project/test_packaging.py`` checks it).

How the venv is kept usable:

* it is built by the Python that runs this script: ``install``, ``lab`` and the other
  commands install ``requirements.lock``; ``test``, ``test-no-browser``, ``mutation-check``
  and ``demo`` (Voila is a test tool) install ``requirements-test.lock`` with it, in one pip
  call, which refuses a pin the two disagree on. Then it holds this checkout as an editable
  install;
* a stamp file inside it records the interpreter it was built with and the digests of the
  locks it was built from and of ``pyproject.toml``. It is written last, only when every step
  succeeded;
* a venv without a valid stamp (a set-up that failed or was interrupted, or one made by
  hand) or built by another interpreter is removed and built again from scratch;
* when a lock it was built from or ``pyproject.toml`` changed, or a test command needs the
  test lock that a learner's venv lacks, the venv is updated in place (a venv that has the
  test lock keeps it); the stamp is removed first, so an update that does not finish means a
  fresh build next time. A venv with both locks serves every command;
* a set-up that fails, or is stopped with Ctrl-C or SIGTERM, removes the venv it was
  building, and says so.

Workbook tooling, not library code: nothing in ``groundlab`` imports it, and it imports the
standard library only.
"""

from __future__ import annotations

import argparse
import glob
import hashlib
import json
import os
import platform
import shutil
import signal
import stat
import subprocess
import sys
from pathlib import Path
from typing import Sequence

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "requirements.lock"
TEST_LOCK = ROOT / "requirements-test.lock"
PYPROJECT = ROOT / "pyproject.toml"
DEFAULT_VENV = ROOT / ".venv"
STAMP = "groundlab-setup.json"
"""File name of the stamp inside a finished venv."""
SUPPORTED = ((3, 10), (3, 13))
"""The oldest and newest CPython (major, minor) that the lock and the tests support."""
UV_VERSION = "0.13.9"
"""The uv release that ``lock`` installs into a throwaway venv to compile the lock."""
TEST_LOCK_COMMAND = [
    "pip", "compile", "pyproject.toml", "--universal", "--python-version", "3.10",
    "--extra", "workbook", "--extra", "test", "-o", "requirements-test.lock", "--quiet",
]
"""The arguments of ``uv`` that produce ``requirements-test.lock`` (uv keeps the versions
already in the output file wherever they are still valid)."""
NOT_FOR_LEARNERS = ("debugpy", "jedi", "parso", "widgetsnbextension")
"""Packages that the workbook's packages require but a learner never uses, so
``requirements.lock`` leaves them out (``uv --no-emit-package``; 70 MB of a 410 MB venv) and the
locks are installed with ``--no-deps``: debugpy is JupyterLab's visual debugger (ipykernel runs
without it), jedi and parso are IPython's static completion (IPython completes without them),
widgetsnbextension is the widgets of the classic Notebook (JupyterLab has jupyterlab_widgets).
The test lock keeps them."""
LOCK_COMMAND = [
    "pip", "compile", "pyproject.toml", "--universal", "--python-version", "3.10",
    "--extra", "workbook", "--group", "editable", "-c", "requirements-test.lock",
    *(part for name in NOT_FOR_LEARNERS for part in ("--no-emit-package", name)),
    "-o", "requirements.lock", "--quiet",
]
"""The arguments of ``uv`` that produce ``requirements.lock``, run after ``TEST_LOCK_COMMAND``:
constrained by the test lock, so every package the two share gets the test lock's version;
without :data:`NOT_FOR_LEARNERS`."""
TEST_COMMANDS = ("test", "test-no-browser", "mutation-check", "demo", "live-test")
"""The commands whose venv needs ``requirements-test.lock`` too."""
# Kernels started by nbval and by `notebooks` use matplotlib's inline backend, so stored
# outputs and fresh runs agree even when MPLBACKEND=Agg is exported (as in CI).
KERNEL_BACKEND = "module://matplotlib_inline.backend_inline"
WORKERS = ["-n", "auto", "--maxprocesses", "4"]
"""pytest-xdist: one worker per core, at most four (two on the 2-core machines the timing is
quoted for); the start-up of a worker costs more than it saves beyond that."""
TEST_DIST = ["--dist", "loadgroup"]
"""Tests are spread one by one, except those marked ``xdist_group`` (a notebook's in-process
run, the browser tests), which run together on one worker."""
NBVAL = ["--dist", "loadfile", "--nbval", "--nbval-current-env", "--nbval-sanitize-with", "tests/nbval_sanitize.cfg", "notebooks/"]


class SetupError(Exception):
    """A set-up step failed; the message says which and what was done about it."""


def say(message: str) -> None:
    """Print one line of progress, marked as this script's. A closed output (``| tee`` that a
    Ctrl-C stopped first) never stops the script, so a clean-up after it still runs."""
    try:
        print(f"[workshop] {message}", flush=True)
    except (BrokenPipeError, OSError):
        try:
            sys.stdout = open(os.devnull, "w")  # later lines go nowhere instead of raising again
        except OSError:
            pass


def venv_python(venv: Path) -> Path:
    """The interpreter of ``venv`` (``Scripts\\python.exe`` on Windows, ``bin/python`` elsewhere)."""
    return venv / "Scripts" / "python.exe" if os.name == "nt" else venv / "bin" / "python"


def interpreter() -> dict:
    """Who is building: the real path of the base interpreter (run from inside a venv, the
    interpreter that venv was made from), its version and implementation."""
    base = getattr(sys, "_base_executable", None) or sys.executable
    return {
        "executable": os.path.normcase(os.path.realpath(base)),
        "version": platform.python_version(),
        "implementation": sys.implementation.name,
    }


def digest(path: Path) -> str:
    """The sha256 of a file's bytes."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def locks_for(tests: bool) -> list[Path]:
    """The locks a venv is built from: ``requirements.lock``, and ``requirements-test.lock``
    after it when ``tests``."""
    return [LOCK, TEST_LOCK] if tests else [LOCK]


def wanted_stamp(tests: bool = False) -> dict:
    """The stamp a venv built now, by this interpreter, from these files (the test lock too
    when ``tests``) would carry: ``{"interpreter", "locks": {file name: sha256}, "pyproject"}``."""
    return {
        "interpreter": interpreter(),
        "locks": {lock.name: digest(lock) for lock in locks_for(tests)},
        "pyproject": digest(PYPROJECT),
    }


def has_test_lock(stamp: dict | None) -> bool:
    """Whether ``stamp`` says its venv was built with ``requirements-test.lock`` too."""
    locks = stamp.get("locks") if isinstance(stamp, dict) else None
    return isinstance(locks, dict) and TEST_LOCK.name in locks


def update_reason(stamp: dict, wanted: dict) -> str:
    """Why a venv built by this interpreter is updated: which files changed, or which lock it lacks."""
    old = stamp.get("locks")
    if not isinstance(old, dict):
        return "it was set up by an older version of this script"
    changed = [name for name, sha in wanted["locks"].items() if name in old and old[name] != sha]
    if stamp.get("pyproject") != wanted["pyproject"]:
        changed.append(PYPROJECT.name)
    missing = [name for name in wanted["locks"] if name not in old]
    reasons = [f"{' and '.join(changed)} changed"] if changed else []
    reasons += [f"{' and '.join(missing)} is not installed in it yet"] if missing else []
    return "; ".join(reasons) or "its stamp is out of date"


def read_stamp(venv: Path) -> dict | None:
    """The stamp of ``venv``, or ``None`` when it has none or it cannot be read."""
    try:
        data = json.loads((venv / STAMP).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def write_stamp(venv: Path, stamp: dict) -> None:
    """Write the stamp atomically (a temporary file, then a rename)."""
    temporary = venv / (STAMP + ".tmp")
    temporary.write_text(json.dumps(stamp, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(temporary, venv / STAMP)


def check_python() -> None:
    """Refuse a Python older than the oldest supported one; warn about one that is newer or is
    not CPython (the lock may still install there, but nothing was tested on it)."""
    low, high = SUPPORTED
    supported = f"CPython {low[0]}.{low[1]} to {high[0]}.{high[1]}"
    this = f"{sys.implementation.name} {platform.python_version()}"
    if sys.version_info[:2] < low:
        raise SetupError(f"this is {this}; groundlab supports {supported}: run this with one of those (make: PYTHON=...)")
    if sys.implementation.name != "cpython" or sys.version_info[:2] > high:
        say(f"warning: this is {this}, which is untested; groundlab supports {supported}")


def remove_tree(path: Path) -> None:
    """Remove a folder, read-only files included (pip leaves some on Windows)."""

    def retry_writable(function, name, _info):
        os.chmod(name, stat.S_IWRITE)
        function(name)

    if sys.version_info >= (3, 12):
        shutil.rmtree(path, onexc=retry_writable)
    else:
        shutil.rmtree(path, onerror=retry_writable)


def remove_venv(venv: Path, why: str) -> None:
    """Remove ``venv``, saying why; refuse a non-empty folder that is not a venv at all."""
    if not venv.exists():
        return
    if not (venv / "pyvenv.cfg").exists() and any(venv.iterdir()):
        raise SetupError(f"{venv} is not a venv (no pyvenv.cfg) and not empty: move it away or choose another --venv")
    say(f"removing {venv}: {why}")
    remove_tree(venv)


def run(command: Sequence[str | Path], env: dict | None = None, cwd: Path = ROOT) -> int:
    """Run a command from the checkout and return its exit code."""
    return subprocess.call([str(part) for part in command], cwd=cwd, env=env)


def step(command: Sequence[str | Path], what: str) -> None:
    """Run one set-up step; ``SetupError`` if it fails."""
    say(what)
    code = run(command)
    if code != 0:
        raise SetupError(f"{what} failed (exit code {code})")


def install_packages(venv: Path, tests: bool = False) -> None:
    """Install the locked packages (``locks_for(tests)``, in one pip call, so pip refuses two
    locks that disagree), then this checkout (editable, without dependencies)."""
    python = venv_python(venv)
    locks = locks_for(tests)
    requirements = [part for lock in locks for part in ("-r", lock)]
    # Python 3.10 and 3.11 put setuptools into every new venv (10 MB); nothing here builds with it.
    if not tests and glob.glob(str(venv / "*" / "*" / "site-packages" / "setuptools")) + glob.glob(str(venv / "Lib" / "site-packages" / "setuptools")):
        step([python, "-m", "pip", "uninstall", "--disable-pip-version-check", "-y", "-q", "setuptools"], "removing setuptools, which the workbook does not use")
    # --no-compile: Python compiles each module when it is first imported instead, which saves
    # about a third of the install time (most installed modules are never imported here).
    # --no-deps: each lock is complete, and requirements.lock leaves NOT_FOR_LEARNERS out on purpose.
    step(
        [python, "-m", "pip", "install", "--disable-pip-version-check", "--no-compile", "--no-deps", *requirements],
        "installing " + " and ".join(lock.name for lock in locks),
    )
    step(
        [python, "-m", "pip", "install", "--disable-pip-version-check", "--no-deps", "--no-build-isolation", "-e", ROOT],
        "installing groundlab (editable; built with the locked hatchling, offline)",
    )


def _interrupted(signum, _frame):
    raise KeyboardInterrupt(f"signal {signum}")


def ensure_venv(venv: Path, tests: bool = False) -> Path:
    """Build or update ``venv`` as the module docstring describes, with the test lock too when
    ``tests``; return its interpreter."""
    check_python()
    stamp = read_stamp(venv)
    python = venv_python(venv)
    # A venv that has the test lock keeps it: the same venv serves `lab` and `test`.
    tests = tests or (has_test_lock(stamp) and stamp.get("interpreter") == interpreter())
    wanted = wanted_stamp(tests)
    if stamp == wanted and python.exists():
        return python
    fresh = True
    if venv.exists():
        if stamp is None or not python.exists():
            remove_venv(venv, "its set-up did not finish (or it was not made by this script)")
        elif stamp.get("interpreter") != wanted["interpreter"]:
            built = stamp.get("interpreter", {})
            remove_venv(venv, f"built by {built.get('executable')} ({built.get('version')}), not by {wanted['interpreter']['executable']}")
        else:
            fresh = False
    previous = signal.signal(signal.SIGTERM, _interrupted) if hasattr(signal, "SIGTERM") else None
    try:
        if fresh:
            step([sys.executable, "-m", "venv", venv], f"creating {venv} with Python {platform.python_version()} ({sys.executable})")
        else:
            say(f"{venv}: {update_reason(stamp, wanted)}; updating it")
            (venv / STAMP).unlink()
        install_packages(venv, tests)
        write_stamp(venv, wanted)
    except BaseException as error:
        remove_venv(venv, "the set-up did not finish, so the next attempt starts clean")
        if isinstance(error, KeyboardInterrupt):
            raise SetupError("set-up interrupted") from None
        raise
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
    say(f"{venv} is ready (Python {platform.python_version()})")
    return python


def kernel_env() -> dict:
    """The environment of notebook kernels: this one, with the inline matplotlib backend and without
    ``GROUNDLAB_LANG`` (the English notebooks' stored outputs are English; a twin chooses Chinese itself)."""
    return {**{k: v for k, v in os.environ.items() if k != "GROUNDLAB_LANG"}, "MPLBACKEND": KERNEL_BACKEND}


def run_tests(python: Path, marker: str | None) -> int:
    """pytest over ``tests/`` (only ``marker``'s tests when given), then nbval over the stored
    notebooks when there are any; non-zero if either fails."""
    selection = ["-m", marker] if marker else []
    # Bytecode is cached even where PYTHONDONTWRITEBYTECODE is set: each worker, subprocess and
    # notebook kernel would otherwise compile the package again (about 1.5 s each).
    # GROUNDLAB_LANG is left out too: the stored outputs and the tests' expectations are English
    # (a test or a twin that wants Chinese chooses it itself).
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONDONTWRITEBYTECODE", "GROUNDLAB_LANG")}
    # The tests need no nbval: leaving its plugin out saves its Jupyter imports on every worker.
    status = run([python, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:nbval", *WORKERS, *TEST_DIST, "--durations=15", *selection, "tests"], env=env)
    if glob.glob(str(ROOT / "notebooks" / "*.ipynb")):
        status = run([python, "-m", "pytest", "-p", "no:cacheprovider", *WORKERS, *NBVAL], env={**env, "MPLBACKEND": KERNEL_BACKEND}) or status
    else:
        say("no notebooks/*.ipynb: nbval skipped")
    return status


def root_flag() -> list[str]:
    """``--allow-root`` when running as root (Jupyter refuses root without it; CI runs as root)."""
    return ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []


LAB_OVERRIDES = {
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
}
"""JupyterLab settings the workbook installs as the venv's ``overrides.json``: no first-launch
prompt about news, no update check (a toast that covers cells, and a network call in a room)."""


def lab_settings_file(venv: Path) -> Path:
    """Where JupyterLab reads default-setting overrides in ``venv``: ``share/jupyter/lab/settings/overrides.json``."""
    return venv / "share" / "jupyter" / "lab" / "settings" / "overrides.json"


def install_lab_settings(venv: Path) -> Path:
    """Write :data:`LAB_OVERRIDES` as ``venv``'s ``overrides.json`` (a temporary file in the same
    folder, then ``os.replace``: never half-written); return its path. A learner's own JupyterLab
    settings still win over it."""
    target = lab_settings_file(venv)
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        with open(temporary, "x", encoding="utf-8") as handle:
            json.dump(LAB_OVERRIDES, handle, indent=2)
            handle.write("\n")
        os.replace(temporary, target)
    finally:
        if temporary.exists():
            temporary.unlink()
    return target


def lab(python: Path) -> int:
    """JupyterLab on 127.0.0.1, opening ``notebooks/``. notebook_shim, which only carries over
    classic Notebook server configuration (the workbook has none), is disabled: it reads every
    server setting, the deprecated ``ServerApp.token`` too, and so printed a deprecation warning
    at every start."""
    return run([
        python, "-m", "jupyterlab", "--ip=127.0.0.1", *root_flag(),
        "--ServerApp.jpserver_extensions=notebook_shim=False", "notebooks/",
    ])


VOILA_CONFIG = ROOT / "tools" / "voila"
"""The demo's Voila settings (``voila.py``): a closed page frees its kernel (its shutdown request is
accepted, and a kernel with no page is culled after two idle minutes)."""


def demo(python: Path) -> int:
    """The one-page claim editor with Voila, on 127.0.0.1, with the settings of :data:`VOILA_CONFIG`."""
    page = "notebooks/demo_claim_editor.ipynb"
    return run([python, "-m", "nbformat.sign", page]) or run([
        python, "-m", "voila", "--no-browser", "--Voila.ip=127.0.0.1", f"--Voila.config_file_paths={VOILA_CONFIG}", page,
    ])


def lock(upgrade: bool) -> int:
    """Regenerate ``requirements-test.lock``, then ``requirements.lock`` constrained by it, with uv
    in a throwaway venv (any supported Python will do: the locks are universal). ``upgrade`` lets
    uv move every pin to its newest valid version."""
    check_python()
    folder = ROOT / "build" / "lock-venv"
    if folder.exists():
        remove_tree(folder)
    try:
        step([sys.executable, "-m", "venv", folder], "creating a throwaway venv for uv")
        step([venv_python(folder), "-m", "pip", "install", "--disable-pip-version-check", f"uv=={UV_VERSION}"], f"installing uv {UV_VERSION}")
        for arguments in (TEST_LOCK_COMMAND, LOCK_COMMAND):
            output = arguments[arguments.index("-o") + 1]
            say(f"compiling {output}: " + " ".join(["uv", *arguments]))
            code = run([venv_python(folder), "-m", "uv", *arguments, *(["--upgrade"] if upgrade else [])])
            if code != 0:
                return code
        return 0
    finally:
        remove_tree(folder)


def clean(venv: Path) -> int:
    """Remove the venv, build outputs and caches."""
    remove_venv(venv, "clean")
    for name in ("build", "dist", ".pytest_cache", ".hypothesis", "benchmarks/out"):
        if (ROOT / name).exists():
            remove_tree(ROOT / name)
    for path in (ROOT / "tests" / "browser" / "screenshots").glob("*.png"):
        path.unlink()
    for folder in sorted(ROOT.rglob("__pycache__"), reverse=True):
        if folder.is_dir() and venv not in folder.parents:
            remove_tree(folder)
    return 0


STUDENT_COPIES = (
    ("notebooks", "build/student", False),
    ("notebooks", "build/student-core", True),
    ("notebooks/zh-Hant", "build/student/zh-Hant", False),
    ("notebooks/zh-Hant", "build/student-core/zh-Hant", True),
)
"""What ``student`` writes, as ``(notebooks, copies, core path only)``: the Traditional Chinese
twins' copies go inside the English ones, as in the checkout, so a twin's link to an English
optional section (``../NN_name.ipynb#...``) opens the English copy beside it."""

COMMANDS = {
    "install": "build or update the venv from requirements.lock (the workbook)",
    "lab": "open the workbook in JupyterLab",
    "test": "every test, then nbval over the stored notebooks (adds requirements-test.lock to the venv)",
    "test-no-browser": "the tests without the browser tests, then nbval (adds requirements-test.lock too)",
    "mutation-check": "patch the library one rule at a time in a temporary copy; the fast tests must fail each time",
    "live-test": "the chat adapter, ask and explain_match against LiteLLM's proxy on 127.0.0.1 (builds build/litellm-venv once)",
    "student": "student copies without outputs and solutions: build/student (full path), build/student-core (core path), each with zh-Hant/ (the Chinese twins)",
    "kit": "the learner kit: build/kit (the wheel, the student notebooks, SETUP.md, the feedback form) and build/groundlab-kit.zip",
    "wheelhouse": "download every locked wheel into build/kit for --platform (default: this machine) and --python (default: this one), for installs with no network",
    "demo": "the one-page claim editor with Voila (adds requirements-test.lock: Voila is a test tool)",
    "notebooks": "re-execute every notebook (the Traditional Chinese twins too) and save it without widget state",
    "translations": "update the gettext catalogues from the source, compile them, and rebuild the Chinese twins (tools/i18n.py)",
    "bench": "timing and memory figures",
    "lock": "regenerate requirements-test.lock, then requirements.lock from it (uv, universal, pins kept where valid)",
    "clean": "remove the venv, build outputs and caches",
}


def main(argv: Sequence[str] | None = None) -> int:
    """``python tools/workshop.py [--venv DIR] COMMAND``; returns the exit code."""
    parser = argparse.ArgumentParser(
        prog="python tools/workshop.py",
        description=__doc__.split("\n")[0],
        epilog="commands: " + "; ".join(f"{name}: {text}" for name, text in COMMANDS.items()),
    )
    parser.add_argument("--venv", default=str(DEFAULT_VENV), help="the venv to use (default: .venv in the checkout)")
    parser.add_argument("--upgrade", action="store_true", help="lock only: move every pin to its newest valid version")
    parser.add_argument("--platform", default=None, help="wheelhouse only: linux-x86_64, linux-aarch64, macos-arm64, macos-x86_64 or windows-amd64")
    parser.add_argument("--python", default=None, help="wheelhouse only: the learners' Python, 3.10 to 3.13")
    parser.add_argument("command", choices=sorted(COMMANDS))
    args = parser.parse_args(argv)
    venv = Path(args.venv)
    venv = venv if venv.is_absolute() else Path.cwd() / venv
    try:
        if args.command == "lock":
            return lock(args.upgrade)
        if args.command == "clean":
            return clean(venv)
        python = ensure_venv(venv, tests=args.command in TEST_COMMANDS)
        if args.command in ("install", "lab"):
            install_lab_settings(venv)
        if args.command == "install":
            return 0
        if args.command == "lab":
            return lab(python)
        if args.command in ("test", "test-no-browser"):
            return run_tests(python, None if args.command == "test" else "not browser")
        if args.command == "mutation-check":
            return run([python, "tools/mutation_check.py"])
        if args.command == "live-test":
            return run([python, "tools/live_test.py"])
        if args.command == "student":
            for source, copies, core in STUDENT_COPIES:
                code = run([python, "tools/notebooks.py", "student", source, copies, *(["--core"] if core else [])])
                if code != 0:
                    return code
            return 0
        if args.command == "demo":
            return demo(python)
        if args.command == "kit":
            return run([python, "tools/kit.py", "kit"])
        if args.command == "wheelhouse":
            choice = [*(["--platform", args.platform] if args.platform else []), *(["--python", args.python] if args.python else [])]
            return run([python, "tools/kit.py", "wheelhouse", *choice])
        if args.command == "notebooks":
            paths = sorted(glob.glob("notebooks/*.ipynb", root_dir=ROOT)) + sorted(glob.glob("notebooks/zh-Hant/*.ipynb", root_dir=ROOT))
            return run([python, "tools/notebooks.py", "execute", *paths], env=kernel_env())
        if args.command == "translations":
            return run([python, "tools/i18n.py", "all"])
        return run([python, "benchmarks/run.py"])
    except SetupError as error:
        say(f"error: {error}")
        return 1
    except KeyboardInterrupt:
        say("interrupted")
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
