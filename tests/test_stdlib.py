"""The trimmed standard library that the site ships (tools/build.py's trimmed_stdlib):
every module the app can import is in it, whether it imports it at boot or on first
use, and modules nothing imports are not."""

from __future__ import annotations

import io
import subprocess
import zipfile
from pathlib import Path

import pytest

pytest.importorskip("markdown_it", reason="tools/build.py needs markdown-it-py")

from tools import build as build_module
from tools.build import (
    NODE_MODULES,
    ROOT,
    STDLIB_NEVER,
    build_engine_wheel,
    imported_modules,
    trimmed_stdlib,
)

FULL = NODE_MODULES / "pyodide" / "python_stdlib.zip"
pytestmark = pytest.mark.skipif(not FULL.is_file(), reason="node_modules/ is missing")


def modules_in(data: bytes) -> set[str]:
    """The module names a stdlib zip holds."""
    names = set()
    for name in zipfile.ZipFile(io.BytesIO(data)).namelist():
        if name.endswith("/__init__.py"):
            names.add(name.removesuffix("/__init__.py").replace("/", "."))
        elif name.endswith(".py"):
            names.add(name.removesuffix(".py").replace("/", "."))
    return names


@pytest.fixture(scope="module")
def trimmed() -> set[str]:
    return modules_in(trimmed_stdlib(ROOT, build_engine_wheel(ROOT)))


def test_the_trimmed_stdlib_stores_its_entries_for_the_host_to_compress_whole() -> None:
    data = trimmed_stdlib(ROOT, build_engine_wheel(ROOT))
    infos = zipfile.ZipFile(io.BytesIO(data)).infolist()
    assert infos and all(i.compress_type == zipfile.ZIP_STORED for i in infos)


def test_every_stdlib_module_the_app_imports_anywhere_is_shipped(trimmed: set[str]) -> None:
    # A module dropped from the zip would fail only when a player reaches the code
    # that imports it (a function's import runs on first use), so every import of
    # engine/ and web/ counts, not only those of the boot.
    stdlib = modules_in(FULL.read_bytes())
    wanted = set()
    for folder in ("engine", "web"):
        for path in (ROOT / folder).rglob("*.py"):
            name = path.relative_to(ROOT).as_posix()
            wanted |= imported_modules(name, path.read_bytes()) & stdlib
    assert wanted, "no stdlib import found: the walk is broken"
    assert wanted - trimmed == set()
    # Nor what Pyodide and PyScript run themselves: asyncio (Pyodide's event loop),
    # zipfile (micropip and the wheel's install), the codecs found by name.
    assert {"asyncio", "zipfile", "encodings.utf_8", "encodings.cp437"} <= trimmed
    assert len(trimmed) < 0.8 * len(stdlib)


def sources(tmp_path: Path, name: str, text: str) -> tuple[Path, Path]:
    """An app of one module, ``web/<name>`` holding ``text``, and an empty engine wheel."""
    src = tmp_path / "src"
    (src / "web").mkdir(parents=True)
    (src / "engine").mkdir()
    (src / "web" / name).write_text(text)
    wheel = tmp_path / "none.whl"
    with zipfile.ZipFile(wheel, "w"):
        pass
    return src, wheel


def test_the_trim_follows_the_imports_of_the_sources(
    trimmed: set[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert "colorsys" not in trimmed, "nothing in the app imports colorsys"
    walks = tmp_path / "cache"
    monkeypatch.setattr(build_module, "CACHE", walks)
    # Imported inside a function only, and by nothing else shipped.
    src, wheel = sources(tmp_path, "late.py", "def chart():\n    import colorsys\n")
    shipped = trimmed_stdlib(src, wheel)
    assert "colorsys" in modules_in(shipped)
    # Sources that import the same reuse the walk's answer (it boots Pyodide): a
    # site with one string changed builds in seconds.
    (src / "web" / "late.py").write_text("def chart():\n    import colorsys  # hues\n")
    assert trimmed_stdlib(src, wheel) == shipped
    assert len(list((walks / "stdlib").glob("*.json"))) == 1


def never(module: str) -> bool:
    return any(module == n or module.startswith(n + ".") for n in STDLIB_NEVER)


def test_what_only_an_uncalled_function_imports_is_not_shipped(trimmed: set[str]) -> None:
    # help(), breakpoint(), the interactive prompt, doctest and the process pool: the
    # walk reaches them through imports inside functions of modules the app does load.
    assert {m for m in trimmed if never(m)} == set()
    assert {"site", "_sitebuiltins", "concurrent.futures", "heapq"} <= trimmed
    # What only they import goes with them.
    assert {"xmlrpc.client", "http.server", "cmd"} & trimmed == set()


def test_the_trim_fails_if_the_app_imports_what_it_drops(tmp_path: Path) -> None:
    # Even an import inside a function: the player who reaches it would get an
    # ImportError, so the build stops and the module has to leave STDLIB_NEVER.
    src, wheel = sources(tmp_path, "debug.py", "def stop():\n    import pdb\n")
    with pytest.raises(subprocess.CalledProcessError):
        trimmed_stdlib(src, wheel)
