"""Build Tapete's static site into ``dist/``.

    python3 tools/build.py [--dist DIR] [--loader zipimport|unpack|micropip] [--no-bytecode]

What lands in ``dist/`` (every URL is relative, so the site works from any sub-path):

- ``index.html``: the app shell, with the build id, the PyScript config (which puts
  ``web/`` and the engine into Pyodide) and the CSP hashes of its inline
  ``<style>``/``<script>`` filled in.
- ``pyscript/``: only the PyScript chunks the app loads (no source maps, no editor,
  terminal or game plugins), checked to be closed under their static imports.
- ``pyodide/``: Pyodide's core files and a ``pyodide-lock.json`` cut down to what the app
  can ask for (micropip, with the real hash of the wheel shipped beside it).
- ``packages/<hash>/tapete-*.whl``: the engine wheel; the folder name changes with its
  content so no cache (PyScript's IndexedDB package cache included) serves a stale one.
- ``web/``: the Python UI (every ``.py``/``.json``/``.css`` and asset under ``web/``).
- ``vendor/idiomorph.js``: the DOM morphing library, as an ES module.
- ``manifest.webmanifest``, ``icons/``, ``sw.js``: the PWA. ``sw.js`` carries the list
  of every file above with its content hash; the cache name is the hash of that list.

The build is reproducible: the same sources give byte-identical files, so a rebuild
without changes is not a new version for the service worker.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
CACHE = ROOT / ".cache"

#: Pinned in package.json; micropip's wheel comes from PyPI (npm's pyodide has none).
MICROPIP = "micropip==0.11.1"

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
#: error: see above; zip: unpacks a wheel given in ``files`` (the "unpack" loader);
#: pyodide_graph: only read when ``packages`` is set (the "micropip" loader).
PYSCRIPT_CHUNKS = {"core", "error"}
PYSCRIPT_CHUNKS_BY_LOADER = {
    "zipimport": set(),
    "unpack": {"zip"},
    "micropip": {"pyodide_graph"},
}

PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"]

#: Where the engine lives inside Pyodide's file system for each loader.
SITE = "/home/pyodide/site"

#: Fixed zip timestamps (1980-01-01) so that the wheel's bytes depend only on its sources.
SOURCE_DATE_EPOCH = "315532800"

TYPES_OF_WEB_FILES = {".py", ".json", ".css", ".svg", ".png", ".woff2", ".txt"}


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


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
        shutil.copy2(wheel, out / wheel.name)
    return out / wheel.name


def micropip_wheel() -> Path:
    """PyPI's micropip wheel for Pyodide's Python, downloaded once into .cache/."""
    folder = CACHE / "micropip"
    found = sorted(folder.glob("micropip-*.whl"))
    if found:
        return found[-1]
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
         "--python-version", "3.14", "-d", str(folder), MICROPIP],
        check=True,
    )  # fmt: skip
    return sorted(folder.glob("micropip-*.whl"))[-1]


def pyodide_python() -> tuple[int, int]:
    """(major, minor) of the Python that the npm pyodide package ships."""
    lock = json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())
    major, minor = lock["info"]["python"].split(".")[:2]
    return int(major), int(minor)


def pycompile(jobs: list[tuple[Path, Path, str]]) -> None:
    """Compile (source, .pyc, name in tracebacks) jobs with Pyodide's Python, in node."""
    if not jobs:
        return
    with tempfile.TemporaryDirectory() as tmp:
        listing = Path(tmp) / "jobs.json"
        listing.write_text(json.dumps([[str(a), str(b), name] for a, b, name in jobs]))
        subprocess.run(["node", str(ROOT / "tools" / "pycompile.mjs"), str(listing)], check=True)


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def compiled_wheel(wheel: Path) -> Path:
    """The wheel with each module's bytecode beside its source (``engine/core.pyc``).

    Compiling the engine takes Pyodide most of a second at every boot; zipimport loads
    a ``.pyc`` that sits next to the ``.py`` in the archive instead. The result is still
    a valid wheel (RECORD lists the new files), installable by micropip or pip.
    """
    major, minor = pyodide_python()
    key = sha256(wheel.read_bytes() + f"{major}.{minor}".encode())[:16]
    out = CACHE / "wheel-pyc" / key / wheel.name
    if out.exists():
        return out
    with zipfile.ZipFile(wheel) as archive:
        entries = [(info.filename, archive.read(info)) for info in archive.infolist()]
    sources = [(name, data) for name, data in entries if name.endswith(".py")]
    with tempfile.TemporaryDirectory() as tmp:
        jobs = []
        for name, data in sources:
            source = Path(tmp) / "src" / name
            source.parent.mkdir(parents=True, exist_ok=True)
            source.write_bytes(data)
            # The file name zipimport gives the module, so tracebacks read the same.
            jobs.append((source, Path(tmp) / "pyc" / (name + "c"), f"{SITE}/{wheel.name}/{name}"))
        pycompile(jobs)
        compiled = [
            (name + "c", (Path(tmp) / "pyc" / (name + "c")).read_bytes()) for name, _ in sources
        ]
    info_dir = next(name.split("/")[0] for name, _ in entries if name.endswith(".dist-info/RECORD"))
    files = [(n, d) for n, d in entries if not n.startswith(info_dir + "/")] + compiled
    files += [
        (n, d) for n, d in entries if n.startswith(info_dir + "/") and not n.endswith("/RECORD")
    ]
    record = "\n".join([*(record_line(n, d) for n, d in files), f"{info_dir}/RECORD,,"]) + "\n"
    files.append((f"{info_dir}/RECORD", record.encode()))
    out.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(out, "w") as archive:
        for name, data in files:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return out


