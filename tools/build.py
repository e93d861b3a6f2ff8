"""Build Tapete's static site into ``dist/``.

    python3 tools/build.py [--dist DIR] [--loader wheel|archive] [--no-bytecode]
                           [--no-snapshot] [--no-compress] [--full-stdlib]

What lands in ``dist/`` (every URL is relative, so the site works from any sub-path):

- ``index.html``: the app shell, with the build id, the config of PyScript's worker
  (where the app's Python runs: the page runs none) and the CSP hashes of its inline
  ``<style>``/``<script>`` filled in.
- ``worker.py``: the worker's first Python file (:data:`WORKER_ENTRY`), which puts the
  app's archive on ``sys.path`` and exposes ``web.shell.worker``'s exports to the page.
- ``pyscript/``: only the PyScript chunks the app loads (no source maps, no editor,
  terminal or game plugins), checked to be closed under their static imports.
- ``pyodide/``: Pyodide's core files, its ``python_stdlib.zip`` cut down to the modules
  the site can import (:func:`trimmed_stdlib`), and a ``pyodide-lock.json`` cut down to
  what the app asks for: the engine wheel (``tapete``, with its sha256, which Pyodide
  checks); nothing for ``--loader archive``.
- ``packages/<hash>/tapete-app.zip``: what Python runs, in one archive (its entries
  stored: the host compresses the whole file, :func:`stored`) that zipimport reads
  where it lies: the UI (and with ``--loader archive`` the engine) as
  sourceless bytecode compiled by Pyodide's own Python (``web/**/*.pyc``; see
  tools/pycompile.mjs), the UI's JSON (catalogs) and the rules pages as HTML (rendered
  from Markdown here by tools/rulebook.py), which the UI reads through its modules'
  loader. The folder name changes with the content, so no cache serves a stale one.
- ``packages/<hash>/tapete-*.whl``: the engine wheel that ``pyproject.toml`` builds,
  sources only, valid and installable by pip or micropip. PyScript's ``packages`` has
  Pyodide install it from the lock at the first start (``packages_cache``
  ``passthrough``: no micropip); later starts restore the memory snapshot
  that holds its modules imported (pwa/snapshot.mjs). ``--loader archive`` (the builds
  before it) puts the engine's modules compiled into the app's archive instead.
- ``web/``: the UI's other assets (``style.css``, the page's scripts ``clock.js``,
  ``sync.js``, ``page.js``... that index.html loads, images, fonts), as files.
- ``manifest.webmanifest``, ``icons/``, ``sw.js``: the PWA. ``sw.js`` carries the list
  of every file above with its content hash; the cache name is the hash of that list.

The build is reproducible: the same sources give byte-identical files, so a rebuild
without changes is not a new version for the service worker.
"""

from __future__ import annotations

import argparse
import ast
import base64
import hashlib
import html as html_lib
import importlib.util
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
CACHE = ROOT / ".cache"
#: The Apache License 2.0 (zxing-cpp's licence, shipped with its wasm in vendor/zxing/).
APACHE_2 = ROOT / "tools" / "third_party" / "Apache-2.0.txt"

#: PyScript plugins the app does not use. "error" still loads its small chunk when
#: turned off (PyScript calls its notOnDOM()), so only its DOM banner is gone.
DISABLED_PLUGINS = [
    "py-editor",
    "py-game",
    "py-terminal",
    "donkey",
    "deprecations-manager",
    "error",
]

#: PyScript chunks to ship, by the name before the content hash. core is the entry;
#: error: see above; pyodide_graph: only read when ``packages`` is set (the wheel).
PYSCRIPT_CHUNKS = {"core", "error"}
PYSCRIPT_CHUNKS_BY_LOADER = {
    "archive": set(),
    "wheel": {"pyodide_graph"},
}

PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"]

#: Pyodide's runtime makes a shared WebAssembly.Memory as it loads, for the sleep that
#: only its Node file system uses (Atomics.wait between retries on EAGAIN; a page's main
#: thread may not wait at all). A page that is not cross-origin isolated (a static host
#: sends no COOP/COEP) gets Chromium's "SharedArrayBuffer constructed without
#: isolation" deprecation for it, which Lighthouse's best practices count. The build
#: makes the memory on the sleep's first call instead.
EAGER_SLEEP = re.compile(
    r"var (\w+)=new Int32Array\(new WebAssembly\.Memory\(\{shared:!0,initial:1,maximum:1\}\)"
    r"\.buffer\);function (\w+)\((\w+)\)\{try\{return Atomics\.wait\(\1,0,0,\3\),!0\}"
    r"catch\{return!1\}\}"
)


