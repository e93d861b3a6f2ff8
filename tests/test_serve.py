"""tools/serve.py: the types the site needs, whatever the system's mime.types says, and
a stop() after which nothing answers."""

from __future__ import annotations

import gzip
import io
import random
import socket
import sys
import urllib.request
import zipfile
from email.message import Message
from pathlib import Path

import pytest

from tools.serve import SiteServer


@pytest.mark.skipif(sys.platform == "emscripten", reason="a dev server: no threads in Pyodide")
def test_serves_the_sites_types_and_stops_for_real(tmp_path: Path) -> None:
    files = {
        "index.html": "text/html; charset=utf-8",
        "a.wasm": "application/wasm",
        "manifest.webmanifest": "application/manifest+json",
        "web/shell/sync.js": "text/javascript; charset=utf-8",
        "x.unknown": "application/octet-stream",
    }
    for name in files:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
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


@pytest.mark.skipif(sys.platform == "emscripten", reason="a dev server: no threads in Pyodide")
def test_precompressed_files_are_sent_as_brotli_else_gzip_to_who_accepts_it(
    tmp_path: Path,
) -> None:
    import brotli

    from tools.fastboot import precompress

    text = b"<!doctype html>" + b"<p>Tapete</p>" * 400
    wasm = b"\0asm\1\0\0\0" + bytes(range(256)) * 40
    (tmp_path / "index.html").write_bytes(text)
    (tmp_path / "pyodide").mkdir()
    (tmp_path / "pyodide" / "x.wasm").write_bytes(wasm)
    # The build's zips store their entries: the host compresses the whole file.
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_STORED) as stored:
        stored.writestr("web/a.py", b"def f():\n    return 1\n" * 200)
    (tmp_path / "app.zip").write_bytes(archive.getvalue())
    # What compression cannot shrink is sent as it is, with no .br or .gz beside it.
    noise = random.Random(1).randbytes(4000)
    (tmp_path / "noise.zip").write_bytes(noise)
    (tmp_path / "font.woff2").write_bytes(text)  # never compressed: fonts are already
    written = precompress(tmp_path, cache=None)
    assert sorted(p.name for p in written) == [
        "app.zip.br",
        "app.zip.gz",
        "index.html.br",
        "index.html.gz",
        "x.wasm.br",
        "x.wasm.gz",
    ]
    decode = {"br": brotli.decompress, "gzip": gzip.decompress}

    def get(path: str, accept: str | None) -> tuple[bytes, Message]:
        request = urllib.request.Request(server.url + path)
        if accept is not None:
            request.add_header("Accept-Encoding", accept)
        with urllib.request.urlopen(request) as response:
            return response.read(), response.headers

    with SiteServer(tmp_path) as server:
        for path, original, content_type in [
            ("", text, "text/html; charset=utf-8"),
            ("index.html", text, "text/html; charset=utf-8"),
            ("pyodide/x.wasm", wasm, "application/wasm"),
            ("app.zip", archive.getvalue(), "application/zip"),
        ]:
            # A browser over HTTPS offers both: brotli is the smaller, so it wins.
            for accept, coding in [
                ("gzip, deflate, br, zstd", "br"),
                ("br;q=0.5, gzip", "br"),
                ("gzip, deflate", "gzip"),
                ("br;q=0, *", "gzip"),
                ("*", "br"),
            ]:
                body, headers = get(path, accept)
                assert headers["Content-Encoding"] == coding, (path, accept)
                assert headers["Content-Type"] == content_type, path
                assert headers["Vary"] == "Accept-Encoding", path
                assert int(headers["Content-Length"]) == len(body) < len(original), path
                assert decode[coding](body) == original, (path, accept)
            for refused in (None, "identity", "gzip;q=0, br;q=0", "*;q=0", "zstd"):
                body, headers = get(path, refused)
                assert body == original and "Content-Encoding" not in headers, (path, refused)
                assert headers["Vary"] == "Accept-Encoding", path
                assert headers["Content-Type"] == content_type, path
        for path, original in [("noise.zip", noise), ("font.woff2", text)]:
            body, headers = get(path, "gzip, br")
            assert body == original, path
            assert "Content-Encoding" not in headers and "Vary" not in headers, path
