// The engine inside the page (the static site's Web Worker): Pyodide runs
// pencilbox here, off the page's thread, so the page never freezes.
// engine.js starts it with {start: {wheel, bank}} (the URLs of the engine's
// wheel and of the bank); it loads Pyodide from pyodide/, unpacks the wheel
// into site-packages, puts the bank in its file system and answers
// {ready: true} (or {failed: message}). Then each {id, name, body} is one
// call of the API, answered {id, answer} with the JSON text of {status, body}
// that pencilbox.web.page.answer gives: the server's answer to the same call.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const BANK = "/home/pyodide/bank.sqlite";
let answer = null;   // pencilbox.web.page.answer, once started

async function bytes(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return r.arrayBuffer();
}

async function start({ wheel, bank }) {
  const [py, code, boards] = await Promise.all([
    loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href }),
    bytes(wheel),
    bank ? bytes(bank) : null,
  ]);
  const site = py.runPython("import sysconfig; sysconfig.get_path('purelib')");
  py.unpackArchive(code, "wheel", { extractDir: site });
  if (boards) py.FS.writeFile(BANK, new Uint8Array(boards));
  const page = py.pyimport("pencilbox.web.page");
  page.start(boards ? BANK : null);
  answer = page.answer;
}

let starting = null;

self.onmessage = async ({ data }) => {
  if (data.start) {
    starting = start(data.start);
    try { await starting; self.postMessage({ ready: true }); }
    catch (e) { self.postMessage({ failed: String(e.message || e) }); }
    return;
  }
  await starting;
  self.postMessage({ id: data.id, answer: answer(data.name, JSON.stringify(data.body ?? null)) });
};
