"""tools/build.py's own work on CPython: the rules pages it renders and what the app's
archive holds (the built site itself is tested in e2e/)."""

from __future__ import annotations

import hashlib
import io
import posixpath
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

# The build runs on CPython with the dev tools (not in the engine's Pyodide run).
pytest.importorskip("markdown_it", reason="tools/build.py needs markdown-it-py")

import engine
from tools import rulebook
from tools.build import (
    EAGER_SLEEP,
    INLINE_SCRIPTS,
    NODE_MODULES,
    ROOT,
    app_archive,
    build_engine_wheel,
    engine_lock_entry,
    inline_script,
    lazy_shared_sleep,
    pyscript_config,
    worker_config,
    worker_entry_code,
)
from web.core.i18n import LANGS

#: What a rendered page may contain: markdown-it's tags for what the rules use, and
#: the card pictures' (tools/rulebook.py).
ALLOWED_TAGS = {
    "h2", "h3", "h4", "h5", "h6", "p", "ul", "ol", "li", "strong", "em", "code", "pre",
    "blockquote", "div", "table", "thead", "tbody", "tr", "th", "td", "hr", "br",
    "figure", "figcaption", "span",
}  # fmt: skip


@pytest.fixture(scope="module")
def archive_bytes() -> bytes:
    """The app's archive as the build makes it (sources instead of bytecode, without
    the engine: neither changes what this file checks)."""
    return app_archive(ROOT, ROOT / "no-wheel", with_engine=False, bytecode=False)


@pytest.fixture
def archive(archive_bytes: bytes) -> zipfile.ZipFile:
    return zipfile.ZipFile(io.BytesIO(archive_bytes))


def test_the_sites_zips_store_their_entries_for_the_host_to_compress_whole(
    archive: zipfile.ZipFile,
) -> None:
    """Brotli over a whole stored zip finds what its files share; deflate entry by entry
    cannot, and no host compresses a deflated zip again (docs/performance.md)."""
    wheel = zipfile.ZipFile(build_engine_wheel(ROOT))
    for name, zipped in [("app archive", archive), ("engine wheel", wheel)]:
        packed = [i.filename for i in zipped.infolist() if i.compress_type != zipfile.ZIP_STORED]
        assert not packed, f"{name}: {packed[:3]} deflated"
    assert any(i.filename == "engine/core.py" for i in wheel.infolist())


