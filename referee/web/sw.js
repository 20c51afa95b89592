// The phone page's service worker: the page opens with no network, from what it
// fetched when it last had one. It knows no file names (they may be content-hashed
// and change with every release): it keeps what the page fetched under /web/, the
// edition documents and the page itself, and serves them when the network fails.
// Writes (POST) and polls (If-None-Match) never pass through it, so a lost one
// fails as it would without it and the page tells the player so.

const CACHE = "referee-shell-1";
const PAGE = "/"; // every route (/, /play/<id>) is the same document
const ROUTES = /^\/(play\/[^/]+\/?)?$/; // the page's routes; /docs or a download is none of the worker's business

self.addEventListener("install", (event) => event.waitUntil(self.skipWaiting()));
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

// The files the page was built from before this worker controlled it (its first
// visit), as the page lists them: kept for the next visit without network.
self.addEventListener("message", (event) => {
  if (event.data?.type === "shell") event.waitUntil(keepAll(event.data.page, event.data.urls));
});

self.addEventListener("fetch", (event) => {
  const answer = strategy(event.request);
  if (answer) event.respondWith(answer(event.request));
});

// How the worker answers a request, or null for one it leaves to the network alone.
function strategy(request) {
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin) return null;
  if (request.mode === "navigate") return ROUTES.test(url.pathname) ? (r) => networkFirst(r, PAGE) : null;
  if (url.pathname.startsWith("/web/")) return shellFile;
  if (/^\/editions(\/[^/]+)?$/.test(url.pathname)) return networkFirst;
  // a game's full read (a poll names the version it has): the page's own copy when the network fails
  if (/^\/games\/[^/]+$/.test(url.pathname) && !request.headers.has("If-None-Match")) return (r) => networkFirst(r, null, false);
  return null;
}

async function keepAll(page, urls) {
  const cache = await caches.open(CACHE);
  const ours = (u) => new URL(u, location.origin).origin === location.origin;
  // the browser's own copy, just fetched by the page: no second download, no revalidation
  const fetched = (u) => fetch(u, { cache: "force-cache" }).catch(() => null);
  const kept = (key, u) => cache.match(key).then(async (found) => found || keep(cache, key, await fetched(u)));
  await Promise.all([ours(page) ? kept(PAGE, page) : null, ...urls.filter(ours).map((u) => kept(u, u))]);
}

function keep(cache, key, response) {
  if (response?.ok && response.type === "basic") return cache.put(key, response.clone());
}

// A file the server marked immutable is the same forever: from the cache first.
// Any other may have changed since: from the network, the cache when it fails.
async function shellFile(request) {
  const cached = await caches.match(request);
  if (cached && /\bimmutable\b/.test(cached.headers.get("Cache-Control") || "")) return cached;
  return networkFirst(request);
}

// store: whether to keep the answer (the state is kept by the page, which reads it
// with the phone's token; a copy here would only race it).
async function networkFirst(request, key = null, store = true) {
  try {
    const response = await fetch(request);
    if (store) await keep(await caches.open(CACHE), key || request, response);
    return response;
  } catch (error) {
    const cached = await caches.match(key || request, { ignoreVary: true });
    if (cached) return cached;
    throw error;
  }
}
