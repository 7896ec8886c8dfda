"""The learner kit: a folder and a zip that a room installs from, online or with no network.

``python tools/kit.py kit [OUT]`` (``make kit``; default ``build/kit``) writes:

* ``groundlab-VERSION-py3-none-any.whl``, the package, carrying the student notebooks;
* ``notebooks-core/`` and ``notebooks-full/``, the student copies (``tools/notebooks.py``), and
  in each a ``zh-Hant/`` folder, the student copies of the Traditional Chinese twins
  (``notebooks/zh-Hant/``), laid out as in the checkout, so a twin's link to an English
  optional section (``../NN_name.ipynb#...``) opens the English copy of the same path;
* ``SETUP.md`` (from ``docs/SETUP.md``), ``feedback-form.md`` (from ``docs/feedback-form.md``),
  ``cheatsheet.html``, their Chinese versions ``SETUP.zh-Hant.md``, ``feedback-form.zh-Hant.md``
  and ``cheatsheet.zh-Hant.html``, and ``requirements.lock``;

and then ``build/groundlab-kit.zip``, the folder's contents under ``groundlab-kit/``, so unzipping
makes a new folder and writes over nothing. It holds no instructor guide, answer key, demo
notebook or collapsed solution (:func:`kit_problems`; ``tests/project/test_kit.py``).

``python tools/kit.py wheelhouse --platform NAME --python X.Y [KIT]`` (``make wheelhouse``) adds
``wheelhouse-NAME-pyXY/``: every wheel ``requirements.lock`` installs on that platform and Python,
downloaded with ``pip download --only-binary=:all: --no-deps`` (the lock's markers are evaluated
for the target here, since pip evaluates them for the running Python), and writes the zip again.
SETUP.md then installs with ``pip install --no-index --find-links``.

Workbook tooling, run by the venv's Python (``tools/workshop.py``): it needs ``packaging`` (in the
lock) for the markers, and ``pip`` and ``hatchling`` to build the wheel offline.
"""

from __future__ import annotations

import argparse
import json
import os
import platform as _platform
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Sequence

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: tools/ is importable from the checkout
    sys.path.insert(0, str(ROOT))
from tools.i18n import TWIN_NUMBERS  # noqa: E402
from tools.notebooks import LESSON_GLOB, read_notebook, tags, write_student_copies  # noqa: E402

KIT = ROOT / "build" / "kit"
ZIP_NAME = "groundlab-kit.zip"
ZIP_ROOT = "groundlab-kit"
DOCS = {
    "SETUP.md": "docs/SETUP.md", "feedback-form.md": "docs/feedback-form.md", "cheatsheet.html": "docs/cheatsheet.html",
    "SETUP.zh-Hant.md": "docs/SETUP.zh-Hant.md", "feedback-form.zh-Hant.md": "docs/feedback-form.zh-Hant.md",
    "cheatsheet.zh-Hant.html": "docs/cheatsheet.zh-Hant.html", "requirements.lock": "requirements.lock",
}
"""Kit file name -> the checkout file it is copied from (one source each)."""
LANGUAGES = ("zh-Hant",)
"""The languages besides English whose notebook twins (``notebooks/LANG/``) the kit ships, in
``notebooks-core/LANG/`` and ``notebooks-full/LANG/``."""
FORBIDDEN_NAMES = re.compile(r"instructor|answer[-_ ]?key|demo_claim_editor|講師|教師|解答|答案", re.IGNORECASE)
"""File names a kit never holds: the instructor's guide, the answer key, the demo notebook (in
English or in Chinese: 講師, 教師, 解答, 答案)."""


def _manylinux(machine: str) -> list[str]:
    return [f"manylinux_2_{minor}_{machine}" for minor in range(39, 4, -1)] + [f"manylinux2014_{machine}", f"manylinux2010_{machine}", f"manylinux1_{machine}", f"linux_{machine}"]


