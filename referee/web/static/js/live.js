// Live updates by conditional polling: every phone asks "still version N?" about
// once a second; the server answers 304 at once without building the state. No
// request waits on the server, so no worker thread is held between changes, and a
// dropped connection is just a failed poll, retried with backoff.

export const POLL_MS = 800; // a change shows on every phone within a second
const HIDDEN_MS = 5000; // a phone in a pocket asks less often
const MAX_BACKOFF_MS = 8000;
const TIMEOUT_MS = 8000;

export class Watcher {
  constructor(client, { onState, onStatus, onRefused = null }) {
    this.client = client;
    this.onState = onState;
    this.onStatus = onStatus;
    this.onRefused = onRefused; // the token stopped working (the seat moved, the table replaced it)
    this.etag = null;
    this.failures = 0;
    this.timer = null;
    this.running = false;
    this.inFlight = null;
    this.status = null;
    this.poke = this.poke.bind(this);
  }

  start() {
    this.running = true;
    document.addEventListener("visibilitychange", this.poke);
    window.addEventListener("online", this.poke);
    this.poke();
  }

  stop() {
    this.running = false;
    clearTimeout(this.timer);
    document.removeEventListener("visibilitychange", this.poke);
    window.removeEventListener("online", this.poke);
  }

  // A state this phone got from its own action: no need to fetch it again.
  accept(state) {
    this.etag = `"${state.version}"`;
    this.onState(state);
  }

  // Poll now (page shown again, network back, or after an action elsewhere on this phone).
  poke() {
    if (!this.running || document.hidden) return this.schedule();
    clearTimeout(this.timer);
    if (!this.inFlight) this.inFlight = this.poll().finally(() => (this.inFlight = null));
  }

  schedule() {
    clearTimeout(this.timer);
    if (!this.running) return;
    const wait = this.failures ? Math.min(MAX_BACKOFF_MS, POLL_MS * 2 ** this.failures) : document.hidden ? HIDDEN_MS : POLL_MS;
    this.timer = setTimeout(this.poke, wait);
  }

  setStatus(status) {
    if (status !== this.status) this.onStatus((this.status = status));
  }

  async poll() {
    const abort = new AbortController();
    const timeout = setTimeout(() => abort.abort(), TIMEOUT_MS);
    try {
      const changed = await this.client.state(this.etag, abort.signal);
      this.failures = 0;
      this.setStatus("live");
      if (changed) {
        this.etag = changed.etag;
        this.onState(changed.state);
      }
    } catch (error) {
      this.failures += 1;
      this.setStatus(error.status === 401 || error.status === 404 ? "refused" : "offline");
      if (error.status === 401 || error.status === 404) {
        this.running = false;
        this.onRefused?.(error);
      }
    } finally {
      clearTimeout(timeout);
      this.schedule();
    }
  }
}
