// Compile Python sources to bytecode with the exact Python the site ships (Pyodide's,
// from node_modules), so that the browser skips compiling them at every boot.
//
//   node tools/pycompile.mjs jobs.json
//
// jobs.json: [[source path, .pyc path to write, file name to record in the code], ...]
// (host paths). The .pyc files are "unchecked hash" ones: Python loads them without
// comparing them with a source (the site ships none), and the build is reproducible.
//
// The bytecode is made for shipping, not for debugging, and keeps only what runs:
// - no docstrings (nothing in engine/ or web/ reads __doc__ at run time; a class
//   without one still gets dataclasses' generated __doc__);
// - no annotations on function signatures (nothing inspects them; annotations in
//   class bodies stay, dataclasses need them);
// - no column ranges (PYTHONNODEBUGRANGES): tracebacks keep file names and line
//   numbers, and there is no source to underline anyway.
// asserts stay: the compiled code behaves as the tested sources do.
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const jobs = JSON.parse(readFileSync(process.argv[2], "utf8"));
const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
pyodide.FS.mkdirTree("/host");
pyodide.mountNodeFS("/host", "/");
pyodide.globals.set("jobs", pyodide.toPy(jobs));
pyodide.runPython(`
import ast
import importlib.util
from importlib._bootstrap_external import _code_to_hash_pyc
from pathlib import Path

assert next(compile("x", "", "eval").co_positions())[2] is None, "column ranges still on"

SCOPES = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def trimmed(tree):
    for node in ast.walk(tree):
        if isinstance(node, SCOPES) and node.body:
            first = node.body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                # A body cannot be empty; pass keeps the docstring's line number.
                node.body[0:1] = [] if node.body[1:] else [ast.copy_location(ast.Pass(), first)]
        if isinstance(node, FUNCTIONS):
            node.returns = None
            a = node.args
            for arg in [*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg]:
                if arg is not None:
                    arg.annotation = None
    return tree


for source, target, name in jobs:
    data = Path("/host" + source).read_bytes()
    tree = trimmed(ast.parse(data, name))
    code = compile(tree, name, "exec", dont_inherit=True)
    pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
    out = Path("/host" + target)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(pyc)
`);
