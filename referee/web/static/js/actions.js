// The controls for what a seat may do now. The page offers exactly the entries of
// the state's `allowed` list for the seats this phone speaks for; each action type
// has a control here, and a type the page does not know yet gets a plain button
// that sends {type, seat} and shows the server's answer.

import { h } from "./dom.js";
import { amountOf, boundsText, moneyInput, shown, shownText } from "./amounts.js";
import { label, language, t } from "./i18n.js";
import { rollAfterReminder } from "./reminder.js";

const CONTROLS = {};
const REFUSALS = {};

// order: where the control sits (lower first); render(ctx, seat) returns its element;
// space(ctx, seat, position), when given, returns the action's button on a space's card;
// once: an action for the whole table (a deal, a timeout, the end) shows once on a
// phone that speaks for several seats, apart from the players' own controls.
// drawer: an any-time dealing (build, sell, mortgage, trade) that the table phone keeps
// in its Property drawer, below what the turn is waiting for.
// late: a control for the whole table that sits after the players' own (the table's decisions).
export function defineAction(type, { order = 50, render, space = null, confirm = false, once = false, drawer = false, late = false }) {
  CONTROLS[type] = { order, render, space, confirm, once, drawer, late };
}

// A note where an action's control would be, saying why the seat may not take it now:
// render(ctx, entry) reads the state's `refused` entry (a purchase the cash does not
// cover, streets that take no building now, each with the engine's reason).
export function defineRefusal(type, render) {
  REFUSALS[type] = render;
}

export function control(type) {
  return CONTROLS[type] || { order: 90, render: genericButton(type), confirm: false, once: false, drawer: false, late: false };
}

// The entries of `allowed` this phone may send for a seat: a player's phone
// leaves out what only the table's token may send (`table: true`).
function allowedFor(c, seat) {
  const playerPhone = c.seat !== null && c.seat !== undefined;
  return c.state.allowed.filter((a) => a.seat === seat && !(a.table && playerPhone));
}

function genericButton(type) {
  return (c, seat) =>
    h("button", { class: "action", type: "button", text: label("action", type), on: { click: () => c.act({ type, seat }, { confirm: control(type).confirm ? label("action", type) : null }) } });
}

const big = (text, onclick, cls = "action") => h("button", { class: cls, type: "button", text, on: { click: onclick } });

// -- dice -------------------------------------------------------------------

// Six faces to pick one from; `picked` is checked at first, `legend` names the die.
export function dicePicker(index, onPick, picked = null, legend = t("roll.die", { n: index })) {
  const name = `die-${index}-${Math.random().toString(36).slice(2, 8)}`;
  return h(
    "fieldset",
    { class: "die" },
    h("legend", { text: legend }),
    [1, 2, 3, 4, 5, 6].map((value) =>
      h(
        "label",
        { class: "face" },
        h("input", { type: "radio", name, value: String(value), checked: value === picked, "aria-label": `${legend}: ${value}`, on: { change: () => onPick(value) } }),
        h("span", { text: String(value), "aria-hidden": "true" }),
      ),
    ),
  );
}

defineAction("roll", {
  order: 10,
  render(c, seat) {
    // what the roll is for (a utility's rent, a move) and who rolls (the table, or the service)
    const options = c.options("roll", seat) || {};
    const title = options.purpose === "rent" ? t("roll.for_rent", { place: c.place(options.position) }) : t("roll.title", { name: c.name(seat) });
    if (options.by === "service") {
      return h("div", { class: "roll" }, big(t("roll.virtual"), () => rollAfterReminder(c, seat, () => c.act({ type: "roll", seat }, { say: title }))));
    }
    const dice = [null, null];
    const submit = h("button", { class: "action primary", type: "button", disabled: true, text: t("roll.enter") });
    const pick = (i) => (value) => {
      dice[i] = value;
      submit.disabled = dice.includes(null);
      submit.textContent = submit.disabled ? t("roll.enter") : t("roll.submit", { a: dice[0], b: dice[1], sum: dice[0] + dice[1] });
    };
    // the dice are taken at the tap: a claim sent first redraws the controls, the roll entered still follows it
    submit.addEventListener("click", () => {
      const body = { type: "roll", seat, dice: [...dice] };
      rollAfterReminder(c, seat, () => c.act(body));
    });
    return h("div", { class: "roll", role: "group", "aria-label": title }, h("p", { class: "control-title", text: title }), h("div", { class: "dice" }, dicePicker(1, pick(0)), dicePicker(2, pick(1))), submit);
  },
});

