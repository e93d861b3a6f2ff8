// Run pytest inside Pyodide under node, on the repository's own files, so that the
// engine's tests also pass on the Python the browser runs (3.14, wasm32): nothing
// CPython-only slips into the engine.
//
//   node tools/pyodide_pytest.mjs [pytest args...]      (default: tests)
//
// The repository is mounted at /repo (read through node's file system); pytest and
// its dependencies are the wheels in .cache/pyodide-wheels (see
// tools/pyodide-test-requirements.txt). Exit status: pytest's.
import { readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const wheels = join(root, ".cache", "pyodide-wheels");
const args = process.argv.slice(2);

const pyodide = await loadPyodide();
// Raw writes, not Pyodide's line-batched callbacks: pytest's progress dots are
// flushed one by one and would otherwise come out one per line.
// (Writes to a pipe or a file are synchronous in node on Linux: nothing is lost at exit.)
const raw = (stream) => ({
  write: (bytes) => {
    stream.write(bytes);
    return bytes.length;
  },
});
pyodide.setStdout(raw(process.stdout));
pyodide.setStderr(raw(process.stderr));
const found = readdirSync(wheels).filter((name) => name.endsWith(".whl"));
if (!found.some((name) => name.startsWith("pytest-"))) {
  console.error(`no pytest wheel in ${wheels}: run \`make pyodide-wheels\``);
  process.exit(2);
}
await pyodide.loadPackage(found.map((name) => join(wheels, name)), { messageCallback: () => {} });
pyodide.FS.mkdirTree("/repo");
pyodide.mountNodeFS("/repo", root);
pyodide.globals.set("pytest_args", pyodide.toPy(args.length ? args : ["tests"]));
const status = pyodide.runPython(`
import os, sys
sys.dont_write_bytecode = True  # no cpython-314 .pyc files in the working tree
os.chdir("/repo")
sys.path.insert(0, "/repo")
import pytest
print(f"Python {sys.version.split()[0]} on {sys.platform}, pytest {pytest.__version__}")
int(pytest.main(["-p", "no:cacheprovider", *pytest_args]))
`);
process.exit(status);
