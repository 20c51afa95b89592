// What the table must resolve next. Each pending item has a `type`: known types
// read as a sentence; any other type is shown readably field by field, so a new
// kind of pending item from the server is never hidden.

import { h, humanize } from "./dom.js";
import { label, language, t } from "./i18n.js";
import { rulingText } from "./ruling.js";

const DESCRIBE = {};

export function definePending(type, describe) {
  DESCRIBE[type] = describe;
}

// A purchase the cash does not cover says so (the state's `refused` entry): the player may only decline, or raise the cash first.
definePending("buy_decision", (p, c) => {
  const words = { name: c.name(p.seat), place: c.place(p.position), price: c.money(c.edition.space(p.position)?.price ?? 0) };
  const short = c.refused("buy", p.seat)?.positions.find((held) => held.position === p.position);
  return short ? t("pending.buy_decision.short", { ...words, short: c.money(short.short) }) : t("pending.buy_decision", words);
});

// Whether the bids are exact (the `bid` entries' options say so): the first bid is then
// exactly the opening, not at least it.
const exactBids = (c) => c.state.allowed.some((a) => a.type === "bid" && a.options?.amount?.exact);

function bidding(p, c) {
  const opening = { opening: c.money(p.opening) };
  const high = p.high_bid == null ? t(exactBids(c) ? "pending.auction.no_bid_exact" : "pending.auction.no_bid", opening) : t("pending.auction.high", { amount: c.money(p.high_bid), name: c.name(p.high_bidder) });
  const turn = p.turn == null ? "" : ` ${t("pending.auction.turn", { name: c.name(p.turn) })}`;
  return `${high}${turn}`;
}

definePending("auction", (p, c) => `${t("pending.auction", { place: c.place(p.position), bidders: p.bidders.map((s) => c.name(s)).join(", ") })} ${bidding(p, c)}`);

definePending("building_auction", (p, c) =>
  `${t("pending.building_auction", { building: c.term(p.building), place: c.place(p.position), bidders: p.bidders.map((s) => c.name(s)).join(", ") })} ${bidding(p, c)}`,
);

definePending("estate_auction", (p, c) =>
  `${t("pending.estate_auction", { estate: p.estate, place: c.place(p.position), bidders: p.bidders.map((s) => c.name(s)).join(", ") })} ${bidding(p, c)}`,
);

definePending("seller_auction", (p, c) =>
  `${t("pending.seller_auction", { seller: c.name(p.seller), place: c.place(p.position), bidders: p.bidders.map((s) => c.name(s)).join(", ") })} ${bidding(p, c)}`,
);

definePending("place_building", (p, c) => t("pending.place_building", { name: c.name(p.seat), building: c.term(p.building), price: c.money(p.price) }));

// A card a player holds (the only cards held are the jail's): the edition's own name for it, and its deck.
export const cardName = (c, id) => `${c.term("jail_free_card")} (${c.edition.deckName(c.edition.card(id)?.deck)})`;

// What one side of a trade hands over, as words: places, cards and money. An open
// offer's places are marked as the board holds them now (`now`): a mortgaged one
// arrives with its mortgage, so its receiver reads that before accepting.
export function termsText(terms, c, now = false) {
  const place = (position) => (now && c.state.properties.find((p) => p.position === position)?.mortgaged ? t("trade.place_mortgaged", { place: c.place(position) }) : c.place(position));
  const parts = [...(terms?.positions || []).map(place), ...(terms?.cards || []).map((card) => cardName(c, card))];
  if (terms?.cash) parts.push(c.money(terms.cash));
  return parts.join(", ") || t("trade.nothing");
}

definePending("trade_offer", (p, c) => t("pending.trade_offer", { name: c.name(p.seat), partner: c.name(p.to), gives: termsText(p.give, c, true), gets: termsText(p.get, c, true) }));

definePending("mortgage_choice", (p, c) => t(p.fee_paid ? "pending.mortgage_choice.paid" : "pending.mortgage_choice", { name: c.name(p.seat), place: c.place(p.position) }));

definePending("rent_claim", (p, c) =>
  p.amount == null
    ? t("pending.rent_claim.roll", { owner: c.name(p.owner), payer: c.name(p.payer), place: c.place(p.position) })
    : t("pending.rent_claim", { owner: c.name(p.owner), payer: c.name(p.payer), place: c.place(p.position), amount: c.money(p.amount) }),
);

definePending("rent_roll", (p, c) => t("pending.rent_roll", { payer: c.name(p.payer), multiplier: p.multiplier, place: c.place(p.position) }));

definePending("card_draw", (p, c) => t("pending.card_draw", { name: c.name(p.seat), deck: c.edition.deckName(p.deck) }));

definePending("card_choice", (p, c) => t("pending.card_choice", { name: c.name(p.seat), card: c.edition.cardText(p.card) }));

definePending("random_destination", (p, c) => t("pending.random_destination", { name: c.name(p.seat), excluded: p.excluded.map((x) => c.place(x)) }));

