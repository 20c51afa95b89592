// The table phone's controls: the turn's seat first, then the others around the
// table; the any-time dealings (build, sell, mortgage, trade) in one Property
// drawer that chooses the seat. A seat's phone shows its own controls as they come.

import { control, orderOf, seatControls, tableControls } from "./actions.js";
import { h } from "./dom.js";
import { label, t } from "./i18n.js";
import { roundButtons } from "./property.js";

// Whether an action type belongs in the table phone's Property drawer for a seat now.
function inDrawer(c, type, seat) {
  const drawer = control(type).drawer;
  return typeof drawer === "function" ? drawer(c, seat) : drawer;
}

export function controlsView(c, seats) {
  const shared = tableControls(c);
  const table = shared.length ? [h("fieldset", { class: "seat-controls table-controls" }, h("legend", { text: t("controls.table") }), shared)] : [];
  const several = seats.length > 1; // the table phone: the turn first, any-time dealings in one drawer
  const now = (type, seat) => !several || !inDrawer(c, type, seat);
  const blocks = settleFirst(c, turnOrder(c, seats), now)
    .map((seat) => [seat, seatControls(c, seat, (type) => now(type, seat))])
    .filter(([, controls]) => controls.length)
    .map(([seat, controls]) => seatBlock(c, seat, controls));
  const drawer = several ? propertyDrawer(c, seats) : null;
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

function seatBlock(c, seat, controls) {
  const legend = h("legend", {}, h("i", { class: "swatch", style: { background: c.colour(seat) }, "aria-hidden": "true" }), t("controls.for", { name: c.name(seat) }));
  return h("fieldset", { class: "seat-controls", dataset: { seat: String(seat) } }, legend, controls);
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
function drawerTitle(c, seats) {
  const types = new Set(c.state.allowed.filter((a) => seats.includes(a.seat) && inDrawer(c, a.type, a.seat)).map((a) => a.type));
  const ordered = [...types].sort((a, b) => control(a).order - control(b).order);
  return t("drawer.title", { actions: ordered.map((type) => label("drawer.do", type)).join(", ") });
}

// The table phone's any-time dealings (build, sell, mortgage, trade), for one seat
// at a time, chosen inside the drawer; closed unless the table opened it.
function propertyDrawer(c, seats) {
  const dealing = (seat) => seatControls(c, seat, (type) => inDrawer(c, type, seat));
  const able = turnOrder(c, seats).filter((seat) => dealing(seat).length);
  if (!able.length) return null;
  const seat = able.includes(c.view.propertySeat) ? c.view.propertySeat : able[0];
  const rounds = able.flatMap((s) => roundButtons(c, s)); // every seat's, one tap each: no seat to choose first
  const choose = h(
    "select",
    { id: "property-seat", on: { change: (e) => ((c.view.propertySeat = Number(e.target.value)), c.sections.delete("controls"), c.render()) } },
    able.map((s) => h("option", { value: String(s), selected: s === seat, text: c.name(s) })),
  );
  const details = h(
    "details",
    { class: "property-drawer", open: !!c.view.open.drawer },
    h("summary", { class: "button action secondary", text: drawerTitle(c, able) }),
    rounds.length ? h("div", { class: "build-rounds" }, rounds) : null,
    h("div", { class: "row" }, h("label", { for: "property-seat", text: t("drawer.seat") }), choose),
    seatBlock(c, seat, dealing(seat)),
  );
  details.addEventListener("toggle", () => (c.view.open.drawer = details.open));
  return details;
}
