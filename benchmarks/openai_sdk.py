"""The official ``openai`` SDK beside httpx, for the chat adapter's decision (docs/architecture.md,
"Decisions recorded so far"): import time, installed size, and three behaviours the adapter
needs (a deadline against a dripping server, a base URL with a query string, a refusal).
Prints figures, asserts nothing.

Needs an interpreter with ``openai`` installed, which the project's lock does not have: run it
with the live test's venv, ``build/litellm-venv/bin/python benchmarks/openai_sdk.py`` (built by
``make live-test``). Elsewhere it says so and stops.
"""

from __future__ import annotations

import importlib.metadata as metadata
import json
import statistics
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

# Packages each import needs beyond the standard library (the SDK's list includes httpx's).
HTTPX = ("httpx", "httpcore", "h11", "anyio", "idna", "certifi", "sniffio")
SDK_EXTRA = ("openai", "pydantic", "pydantic_core", "annotated_types", "typing_inspection", "jiter", "distro", "tqdm",
             "typing_extensions")


def import_seconds(module: str) -> float:
    """Median wall time of ``python -c "import MODULE"`` minus ``python -c pass``, over 7 runs."""

    def wall(code: str) -> float:
        runs = []
        for _ in range(7):
            started = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], check=True)
            runs.append(time.perf_counter() - started)
        return statistics.median(runs)

    return wall(f"import {module}") - wall("pass")


def installed_mib(names: tuple[str, ...]) -> float:
    total = 0
    for name in names:
        try:
            files = metadata.distribution(name.replace("_", "-")).files or []
        except metadata.PackageNotFoundError:
            continue
        for file in files:
            path = Path(file.locate())
            if path.is_file():
                total += path.stat().st_size
    return total / 2**20


class _Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        self.server.paths.append(self.path)
        if self.path.startswith("/drip"):
            body = (" " * 40 + json.dumps({"id": "x", "object": "chat.completion", "created": 0, "model": "m",
                                            "choices": [{"index": 0, "finish_reason": "stop",
                                                         "message": {"role": "assistant", "content": "late"}}]})).encode()
        else:
            body = json.dumps({"id": "x", "object": "chat.completion", "created": 0, "model": "m",
                               "choices": [{"index": 0, "finish_reason": "stop",
                                            "message": {"role": "assistant", "content": None,
                                                        "refusal": "I can't help with that."}}]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        pause = 0.3 if self.path.startswith("/drip") else 0
        try:
            for index in range(len(body)) if pause else [None]:
                self.wfile.write(body if index is None else body[index : index + 1])
                self.wfile.flush()
                time.sleep(pause)
        except OSError:
            pass


def main() -> None:
    try:
        import openai
    except ImportError:
        print("openai is not installed here: run build/litellm-venv/bin/python benchmarks/openai_sdk.py")
        return
    print(f"openai {openai.__version__}, httpx {metadata.version('httpx')}, Python {sys.version.split()[0]}")
    print(f"import time (wall, minus a bare interpreter): httpx {import_seconds('httpx') * 1000:.0f} ms, "
          f"openai {import_seconds('openai') * 1000:.0f} ms")
    print(f"installed size: httpx and its dependencies {installed_mib(HTTPX):.1f} MiB; "
          f"the SDK adds {installed_mib(SDK_EXTRA):.1f} MiB ({', '.join(SDK_EXTRA)})")

    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    server.daemon_threads = True
    server.paths = []
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    messages = [{"role": "user", "content": "hi"}]

    client = openai.OpenAI(base_url=url + "/drip/v1", api_key="k", max_retries=0, timeout=1.0)
    started = time.monotonic()
    try:
        client.chat.completions.create(model="m", messages=messages)
        outcome = "answered"
    except openai.APIError as error:
        outcome = type(error).__name__
    print(f"SDK, timeout=1.0, a server dripping one byte every 0.3 s: {time.monotonic() - started:.1f} s, {outcome}")
    print(f"SDK default retries: {openai.OpenAI(api_key='k').max_retries} (the article's rule is one attempt)")

    client = openai.OpenAI(base_url=url + "/refuse/v1?api-version=2024-10-21", api_key="k", max_retries=0)
    reply = client.chat.completions.create(model="m", messages=messages)
    print(f"SDK, base_url with ?api-version=...: the server saw {server.paths[-1]!r}")
    print(f"SDK, a refusal: no exception; message.content={reply.choices[0].message.content!r}, "
          f"message.refusal={reply.choices[0].message.refusal!r}")
    server.shutdown()


if __name__ == "__main__":
    main()
