// Which files of Pyodide's python_stdlib.zip the site needs, found by its own Python
// (the stdlib is Python 3.14 source, which the host's older Python may not parse).
//
//   node tools/stdlib.mjs roots.json out.json
//
// roots.json: {"modules": [names], "sources": [[name as engine/core.py, host path]],
// "archives": [host paths of wheels], "tools": this folder (tools/build.py's import
// walk, imported_modules, is the one used), "never": modules no start can import}. Every module named, every module those sources import, every
// module Pyodide has imported once it is up, and, from there, every module any of them
// imports anywhere (inside functions too, and importlib.import_module("literal")):
// the closure, with their packages, less the "never" modules (and their submodules).
// Those are reached only by imports that run when a function no start calls runs; the
// walk fails if one of them is a root (the app, PyScript or Pyodide imports it) or if a
// kept module imports one as it loads (at its top level, outside a try, not only under
// if __name__ == "__main__"). out.json: the zip's entries to keep, sorted.
// tools/build.py writes the trimmed zip (docs/performance.md, "The trimmed stdlib").
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [rootsPath, outPath] = process.argv.slice(2);
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/host");
pyodide.mountNodeFS("/host", "/");
pyodide.globals.set("roots", pyodide.toPy(JSON.parse(readFileSync(rootsPath, "utf8"))));
const kept = pyodide.runPython(`
import ast, sys, zipfile

sys.path.insert(0, "/host" + roots["tools"])
from build import imported_modules

STDLIB = next(p for p in sys.path if p.endswith(".zip"))
stdlib = zipfile.ZipFile(STDLIB)
names = set(stdlib.namelist())
# module name -> its file in the zip
files = {}
for name in names:
    if name.endswith("/__init__.py"):
        files[name[: -len("/__init__.py")].replace("/", ".")] = name
    elif name.endswith(".py"):
        files[name[:-3].replace("/", ".")] = name


todo = set(roots["modules"]) | set(sys.modules)
for name, path in roots["sources"]:
    todo |= imported_modules(name, open("/host" + path, "rb").read())
for path in roots["archives"]:
    with zipfile.ZipFile("/host" + path) as archive:
        for name in archive.namelist():
            if name.endswith(".py"):
                todo |= imported_modules(name, archive.read(name))

never = tuple(roots["never"])


def dropped(module):
    return any(module == n or module.startswith(n + ".") for n in never)


def on_load(body):
    """The statements of a module that run as it is imported: not those of functions,
    of a try that has handlers, or of an if __name__ == "__main__"."""
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if isinstance(node, ast.Try) and node.handlers:
            yield from on_load(node.orelse + node.finalbody)
            continue
        if isinstance(node, ast.If) and "__main__" in ast.unparse(node.test):
            yield from on_load(node.orelse)
            continue
        yield node
        for field in ("body", "orelse", "finalbody", "handlers", "cases"):
            inner = getattr(node, field, None)
            if isinstance(inner, list):
                yield from on_load(inner)


rooted = sorted(m for m in todo if dropped(m) and m in files)
if rooted:
    raise SystemExit(f"stdlib.mjs: {rooted} are imported by the site: keep them")

seen = set()
while todo:
    module = todo.pop()
    parts = module.split(".")
    todo.update(".".join(parts[:i]) for i in range(1, len(parts)))
    if module in seen or module not in files or dropped(module):
        continue
    seen.add(module)
    todo |= imported_modules(files[module], stdlib.read(files[module])) - seen

for module in sorted(seen):
    tree = ast.parse(stdlib.read(files[module]))
    for node in on_load(tree.body):
        if not isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        wrapper = ast.Module(body=[node], type_ignores=[])
        loaded = imported_modules(files[module], ast.unparse(wrapper).encode())
        if isinstance(node, ast.ImportFrom):
            # from x import y: y is a module only if the zip has it.
            loaded = {m for m in loaded if m in files or m == min(loaded, key=len)}
        bad = sorted(m for m in loaded if dropped(m))
        if bad:
            raise SystemExit(f"stdlib.mjs: {module} imports {bad} as it loads: keep them")

keep = {files[m] for m in seen}
# The folders' own entries, for the packages kept.
keep |= {n for n in names if n.endswith("/") and any(k.startswith(n) for k in keep)}
sorted(keep)
`).toJs();
writeFileSync(outPath, JSON.stringify(kept));
