"""Serve a built site (``dist/``) on localhost with the right content types.

    python3 tools/serve.py [--dir dist] [--port 8000]

Python's ``http.server`` guesses types from ``/etc/mime.types``, which may lack
``.wasm`` or ``.webmanifest`` or call ``.js`` something else; Pyodide refuses wasm
that is not ``application/wasm``. Here the types the site uses are fixed.

Compression as a static host does it: the build writes ``<file>.br`` and
``<file>.gz`` beside every compressible file (tools/fastboot.py); a request that
accepts brotli gets the ``.br`` bytes with ``Content-Encoding: br``, else one that
accepts gzip gets the ``.gz`` with ``Content-Encoding: gzip``; both with the original
file's type and ``Vary: Accept-Encoding`` (``.wasm`` stays ``application/wasm``). Any
other request gets the file as it is.

Tests and benchmarks use :class:`SiteServer`: a free port, a background thread, a
log of every request (path, status, bytes sent; ``log.count("pyodide.asm.wasm")``
is how often Pyodide's runtime came from the network, i.e. its cold starts and
service-worker installs), a real ``stop()`` that closes the listening socket, so
"the server is gone" can be proven, and ``extra`` files served from the origin
beside the site (the e2e tests' axe-core, so that the site's CSP stays on).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import os
import socket
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".py": "text/x-python; charset=utf-8",
    ".png": "image/png",
    ".svg": "image/svg+xml",
    ".woff2": "font/woff2",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
}


#: The precompressed variants, in the order they are preferred: (coding, file suffix).
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


def accepts(header: str | None, coding: str) -> bool:
    """Whether an Accept-Encoding header accepts ``coding``: named, or ``*`` when not
    named; either with a q-value above 0."""
    weights: dict[str, float] = {}
    for part in (header or "").split(","):
        name, _, params = part.strip().partition(";")
        q = params.strip().removeprefix("q=") if params.strip().startswith("q=") else "1"
        try:
            weights[name.strip().lower()] = float(q)
        except ValueError:
            weights[name.strip().lower()] = 0.0
    return weights.get(coding, weights.get("*", 0.0)) > 0


@dataclass
class Hit:
    path: str
    status: int
    size: int


@dataclass
class RequestLog:
    hits: list[Hit] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, hit: Hit) -> None:
        with self.lock:
            self.hits.append(hit)

    def clear(self) -> None:
        with self.lock:
            self.hits.clear()

    def snapshot(self) -> list[Hit]:
        with self.lock:
            return list(self.hits)

    def count(self, name: str) -> int:
        """How many requests were for a file called ``name`` (any folder, any query)."""
        return sum(hit.path.split("?", 1)[0].rsplit("/", 1)[-1] == name for hit in self.snapshot())


class Handler(http.server.SimpleHTTPRequestHandler):
    # Keep-alive: a browser opens six connections per host at most.
    protocol_version = "HTTP/1.1"
    log: RequestLog | None = None
    quiet = True
    #: URL path -> a file outside the site served there (SiteServer's ``extra``).
    extra: ClassVar[dict[str, str]] = {}

    #: Per request: the coding of the precompressed file sent ("br", "gzip") and that
    #: file's suffix, if one is; whether the file has a precompressed variant at all
    #: (then the answer varies).
    _encoding: str | None = None
    _suffix = ""
    _variant = False

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        """The type by suffix from TYPES only, never from the system's mime.types (of
        the original file when the ``.gz`` beside it is sent)."""
        name = os.fspath(path)
        if self._encoding:
            name = name.removesuffix(self._suffix)
        return TYPES.get(Path(name).suffix.lower(), "application/octet-stream")

    def send_head(self):  # type: ignore[no-untyped-def]
        self._encoding, self._suffix, self._variant = None, "", False
        path = super().translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?", 1)[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if os.path.isfile(path):
            for coding, suffix in ENCODINGS:
                if os.path.isfile(path + suffix):
                    self._variant = True
                    if self._encoding is None and accepts(
                        self.headers.get("Accept-Encoding"), coding
                    ):
                        self._encoding, self._suffix = coding, suffix
        return super().send_head()

    def translate_path(self, path: str) -> str:
        outside = self.extra.get(path.split("?", 1)[0].split("#", 1)[0])
        if outside is not None:
            return outside
        real = super().translate_path(path)
        if self._encoding:
            if os.path.isdir(real):
                real = os.path.join(real, "index.html")
            return real + self._suffix
        return real

    def send_response(self, code, message=None) -> None:
        self._status, self._length = int(code), 0
        super().send_response(code, message)

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "content-length":
            self._length = int(value)
        super().send_header(keyword, value)

    def end_headers(self) -> None:
        # Always revalidate: the service worker is what makes the app fast and offline;
        # the HTTP cache must not hand it a stale file after a rebuild.
        self.send_header("Cache-Control", "no-cache")
        if self._variant:
            self.send_header("Vary", "Accept-Encoding")
        if self._encoding:
            self.send_header("Content-Encoding", self._encoding)
        if self.log is not None:
            self.log.add(Hit(self.path, self._status, self._length))
        super().end_headers()

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        if not self.quiet:
            super().log_request(code, size)

    def log_error(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_error(format, *args)


class _Server(http.server.ThreadingHTTPServer):
    """The standard library's server with a (daemon) thread per connection, which
    also tracks its open connections so that :meth:`SiteServer.stop` can cut them."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.open_connections: set[socket.socket] = set()
        self.connections_lock = threading.Lock()

    def process_request(self, request, client_address) -> None:
        with self.connections_lock:
            self.open_connections.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request) -> None:
        with self.connections_lock:
            self.open_connections.discard(request)
        super().shutdown_request(request)

    def handle_error(self, request, client_address) -> None:
        # A browser closing a tab or a context mid-download is normal here.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)

    def drop_connections(self) -> None:
        """Cut the kept-alive connections too, not only the listening socket."""
        with self.connections_lock:
            connections = list(self.open_connections)
        for connection in connections:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)