@pytest.mark.parametrize("game_id", engine.GAME_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_rules_page_renders_to_safe_html(
    archive: zipfile.ZipFile, game_id: str, lang: str
) -> None:
    html = archive.read(f"web/core/rulebook/{game_id}.{lang}.html").decode()
    tags = set(re.findall(r"<([a-zA-Z][a-zA-Z0-9]*)", html))
    assert tags <= ALLOWED_TAGS, f"unexpected tags {tags - ALLOWED_TAGS}"
    # CSP (README): no style attributes, no inline handlers; and no link leads away.
    assert not re.search(r"\s(style|on\w+|href|src)=", html)
    # The page's title sits under the screen's <h1>; every heading has a unique id.
    assert html.startswith("<h2 id=")
    ids = re.findall(r'<h\d id="([^"]+)"', html)
    assert len(ids) >= 2 and len(set(ids)) == len(ids)
    assert all(re.fullmatch(r"r-[\w-]+", i) for i in ids)


def test_markdown_never_lets_markup_through() -> None:
    html = rulebook.to_html(
        "# T\n\n<script>alert(1)</script> **b** `c` [site](https://example.org)"
        ' ![pic](x.png) <b onclick="x()">\n\n| a | b |\n|:--|--:|\n| 1 | 2 |\n\n'
        "1. one\n2. two\n   - x\n"
    )
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "<b " not in html and "style=" not in html and "href" not in html
    assert '<h2 id="r-t">T</h2>' in html and "<strong>b</strong>" in html
    assert "<code>c</code>" in html and " site " in html and " pic " in html
    assert '<div class="table-wrap"><table>' in html and '<th scope="col">a</th>' in html
    assert "<ol>" in html and "<ul>" in html


def test_duplicate_headings_get_distinct_ids() -> None:
    html = rulebook.to_html("## Scoring\n\ntext\n\n## Scoring\n")
    assert re.findall(r'id="([^"]+)"', html) == ["r-scoring", "r-scoring-2"]


def test_the_archive_ships_html_pages_and_no_markdown_reader(archive: zipfile.ZipFile) -> None:
    names = archive.namelist()
    assert not [n for n in names if n.startswith("web/markdown") or n.endswith(".md")]
    pages = {n for n in names if n.startswith("web/core/rulebook/")}
    shown = {*engine.GAME_IDS, *(topic for topic, _lang in rulebook.help_sources())}
    assert pages == {f"web/core/rulebook/{g}.{lang}.html" for g in shown for lang in LANGS}


def test_the_ui_reads_its_pages_from_the_archive(archive_bytes: bytes, tmp_path: Path) -> None:
    """web/core/rulepages.py reads the pages through its loader, as in the browser: from a zip."""
    path = tmp_path / "app.zip"
    path.write_bytes(archive_bytes)
    code = (
        "import sys; sys.path[:0] = [sys.argv[1]]\n"
        "from web.core import rulepages\n"
        "assert rulepages.__file__.startswith(sys.argv[1]), rulepages.__file__\n"
        "shown, html = rulepages.page('abyss', 'es')\n"
        "print(shown, html.split('>', 1)[1].split('<', 1)[0])\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(path)],
        capture_output=True, text=True, check=True, cwd=tmp_path,
    )  # fmt: skip
    shown, title = out.stdout.split(" ", 1)
    assert shown == "es" and title.strip() == "Abismo"


def test_the_snapshot_imports_what_the_worker_imports_at_boot_and_no_more(
    tmp_path: Path,
) -> None:
    from tools.fastboot import boot_modules

    found = boot_modules(ROOT)
    expected = {"engine", "engine.core", "web.app.controller", "web.core.clock", "web.app.registry"}
    assert expected <= set(found)
    assert "web.app.midend" in found and "engine.arena" not in found
    # The worker's own module runs after the restore; the page's glue is not Python
    # that the worker imports (it reads js.document, which a worker lacks).
    assert not [name for name in found if name.startswith("web.shell.")]
    # Only imports that run at import time count: not those inside functions.
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "__init__.py").write_text("")
    (tmp_path / "app" / "main.py").write_text(
        "import app.a\ntry:\n    from . import b\nexcept ImportError:\n    pass\n"
        "def later():\n    import app.c\n"
    )
    for name in "abc":
        (tmp_path / "app" / f"{name}.py").write_text("import json\n")
    assert boot_modules(tmp_path, "app.main") == ["app", "app.a", "app.b"]


def test_precompressed_files_decode_to_the_originals_and_are_reproducible(tmp_path: Path) -> None:
    import gzip

    import brotli

    from tools.fastboot import precompress

    site, cache = tmp_path / "site", tmp_path / "cache"
    site.mkdir()
    (site / "a.js").write_text("let x = 1;\n" * 500)
    (site / "b.wasm").write_bytes(bytes(5000))
    (site / "c.png").write_bytes(bytes(5000))  # not a compressible type
    (site / "d.css").write_text("a{}")  # too small to gain
    first = {p.name: p.read_bytes() for p in precompress(site, cache)}
    assert sorted(first) == ["a.js.br", "a.js.gz", "b.wasm.br", "b.wasm.gz"]
    for name in ("a.js", "b.wasm"):
        original = (site / name).read_bytes()
        assert gzip.decompress(first[f"{name}.gz"]) == original
        assert brotli.decompress(first[f"{name}.br"]) == original
    # The same bytes again, from the cache of brotli's slow work and without it.
    for again in (cache, None):
        for path in [*site.glob("*.gz"), *site.glob("*.br")]:
            path.unlink()
        assert {p.name: p.read_bytes() for p in precompress(site, again)} == first
    assert len(list(cache.iterdir())) == 2


