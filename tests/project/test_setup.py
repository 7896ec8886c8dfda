"""The set-up script behind `make` and the no-make route (tools/workshop.py): which venv it
keeps, which it rebuilds, and that a failed or interrupted set-up leaves no venv behind.

The pip steps are replaced by fakes here, so these tests take milliseconds; CI runs the real
installs (`.ci/run`: the whole suite through make, and the 3.10 and 3.13 legs through
`python tools/workshop.py` with no make on PATH)."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tools import workshop

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tools" / "workshop.py"


class FakeSetup:
    """Stands in for the venv and pip steps: records them, builds a venv-shaped folder, and
    fails or is interrupted during the install when told to."""

    def __init__(self):
        self.calls: list[str] = []
        self.fail: BaseException | None = None

    def step(self, command, what):
        self.calls.append(what)
        parts = [str(part) for part in command]
        if parts[1:3] == ["-m", "venv"]:
            venv = Path(parts[3])
            python = workshop.venv_python(venv)
            python.parent.mkdir(parents=True)
            python.write_text("")
            (venv / "pyvenv.cfg").write_text("home = fake\n")

    def install_packages(self, venv, tests=False):
        self.calls.append(f"install into {venv.name}" + (" with the test lock" if tests else ""))
        (venv / "installed").write_text("packages")
        if self.fail is not None:
            raise self.fail


@pytest.fixture
def fake(tmp_path, monkeypatch):
    lock = tmp_path / "requirements.lock"
    lock.write_text("pandas==3.1.1\n", encoding="utf-8")
    test_lock = tmp_path / "requirements-test.lock"
    test_lock.write_text("pandas==3.1.1\npytest==9.2.0\n", encoding="utf-8")
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text("[project]\nname = 'x'\n", encoding="utf-8")
    monkeypatch.setattr(workshop, "LOCK", lock)
    monkeypatch.setattr(workshop, "TEST_LOCK", test_lock)
    monkeypatch.setattr(workshop, "PYPROJECT", pyproject)
    setup = FakeSetup()
    monkeypatch.setattr(workshop, "step", setup.step)
    monkeypatch.setattr(workshop, "install_packages", setup.install_packages)
    return setup


def creating(venv: Path) -> str:
    return f"creating {venv} with Python {workshop.platform.python_version()} ({sys.executable})"


def lines(capsys) -> list[str]:
    return capsys.readouterr().out.splitlines()


def test_a_fresh_venv_is_built_and_stamped(fake, tmp_path, capsys):
    venv = tmp_path / "venv"
    python = workshop.ensure_venv(venv)
    assert python == workshop.venv_python(venv)
    assert fake.calls == [creating(venv), "install into venv"]
    assert workshop.read_stamp(venv) == workshop.wanted_stamp()
    assert json.loads((venv / workshop.STAMP).read_text(encoding="utf-8"))["interpreter"]["version"] == workshop.platform.python_version()
    assert lines(capsys) == [f"[workshop] {venv} is ready (Python {workshop.platform.python_version()})"]


def test_an_up_to_date_venv_is_left_alone(fake, tmp_path, capsys):
    venv = tmp_path / "venv"
    workshop.ensure_venv(venv)
    capsys.readouterr()
    fake.calls.clear()
    assert workshop.ensure_venv(venv) == workshop.venv_python(venv)
    assert fake.calls == [] and lines(capsys) == []


def test_a_venv_built_by_another_python_is_rebuilt(fake, tmp_path, capsys):
    venv = tmp_path / "venv"
    workshop.ensure_venv(venv)
    other = {**workshop.wanted_stamp(), "interpreter": {"executable": "/opt/python3.12/bin/python3.12", "version": "3.12.1", "implementation": "cpython"}}
    workshop.write_stamp(venv, other)
    (venv / "left-over").write_text("from 3.12")
    capsys.readouterr()
    fake.calls.clear()
    workshop.ensure_venv(venv)
    assert not (venv / "left-over").exists()
    assert fake.calls == [creating(venv), "install into venv"]
    assert workshop.read_stamp(venv) == workshop.wanted_stamp()
    this = workshop.interpreter()["executable"]
    assert lines(capsys)[0] == f"[workshop] removing {venv}: built by /opt/python3.12/bin/python3.12 (3.12.1), not by {this}"


def test_a_venv_whose_set_up_never_finished_is_rebuilt(fake, tmp_path, capsys):
    venv = tmp_path / "venv"
    workshop.ensure_venv(venv)
    (venv / workshop.STAMP).unlink()  # as a `kill -9` in the middle of pip leaves it
    (venv / "half-installed").write_text("")
    capsys.readouterr()
    fake.calls.clear()
    workshop.ensure_venv(venv)
    assert not (venv / "half-installed").exists()
    assert fake.calls == [creating(venv), "install into venv"]
    assert lines(capsys)[0] == f"[workshop] removing {venv}: its set-up did not finish (or it was not made by this script)"


def test_a_changed_lock_updates_the_venv_in_place(fake, tmp_path, capsys):
    venv = tmp_path / "venv"
    workshop.ensure_venv(venv)
    (venv / "kept").write_text("")
    workshop.LOCK.write_text("pandas==3.1.1\npluggy==1.7.0\n", encoding="utf-8")
    capsys.readouterr()
    fake.calls.clear()
    workshop.ensure_venv(venv)
    assert (venv / "kept").exists()
    assert fake.calls == ["install into venv"]
    assert workshop.read_stamp(venv)["locks"] == {"requirements.lock": workshop.digest(workshop.LOCK)}
    assert lines(capsys)[0] == f"[workshop] {venv}: requirements.lock changed; updating it"


def test_a_learners_venv_has_the_learner_lock_only(fake, tmp_path):
    venv = tmp_path / "venv"
    workshop.ensure_venv(venv)
    assert workshop.read_stamp(venv)["locks"] == {"requirements.lock": workshop.digest(workshop.LOCK)}
    workshop.TEST_LOCK.write_text("pandas==3.1.1\npytest==9.3.0\n", encoding="utf-8")
    fake.calls.clear()
    workshop.ensure_venv(venv)
    assert fake.calls == [], "a change in the test lock does not concern a learner's venv"


def test_a_test_command_adds_the_test_lock_in_place(fake, tmp_path, capsys):
    venv = tmp_path / "venv"
    workshop.ensure_venv(venv)
    (venv / "kept").write_text("")
    capsys.readouterr()
    fake.calls.clear()
    workshop.ensure_venv(venv, tests=True)
    assert (venv / "kept").exists()
    assert fake.calls == ["install into venv with the test lock"]
    assert workshop.read_stamp(venv) == workshop.wanted_stamp(tests=True)
    assert set(workshop.read_stamp(venv)["locks"]) == {"requirements.lock", "requirements-test.lock"}
    assert lines(capsys)[0] == f"[workshop] {venv}: requirements-test.lock is not installed in it yet; updating it"


def test_a_test_venv_serves_the_lab_and_keeps_its_test_lock(fake, tmp_path, capsys):
    venv = tmp_path / "venv"
    workshop.ensure_venv(venv, tests=True)
    fake.calls.clear()
    workshop.ensure_venv(venv)  # `lab` on a venv that `test` built: nothing to do
    assert fake.calls == []
    workshop.TEST_LOCK.write_text("pandas==3.1.1\npytest==9.3.0\n", encoding="utf-8")
    workshop.LOCK.write_text("pandas==3.1.2\n", encoding="utf-8")
    capsys.readouterr()
    workshop.ensure_venv(venv)
    assert fake.calls == ["install into venv with the test lock"]
    assert workshop.read_stamp(venv) == workshop.wanted_stamp(tests=True)
    assert lines(capsys)[0] == f"[workshop] {venv}: requirements.lock and requirements-test.lock changed; updating it"


def test_a_venv_from_before_the_split_locks_is_updated_in_place(fake, tmp_path, capsys):
    venv = tmp_path / "venv"
    workshop.ensure_venv(venv)
    old = {"interpreter": workshop.interpreter(), "lock": workshop.digest(workshop.LOCK), "pyproject": workshop.digest(workshop.PYPROJECT)}
    workshop.write_stamp(venv, old)
    capsys.readouterr()
    fake.calls.clear()
    workshop.ensure_venv(venv, tests=True)
    assert fake.calls == ["install into venv with the test lock"]
    assert lines(capsys)[0] == f"[workshop] {venv}: it was set up by an older version of this script; updating it"


def test_a_venv_built_by_another_python_is_rebuilt_with_what_is_asked(fake, tmp_path):
    venv = tmp_path / "venv"
    workshop.ensure_venv(venv, tests=True)
    other = {**workshop.wanted_stamp(tests=True), "interpreter": {"executable": "/opt/py/bin/python3.13", "version": "3.13.1", "implementation": "cpython"}}
    workshop.write_stamp(venv, other)
    fake.calls.clear()
    workshop.ensure_venv(venv)
    assert fake.calls == [creating(venv), "install into venv"]
    assert workshop.read_stamp(venv) == workshop.wanted_stamp()


@pytest.mark.parametrize("tests", [False, True], ids=["learner", "tests"])
def test_the_install_steps_use_the_locks_in_one_pip_call_then_the_editable_checkout(monkeypatch, tmp_path, tests):
    steps = []
    monkeypatch.setattr(workshop, "step", lambda command, what: steps.append(([str(part) for part in command], what)))
    workshop.install_packages(tmp_path / "venv", tests)
    (packages, what), (editable, editable_what) = steps
    locks = [str(workshop.LOCK)] + ([str(workshop.TEST_LOCK)] if tests else [])
    assert packages[packages.index("install") + 1:] == ["--disable-pip-version-check", "--no-compile", "--no-deps", *[x for lock in locks for x in ("-r", lock)]]
    assert what == ("installing requirements.lock and requirements-test.lock" if tests else "installing requirements.lock")
    assert editable[-4:] == ["--no-deps", "--no-build-isolation", "-e", str(workshop.ROOT)]
    assert "offline" in editable_what


@pytest.mark.parametrize("command, tests", [("install", False), ("lab", False), ("student", False), ("notebooks", False), ("bench", False), ("test", True), ("test-no-browser", True), ("mutation-check", True), ("demo", True)])
def test_only_the_test_commands_and_the_demo_need_the_test_lock(monkeypatch, tmp_path, command, tests):
    asked = []
    monkeypatch.setattr(workshop, "ensure_venv", lambda venv, tests=False: asked.append(tests) or Path(sys.executable))
    for name in ("lab", "demo"):
        monkeypatch.setattr(workshop, name, lambda python: 0)
    monkeypatch.setattr(workshop, "run_tests", lambda python, marker: 0)
    monkeypatch.setattr(workshop, "run", lambda command, env=None, cwd=workshop.ROOT: 0)
    assert workshop.main(["--venv", str(tmp_path / "venv"), command]) == 0
    assert asked == [tests]


def test_lock_compiles_the_test_lock_first_then_the_learner_lock_from_it(monkeypatch, tmp_path):
    commands = []

    def step(command, what):
        if [str(part) for part in command][1:3] == ["-m", "venv"]:
            Path(str(command[3])).mkdir(parents=True)

    monkeypatch.setattr(workshop, "ROOT", tmp_path)
    monkeypatch.setattr(workshop, "step", step)
    monkeypatch.setattr(workshop, "run", lambda command, env=None, cwd=workshop.ROOT: commands.append([str(part) for part in command]) or 0)
    assert workshop.lock(upgrade=False) == 0
    assert [command[3:] for command in commands] == [workshop.TEST_LOCK_COMMAND, workshop.LOCK_COMMAND]
    assert workshop.LOCK_COMMAND[workshop.LOCK_COMMAND.index("-c") + 1] == workshop.TEST_LOCK.name
    assert not (tmp_path / "build" / "lock-venv").exists()


@pytest.mark.parametrize("existing", [False, True], ids=["fresh build", "update in place"])
def test_a_failed_install_removes_the_venv(fake, tmp_path, capsys, existing):
    venv = tmp_path / "venv"
    if existing:
        workshop.ensure_venv(venv)
        workshop.PYPROJECT.write_text("[project]\nname = 'y'\n", encoding="utf-8")
    capsys.readouterr()
    fake.fail = workshop.SetupError("installing requirements.lock failed (exit code 1)")
    with pytest.raises(workshop.SetupError, match=r"^installing requirements\.lock failed \(exit code 1\)$"):
        workshop.ensure_venv(venv)
    assert not venv.exists()
    assert lines(capsys)[-1] == f"[workshop] removing {venv}: the set-up did not finish, so the next attempt starts clean"
    fake.fail = None
    workshop.ensure_venv(venv)
    assert workshop.read_stamp(venv) == workshop.wanted_stamp()


def test_an_interrupted_install_removes_the_venv(fake, tmp_path):
    venv = tmp_path / "venv"
    fake.fail = KeyboardInterrupt()
    with pytest.raises(workshop.SetupError, match=r"^set-up interrupted$"):
        workshop.ensure_venv(venv)
    assert not venv.exists()


def test_a_folder_that_is_not_a_venv_is_never_removed(fake, tmp_path):
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "mine.txt").write_text("keep me")
    with pytest.raises(workshop.SetupError, match=r"is not a venv \(no pyvenv\.cfg\) and not empty"):
        workshop.ensure_venv(folder)
    assert (folder / "mine.txt").read_text() == "keep me"
    assert fake.calls == []


def test_a_python_older_than_3_10_is_refused(fake, tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "version_info", (3, 9, 18, "final", 0))
    monkeypatch.setattr(workshop.platform, "python_version", lambda: "3.9.18")
    with pytest.raises(workshop.SetupError) as refused:
        workshop.ensure_venv(tmp_path / "venv")
    assert str(refused.value) == (
        "this is cpython 3.9.18; groundlab supports CPython 3.10 to 3.13: run this with one of those (make: PYTHON=...)"
    )
    assert not (tmp_path / "venv").exists()


def test_a_newer_python_is_warned_about_but_used(fake, tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(sys, "version_info", (3, 14, 0, "final", 0))
    monkeypatch.setattr(workshop.platform, "python_version", lambda: "3.14.0")
    workshop.ensure_venv(tmp_path / "venv")
    assert lines(capsys)[0] == "[workshop] warning: this is cpython 3.14.0, which is untested; groundlab supports CPython 3.10 to 3.13"
    assert workshop.read_stamp(tmp_path / "venv")["interpreter"]["version"] == "3.14.0"


@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or os.name == "nt", reason="SIGTERM to oneself is POSIX only")
def test_sigterm_during_the_install_removes_the_venv(tmp_path):
    venv = tmp_path / "venv"
    driver = textwrap.dedent(
        f"""
        import os, signal, sys, time
        from pathlib import Path
        sys.path.insert(0, {str(ROOT)!r})
        from tools import workshop

        def step(command, what):
            python = workshop.venv_python(Path(str(command[3])))
            python.parent.mkdir(parents=True)
            python.write_text("")
            (python.parent.parent / "pyvenv.cfg").write_text("home = fake")

        def install(venv, tests=False):
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(30)

        workshop.step, workshop.install_packages = step, install
        sys.exit(workshop.main(["--venv", {str(venv)!r}, "install"]))
        """
    )
    done = subprocess.run([sys.executable, "-c", driver], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stdout.splitlines()[-2:] == [
        f"[workshop] removing {venv}: the set-up did not finish, so the next attempt starts clean",
        "[workshop] error: set-up interrupted",
    ]
    assert not venv.exists()


def run_without_make(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    """The no-make route, exactly as a Windows or macOS user types it, with a PATH that holds
    no make (nor anything else)."""
    empty = cwd / "empty-path"
    empty.mkdir(exist_ok=True)
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = str(empty)
    assert shutil.which("make", path=env["PATH"]) is None
    return subprocess.run([sys.executable, str(SCRIPT), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=60)


def test_the_script_runs_without_make_and_lists_its_commands(tmp_path):
    done = run_without_make("--help", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    shown = " ".join(done.stdout.split()).replace("- ", "-")  # argparse may wrap after a hyphen
    for command in workshop.COMMANDS:
        assert f"{command}: {workshop.COMMANDS[command]}" in shown


def test_the_script_refuses_to_replace_a_folder_that_is_not_a_venv(tmp_path):
    (tmp_path / "work").mkdir()
    (tmp_path / "work" / "notes.txt").write_text("keep me")
    done = run_without_make("--venv", "work", "install", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stdout.splitlines() == [
        f"[workshop] error: {tmp_path / 'work'} is not a venv (no pyvenv.cfg) and not empty: move it away or choose another --venv"
    ]
    assert (tmp_path / "work" / "notes.txt").read_text() == "keep me"


@pytest.mark.skipif(shutil.which("make") is None, reason="GNU make is not installed here")
@pytest.mark.parametrize("target", ["lab", "test", "test-no-browser", "student", "lock", "clean"])
def test_make_hands_python_and_venv_to_the_script(target):
    done = subprocess.run(
        ["make", "-n", "-C", str(ROOT), target, "PYTHON=/opt/py/bin/python3.10", "VENV=build/venv-3.10"],
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert [line for line in done.stdout.splitlines() if not line.startswith("make")] == [
        f"/opt/py/bin/python3.10 tools/workshop.py --venv build/venv-3.10 {target}"
    ]


def test_tests_and_notebooks_run_on_workers_with_each_notebook_whole(monkeypatch, tmp_path):
    """nbval runs a notebook's cells in one kernel, so each notebook stays on one worker
    (``--dist loadfile``); the tests are spread with ``loadgroup``, so a notebook's in-process
    run and the browser servers (``xdist_group``) stay on one worker too."""
    calls = []
    monkeypatch.setattr(workshop, "run", lambda command, env=None, cwd=workshop.ROOT: calls.append(list(map(str, command))) or 0)
    assert workshop.run_tests(Path(sys.executable), None) == 0
    tests, notebooks = calls
    assert tests[tests.index("--dist") + 1] == "loadgroup" and tests[-1] == "tests" and "-n" in tests
    assert notebooks.count("--dist") == 1 and notebooks[notebooks.index("--dist") + 1] == "loadfile"
    assert "--nbval" in notebooks and "-n" in notebooks


def test_a_closed_output_does_not_stop_the_clean_up(fake, tmp_path, monkeypatch):
    """Ctrl-C under `make install | tee log` stops tee first: the progress line of the
    clean-up meets a broken pipe, and the half-built venv must still be removed."""
    venv = tmp_path / "venv"
    venv.mkdir()
    (venv / "pyvenv.cfg").write_text("home = x\n")

    class Closed:
        def write(self, _text):
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self):
            raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(sys, "stdout", Closed())
    workshop.remove_venv(venv, "the set-up did not finish")
    assert not venv.exists()


@pytest.mark.parametrize("command", ["install", "lab"])
def test_install_and_lab_put_the_workbooks_jupyterlab_settings_into_the_venv(monkeypatch, tmp_path, command):
    """No first-launch news prompt over the cells, no update check: JupyterLab reads
    <venv>/share/jupyter/lab/settings/overrides.json as its defaults."""
    venv = tmp_path / "venv"
    monkeypatch.setattr(workshop, "ensure_venv", lambda venv, tests=False: Path(sys.executable))
    monkeypatch.setattr(workshop, "lab", lambda python: 0)
    assert workshop.main(["--venv", str(venv), command]) == 0
    written = venv / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    assert json.loads(written.read_text(encoding="utf-8")) == {
        "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
    }
    assert [p.name for p in written.parent.iterdir()] == ["overrides.json"], "no temporary file left behind"
    written.write_text("{}", encoding="utf-8")
    assert workshop.main(["--venv", str(venv), command]) == 0
    assert json.loads(written.read_text(encoding="utf-8"))["@jupyterlab/apputils-extension:notification"]["fetchNews"] == "false"


def test_the_lab_overrides_name_settings_that_jupyterlab_s_schema_has():
    schemas = Path(sys.prefix) / "share" / "jupyter" / "lab" / "schemas"
    if not schemas.is_dir():
        pytest.skip(f"JupyterLab's schemas are not installed in {sys.prefix}")
    for plugin, values in workshop.LAB_OVERRIDES.items():
        package, name = plugin.split(":")
        schema = json.loads((schemas / package / f"{name}.json").read_text(encoding="utf-8"))["properties"]
        for key, value in values.items():
            allowed = [c["const"] for c in schema[key].get("oneOf", [])] or None
            assert allowed is None or value in allowed, (key, value, allowed)
            assert schema[key].get("type") == {str: "string", bool: "boolean"}[type(value)]


# The learners' set-up pages and feedback forms (the kit's SETUP.md, SETUP.zh-Hant.md,
# feedback-form.md, feedback-form.zh-Hant.md): the Chinese page is the English one translated,
# with the same steps, commands and figures, and the commands they name are the learner's.
SETUP_PAGES = {"en": ROOT / "docs" / "SETUP.md", "zh-Hant": ROOT / "docs" / "SETUP.zh-Hant.md"}
FORMS = {"en": ROOT / "docs" / "feedback-form.md", "zh-Hant": ROOT / "docs" / "feedback-form.zh-Hant.md"}
_CODE = re.compile(r"```[a-z]*\n(.*?)```|``\s?(.+?)\s?``|`([^`]+)`", re.DOTALL)
_CJK = "\u3400-\u9fff\uf900-\ufaff"
LATIN_IN_CHINESE = {
    "C", "CPU", "CPython", "Ctrl", "Debian", "Jupyter", "JupyterLab", "Linux", "MB", "PowerShell", "Python", "Terminal",
    "Ubuntu", "Windows", "clone", "groundlab", "ipykernel", "kernel", "macOS", "pip", "python.org", "venv", "wheelhouse",
}
"""The Latin words of the Chinese set-up page's prose: names of systems and programs."""


