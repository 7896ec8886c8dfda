"""The learner's command, ``groundlab-workbook``: start the workbook, check an install, sum up a room.

``groundlab-workbook start [FOLDER]`` copies the student notebooks packaged in the wheel (core path
by default, ``--full`` for every section) into a new folder and opens JupyterLab there;
``open FOLDER`` opens an existing one; ``check`` says in plain words what is wrong with an
install; ``aggregate FOLDER`` turns a folder of scoreboard exports into a table and a chart
(:mod:`groundlab.workbook.exercises.room`). Also ``python -m groundlab.workbook.learner``.

Standard library only at import time, so ``check`` runs even when a workbook package is missing.
The library (``groundlab`` without ``workbook``) never imports it; its own command is ``groundlab``.
Its messages follow ``GROUNDLAB_LANG`` (``zh-Hant``: Traditional Chinese; ``docs/architecture.md``,
"Languages").
"""

from __future__ import annotations

import argparse
import importlib
import os
import platform
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple, Sequence

from groundlab.workbook.catalogues import WORKBOOK_CATALOGUE
from groundlab.core.language import DEFAULT_LANGUAGE, LANGUAGES, N_, canonical_language, get_language, set_language
from groundlab.workbook.staging import staged_folder

__all__ = ["WORKBOOK_EXTRA", "Finding", "check_install", "copy_notebooks", "packaged_notebooks", "main"]

tr = WORKBOOK_CATALOGUE

WORKBOOK_EXTRA = (
    "jupyterlab>=4", "ipywidgets>=8", "pandas>=2", "matplotlib>=3.7", "pydantic>=2", "rapidfuzz>=3", "httpx>=0.25",
    "jupyterlab-language-pack-zh-TW>=4.5",
)
"""The ``workbook`` extra of ``pyproject.toml`` (a test keeps the two the same)."""
SUPPORTED = ((3, 10), (3, 13))
"""The oldest and newest CPython (major, minor) the workbook is tested on."""
PATHS = ("core", "full")
"""The two packaged copies: ``core`` (the core sections only) and ``full`` (every section)."""
PATH_NAMES = {"core": N_("core"), "full": N_("full")}
"""Each packaged copy's name as a learner reads it."""
DEFAULT_FOLDER = "groundlab-workbook"
"""Where ``start`` copies the notebooks when no folder is given (in the current folder)."""


class Finding(NamedTuple):
    """One line of ``check``: ``ok`` (``True``, ``False`` for a problem, ``None`` for a warning),
    ``what`` was checked and, for a problem or warning, ``fix``: what to do, in plain words."""

    ok: bool | None
    what: str
    fix: str = ""


def packaged_notebooks(path: str = "core", language: str = "en") -> Path:
    """The folder of packaged student notebooks for ``path`` (``"core"`` or ``"full"``) in
    ``language`` (``"en"``; ``"zh-Hant"``: the Chinese twins, in the ``zh-Hant`` folder inside).

    The wheel carries them (its build hook writes them); a checkout has none, and the folder
    returned then does not exist. ``ValueError`` for another ``path`` or language."""
    if path not in PATHS:
        raise ValueError(f"path is one of {', '.join(PATHS)}, not {path!r}")
    language = canonical_language(language)
    folder = Path(__file__).resolve().parent / "notebooks" / path
    return folder if language == DEFAULT_LANGUAGE else folder / language


