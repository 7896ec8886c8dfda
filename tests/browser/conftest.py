"""Fixtures of the browser tests: Debian's chromium driven by the Python ``playwright``
package, a private JupyterLab server and a Voila server, each on a free port of
127.0.0.1 with a copy of the demo notebook.

Nothing is downloaded: ``playwright install`` is never run; the browser is
``/usr/bin/chromium`` (Debian package ``chromium``). Every test here is marked
``browser`` and skipped, with the reason shown, when playwright is not importable
or the chromium binary is missing. Servers are started once per session and
stopped (their process group, by id) at the end.

Outputs: screenshots go to ``tests/browser/screenshots/`` and the measured edit
latency to ``benchmarks/out/browser_latency.txt`` (both git-ignored).
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "notebooks" / "demo_claim_editor.ipynb"
VOILA_CONFIG = ROOT / "tools" / "voila"  # the demo's Voila settings, as make demo uses them
CHROMIUM = Path("/usr/bin/chromium")
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
LATENCY_FILE = ROOT / "benchmarks" / "out" / "browser_latency.txt"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SERVER_START_TIMEOUT = 180  # seconds; two shared cores, generous on purpose


def pytest_configure(config):
    config.addinivalue_line("markers", "browser: drives a real browser (playwright + Debian chromium)")


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).resolve().parent
    for item in items:
        if here in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.browser)
            # one pytest-xdist worker per server: the JupyterLab tests on one, the Voila (and
            # server-less) ones on another, so each server starts once and the two run side by side
            server = "jupyter_lab" if "jupyter_lab" in getattr(item, "fixturenames", ()) else "voila"
            item.add_marker(pytest.mark.xdist_group(f"browser-{server}"))


def _skip_reason() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError as err:
        return f"the Python playwright package is not importable ({err}); install it in the venv"
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing; install Debian's chromium package (playwright install is never used)"
    return None


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _server_env(tmp: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    env["JUPYTER_RUNTIME_DIR"] = str(tmp / "runtime")
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    env["IPYTHONDIR"] = str(tmp / "ipython")
    env["XDG_STATE_HOME"] = str(tmp / "state")  # the classroom demo's saved state, private to the session
    env.pop("JUPYTER_TOKEN", None)
    return env


def _answers(url: str) -> bool:
    """True when ``url`` answers 200 (``http://...``) or its port accepts a connection (``tcp://host:port``)."""
    try:
        if url.startswith("tcp://"):
            host, port = url[len("tcp://"):].rsplit(":", 1)
            with socket.create_connection((host, int(port)), timeout=5):
                return True
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status == 200
    except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
        return False


def _wait_for(url: str, proc: subprocess.Popen, log: Path, timeout: float = SERVER_START_TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}:\n{log.read_text(errors='replace')[-4000:]}")
        if _answers(url):
            return
        time.sleep(0.5)
    raise RuntimeError(f"server did not answer {url} within {timeout} s:\n{log.read_text(errors='replace')[-4000:]}")


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)  # the server and the kernels it started
    except ProcessLookupError:
        return
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait(timeout=10)


def _die_with_the_worker() -> None:
    """In the server's process, before it starts (Linux): SIGTERM when the pytest worker that
    started it exits, so a worker stopped before its teardown (a killed run) leaves no server behind."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGTERM))  # 1 is PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # not Linux: the teardown alone stops it
        pass


def _start(cmd: list[str], tmp: Path, name: str, url: str) -> subprocess.Popen:
    log = tmp / f"{name}.log"
    handle = open(log, "wb")
    proc = subprocess.Popen(
        cmd,
        cwd=tmp,
        env=_server_env(tmp),
        stdout=handle,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # its own process group, stopped by id at the end
        preexec_fn=_die_with_the_worker if sys.platform == "linux" else None,
    )
    handle.close()
    try:
        _wait_for(url, proc, log)
    except Exception:
        _stop(proc)
        raise
    return proc


@pytest.fixture(scope="session")
def browser_ready():
    """Skip (with the reason shown) unless playwright and /usr/bin/chromium are present."""
    reason = _skip_reason()
    if reason:
        pytest.skip(reason)
    if not DEMO.exists():
        pytest.skip(f"{DEMO} is missing")


@pytest.fixture(scope="session")
def browser(browser_ready):
    """A headless Debian chromium driven by playwright (one per session)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


