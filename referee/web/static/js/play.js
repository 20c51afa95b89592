// One phone at a table: the state, kept live; what is pending; the controls for the
// seats this phone speaks for; the board, the money and the disputes.

import { controlsView, debtorsAmong } from "./controls.js";
import { tableControls } from "./actions.js";
import "./property.js";
import "./table.js";
import "./aloud.js";
import { finalView } from "./ending.js";
import { ApiError, Client, editions as fetchEditions, newKey, optional } from "./api.js";
import { stillAnswers } from "./answers.js";
import { boardView } from "./board.js";
import { correctionsView, entryText, quickUndo } from "./corrections.js";
import { confirmDialog, h, replace, toast } from "./dom.js";
import { recentEvents, disputesView } from "./disputes.js";
import { Edition, PLAYER_COLOURS } from "./edition.js";
import { edition as fetchEdition } from "./api.js";
import { isolated, label, language, speakEdition, t, term } from "./i18n.js";
import { Watcher } from "./live.js";
import { balances, moneyView } from "./money.js";
import { Outbox, outboxView, rememberState } from "./offline.js";
import { firstDebts, pendingItem } from "./pending.js";
import { bookletView, idsView } from "./ruling.js";
import { linksView, rememberOpened, savedGame } from "./links.js";
import { arrive, drawer, leaveIfShutOut, leftView } from "./seatmove.js";
import { TICK_MS, tick, timersView } from "./timers.js";

const TABS = ["play", "board", "money", "rules"];

// Who this phone speaks for, from the URL fragment: #seat=1&token=… (a player),
// #token=… (the table), or #watch=1&token=… (a spectator, who only follows).
export function identity(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const seat = params.get("seat");
  return { token: params.get("token"), seat: seat === null || seat === "" ? null : Number(seat), watch: params.has("watch") };
}

class Table {
  constructor(gameId, who) {
    this.client = new Client(gameId, who.token);
    this.seat = who.seat;
    this.watch = who.watch; // a spectator's phone: it shows everything and offers no control
    this.state = null;
    this.receivedAt = Date.now(); // when the state on screen was read: countdowns run from it
    this.edition = null;
    this.events = [];
    this.ledger = [];
    this.moves = [];
    this.busy = false;
    this.error = null;
    this.lastResult = null;
    this.view = { tab: "play", statement: null, open: {}, trade: null };
    this.worth = { version: null, standings: null, points: null, loading: false };
    this.read = new Map(); // per-language reads: the edition's rules and contested questions
    this.editionNames = null;
    this.editionDocs = new Map(); // the edition's document by language (null: being read)
    this.sections = new Map();
    this.root = h("div", { class: "table" });
    this.left = false; // this phone's token stopped working: it has left the table (seatmove.js)
    this.watcher = new Watcher(this.client, { onState: (s) => this.receive(s), onStatus: (s) => this.connection(s), onRefused: (e) => leaveIfShutOut(this, e) });
    this.outbox = new Outbox(this); // actions tapped with no network, sent in order when it is back
  }

  // The edition read in a language; its words fill the page's own texts too ({term.jail}).
  // The page's copy of a shipped edition holds one language: another is read first (and
  // until it comes, the page keeps the words it has).
  readEdition(lang) {
    const doc = this.editionDocs.get(lang);
    if (!doc) return void this.loadEdition(lang);
    this.edition = new Edition(doc, lang);
    speakEdition(this.edition);
  }

  loadEdition(lang) {
    if (this.editionDocs.has(lang)) return Promise.resolve();
    const read = fetchEdition(this.editionId, lang).then((doc) => {
      this.editionDocs.set(lang, doc);
      if (language() === lang && this.edition) this.render();
    });
    this.editionDocs.set(lang, null); // asked once
    return read.catch(() => this.editionDocs.delete(lang));
  }

  // -- what the renderers use ---------------------------------------------------
  name(seat) {
    const name = this.state.players[seat]?.name;
    return name == null ? `#${seat}` : isolated(name);
  }

  account(value) {
    if (Number.isInteger(value)) return this.name(value);
    return label("account", value);
  }

  // Who is owed, as a sentence names it ("owes M200 to the bank").
  creditor(value) {
    return Number.isInteger(value) ? this.name(value) : label("creditor", value);
  }