def lazy_shared_sleep(runtime: str) -> str:
    """Pyodide's ``pyodide.asm.mjs`` with its shared memory made on first use (see
    :data:`EAGER_SLEEP`); the build fails on a runtime that does not have the eager one
    exactly once (another Pyodide version: look at it again)."""
    found = EAGER_SLEEP.findall(runtime)
    if len(found) != 1:
        raise SystemExit(
            f"build: pyodide.asm.mjs has {len(found)} eager shared-memory sleeps, not 1; "
            "see tools/build.py EAGER_SLEEP"
        )

    def lazy(m: re.Match) -> str:
        memory, sleep, ms = m[1], m[2], m[3]
        shared = "new WebAssembly.Memory({shared:!0,initial:1,maximum:1})"
        made = f"{memory}??=new Int32Array({shared}.buffer)"
        return (
            f"var {memory};function {sleep}({ms}){{try{{return {made},"
            f"Atomics.wait({memory},0,0,{ms}),!0}}catch{{return!1}}}}"
        )

    return EAGER_SLEEP.sub(lazy, runtime)


#: Where the app's archive lives inside Pyodide's file system.
SITE = "/home/pyodide/site"
ARCHIVE = "tapete-app.zip"

#: Engine modules that nothing in the browser imports (developer tools): in the wheel,
#: not in the site's archive. The build fails if a shipped module imports one.
#: (engine.arena ships: the bot lab, web/core/lab.py, imports it on first use.)
NOT_IN_SITE: set[str] = set()

#: Fixed zip timestamps (1980-01-01) so that the wheel's bytes depend only on its sources.
SOURCE_DATE_EPOCH = "315532800"

#: web/ files that Python reads go into the archive; these are served as files
#: (``.js``: the page's scripts that index.html loads before Python, e.g. web/shell/sync.js).
WEB_ASSETS = {".css", ".js", ".svg", ".png", ".woff2", ".txt"}
#: web/ scripts that index.html carries inline instead of loading by URL (and so the
#: site does not serve): web/shell/boot.js paints the first screen, and a request for
#: it waited behind the runtime's modulepreloads on a first visit (the home came
#: about 150 ms after the first paint at a 4x CPU slowdown).
INLINE_SCRIPTS = {"BOOT_JS": "web/shell/boot.js"}


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def stored(entries: Iterable[tuple[zipfile.ZipInfo, bytes]]) -> bytes:
    """A zip of ``entries`` in that order, each stored, not deflated. The host
    compresses the whole file (its ``.br`` and ``.gz``, :func:`fastboot.precompress`),
    which finds what the files have in common: brotli makes the trimmed stdlib
    1,023,518 bytes stored against 1,453,236 deflated entry by entry
    (docs/performance.md, "What a first visit sends"). zipimport and Pyodide's package
    loader read either; a stored entry is also read without inflating it."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for info, data in entries:
            info.compress_type = zipfile.ZIP_STORED
            archive.writestr(info, data)
    return out.getvalue()


def restored(data: bytes) -> bytes:
    """The zip ``data`` with every entry stored (:func:`stored`)."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return stored((info, archive.read(info)) for info in archive.infolist())


def wheel_inputs(root: Path) -> list[Path]:
    engine = (p for p in (root / "engine").rglob("*") if "__pycache__" not in p.parts)
    return [root / "pyproject.toml", root / "README.md", *sorted(p for p in engine if p.is_file())]


def build_engine_wheel(root: Path) -> Path:
    """Build the ``tapete`` wheel from pyproject.toml with pip, reproducibly.

    Kept in .cache/wheel/<hash of its sources>/, so an unchanged engine is not rebuilt.
    """
    digest = hashlib.sha256()
    for path in wheel_inputs(root):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    out = CACHE / "wheel" / digest.hexdigest()[:16]
    found = sorted(out.glob("tapete-*.whl"))
    if found:
        return found[0]
    env = dict(os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH, PIP_DISABLE_PIP_VERSION_CHECK="1")
    with tempfile.TemporaryDirectory() as tmp:
        # Build from a copy of just what the wheel needs: setuptools leaves build/ and
        # *.egg-info/ behind, and the working tree is shared with other builds.
        src = Path(tmp) / "src"
        for path in wheel_inputs(root):
            target = src / path.relative_to(root)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
        built = Path(tmp) / "wheel"
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(built), str(src)],
            check=True,
            env=env,
        )
        (wheel,) = built.glob("tapete-*.whl")
        out.mkdir(parents=True, exist_ok=True)
        (out / wheel.name).write_bytes(restored(wheel.read_bytes()))
    return out / wheel.name


def pyodide_python() -> tuple[int, int]:
    """(major, minor) of the Python that the npm pyodide package ships."""
    lock = json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())
    major, minor = lock["info"]["python"].split(".")[:2]
    return int(major), int(minor)


