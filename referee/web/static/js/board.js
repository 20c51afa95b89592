// The board: the edition's spaces around the edge of a square, owner colours,
// houses and hotels, mortgages and tokens; tap a space for its card, the rent it
// would cost now and what its owner may do with it.

import { spaceActions } from "./actions.js";
import { h, replace } from "./dom.js";
import { isolated, t } from "./i18n.js";
import { buildingsText } from "./property.js";
import { rulingView } from "./ruling.js";
import { prefixes, shortNames } from "./shortnames.js";

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
  if (holding?.owner != null) parts.push(t("board.owned_by", { name: c.name(holding.owner) }), ...held(c, holding));
  const here = c.state.players.filter((p) => p.position === position && !(p.bankrupt || p.left)).map((p) => isolated(p.name));
  if (here.length) parts.push(t("board.here", { names: here.join(", ") }));
  return parts.join(", ");
}

export function boardView(c) {
  const count = c.edition.size;
  const side = count / 4 + 1;
  // a group of buttons (no grid roles: the cells are buttons, not grid cells); a list of spaces on a narrow screen
  const grid = h("div", { class: "board", style: { "--side": String(side) }, role: "group", "aria-label": t("board.label") });
  if (!Number.isInteger(count / 4)) return h("p", { text: t("board.unsupported") });
  const names = Array.from({ length: count }, (_, position) => c.place(position));
  const shortName = shortNames(names);
  // tokens show the start of a name that tells it from the others, not colour alone
  const marks = prefixes(c.state.players.map((p) => p.name));
  for (let position = 0; position < count; position++) {
    const space = c.edition.space(position);
    const holding = ownerOf(c, position);
    const owner = holding?.owner ?? null;
    const [row, col] = cell(position, count);
    const tokens = c.state.players.filter((p) => p.position === position && !(p.bankrupt || p.left));
    grid.append(
      h(
        "button",
        {
          type: "button",
          class: `space kind-${space?.kind} ${holding?.mortgaged ? "mortgaged" : ""}`,
          style: { "grid-row": String(row + 1), "grid-column": String(col + 1), "--group": c.edition.groupColour(space?.group), "--owner": owner === null ? "transparent" : c.colour(owner) },
          "aria-label": describeSpace(c, position),
          dataset: { position: String(position) },
          on: { click: () => openSpace(c, position) },
        },
        space?.group ? h("span", { class: "strip", "aria-hidden": "true" }) : null,
        h("span", { class: "short", "aria-hidden": "true", text: shortName.get(names[position]) }),
        h("span", { class: "full", "aria-hidden": "true" }, h("span", { text: names[position] }), owner === null ? null : heldLine(c, holding)),
        owner === null ? null : h("span", { class: "owner", "aria-hidden": "true", text: marks[owner] }),
        buildingsMark(holding),
        tokens.length ? h("span", { class: "tokens", "aria-hidden": "true" }, tokens.map((p) => token(c, p.seat, marks))) : null,
      ),
    );
  }
  grid.append(h("div", { class: "centre", style: { "grid-row": `2 / ${side}`, "grid-column": `2 / ${side}` } }, h("strong", { text: c.edition.name }), h("p", { text: t("board.hint") })));
  return h("section", { "aria-labelledby": "board-title" }, h("h2", { id: "board-title", text: t("tab.board") }), grid, legend(c, marks));
}

function token(c, seat, marks) {
  const colour = c.colour(seat);
  return h("i", { class: "token", style: { background: colour, color: ink(colour) }, text: marks[seat] });
}

// Black or white letters on a colour (#rrggbb), whichever contrasts more (WCAG: past a luminance of 0.179, black).
function ink(colour) {
  const [r, g, b] = [1, 3, 5].map((i) => ((v) => (v <= 0.04 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))(parseInt(colour.slice(i, i + 2), 16) / 255));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.179 ? "#000" : "#fff";
}

// What stands on an owned space (in the edition's words) and whether it is mortgaged.
const held = (c, holding) => [buildingsText(c, holding), holding.mortgaged ? t("board.mortgaged") : ""].filter(Boolean);

// The owner and what `held` says, under the name, where the board is a list.
function heldLine(c, holding) {
  return h("span", { class: "held" }, h("i", { class: "swatch", style: { background: c.colour(holding.owner) } }), [c.name(holding.owner), ...held(c, holding)].join(" · "));
}

// On the grid, as the pieces look: a dot per house, a block for a hotel (no letter: any language reads it).
function buildingsMark(holding) {
  if (holding?.hotel) return h("span", { class: "buildings hotel", "aria-hidden": "true", text: "■" });
  return holding?.houses ? h("span", { class: "buildings", "aria-hidden": "true", text: "●".repeat(holding.houses) }) : null;
}

function legend(c, marks) {
  return h("ul", { class: "legend" }, c.state.players.map((p) => h("li", {}, h("span", { "aria-hidden": "true" }, token(c, p.seat, marks)), isolated(p.name))));
}

function rentTable(c, space) {
  if (!Array.isArray(space.rent)) return null;
  const unconfirmed = c.edition.unconfirmed(space.position).includes("rent");
  const rows = space.rent.map((amount, level) => {
    const what =
      space.kind !== "street"
        ? t("board.rent.count", { count: level + 1 })
        : level === 0
          ? t("board.rent.base")
          : level === space.rent.length - 1
            ? c.term("hotel")
            : c.counted(level, "house");
    return h("tr", {}, h("th", { scope: "row", text: what }), h("td", { text: space.kind === "utility" ? `× ${amount}` : c.money(amount) }));
  });
  return h("table", { class: "rent" }, h("caption", {}, t("board.rent"), unconfirmed ? h("span", { class: "badge unconfirmed", text: t("board.unconfirmed") }) : null), h("tbody", {}, rows));
}

