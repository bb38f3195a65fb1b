// The static site's service worker: on the first visit it keeps every file
// of the site (the build lists them in FILES) in a cache named for the build
// (BUILD, a hash of the files), and from then on answers from that cache
// first, so the game and the editor work offline, and a new build replaces
// the old cache whole. `pencilbox site` writes the two constants below.
const BUILD = "unbuilt";
const FILES = [];
const CACHE = `pencilbox-${BUILD}`;

self.addEventListener("install", event => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(FILES);
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

// Same-origin GETs come from the cache (a page's ?p= link is the page
// itself); anything the cache lacks goes to the network. The page and the
// engine's workers are answered as cross-origin isolated (the site loads
// nothing from elsewhere), so the page may share memory with its workers:
// that is how it cancels a verdict without stopping a warm engine
// (engine.js). Other files are answered as kept (the runtime's compiled
// code is cached by the browser only for those).
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
    return isolated(request, (await cache.match(request, { ignoreSearch: true })) || await fetch(request));
  })());
});