@contextlib.contextmanager
def recording_page(browser, width: int, height: int):
    """A fresh ``width`` x ``height`` page that records every JavaScript dialog in
    ``page.dialogs`` and dismisses it; its context is closed on exit."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.dialogs = []

    def on_dialog(dialog):
        page.dialogs.append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()

    page.on("dialog", on_dialog)
    try:
        yield page
    finally:
        context.close()


@pytest.fixture
def page(browser):
    """A :func:`recording_page` of 1280 x 2400, tall enough to show the whole editor."""
    with recording_page(browser, 1280, 2400) as page:
        yield page


@pytest.fixture
def projector(browser):
    """A :func:`recording_page` of one projector screen, 1280 x 720."""
    with recording_page(browser, 1280, 720) as page:
        yield page


@pytest.fixture
def screen(browser):
    """A maker of :func:`recording_page` screens of any size: ``with screen(1920, 1080) as page:``."""
    return lambda width, height: recording_page(browser, width, height)


@pytest.fixture(scope="session")
def notebook_folder(browser_ready, tmp_path_factory) -> Path:
    """A temporary folder holding a copy of the demo notebook (the servers' root)."""
    folder = tmp_path_factory.mktemp("notebooks")
    shutil.copy(DEMO, folder / DEMO.name)
    return folder


@pytest.fixture(scope="session")
def jupyter_lab(notebook_folder, tmp_path_factory):
    """A private JupyterLab server: yields its base URL and token; stopped at the end."""
    from tools.workshop import install_lab_settings

    tmp = tmp_path_factory.mktemp("jupyterlab")
    # the workbook's own overrides.json, as `make lab` installs it into a venv: no news toast over the widget
    app_settings = install_lab_settings(tmp / "venv").parent
    port, token = free_port(), secrets.token_hex(16)
    cmd = [
        sys.executable, "-m", "jupyter", "lab",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",  # the current spelling of --ServerApp.token
        f"--ServerApp.root_dir={notebook_folder}",
        f"--LabApp.user_settings_dir={tmp / 'settings'}",
        f"--LabApp.app_settings_dir={app_settings}",
        f"--LabApp.workspaces_dir={tmp / 'workspaces'}",
        "--LabApp.news_url=",  # no news or update checks from a test server
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:  # containers often run tests as root
        cmd.append("--allow-root")
    base = f"http://127.0.0.1:{port}"
    proc = _start(cmd, tmp, "jupyterlab", f"{base}/api/status?token={token}")
    try:
        yield base, token
    finally:
        _stop(proc)


@pytest.fixture(scope="session")
def voila_folder(browser_ready, tmp_path_factory) -> Path:
    """The Voila server's working folder; its kernels' connection files are under ``kernels/``."""
    return tmp_path_factory.mktemp("voila")


@pytest.fixture(scope="session")
def voila_kernels(voila_folder):
    """A function counting the Voila server's live kernels (one connection file each, removed at shutdown)."""
    return lambda: len(list((voila_folder / "kernels").glob("voila_*/kernel-*.json")))


@pytest.fixture(scope="session")
def voila_server(notebook_folder, voila_folder):
    """A Voila server on the demo notebook, with ``make demo``'s settings (``tools/voila/voila.py``):
    yields its URL; stopped at the end."""
    tmp = voila_folder
    (tmp / "kernels").mkdir()
    port = free_port()
    cmd = [
        sys.executable, "-m", "voila",
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        f"--Voila.config_file_paths={VOILA_CONFIG}",
        f"--Voila.connection_dir_root={tmp / 'kernels'}",
        str(notebook_folder / DEMO.name),
    ]
    base = f"http://127.0.0.1:{port}"
    proc = _start(cmd, tmp, "voila", f"tcp://127.0.0.1:{port}")  # GET / would start a kernel
    try:
        yield base
    finally:
        _stop(proc)


@pytest.fixture(scope="session")
def screenshots() -> Path:
    """The screenshot folder (created; git-ignored)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
