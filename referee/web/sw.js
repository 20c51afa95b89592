// The phone page's service worker: the page opens with no network, from what it
// fetched when it last had one. It knows no file names (they may be content-hashed
// and change with every release): it keeps what the page fetched under /web/, the
// edition documents and the page itself, and serves them when the network fails.
// Writes (POST) and polls (If-None-Match) never pass through it, so a lost one
// fails as it would without it and the page tells the player so.
//
// A table phone runs for years, through many releases: what it keeps stays bounded.
// The server writes the release (its shell's digest) into this script, so a release
// is a new worker, which keeps that release's files alone and, once active, deletes
// every other cache but the page's copies of the last states (js/offline.js), which
// a table reopened with no network right after a release still needs.

const RELEASE = "{{release}}";
const CACHE = `referee-shell-${RELEASE}`;
const STATES = "referee-states"; // the page's own cache (js/offline.js), which bounds itself
const KEPT = new Set([CACHE, STATES]);
const PAGE = "/"; // every route (/, /play/<id>) is the same document
const ROUTES = /^\/(play\/[^/]+\/?)?$/; // the page's routes; /docs or a download is none of the worker's business
const EDITIONS = /^\/editions(\/[^/]+)?$/; // the list and each edition's document, read from the API
// Edition documents read from the API (a custom edition's: the shipped ones come with the
// page's files) that are kept, the last read ones: a club may make a new edition a week.
const EDITIONS_KEPT = 10;

self.addEventListener("install", (event) => event.waitUntil(caches.open(CACHE).then(() => self.skipWaiting())));
self.addEventListener("activate", (event) => event.waitUntil(forgetOtherReleases().then(() => self.clients.claim())));

async function forgetOtherReleases() {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => !KEPT.has(name)).map((name) => caches.delete(name)));
}

// This release's cache, made at install; none once a newer release's worker deleted it,
// which an old worker still answering the page it loaded must not make again.
async function ownCache() {
  return (await caches.has(CACHE)) ? caches.open(CACHE) : null;
}

// The files the page was built from before this worker controlled it (its first
// visit, or its first load of a release, fetched through the worker before), as the
// page lists them: kept for the next visit without network.
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
  if (EDITIONS.test(url.pathname)) return networkFirst;
  // a game's full read (a poll names the version it has): the page's own copy when the network fails
  if (/^\/games\/[^/]+$/.test(url.pathname) && !request.headers.has("If-None-Match")) return (r) => networkFirst(r, null, false);
  return null;
}

async function keepAll(page, urls) {
  const cache = await ownCache();
  if (!cache) return;
  const ours = (u) => new URL(u, location.origin).origin === location.origin;
  // the browser's own copy, just fetched by the page: no second download, no revalidation
  const fetched = (u) => fetch(u, { cache: "force-cache" }).catch(() => null);
  const kept = (key, u) => cache.match(key).then(async (found) => found || keep(cache, key, await fetched(u)));
  await Promise.all([ours(page) ? kept(PAGE, page) : null, ...urls.filter(ours).map((u) => kept(u, u))]);
}

// Only what this release needs: a file under another release's hash (a page left open
// from before it) or an address with a query (each would be one more entry) is not kept.
async function keep(cache, key, response) {
  const url = new URL(key.url ?? key, location.origin);
  if (!response?.ok || response.type !== "basic" || url.search || !thisRelease(url)) return;
  await cache.put(key, response.clone());
  if (EDITIONS.test(url.pathname)) await forgetOldEditions(cache);
}

function thisRelease({ pathname }) {
  const hashed = pathname.match(/^\/web\/([^/]+)\//);
  return !hashed || hashed[1] === RELEASE;
}

// The cache lists its entries oldest first, and a put moves its entry last.
async function forgetOldEditions(cache) {
  const read = (await cache.keys()).filter((request) => new URL(request.url).pathname.startsWith("/editions/"));
  await Promise.all(read.slice(0, -EDITIONS_KEPT).map((request) => cache.delete(request)));
}

// A file the server marked immutable is the same forever: from the cache first.
// Any other may have changed since: from the network, the cache when it fails.
async function shellFile(request) {
  const cached = await caches.match(request, { cacheName: CACHE });
  if (cached && /\bimmutable\b/.test(cached.headers.get("Cache-Control") || "")) return cached;
  return networkFirst(request);
}

// store: whether to keep the answer (the state is kept by the page, which reads it
// with the phone's token; a copy here would only race it).
async function networkFirst(request, key = null, store = true) {
  try {
    const response = await fetch(request);
    const cache = store && (await ownCache());
    if (cache) await keep(cache, key || request, response);
    return response;
  } catch (error) {
    const cached = await caches.match(key || request, { ignoreVary: true });
    if (cached) return cached;
    throw error;
  }
}
