// The static site's service worker: it keeps every file of the site (the
// build lists them in FILES, each with the hash of its bytes) in a cache
// named for the build (BUILD), and answers from that cache first, so the
// game and the editor work offline. `pencilbox site` writes the two
// constants below.
//
// Every file is downloaded once. On a first visit nothing is fetched at
// install: the page starts its engine once this worker is in charge, so
// the engine's files pass through here and are kept as they arrive; once
// the engine is ready the page sends {keep: [urls]}, the files it loaded
// before this worker was in charge (taken from the browser's HTTP cache,
// never fetched again), and the files no one asked for yet are fetched
// then. A new build (a later visit) fills its cache at install, before it
// takes over: a file whose hash is unchanged is copied from the old cache,
// only the others are downloaded; then the old cache is deleted.
const BUILD = "unbuilt";
const FILES = [];
const CACHE = `pencilbox-${BUILD}`;
const HELD = "pencilbox-files.json";   // in a cache: the files it holds whole, [url, hash]
const AT_ONCE = 6;                     // fetches in flight while filling a cache

const scope = new URL(self.registration.scope);
const wanted = new Map(FILES.map(([path, hash]) => [new URL(path, scope).href, hash]));
const held = new URL(HELD, scope).href;

// The cache key of a request: the page itself (any ?p= link) is "./".
function keyOf(url) {
  const u = new URL(url);
  return u.origin === scope.origin && u.pathname === scope.pathname ? scope.href : u.href;
}

async function older() {   // the cache of the build before, if any
  const names = (await caches.keys()).filter(n => n.startsWith("pencilbox-") && n !== CACHE);
  return names.length ? caches.open(names[names.length - 1]) : null;
}

async function heldBy(cache) {   // url -> hash of the files a cache holds whole
  const r = cache && await cache.match(held);
  return new Map(r ? await r.json() : []);
}

// Put every file of the build into the cache: from `before` (another
// build's cache) when its hash is the same, else from the network.
async function fill(before) {
  const cache = await caches.open(CACHE);
  const had = await heldBy(before);
  const missing = [];
  for (const url of wanted.keys()) if (!await cache.match(url)) missing.push(url);
  async function one(url) {
    let r = had.get(url) === wanted.get(url) ? await before.match(url) : undefined;
    if (!r) {
      r = await fetch(url, { cache: "no-cache" });
      if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
    }
    await cache.put(url, r);
  }
  for (let i = 0; i < missing.length; i += AT_ONCE) await Promise.all(missing.slice(i, i + AT_ONCE).map(one));
  await cache.put(held, new Response(JSON.stringify([...wanted])));
}

// The files the page loaded before this worker was in charge, from the HTTP
// cache (never the network); then the rest of the build.
async function keep(seen) {
  const cache = await caches.open(CACHE);
  for (const url of seen) {
    const key = keyOf(url);
    if (!wanted.has(key) || await cache.match(key)) continue;
    const r = await fetch(url, { cache: "only-if-cached", mode: "same-origin" }).catch(() => null);
    if (r?.ok) await cache.put(key, r);
  }
  await fill(null);
}

self.addEventListener("install", event => {
  event.waitUntil((async () => {
    const before = await older();
    if (before) await fill(before);
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", event => {
  event.waitUntil((async () => {
    for (const name of await caches.keys())
      if (name.startsWith("pencilbox-") && name !== CACHE) await caches.delete(name);
    await self.clients.claim();
  })());
});

self.addEventListener("message", event => {
  if (Array.isArray(event.data?.keep)) event.waitUntil(keep(event.data.keep).catch(() => {}));
});

// Same-origin GETs come from the cache; anything the cache lacks goes to
// the network, and a file of the build is kept as it comes. The page and
// the engine's workers are answered as cross-origin isolated (the site
// loads nothing from elsewhere), so the page may share memory with its
// workers: that is how it cancels a verdict without stopping a warm
// engine (engine.js). Other files are answered as kept (the runtime's
// compiled code is cached by the browser only for those).
const ISOLATED = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
};

function isolated(request, response) {
  if (request.mode !== "navigate" && request.destination !== "worker") return response;
  if (response.type === "opaque" || response.status === 0) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATED)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

self.addEventListener("fetch", event => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const kept = await cache.match(request, { ignoreSearch: true });
    if (kept) return isolated(request, kept);
    const response = await fetch(request);
    const key = keyOf(request.url);
    if (response.ok && response.status === 200 && wanted.has(key))
      event.waitUntil(cache.put(key, response.clone()).catch(() => {}));
    return isolated(request, response);
  })());
});