def pycompile(jobs: list[tuple[Path, Path, str]], cache: Path | None = CACHE / "pyc") -> None:
    """Compile (source, .pyc, name in tracebacks) jobs with Pyodide's Python, in node.

    Each .pyc is kept in ``cache`` (``None``: none) under the hash of its source, its
    name and the compiler (tools/pycompile.mjs and Pyodide's version): a rebuild that
    changed no module (a catalog, a page) starts no node at all, and one that changed
    a module compiles only that one."""
    compiler = (ROOT / "tools" / "pycompile.mjs").read_bytes()
    compiler += (NODE_MODULES / "pyodide" / "package.json").read_bytes()
    todo: list[tuple[Path, Path, str]] = []
    kept: dict[Path, Path] = {}
    for source, target, name in jobs:
        if cache is None:
            todo.append((source, target, name))
            continue
        key = sha256(sha256(compiler).encode() + name.encode() + b"\0" + source.read_bytes())
        kept[target] = cache / f"{key}.pyc"
        if kept[target].is_file():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(kept[target], target)
        else:
            todo.append((source, target, name))
    if not todo:
        return
    with tempfile.TemporaryDirectory() as tmp:
        listing = Path(tmp) / "jobs.json"
        listing.write_text(json.dumps([[str(a), str(b), name] for a, b, name in todo]))
        subprocess.run(["node", str(ROOT / "tools" / "pycompile.mjs"), str(listing)], check=True)
    for _source, target, _name in todo:
        if target in kept:
            kept[target].parent.mkdir(parents=True, exist_ok=True)
            partial = kept[target].with_suffix(f".{os.getpid()}.part")  # builds side by side
            shutil.copyfile(target, partial)
            partial.replace(kept[target])


def module_name(path: str) -> str:
    """``engine/abyss/__init__.py`` -> ``engine.abyss``."""
    parts = path.removesuffix(".py").split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: str, source: bytes) -> set[str]:
    """The modules that a source imports anywhere in it (relative imports resolved),
    and for ``from x import y`` also ``x.y``, which may be a module; also those named
    by a string in ``importlib.import_module("x")`` or ``__import__("x")``."""
    package = module_name(path) if path.endswith("/__init__.py") else path.rsplit("/", 1)[0]
    package = package.replace("/", ".")
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
        elif (
            isinstance(node, ast.Call)
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
            and (
                (isinstance(node.func, ast.Attribute) and node.func.attr == "import_module")
                or (isinstance(node.func, ast.Name) and node.func.id == "__import__")
            )
        ):
            found.add(node.args[0].value)
    return found


def load_module(path: Path, name: str) -> ModuleType:
    """The module in ``path``, run under ``name`` (whether this file runs as a script
    or as ``tools.build``, and for sources outside this checkout)."""
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"build: cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def i18n_catalogs(src: Path) -> dict[str, bytes]:
    """``web/core/i18n/<lang>.json`` for the archive: each language's catalog already merged
    with the tables' ``<game>.<lang>.json`` by web/core/i18n.py itself (an archive has no
    folder for it to list at run time)."""
    i18n = load_module(src / "web" / "core" / "i18n.py", "_tapete_i18n")
    return {
        f"web/core/i18n/{lang}.json": json.dumps(i18n.catalog(lang), ensure_ascii=False).encode()
        for lang in i18n.LANGS
    }


def app_archive(src: Path, wheel: Path, with_engine: bool, bytecode: bool) -> bytes:
    """The zip archive of what Python runs: the engine's modules (from the wheel, so
    the site runs what the wheel holds), ``web/``'s modules, its JSON data and the
    rules pages rendered to HTML (``web/core/rulebook/<game>.<lang>.html``).

    With ``bytecode``, each module is there only as ``.pyc`` (zipimport imports
    ``pkg/mod.pyc`` when there is no ``pkg/mod.py``), compiled under the name
    ``engine/core.py`` etc., which is what a traceback shows.
    """
    sources: dict[str, bytes] = {}
    if with_engine:
        with zipfile.ZipFile(wheel) as archive:
            for info in archive.infolist():
                name = info.filename
                if name.endswith(".py") and module_name(name) not in NOT_IN_SITE:
                    sources[name] = archive.read(info)
    data: dict[str, bytes] = {}
    web = src / "web"
    for path in sorted(web.rglob("*")):
        if "__pycache__" in path.parts or not path.is_file():
            continue
        name = path.relative_to(src).as_posix()
        if path.suffix == ".py":
            sources[name] = path.read_bytes()
        elif path.suffix == ".json" and path.parent != web / "core" / "i18n":
            data[name] = path.read_bytes()
    data.update(i18n_catalogs(src))
    # The rules pages as HTML, rendered here with markdown-it-py (not shipped).
    data.update(load_module(ROOT / "tools" / "rulebook.py", "_tapete_rulebook").archive_pages(src))
    for name, source in sources.items():
        wanted = imported_modules(name, source) & NOT_IN_SITE
        if wanted:
            raise SystemExit(f"build: {name} imports {sorted(wanted)}, left out of the site")

    files = dict(data)
    if bytecode:
        with tempfile.TemporaryDirectory() as tmp:
            jobs = []
            for name, source in sources.items():
                path = Path(tmp) / "src" / name
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(source)
                jobs.append((path, Path(tmp) / "pyc" / (name + "c"), name))
            pycompile(jobs)
            for _source, pyc, name in jobs:
                files[name + "c"] = pyc.read_bytes()
    else:
        files.update(sources)

    def entry(name: str) -> tuple[zipfile.ZipInfo, bytes]:
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        info.external_attr = 0o644 << 16
        return info, files[name]

    return stored(map(entry, sorted(files)))