def test_the_quick_test_build_writes_its_own_brotli_that_still_decodes(tmp_path: Path) -> None:
    """The test build's fast brotli level: the .br still decodes to the original and
    beats gzip -9 (so a browser that offers br is sent it), and the cache of the
    densest level never hands its bytes to the quick level or the other way round."""
    import brotli

    from tools.fastboot import BROTLI, QUICK_BROTLI_QUALITY, brotli_compress

    data = (ROOT / "web" / "ui" / "style.css").read_bytes()
    cache = tmp_path / "cache"
    dense = brotli_compress(data, cache)
    quick = brotli_compress(data, cache, QUICK_BROTLI_QUALITY)
    assert BROTLI["quality"] > QUICK_BROTLI_QUALITY
    assert brotli.decompress(quick) == data
    assert quick == brotli.compress(data, quality=QUICK_BROTLI_QUALITY, lgwin=BROTLI["lgwin"])
    assert quick != dense and len(list(cache.iterdir())) == 2
    assert len(quick) < len(gzip_9(data))
    assert brotli_compress(data, cache) == dense


def gzip_9(data: bytes) -> bytes:
    import gzip

    return gzip.compress(data, compresslevel=9, mtime=0)


def test_a_rebuild_compiles_only_the_modules_that_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """tools/build.py's bytecode cache: the compiler (node with Pyodide, seconds to
    start) sees only the sources it has not compiled before, and a cached .pyc is the
    one it wrote; a rebuild with no module changed starts no compiler."""
    import json

    import tools.build as build_module

    compiled: list[list[str]] = []

    def compiler(args: list[str], check: bool) -> None:
        jobs = json.loads(Path(args[-1]).read_text())
        compiled.append([name for _source, _target, name in jobs])
        for source, target, name in jobs:
            Path(target).parent.mkdir(parents=True, exist_ok=True)
            Path(target).write_bytes(b"pyc of " + name.encode() + Path(source).read_bytes())

    monkeypatch.setattr(build_module.subprocess, "run", compiler)
    cache = tmp_path / "cache"
    (tmp_path / "a.py").write_text("a = 1\n")
    (tmp_path / "b.py").write_text("b = 1\n")

    def build_once(out: str) -> dict[str, bytes]:
        jobs = [(tmp_path / f"{m}.py", tmp_path / out / f"{m}.pyc", f"web/{m}.py") for m in "ab"]
        build_module.pycompile(jobs, cache)
        return {m: (tmp_path / out / f"{m}.pyc").read_bytes() for m in "ab"}

    first = build_once("one")
    assert compiled == [["web/a.py", "web/b.py"]]
    assert build_once("two") == first and len(compiled) == 1
    (tmp_path / "b.py").write_text("b = 2\n")
    third = build_once("three")
    assert compiled[1:] == [["web/b.py"]]
    assert third == {"a": first["a"], "b": b"pyc of web/b.pyb = 2\n"}


