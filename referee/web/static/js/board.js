// The board: the edition's spaces around the edge of a square, owner colours,
// houses and hotels, mortgages and tokens; tap a space for its card, the rent it
// would cost now and what its owner may do with it.

import { spaceActions } from "./actions.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";

// Grid cell (row, column) of each position on a square board with `side` spaces a side.
export function cell(position, count) {
  const side = count / 4; // spaces per side, corners counted once
  const last = side; // index of the far corner column/row
  const edge = Math.floor(position / side);
  const along = position % side;
  if (edge === 0) return [last, last - along];
  if (edge === 1) return [last - along, 0];
  if (edge === 2) return [0, along];
  return [along, last];
}

function ownerOf(c, position) {
  return c.state.properties.find((p) => p.position === position);
}

function describeSpace(c, position) {
  const holding = ownerOf(c, position);
  const parts = [c.place(position)];
  if (holding?.owner != null) parts.push(t("board.owned_by", { name: c.name(holding.owner) }));
  if (holding?.hotel) parts.push(t("board.hotel"));
  else if (holding?.houses) parts.push(t("board.houses", { count: holding.houses }));
  if (holding?.mortgaged) parts.push(t("board.mortgaged"));
  const here = c.state.players.filter((p) => p.position === position && !p.bankrupt).map((p) => p.name);
  if (here.length) parts.push(t("board.here", { names: here.join(", ") }));
  return parts.join(", ");
}

export function boardView(c) {
  const count = c.edition.size;
  const side = count / 4 + 1;
  const grid = h("div", { class: "board", style: { "--side": String(side) }, role: "grid", "aria-label": t("board.label") });
  if (!Number.isInteger(count / 4)) return h("p", { text: t("board.unsupported") });
  for (let position = 0; position < count; position++) {
    const space = c.edition.space(position);
    const holding = ownerOf(c, position);
    const [row, col] = cell(position, count);
    const tokens = c.state.players.filter((p) => p.position === position && !p.bankrupt);
    grid.append(
      h(
        "button",
        {
          type: "button",
          class: `space kind-${space?.kind} ${holding?.mortgaged ? "mortgaged" : ""}`,
          style: { "grid-row": String(row + 1), "grid-column": String(col + 1), "--group": c.edition.groupColour(space?.group), "--owner": holding?.owner != null ? c.colour(holding.owner) : "transparent" },
          "aria-label": describeSpace(c, position),
          dataset: { position: String(position) },
          on: { click: () => openSpace(c, position) },
        },
        space?.group ? h("span", { class: "strip", "aria-hidden": "true" }) : null,
        h("span", { class: "short", "aria-hidden": "true", text: shortName(c.place(position)) }),
        holding?.hotel ? h("span", { class: "buildings hotel", "aria-hidden": "true", text: "H" }) : holding?.houses ? h("span", { class: "buildings", "aria-hidden": "true", text: "●".repeat(holding.houses) }) : null,
        tokens.length ? h("span", { class: "tokens", "aria-hidden": "true" }, tokens.map((p) => h("i", { style: { background: c.colour(p.seat) }, text: p.name.charAt(0) }))) : null,
      ),
    );
  }
  grid.append(h("div", { class: "centre", style: { "grid-row": `2 / ${side}`, "grid-column": `2 / ${side}` } }, h("strong", { text: c.edition.name }), h("p", { text: t("board.hint") })));
  return h("section", { "aria-labelledby": "board-title" }, h("h2", { id: "board-title", text: t("tab.board") }), grid, legend(c));
}

function shortName(name) {
  return name.split(/\s+/).filter((w) => w.length > 2)[0]?.slice(0, 5) || name.slice(0, 5);
}

function legend(c) {
  return h("ul", { class: "legend" }, c.state.players.map((p) => h("li", {}, h("i", { class: "swatch", style: { background: c.colour(p.seat) }, "aria-hidden": "true" }), p.name)));
}

function rentTable(c, space) {
  if (!Array.isArray(space.rent)) return null;
  const rows = space.rent.map((amount, level) => {
    const what = space.kind !== "street" ? t("board.rent.count", { count: level + 1 }) : level === 0 ? t("board.rent.base") : level === space.rent.length - 1 ? t("board.hotel") : t("board.houses", { count: level });
    return h("tr", {}, h("th", { scope: "row", text: what }), h("td", { text: space.kind === "utility" ? `× ${amount}` : c.money(amount) }));
  });
  return h("table", { class: "rent" }, h("caption", { text: t("board.rent") }), h("tbody", {}, rows));
}

async function openSpace(c, position) {
  const space = c.edition.space(position);
  const holding = ownerOf(c, position);
  const quote = h("div", { class: "quote", "aria-live": "polite" });
  const facts = [];
  if (space.price) facts.push([t("board.price"), c.money(space.price)]);
  if (space.mortgage) facts.push([t("board.mortgage"), c.money(space.mortgage)]);
  if (space.building_cost) facts.push([t("board.building_cost"), c.money(space.building_cost)]);
  if (space.amount) facts.push([t("board.tax"), c.money(space.amount)]);
  if (space.group) facts.push([t("board.group"), c.edition.groupName(space.group)]);
  if (holding) facts.push([t("board.owner"), holding.owner == null ? t("board.bank") : c.name(holding.owner)]);
  const actions = c.mySeats().flatMap((seat) => (holding?.owner === seat ? spaceActions(c, seat, position) : []));
  const dialog = h(
    "dialog",
    { class: "sheet", "aria-labelledby": "space-title" },
    h("div", { class: "sheet-head", style: { "--group": c.edition.groupColour(space.group) } }, h("h2", { id: "space-title", text: c.place(position) })),
    h("dl", { class: "fields" }, facts.map(([k, v]) => [h("dt", { text: k }), h("dd", { text: v })])),
    rentTable(c, space),
    quote,
    actions.length ? h("div", { class: "actions" }, actions) : null,
    h("form", { method: "dialog" }, h("button", { class: "secondary", text: t("close") })),
  );
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  if (holding?.owner != null) replace(quote, await rentQuote(c, position, holding));
}

// The rent a stop here would cost now, from the server's quote endpoint when it has one.
async function rentQuote(c, position, holding) {
  if (holding.mortgaged) return h("p", { text: t("board.no_rent_mortgaged") });
  const payer = c.state.players.find((p) => p.seat !== holding.owner && !p.bankrupt);
  const query = new URLSearchParams({ position: String(position) });
  if (payer) query.set("seat", String(payer.seat));
  const found = await c.client.optional(`/quote?${query}`).catch(() => null);
  if (!found) return h("p", { class: "muted", text: t("board.quote_unavailable") });
  const amount = found.amount ?? found.rent;
  return h("div", {}, h("p", { class: "quote-amount", text: amount == null ? t("board.quote_dice") : t("board.quote", { amount: c.money(amount) }) }), found.ruling?.text ? h("p", { class: "ruling-text", text: found.ruling.text }) : null);
}
