// Through a Wi-Fi drop: the page installs as an app whose service worker (/sw.js)
// opens it with no network, and actions tapped while the network is down wait in an
// outbox kept in localStorage (a reload loses none), shown as "waiting to send", and
// go out in order when it is back -- each with its own Idempotency-Key, so a send
// whose answer was lost is never entered twice, and the If-Match of the screen it
// was tapped on, so one that the table overtook meanwhile is refused and shown so.

import { ApiError } from "./api.js";
import { entryText } from "./corrections.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

const STATES = "referee-states"; // the last state each table read, for the worker to answer offline
const STATES_KEPT = 10; // the tables last read: as many as the start page remembers
const RETRY_MS = 5000; // the network says it is up but a send failed: try again after this
const OVERTAKEN = { overtaken: true }; // a 412 that was not needless: said in the language shown

// Register the worker (a secure context only: https, or this computer) and hand it
// what the page fetches that it does not see: all of a first visit, until it has
// taken the page over, so that the next visit opens with no network. A new release's
// worker takes over a page loaded through the old one, whose cache it deletes: it is
// handed the page's files again.
export function installApp() {
  if (!("serviceWorker" in navigator)) return; // plain http on the LAN: the outbox still works
  navigator.serviceWorker.register("/sw.js").then(() => {
    keepShell(performance.getEntriesByType("resource"));
    new PerformanceObserver((list) => keepShell(list.getEntries())).observe({ type: "resource" });
    navigator.serviceWorker.addEventListener("controllerchange", () => keepShell(performance.getEntriesByType("resource")));
  }, () => null);
}

// The page's files and the editions it read (a game's reads need its token, which
// the worker never holds), for the worker to keep when it has not yet.
async function keepShell(entries) {
  const shell = ({ pathname }) => pathname.startsWith("/web/") || pathname.startsWith("/editions");
  const urls = entries.map((entry) => new URL(entry.name)).filter((url) => url.origin === location.origin && shell(url));
  if (!urls.length) return;
  const registration = await navigator.serviceWorker.ready;
  registration.active?.postMessage({ type: "shell", page: location.pathname, urls: urls.map((url) => url.href) });
}

// The state as this phone last read it: the worker answers a read of it with this copy
// when the network is down, so the table opens as it was left. Only the tables last
// read keep theirs: a phone opens a new table every evening for years.
export function rememberState(gameId, state) {
  if (!globalThis.caches) return Promise.resolve();
  const copy = new Response(JSON.stringify(state), { headers: { "Content-Type": "application/json", ETag: `"${state.version}"` } });
  return caches
    .open(STATES)
    .then(async (cache) => {
      await cache.put(`/games/${encodeURIComponent(gameId)}`, copy);
      const kept = await cache.keys(); // oldest first: a put moves its entry last
      await Promise.all(kept.slice(0, -STATES_KEPT).map((request) => cache.delete(request)));
    })
    .catch(() => null); // storage full or refused: the page still works online
}

// Who an action tapped on the screen `seen` will be recorded as done by, as its entry in
// `allowed` says: the table for an action done for the table, else the player of its seat.
function doneBy(seen, body) {
  const entry = (seen.allowed || []).find((a) => a.type === body.type && a.seat === body.seat);
  return entry?.for_table ? "table" : "player";
}

export class Outbox {
  constructor(table) {
    this.table = table;
    this.storage = `referee.outbox.${table.client.gameId}.${table.watch ? "watch" : table.seat ?? "table"}`;
    const saved = read(this.storage);
    this.entries = saved.entries; // {key, body, version, seen, by, refused?}, in the order tapped
    // The version this phone's own sends reached from the one they were tapped on: the
    // next action tapped on that screen follows them, it is not overtaken by them.
    this.chain = saved.chain;
    this.sending = null;
    this.timer = null;
    window.addEventListener("online", () => this.flush());
  }

