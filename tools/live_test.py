"""The live test: groundlab's OpenAI-compatible adapter against LiteLLM's proxy, a server someone else wrote.

``make live-test`` (or ``python tools/workshop.py live-test``) runs this script with the project's
venv. It

1. builds ``build/litellm-venv`` once: LiteLLM's proxy (``LITELLM``, every dependency pinned by
   ``tools/litellm.lock``) in a venv of its own, since its dependencies clash with the project's
   lock. A stamp file records the lock's digest and the interpreter; a stale or half-built venv
   is built again from scratch;
2. writes a proxy configuration into ``build/live-test/`` (JSON, which YAML reads): models whose
   ``mock_response`` is a fixed reply, so no provider is called (``claims-model``: the study's
   accepted ``complete`` answer; ``draft-model``: the job-match example draft; ``refusing-model``: an
   OpenAI refusal, ``content`` null beside a ``refusal`` text; ``failing-model``: LiteLLM's mock
   rate-limit error, HTTP 429), and a master key;
3. starts ``litellm --config ... --host 127.0.0.1 --port <free port>`` and waits (at most
   ``START_S`` seconds) for ``/health/liveliness``;
4. runs ``live_tests/`` with pytest, with ``GROUNDLAB_LIVE_BASE_URL`` and ``GROUNDLAB_LIVE_API_KEY``
   set, then stops the proxy's process group.

It is not part of ``make test`` (the proxy alone takes tens of seconds to start). Exit code:
pytest's, or 1 when the venv or the proxy could not be set up (the proxy's log is printed).
Workbook tooling: imports the standard library and, for the fixed replies, groundlab.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from groundlab import load_case_set, load_job_match  # noqa: E402

LITELLM = "litellm[proxy]==1.108.0"
"""The pinned LiteLLM release (1.108.0 is the newest whose ``proxy`` extra installs from PyPI alone)."""
LOCK = ROOT / "tools" / "litellm.lock"
"""Every package of the LiteLLM venv, pinned (``pip freeze`` of a venv built from ``LITELLM``)."""
VENV = ROOT / "build" / "litellm-venv"
WORK = ROOT / "build" / "live-test"
STAMP = "groundlab-live.json"
MASTER_KEY = "sk-live-test-not-a-secret"
START_S = 180.0
NOT_SET_UP = 3
"""The exit status when LiteLLM's proxy could not be installed (no index, a missing wheel): nothing was tested."""
"""How long the proxy may take to answer ``/health/liveliness`` (about 40 s on the 2-core machine)."""


def say(message: str) -> None:
    print(f"[live-test] {message}", flush=True)


def venv_python(venv: Path) -> Path:
    return venv / "Scripts" / "python.exe" if os.name == "nt" else venv / "bin" / "python"


def wanted_stamp() -> dict:
    return {
        "lock": hashlib.sha256(LOCK.read_bytes()).hexdigest(),
        "requirement": LITELLM,
        "python": ".".join(map(str, sys.version_info[:3])),
    }