  colour(seat) {
    return PLAYER_COLOURS[seat % PLAYER_COLOURS.length];
  }

  place(position) {
    return this.edition.spaceName(position);
  }

  money(amount) {
    return this.edition.money(amount);
  }

  // The edition's word for a thing (a house may be a "branch"), else the page's own;
  // a form of it: "house.acc" («філію»).
  term(id) {
    return term(id);
  }

  // "1 house", "2 houses", "5 домов": in the edition's own words where it has them;
  // grammaticalCase "acc" where the count is a verb's object ("Збудувати 1 філію").
  counted(count, id, grammaticalCase = "") {
    return this.edition.counted(count, id, grammaticalCase) ?? t(`count.${id}`, { count }); // the page's words: house, hotel, deed, alike in both cases
  }

  // The auction running now: a property's, or the bank's auction of scarce buildings.
  auction() {
    return this.state.pending.find((p) => ["auction", "building_auction", "seller_auction", "estate_auction"].includes(p.type));
  }

  // A read that depends only on the language, made once per language.
  once(key, load) {
    const id = `${language()}:${key}`;
    const forget = () => (this.read.delete(id), null); // a failed read is tried again next time
    if (!this.read.has(id)) this.read.set(id, load().catch(forget));
    return this.read.get(id);
  }

  rule(id) {
    return this.once(`rule:${id}`, () => optional(`/editions/${encodeURIComponent(this.state.edition)}/rules/${encodeURIComponent(id)}`));
  }

  // The questions, and the editions' names their answers compare with (read when first needed).
  async contested() {
    const names = this.editionNames ?? fetchEditions().then((list) => (this.editionNames = list), () => null);
    const [found] = await Promise.all([this.once("contested", () => optional(`/editions/${encodeURIComponent(this.state.edition)}/contested`)), names]);
    this.questions = new Map((found || []).map((q) => [q.id, q.question]));
    return found;
  }

  questionTitle(id) {
    return this.questions?.get(id) ?? label("question", id);
  }

  editionName(id) {
    const found = this.editionNames?.find((e) => e.id === id);
    return found ? this.edition.text(found.name) : id;
  }

  // Open the trade form, filled in from a space's card.
  startTrade(seat, draft) {
    this.view.trade = { seat, give: [], get: [], ...draft };
    this.view.open[`trade-${seat}`] = true;
    this.view.open.drawer = true; // on the table phone the trade form is in the Property drawer
    this.view.propertySeat = seat;
    this.sections.delete("controls");
    this.show("play");
    document.querySelector(`[data-form="trade-${seat}"] summary`)?.focus();
  }

  // What the engine lets a seat choose for an action type now (the `options`
  // of its `allowed` entry), or null when the seat may not take it: the page
  // reads limits, prices and labels here and derives no rule of its own.
  options(type, seat) {
    return this.state.allowed.find((a) => a.type === type && a.seat === seat)?.options ?? null;
  }

  // Why a seat may not take an action now (the state's `refused` entry: the positions
  // held back, each with the engine's reason), or null.
  refused(type, seat) {
    return this.state.refused?.find((r) => r.type === type && r.seat === seat) ?? null;
  }

  pending(type) {
    return this.state.pending.filter((p) => p.type === type);
  }

  mySeats() {
    if (this.watch) return [];
    return this.seat === null ? this.state.players.map((p) => p.seat) : [this.seat];
  }

  show(tab) {
    this.view.tab = tab;
    this.render();
    document.getElementById(`tab-${tab}`)?.focus();
  }

  // -- actions ----------------------------------------------------------------------
  // done: called once the server has accepted the action (a form closes only then,
  // so that a refused one keeps what was entered).
  act(body, options) {
    return this.send("/actions", body, options);
  }