def _macos(machine: str, majors: Sequence[int]) -> list[str]:
    found = []
    for major in majors:
        minors = range(16, -1, -1) if major == 10 else [0]
        found += [f"macosx_{major}_{minor}_{arch}" for minor in minors for arch in (machine, "universal2")]
    return found


PLATFORMS = {
    "linux-x86_64": (_manylinux("x86_64"), {"sys_platform": "linux", "os_name": "posix", "platform_system": "Linux", "platform_machine": "x86_64"}),
    "linux-aarch64": (_manylinux("aarch64"), {"sys_platform": "linux", "os_name": "posix", "platform_system": "Linux", "platform_machine": "aarch64"}),
    "macos-arm64": (_macos("arm64", range(15, 10, -1)), {"sys_platform": "darwin", "os_name": "posix", "platform_system": "Darwin", "platform_machine": "arm64"}),
    "macos-x86_64": (_macos("x86_64", [15, 14, 13, 12, 11, 10]), {"sys_platform": "darwin", "os_name": "posix", "platform_system": "Darwin", "platform_machine": "x86_64"}),
    "windows-amd64": (["win_amd64"], {"sys_platform": "win32", "os_name": "nt", "platform_system": "Windows", "platform_machine": "AMD64"}),
}
"""A kit platform name -> (the wheel platform tags pip may take for it, its marker environment)."""


def this_platform() -> str:
    """The :data:`PLATFORMS` name of this machine (``ValueError`` when it is none of them)."""
    system = {"linux": "linux", "darwin": "macos", "win32": "windows"}.get(sys.platform, sys.platform)
    machine = {"amd64": "x86_64", "aarch64": "arm64" if system == "macos" else "aarch64"}.get(_platform.machine().lower(), _platform.machine().lower())
    name = "windows-amd64" if system == "windows" and machine == "x86_64" else f"{system}-{machine}"
    if name not in PLATFORMS:
        raise ValueError(f"no wheelhouse preset for {name}; choose one of {', '.join(PLATFORMS)}")
    return name


def marker_environment(platform: str, python: str) -> dict[str, str]:
    """The marker environment of CPython ``python`` (``"3.12"``, or ``"3.12.8"``) on ``platform``."""
    if platform not in PLATFORMS:
        raise ValueError(f"platform is one of {', '.join(PLATFORMS)}, not {platform!r}")
    if not re.fullmatch(r"3\.1[0-3](\.\d+)?", python):
        raise ValueError(f"python is 3.10 to 3.13 (such as 3.12), not {python!r}")
    full = python if python.count(".") == 2 else f"{python}.0"
    return {
        **PLATFORMS[platform][1], "python_version": ".".join(full.split(".")[:2]), "python_full_version": full,
        "implementation_name": "cpython", "platform_python_implementation": "CPython", "implementation_version": full,
        "platform_release": "", "platform_version": "", "extra": "",
    }


def locked_for(lock: Path, platform: str, python: str) -> list[tuple[str, list[str]]]:
    """What ``lock`` installs for CPython ``python`` on ``platform``, as ``[(full version, [pin,
    ...]), ...]``: for ``X.Y.Z`` one entry; for ``X.Y``, each patch release ``X.Y.0`` to ``X.Y.30``
    that needs a pin the earlier ones did not (a lock may pin by patch release: soupsieve
    differs before and after 3.11.5), with those new pins only. Each list names a package once."""
    from packaging.markers import Marker

    entries = []
    for line in lock.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.lstrip().startswith("#") and not line.startswith(" "):
            pin, _, marker = line.partition(" ; ")
            entries.append((pin.strip(), Marker(marker) if marker else None))
    versions = [python] if python.count(".") == 2 else [f"{python}.{patch}" for patch in range(31)]
    rounds, seen = [], set()
    for version in versions:
        environment = marker_environment(platform, version)
        new = [pin for pin, marker in entries if (marker is None or marker.evaluate(environment)) and pin not in seen]
        if new:
            rounds.append((version, new))
            seen.update(new)
    return rounds


