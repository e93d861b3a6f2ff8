"""The build's startup steps, kept apart from tools/build.py's own work:

- :func:`boot_modules`: which of the app's modules the worker's ``web/shell/worker.py``
  imports as it loads;
- :func:`write_snapshot_module`: ``pyodide/tapete.mjs``, the interpreter module of
  PyScript's worker,
  which boots Pyodide from a memory snapshot of those imports (pwa/snapshot.mjs);
- :func:`precompress`: ``<file>.br`` and ``<file>.gz`` beside every compressible file,
  which tools/serve.py (and a static host) sends with ``Content-Encoding: br`` or
  ``gzip``, whichever the browser accepts (brotli first).

See docs/performance.md, "Startup".
"""

from __future__ import annotations

import ast
import base64
import gzip
import hashlib
import json
import os
from pathlib import Path

import brotli

#: The module that PyScript's worker loads as its interpreter when snapshots are on.
SNAPSHOT_MODULE = "pyodide/tapete.mjs"

#: What a host compresses: text, the wasm (9.6 MB to 3.5 MB with gzip; it keeps its
#: type, application/wasm, with Content-Encoding: br or gzip) and the zips and wheels,
#: whose entries the build stores for the host to compress whole (tools/build.py
#: ``stored``). Images and fonts are left alone: compressed already.
COMPRESSIBLE = {
    *(".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg", ".txt", ".wasm"),
    *(".zip", ".whl"),
}

#: A file smaller than this is sent as it is (gzip's header would eat the gain).
MIN_SIZE = 1024

#: Brotli at its densest (quality 11, a 16 MB window): Pyodide's wasm becomes 2.8 MB
#: against gzip -9's 3.5 MB, but takes about two minutes of a loaded core, so each
#: ``.br`` is kept in :data:`BROTLI_CACHE` under the hash of what it compresses: a
#: rebuild compresses only the files that changed (Pyodide's never do).
BROTLI = {"quality": 11, "lgwin": 24}
#: The test build's brotli (``make test``): about 1 s for the wasm against quality
#: 11's minute or two on a fresh clone, whose cache is empty. Still smaller than gzip
#: -9, so a browser that offers br gets the ``.br`` and decodes it as in production.
QUICK_BROTLI_QUALITY = 5
BROTLI_CACHE = Path(__file__).resolve().parent.parent / ".cache" / "brotli"


def top_level_imports(name: str, source: bytes) -> set[str]:
    """The modules that module ``name`` (``pkg.__init__`` for a package) imports when it
    is imported: its top-level import
    statements (also inside top-level ``if``/``try``/``with``), not those inside
    functions, which run on first use. ``from x import y`` gives ``x`` and ``x.y``."""
    is_package = name.endswith(".__init__")
    package = name.removesuffix(".__init__") if is_package else name.rsplit(".", 1)[0]
    found: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    anchor = parts[: len(parts) - node.level + 1]
                    base = ".".join([*anchor, *([base] if base else [])])
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in node.names)
            elif isinstance(node, ast.If | ast.Try | ast.With):
                visit(node.body)
                visit(getattr(node, "orelse", []))
                visit(getattr(node, "finalbody", []))
                for handler in getattr(node, "handlers", []):
                    visit(handler.body)

    visit(ast.parse(source).body)
    return found


#: The module the worker's entry file runs (tools/build.py ``worker_entry_code``).
WORKER_MODULE = "web.shell.worker"


def boot_modules(src: Path, main: str = WORKER_MODULE) -> list[str]:
    """The app's modules (files under ``src``) that importing ``main`` imports, directly
    or not, ``main`` itself left out; sorted (``import a.b`` imports ``a`` first)."""

    def file_of(module: str) -> Path | None:
        base = src / module.replace(".", "/")
        for path in (base.with_suffix(".py"), base / "__init__.py"):
            if path.is_file():
                return path
        return None

    seen: set[str] = set()
    todo = [main]
    while todo:
        module = todo.pop()
        path = file_of(module)
        if module in seen or path is None:
            continue
        seen.add(module)
        parts = module.split(".")
        todo.extend(".".join(parts[:i]) for i in range(1, len(parts)))
        key = module + (".__init__" if path.name == "__init__.py" else "")
        todo.extend(top_level_imports(key, path.read_bytes()))
    return sorted(seen - {main})


def write_snapshot_module(
    dist: Path,
    src: Path,
    archive_url: str,
    site_path: str,
    wheels: list[tuple[str, str]],
    main: str = WORKER_MODULE,
) -> str:
    """Write pwa/snapshot.mjs as ``SNAPSHOT_MODULE`` with its settings; return its URL.
    ``wheels``: (URL, sha256) of each wheel (the engine's) unpacked before the imports;
    ``main``: the entry whose imports the snapshot holds (:func:`boot_modules`)."""
    settings = {
        "archive": archive_url,
        "path": site_path,
        "modules": boot_modules(src, main),
        "wheels": [
            [url, "sha256-" + base64.b64encode(bytes.fromhex(digest)).decode()]
            for url, digest in wheels
        ],
    }
    code = (src / "pwa" / "snapshot.mjs").read_text()
    if "__SNAPSHOT__" not in code:
        raise SystemExit("build: pwa/snapshot.mjs has no __SNAPSHOT__ to fill in")
    code = code.replace("__SNAPSHOT__", json.dumps(settings, separators=(",", ":")))
    (dist / SNAPSHOT_MODULE).write_text(code)
    return f"./{SNAPSHOT_MODULE}"


def brotli_compress(
    data: bytes, cache: Path | None = BROTLI_CACHE, quality: int = BROTLI["quality"]
) -> bytes:
    """``data`` compressed by brotli at :data:`BROTLI`, or at ``quality`` (the same
    bytes every time), from ``cache`` when it was compressed before (``None``: no
    cache)."""
    settings = {**BROTLI, "quality": quality}
    key = hashlib.sha256(repr(sorted(settings.items())).encode() + data).hexdigest()
    kept = cache / f"{key}.br" if cache is not None else None
    if kept is not None and kept.is_file():
        return kept.read_bytes()
    packed: bytes = brotli.compress(data, **settings)
    if kept is not None:
        kept.parent.mkdir(parents=True, exist_ok=True)
        partial = kept.with_suffix(f".{os.getpid()}.part")  # two builds at once: no torn file
        partial.write_bytes(packed)
        partial.replace(kept)
    return packed


def precompress(
    dist: Path, cache: Path | None = BROTLI_CACHE, quality: int = BROTLI["quality"]
) -> list[Path]:
    """``<file>.br`` (brotli at ``quality``, :func:`brotli_compress`) and ``<file>.gz`` (gzip -9, no
    name or time in its header: reproducible) beside every compressible file of
    ``dist``, each only where it makes the file smaller; return them."""
    written = []
    for path in sorted(p for p in dist.rglob("*") if p.is_file()):
        if path.suffix not in COMPRESSIBLE or path.stat().st_size < MIN_SIZE:
            continue
        data = path.read_bytes()
        for suffix, packed in (
            (".br", brotli_compress(data, cache, quality)),
            (".gz", gzip.compress(data, compresslevel=9, mtime=0)),
        ):
            if len(packed) < len(data):
                target = path.with_name(path.name + suffix)
                target.write_bytes(packed)
                written.append(target)
    return written