  // One write (an action, an undo, a correction), after a confirmation when asked for.
  // An undo's dialog says "keep it" for no: its yes takes something back, and a plain
  // "Cancel" beside it (one word with "undo" in Ukrainian and Italian) reads as the same choice.
  async send(path, body, { confirm = null, ok = t("confirm.ok"), cancel = t(path === "/undo" ? "undo.keep" : "confirm.cancel"), done = null } = {}) {
    if (this.busy) return; // one submission at a time from this phone
    if (confirm && !(await confirmDialog(confirm, { ok, cancel }))) return;
    const key = newKey();
    const seen = this.state;
    const later = () => (this.outbox.queue(body, key, seen), done?.(), this.render());
    if (path === "/actions" && this.outbox.holds()) return later(); // behind what already waits, in order
    const hadFocus = this.focused() !== null;
    this.busy = true;
    this.error = null;
    this.render();
    try {
      const onBusy = () => ((this.error = { message: t("error.busy") }), this.render());
      const result = await this.post(path, body, onBusy, { key });
      this.error = null;
      this.lastResult = result;
      done?.();
      this.watcher.accept(result.state);
    } catch (error) {
      if (path === "/actions" && !(error instanceof ApiError)) later(); // the network went: sent when it is back
      else this.fail(error, path);
    } finally {
      this.busy = false;
      this.render();
      // the control used is gone with the action: the keyboard goes on from what comes next
      const now = document.activeElement;
      if (hadFocus && (!this.focused() || now.id === "panel")) this.firstControl()?.focus();
    }
  }

