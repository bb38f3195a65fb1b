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
// itself); anything the cache lacks goes to the network.
self.addEventListener("fetch", event => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    return (await cache.match(request, { ignoreSearch: true })) || fetch(request);
  })());
});
