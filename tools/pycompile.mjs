// Compile Python sources to bytecode with the exact Python the site ships (Pyodide's,
// from node_modules), so that the browser skips compiling them at every boot.
//
//   node tools/pycompile.mjs jobs.json
//
// jobs.json: [[source path, .pyc path to write, file name to record in the code], ...]
// (host paths). The .pyc files are "unchecked hash" ones: Python loads them without
// comparing them with the source's timestamp (the files Pyodide is given are all
// written at boot, so timestamps mean nothing there), and the build is reproducible.
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const jobs = JSON.parse(readFileSync(process.argv[2], "utf8"));
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/host");
pyodide.mountNodeFS("/host", "/");
pyodide.globals.set("jobs", pyodide.toPy(jobs));
pyodide.runPython(`
import importlib.util
from importlib._bootstrap_external import _code_to_hash_pyc
from pathlib import Path

for source, target, name in jobs:
    data = Path("/host" + source).read_bytes()
    code = compile(data, name, "exec", dont_inherit=True)
    pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
    out = Path("/host" + target)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(pyc)
`);