  waiting() {
    return this.entries.filter((e) => !e.refused);
  }

  // Whether a send may go out now. Polls that fail do not say so: a screen whose
  // polls are lost still sends, and is told when what it answered has changed.
  online() {
    return navigator.onLine;
  }

  // A tap waits its turn while the network is down or earlier taps still wait.
  holds() {
    return !this.online() || this.waiting().length > 0;
  }

  // An action to send later, tapped on the screen `seen` (a send that failed on the way
  // may have been overtaken by a poll since); a second tap of it there is the same intent.
  queue(body, key, seen = this.table.state) {
    const version = seen.version;
    const same = JSON.stringify(body);
    if (this.waiting().some((e) => e.version === version && JSON.stringify(e.body) === same)) return;
    this.entries.push({ key, body, version, seen: { pending: seen.pending }, by: doneBy(seen, body) });
    this.save();
    if (this.table.watcher.status === "offline") this.table.watcher.poke(); // back already? a poll says so at once
    this.flush();
  }

  dismiss(key) {
    this.entries = this.entries.filter((e) => e.key !== key);
    this.save();
    this.table.render();
  }

  save() {
    try {
      if (this.entries.length) localStorage.setItem(this.storage, JSON.stringify({ entries: this.entries, chain: this.chain }));
      else localStorage.removeItem(this.storage);
    } catch {
      // storage refused: the outbox still holds them until the page is closed
    }
  }

  flush() {
    clearTimeout(this.timer);
    if (!this.sending && this.table.state && this.online() && this.waiting().length) this.sending = this.sendAll().finally(() => (this.sending = null));
    return this.sending;
  }

  async sendAll() {
    for (let entry = this.waiting()[0]; entry; entry = this.waiting()[0]) {
      if (!(await this.send(entry))) {
        this.timer = setTimeout(() => this.flush(), RETRY_MS);
        break;
      }
      this.save();
      this.table.render();
    }
  }

  // One waiting action: sent, refused (and kept to be read), or false when the network failed again.
  async send(entry) {
    const version = this.chain?.from === entry.version ? this.chain.to : entry.version;
    try {
      const result = await this.table.post("/actions", entry.body, null, { key: entry.key, version, seen: entry.seen });
      this.entries = this.entries.filter((e) => e !== entry);
      this.chain = { from: entry.version, to: result.state.version };
      this.table.lastResult = result;
      this.table.watcher.accept(result.state);
    } catch (error) {
      if (!(error instanceof ApiError) || error.retriable) return false;
      entry.refused = error.status === 412 ? OVERTAKEN : error.message;
      this.table.watcher.poke();
    }
    return true;
  }
}

function read(storage) {
  try {
    const saved = JSON.parse(localStorage.getItem(storage) || "null");
    if (saved && Array.isArray(saved.entries)) return { entries: saved.entries, chain: saved.chain ?? null };
  } catch {
    // unreadable: nothing waits
  }
  return { entries: [], chain: null };
}

// One line per action still to send, then each refused one with its reason and a Close.
export function outboxView(table) {
  const entries = table.outbox.entries;
  if (!entries.length) return null;
  const what = (entry) => entryText(table, { seat: entry.body.seat, by: entry.by, action: entry.body });
  return h(
    "div",
    { class: "outbox", role: "status", "aria-live": "polite" },
    entries.map((entry) =>
      entry.refused
        ? h(
            "p",
            { class: "refused", dataset: { key: entry.key } },
            h("span", { text: t("outbox.refused", { action: what(entry), reason: entry.refused.overtaken ? t("outbox.overtaken") : entry.refused }) }),
            h("button", { type: "button", class: "small secondary", text: t("close"), on: { click: () => table.outbox.dismiss(entry.key) } }),
          )
        : h("p", { class: "waiting", dataset: { key: entry.key }, text: t("outbox.waiting", { action: what(entry) }) }),
    ),
  );
}