def engine_lock_entry(wheel: Path, wheel_url: str) -> dict:
    """The engine wheel's ``pyodide-lock.json`` entry: PyScript's ``packages`` names
    it (``tapete``) and Pyodide loads the file, which checks its sha256 (subresource
    integrity) before installing it. The lock is this build's own file, so an update
    never installs an older build's wheel."""
    name, version = wheel.name.split("-")[:2]
    return {
        "name": name,
        # The build's content in the version too (0.1.0+<sha256 prefix>): what
        # importlib.metadata reports on a first start tells the build apart.
        "version": f"{version}+{sha256(wheel.read_bytes())[:12]}",
        # Relative to the lock (pyodide/).
        "file_name": "../" + wheel_url.removeprefix("./"),
        "install_dir": "site",
        "sha256": sha256(wheel.read_bytes()),
        "package_type": "package",
        "imports": ["engine"],
        "depends": [],
        "unvendored_tests": False,
    }


def copy_pyodide(dist: Path, engine: dict | None, stdlib: bytes | None) -> None:
    """Pyodide's files, ``stdlib`` as its python_stdlib.zip (None: Pyodide's own), and
    its lock with only ``engine`` (the engine wheel's entry) in it, or nothing when
    ``engine`` is None."""
    src = NODE_MODULES / "pyodide"
    out = dist / "pyodide"
    out.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(src / name, out / name)
    runtime = out / "pyodide.asm.mjs"
    runtime.write_text(lazy_shared_sleep(runtime.read_text()))
    if stdlib is not None:
        (out / "python_stdlib.zip").write_bytes(stdlib)
    lock = json.loads((src / "pyodide-lock.json").read_text())
    # Pyodide reads the whole lock at every boot; the app only ever asks for the engine
    # (and only with the wheel loader), so the other 350 entries are dead weight.
    lock["packages"] = {} if engine is None else {engine["name"]: engine}
    (out / "pyodide-lock.json").write_text(json.dumps(lock, separators=(",", ":")))


#: The codecs of ``encodings`` that are only a character table (cp1252, koi8_r, ...):
#: nothing of the app or Pyodide decodes them, so the trimmed stdlib leaves them out
#: but for cp437, which zipfile uses for names without its UTF-8 flag.
CHARMAP_CODEC = re.compile(rb"\bdecoding_table\b|\bcharmap_build\b")
KEPT_CHARMAPS = {"encodings/cp437.py"}
#: Modules that nothing imports by a name written in Python: the interpreter itself
#: (_pylong: int and str conversions of huge numbers), sysconfig (its data module's
#: name is computed), and Pyodide's own packages, which its JavaScript may import.
STDLIB_ROOTS = ("_pylong", "_sysconfigdata__emscripten_wasm32-emscripten", "pyodide", "_pyodide")
#: Modules (with their submodules) that only a function no start calls imports: the
#: interactive prompt's line editor (site's hook for an interactive interpreter), help()
#: (pydoc), breakpoint() and the debugger (pdb, bdb), a doctest run of a module as a
#: script (doctest, which imports unittest), and the process pool that concurrent.futures
#: imports on first use of ProcessPoolExecutor (multiprocessing: a browser has no
#: processes). tools/stdlib.mjs fails if the site imports one or a kept module imports
#: one as it loads.
STDLIB_NEVER = (
    "_pyrepl",
    "pydoc",
    "pdb",
    "bdb",
    "doctest",
    "unittest",
    "multiprocessing",
    "concurrent.futures.process",
)