def copy_pyodide(dist: Path, with_micropip: bool) -> None:
    src = NODE_MODULES / "pyodide"
    out = dist / "pyodide"
    out.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(src / name, out / name)
    lock = json.loads((src / "pyodide-lock.json").read_text())
    # Pyodide reads the whole lock at every boot; the app only ever asks for micropip
    # (and only with the micropip loader), so the other 350 entries are dead weight.
    packages = {}
    if with_micropip:
        wheel = micropip_wheel()
        entry = dict(lock["packages"]["micropip"])
        data = wheel.read_bytes()
        # The npm package has no micropip wheel: ship PyPI's and make the lock tell its
        # real hash, or Pyodide's integrity check makes the boot hang.
        entry.update(file_name=wheel.name, sha256=sha256(data))
        packages["micropip"] = entry
        (out / wheel.name).write_bytes(data)
    lock["packages"] = packages
    (out / "pyodide-lock.json").write_text(json.dumps(lock, separators=(",", ":")))


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


def copy_web(dist: Path, src: Path, bytecode: bool = True) -> list[str]:
    """Copy the UI package; return the paths (relative to dist) Pyodide needs."""
    web = src / "web"
    for path in sorted(web.rglob("*")):
        if "__pycache__" in path.parts or not path.is_file():
            continue
        if path.suffix not in TYPES_OF_WEB_FILES:
            continue
        target = dist / path.relative_to(src)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
    # Bytecode beside the sources, where Python's importer looks for it: Pyodide
    # then skips compiling the UI at every boot.
    major, minor = pyodide_python()
    jobs = [
        (
            path,
            path.parent / "__pycache__" / f"{path.stem}.cpython-{major}{minor}.pyc",
            f"/home/pyodide/{path.relative_to(dist).as_posix()}",
        )
        for path in sorted((dist / "web").rglob("*.py"))
    ]
    pycompile(jobs if bytecode else [])
    return sorted(
        p.relative_to(dist).as_posix()
        for p in (dist / "web").rglob("*")
        if p.suffix in {".py", ".pyc", ".json"} and p.is_file()
    )


def copy_vendor(dist: Path) -> None:
    out = dist / "vendor"
    out.mkdir(parents=True)
    # idiomorph's minified build is a classic script (`var Idiomorph = ...`); with an
    # export added it is the same code as its 5x larger ES module build.
    code = (NODE_MODULES / "idiomorph" / "dist" / "idiomorph.min.js").read_text().rstrip()
    (out / "idiomorph.js").write_text(code + "\nexport { Idiomorph };\n")


def pyscript_config(dist: Path, loader: str, wheel_url: str, web_files: list[str]) -> dict:
    files = {f"./{path}": f"./{path}" for path in web_files}
    config: dict = {
        "interpreter": "./pyodide/pyodide.mjs",
        "plugins": [f"!{name}" for name in DISABLED_PLUGINS],
        "files": files,
    }
    if loader == "micropip":
        config["packages"] = [wheel_url]
    elif loader == "unpack":
        files[wheel_url] = f"{SITE}/*"
    else:
        files[wheel_url] = f"{SITE}/{wheel_url.rsplit('/', 1)[1]}"
    return config


def sys_path_code(loader: str, wheel_url: str) -> str:
    """Python that index.html hands to PyScript's codeBeforeRun hook."""
    if loader == "micropip":
        entry = None
    elif loader == "unpack":
        entry = SITE
    else:
        # A pure-Python wheel is a zip archive with the package at its root: zipimport
        # (built into Python, already used for the standard library) imports from it.
        entry = f"{SITE}/{wheel_url.rsplit('/', 1)[1]}"
    lines = ["import sys, importlib"]
    if entry:
        lines.append(f"sys.path.insert(0, {entry!r})")
    # The UI package sits in the working directory; the finders may have listed it
    # before PyScript wrote the files.
    lines.append("'/home/pyodide' in sys.path or sys.path.insert(0, '/home/pyodide')")
    lines.append("importlib.invalidate_caches()")
    return "\n".join(lines)


def modulepreloads(pyscript_files: list[str]) -> str:
    """<link rel=modulepreload> for every module of the boot, so that the browser
    fetches and compiles them in parallel instead of one import after the other."""
    modules = [f"./pyscript/{name}" for name in pyscript_files if name != "core.js"]
    modules += ["./pyodide/pyodide.mjs", "./pyodide/pyodide.asm.mjs"]
    return "\n".join(f'<link rel="modulepreload" href="{url}">' for url in modules)