// A debtor's debts, said once (`firstDebts` keeps the first of them; a card paying each player
// makes several): to whom each is owed, then what the debtor could raise and whether that would
// do against all they owe: each part the edition has (its `parts`), so that they add up.
definePending("debt", (p, c) => {
  const debts = c.pending("debt").filter((d) => d.debtor === p.debtor);
  const each = debts.map((d) => `${c.creditor(d.creditor)} ${c.money(d.amount)}`).join(", ");
  const owes = debts.length > 1 ? t("pending.debts", { debtor: c.name(p.debtor), creditors: each }) : t("pending.debt", { debtor: c.name(p.debtor), creditor: c.creditor(p.creditor), amount: c.money(p.amount) });
  const means = p.can_raise;
  if (!means) return owes;
  return [owes, raisingList(c, means), t("debt.in_all", { all: c.money(means.in_all), owed: c.money(means.owed) }), debtNext(p, c, means)];
});

// One line per part of what the debtor could raise (they add up to the sum said after it);
// the buildings by the edition's own words (branches and holdings in ua-industries).
function raisingList(c, means) {
  const buildings = { houses: c.term("house.pl"), hotels: c.term("hotel.pl") };
  return h(
    "dl",
    { class: "fields raising" },
    means.parts.map((part) => [h("dt", { dataset: { part }, text: t(`debt.part.${part}`, buildings) }), h("dd", { text: c.money(means[part]) })]),
  );
}

// What the debtor may do next, as far as `allowed` says now: payment in property only
// when the seat may offer it (a deed under buildings waits for them to be sold).
function debtNext(p, c, means) {
  const name = c.name(p.debtor);
  if (means.enough) return t("debt.enough", { name });
  if (Number.isInteger(p.creditor) && c.options("offer_property", p.debtor) !== null) return t("debt.short_player", { name, creditor: c.creditor(p.creditor) });
  return means.total > 0 && Number.isInteger(p.creditor) ? t("debt.short_raise", { name }) : t("debt.short", { name });
}

// The ways out named are the ones the seat is allowed now (no card, no "use a card").
const JAIL_WAYS = ["pay_jail_fine", "use_jail_card", "roll"];

definePending("jail_decision", (p, c) => {
  const ways = JAIL_WAYS.filter((type) => c.options(type, p.seat) !== null).map((type) => t(`jail.way.${type}`, { fine: c.money(p.fine) }));
  if (!ways.length) return t("pending.jail_decision.waiting", { name: c.name(p.seat), attempt: p.attempt });
  return t("pending.jail_decision", { name: c.name(p.seat), attempt: p.attempt, ways: new Intl.ListFormat(language(), { type: "disjunction" }).format(ways) });
});

// Field names that hold a seat, a board position or an amount of money.
const SEAT_FIELDS = /^(seat|owner|payer|debtor|creditor|bidder|high_bidder|turn|winner|from|to|buyer|seller)$/;
const SEATS_FIELDS = /^(bidders|seats|players)$/;
const PLACE_FIELDS = /^(position|place|space)$/;
const MONEY_FIELDS = /^(amount|price|cash|opening|high_bid|fine|rent|value|cost)$/;
const PLACES_FIELDS = /^(positions|places|spaces)$/;
const TERMS_FIELDS = /^(give|get|terms)$/;

function readable(key, value, c) {
  if (value === null || value === undefined) return "—";
  if (PLACES_FIELDS.test(key) && Array.isArray(value)) return value.map((p) => c.place(p)).join(", ");
  if (TERMS_FIELDS.test(key) && value && typeof value === "object") return termsText(value, c);
  if (key === "building" && typeof value === "string") return c.term(value);
  if (SEAT_FIELDS.test(key)) return c.account(value);
  if (SEATS_FIELDS.test(key) && Array.isArray(value)) return value.map((s) => c.account(s)).join(", ");
  if (PLACE_FIELDS.test(key) && Number.isInteger(value)) return c.place(value);
  if (MONEY_FIELDS.test(key) && Number.isInteger(value)) return c.money(value);
  if (key === "ruling" && value.text) return rulingText(value);
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

// What a describer gives, as the page shows it: a sentence, or several pieces (sentences and elements).
function described(said) {
  return (Array.isArray(said) ? said : [said]).map((piece) => (typeof piece === "string" ? h("p", { text: piece }) : piece));
}

// The pending items with each debtor's later debts left out: the first says them all.
export const firstDebts = (items) => items.filter((p, i) => p.type !== "debt" || items.findIndex((q) => q.type === "debt" && q.debtor === p.debtor) === i);

export function pendingItem(p, c) {
  const describe = DESCRIBE[p.type];
  const body = describe ? described(describe(p, c)) : generic(p, c);
  const why = p.ruling?.text && describe ? h("p", { class: "ruling-text", lang: p.ruling.lang, text: rulingText(p.ruling) }) : null;
  return h(
    "li",
    { class: `pending ${p.blocking ? "blocking" : ""}`, dataset: { type: p.type } },
    h("strong", { class: "pending-title", text: label("pending.title", p.left ? `${p.type}.left` : p.type) }), // a leaver's estate is no bankrupt's
    p.blocking ? h("span", { class: "badge", text: t("pending.blocking") }) : null,
    body,
    why,
  );
}