def code_of(text: str) -> list[str]:
    """Every code span and every line of a fenced block in ``text``, in order, its spaces made single."""
    found = []
    for block, double, single in _CODE.findall(text):
        found += [line for line in block.splitlines() if line.strip()] if block else [double or single]
    return [" ".join(part.split()) for part in found]


def prose_of(text: str) -> str:
    """``text`` without its code."""
    return _CODE.sub(" ", text)


def figures_of(text: str) -> set[str]:
    """The numbers of ``text``'s prose (``2½`` and ``3.11`` are one number each)."""
    return set(re.findall(r"\d+(?:\.\d+)*½?", prose_of(text)))


def test_the_chinese_setup_page_has_the_same_steps_commands_and_figures():
    english, chinese = (SETUP_PAGES[k].read_text(encoding="utf-8") for k in ("en", "zh-Hant"))
    assert sorted(set(code_of(chinese))) == sorted(set(code_of(english)))
    assert figures_of(chinese) == figures_of(english)
    steps = [re.findall(r"^## (\d+)\. ", page, re.MULTILINE) for page in (english, chinese)]
    assert steps[0] == steps[1] == [str(n) for n in range(1, 7)]
    assert [len(re.findall(r"^## ", page, re.MULTILINE)) for page in (english, chinese)] == [7, 7]
    assert [len(re.findall(r"^- \*\*", page, re.MULTILINE)) for page in (english, chinese)] == [12, 12], "the same systems and failures"
    latin = set(re.findall(r"[A-Za-z][\w.]*", re.sub(r"\*[^*\n]+\*", " ", prose_of(chinese).replace("**", ""))))
    assert latin == LATIN_IN_CHINESE, "no English sentence left: only names, and the interface's words in *...*"


