// The engine inside the page, for the static site (`pencilbox site`): the
// API's calls answered by pencilbox itself, on Pyodide in Web Workers
// (worker.js), with no server. api.js sends every call here when index.html
// says <meta name="pencilbox-engine" content="page">, whose data-wheel and
// data-bank name the engine's wheel and the bank.
//
// Two workers take calls in turn, so a hint is answered while a verdict is
// being worked out; the second starts once the first is ready, so the
// first board comes as soon as it can. A call whose AbortSignal fires is
// answered at once (an ApiError of status 0, as an aborted fetch): a newer
// edit cancels a verdict. When the page is cross-origin isolated (sw.js
// makes it so), each worker shares an interrupt with the page, and the
// cancelled call's work stops at its next check while the worker, warm,
// stays; otherwise, or if the worker is still busy with it a while later,
// the worker is stopped and a fresh one (cold) takes its place. The page also
// registers the service worker (sw.js) that keeps the site for offline use.
//
// While no worker is ready yet, the calls the build answered ahead
// (site/ahead.py, under data-ahead: the puzzle types, and a deal of a bank
// board) are answered from those files, so the first board is drawn and
// playable at once; the engine is then dealt the same board (its index
// named), to know its answer before the first hint. Every other call waits
// for the engine; body[data-engine] says "starting" until a worker is
// ready, then "ready".
import { ApiError } from "./api.js";

const WORKERS = 2;
const LET_FINISH = 200;      // ms an abandoned call may still take before its worker is stopped
const LET_HALT = 3_000;      // the same, for a worker that was sent an interrupt
const SIGINT = 2;            // what the interrupt says (Pyodide's interrupt buffer)
const shares = self.crossOriginIsolated === true;   // SharedArrayBuffer: interrupts are possible
const HARD_STOP = 90_000;    // ms after which a call is given up and its worker stopped

const meta = document.querySelector('meta[name="pencilbox-engine"]');
const setup = {
  wheel: new URL(meta.dataset.wheel, document.baseURI).href,
  bank: meta.dataset.bank ? new URL(meta.dataset.bank, document.baseURI).href : null,
};
const ahead = meta.dataset.ahead ? new URL(meta.dataset.ahead, document.baseURI) : null;
const workerUrl = new URL("../worker.js", import.meta.url);

const slots = [];   // {worker, state: "starting" | "idle" | "busy" | "failed", job}
const queue = [];   // calls waiting for a worker: {id, name, body, resolve, reject}
let ids = 0;
let stopped = 0;    // workers stopped with a call unfinished
let halted = 0;     // calls cancelled by an interrupt
const starts = [];  // each worker's start: {runtime, engine} ms (Pyodide's, then pencilbox's)

function spawn(slot) {
  const worker = new Worker(workerUrl, { type: "module" });
  const interrupt = shares ? new Int32Array(new SharedArrayBuffer(4)) : null;
  Object.assign(slot, { worker, interrupt, state: "starting", job: null });
  worker.onmessage = ({ data }) => {
    if (slot.worker !== worker) return;
    if (data.ready) { starts.push(data.ms); slot.state = "idle"; document.body.dataset.engine = "ready"; grow(); dispatch(); }
    else if (data.failed) fail(slot, `the engine could not start: ${data.failed}`);
    else if (slot.job && data.id === slot.job.id) {
      const job = slot.job;
      finish(slot);
      const { status, body } = JSON.parse(data.answer);
      job.resolve({ ok: status >= 200 && status < 300, status, json: body });
    }
  };
  worker.onerror = ev => { ev.preventDefault(); fail(slot, "the engine stopped unexpectedly"); };
  worker.postMessage({ start: { ...setup, interrupt } });
}

function grow() {   // one more worker, once every one so far is ready
  if (slots.length < WORKERS && slots.every(s => s.state === "idle" || s.state === "busy")) {
    const slot = {};
    slots.push(slot);
    spawn(slot);
  }
}

function finish(slot) {
  clearTimeout(slot.timer);
  slot.job = null;
  slot.state = "idle";
  dispatch();
}

function stop(slot) {   // stop the worker and start a fresh one in its place
  stopped++;
  clearTimeout(slot.timer);
  slot.worker.terminate();
  spawn(slot);
}

function fail(slot, message) {
  const job = slot.job;
  clearTimeout(slot.timer);
  slot.worker.terminate();
  slot.state = "failed"; slot.job = null;
  if (job) job.reject(new ApiError(message, 503));
  if (!slots.some(s => s.state !== "failed"))   // no worker left to answer: say why
    for (const waiting of queue.splice(0)) waiting.reject(new ApiError(message, 503));
}