  // A write with the version on screen (or the one `seen` had, for an action sent
  // later); refused as stale (412), an answer whose subject is unchanged in the
  // fresh state is sent again with its version.
  // A refusal keeps the version it answered (`version`): its message goes once the state moves past it.
  async post(path, body, onBusy = null, { key = newKey(), version = this.state.version, seen = this.state } = {}) {
    try {
      return await this.client.post(path, body, version, { key, onBusy });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 412 || path !== "/actions") throw answering(error, version);
      const fresh = await this.client.state(null).catch(() => null); // unreadable now: the refusal stands
      if (!fresh) throw answering(error, version);
      if (!stillAnswers(seen, fresh.state, body)) throw answering(error, fresh.state.version);
      return this.client.post(path, body, fresh.state.version, { key, onBusy }).catch((again) => Promise.reject(answering(again, fresh.state.version)));
    }
  }

  // The state again in full, though its version has not changed: a count ran out.
  async refresh() {
    try {
      const fresh = await this.client.state(null);
      this.watcher.etag = fresh.etag;
      await this.receive(fresh.state, { force: true });
    } catch {
      // the next poll or tick tries again
    }
  }

  fail(error, path = "/actions") {
    const taking = path !== "/actions"; // an undo or a correction
    if (leaveIfShutOut(this, error)) return;
    this.shownError(error, taking);
    this.error.version = error.version ?? this.state.version; // a stale message goes once the state moves on
  }

  shownError(error, taking) {
    if (!(error instanceof ApiError)) this.error = { message: t("error.network") };
    else if (error.status === 412) {
      this.error = { message: t("error.stale") };
      this.watcher.poke();
    } else if (error.status === 409) {
      // given after time the service recorded first (a timeout, the end): say why the screen moved on
      const title = error.afterTime ? t("error.after_time") : taking ? t("undo.refused") : null;
      this.error = { title, message: error.message, rule: error.problem.rule, ruling: error.problem.ruling };
    }
    else if (error.status === 422) this.error = { message: t("error.invalid"), lines: error.fieldErrors };
    else if (error.status === 403) this.error = { message: taking ? t("undo.table_only") : t("error.forbidden") };
    else this.error = { message: error.message };
  }

  // -- live state -----------------------------------------------------------------------
  // force: take the state even at the version on screen (read again after a count ran out).
  async receive(state, { force = false } = {}) {
    if (this.state && (force ? state.version < this.state.version : state.version <= this.state.version)) return;
    const previous = this.state;
    this.state = state;
    this.receivedAt = Date.now();
    if (this.error?.version != null && state.version > this.error.version) this.error = null; // it answered a state gone by
    rememberState(this.client.gameId, state);
    this.moves = (previous && this.tokensMoved(previous, state)) || turnMove(state);
    if (!this.edition || this.edition.lang !== language()) this.readEdition(language());
    if (!previous || previous.version !== state.version) await this.catchUp(previous);
    this.render();
  }

  // Net worth now and over the game, read when the money tab shows a new version.
  async loadWorth() {
    const version = this.state.version;
    if (this.worth.loading || this.worth.version === version) return;
    this.worth.loading = true;
    try {
      const after = this.worth.points?.at(-1)?.event ?? 0;
      const [standings, history] = await Promise.all([this.client.optional("/standings"), this.client.optional(`/standings/history?after=${after}`)]);
      this.worth.standings = standings?.standings ?? null;
      this.worth.parts = standings?.parts ?? null;
      this.worth.points = [...(this.worth.points || []), ...(history?.points || [])];
      this.worth.version = version;
    } finally {
      this.worth.loading = false;
    }
    if (this.view.tab === "money" || this.state.finished) this.render();
  }

  // The phone's language changed: rulings, pending items and answers are read again in it.
  async relocalise() {
    this.events = [];
    this.ledger = [];
    this.sections.clear();
    try {
      const fresh = await this.client.state(null);
      this.state = fresh.state;
      this.watcher.etag = fresh.etag;
    } catch {
      // the next poll brings it
    }
    await this.catchUp(null);
    this.render();
  }

  // The tokens an update moved (a roll, a card, an undo taking a roll back), or null.
  tokensMoved(before, after) {
    const moves = [];
    for (const p of after.players) {
      const was = before.players[p.seat];
      if (!was || p.bankrupt || p.left) continue;
      if (p.in_jail && !was.in_jail) moves.push({ seat: p.seat, jail: true });
      else if (p.position !== was.position) moves.push({ seat: p.seat, position: p.position });
    }
    return moves.length ? moves : null;
  }

  moveText(move) {
    return move.jail ? t("move.jail", { name: this.name(move.seat) }) : t("move.to", { name: this.name(move.seat), place: this.place(move.position) });
  }

  // New events and ledger entries since the last state; tell the other phones what happened.
  async catchUp(previous) {
    const afterEvent = this.events.at(-1)?.seq ?? 0;
    const afterEntry = this.ledger.at(-1)?.seq ?? 0;
    try {
      const [events, entries] = await Promise.all([this.client.events(afterEvent), this.client.ledger({ after: afterEntry })]);
      this.events.push(...events.filter((e) => e.seq > afterEvent));
      this.ledger.push(...entries.filter((e) => e.seq > afterEntry));
      const own = this.lastResult?.event?.seq;
      const latest = events.at(-1);
      if (previous && latest && latest.seq !== own) toast(this.eventSummary(latest));
    } catch {
      // the next state change fetches them again
    }
  }

  eventSummary(event) {
    return entryText(this, { seat: event.seat, by: event.by, action: { ...event.action, type: event.type } });
  }

  connection(status) {
    if (status === "live") this.outbox.flush();
    const el = document.getElementById("connection");
    el.dataset.status = status;
    el.textContent = t(`connection.${status}`);
  }

  // -- rendering --------------------------------------------------------------------------
  // A section is rebuilt only when what it shows changed, so that a choice being
  // made (dice picked, a card searched) survives updates that do not concern it.
  // The edition's names count too: a language switched to shows the old copy's until its own arrives.
  section(name, what, build) {
    const known = this.sections.get(name);
    const key = `${this.edition?.lang}|${what}`;
    if (known && known.key === key) return known.node;
    const node = build();
    if (known?.node && node) keepOpen(known.node, node);
    this.sections.set(name, { key, node });
    return node;
  }

  render() {
    if (!this.state || this.left) return;
    const lang = language();
    if (this.edition.lang !== lang) this.readEdition(lang);
    const focus = this.focused();
    replace(this.root, this.header(), this.tabs(), this.panel());
    this.refocus(focus);
    document.title = `${t("title.play")} · ${this.edition.name}`;
  }

  // Updates from other phones must not pull the keyboard focus away: remember
  // what had it, and give it back to the same control (or its rebuilt twin).
  focused() {
    const el = document.activeElement;
    if (!el || el === document.body || !this.root.contains(el)) return null;
    return { el, id: el.id, tag: el.tagName, name: el.getAttribute("aria-label") || el.textContent };
  }

  refocus(focus) {
    if (!focus || document.activeElement === focus.el) return;
    const twin = focus.el.isConnected
      ? focus.el
      : (focus.id && document.getElementById(focus.id)) ||
        [...this.root.querySelectorAll(focus.tag)].find((el) => (el.getAttribute("aria-label") || el.textContent) === focus.name);
    const next = twin && !twin.closest("[inert]") ? twin : this.firstControl();
    next?.focus({ preventScroll: true });
  }

  firstControl() {
    const $ = (selector) => this.root.querySelector(selector);
    const visible = (el) => (el.checkVisibility ? el.checkVisibility() : el.offsetParent !== null);
    const controls = [...this.root.querySelectorAll(".controls:not([inert]) :is(button, input, summary)")].filter(visible);
    return $("[role=alert] button") || controls[0] || $("#panel");
  }

  header() {
    const lang = language();
    const turn = this.state.players[this.state.turn.seat];
    const me = this.watch ? t("me.watch") : this.seat === null ? t("me.table") : t("me.seat", { name: this.name(this.seat) });
    const dice = this.state.turn.dice ? t("status.dice", { a: this.state.turn.dice[0], b: this.state.turn.dice[1] }) : "";
    const over = this.state.finished || this.state.winner != null;
    const winners = this.state.winners?.length ? this.state.winners : [this.state.winner].filter((s) => s != null);
    return h(
      "div",
      { class: "status" },
      h("div", { class: "me-row" }, h("p", { class: "me", text: me }), this.seat === null && !this.watch && !over ? quickUndo(this) : null),
      over
        ? h("p", { class: "turn", text: t("status.winner", { names: winners.map((s) => this.name(s)).join(", "), count: winners.length }) })
        : h("p", { class: "turn" }, h("i", { class: "swatch", style: { background: this.colour(turn.seat) }, "aria-hidden": "true" }), t("status.turn", { name: isolated(turn.name) }), dice ? ` · ${dice}` : ""),
      this.section("balances", JSON.stringify([lang, this.state.players, this.state.turn.seat]), () => balances(this)),
      this.section("timers", `${lang}:${this.state.version}:${this.receivedAt}`, () => timersView(this)),
      outboxView(this), // on every tab: what waits for the network, and what the table refused
    );
  }

  tabs() {
    return h(
      "nav",
      { class: "tabs", role: "tablist", "aria-label": t("tabs.label") },
      TABS.map((tab) =>
        h("button", {
          id: `tab-${tab}`,
          type: "button",
          role: "tab",
          "aria-selected": String(this.view.tab === tab),
          "aria-controls": "panel",
          tabIndex: this.view.tab === tab ? 0 : -1,
          text: t(`tab.${tab}`),
          on: { click: () => this.show(tab), keydown: (e) => this.tabKey(e, tab) },
        }),
      ),
    );
  }

  tabKey(event, tab) {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    this.show(TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length]);
  }

  panel() {
    const lang = language();
    const v = this.state.version;
    const tab = this.view.tab;
    const content = {
      play: () => this.playView(),
      board: () => this.section("board", `${lang}:${v}`, () => boardView(this)),
      money: () => (this.loadWorth(), this.section("money", `${lang}:${this.ledger.length}:${this.view.statement}:${v}:${this.worth.version}`, () => moneyView(this))),
      rules: () => this.section("rules", `${lang}:${this.events.length}`, () => disputesView(this)),
    }[tab]();
    return h("div", { id: "panel", role: "tabpanel", tabIndex: -1, "aria-labelledby": `tab-${tab}` }, content);
  }

  playView() {
    const lang = language();
    const mine = this.mySeats();
    const clock = this.state.clock;
    const controlsKey = JSON.stringify([lang, this.state.allowed.filter((a) => mine.includes(a.seat)), this.state.refused, this.state.waiting, this.state.pending, this.state.players.map((p) => [p.cash, p.jail_cards, p.bankrupt, p.left]), this.state.properties, this.state.bank, this.state.options, clock?.seats, clock?.expired]);
    const previous = this.sections.get("controls")?.node;
    const controls = this.section("controls", controlsKey, () => controlsView(this, mine));
    if (previous && controls && previous !== controls) keepInputs(previous, controls);
    const tableFirst = mine.length > 1;
    // the table phone heads each debtor's block with the debt: the list under the controls leaves it out;
    // a purchase's line says what the cash lacks (`refused`), which changes with no change pending
    const above = tableFirst ? debtorsAmong(this, mine) : [];
    const pending = this.section("pending", JSON.stringify([lang, this.state.pending, this.state.refused, above, this.state.finished]), () => this.pendingView(above));
    return h(
      "section",
      { class: "play", "aria-labelledby": "play-title" },
      h("h2", { id: "play-title", class: "visually-hidden", text: t("tab.play") }),
      // a finished game moves no token: the last move would only stand above the final screen
      this.moves.length && !this.state.finished ? this.section("moves", JSON.stringify([lang, this.moves]), () => h("div", { class: "moves", role: "status" }, this.moves.map((m) => h("p", { text: this.moveText(m) })))) : null,
      this.state.finished ? (this.loadWorth(), this.section("final", `${lang}:${this.state.version}:${this.worth.version}`, () => finalView(this))) : null,
      // the table phone puts the turn's controls first: what is pending is explained under them
      tableFirst ? null : pending,
      this.errorView(),
      this.watch ? h("p", { class: "waiting watching", text: t("controls.watching") }) : h("div", { class: "controls", "aria-busy": String(this.busy), inert: this.busy }, controls),
      tableFirst ? pending : null,
      this.seat === null && !this.watch ? h("div", { class: "undo", inert: this.busy }, this.section("mistakes", `${lang}:${this.events.at(-1)?.seq}:${this.state.version}`, () => correctionsView(this))) : null,
      h("h3", { text: t("play.latest") }),
      this.section("latest", `${lang}:${this.events.length}`, () => recentEvents(this, 4)),
      this.seat === null && !this.watch && savedGame(this.client.gameId) ? this.section("links", lang, () => this.linksView()) : null,
      this.seat !== null && !this.watch ? this.section("seat-move", lang, () => drawer("seat-move", t("move.title"), (m) => m.moveSeatParts(this))) : null,
      this.seat === null && !this.watch ? this.section("phones", JSON.stringify([lang, this.state.players.map((p) => p.name)]), () => drawer("phones", t("phones.title"), (m) => m.phonesParts(this))) : null,
    );
  }

  // The links of a table started on this phone; QR codes are made when opened.
  linksView() {
    const details = h("details", { class: "links" }, h("summary", { text: t("play.links") }));
    details.addEventListener("toggle", () => details.open && details.childElementCount === 1 && details.append(linksView(savedGame(this.client.gameId))));
    return details;
  }

  // shown: the debtors whose debts the controls above show already.
  pendingView(shown = []) {
    if (!this.state.pending.length) return this.state.finished ? null : h("p", { class: "muted nothing-pending", text: t("pending.none") });
    const listed = firstDebts(this.state.pending.filter((p) => !(p.type === "debt" && shown.includes(p.debtor))));
    if (!listed.length) return null;
    return h("div", {}, h("h3", { text: t("pending.heading") }), h("ul", { class: "pending-list" }, listed.map((p) => pendingItem(p, this))));
  }

  // The table's own decisions (money moved with a reason, names, a player leaving), after the turn's controls.
  decisionsView() {
    const late = tableControls(this, true);
    return late.length ? h("fieldset", { class: "seat-controls table-decisions" }, h("legend", { text: t("controls.decisions") }), late) : null;
  }

  errorView() {
    if (!this.error) return null;
    return h(
      "div",
      { class: "error", role: "alert" },
      this.error.title ? h("p", {}, h("strong", { text: this.error.title })) : null,
      h("p", { text: this.error.message }),
      this.error.lines?.length ? h("ul", {}, this.error.lines.map((l) => h("li", { text: l }))) : null,
      this.error.ruling ? bookletView(this.error.ruling.booklet) : null,
      this.error.rule ? idsView(null, [t("ruling.rule", { rule: this.error.rule })]) : null,
      h("button", { type: "button", class: "small secondary", text: t("close"), on: { click: () => ((this.error = null), this.render()) } }),
    );
  }

  async start() {
    const first = await this.client.state(null);
    this.editionId = first.state.edition;
    this.editionDocs.set(language(), await fetchEdition(this.editionId, language()));
    this.readEdition(language());
    this.watcher.etag = first.etag;
    await this.receive(first.state);
    this.watcher.start();
    this.outbox.flush(); // what waited when the page was last closed
    setInterval(() => tick(this.root, () => this.refresh()), TICK_MS);
  }
}