def test_the_setup_pages_say_how_to_choose_the_language():
    for language, page in SETUP_PAGES.items():
        code = code_of(page.read_text(encoding="utf-8"))
        for named in ("groundlab-workbook start --language zh-Hant", "export GROUNDLAB_LANG=zh-Hant", 'set_language("zh-Hant")',
                      "set_language(None)", "jupyterlab-language-pack-zh-TW", "notebooks-core/zh-Hant", "notebooks-full/zh-Hant",
                      "SETUP.zh-Hant.md", "cheatsheet.zh-Hant.html", "feedback-form.zh-Hant.md"):
            assert named in code, (language, named)


def test_the_setup_pages_name_jupyterlabs_own_language_menu_as_it_shows_it():
    """JupyterLab's Settings → Language menu labels each language pack ``displayName - nativeName``
    (the names from jupyterlab_server, in the interface's language)."""
    translation = pytest.importorskip("jupyterlab_server.translation_utils", reason="JupyterLab is not installed")
    packs, _ = translation.get_language_packs("en")
    if "zh_TW" not in packs:
        pytest.skip("jupyterlab-language-pack-zh-TW is not installed here")
    to_chinese = f"Settings → Language → {packs['zh_TW']['displayName']} - {packs['zh_TW']['nativeName']}"
    back, _ = translation.get_language_packs("zh_TW")
    to_english = f"設定 → 語言 → {back['en']['displayName']} - {back['en']['nativeName']}"
    assert (to_chinese, to_english) == ("Settings → Language → Chinese (Traditional, Taiwan) - 中文 (繁體, 台灣)", "設定 → 語言 → 英文 - English")
    for page in SETUP_PAGES.values():
        text = " ".join(page.read_text(encoding="utf-8").split())
        assert f"*{to_chinese}*" in text and f"*{to_english}*" in text and "*Change and reload*" in text, page.name


