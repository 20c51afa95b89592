// The REST API as the page uses it: bearer token, Accept-Language, If-Match and
// Idempotency-Key on every action, RFC 9457 problems turned into ApiError.

import { language } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, problem, retryAfter = null, version = null) {
    super(problem?.detail || problem?.title || `HTTP ${status}`);
    this.status = status;
    this.problem = problem || {};
    this.retryAfter = retryAfter; // seconds, from the Retry-After header
    this.version = version; // a refusal after time recorded first: the game's version after that
    this.afterTime = version != null;
  }

  // The server could not answer now (busy, storage trouble): the same request, with the
  // same Idempotency-Key, may be sent again. A rule's bug (invariant_broken) stays as it is.
  get retriable() {
    return this.status >= 500 && this.problem.code !== "invariant_broken";
  }

  // Field errors of a 422, flattened to "field: message" lines.
  get fieldErrors() {
    const lines = [];
    const walk = (value, path) => {
      if (Array.isArray(value) && value.every((v) => typeof v === "string")) lines.push(`${path}: ${value.join(", ")}`);
      else if (value && typeof value === "object")
        for (const [k, v] of Object.entries(value)) walk(v, path && k !== "json" ? `${path}.${k}` : k === "json" ? path : k);
    };
    walk(this.problem.errors, "");
    return lines;
  }
}

// Statuses meaning "this server does not offer that yet": the page degrades.
export const MISSING = new Set([404, 405, 501]);

// crypto.randomUUID needs a secure context; phones on the LAN use plain http.
export function newKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function parse(response) {
  const type = response.headers.get("Content-Type") || "";
  if (response.status === 204 || response.status === 304) return null;
  if (type.includes("json")) return response.json();
  return response.text();
}

export async function request(path, { method = "GET", token, body, headers = {}, signal } = {}) {
  const all = { "Accept-Language": language(), ...headers };
  if (token) all.Authorization = `Bearer ${token}`;
  if (body !== undefined) all["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method,
    headers: all,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
    cache: "no-store",
    credentials: "omit",
  });
  const data = await parse(response);
  if (!response.ok && response.status !== 304) {
    const retryAfter = Number(response.headers.get("Retry-After")) || null;
    const version = response.status === 409 ? Number(response.headers.get("ETag")?.replaceAll('"', "")) || null : null;
    throw new ApiError(response.status, typeof data === "object" ? data : { detail: data }, retryAfter, version);
  }
  return { status: response.status, etag: response.headers.get("ETag"), data };
}

export const editions = () => request("/editions").then((r) => r.data);

// A shipped edition's document travels with the page's files, under their hash, so a
// reload reads it from the cache: the page's copy in the phone's language, each text in
// the one language it is shown in (referee/web/shell.py). A custom one (no such file) is
// the API's whole document, which the page reads in any language.
export async function edition(id, lang) {
  const shipped = await fetch(new URL(`../editions/${encodeURIComponent(id)}.${lang}.json`, import.meta.url), { credentials: "omit" }).catch(() => null);
  if (shipped?.ok) return shipped.json();
  return (await request(`/editions/${encodeURIComponent(id)}`)).data;
}

export const setupChoices = () => request("/web/setup.json").then((r) => r.data);

export async function createGame(body, key = newKey()) {
  return (await request("/games", { method: "POST", body, headers: { "Idempotency-Key": key } })).data;
}

// A QR code for a link: the link goes in the body so that no log records its token.
export async function qrImage(text) {
  const response = await fetch("/web/qr.svg", { method: "POST", body: text, headers: { "Content-Type": "text/plain" } });
  if (!response.ok) throw new ApiError(response.status, null);
  return URL.createObjectURL(await response.blob());
}

// A read the server may not offer yet (an endpoint still to come): null when it
// answers 404/405/501, or 422 for a parameter it does not know.
export async function optional(path, token) {
  try {
    return (await request(path, { token })).data;
  } catch (error) {
    if (error instanceof ApiError && (MISSING.has(error.status) || error.status === 422)) return null;
    throw error;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const BUSY_ATTEMPTS = 8; // a server short of disk or busy: about half a minute of retries at its Retry-After
const MAX_WAIT_SECONDS = 5;

export class Client {
  constructor(gameId, token) {
    this.gameId = gameId;
    this.token = token;
    this.base = `/games/${encodeURIComponent(gameId)}`;
  }

  get(path, options = {}) {
    return request(this.base + path, { token: this.token, ...options });
  }

  // The state, or null when it has not changed since the ETag held.
  async state(etag, signal) {
    const headers = etag ? { "If-None-Match": etag } : {};
    const response = await this.get("", { headers, signal });
    return response.status === 304 ? null : { state: response.data, etag: response.etag };
  }

  // A read the server may not offer yet: null when it answers that it does not.
  optional(path) {
    return optional(this.base + path, this.token);
  }

  // One submission: a fresh Idempotency-Key per intent, reused on every retry of it,
  // and If-Match naming the version the player saw, so a stale screen is refused (412).
  // A lost connection is tried again, and so is an answer that the server could not
  // store it now (5xx, 503 with Retry-After), telling onBusy while it waits.
  async post(path, body, version, { key = newKey(), attempts = 3, onBusy = null } = {}) {
    const headers = { "Idempotency-Key": key };
    if (version !== undefined && version !== null) headers["If-Match"] = `"${version}"`;
    for (let attempt = 1; ; attempt++) {
      try {
        return (await request(this.base + path, { method: "POST", token: this.token, body, headers })).data;
      } catch (error) {
        const network = !(error instanceof ApiError);
        if (network && attempt < attempts) {
          await sleep(400 * attempt);
          continue;
        }
        if (network || !error.retriable || attempt >= BUSY_ATTEMPTS) throw error;
        onBusy?.(error);
        await sleep(1000 * Math.min(error.retryAfter || attempt, MAX_WAIT_SECONDS));
      }
    }
  }

  act(body, version, options) {
    return this.post("/actions", body, version, options);
  }

  // Ledger entries after seq `after` (every entry of one seat when `seat` is given).
  async ledger({ seat = null, after = 0 } = {}) {
    const size = 100;
    const entries = [];
    const first = seat === null ? Math.floor(after / size) + 1 : 1;
    for (let page = first; ; page++) {
      const query = new URLSearchParams({ page, page_size: size });
      if (seat !== null) query.set("seat", seat);
      const batch = (await this.get(`/ledger?${query}`)).data;
      entries.push(...batch);
      if (batch.length < size) break;
    }
    return seat === null ? entries.filter((e) => e.seq > after) : entries;
  }

  // Every event after seq `after`, page by page (the server answers at most `limit` at a time).
  async events(after = 0) {
    const limit = 500;
    const events = [];
    for (let from = after; ; ) {
      const batch = (await this.get(`/events?after=${from}&limit=${limit}`)).data;
      events.push(...batch);
      if (batch.length < limit) return events;
      from = batch.at(-1).seq;
    }
  }
}
