// Every call of the JSON API under /api/ goes through here: get(name) and
// post(name, body), with an optional AbortSignal to cancel the call. Each
// answers the API's JSON, or throws an ApiError: the API's one-line message
// and the HTTP status (0 when no answer came: no network, or the call was
// aborted). A call made with {busy: true} marks the page busy
// (body[data-busy]) until every such call has answered.
//
// The server answers, unless index.html says <meta name="pencilbox-engine"
// content="page"> (the static site): then the engine inside the page does
// (engine.js), with the same calls and the same answers.

const BASE = "/api/";
const inPage = document.querySelector('meta[name="pencilbox-engine"]')?.content === "page";
const engine = inPage ? import("./engine.js") : null;

export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.name = "ApiError";
    this.status = status;
  }
}

let busy = 0;   // calls made with {busy: true} not answered yet

async function fromServer(name, body, signal) {
  const init = body === undefined ? { signal } : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), signal };
  let r;
  try { r = await fetch(BASE + name, init); }
  catch (e) { throw new ApiError(e.message, 0); }
  const json = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
  return { ok: r.ok, status: r.status, json };
}

async function request(name, body, { signal, busy: marks = false } = {}) {
  if (marks && busy++ === 0) document.body.dataset.busy = "1";
  try {
    const r = engine ? await (await engine).call(name, body, signal) : await fromServer(name, body, signal);
    if (!r.ok) throw new ApiError(r.json.error || `HTTP ${r.status}`, r.status);
    return r.json;
  } finally {
    if (marks && --busy === 0) delete document.body.dataset.busy;
  }
}

export const get = (name, options) => request(name, undefined, options);
export const post = (name, body, options) => request(name, body, options);
