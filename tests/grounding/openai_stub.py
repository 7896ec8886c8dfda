"""An OpenAI-compatible stub server for the adapter and ``ask`` tests (standard library ``http.server``).

Routes, by the first path segment of the base URL (``/<route>/chat/completions``, ``/<route>/models``):
``ok`` answers ``server.reply``; ``error500`` and ``unauthorized`` echo ``KEY``; ``slow`` answers
after 1 s; ``echo`` returns every credential shape and the Authorization header it got;
``notjson``, ``nochoices`` and ``nullcontent`` are bodies without a reply; ``refusal`` is an OpenAI
refusal (``content`` null, ``refusal`` a text), ``refusalpart`` one as a content part and
``contentfilter`` a null content stopped by the provider's filter; ``deep`` is 100,000 nested arrays; ``big`` declares
and sends ``BIG`` bytes, ``bigstream`` sends them without a ``Content-Length`` (the body ends when
the connection closes); ``drip`` sends a valid reply one byte every ``DRIP_S`` seconds, after
``DRIP_PAD`` spaces, and ``dripheaders`` drips its status line and headers the same way;
``slowmodels`` answers ``/models`` and the chat request after 0.3 s each; ``gzipped`` is a
valid reply compressed with gzip, ``gzipbomb`` a reply of ``BOMB`` bytes in a few KiB of gzip,
``deflatetwice`` a reply compressed twice (``Content-Encoding: deflate, deflate``).
"""

from __future__ import annotations

import gzip
import json
import threading
import time
import zlib
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from credential_shapes import CREDENTIAL_SHAPES

KEY = "sk-test-SECRET123"
ECHO = "\n".join(text for _, text, _ in CREDENTIAL_SHAPES)
BIG = 64 * 1024
BOMB = 64 * 1024 * 1024  # bytes of reply inside a gzipbomb body of about 64 KiB
DRIP_S = 0.05
DRIP_PAD = 80  # 80 x 0.05 s: the reply would be complete after about 4 s
REPLY = json.dumps({"choices": [{"message": {"role": "assistant", "content": "late"}}]})
REFUSAL = json.dumps(
    {"choices": [{"message": {"role": "assistant", "content": None, "refusal": "I can't help with that."}}]}
)