function dispatch() {
  for (const slot of slots) {
    if (slot.state !== "idle" || !queue.length) continue;
    const job = queue.shift();
    slot.state = "busy"; slot.job = job;
    slot.timer = setTimeout(() => {
      if (slot.job !== job) return;
      job.reject(new ApiError("the engine took too long; try again", 503));
      stop(slot);
    }, HARD_STOP);
    if (slot.interrupt) Atomics.store(slot.interrupt, 0, 0);
    slot.worker.postMessage({ id: job.id, name: job.name, body: job.body });
  }
}

function abandon(job) {
  const waiting = queue.indexOf(job);
  if (waiting >= 0) queue.splice(waiting, 1);
  job.reject(new ApiError("the call was cancelled", 0));
  const slot = slots.find(s => s.job === job);
  if (!slot) return;
  if (slot.interrupt) { Atomics.store(slot.interrupt, 0, SIGINT); halted++; }
  setTimeout(() => { if (slot.job === job) stop(slot); }, slot.interrupt ? LET_HALT : LET_FINISH);
}

function begin() {   // a first worker (again, if every one failed)
  if (!slots.length || slots.every(s => s.state === "failed")) {
    for (const s of slots.splice(0)) s.worker?.terminate();
    const slot = {};
    slots.push(slot);
    spawn(slot);
  }
}

const ready = () => slots.some(s => s.state === "idle" || s.state === "busy");

// -- answers written ahead ----------------------------------------------------
const files = new Map();   // file under data-ahead -> promise of its JSON (null: none)
function aheadFile(path) {
  if (!files.has(path))
    files.set(path, fetch(new URL(path, ahead)).then(r => (r.ok ? r.json() : null)).catch(() => null));
  return files.get(path);
}

const DEAL_FIELDS = new Set(["type", "size", "cols", "grade", "index"]);
const WHOLE = /^(0|[1-9][0-9]{0,8})$/;

// The answer to a GET call written ahead, or null (the engine answers it):
// "puzzles", and "puzzle" for a shelf of the bank and one of its grades
// (none named: its top one), board `index` wrapping as the bank deals it,
// else a random one, as the engine picks.
async function answeredAhead(name) {
  const [asked, query = ""] = name.split(/\?(.*)/s);
  if (asked === "puzzles" && !query) {
    const json = await aheadFile("puzzles.json");
    return json && { ok: true, status: 200, json };
  }
  const q = new URLSearchParams(query);
  if (asked !== "puzzle" || [...q.keys()].some(k => !DEAL_FIELDS.has(k))) return null;
  const type = q.get("type") ?? "", size = q.get("size") ?? "", cols = q.get("cols") ?? size;
  const index = q.get("index");
  if (!/^[a-z0-9_]+$/.test(type) || !WHOLE.test(size) || !WHOLE.test(cols)) return null;
  if (index !== null && !WHOLE.test(index)) return null;
  const shelf = await aheadFile(`deal/${type}-${Number(size)}x${Number(cols)}.json`);
  const boards = shelf?.grades[q.get("grade") || shelf.top];
  if (!boards?.length) return null;
  const n = index !== null ? Number(index) : Math.floor(Math.random() * 2 ** 30);
  q.set("index", String(n));
  queue.push({ id: ++ids, name: `puzzle?${q}`, resolve() {}, reject() {} });   // the engine learns its answer
  return { ok: true, status: 200, json: boards[n % boards.length] };
}

// One call of the API: {ok, status, json}, as the server would answer it.
export async function call(name, body, signal) {
  begin();
  if (ahead && body === undefined && !ready()) {
    const early = await answeredAhead(name);
    if (early) return early;
  }
  return new Promise((resolve, reject) => {
    const job = { id: ++ids, name, body, resolve, reject };
    if (signal?.aborted) { reject(new ApiError("the call was cancelled", 0)); return; }
    signal?.addEventListener("abort", () => abandon(job), { once: true });
    queue.push(job);
    dispatch();
  });
}

// What the workers are doing: each one's state, how many were stopped with
// a call unfinished (a cancelled verdict, a call past HARD_STOP), how many
// calls were cancelled by an interrupt, whether interrupts are possible, and
// how long each start took.
export function workers() {
  return { states: slots.map(s => s.state), queued: queue.length, stopped, halted,
           interrupts: shares, starts: [...starts] };
}

document.body.dataset.engine = "starting";
begin();   // the engine starts while the page loads, before its first call
if ("serviceWorker" in navigator)
  navigator.serviceWorker.register(new URL("../sw.js", import.meta.url)).catch(() => {});