class SiteServer:
    """A static server for ``directory`` on ``127.0.0.1:port`` (0: a free port)."""

    #: The logs of every server made in this process, for a test run's totals.
    logs: ClassVar[list[RequestLog]] = []

    def __init__(
        self,
        directory: Path | str,
        port: int = 0,
        quiet: bool = True,
        host: str = "127.0.0.1",
        extra: dict[str, Path] | None = None,
    ) -> None:
        self.directory = Path(directory)
        self.log = RequestLog()
        SiteServer.logs.append(self.log)
        files = {"/" + url.lstrip("/"): str(path) for url, path in (extra or {}).items()}
        handler = functools.partial(
            type("SiteHandler", (Handler,), {"log": self.log, "quiet": quiet, "extra": files}),
            directory=str(self.directory),
        )
        self._server = _Server((host, port), handler)
        self.port = self._server.server_address[1]
        self.url = f"http://localhost:{self.port}/"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def start(self) -> SiteServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and close the listening socket: connections are refused."""
        if self._thread.is_alive():
            self._server.shutdown()
        self._server.server_close()
        self._server.drop_connections()
        self._thread.join(timeout=5)

    def __enter__(self) -> SiteServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--dir", type=Path, default=Path(__file__).resolve().parent.parent / "dist")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="0.0.0.0 to reach it from a phone (service workers need HTTPS there)",
    )
    args = parser.parse_args()
    if not (args.dir / "index.html").exists():
        raise SystemExit(f"serve: {args.dir}/index.html is missing: run `make build` first")
    server = SiteServer(args.dir, args.port, quiet=False, host=args.host)
    print(f"Serving {args.dir} at http://localhost:{server.port}/ (Ctrl-C stops)")
    try:
        server._server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server._server.server_close()


if __name__ == "__main__":
    main()