// A fact of the deed, marked when the edition's value is a default to check against the table's board.
function fact(c, position, field, name, value) {
  const unconfirmed = c.edition.unconfirmed(position).includes(field);
  return [h("dt", { text: name }), h("dd", {}, value, unconfirmed ? h("span", { class: "badge unconfirmed", text: t("board.unconfirmed") }) : null)];
}

async function openSpace(c, position) {
  const space = c.edition.space(position);
  const holding = ownerOf(c, position);
  const quote = h("div", { class: "quote", "aria-live": "polite" });
  const facts = [];
  if (space.price) facts.push(fact(c, position, "price", t("board.price"), c.money(space.price)));
  if (space.mortgage) facts.push(fact(c, position, "mortgage", t("board.mortgage"), c.money(space.mortgage)));
  if (space.building_cost) facts.push(fact(c, position, "building_cost", t("board.building_cost", { house: c.term("house") }), c.money(space.building_cost)));
  if (space.amount) facts.push(fact(c, position, "amount", t("board.tax"), c.money(space.amount)));
  if (space.group) facts.push(fact(c, position, "group", t("board.group"), c.edition.groupName(space.group)));
  if (holding) facts.push(fact(c, position, "owner", t("board.owner"), holding.owner == null ? t("board.bank") : c.name(holding.owner)));
  const built = buildingsText(c, holding);
  if (built) facts.push(fact(c, position, "buildings", t("board.built"), built));
  if (holding?.mortgaged) facts.push(fact(c, position, "mortgaged", t("board.state"), t("board.mortgaged")));
  const actions = c.mySeats().flatMap((seat) => spaceActions(c, seat, position));
  const nameUnconfirmed = c.edition.unconfirmed(position).includes("name");
  const dialog = h(
    "dialog",
    { class: "sheet", "aria-labelledby": "space-title", dataset: { position: String(position) } },
    h("div", { class: "sheet-head", style: { "--group": c.edition.groupColour(space.group) } }, h("h2", { id: "space-title", text: c.place(position) }), nameUnconfirmed ? h("p", { class: "muted", text: t("board.name_unconfirmed") }) : null),
    h("dl", { class: "fields" }, facts),
    rentTable(c, space),
    quote,
    actions.length ? h("div", { class: "actions", on: { click: (e) => e.target.closest("button") && dialog.close() } }, actions) : null,
    h("form", { method: "dialog" }, h("button", { class: "secondary", text: t("close") })),
  );
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  if (holding?.owner != null || space.amount) replace(quote, quoteView(c, position, holding));
}

// Who a quote is for: the player whose turn it is, unless they own the space; then the next one.
function payerFor(c, holding) {
  const players = c.state.players.filter((p) => !(p.bankrupt || p.left));
  const from = players.findIndex((p) => p.seat === c.state.turn.seat);
  const order = [...players.slice(from), ...players.slice(0, from)];
  return order.find((p) => p.seat !== holding?.owner) ?? order[0];
}

// What a stop here would cost a player now (GET /games/{id}/quote): the amount and
// the ruling behind it, in the phone's language; a utility takes the dice.
function quoteView(c, position, holding) {
  const out = h("div", { class: "quote-result", "aria-live": "polite" });
  const payer = payerFor(c, holding);
  const id = `quote-seat-${position}`;
  const diceId = `quote-dice-${position}`;
  const select = h(
    "select",
    { id },
    c.state.players.filter((p) => !(p.bankrupt || p.left) && p.seat !== holding?.owner).map((p) => h("option", { value: String(p.seat), text: isolated(p.name), selected: p.seat === payer?.seat })),
  );
  const dice = h("input", { id: diceId, type: "number", inputmode: "numeric", min: "2", max: "12", step: "1", placeholder: "2–12" });
  const diceField = h("div", { class: "field", hidden: true }, h("label", { for: diceId, text: t("board.quote_dice_total") }), dice);
  const load = async () => {
    const query = new URLSearchParams({ position: String(position), seat: select.value });
    const total = Number(dice.value);
    if (Number.isInteger(total) && total >= 2 && total <= 12) query.set("dice", String(total));
    const found = await c.client.optional(`/quote?${query}`).catch(() => null);
    if (!found) return replace(out, h("p", { class: "muted", text: t("board.quote_unavailable") }));
    diceField.hidden = found.multiplier == null;
    const amount =
      found.amount == null
        ? found.multiplier == null
          ? t("board.quote_later")
          : t("board.quote_dice", { multiplier: found.multiplier })
        : t("board.quote", { name: c.name(found.seat), amount: c.money(found.amount) });
    replace(out, h("p", { class: "quote-amount", dataset: { amount: String(found.amount ?? "") }, text: amount }), rulingView(c, found.ruling, { compact: true }));
  };
  select.addEventListener("change", load);
  dice.addEventListener("input", load);
  if (payer) load();
  return h("div", {}, h("h3", { text: t("board.quote_title") }), h("div", { class: "field" }, h("label", { for: id, text: t("board.quote_for") }), select), diceField, out);
}
