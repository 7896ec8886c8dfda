"""Peak memory of one 128 MiB chat-completions reply: reading it whole (the adapter before the
size cap) against ``OpenAICompatibleChatModel``'s streamed read, which stops at
``MAX_REPLY_BYTES``; also a deadline of 1 s against a server that drips one byte every 0.3 s.
Prints figures, asserts nothing.

Each measurement runs in a fresh interpreter (peak resident memory, ``ru_maxrss``, is per
process); the server is a separate process that sends the body in 1 MiB writes, so its own
memory is not counted. Needs httpx (the ``live`` extra). Run: ``python benchmarks/chat_reply.py``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZE = 128 * 1024 * 1024

SERVER = r"""
import sys, time
from http.server import BaseHTTPRequestHandler, HTTPServer
SIZE = int(sys.argv[1])
class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass
    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        head, tail = b'{"choices": [{"message": {"content": "', b'"}}]}'
        if self.path.startswith("/drip"):
            body = b" " * 60 + head + b"late" + tail
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            try:
                for i in range(len(body)):
                    self.wfile.write(body[i:i + 1]); self.wfile.flush(); time.sleep(0.3)
            except OSError:
                pass
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()  # no Content-Length: the body ends when the connection closes
        chunk = b"x" * (1024 * 1024)
        try:
            self.wfile.write(head)
            for _ in range((SIZE - len(head) - len(tail)) // len(chunk)):
                self.wfile.write(chunk)
            self.wfile.write(tail)
        except OSError:
            pass
server = HTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
"""

CLIENT = r"""
import resource, sys, time
mode, url = sys.argv[1], sys.argv[2]
import httpx
from groundlab.grounding.chat import OpenAICompatibleChatModel, ChatModelError
messages = [{"role": "user", "content": "hi"}]
model = OpenAICompatibleChatModel(url, "m")  # built first: the TLS context is not part of the call
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.monotonic()
if mode == "whole":  # what the adapter did before: the whole body, then json.loads
    import json
    response = httpx.request("POST", url + "/chat/completions", json={"model": "m", "messages": messages}, timeout=60)
    outcome = f"{len(json.loads(response.content)['choices'][0]['message']['content'])} characters read"
else:
    try:
        model.complete(messages, timeout=float(sys.argv[3]))
        outcome = "answered"
    except ChatModelError as error:
        outcome = f"ChatModelError {error.code}"
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(f"{(peak - base) / 1024:.0f} {peak / 1024:.0f} {time.monotonic() - start:.2f} {outcome}")
"""


def main() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    server = subprocess.Popen([sys.executable, "-c", SERVER, str(SIZE)], stdout=subprocess.PIPE, text=True)
    try:
        port = int(server.stdout.readline())
        url = f"http://127.0.0.1:{port}/v1"
        print(f"one {SIZE // (1024 * 1024)} MiB reply (peak resident memory of the client process):")
        for mode, label in (("whole", "read whole (before)"), ("capped", "streamed, 4 MiB cap (after)")):
            out = subprocess.run(
                [sys.executable, "-c", CLIENT, mode, url, "60"], capture_output=True, text=True, env=env, check=True
            ).stdout.split(maxsplit=3)
            print(f"  {label:30} peak {out[1]:>5} MiB (+{out[0]} MiB during the call), {out[2]} s: {out[3].strip()}")
        started = time.monotonic()
        out = subprocess.run(
            [sys.executable, "-c", CLIENT, "capped", f"http://127.0.0.1:{port}/drip", "1.0"],
            capture_output=True, text=True, env=env, check=True,
        ).stdout.split(maxsplit=3)
        print(
            f"a server dripping one byte every 0.3 s, timeout=1.0: the call took {out[2]} s: {out[3].strip()}"
            f" (process wall {time.monotonic() - started:.1f} s)"
        )
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