def trimmed_stdlib(src: Path, wheel: Path) -> bytes:
    """Pyodide's ``python_stdlib.zip`` with only the modules the site can import: the
    closure of the imports of the app (engine/ and web/), of the Python code PyScript
    runs and of what Pyodide imports to start (tools/stdlib.mjs: its package loader,
    which installs the wheel, among them), plus
    every codec but the character tables (codecs are found by name at run time).
    Entries keep the original order, stored (:func:`stored`)."""
    original = NODE_MODULES / "pyodide" / "python_stdlib.zip"
    pyscript = "\n".join(
        p.read_text() for p in (NODE_MODULES / "@pyscript" / "core" / "dist").glob("core-*.js")
    )
    with zipfile.ZipFile(original) as stdlib:
        wanted = [
            info.filename[:-3].replace("/", ".")
            for info in stdlib.infolist()
            if info.filename.endswith(".py")
            and (
                info.filename.split("/")[0] in STDLIB_ROOTS
                or info.filename[:-3] in STDLIB_ROOTS
                or (
                    info.filename.startswith("encodings/")
                    and (
                        info.filename in KEPT_CHARMAPS
                        or not CHARMAP_CODEC.search(stdlib.read(info))
                    )
                )
            )
        ]
    roots = {
        "tools": str(ROOT / "tools"),
        # What PyScript's own Python imports (its sources are strings in its bundle).
        "modules": sorted(set(re.findall(r"(?:import|from) +([A-Za-z_][\w.]*)", pyscript)))
        + wanted,
        "sources": [
            [path.relative_to(src).as_posix(), str(path)]
            for folder in ("engine", "web")
            for path in sorted((src / folder).rglob("*.py"))
            if "__pycache__" not in path.parts
        ],
        "archives": [str(wheel)],
        "never": list(STDLIB_NEVER),
    }
    keep = stdlib_walk(roots)
    with zipfile.ZipFile(original) as stdlib:
        return stored(
            (info, stdlib.read(info)) for info in stdlib.infolist() if info.filename in keep
        )


def stdlib_walk(roots: dict) -> set[str]:
    """The stdlib zip's entries to keep for ``roots``, as tools/stdlib.mjs finds them
    (it boots Pyodide under node: about 10 s of a core).

    Kept in .cache/stdlib/<key>.json. The key holds everything the walk reads: the
    walk itself (stdlib.mjs, and this file for its ``imported_modules``), Pyodide's
    version and stdlib, the wheels, the module names, and of the sources only what
    they import, so a build whose sources differ but import the same (a site built
    with one string changed, say) reuses the answer."""
    digest = hashlib.sha256()
    read = [ROOT / "tools" / "stdlib.mjs", Path(__file__), *map(Path, roots["archives"])]
    pyodide = NODE_MODULES / "pyodide"
    for path in [*read, pyodide / "package.json", pyodide / "python_stdlib.zip"]:
        digest.update(path.read_bytes())
    imports: set[str] = set()
    for name, path in roots["sources"]:
        imports |= imported_modules(name, Path(path).read_bytes())
    digest.update(json.dumps([roots["modules"], roots["never"], sorted(imports)]).encode())
    cached = CACHE / "stdlib" / f"{digest.hexdigest()[:16]}.json"
    if cached.is_file():
        return set(json.loads(cached.read_text()))
    cached.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cached.parent) as tmp:
        ask, answer = Path(tmp) / "roots.json", Path(tmp) / "keep.json"
        ask.write_text(json.dumps(roots))
        subprocess.run(
            ["node", str(ROOT / "tools" / "stdlib.mjs"), str(ask), str(answer)], check=True
        )
        keep = set(json.loads(answer.read_text()))
        answer.replace(cached)  # whole or not at all: builds may run side by side
    return keep


def pyscript_chunk_stem(name: str) -> str:
    return re.sub(r"-[A-Za-z0-9_-]{8}\.js$", "", name)


def copy_pyscript(dist: Path, loader: str) -> list[str]:
    """Copy the PyScript chunks the app loads; return their names."""
    src = NODE_MODULES / "@pyscript" / "core" / "dist"
    out = dist / "pyscript"
    out.mkdir(parents=True)
    wanted = PYSCRIPT_CHUNKS | PYSCRIPT_CHUNKS_BY_LOADER[loader]
    chunks = (p.name for p in src.glob("*-*.js") if re.search(r"-[A-Za-z0-9_-]{8}\.js$", p.name))
    chosen = ["core.js", *sorted(name for name in chunks if pyscript_chunk_stem(name) in wanted)]
    for name in chosen:
        code = (src / name).read_text()
        # Source maps are not shipped; drop the comment so devtools do not ask for them.
        code = re.sub(r"\n?//# sourceMappingURL=\S+\s*$", "\n", code)
        (out / name).write_text(code)
    # Every static import of a shipped chunk must be shipped too (dynamic imports are
    # the plugins turned off above).
    for name in chosen:
        code = (out / name).read_text()
        for dep in re.findall(r'(?:from|import)\s*"\./([^"]+)"', code):
            if not (out / dep).exists():
                raise SystemExit(f"build: PyScript chunk {name} imports {dep}, not shipped")
    return chosen


def copy_web_assets(dist: Path, src: Path) -> None:
    """The UI's files that the browser loads by URL (the stylesheet, scripts, images)."""
    for path in sorted((src / "web").rglob("*")):
        if path.relative_to(src).as_posix() in INLINE_SCRIPTS.values():
            continue  # in index.html
        if path.is_file() and path.suffix in WEB_ASSETS and "__pycache__" not in path.parts:
            target = dist / path.relative_to(src)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)


def copy_vendor(dist: Path) -> None:
    copy_qr_reader(dist / "vendor" / "zxing")