def notebook_problems(relative: str, notebook: dict) -> list[str]:
    """Why the notebook ``notebook`` (named ``relative`` in the messages) is not fit for learners:
    a solution cell, a collapsed ``<details>`` block or an output. ``[]`` when it is fit."""
    problems = []
    for index, cell in enumerate(notebook["cells"]):
        source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        if "solution" in tags(cell):
            problems.append(f"{relative}: cell {index} is a solution")
        if "<details" in source.lower():
            problems.append(f"{relative}: cell {index} holds a collapsed <details> block")
        if cell.get("outputs"):
            problems.append(f"{relative}: cell {index} has outputs")
    return problems


def kit_problems(folder: Path) -> list[str]:
    """Why ``folder`` (a kit, or any folder of its files) is not fit for learners: a forbidden
    file name (:data:`FORBIDDEN_NAMES`), or a notebook holding a solution or explanation cell,
    a ``<details>`` block or an output (:func:`notebook_problems`), in any language's folder and
    inside a wheel too. ``[]`` when it is fit."""
    problems = []
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder).as_posix()
        if FORBIDDEN_NAMES.search(path.name):
            problems.append(f"{relative}: an instructor's file")
        if path.suffix == ".ipynb":
            problems += notebook_problems(relative, read_notebook(path))
        if path.suffix == ".whl":
            with zipfile.ZipFile(path) as wheel:
                for name in wheel.namelist():
                    if FORBIDDEN_NAMES.search(name.rsplit("/", 1)[-1]):
                        problems.append(f"{relative}: {name}")
                    if name.endswith(".ipynb"):
                        problems += notebook_problems(f"{relative}: {name}", json.loads(wheel.read(name)))
    return problems


def write_zip(kit: Path, target: Path) -> Path:
    """Zip ``kit``'s files under :data:`ZIP_ROOT` into ``target`` (written beside it first, then renamed)."""
    partial = target.with_name(f".{target.name}.partial")
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(kit.rglob("*")):
            if path.is_file():
                archive.write(path, f"{ZIP_ROOT}/{path.relative_to(kit).as_posix()}")
    os.replace(partial, target)
    return target


def build_wheel(out: Path) -> Path:
    """Build the package's wheel into ``out`` with the installed hatchling, offline; return its path."""
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--disable-pip-version-check", "--quiet", "--no-deps", "--no-build-isolation", "--no-index", "-w", str(out), str(ROOT)],
        capture_output=True, text=True,
    )
    wheels = sorted(out.glob("groundlab-*.whl"))
    if done.returncode != 0 or len(wheels) != 1:
        raise RuntimeError(f"building the wheel failed: {done.stdout}{done.stderr}")
    return wheels[0]


def missing_twins(notebooks: Path) -> list[str]:
    """The twins that ``tools/i18n.py build`` makes (``LANG/NN_name.ipynb``, for the lessons of
    ``TWIN_NUMBERS``) and that ``notebooks`` lacks; ``[]`` when each is there."""
    lessons = sorted(p.name for p in notebooks.glob(LESSON_GLOB) if p.name[:2] in TWIN_NUMBERS)
    return [f"{language}/{name}" for language in LANGUAGES for name in lessons if not (notebooks / language / name).is_file()]


