// Run by the static build (pencilbox/site/build.py) in Node.js: start the
// Pyodide the page loads, unpack the engine's wheel into it and run
// pencilbox.site.bytecode there, which writes the bytecode of the modules
// the page imports into the work folder. Usage:
//   node bytecode.mjs PYODIDE_FOLDER WORK_FOLDER
// WORK_FOLDER holds engine.whl (and bank.sqlite, to deal from).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [runtime, work] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(runtime, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: runtime + path.sep });
py.FS.mkdirTree("/work");
py.FS.mount(py.FS.filesystems.NODEFS, { root: path.resolve(work) }, "/work");
const site = py.runPython("import sysconfig; sysconfig.get_path('purelib')");
py.unpackArchive(new Uint8Array(fs.readFileSync(path.join(work, "engine.whl"))), "wheel", { extractDir: site });
py.pyimport("pencilbox.site.bytecode").main("/work");