def copy_qr_reader(out: Path) -> None:
    """zxing-wasm's QR reader (vendor/zxing/), which web/shell/phones.js loads on the
    first scan where the browser has no BarcodeDetector: its self-contained script
    and its wasm (985 KB together, 333 KB as brotli), with their licences: zxing-wasm's MIT
    and, for the zxing-cpp code compiled into the wasm, Apache-2.0."""
    src = NODE_MODULES / "zxing-wasm"
    out.mkdir(parents=True)
    script = (src / "dist" / "iife" / "reader" / "index.js").read_text()
    if "ZXingWASM" not in script or "prepareZXingModule" not in script:
        raise SystemExit("build: zxing-wasm's reader changed its shape: check phones.js")
    (out / "reader.js").write_text(script)
    shutil.copy2(src / "dist" / "reader" / "zxing_reader.wasm", out / "zxing_reader.wasm")
    shutil.copy2(src / "LICENSE", out / "LICENSE.txt")
    shutil.copy2(APACHE_2, out / "LICENSE-zxing-cpp.txt")


def pyscript_config(
    loader: str, archive_url: str, interpreter: str = "./pyodide/pyodide.mjs"
) -> dict:
    # PyScript's files: fetched and written into Pyodide's file system before any
    # Python runs; zipimport then reads the archive in place.
    config: dict = {
        "interpreter": interpreter,
        "plugins": [f"!{name}" for name in DISABLED_PLUGINS],
        "files": {archive_url: f"{SITE}/{ARCHIVE}"},
    }
    if loader == "wheel":
        # passthrough: PyScript hands ``packages`` to loadPyodide, and Pyodide installs
        # them from its lock. Without it, PyScript loads micropip (its wheel and 55
        # modules: 0.5 s of a first visit at 1x) to ask it for what the lock holds.
        config["packages"] = ["tapete"]
        config["packages_cache"] = "passthrough"
    return config


#: The worker's first Python file (in dist/, beside index.html), which index.html hands
#: to PyScript's PyWorker: it puts the app's archive on ``sys.path`` and exposes what
#: ``web.shell.worker`` exports to the page (``worker.sync``).
WORKER_ENTRY = "worker.py"


def worker_config(loader: str, archive_url: str, interpreter: str) -> dict:
    """PyScript's config for the app's worker: :func:`pyscript_config` with
    ``sync_main_only`` (the page awaits what the worker exports; the worker never
    waits on the page, so no SharedArrayBuffer and no cross-origin isolation).
    index.html makes its URLs absolute (the worker runs from a ``blob:`` URL)."""
    return pyscript_config(loader, archive_url, interpreter) | {"sync_main_only": True}


def worker_entry_code() -> str:
    """The worker's first Python file (:data:`WORKER_ENTRY`): PyScript looks up
    ``__export__`` in the namespace of the file it ran first. PyScript's worker only
    logs an error of that file and reports the worker ready all the same, so the file
    sends its traceback to the page itself (index.html shows the boot's error screen)."""
    return "\n".join(
        [
            '"""Tapete\'s worker: the app (web.shell.worker) behind what the page awaits."""',
            sys_path_code(),
            "try:",
            "    from web.shell import worker as _app",
            "except BaseException:",
            "    import traceback",
            "    import js",
            "    from pyodide.ffi import to_js",
            "",
            "    _error = {'tapete': 'error', 'detail': traceback.format_exc()}",
            "    js.postMessage(to_js(_error, dict_converter=js.Object.fromEntries))",
            "    raise",
            "",
            "globals().update({name: getattr(_app, name) for name in _app.__export__})",
            "__export__ = list(_app.__export__)",
            "",
        ]
    )


def sys_path_code() -> str:
    """Python that puts the app's archive on ``sys.path`` (the worker's entry)."""
    path = f"{SITE}/{ARCHIVE}"
    return "\n".join(
        [
            "import sys, importlib",
            f"{path!r} in sys.path or sys.path.insert(0, {path!r})",
            # The finders may have looked at the folder before PyScript wrote the file.
            "importlib.invalidate_caches()",
        ]
    )


def modulepreloads(pyscript_files: list[str]) -> str:
    """<link rel=modulepreload> for every module the page's boot imports, so that the
    browser fetches and compiles them in parallel instead of one import after the
    other. Pyodide's modules are the worker's: a page's preload would parse them on
    the page's main thread and not serve the worker."""
    modules = [f"./pyscript/{name}" for name in pyscript_files if name != "core.js"]
    return "\n".join(f'<link rel="modulepreload" href="{url}">' for url in modules)


def html_text(text: str) -> str:
    """``text`` safe inside an element's content (JSON here: no tags, no entities)."""
    if "<" in text or "&" in text:
        raise SystemExit(f"build: cannot inline {text[:60]!r} in index.html")
    return text