def build_kit(out: Path = KIT, wheel: bool = True) -> list[str]:
    """Write the kit into ``out`` (replaced whole: written to ``out.partial`` first) and its zip
    beside it; return the zip's file names. ``wheel=False`` leaves the wheel out (the tests'
    quick build). ``RuntimeError`` when a lesson has no twin (:func:`missing_twins`) or
    :func:`kit_problems` finds anything."""
    out = Path(out)
    partial = out.with_name(out.name + ".partial")
    if partial.exists():
        shutil.rmtree(partial)
    partial.mkdir(parents=True)
    try:
        missing = missing_twins(ROOT / "notebooks")
        if missing:
            raise RuntimeError(f"the kit ships a twin of each lesson, and there is none for {', '.join(missing)}: run `python tools/i18n.py build`")
        if wheel:
            build_wheel(partial)
        for folder, core in (("notebooks-core", True), ("notebooks-full", False)):
            write_student_copies(ROOT / "notebooks", partial / folder, core_only=core)
            for language in LANGUAGES:
                write_student_copies(ROOT / "notebooks" / language, partial / folder / language, core_only=core)
        for name, source in DOCS.items():
            shutil.copyfile(ROOT / source, partial / name)
        problems = kit_problems(partial)
        if problems:
            raise RuntimeError("the kit would hold answers: " + "; ".join(problems))
        if out.exists():
            shutil.rmtree(out)
        os.replace(partial, out)
    except BaseException:
        shutil.rmtree(partial, ignore_errors=True)
        raise
    target = write_zip(out, out.parent / ZIP_NAME)
    with zipfile.ZipFile(target) as archive:
        return archive.namelist()


def wheelhouse(kit: Path, platform: str, python: str) -> Path:
    """Download every wheel of ``requirements.lock`` for ``platform`` and CPython ``python`` into
    ``kit/wheelhouse-PLATFORM-pyXY`` and write the zip again; return the folder.
    ``RuntimeError`` when pip cannot find a wheel for one of them (the message names it)."""
    if not (kit / "requirements.lock").is_file():
        raise RuntimeError(f"{kit} is not a kit: run `make kit` first")
    rounds = locked_for(ROOT / "requirements.lock", platform, python)
    short = "".join(python.split(".")[:2])
    folder = kit / f"wheelhouse-{platform}-py{short}"
    folder.mkdir(exist_ok=True)
    tags = [part for tag in PLATFORMS[platform][0] for part in ("--platform", tag)]
    print(f"downloading {sum(len(pins) for _, pins in rounds)} wheels for {platform}, CPython {python}, into {folder}", flush=True)
    for version, pins in rounds:
        listing = folder / "requirements.txt"
        listing.write_text("\n".join(pins) + "\n", encoding="utf-8")
        command = [
            sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "--no-deps", "--only-binary=:all:",
            *tags, "--python-version", version, "--implementation", "cp",
            "--abi", f"cp{short}", "--abi", "abi3", "--abi", "none", "-d", str(folder), "-r", str(listing),
        ]
        code = subprocess.call(command)
        listing.unlink()
        if code != 0:
            raise RuntimeError(f"pip download failed for {platform}, CPython {version}: see pip's message above")
    write_zip(kit, kit.parent / ZIP_NAME)
    return folder


def main(argv: Sequence[str] | None = None) -> int:
    """``python tools/kit.py kit [OUT]`` or ``python tools/kit.py wheelhouse [--platform P] [--python X.Y] [KIT]``."""
    parser = argparse.ArgumentParser(prog="python tools/kit.py", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    kit = sub.add_parser("kit", help="build the learner kit folder and its zip")
    kit.add_argument("out", nargs="?", default=str(KIT))
    house = sub.add_parser("wheelhouse", help="download every locked wheel for one platform and Python into the kit")
    house.add_argument("kit", nargs="?", default=str(KIT))
    house.add_argument("--platform", default=None, help=f"one of {', '.join(PLATFORMS)} (default: this machine)")
    house.add_argument("--python", default=f"{sys.version_info[0]}.{sys.version_info[1]}", help="3.10 to 3.13 (default: this Python)")
    args = parser.parse_args(argv)
    try:
        if args.command == "kit":
            names = build_kit(Path(args.out))
            print(f"wrote {args.out} and {Path(args.out).parent / ZIP_NAME} ({len(names)} files)")
        else:
            folder = wheelhouse(Path(args.kit), args.platform or this_platform(), args.python)
            print(f"wrote {folder} ({len(list(folder.glob('*.whl')))} wheels) and updated {ZIP_NAME}")
    except (RuntimeError, ValueError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