def test_the_commands_the_setup_pages_name_are_the_learner_commands(monkeypatch):
    """Each ``groundlab-workbook ...`` command of both pages is one the learner command's parser accepts."""
    import argparse

    from groundlab.workbook import learner

    class Parsed(Exception):
        pass

    original = argparse.ArgumentParser.parse_args

    def parse_only(self, args=None, namespace=None):
        raise Parsed(original(self, args, namespace))

    monkeypatch.setattr(argparse.ArgumentParser, "parse_args", parse_only)
    commands = sorted({
        code for page in SETUP_PAGES.values() for span in code_of(page.read_text(encoding="utf-8"))
        for code in re.findall(r"groundlab-workbook [a-z][^`]*", span)
    })
    assert "groundlab-workbook start --language zh-Hant" in commands and len(commands) >= 6
    for command in commands:
        with pytest.raises(Parsed) as parsed:
            learner.main(command.split()[1:])
        assert parsed.value.args[0].command == command.split()[1], command


def test_the_chinese_pages_follow_the_style_rules():
    """Full-width punctuation in Chinese sentences, and a half-width space between Chinese and
    Latin letters, digits or code (docs/translating.md)."""
    for page in (SETUP_PAGES["zh-Hant"], FORMS["zh-Hant"]):
        text = page.read_text(encoding="utf-8")
        prose = re.sub(r"\*[^*\n]+\*", "*x*", _CODE.sub("`x`", text).replace("**", ""))  # the interface's own words stay as shown
        assert not re.findall(rf"[{_CJK}][,;:?!()]|[,;:?!()][{_CJK}]", prose), page.name
        assert not re.findall(rf"[{_CJK}][A-Za-z0-9`]|[A-Za-z0-9`][{_CJK}]", prose), page.name
        assert "「" not in text or text.count("「") == text.count("」")