def inline_script(path: Path) -> str:
    """A script's text, safe inside an inline ``<script>`` (nothing there may close the
    element or open a comment the HTML parser would honour)."""
    text = path.read_text()
    if re.search(r"</script|<!--", text, flags=re.I):
        raise SystemExit(f"build: cannot inline {path.name} in index.html")
    return text


def csp_hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def write_index(dist: Path, src: Path, values: dict[str, str]) -> None:
    html = (src / "index.html").read_text()
    for key, value in values.items():
        html = html.replace("{{" + key + "}}", value)
    # CSP: inline <style> and <script> blocks are allowed by their hash, nothing else inline.
    styles = re.findall(r"<style>(.*?)</style>", html, flags=re.S)
    # (PyScript's <script type="py"> is data to the browser, not a script to allow.)
    scripts = re.findall(
        r"<script(?![^>]*\b(?:src=|type=\"py\"))[^>]*>(.*?)</script>", html, flags=re.S
    )
    html = html.replace("{{STYLE_HASHES}}", " ".join(csp_hash(s) for s in styles))
    html = html.replace("{{SCRIPT_HASHES}}", " ".join(csp_hash(s) for s in scripts))
    leftover = re.findall(r"\{\{[A-Z_]+\}\}", html)
    if leftover:
        raise SystemExit(f"build: index.html placeholders left: {leftover}")
    urls = re.findall(r'\b(?:src|href)="\./([^"]+)"', html)
    missing = [url for url in urls if not (dist / url).is_file()]
    if missing:
        raise SystemExit(f"build: index.html loads files the site lacks: {missing}")
    (dist / "index.html").write_text(html)


#: Run in a fresh interpreter on the sources in ``src`` (argv[1]): each language's
#: home screen as web.app.prerender renders it, in JSON.
_HOMES_CODE = """
import json, sys
sys.path.insert(0, sys.argv[1])
from web.core.i18n import LANGS
from web.app.prerender import home_page
from web.app.registry import ENTRIES
print(json.dumps({lang: home_page(ENTRIES, lang) for lang in LANGS}))
"""


def prerendered_homes(src: Path) -> str:
    """The home screen in each language, rendered by the app's own code (in a
    separate interpreter, on ``src``'s modules), as ``<template>`` elements that
    web/shell/boot.js paints into ``#app`` before Python starts (docs/architecture.md,
    "Before Python"). Sources whose UI does not even import (e2e/test_pwa.py builds
    such a site to see the boot's error screen) get none, with a warning: the shell
    then shows until Python, which reports the error."""
    out = subprocess.run(
        [sys.executable, "-c", _HOMES_CODE, str(src)],
        capture_output=True, text=True, cwd=src,
    )  # fmt: skip
    if out.returncode != 0:
        error = (out.stderr.strip().splitlines() or ["?"])[-1]
        print(f"build: warning: no home screen before Python ({error})", file=sys.stderr)
        return ""
    homes = json.loads(out.stdout)
    parts = []
    for lang, page in sorted(homes.items()):
        meta = json.dumps({k: v for k, v in page.items() if k != "html"}, ensure_ascii=False)
        parts.append(
            f'<template id="tapete-home-{lang}" data-page="{html_lib.escape(meta)}">'
            f"{page['html']}</template>"
        )
    return "\n".join(parts)


def copy_pwa(dist: Path, src: Path) -> None:
    pwa = src / "pwa"
    shutil.copy2(pwa / "manifest.webmanifest", dist / "manifest.webmanifest")
    (dist / "icons").mkdir()
    for icon in sorted((pwa / "icons").glob("*.png")):
        shutil.copy2(icon, dist / "icons" / icon.name)
    shutil.copy2(pwa / "icons" / "favicon.svg", dist / "favicon.svg")


def precache_list(dist: Path, leave_out: frozenset[str] = frozenset()) -> list[list[str]]:
    """[path, sha256 prefix] of every file of the site but sw.js itself and ``leave_out``."""
    return [
        [rel, sha256(path.read_bytes())[:16]]
        for path in sorted(p for p in dist.rglob("*") if p.is_file())
        if (rel := path.relative_to(dist).as_posix()) != "sw.js" and rel not in leave_out
    ]


def write_service_worker(
    dist: Path, src: Path, build_id: str, leave_out: frozenset[str] = frozenset()
) -> None:
    entries = precache_list(dist, leave_out)
    code = (src / "pwa" / "sw.js").read_text()
    code = code.replace("__BUILD_ID__", build_id)
    code = code.replace("__PRECACHE__", json.dumps(entries, indent=0))
    (dist / "sw.js").write_text(code)


