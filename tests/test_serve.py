"""tools/serve.py: the types the site needs, whatever the system's mime.types says, and
a stop() after which nothing answers."""

from __future__ import annotations

import socket
import sys
import urllib.request
from pathlib import Path

import pytest

from tools.serve import SiteServer


@pytest.mark.skipif(sys.platform == "emscripten", reason="a dev server: no threads in Pyodide")
def test_serves_the_sites_types_and_stops_for_real(tmp_path: Path) -> None:
    files = {
        "index.html": "text/html; charset=utf-8",
        "a.wasm": "application/wasm",
        "manifest.webmanifest": "application/manifest+json",
        "web/sync.js": "text/javascript; charset=utf-8",
        "x.unknown": "application/octet-stream",
    }
    for name in files:
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_bytes(b"12345")
    with SiteServer(tmp_path) as server:
        # Two connections kept alive at once: each has its own thread.
        with (
            urllib.request.urlopen(server.url + "index.html") as first,
            urllib.request.urlopen(server.url + "a.wasm") as second,
        ):
            assert first.read() == second.read() == b"12345"
        for name, content_type in files.items():
            with urllib.request.urlopen(server.url + name) as response:
                assert response.headers["Content-Type"] == content_type
                assert response.headers["Cache-Control"] == "no-cache"
        hits = server.log.snapshot()
        assert [(h.path, h.status, h.size) for h in hits][:2] == [
            ("/index.html", 200, 5),
            ("/a.wasm", 200, 5),
        ]
        port = server.port
    with pytest.raises(OSError):  # refused: the listening socket is closed
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