// A refusal with the version of the state it answered (its message goes once the state moves past it);
// one given after time the service recorded first keeps the version after that, so that it stays.
function answering(error, version) {
  if (error instanceof ApiError) error.version ??= version;
  return error;
}

// Where the hand must put a token in this state, whatever was answered before it
// (so the same after an undo and after a reload): the player whose turn it is, once
// they have rolled -- to jail when sent there this turn; a roll that failed to
// leave jail moves nothing.
export function turnMove(state) {
  const player = state.players[state.turn.seat];
  if (!player || player.bankrupt || player.left || !state.turn.rolled || state.finished) return [];
  if (player.in_jail) return player.jail_turns === 0 ? [{ seat: player.seat, jail: true }] : [];
  return [{ seat: player.seat, position: player.position }];
}

// What the reader opened (a ledger line, its ruling, a question) stays open when
// an update rebuilds the section: disclosures marked data-keep are matched by key.
function keepOpen(before, after) {
  const open = new Set([...before.querySelectorAll("details[open][data-keep]")].map((d) => d.dataset.keep));
  for (const details of after.querySelectorAll("details[data-keep]")) if (open.has(details.dataset.keep)) details.open = true;
}

// A form half filled in survives an update from another phone that rebuilds the
// controls: what was typed and ticked in an open form is carried over to its twin.
function keepInputs(before, after) {
  const key = (el) => (el.type === "checkbox" || el.type === "radio" ? `${el.name}=${el.value}` : el.id || el.name);
  const fields = (root, selector) => [...root.querySelectorAll(`details[open] ${selector}`)];
  const carry = (selector) => {
    const old = new Map(fields(before, selector).map((el) => [key(el), el]));
    for (const el of fields(after, selector)) {
      const was = old.get(key(el));
      if (!was || el.disabled || el.dataset.chosenNow) continue; // a choice the page has just made stands
      if (el.type === "checkbox" || el.type === "radio") el.checked = was.checked;
      else el.value = was.value;
      el.dispatchEvent(new Event(el.tagName === "SELECT" ? "change" : "input", { bubbles: true }));
    }
  };
  carry("select"); // first: a partner chosen redraws the fields that depend on it
  carry("input");
}