def build(
    dist: Path,
    loader: str = "wheel",
    src: Path = ROOT,
    bytecode: bool = True,
    snapshot: bool = True,
    compress: bool = True,
    quick_brotli: bool = False,
    trim_stdlib: bool = True,
) -> str:
    """Build the site from the sources in ``src`` into ``dist``; return the build id.

    ``snapshot``: PyScript's interpreter is Pyodide behind pwa/snapshot.mjs, which boots
    from a memory snapshot of the app's imports (archive loader only); ``compress``:
    a ``.br`` and a ``.gz`` beside every compressible file (tools/fastboot.py);
    ``quick_brotli``: the ``.br`` at a fast level instead of the densest (the test build);
    ``trim_stdlib``: only the standard library's modules the site can import."""
    if not (NODE_MODULES / "pyodide").is_dir():
        raise SystemExit("build: node_modules/ is missing: run `npm ci` first")
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)

    def publish(name: str, data: bytes) -> str:
        rel = f"packages/{sha256(data)[:12]}/{name}"
        (dist / rel).parent.mkdir(parents=True, exist_ok=True)
        (dist / rel).write_bytes(data)
        return f"./{rel}"

    wheel = build_engine_wheel(src)
    wheel_url = publish(wheel.name, wheel.read_bytes())
    archive = app_archive(src, wheel, with_engine=loader == "archive", bytecode=bytecode)
    archive_url = publish(ARCHIVE, archive)

    copy_pyodide(
        dist,
        engine_lock_entry(wheel, wheel_url) if loader == "wheel" else None,
        trimmed_stdlib(src, wheel) if trim_stdlib else None,
    )
    pyscript_files = copy_pyscript(dist, loader)
    copy_web_assets(dist, src)
    copy_vendor(dist)
    copy_pwa(dist, src)
    fastboot = load_module(ROOT / "tools" / "fastboot.py", "_tapete_fastboot")
    interpreter = "./pyodide/pyodide.mjs"
    if snapshot:
        wheels = [(wheel_url, sha256(wheel.read_bytes()))] if loader == "wheel" else []
        interpreter = fastboot.write_snapshot_module(
            dist, src, archive_url, f"{SITE}/{ARCHIVE}", wheels
        )
    config = worker_config(loader, archive_url, interpreter)
    (dist / WORKER_ENTRY).write_text(worker_entry_code())
    plugins = html_text(json.dumps({"plugins": config["plugins"]}, separators=(",", ":")))

    values = {
        "WORKER": html_text(
            json.dumps({"entry": f"./{WORKER_ENTRY}", "config": config}, separators=(",", ":"))
        ),
        "LOADER": loader,
        "MODULEPRELOADS": modulepreloads(pyscript_files),
        "PY_CONFIG": plugins,
        "MPY_CONFIG": plugins,
        "HOMES": prerendered_homes(src),
    } | {key: inline_script(src / rel) for key, rel in INLINE_SCRIPTS.items()}
    # The build id is the hash of every file, index.html with a stand-in for the id;
    # so it changes whenever any file does, and index.html can then carry it.
    write_index(dist, src, {**values, "BUILD_ID": "dev"})
    build_id = sha256(json.dumps(precache_list(dist)).encode())[:12]
    write_index(dist, src, {**values, "BUILD_ID": build_id})
    # The wheel is there for pip and the wheel loader; the archive boot never
    # fetches it, so a phone need not download it for offline play.
    unused = frozenset() if loader == "wheel" else frozenset({wheel_url.removeprefix("./")})
    write_service_worker(dist, src, build_id, unused)
    if compress:
        quick = fastboot.QUICK_BROTLI_QUALITY
        fastboot.precompress(dist, quality=quick if quick_brotli else fastboot.BROTLI["quality"])
    return build_id


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument(
        "--loader",
        choices=sorted(PYSCRIPT_CHUNKS_BY_LOADER),
        default="wheel",
        help="wheel: the engine installed from its wheel (the default); archive: the"
        " engine inside the app's archive (see docs/performance.md)",
    )
    parser.add_argument(
        "--no-bytecode",
        action="store_true",
        help="sources instead of bytecode in the archive (compiled at every boot)",
    )
    parser.add_argument(
        "--no-snapshot", action="store_true", help="Pyodide without a memory snapshot"
    )
    parser.add_argument(
        "--no-compress", action="store_true", help="no precompressed .br, .gz files"
    )
    parser.add_argument(
        "--quick-brotli",
        action="store_true",
        help="the .br files at a fast brotli level, not the densest (the test build)",
    )
    parser.add_argument(
        "--full-stdlib", action="store_true", help="Pyodide's whole python_stdlib.zip"
    )
    args = parser.parse_args(argv)
    build_id = build(
        args.dist.resolve(),
        args.loader,
        bytecode=not args.no_bytecode,
        snapshot=not args.no_snapshot,
        compress=not args.no_compress,
        quick_brotli=args.quick_brotli,
        trim_stdlib=not args.full_stdlib,
    )
    size = sum(p.stat().st_size for p in args.dist.rglob("*") if p.is_file())
    print(f"build {build_id}: {args.dist} ({size / 1e6:.1f} MB, loader {args.loader})")


if __name__ == "__main__":
    main()