// -- buying and auctions -----------------------------------------------------

defineAction("buy", {
  order: 20,
  render(c, seat) {
    const offer = c.options("buy", seat);
    return offer ? big(t("buy.button", { place: c.place(offer.position), price: c.money(offer.price) }), () => c.act({ type: "buy", seat }), "action primary") : null;
  },
});

// What raises cash before a decision to buy: the dealings the seat is allowed now.
const RAISING = ["sell_building", "mortgage", "trade"];

// The purchase the cash does not cover (the engine's refusal, with how much is short):
// where the Buy button would be, how to raise the cash first, or that there is nothing to raise it with.
defineRefusal("buy", (c, entry) => {
  const [held] = entry.positions;
  const seat = entry.seat;
  const ways = RAISING.filter((type) => c.options(type, seat) !== null).map((type) => label("drawer.do", type));
  const words = { name: c.name(seat), cash: c.money(c.state.players[seat].cash), short: c.money(held.short), place: c.place(held.position), price: c.money(held.price) };
  const text = ways.length ? t("buy.short", { ...words, ways: new Intl.ListFormat(language(), { type: "disjunction" }).format(ways) }) : t("buy.short_nothing", words);
  return h("p", { class: "held-note", dataset: { why: held.why }, text });
});

defineAction("decline", {
  order: 21,
  render(c, seat) {
    // whether declining opens an auction (not under the no-auction house rule)
    const auction = !!c.options("decline", seat)?.auction;
    return big(auction ? t("decline.auction") : t("decline.plain"), () => c.act({ type: "decline", seat }));
  },
});

// The bids a seat may make are its options' amount: from min (the opening bid,
// or the high bid and the least raise, `step`) up to max (its cash), any whole
// amount between; with exact raises min is max, there is nothing to choose and
// the label says so, with the raise. The −/+ buttons are the page's own
// shortcut of ten (base units, so ten thousand where amounts show in thousands), kept within those bounds.
const NUDGE = 10;

defineAction("bid", {
  order: 22,
  render(c, seat) {
    const auction = c.auction();
    const amount = c.options("bid", seat)?.amount;
    if (!auction || !amount) return null;
    const what = auction.building ? c.term(auction.building) : c.place(auction.position);
    const { min: minimum, max: most, step, exact } = amount;
    const id = `bid-${seat}`;
    const words = { name: c.name(seat), minimum: c.money(minimum), place: what };
    // the limits under the field, and what is wrong with an amount said there in the page's words
    const limit = `${id}-limit`;
    const input = moneyInput(c.edition.currency, { id, min: minimum, max: most, step: 1, value: minimum, readOnly: !!exact, high: t("bid.high", { name: words.name, max: c.money(most) }), "aria-describedby": exact ? null : limit });
    const problem = h("p", { class: "field-error", role: "alert" });
    input.addEventListener("input", () => (problem.textContent = ""));
    const [low, high, ten] = [minimum, most, NUDGE].map((base) => shown(c.edition.currency, base));
    const tenText = shownText(c.edition.currency, NUDGE);
    const nudge = (delta) => () => (input.value = String(Math.max(low, Math.min(high, Number(input.value || low) + delta))), input.dispatchEvent(new Event("input")));
    const submit = (e) => {
      e.preventDefault();
      const bid = amountOf(input);
      problem.textContent = input.validationMessage;
      if (bid !== null) c.act({ type: "bid", seat, amount: bid });
    };
    return h(
      "form",
      { class: "bid", novalidate: true, on: { submit } },
      h("label", { for: id, text: exact ? t("bid.label_exact", { ...words, step: c.money(step) }) : t("bid.label", words) }),
      h(
        "div",
        { class: "row" },
        exact ? null : h("button", { type: "button", class: "small", "aria-label": t("bid.less", { amount: tenText }), text: `−${tenText}`, on: { click: nudge(-ten) } }),
        input,
        exact ? null : h("button", { type: "button", class: "small", "aria-label": t("bid.more", { amount: tenText }), text: `+${tenText}`, on: { click: nudge(ten) } }),
      ),
      exact ? null : h("p", { class: "muted", id: limit, text: boundsText(c.edition.currency, amount) }),
      problem,
      h("button", { class: "action primary", type: "submit", text: t("bid.submit") }),
    );
  },
});

