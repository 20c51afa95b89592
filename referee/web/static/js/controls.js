// The table phone's controls: a debtor first, with the debt and the ways to raise
// it, then the turn's seat and the others around the table; the any-time dealings
// (build, sell, mortgage, trade) in one Property drawer that chooses the seat. A
// seat's phone shows its own controls as they come, under what is pending.

import { control, orderOf, seatControls, tableControls } from "./actions.js";
import { h } from "./dom.js";
import { label, t } from "./i18n.js";
import { firstDebts, pendingItem } from "./pending.js";
import { roundButtons } from "./property.js";

// The dealings that raise cash: a debtor's are at hand in the debtor's own block, not in the drawer.
const RAISING = new Set(["sell_building", "mortgage", "auction_property"]);

// Whether an action type belongs in the table phone's Property drawer for a seat now.
function inDrawer(c, type, seat, debtors = []) {
  if (debtors.includes(seat) && RAISING.has(type)) return false;
  const drawer = control(type).drawer;
  return typeof drawer === "function" ? drawer(c, seat) : drawer;
}

// The seats this phone speaks for that owe a debt now, in turn order (none once the game is over).
export function debtorsAmong(c, seats) {
  if (c.state.finished) return [];
  const owing = new Set(c.pending("debt").map((d) => d.debtor));
  return turnOrder(c, seats).filter((seat) => owing.has(seat));
}

export function controlsView(c, seats) {
  const shared = tableControls(c);
  const table = shared.length ? [h("fieldset", { class: "seat-controls table-controls" }, h("legend", { text: t("controls.table") }), shared)] : [];
  const several = seats.length > 1; // the table phone: a debt first, then what settles something before the next move
  const debtors = several ? debtorsAmong(c, seats) : [];
  const now = (type, seat) => !several || !inDrawer(c, type, seat, debtors);
  const order = [...debtors, ...settleFirst(c, turnOrder(c, seats).filter((seat) => !debtors.includes(seat)), now)];
  const blocks = order
    .map((seat) => [seat, seatControls(c, seat, (type) => now(type, seat))])
    .filter(([seat, controls]) => controls.length || debtors.includes(seat))
    .map(([seat, controls]) => seatBlock(c, seat, controls, debtors.includes(seat) ? debtsOf(c, seat) : null));
  const drawer = several ? propertyDrawer(c, seats, debtors) : null;
  const decisions = c.decisionsView();
  if (table.length || blocks.length || drawer) return h("div", {}, table, blocks, drawer, decisions);
  if (decisions) return h("div", {}, h("p", { class: "waiting", text: t("controls.none_table") }), decisions);
  if (c.state.finished) return null;
  if (c.state.time_left?.seconds_left === 0) return h("p", { class: "waiting", text: t("timed.up_seat") });
  return h("p", { class: "waiting", text: c.seat === null ? t("controls.none_table") : waitingText(c) });
}

// Who play waits for, as the state says (the next bidder, an offer's partner, the turn).
function waitingText(c) {
  const seats = c.state.waiting?.seats ?? [c.state.turn.seat];
  return t("controls.wait", { name: seats.map((s) => c.name(s)).join(", ") });
}

// A seat's block; `first`: what heads it (a debtor's debts, with what could raise them).
function seatBlock(c, seat, controls, first = null) {
  const legend = h("legend", {}, h("i", { class: "swatch", style: { background: c.colour(seat) }, "aria-hidden": "true" }), t("controls.for", { name: c.name(seat) }));
  return h("fieldset", { class: `seat-controls${first ? " debtor" : ""}`, dataset: { seat: String(seat) } }, legend, first, controls);
}

// The debts a seat owes, as the pending list explains them, to head the debtor's block.
function debtsOf(c, seat) {
  return h("ul", { class: "pending-list" }, firstDebts(c.pending("debt").filter((d) => d.debtor === seat)).map((d) => pendingItem(d, c)));
}

// The seats from the one whose turn it is, then on around the table.
function turnOrder(c, seats) {
  const turn = c.state.turn.seat;
  return [...seats].sort((a, b) => ((a - turn + 64) % 64) - ((b - turn + 64) % 64));
}

// The seats whose controls settle something first (a rent claim the next roll would end,
// a trade to answer) before the turn's next move: each by its first control's place, the
// turn's order kept between equals (the sort is stable).
function settleFirst(c, seats, now) {
  const own = (a, seat) => a.seat === seat && !control(a.type).once && now(a.type, seat); // what its block shows
  const first = (seat) => Math.min(...c.state.allowed.filter((a) => own(a, seat)).map((a) => orderOf(c, a.type, seat)));
  const at = new Map(seats.map((seat) => [seat, first(seat)]));
  return [...seats].sort((a, b) => at.get(a) - at.get(b));
}

// What the drawer holds, in its title: the dealings the `allowed` entries offer the
// seats in it now, in the order of their controls (never one the state does not allow).
function drawerTitle(c, seats, debtors) {
  const types = new Set(c.state.allowed.filter((a) => seats.includes(a.seat) && inDrawer(c, a.type, a.seat, debtors)).map((a) => a.type));
  const ordered = [...types].sort((a, b) => control(a).order - control(b).order);
  return t("drawer.title", { actions: ordered.map((type) => label("drawer.do", type)).join(", ") });
}

// The table phone's any-time dealings (build, sell, mortgage, trade), for one seat
// at a time, chosen inside the drawer; closed unless the table opened it, and open
// on the same seat through its dealings until the table closes it. A new debt, or a
// purchase the cash does not cover (the state's `refused` buy), turns it to the
// player who must raise the cash, whoever was chosen before; the table may choose again.
function propertyDrawer(c, seats, debtors) {
  const dealing = (seat) => seatControls(c, seat, (type) => inDrawer(c, type, seat, debtors));
  const raising = [...new Set([...debtors, ...(c.state.refused || []).filter((r) => r.type === "buy").map((r) => r.seat)])];
  const able = [...raising, ...turnOrder(c, seats).filter((seat) => !raising.includes(seat))].filter((seat) => dealing(seat).length);
  if (!able.length) return null;
  const owing = raising.join();
  const turned = c.view.drawerDebtors !== owing && raising.length > 0;
  if (c.view.drawerDebtors !== owing) [c.view.drawerDebtors, c.view.propertySeat] = [owing, raising[0] ?? c.view.propertySeat];
  const seat = able.includes(c.view.propertySeat) ? c.view.propertySeat : able[0];
  if (c.view.open.drawer) c.view.propertySeat = seat; // an open drawer stays on its seat as the turn moves on
  const rounds = roundButtons(c, seat); // the chosen seat's, one tap each: another's are one choice away
  const choose = h(
    "select",
    { id: "property-seat", dataset: turned ? { chosenNow: "debt" } : {}, on: { change: (e) => ((c.view.propertySeat = Number(e.target.value)), c.sections.delete("controls"), c.render()) } },
    able.map((s) => h("option", { value: String(s), selected: s === seat, text: c.name(s) })),
  );
  const details = h(
    "details",
    { class: "property-drawer", open: !!c.view.open.drawer },
    h("summary", { class: "button action secondary", text: drawerTitle(c, able, debtors) }),
    h("div", { class: "row" }, h("label", { for: "property-seat", text: t("drawer.seat") }), choose),
    rounds.length ? h("div", { class: "build-rounds" }, rounds) : null,
    seatBlock(c, seat, dealing(seat)),
  );
  details.addEventListener("toggle", () => (c.view.open.drawer = details.open));
  return details;
}
