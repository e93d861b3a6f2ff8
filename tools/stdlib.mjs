// Which files of Pyodide's python_stdlib.zip the site needs, found by its own Python
// (the stdlib is Python 3.14 source, which the host's older Python may not parse).
//
//   node tools/stdlib.mjs roots.json out.json
//
// roots.json: {"modules": [names], "sources": [[name as engine/core.py, host path]],
// "archives": [host paths of wheels], "tools": this folder (tools/build.py's import
// walk, imported_modules, is the one used)}. Every module named, every module those sources import, every
// module Pyodide has imported once it is up, and, from there, every module any of them
// imports anywhere (inside functions too, and importlib.import_module("literal")):
// the closure, with their packages. out.json: the zip's entries to keep, sorted.
// tools/build.py writes the trimmed zip (docs/performance.md, "Lighter first visit").
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [rootsPath, outPath] = process.argv.slice(2);
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/host");
pyodide.mountNodeFS("/host", "/");
pyodide.globals.set("roots", pyodide.toPy(JSON.parse(readFileSync(rootsPath, "utf8"))));
const kept = pyodide.runPython(`
import sys, zipfile

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

seen = set()
while todo:
    module = todo.pop()
    parts = module.split(".")
    todo.update(".".join(parts[:i]) for i in range(1, len(parts)))
    if module in seen or module not in files:
        continue
    seen.add(module)
    todo |= imported_modules(files[module], stdlib.read(files[module])) - seen

keep = {files[m] for m in seen}
# The folders' own entries, for the packages kept.
keep |= {n for n in names if n.endswith("/") and any(k.startswith(n) for k in keep)}
sorted(keep)
`).toJs();
writeFileSync(outPath, JSON.stringify(kept));