// The table clock ran out (editions with a clock): any phone may report it; the service applies
// what the booklet says and records the time it measured. A report that puts a player out asks
// first, saying what follows (the options say whether it ends the game).
defineAction("timeout", {
  order: 2,
  once: true,
  render(c, seat) {
    const options = c.options("timeout", seat) || {};
    const who = (options.seats || []).map((s) => c.name(s)).join(", ");
    const out = options.consequence === "out";
    const confirm = out ? [t("timeout.confirm.out", { who }), options.ends_game ? t("timeout.confirm.ends") : ""].filter(Boolean).join(" ") : null;
    const send = () => c.act({ type: "timeout", seat }, { confirm, ok: t("timeout.ok.out", { who }) });
    return big(t("timeout.button", { who }), send, out ? "action danger" : "action primary");
  },
});

// A pass is final; the high bidder's own bid stands (its options say so): it still wins unless another bids more.
defineAction("pass", {
  order: 23,
  render(c, seat) {
    const standing = c.options("pass", seat)?.standing;
    return big(standing == null ? t("pass.button") : t("pass.standing", { amount: c.money(standing) }), () => c.act({ type: "pass", seat }));
  },
});

// -- rent ----------------------------------------------------------------------

defineAction("claim_rent", {
  order: 5,
  render(c, seat) {
    // the claims open to this owner, each with its payer and rent (none yet while a utility's roll is awaited)
    return (c.options("claim_rent", seat)?.positions || []).map((p) =>
      big(
        p.amount == null
          ? t("claim.button.roll", { payer: c.name(p.payer), place: c.place(p.position) })
          : t("claim.button", { amount: c.money(p.amount), payer: c.name(p.payer), place: c.place(p.position) }),
        () => c.act({ type: "claim_rent", seat, position: p.position }),
        "action primary",
      ),
    );
  },
});

// -- cards ---------------------------------------------------------------------

defineAction("draw_card", {
  order: 15,
  render(c, seat) {
    // the deck, who draws (the service, or the table), and the cards that may be on top
    const p = c.options("draw_card", seat);
    if (!p) return null;
    const deck = c.edition.deck(p.deck);
    const deckName = c.edition.deckName(p.deck);
    if (p.by === "service" || !deck) return big(t("draw.virtual", { deck: deckName }), () => c.act({ type: "draw_card", seat }));
    const open = new Set(p.card || []);
    const group = `card-${seat}-${p.deck}`;
    let chosen = null;
    const submit = h("button", { class: "action primary", type: "submit", disabled: true, text: t("draw.pick") });
    const options = deck.cards
      .filter((card) => open.has(card.id))
      .map((card) => {
        const text = c.edition.text(card.text);
        return h(
          "label",
          { class: "card-option", dataset: { search: searchable(`${text} ${card.id}`) } },
          h("input", { type: "radio", name: group, value: card.id, on: { change: () => ((chosen = card.id), (submit.disabled = false), (submit.textContent = t("draw.submit"))) } }),
          h("span", { text }),
        );
      });
    const searchId = `${group}-search`;
    const search = h("input", {
      id: searchId,
      type: "search",
      autocomplete: "off",
      on: {
        input: () => {
          const words = searchable(search.value).split(/\s+/).filter(Boolean);
          for (const option of options) option.hidden = !words.every((w) => option.dataset.search.includes(w));
        },
      },
    });
    return h(
      "form",
      { class: "draw", on: { submit: (e) => (e.preventDefault(), chosen && c.act({ type: "draw_card", seat, card: chosen })) } },
      h("p", { class: "control-title", text: t("draw.title", { name: c.name(seat), deck: deckName }) }),
      h("label", { for: searchId, text: t("draw.search") }),
      search,
      h("fieldset", { class: "cards" }, h("legend", { class: "visually-hidden", text: t("draw.legend", { deck: deckName }) }), options),
      submit,
    );
  },
});

