// The engine inside the page, for the static site (`pencilbox site`): the
// API's calls answered by pencilbox itself, on Pyodide in Web Workers
// (worker.js), with no server. api.js sends every call here when index.html
// says <meta name="pencilbox-engine" content="page">, whose data-wheel and
// data-bank name the engine's wheel and the bank.
//
// Two workers take calls in turn, so a hint is answered while a verdict is
// being worked out; the second starts once the first is ready. A call whose
// AbortSignal fires is answered at once (an ApiError of status 0, as an
// aborted fetch): a newer edit cancels a verdict. When the page is
// cross-origin isolated (sw.js makes it so), each worker shares an
// interrupt with the page, and the cancelled call's work stops at its next
// check while the worker, warm, stays; otherwise, or if the worker is still
// busy with it a while later, the worker is stopped and a fresh one (cold)
// takes its place.
//
// The engine waits for the first board: the first worker starts once a
// board is shown (or a call needs it), so its megabytes do not slow the
// board down, and once the service worker (sw.js, registered here) is in
// charge, so that every file the engine fetches passes through it and is
// kept for offline use as it arrives, downloaded once. When the first worker
// is ready the page tells the service worker which files it loaded before
// (sw.js keeps them from the browser's cache, and fetches what no one asked for).
//
// While no worker is ready yet, the calls the build answered ahead
// (site/ahead.py, under data-ahead: the puzzle types, a deal of a bank
// board, and a Hint on a bank board, from its chain: ahead.js) are
// answered from those files, so the first board is drawn, playable and
// hinted at once; the engine is then dealt the same board (its index
// named), to know its answer. Every other call waits for the engine;
// body[data-engine] says "starting" until a worker is ready, then "ready".
import { hintFrom, urlKey } from "./ahead.js";
import { ApiError } from "./api.js";

const WORKERS = 2;
const LET_FINISH = 200;      // ms an abandoned call may still take before its worker is stopped
const LET_HALT = 3_000;      // the same, for a worker that was sent an interrupt
const SIGINT = 2;            // what the interrupt says (Pyodide's interrupt buffer)
const shares = self.crossOriginIsolated === true;   // SharedArrayBuffer: interrupts are possible
const HARD_STOP = 90_000;    // ms after which a call is given up and its worker stopped
const TAKE_CHARGE = 3_000;   // ms the engine waits for the service worker to take charge on a first visit

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
    if (data.ready) {
      starts.push(data.ms); slot.state = "idle"; document.body.dataset.engine = "ready";
      if (starts.length === 1) keepFiles();
      grow(); dispatch();
    }
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

// The service worker registered and in charge of the page (a first visit:
// its install fetches nothing, so it takes charge at once), or given up
// on: a host where it cannot run (plain http), a browser that does not let it.
async function inCharge() {
  if (!("serviceWorker" in navigator)) return;
  const given = new Promise(resolve => setTimeout(resolve, TAKE_CHARGE));
  const taken = (async () => {
    await navigator.serviceWorker.register(new URL("../sw.js", import.meta.url));
    if (navigator.serviceWorker.controller) return;
    await new Promise(resolve => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
  })();
  await Promise.race([taken, given]).catch(() => {});   // no service worker: the engine starts without
}

let launched = null;   // the service worker's turn, then the first worker
function launch() {
  launched ??= inCharge().then(begin);
  launched.then(begin);   // again, if every worker failed since
}

// The files the page loaded before the service worker was in charge: it
// keeps them from the browser's cache, then fetches the rest of the site.
function keepFiles() {
  const sw = navigator.serviceWorker?.controller;
  if (!sw) return;
  const loaded = performance.getEntriesByType("navigation").concat(performance.getEntriesByType("resource"));
  sw.postMessage({ keep: [location.href, ...loaded.map(e => e.name)] });
}

const ready = () => slots.some(s => s.state === "idle" || s.state === "busy");

// -- answers written ahead ----------------------------------------------------
const files = new Map();   // file under data-ahead -> promise of its JSON (null: none)
function aheadFile(path) {
  if (!files.has(path))
    files.set(path, fetch(new URL(path, ahead)).then(r => (r.ok ? r.json() : null)).catch(() => null));
  return files.get(path);
}
const chainOf = url => aheadFile(`hints/${urlKey(url)}.json`);

const DEAL_FIELDS = new Set(["type", "size", "cols", "grade", "index"]);
const WHOLE = /^(0|[1-9][0-9]{0,8})$/;

// The answer to a call written ahead, or null (the engine answers it):
// "puzzles"; "puzzle" for a shelf of the bank and one of its grades (none
// named: its top one), board `index` wrapping as the bank deals it, else a
// random one, as the engine picks; "hint" on a bank board (ahead.js).
async function answeredAhead(name, body) {
  if (name === "hint" && body) {
    const chain = await chainOf(String(body.puzzle ?? ""));
    const json = chain && hintFrom(chain, body);
    return json && { ok: true, status: 200, json };
  }
  if (body !== undefined) return null;
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
  const levels = (await aheadFile("puzzles.json"))?.find(k => k.type === type)?.levels;
  const grade = q.get("grade") || levels?.at(-1);
  if (!levels?.includes(grade)) return null;
  const boards = await aheadFile(`deal/${type}-${Number(size)}x${Number(cols)}-${grade}.json`);
  if (!boards?.length) return null;
  const n = index !== null ? Number(index) : Math.floor(Math.random() * 2 ** 30);
  q.set("index", String(n));
  queue.push({ id: ++ids, name: `puzzle?${q}`, resolve() {}, reject() {} });   // the engine learns its answer
  return { ok: true, status: 200, json: boards[n % boards.length] };
}

// One call of the API: {ok, status, json}, as the server would answer it.
export async function call(name, body, signal) {
  if (ahead && !ready()) {
    const early = await answeredAhead(name, body);
    if (early) return early;
  }
  launch();
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
// The first board is shown: the engine starts once it is drawn, and once
// the board's hints (a bank board's) have come, ahead of its megabytes.
document.addEventListener("puzzle-shown", ev => {
  const shown = ev.detail?.puzzle;
  const hints = ahead && shown?.source === "bank" ? chainOf(shown.url) : null;
  Promise.resolve(hints).finally(() => requestAnimationFrame(() => setTimeout(launch)));
}, { once: true });
