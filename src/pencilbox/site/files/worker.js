// The engine inside the page (the static site's Web Worker): Pyodide runs
// pencilbox here, off the page's thread, so the page never freezes.
// engine.js starts it with {start: {wheel, bank}} (the URLs of the engine's
// wheel and of the bank); it loads Pyodide from pyodide/, unpacks the wheel
// into site-packages, puts the bank in its file system and answers
// {ready: true, ms} (ms: how long Pyodide took to start, and pencilbox
// after it) or {failed: message}. Then each {id, name, body} is one
// call of the API, answered {id, answer} with the JSON text of {status, body}
// that pencilbox.web.page.answer gives: the server's answer to the same call.
// When the page can share memory (it is cross-origin isolated), the start
// brings `interrupt`, an Int32Array over a SharedArrayBuffer: the page
// writes 2 (SIGINT) there to cancel the call running, whose work then stops
// at its next check (pencilbox.web.page), and this worker stays warm.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const BANK = "/home/pyodide/bank.sqlite";
let answer = null;   // pencilbox.web.page.answer, once started

async function bytes(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return r.arrayBuffer();
}

async function start({ wheel, bank, interrupt }) {
  const t0 = performance.now();
  const [py, code, boards] = await Promise.all([
    loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href }),
    bytes(wheel),
    bank ? bytes(bank) : null,
  ]);
  const t1 = performance.now();
  const site = py.runPython("import sysconfig; sysconfig.get_path('purelib')");
  py.unpackArchive(code, "wheel", { extractDir: site });
  if (boards) py.FS.writeFile(BANK, new Uint8Array(boards));
  const page = py.pyimport("pencilbox.web.page");
  if (interrupt) py.setInterruptBuffer(interrupt);
  page.start(boards ? BANK : null, !!interrupt);
  answer = page.answer;
  return { runtime: Math.round(t1 - t0), engine: Math.round(performance.now() - t1) };
}

let starting = null;

self.onmessage = async ({ data }) => {
  if (data.start) {
    starting = start(data.start);
    try { self.postMessage({ ready: true, ms: await starting }); }
    catch (e) { self.postMessage({ failed: String(e.message || e) }); }
    return;
  }
  await starting;
  self.postMessage({ id: data.id, answer: answer(data.name, JSON.stringify(data.body ?? null)) });
};