// A card is found by the words of its text as the phone shows it (and by its id), whatever
// their case, accents and apostrophes: "citta" finds "città", "елка" finds "ёлка",
// "cinderella's" finds "Cinderella’s", "вʼязниця" (a Ukrainian keyboard's) finds "в'язниця".
function searchable(words) {
  return words.normalize("NFD").replace(/\p{M}/gu, "").replace(/[’ʼ‘`]/g, "'").toLocaleLowerCase(language());
}

defineAction("choose", {
  order: 16,
  render(c, seat) {
    // the card asking, and the option ids it offers
    const p = c.options("choose", seat);
    if (!p) return null;
    const card = c.edition.card(p.card);
    const described = new Map((card?.effect?.options || []).map((o) => [o.id, o]));
    return h(
      "div",
      { role: "group", "aria-label": c.edition.cardText(p.card) },
      h("p", { class: "control-title", text: c.edition.cardText(p.card) }),
      p.option.map((option) => big(c.edition.text(described.get(option)?.text) || label("option", option), () => c.act({ type: "choose", seat, option }))),
    );
  },
});

// The random-move card: the service draws the destination, whatever the decks (nobody at
// the table picks it); once drawn, the token's move shows above like a roll's.
defineAction("random_move", {
  order: 17,
  render(c, seat) {
    if (!c.options("random_move", seat)) return null;
    return big(t("random.draw"), () => c.act({ type: "random_move", seat }), "action primary");
  },
});

// -- jail and the end of a turn -----------------------------------------------

defineAction("pay_jail_fine", {
  order: 8,
  render: (c, seat) => big(t("jail.pay", { fine: c.money(c.options("pay_jail_fine", seat)?.fine ?? 0) }), () => c.act({ type: "pay_jail_fine", seat })),
});

defineAction("use_jail_card", { order: 9, render: (c, seat) => big(t("jail.card"), () => c.act({ type: "use_jail_card", seat })) });

defineAction("end_turn", { order: 60, render: (c, seat) => big(t("end_turn.button", { name: c.name(seat) }), () => c.act({ type: "end_turn", seat }), "action end") });

// -- property: see property.js -------------------------------------------------

// -- corrections and the end of a game -----------------------------------------

// What the bankruptcy will do, as its options say: who takes the cash and how much, whose debt
// lapses (another creditor's: that one gets nothing), where
// the properties go and how, the buildings and the cards, and whether the game ends. Said
// before the confirmation, for nothing of it can be undone at the table.
export function bankruptcyText(c, seat, o) {
  const to = (account) => c.creditor(account);
  const capital = (text) => `${text[0].toUpperCase()}${text.slice(1)}`; // a word that starts the sentence
  const count = o.estate.positions.length;
  const property = c.term("property");
  const built = builtOn(c, o.estate.positions);
  const said = [t("bankruptcy.confirm", { name: c.name(seat) })];
  if (o.cash) said.push(t(o.buildings === "sold" && built ? "bankruptcy.cash_with_buildings" : "bankruptcy.cash", { to: to(o.cash_to), To: capital(to(o.cash_to)), amount: c.money(o.cash) }));
  for (const debt of o.debts.filter((d) => d.lapses)) said.push(t("bankruptcy.lapses", { To: capital(to(debt.creditor)), amount: c.money(debt.amount) }));
  if (count) said.push(t(`bankruptcy.properties.${o.properties}`, { to: to(o.properties_to), property, Property: capital(property), count }));
  said.push(mortgagesText(c, o.mortgages, o.properties === "handed_over" && to(o.properties_to)));
  if (built && o.buildings !== "sold") said.push(t(`bankruptcy.buildings.${o.buildings}`));
  if (o.estate.cards.length) said.push(o.cards_to === "decks" ? t("bankruptcy.cards.decks") : t("bankruptcy.cards.player", { to: to(o.cards_to) }));
  if (o.ends_game) said.push(t("bankruptcy.ends_game"));
  return said.filter(Boolean).join(" ");
}

// Whether any of these properties has buildings now (the state's holdings).
export const builtOn = (c, positions) => c.state.properties.some((h) => positions.includes(h.position) && (h.houses || h.hotel));

// The estate's mortgaged properties, as the options say (`mortgages`): the player who takes
// them (`heir`) pays the bank their interest at once; the bank that takes them back cancels them.
export function mortgagesText(c, m, heir) {
  const places = m?.positions.map((p) => c.place(p)); // a list: each name quoted where the text quotes it
  return m ? t(heir ? "estate.interest" : "estate.cancelled", { heir, places, amount: c.money(m.interest), percent: m.percent }) : "";
}

// Only a debtor who cannot raise what they owe may declare (the debt shows what they could raise).
defineAction("declare_bankruptcy", {
  order: 96,
  confirm: true,
  render(c, seat) {
    const debt = c.options("declare_bankruptcy", seat);
    const confirm = debt ? bankruptcyText(c, seat, debt) : t("bankruptcy.confirm", { name: c.name(seat) });
    return h(
      "div",
      { class: "bankruptcy" },
      debt ? h("p", { class: "muted", text: t("bankruptcy.hint", { name: c.name(seat) }) }) : null,
      big(t("bankruptcy.button", { name: c.name(seat) }), () => c.act({ type: "declare_bankruptcy", seat }, { confirm, ok: t("bankruptcy.ok") }), "action danger"),
    );
  },
});

// Where a type's control sits for a seat (lower first).
export function orderOf(c, type, seat) {
  const spec = control(type);
  return typeof spec.order === "function" ? spec.order(c, seat) : spec.order;
}

// Controls of the given types, in order, each sent for the seat seatOf(type) gives; the
// `refused` entries' notes (`held`) each just after where its type's control sits.
function controlsOf(c, types, seatOf, held = []) {
  const items = [
    ...types.map((type) => ({ at: orderOf(c, type, seatOf(type)), build: () => h("div", { class: "control", dataset: { action: type } }, control(type).render(c, seatOf(type))) })),
    ...held.map((entry) => ({ at: orderOf(c, entry.type, entry.seat) + 0.5, build: () => h("div", { class: "control held", dataset: { refused: entry.type } }, REFUSALS[entry.type](c, entry)) })),
  ];
  return items.sort((a, b) => a.at - b.at).map((item) => item.build());
}

// Whether this phone speaks for several seats (the table phone): it keeps the
// actions for the whole table apart from each player's own.
const speaksForTable = (c) => (c.mySeats ? c.mySeats().length > 1 : false);

// The controls for one seat, in order; [] when the seat may do nothing now.
// keep: which action types to show (the table phone splits the turn's from the drawer's).
export function seatControls(c, seat, keep = () => true) {
  const types = [...new Set(allowedFor(c, seat).map((a) => a.type))].filter((type) => !(control(type).once && speaksForTable(c)) && keep(type));
  if (!types.length) return []; // a note alone makes no block: the phone says who it waits for instead
  const held = (c.state.refused || []).filter((entry) => entry.seat === seat && REFUSALS[entry.type] && keep(entry.type));
  return controlsOf(c, types, () => seat, held);
}

// On the table phone, the actions for the whole table (a deal, a timeout, the
// end), each sent for the first seat the server allows it; [] elsewhere. late:
// those that sit after the players' own controls instead (the table's decisions).
export function tableControls(c, late = false) {
  if (!speaksForTable(c)) return [];
  const seats = c.mySeats();
  const types = [...new Set(seats.flatMap((s) => allowedFor(c, s).map((a) => a.type)))].filter((type) => control(type).once && control(type).late === late);
  return controlsOf(c, types, (type) => seats.find((s) => allowedFor(c, s).some((a) => a.type === type)));
}

// What a seat may do with one space now (the buttons on the board's space card).
export function spaceActions(c, seat, position) {
  const types = [...new Set(allowedFor(c, seat).filter((a) => control(a.type).space).map((a) => a.type))];
  return types
    .map((type) => control(type).space(c, seat, position))
    .filter(Boolean);
}