def html_text(text: str) -> str:
    """``text`` safe inside an element's content (JSON here: no tags, no entities)."""
    if "<" in text or "&" in text:
        raise SystemExit(f"build: cannot inline {text[:60]!r} in index.html")
    return text


def csp_hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def write_index(dist: Path, src: Path, values: dict[str, str]) -> None:
    html = (src / "index.html").read_text()
    for key, value in values.items():
        html = html.replace("{{" + key + "}}", value)
    # CSP: inline <style> and <script> blocks are allowed by their hash, nothing else inline.
    styles = re.findall(r"<style>(.*?)</style>", html, flags=re.S)
    scripts = re.findall(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", html, flags=re.S)
    html = html.replace("{{STYLE_HASHES}}", " ".join(csp_hash(s) for s in styles))
    html = html.replace("{{SCRIPT_HASHES}}", " ".join(csp_hash(s) for s in scripts))
    leftover = re.findall(r"\{\{[A-Z_]+\}\}", html)
    if leftover:
        raise SystemExit(f"build: index.html placeholders left: {leftover}")
    (dist / "index.html").write_text(html)


def copy_pwa(dist: Path, src: Path) -> None:
    pwa = src / "pwa"
    shutil.copy2(pwa / "manifest.webmanifest", dist / "manifest.webmanifest")
    (dist / "icons").mkdir()
    for icon in sorted((pwa / "icons").glob("*.png")):
        shutil.copy2(icon, dist / "icons" / icon.name)
    shutil.copy2(pwa / "icons" / "favicon.svg", dist / "favicon.svg")


def precache_list(dist: Path) -> list[list[str]]:
    """[path, sha256 prefix] of every file of the site but sw.js itself."""
    return [
        [rel, sha256(path.read_bytes())[:16]]
        for path in sorted(p for p in dist.rglob("*") if p.is_file())
        if (rel := path.relative_to(dist).as_posix()) != "sw.js"
    ]


def write_service_worker(dist: Path, src: Path, build_id: str) -> None:
    entries = precache_list(dist)
    code = (src / "pwa" / "sw.js").read_text()
    code = code.replace("__BUILD_ID__", build_id)
    code = code.replace("__PRECACHE__", json.dumps(entries, indent=0))
    (dist / "sw.js").write_text(code)


def build(dist: Path, loader: str = "zipimport", src: Path = ROOT, bytecode: bool = True) -> str:
    """Build the site from the sources in ``src`` into ``dist``; return the build id."""
    if not (NODE_MODULES / "pyodide").is_dir():
        raise SystemExit("build: node_modules/ is missing: run `npm ci` first")
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)

    wheel = build_engine_wheel(src)
    if bytecode:
        wheel = compiled_wheel(wheel)
    data = wheel.read_bytes()
    wheel_rel = f"packages/{sha256(data)[:12]}/{wheel.name}"
    (dist / wheel_rel).parent.mkdir(parents=True)
    (dist / wheel_rel).write_bytes(data)

    copy_pyodide(dist, with_micropip=loader == "micropip")
    pyscript_files = copy_pyscript(dist, loader)
    web_files = copy_web(dist, src, bytecode)
    copy_vendor(dist)
    copy_pwa(dist, src)
    config = pyscript_config(dist, loader, f"./{wheel_rel}", web_files)

    values = {
        "SYS_PATH": json.dumps(sys_path_code(loader, f"./{wheel_rel}")),
        "LOADER": loader,
        "MODULEPRELOADS": modulepreloads(pyscript_files),
        "PY_CONFIG": html_text(json.dumps(config, separators=(",", ":"))),
        "MPY_CONFIG": html_text(json.dumps({"plugins": config["plugins"]}, separators=(",", ":"))),
        "STYLESHEET": "./web/style.css" if (dist / "web" / "style.css").exists() else "",
    }
    # The build id is the hash of every file, index.html with a stand-in for the id;
    # so it changes whenever any file does, and index.html can then carry it.
    write_index(dist, src, {**values, "BUILD_ID": "dev"})
    build_id = sha256(json.dumps(precache_list(dist)).encode())[:12]
    write_index(dist, src, {**values, "BUILD_ID": build_id})
    write_service_worker(dist, src, build_id)
    return build_id


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument(
        "--loader",
        choices=sorted(PYSCRIPT_CHUNKS_BY_LOADER),
        default="zipimport",
        help="how the engine wheel gets into Pyodide (see docs/performance.md)",
    )
    parser.add_argument(
        "--no-bytecode",
        action="store_true",
        help="ship sources only (Pyodide then compiles them at every boot)",
    )
    args = parser.parse_args(argv)
    build_id = build(args.dist.resolve(), args.loader, bytecode=not args.no_bytecode)
    size = sum(p.stat().st_size for p in args.dist.rglob("*") if p.is_file())
    print(f"build {build_id}: {args.dist} ({size / 1e6:.1f} MB, loader {args.loader})")


if __name__ == "__main__":
    main()