def ensure_litellm_venv() -> Path:
    """``build/litellm-venv`` with LiteLLM's proxy, built when missing or stale; its ``litellm`` command."""
    command = VENV / ("Scripts/litellm.exe" if os.name == "nt" else "bin/litellm")
    stamp = VENV / STAMP
    try:
        current = json.loads(stamp.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        current = None
    if current == wanted_stamp() and command.exists():
        say(f"LiteLLM venv up to date: {VENV.relative_to(ROOT)}")
        return command
    if VENV.exists():
        say("LiteLLM venv stale or half-built: building it again")
        shutil.rmtree(VENV)
    started = time.monotonic()
    say(f"building {VENV.relative_to(ROOT)} with {LITELLM} (a few minutes, once)")
    try:
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run(
            [str(venv_python(VENV)), "-m", "pip", "install", "--disable-pip-version-check", "--quiet",
             "-c", str(LOCK), LITELLM],
            check=True,
        )
    except (subprocess.CalledProcessError, KeyboardInterrupt):
        shutil.rmtree(VENV, ignore_errors=True)
        raise
    stamp.write_text(json.dumps(wanted_stamp(), indent=2) + "\n", encoding="utf-8")
    say(f"LiteLLM venv built in {time.monotonic() - started:.0f} s")
    return command


def proxy_config() -> dict:
    """The proxy's configuration: the mock models and the master key."""
    claims = load_case_set()["complete"].raw
    draft = load_job_match()["seed_example"].reply
    refusal = {
        "choices": [
            {
                "index": 0,
                "finish_reason": "stop",
                "message": {"role": "assistant", "content": None, "refusal": "I can't help with that."},
            }
        ]
    }
    mocks = {
        "claims-model": claims,
        "draft-model": draft,
        "refusing-model": refusal,
        "failing-model": "litellm.RateLimitError",
    }
    return {
        "model_list": [
            {"model_name": name, "litellm_params": {"model": f"openai/{name}", "api_key": "unused", "mock_response": mock}}
            for name, mock in mocks.items()
        ],
        "litellm_settings": {"telemetry": False},
        "general_settings": {"master_key": MASTER_KEY},
    }


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_up(proxy: subprocess.Popen, port: int) -> bool:
    deadline = time.monotonic() + START_S
    while time.monotonic() < deadline:
        if proxy.poll() is not None:
            return False
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health/liveliness", timeout=2) as answer:
                if answer.status == 200:
                    return True
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.5)
    return False


def stop(proxy: subprocess.Popen) -> None:
    if proxy.poll() is not None:
        return
    if os.name == "nt":
        proxy.terminate()
    else:
        os.killpg(proxy.pid, signal.SIGTERM)  # the proxy and the workers it started
    try:
        proxy.wait(timeout=15)
    except subprocess.TimeoutExpired:
        if os.name == "nt":
            proxy.kill()
        else:
            os.killpg(proxy.pid, signal.SIGKILL)
        proxy.wait()


def main() -> int:
    try:
        command = ensure_litellm_venv()
    except subprocess.CalledProcessError as error:
        say(f"error: building the LiteLLM venv failed ({error}); it was removed")
        return NOT_SET_UP
    WORK.mkdir(parents=True, exist_ok=True)
    config = WORK / "litellm-config.yaml"
    config.write_text(json.dumps(proxy_config(), indent=2) + "\n", encoding="utf-8")
    port = free_port()
    log_path = WORK / "litellm.log"
    env = {**os.environ, "LITELLM_LOCAL_MODEL_COST_MAP": "True", "NO_DOCS": "True"}
    started = time.monotonic()
    with open(log_path, "w", encoding="utf-8") as log:
        proxy = subprocess.Popen(
            [str(command), "--config", str(config), "--host", "127.0.0.1", "--port", str(port)],
            stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env,
            start_new_session=os.name != "nt",
        )
        try:
            if not wait_until_up(proxy, port):
                say(f"error: the LiteLLM proxy did not come up within {START_S:.0f} s; its log:")
                print(log_path.read_text(encoding="utf-8", errors="replace")[-4000:])
                return 1
            say(f"LiteLLM proxy up on 127.0.0.1:{port} after {time.monotonic() - started:.0f} s")
            test_env = {
                **os.environ,
                "GROUNDLAB_LIVE_BASE_URL": f"http://127.0.0.1:{port}/v1",
                "GROUNDLAB_LIVE_API_KEY": MASTER_KEY,
                "PYTHONPATH": str(ROOT) + (os.pathsep + os.environ["PYTHONPATH"] if os.environ.get("PYTHONPATH") else ""),
            }
            return subprocess.run(
                [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:nbval", "-n", "0", "live_tests"],
                cwd=ROOT, env=test_env,
            ).returncode
        finally:
            stop(proxy)


if __name__ == "__main__":
    sys.exit(main())