class _Handler(BaseHTTPRequestHandler):
    def log_message(self, format, *args):  # keep test output quiet
        pass

    def _send(self, status, body, content_type="application/json"):
        data = body.encode("utf-8")
        try:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except OSError:  # the client gave up (timeout test)
            pass

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length)
        self.server.requests.append(
            {"path": self.path, "headers": dict(self.headers.items()), "body": json.loads(body)}
        )
        route = self.path.rsplit("/chat/completions", 1)[0]
        if route == "/ok":
            self._send(
                200,
                json.dumps(
                    {"choices": [{"message": {"role": "assistant", "content": self.server.reply}}]}
                ),
            )
        elif route == "/error500":
            self._send(500, f'{{"error": "internal failure, invalid key {KEY}"}}')
        elif route == "/unauthorized":
            self._send(
                401,
                f"401 Unauthorized: invalid key {KEY}, Authorization: Bearer {KEY}",
                "text/plain",
            )
        elif route == "/slow":
            time.sleep(1.0)
            self._send(200, json.dumps({"choices": [{"message": {"content": "late"}}]}))
        elif route == "/echo":
            self._send(500, f"{ECHO}\nyou sent: Authorization: {self.headers.get('Authorization')}", "text/plain")
        elif route == "/notjson":
            self._send(200, "<html>gateway</html>", "text/html")
        elif route == "/nochoices":
            self._send(200, json.dumps({"choices": []}))
        elif route == "/nullcontent":
            self._send(200, json.dumps({"choices": [{"message": {"content": None}}]}))
        elif route == "/refusal":
            self._send(200, REFUSAL)
        elif route == "/refusalpart":
            part = {"type": "refusal", "refusal": "I can't help with that."}
            self._send(200, json.dumps({"choices": [{"message": {"role": "assistant", "content": [part]}}]}))
        elif route == "/contentfilter":
            choice = {"message": {"role": "assistant", "content": None}, "finish_reason": "content_filter"}
            self._send(200, json.dumps({"choices": [choice]}))
        elif route == "/slowmodels":
            time.sleep(0.3)
            self._send(200, REPLY)
        elif route in ("/gzipped", "/gzipbomb", "/deflatetwice"):
            reply = {"choices": [{"message": {"content": "x" * (BOMB if route == "/gzipbomb" else 10)}}]}
            data, encoding = json.dumps(reply).encode(), "gzip"
            data = gzip.compress(data) if route != "/deflatetwice" else zlib.compress(zlib.compress(data))
            if route == "/deflatetwice":
                encoding = "deflate, deflate"
            head = f"HTTP/1.0 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: {encoding}\r\nContent-Length: {len(data)}\r\n\r\n"
            self._raw(head.encode() + data, 0)
        elif route == "/deep":
            self._send(200, "[" * 100_000 + "]" * 100_000)
        elif route == "/big":
            self._send(200, json.dumps({"choices": [{"message": {"content": "x" * BIG}}]}))
        elif route == "/bigstream":
            self._raw(b"HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n\r\n", 0)
            self._raw(json.dumps({"choices": [{"message": {"content": "x" * BIG}}]}).encode(), 0)
        elif route == "/drip":
            data = (" " * DRIP_PAD + REPLY).encode()
            head = f"HTTP/1.0 200 OK\r\nContent-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n"
            self._raw(head.encode(), 0) and self._raw(data, DRIP_S)
        elif route == "/dripheaders":
            head = "HTTP/1.0 200 OK\r\n" + "X-Pad: .\r\n" * (DRIP_PAD // 10) + "Content-Type: application/json\r\n\r\n"
            self._raw(head.encode(), DRIP_S) and self._raw(REPLY.encode(), 0)
        else:
            self._send(404, "{}")

    def _raw(self, data, pause):
        # Write ``data`` (one byte every ``pause`` seconds when pause > 0); False once the client left.
        try:
            if not pause:
                self.wfile.write(data)
                return True
            for index in range(len(data)):
                self.wfile.write(data[index : index + 1])
                self.wfile.flush()
                time.sleep(pause)
            return True
        except OSError:
            self.server.gone.set()
            return False

    def do_GET(self):
        self.server.requests.append({"path": self.path, "headers": dict(self.headers.items()), "body": None})
        route = self.path.rsplit("/models", 1)[0]
        if route in ("/ok", "/slowmodels"):
            time.sleep(0.3 if route == "/slowmodels" else 0)
            self._send(200, json.dumps({"object": "list", "data": [{"id": "served-model"}, {"id": "other"}]}))
        elif route == "/nochoices":
            self._send(200, json.dumps({"object": "list", "data": []}))
        else:
            self._send(401, f"bad key {KEY}", "text/plain")


@contextmanager
def serve():
    """Run the stub on 127.0.0.1 (a free port) in a daemon thread; yield the server.

    ``server.requests`` records every request (``path``, ``headers``, ``body``);
    ``server.reply`` is the content the ``/ok`` route answers with; ``server.gone`` is set once a
    dripping route finds the client gone.
    """
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    httpd.daemon_threads = True
    httpd.requests = []
    httpd.reply = "hello from the model"
    httpd.gone = threading.Event()  # set when a dripping route finds that the client left
    thread = threading.Thread(
        target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
    )
    thread.start()
    try:
        yield httpd
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=5)


def base(httpd, route):
    """The base URL of ``route`` on the stub: ``http://127.0.0.1:<port>/<route>``."""
    host, port = httpd.server_address[:2]
    return f"http://{host}:{port}/{route}"