def _version_tuple(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", text)[:3])


def _package(requirement: str) -> Finding:
    from importlib import metadata

    name, bound = re.fullmatch(r"([A-Za-z0-9_.-]+)>=([0-9.]+)", requirement).groups()
    try:
        version = metadata.version(name)
    except metadata.PackageNotFoundError:
        return Finding(
            False,
            tr("{name} is not installed").format(name=name),
            tr("install the kit again (SETUP.md, step 3); it installs every package the workbook needs"),
        )
    if _version_tuple(version) < _version_tuple(bound):
        return Finding(
            False,
            tr("{name} {version} is older than the workbook needs ({requirement})").format(name=name, version=version, requirement=requirement),
            tr("install the kit again into a new venv (SETUP.md, step 2)"),
        )
    try:
        importlib.import_module(name.replace("-", "_"))
    except Exception as err:  # noqa: BLE001 - reported in words, never raised at the learner
        return Finding(
            False,
            tr("{name} {version} is installed but does not import ({error}: {message})").format(
                name=name, version=version, error=type(err).__name__, message=err
            ),
            tr("make a new venv and install the kit again (SETUP.md, 'When an install fails')"),
        )
    return Finding(True, f"{name} {version}")


def _kernel() -> Finding:
    try:
        from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel
    except Exception:  # noqa: BLE001
        return Finding(False, tr("no Jupyter kernel manager (jupyter_client does not import)"), tr("install the kit again (SETUP.md, step 3)"))
    try:
        spec = KernelSpecManager().get_kernel_spec("python3")
    except NoSuchKernel:
        return Finding(False, tr("no python3 kernel"), tr("install the kit again: ipykernel provides the kernel"))
    command = spec.argv[0] if spec.argv else ""
    if command in ("python", "python3", "{python}") or Path(command).resolve() == Path(sys.executable).resolve():
        return Finding(True, tr("the python3 kernel runs this Python"))
    return Finding(
        None,
        tr("the python3 kernel runs {command}, not this Python ({python}), so groundlab may not import in a notebook").format(
            command=command, python=sys.executable
        ),
        tr("run: {python} -m ipykernel install --user   (or open the workbook with groundlab-workbook start)").format(
            python=Path(sys.executable).name
        ),
    )


def check_install() -> list[Finding]:
    """Check this install as the learner command will use it: the Python, each package of the
    workbook extra (installed, recent enough, importable), a python3 kernel, the packaged
    notebooks. Returns the findings in that order; never raises."""
    low, high = SUPPORTED
    this = f"{sys.implementation.name} {platform.python_version()}"
    found = []
    if sys.version_info[:2] < low:
        found.append(Finding(
            False,
            tr("Python {version} is too old: the workbook needs 3.10 to 3.13").format(version=this),
            tr("install Python 3.12 (python.org), make a new venv with it, install the kit again"),
        ))
    elif sys.implementation.name != "cpython" or sys.version_info[:2] > high:
        found.append(Finding(
            None,
            tr("Python {version} is untested: the workbook is tested on CPython 3.10 to 3.13").format(version=this),
            tr("if something fails, use Python 3.12"),
        ))
    else:
        found.append(Finding(True, f"Python {this}"))
    if sys.prefix == sys.base_prefix:
        found.append(Finding(
            None,
            tr("this Python is not a venv"),
            tr("SETUP.md makes one (step 2); a venv keeps the workbook's packages apart from others"),
        ))
    found += [_package(requirement) for requirement in WORKBOOK_EXTRA]
    found.append(_kernel())
    for path in PATHS:
        shown = tr(PATH_NAMES[path])
        for language in LANGUAGES:
            folder = packaged_notebooks(path, language)
            count = len(list(folder.glob("[0-9][0-9]_*.ipynb"))) if folder.is_dir() else 0
            if count and language == DEFAULT_LANGUAGE:
                found.append(Finding(True, tr("{count} {path} notebooks packaged").format(count=count, path=shown)))
            elif count:
                found.append(Finding(True, tr("{count} {path} notebooks packaged in Traditional Chinese").format(count=count, path=shown)))
            else:
                found.append(Finding(
                    False,
                    tr("no packaged {path} notebooks (this groundlab is not installed from the kit's wheel)").format(path=shown)
                    if language == DEFAULT_LANGUAGE
                    else tr("no packaged {path} notebooks in Traditional Chinese (this groundlab is not installed from the kit's wheel)").format(path=shown),
                    tr("install the wheel from the kit (SETUP.md, step 3); from a clone, use `make lab` instead"),
                ))
    return found


def _print_check() -> int:
    findings = check_install()
    for finding in findings:
        mark = {True: tr("ok"), False: tr("PROBLEM"), None: tr("warning")}[finding.ok]
        print(f"{mark.ljust(7)} {finding.what}")
        if finding.fix:
            print("        " + tr("what to do: {fix}").format(fix=finding.fix))
    problems = sum(f.ok is False for f in findings)
    if problems:
        print(tr("{count} problem(s): fix them from the top, then run `groundlab-workbook check` again").format(count=problems))
    else:
        print(tr("all good: run `groundlab-workbook start`"))
    return 1 if problems else 0


def copy_notebooks(folder: str | Path, source: str | Path | None = None, path: str = "core", language: str = "en") -> list[Path]:
    """Copy the student notebooks (``source``, default :func:`packaged_notebooks` of ``path``) into
    ``folder``, a new folder or an empty one; return the files written, in order.

    With ``language="zh-Hant"`` the Chinese notebooks go to ``folder/zh-Hant`` and the English
    ones of the same path to ``folder`` beside them (a Chinese optional section links to its English
    notebook, ``../NN_name.ipynb``); the Chinese files are returned first, ``source`` is then the
    English folder and its ``zh-Hant`` folder the Chinese one.

    Never overwrites: ``FileExistsError`` for a ``folder`` that exists and is not an empty folder,
    ``FileNotFoundError`` when a source holds no notebook; ``ValueError`` (``TypeError``) for a
    language groundlab does not have (``groundlab.core.language.canonical_language``). The copies go to a temporary folder
    beside ``folder`` first and are renamed into place, so an error leaves no half-copied folder."""
    folder = Path(folder)
    language = canonical_language(language)
    source = packaged_notebooks(path) if source is None else Path(source)
    sources = [(source, Path("."))]
    if language != DEFAULT_LANGUAGE:
        sources.insert(0, (source / language, Path(language)))
    found = []
    for where, inside in sources:
        notebooks = sorted(where.glob("*.ipynb")) if where.is_dir() else []
        if not notebooks:
            raise FileNotFoundError(tr("no notebooks in {folder}: install groundlab from the kit's wheel (SETUP.md)").format(folder=where))
        found += [(notebook, inside) for notebook in notebooks]
    if folder.is_symlink() or (folder.exists() and (not folder.is_dir() or any(folder.iterdir()))):
        raise FileExistsError(
            tr(
                "{folder} already exists and is not empty: the workbook never writes over files. "
                "Choose a new folder name, or open it with `groundlab-workbook open {folder}`"
            ).format(folder=folder)
        )
    with staged_folder(folder) as staging:
        for notebook, inside in found:
            (staging / inside).mkdir(exist_ok=True)
            shutil.copyfile(notebook, staging / inside / notebook.name)
    return [folder / inside / notebook.name for notebook, inside in found]


def lab_command(folder: Path, browser: bool = True, inside: str | None = None) -> list[str]:
    """The JupyterLab command that opens ``folder`` on 127.0.0.1 (``--no-browser`` unless ``browser``);
    with ``inside`` (a folder of ``folder``), its file browser starts there while ``folder`` stays
    the server's root (so links from ``inside`` to ``../`` still open)."""
    command = [sys.executable, "-m", "jupyterlab", "--ip=127.0.0.1", "--ServerApp.jpserver_extensions=notebook_shim=False"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")
    if inside:
        command.append(f"--LabApp.default_url=/lab/tree/{inside}")
    return command + ([] if browser else ["--no-browser"]) + [str(folder)]


def launch(command: list[str]) -> int:
    """Run ``command`` in place of this process where the system can (POSIX: ``os.execv``, so a
    signal that stops this command stops JupyterLab too), else as a child; its exit code."""
    if os.name == "posix":
        sys.stdout.flush()
        os.execv(command[0], command)
    return subprocess.call(command)


def _reason(err: OSError) -> str:
    """``err`` in one line: its system message and, when it names another file, that file."""
    reason = err.strerror or type(err).__name__
    return f"{reason} ({err.filename})" if err.filename else reason


def main(argv: Sequence[str] | None = None) -> int:
    """``groundlab-workbook start|open|check|aggregate ...``; returns the exit code."""
    parser = argparse.ArgumentParser(
        prog="groundlab-workbook", description=tr("The groundlab workbook: start it, check an install, sum up a room's first tries.")
    )
    sub = parser.add_subparsers(dest="command", required=True)
    start = sub.add_parser("start", help=tr("copy the student notebooks into a new folder and open JupyterLab there"))
    start.add_argument("folder", nargs="?", default=DEFAULT_FOLDER, help=tr("a new or empty folder (default: {folder})").format(folder=DEFAULT_FOLDER))
    start.add_argument("--full", action="store_true", help=tr("every section, optional ones too (default: the core path)"))
    start.add_argument("--no-browser", action="store_true", help=tr("start JupyterLab without opening a browser"))
    start.add_argument("--copy-only", action="store_true", help=tr("copy the notebooks and stop (to run them another way)"))
    start.add_argument(
        "--language", default=None, metavar="LANG",
        help=tr("en or zh-Hant: zh-Hant adds the Chinese notebooks in FOLDER/zh-Hant (default: GROUNDLAB_LANG, else en)"),
    )
    opened = sub.add_parser("open", help=tr("open JupyterLab in a folder that `start` made"))
    opened.add_argument("folder")
    opened.add_argument("--no-browser", action="store_true")
    sub.add_parser("check", help=tr("check this install and say what is wrong, in plain words"))
    summary = sub.add_parser("aggregate", help=tr("a table and a chart of a room's first tries, from a folder of scoreboard exports"))
    summary.add_argument("folder", help=tr("the folder of first-tries-*.json files"))
    summary.add_argument(
        "--out", default="first-tries-summary", help=tr("a new folder for the table and the chart (default: first-tries-summary)")
    )
    args = parser.parse_args(argv)
    if args.command == "check":
        return _print_check()
    if args.command == "aggregate":
        from groundlab.workbook.exercises.room import ExportError, aggregate_folder

        try:
            written, table = aggregate_folder(args.folder, args.out)
        except (ExportError, FileExistsError, FileNotFoundError) as err:
            print(f"groundlab-workbook aggregate: {err}", file=sys.stderr)
            return 2
        except OSError as err:  # the folder cannot be made: no permission, a full disk...
            print(tr("groundlab-workbook aggregate: cannot write {folder}: {reason}").format(folder=args.out, reason=_reason(err)), file=sys.stderr)
            return 2
        print(table)
        print(tr("wrote {files}").format(files=", ".join(str(p) for p in written)))
        return 0
    folder = Path(args.folder)
    inside = None
    if args.command == "start":
        try:
            language = get_language() if args.language is None else set_language(args.language)
        except ValueError:
            print(tr("groundlab-workbook start: no language {language!r}; choose one of: {languages}").format(language=args.language, languages=", ".join(LANGUAGES)), file=sys.stderr)
            return 2
        inside = None if language == DEFAULT_LANGUAGE else language
        try:
            written = copy_notebooks(folder, path="full" if args.full else "core", language=language)
        except (FileExistsError, FileNotFoundError) as err:
            print(f"groundlab-workbook start: {err}", file=sys.stderr)
            return 2
        except OSError as err:  # the folder cannot be made: no permission, a full disk...
            print(tr("groundlab-workbook start: cannot write {folder}: {reason}").format(folder=folder, reason=_reason(err)), file=sys.stderr)
            return 2
        if inside:
            chinese = [p for p in written if p.parent == folder / inside]
            print(tr("copied {count} notebooks into {folder} and their English originals beside them; begin with {first}").format(
                count=len(chinese), folder=folder / inside, first=chinese[0].name))
        else:
            print(tr("copied {count} notebooks into {folder}; begin with {first}").format(count=len(written), folder=folder, first=written[0].name))
        if args.copy_only:
            return 0
    elif not folder.is_dir():
        print(tr("groundlab-workbook open: {folder} is not a folder; `groundlab-workbook start {folder}` makes it").format(folder=folder), file=sys.stderr)
        return 2
    return launch(lab_command(folder, browser=not args.no_browser, inside=inside))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
