// Runs a Python module's main() inside Pyodide, under node, on the repo's sources:
//   node bench/pyodide.mjs <repo> <module> [args...]
// e.g. node bench/pyodide.mjs . bench.abyss_expert times --lineup expert --players 8 --clock wall
// Pyodide is resolved from the repo's node_modules (npm ci). Pyodide has no CPU
// clock (its process_time is wall time): pass the module's wall-clock option.
import path from "node:path";
import { pathToFileURL } from "node:url";

const [root, module, ...args] = process.argv.slice(2);
const repo = path.resolve(root);
const { loadPyodide } = await import(
  pathToFileURL(path.join(repo, "node_modules", "pyodide", "pyodide.mjs")).href
);
const py = await loadPyodide();
py.FS.mkdirTree("/repo");
py.mountNodeFS("/repo", repo);
py.globals.set("args", py.toPy(args));
py.globals.set("module", module);
py.runPython(`
import importlib, sys
sys.path.insert(0, "/repo")
importlib.import_module(module).main(list(args))
`);
