// The site's wheels with their bytecode compiled (scripts/site_build.py runs this at build time).
//
//   node scripts/site_pyc.mjs PYODIDE_DIR IN_DIR OUT_DIR
//
// Every wheel in IN_DIR is copied to OUT_DIR with, beside each module (tests excepted), the
// bytecode Pyodide's own Python compiled for it: __pycache__/NAME.cpython-314.pyc, an
// "unchecked hash" pyc (PEP 552), which the import system uses without comparing it with the
// source's time stamp (unpacking a wheel in the browser gives every file the time of the
// visit). The sources stay (tracebacks and inspect read them). Without it the browser compiles
// every module of the IPython stack at each kernel start: about half of the import time.
const [pkg, inDir, outDir] = process.argv.slice(2);
if (!outDir) {
  console.error("usage: node site_pyc.mjs PYODIDE_DIR IN_DIR OUT_DIR");
  process.exit(2);
}
const { loadPyodide } = await import(pkg + "/pyodide.mjs");
const py = await loadPyodide({ indexURL: pkg + "/" });
py.FS.mkdirTree("/in");
py.FS.mkdirTree("/out");
py.FS.mount(py.FS.filesystems.NODEFS, { root: inDir }, "/in");
py.FS.mount(py.FS.filesystems.NODEFS, { root: outDir }, "/out");
console.log(
  py.runPython(`
import importlib._bootstrap_external as be
import importlib.util
import os
import sys
import warnings
import zipfile

warnings.simplefilter("ignore")
compiled = 0
for name in sorted(os.listdir("/in")):
    if not name.endswith(".whl"):
        continue
    with zipfile.ZipFile("/in/" + name) as src, zipfile.ZipFile("/out/" + name + ".part", "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info)
            dst.writestr(info, data)
            path = info.filename
            if not path.endswith(".py") or ".dist-info/" in path or "/tests/" in path or "/test/" in path:
                continue
            try:
                code = compile(data, path, "exec", dont_inherit=True)
            except SyntaxError:
                continue
            pyc = be._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            folder, module = os.path.split(path)
            dst.writestr(f"{folder}/__pycache__/{module[:-3]}.{sys.implementation.cache_tag}.pyc", bytes(pyc))
            compiled += 1
    os.rename("/out/" + name + ".part", "/out/" + name)
f"site_pyc: {compiled} modules compiled for {sys.implementation.cache_tag}"
`),
);