def test_the_chinese_feedback_form_asks_the_same_questions():
    english, chinese = (FORMS[k].read_text(encoding="utf-8") for k in ("en", "zh-Hant"))
    rows = [re.findall(r"^\| (\d) \|", form, re.MULTILINE) for form in (english, chinese)]
    assert rows[0] == rows[1] == [str(n) for n in range(1, 7)]
    questions = [re.findall(r"^(\d+)\. ", form, re.MULTILINE) for form in (english, chinese)]
    assert questions[0] == questions[1] == [str(n) for n in range(7, 11)]
    assert [form.count("☐") for form in (english, chinese)] == [21, 21]
    assert code_of(chinese) == code_of(english) == ["json.loads"]
    assert re.findall(r"\bv\d\b", chinese) == re.findall(r"\bv\d\b", english) == ["v2", "v3"]
    assert re.findall(r"claim (\d)", english) == re.findall(r"聲明 (\d)", chinese) == ["0", "1", "1"]


def test_student_writes_the_english_and_the_chinese_copies_in_the_checkouts_layout(monkeypatch, tmp_path):
    """``make student``: build/student and build/student-core, each with the Chinese twins' copies
    in zh-Hant/, so a twin's ``../NN_name.ipynb`` link opens the English copy beside it."""
    calls, codes = [], iter([0, 0, 0, 0])
    monkeypatch.setattr(workshop, "ensure_venv", lambda venv, tests=False: Path(sys.executable))
    monkeypatch.setattr(workshop, "run", lambda command, env=None, cwd=workshop.ROOT: calls.append([str(p) for p in command[1:]]) or next(codes))
    assert workshop.main(["--venv", str(tmp_path / "venv"), "student"]) == 0
    assert calls == [
        ["tools/notebooks.py", "student", "notebooks", "build/student"],
        ["tools/notebooks.py", "student", "notebooks", "build/student-core", "--core"],
        ["tools/notebooks.py", "student", "notebooks/zh-Hant", "build/student/zh-Hant"],
        ["tools/notebooks.py", "student", "notebooks/zh-Hant", "build/student-core/zh-Hant", "--core"],
    ]
    calls.clear()
    codes = iter([0, 3])
    assert workshop.main(["--venv", str(tmp_path / "venv"), "student"]) == 3
    assert len(calls) == 2, "a failed copy stops the command"