// From a table, the brand leads to the start page (which leads back) only once asked.
function leaveAsked() {
  document.getElementById("brand").addEventListener("click", async (event) => {
    event.preventDefault();
    if (await confirmDialog(t("brand.leave"), { ok: t("brand.leave_ok"), cancel: t("brand.stay") })) location.assign("/");
  });
}

export async function playPage(main, gameId) {
  // another link of this table opened in this tab (a new link, a move link) is another phone: start again
  window.addEventListener("hashchange", () => location.reload(), { once: true });
  if (!(await arrive(main, gameId))) return; // a move link, opened here: the seat is taken first
  const who = identity(location.hash);
  if (!who.token) {
    replace(main, h("div", { class: "card" }, h("h1", { text: t("play.no_token.title") }), h("p", { text: t("play.no_token") }), h("a", { href: "/", class: "button", text: t("play.start_new") })));
    return;
  }
  const table = new Table(gameId, who);
  replace(main, h("p", { class: "muted", text: t("loading") }));
  try {
    await table.start();
    replace(main, table.root);
    rememberOpened({ href: location.href, players: table.state.players.map((p) => p.name) });
    leaveAsked();
  } catch (error) {
    const left = leftView(error);
    if (left) return replace(main, left);
    const refused = error instanceof ApiError && [401, 403, 404].includes(error.status);
    replace(main, h("div", { class: "card", role: "alert" }, h("h1", { text: refused ? t("play.refused.title") : t("error.network") }), h("p", { text: refused ? t("play.refused") : error.message })));
    if (!refused) setTimeout(() => playPage(main, gameId), 3000);
  }
  document.addEventListener("languagechange", () => {
    table.render();
    table.relocalise();
    if (table.watcher.status) table.connection(table.watcher.status);
  });
}
