// What the table must resolve next. Each pending item has a `type`: known types
// read as a sentence; any other type is shown readably field by field, so a new
// kind of pending item from the server is never hidden.

import { h, humanize } from "./dom.js";
import { label, t } from "./i18n.js";

const DESCRIBE = {};

export function definePending(type, describe) {
  DESCRIBE[type] = describe;
}

definePending("buy_decision", (p, c) =>
  t("pending.buy_decision", { name: c.name(p.seat), place: c.place(p.position), price: c.money(c.edition.space(p.position)?.price ?? 0) }),
);

definePending("auction", (p, c) => {
  const high = p.high_bid == null ? t("pending.auction.no_bid", { opening: c.money(p.opening) }) : t("pending.auction.high", { amount: c.money(p.high_bid), name: c.name(p.high_bidder) });
  const turn = p.turn == null ? "" : ` ${t("pending.auction.turn", { name: c.name(p.turn) })}`;
  return `${t("pending.auction", { place: c.place(p.position), bidders: p.bidders.map((s) => c.name(s)).join(", ") })} ${high}${turn}`;
});

definePending("rent_claim", (p, c) =>
  p.amount == null
    ? t("pending.rent_claim.roll", { owner: c.name(p.owner), payer: c.name(p.payer), place: c.place(p.position) })
    : t("pending.rent_claim", { owner: c.name(p.owner), payer: c.name(p.payer), place: c.place(p.position), amount: c.money(p.amount) }),
);

definePending("rent_roll", (p, c) => t("pending.rent_roll", { payer: c.name(p.payer), multiplier: p.multiplier, place: c.place(p.position) }));

definePending("card_draw", (p, c) => t("pending.card_draw", { name: c.name(p.seat), deck: c.edition.deckName(p.deck) }));

definePending("card_choice", (p, c) => t("pending.card_choice", { name: c.name(p.seat), card: c.edition.cardText(p.card) }));

definePending("debt", (p, c) => t("pending.debt", { debtor: c.name(p.debtor), creditor: c.account(p.creditor), amount: c.money(p.amount) }));

definePending("jail_decision", (p, c) => t("pending.jail_decision", { name: c.name(p.seat), attempt: p.attempt, fine: c.money(p.fine) }));

// Field names that hold a seat, a board position or an amount of money.
const SEAT_FIELDS = /^(seat|owner|payer|debtor|creditor|bidder|high_bidder|turn|winner|from|to|buyer|seller)$/;
const SEATS_FIELDS = /^(bidders|seats|players)$/;
const PLACE_FIELDS = /^(position|place|space)$/;
const MONEY_FIELDS = /^(amount|price|cash|opening|high_bid|fine|rent|value|cost)$/;

function readable(key, value, c) {
  if (value === null || value === undefined) return "—";
  if (SEAT_FIELDS.test(key)) return c.account(value);
  if (SEATS_FIELDS.test(key) && Array.isArray(value)) return value.map((s) => c.account(s)).join(", ");
  if (PLACE_FIELDS.test(key) && Number.isInteger(value)) return c.place(value);
  if (MONEY_FIELDS.test(key) && Number.isInteger(value)) return c.money(value);
  if (key === "ruling" && value.text) return value.text;
  if (Array.isArray(value)) return value.map((v) => (typeof v === "object" ? JSON.stringify(v) : String(v))).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function generic(p, c) {
  return h(
    "dl",
    { class: "fields" },
    Object.entries(p)
      .filter(([key]) => key !== "type" && key !== "blocking")
      .map(([key, value]) => [h("dt", { text: humanize(key) }), h("dd", { text: readable(key, value, c) })]),
  );
}

export function pendingItem(p, c) {
  const describe = DESCRIBE[p.type];
  const body = describe ? h("p", { text: describe(p, c) }) : generic(p, c);
  const why = p.ruling?.text && describe ? h("p", { class: "ruling-text", text: p.ruling.text }) : null;
  return h(
    "li",
    { class: `pending ${p.blocking ? "blocking" : ""}`, dataset: { type: p.type } },
    h("strong", { class: "pending-title", text: label("pending.title", p.type) }),
    p.blocking ? h("span", { class: "badge", text: t("pending.blocking") }) : null,
    body,
    why,
  );
}