def test_the_runtime_makes_its_shared_memory_only_when_its_sleep_is_first_called() -> None:
    """Pyodide's runtime, as the site ships it, constructs no shared memory as it loads
    (Chromium's deprecation on a page that is not cross-origin isolated), and its sleep
    still sleeps where it can (Node, the only caller)."""
    runtime = (NODE_MODULES / "pyodide" / "pyodide.asm.mjs").read_text()
    assert len(EAGER_SLEEP.findall(runtime)) == 1
    shipped = lazy_shared_sleep(runtime)
    assert not EAGER_SLEEP.search(shipped)
    assert shipped.count("new WebAssembly.Memory({shared:!0") == 1
    sleep = re.search(
        r"var (\w+);function (\w+)\(\w+\)\{try\{return \1\?\?=.*?catch\{return!1\}\}", shipped
    )
    assert sleep, "the lazy sleep is not in the shipped runtime"
    twice = f"{sleep[2]}(30), {sleep[2]}(30)"
    node = f"{sleep[0]}; const t = Date.now(); console.log({twice}, Date.now() - t >= 55)"
    out = subprocess.run(["node", "-e", node], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["true", "true", "true"]
    with pytest.raises(SystemExit, match="eager shared-memory"):
        lazy_shared_sleep(shipped)  # a runtime without it: look at it again


def test_the_scripts_index_html_carries_inline_could_not_close_their_element(
    tmp_path: Path,
) -> None:
    """What the build puts inside an inline <script> must not end it early (the rest
    would be painted as text) nor open a comment the HTML parser honours."""
    for rel in INLINE_SCRIPTS.values():
        assert inline_script(ROOT / rel) == (ROOT / rel).read_text()
    for text in ['const s = "</script>";', "x = 1; <!-- y", 'a = "</SCRIPT "']:
        (tmp_path / "bad.js").write_text(text)
        with pytest.raises(SystemExit, match=r"cannot inline bad\.js"):
            inline_script(tmp_path / "bad.js")


def test_pyscript_hands_the_engine_to_pyodide_which_installs_it_from_the_lock() -> None:
    """Without passthrough PyScript loads micropip (its wheel and 55 modules: 0.5 s of a
    first visit) to ask it for what the lock holds; a hash in the lock that is not the
    wheel's, or a file name that misses it, makes the first start fail."""
    wheel = build_engine_wheel(ROOT)
    url = f"./packages/0123456789ab/{wheel.name}"
    entry = engine_lock_entry(wheel, url)
    config = pyscript_config("wheel", "./packages/ba9876543210/tapete-app.zip")
    assert config["packages_cache"] == "passthrough"
    assert config["packages"] == [entry["name"]] == ["tapete"]
    assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    # file_name is read relative to the lock, which lies in pyodide/.
    assert posixpath.normpath(f"pyodide/{entry['file_name']}") == url.removeprefix("./")
    assert "packages" not in pyscript_config("archive", "./packages/ba9876543210/tapete-app.zip")


def test_the_worker_gets_the_pages_config_and_awaits_nothing_of_the_page() -> None:
    """PyScript's worker takes the build's config (the archive in ``files``, the wheel
    from the lock) with ``sync_main_only``: the page awaits the worker's exports, never
    the other way round, so no SharedArrayBuffer is needed."""
    archive = "./packages/ba9876543210/tapete-app.zip"
    config = worker_config("wheel", archive, "./pyodide/tapete.mjs")
    assert config["sync_main_only"] is True
    assert config["interpreter"] == "./pyodide/tapete.mjs"
    assert config == pyscript_config("wheel", archive, "./pyodide/tapete.mjs") | {
        "sync_main_only": True
    }


def test_the_workers_entry_exports_what_web_shell_worker_exports(tmp_path: Path) -> None:
    """The worker's first file puts the app's archive on sys.path and leaves the
    module's ``__export__`` in its own namespace, where PyScript looks for it."""
    shell = tmp_path / "web" / "shell"
    shell.mkdir(parents=True)
    for folder in (tmp_path / "web", shell):
        (folder / "__init__.py").write_text("")
    (shell / "worker.py").write_text(
        "def start(init):\n    return 'frame'\n__export__ = ['start']\n"
    )
    code = (
        "import sys\nsys.path.insert(0, sys.argv[1])\nspace = {}\n"
        "exec(sys.argv[2], space)\n"
        "print(space['__export__'], space['start']('{}'), "
        "'/home/pyodide/site/tapete-app.zip' in sys.path)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path), worker_entry_code()],
        capture_output=True, text=True, check=True, cwd=tmp_path,
    )  # fmt: skip
    assert out.stdout.split() == ["['start']", "frame", "True"]
