// Property controls: build and sell buildings, mortgage and lift mortgages,
// offer a trade and answer one, report a shortage of buildings. Each sends the
// API's own shape (`positions` with one entry per building; `to`, `give`, `get`
// with positions, cash and cards; `offer`). The page only proposes: the server
// checks every request as a whole and a refusal names its rule. What each form
// offers (the streets, how many buildings, prices, refunds, interest) is what
// the engine lists in the seat's `allowed` options: the page derives no rule.

import { defineAction, defineRefusal } from "./actions.js";
import { boundsText, moneyInput, setBounds, shown, typedAmount } from "./amounts.js";
import { h } from "./dom.js";
import { has, isolated, language, t } from "./i18n.js";
import { cardName, termsText } from "./pending.js";

const big = (text, onclick, cls = "action") => h("button", { class: cls, type: "button", text, on: { click: onclick } });

// -- what a seat holds --------------------------------------------------------

export function holdingAt(c, position) {
  return c.state.properties.find((p) => p.position === position);
}

function owned(c, seat) {
  return c.state.properties.filter((p) => p.owner === seat).sort((a, b) => a.position - b.position);
}

export function buildingsText(c, holding) {
  if (!holding) return "";
  if (holding.hotel) return c.term("hotel");
  return holding.houses ? c.counted(holding.houses, "house") : "";
}

// The entries of a seat's options for a type ("positions" unless named), [] when none.
function entries(c, type, seat, field = "positions") {
  return c.options(type, seat)?.[field] || [];
}

// The entry of one position among a seat's options for a type, or undefined.
function entryAt(c, type, seat, position) {
  return entries(c, type, seat).find((e) => e.position === position);
}

// Option entries gathered by their space's group, in board order.
function byGroup(c, list) {
  const groups = new Map();
  for (const entry of [...list].sort((a, b) => a.position - b.position)) {
    const group = c.edition.space(entry.position)?.group ?? "";
    if (!groups.has(group)) groups.set(group, []);
    groups.get(group).push(entry);
  }
  return groups;
}

// -- forms that open from a summary line ------------------------------------------

// A form behind a disclosure; it stays open across updates that rebuild the controls.
export function disclosure(c, key, title, body) {
  const details = h("details", { class: "form-disclosure", open: !!c.view.open[key], dataset: { form: key } }, h("summary", { class: "button action secondary", text: title }), body);
  details.addEventListener("toggle", () => (c.view.open[key] = details.open));
  return details;
}

// Send a form's action (after a confirmation, where `ask` has one); the form closes once the server has accepted it.
export function send(c, key, body, done = () => {}, ask = {}) {
  c.act(body, { ...ask, done: () => ((c.view.open[key] = false), done()) });
}

// Send a dealing that may well come again at once (build, sell, mortgage, lift): its
// form stays open, emptied, so that the table does the next without opening it again.
const again = (c, form, body) => c.act(body, { done: () => form.reset() });

// One number per property with − and + buttons: how many buildings to add or sell.
// room(): how many more the whole form may still take (one action's limit, shared by its steppers).
function stepper(id, labelText, max, onChange, room = () => Infinity) {
  const input = h("input", { id, type: "number", inputmode: "numeric", min: "0", max: String(max), step: "1", value: "0", class: "count" });
  const set = (value) => {
    const now = Math.max(0, Math.min(max, Math.floor(Number(input.value) || 0)));
    input.value = String(Math.max(0, Math.min(max, value, now + room())));
    onChange();
  };
  input.addEventListener("input", onChange);
  return {
    input,
    row: h(
      "div",
      { class: "stepper" },
      h("label", { for: id, text: labelText }),
      h(
        "div",
        { class: "row" },
        h("button", { type: "button", class: "small", "aria-label": t("steps.less", { what: labelText }), text: "−", on: { click: () => set(Number(input.value || 0) - 1) } }),
        input,
        h("button", { type: "button", class: "small", "aria-label": t("steps.more", { what: labelText }), text: "+", on: { click: () => set(Number(input.value || 0) + 1) } }),
      ),
    ),
    value: () => Math.max(0, Math.min(max, Math.floor(Number(input.value) || 0))),
    set,
  };
}

// Buildings named one per entry, taken round the streets so that a group rises evenly.
function interleave(counts) {
  const out = [];
  const left = new Map(counts);
  while ([...left.values()].some((n) => n > 0)) {
    for (const [position, n] of left) {
      if (n > 0) {
        out.push(position);
        left.set(position, n - 1);
      }
    }
  }
  return out;
}

function streetLabel(c, holding) {
  const built = buildingsText(c, holding);
  return built ? `${c.place(holding.position)} (${built})` : c.place(holding.position);
}

// -- building -------------------------------------------------------------------------

// The streets the building won may go on are the options' positions (already paid: price 0).
function placeBuilding(c, seat, placement) {
  const key = `place-${seat}`;
  const streets = entries(c, "build", seat).map((e) => holdingAt(c, e.position) || { position: e.position, houses: 0 });
  const name = `place-${seat}`;
  const form = h(
    "form",
    {
      class: "place",
      on: {
        submit: (e) => {
          e.preventDefault();
          const picked = form.querySelector(`input[name="${name}"]:checked`);
          if (picked) send(c, key, { type: "build", seat, positions: [Number(picked.value)] });
        },
      },
    },
    h("p", { class: "control-title", text: t("place.title", { name: c.name(seat), building: c.term(placement.building) }) }),
    h("fieldset", { class: "choices" }, h("legend", { class: "visually-hidden", text: t("place.legend") }), streets.map((hl) => h("label", { class: "check" }, h("input", { type: "radio", name, value: String(hl.position) }), streetLabel(c, hl)))),
    h("button", { type: "submit", class: "action primary", text: t("place.submit", { building: c.term(placement.building) }) }),
  );
  return form;
}

// Each group's next round as one button: the engine's options name the streets
// and what they cost together, so one tap builds a group evenly; the drawer stays
// open for the next round.
export function roundButtons(c, seat) {
  return (c.options("build", seat)?.rounds || []).map((round) =>
    h("button", {
      type: "button",
      class: "action secondary build-round",
      dataset: { group: round.group },
      text: t("build.round", roundWords(c, seat, round)),
      on: {
        // one tap spends money: on a phone passed round the table it is asked first, naming the amount
        click: () =>
          c.act(
            { type: "build", seat, positions: round.positions },
            { confirm: t("build.round_confirm", roundWords(c, seat, round)), ok: t("build.round_ok", { amount: c.money(round.cost) }) },
          ),
      },
    }),
  );
}

const roundWords = (c, seat, round) => ({ name: c.name(seat), group: c.edition.groupName(round.group), buildings: c.counted(round.positions.length, round.building), amount: c.money(round.cost) });

// What the steppers add, counted by kind in the edition's words ("2 houses and 1 hotel"),
// as the object of "build" («Збудувати 1 філію»): a street's `headroom` (its options)
// counts its hotel, the last level it may take.
function addedText(c, steppers) {
  const added = { house: 0, hotel: 0 };
  for (const s of steppers) {
    const levels = s.step.value();
    const hotels = Math.max(0, levels - s.headroom + 1);
    added.hotel += hotels;
    added.house += levels - hotels;
  }
  const parts = ["house", "hotel"].filter((kind) => added[kind]).map((kind) => c.counted(added[kind], kind, "acc"));
  return new Intl.ListFormat(language(), { type: "conjunction" }).format(parts);
}

// What the sell steppers take back, counted by kind ("1 house", "1 hotel and 2 houses"): a
// street's first level sold is its options' `building`, the levels under it houses.
function soldText(c, steppers) {
  const sold = { house: 0, hotel: 0 };
  for (const s of steppers.filter((s) => s.step.value())) {
    sold[s.building === "hotel" ? "hotel" : "house"] += 1;
    sold.house += s.step.value() - 1;
  }
  const parts = ["hotel", "house"].filter((kind) => sold[kind]).map((kind) => c.counted(sold[kind], kind));
  return new Intl.ListFormat(language(), { type: "conjunction" }).format(parts);
}

// The streets of the options (the least built of each group, where the next
// building keeps it even), each with the next building's kind and a stepper up
// to its headroom, the levels it may still take; the whole form up to the
// options' `at_once`, where a rule limits what one build takes (one per visit).
function buildForm(c, seat) {
  const key = `build-${seat}`;
  const atOnce = c.options("build", seat)?.at_once ?? Infinity;
  const steppers = [];
  const total = h("p", { class: "total", "aria-live": "polite" });
  const submit = h("button", { type: "submit", class: "action primary", disabled: true, text: t("build.submit_none") });
  const counted = () => steppers.reduce((n, s) => n + s.step.value(), 0);
  const room = () => atOnce - counted();
  const update = () => {
    const count = counted();
    const cost = steppers.reduce((n, s) => n + s.step.value() * s.price, 0);
    submit.disabled = count === 0 || count > atOnce; // a number typed past the limit is not sent
    submit.textContent = count ? t("build.submit", { buildings: addedText(c, steppers), amount: c.money(cost) }) : t("build.submit_none");
    total.textContent = count ? t("build.total", { count, amount: c.money(cost) }) : "";
  };
  const groups = [...byGroup(c, entries(c, "build", seat))].map(([group, streets]) => {
    const rows = streets.map((entry) => {
      const text = `${streetLabel(c, holdingAt(c, entry.position) || { position: entry.position })} · ${t("build.next", { building: c.term(entry.building) })}`;
      const step = stepper(`build-${seat}-${entry.position}`, text, Math.min(entry.headroom, atOnce), update, room);
      steppers.push({ position: entry.position, price: entry.price, headroom: entry.headroom, step });
      return step;
    });
    return h(
      "fieldset",
      { class: "group", style: { "--group": c.edition.groupColour(group) } },
      h("legend", { text: t("build.group", { group: c.edition.groupName(group), cost: c.money(streets[0].price) }) }),
      rows.map((r) => r.row),
      // "one more on each" only where one build may take one on each, and more than one
      atOnce >= rows.length && atOnce > 1 ? h("button", { type: "button", class: "small secondary", text: t("build.one_each"), on: { click: () => rows.forEach((r) => r.set(r.value() + 1)) } }) : null,
    );
  });
  const form = h(
    "form",
    { class: "build", on: { submit: (e) => (e.preventDefault(), again(c, form, { type: "build", seat, positions: interleave(steppers.map((s) => [s.position, s.step.value()])) })) } },
    h("p", { class: "muted", text: t("build.hint") }),
    c.seat === null ? null : roundButtons(c, seat), // the table phone has them atop its drawer
    groups,
    total,
    submit,
  );
  return disclosure(c, key, t("build.open", { house: c.term("house") }), form);
}

// Forms for what may be done at any time sit after the turn's own controls;
// a building won at auction waits to be placed, so its control comes first.
// A building won at auction is in the options as `paid`.
const placing = (c, seat) => c.options("build", seat)?.paid !== undefined;

defineAction("build", {
  drawer: (c, seat) => !placing(c, seat),
  order: (c, seat) => (placing(c, seat) ? 7 : 70),
  render(c, seat) {
    const placement = c.pending("place_building").find((p) => p.seat === seat);
    return placing(c, seat) && placement ? placeBuilding(c, seat, placement) : buildForm(c, seat);
  },
  space(c, seat, position) {
    const entry = entryAt(c, "build", seat, position);
    if (!entry || placing(c, seat)) return null;
    return big(t("space.build", { building: c.term(entry.building), place: c.place(position) }), () => c.act({ type: "build", seat, positions: [position] }));
  },
});

// Streets of a whole group that take no building now, by the engine's reason (the refusal a
// build of each alone meets: build evenly, only where the token stands, …), where the build
// form is or would be; a reason the page has no words for yet reads as "not now".
defineRefusal("build", (c, entry) => {
  const reasons = new Map();
  for (const held of entry.positions) reasons.set(held.why, [...(reasons.get(held.why) || []), c.place(held.position)]);
  return [...reasons].map(([why, places]) => {
    const reason = t(has(`build.held.${why}`) ? `build.held.${why}` : "build.held.other", { hotel: c.term("hotel") });
    return h("p", { class: "held-note", dataset: { why }, text: t("build.held", { name: c.name(entry.seat), why: reason, places }) });
  });
});

defineAction("sell_building", {
  drawer: true,
  order: 71,
  // The streets of the options (the most built of each group), each with what
  // the bank pays for its next level and a stepper up to its levels; and each
  // group the bank takes all of at once, for what it pays in all.
  render(c, seat) {
    const key = `sell-${seat}`;
    const options = c.options("sell_building", seat) || {};
    const steppers = [];
    const submit = h("button", { type: "submit", class: "action primary", disabled: true, text: t("sell.submit_none") });
    // the amount the bank pays, on the button: each street's refund is per level sold (its options)
    const update = () => {
      const count = steppers.reduce((n, s) => n + s.step.value(), 0);
      const amount = steppers.reduce((n, s) => n + s.step.value() * s.refund, 0);
      submit.disabled = count === 0;
      submit.textContent = count ? t("sell.submit", { count: soldText(c, steppers), amount: c.money(amount) }) : t("sell.submit_none");
    };
    const rows = (options.positions || []).map((entry) => {
      const text = `${streetLabel(c, holdingAt(c, entry.position) || { position: entry.position })} · ${t("sell.refund", { building: c.term(`${entry.building}.acc`), amount: c.money(entry.refund) })}`;
      const step = stepper(`sell-${seat}-${entry.position}`, text, entry.levels, update);
      steppers.push({ position: entry.position, refund: entry.refund, building: entry.building, step });
      return step.row;
    });
    // a whole group in one tap sells many buildings at half their price: asked first, naming what the bank pays
    const whole = (options.groups || []).map((group) => {
      const words = { name: c.name(seat), group: c.edition.groupName(group.group), count: group.positions.length, amount: c.money(group.refund) };
      return h("button", {
        type: "button",
        class: "small secondary",
        text: t("sell.group", words),
        on: { click: () => c.act({ type: "sell_building", seat, positions: group.positions }, { confirm: t("sell.group_confirm", words), ok: t("sell.group_ok", words) }) },
      });
    });
    const form = h(
      "form",
      { class: "sell", on: { submit: (e) => (e.preventDefault(), again(c, form, { type: "sell_building", seat, positions: interleave(steppers.map((s) => [s.position, s.step.value()])) })) } },
      h("p", { class: "muted", text: t("sell.hint") }),
      rows,
      submit,
      whole.length ? h("div", { class: "row sell-groups" }, whole) : null,
    );
    // the edition's own verb where it has one (ua-industries winds branches up: «згорнути»)
    return disclosure(c, key, t("sell.open"), form);
  },
  space(c, seat, position) {
    const entry = entryAt(c, "sell_building", seat, position);
    if (!entry) return null;
    return big(t("space.sell", { building: c.term(entry.building), place: c.place(position), amount: c.money(entry.refund) }), () => c.act({ type: "sell_building", seat, positions: [position] }));
  },
});

// -- mortgages -------------------------------------------------------------------------

// Properties to tick, each with what it brings or costs: entries of the options. The
// button says what the ones ticked bring or cost together, in the words of one entry.
function checklist(c, seat, key, list, describe, submitText, type, hint) {
  const name = `${key}-pick`;
  const boxes = list.map((entry) =>
    h("label", { class: "check" }, h("input", { type: "checkbox", name, value: String(entry.position) }), h("span", {}, c.place(entry.position), h("span", { class: "muted", text: ` · ${describe(entry)}` }))),
  );
  const submit = h("button", { type: "submit", class: "action primary", text: submitText });
  const picked = () => [...form.querySelectorAll(`input[name="${name}"]:checked`)].map((i) => Number(i.value));
  const total = () => {
    const chosen = list.filter((e) => picked().includes(e.position));
    const sum = {};
    for (const entry of chosen) for (const [k, v] of Object.entries(entry)) sum[k] = (sum[k] || 0) + v;
    submit.textContent = chosen.length ? `${submitText} · ${describe(sum)}` : submitText;
  };
  const form = h(
    "form",
    {
      on: {
        input: total,
        submit: (e) => {
          e.preventDefault();
          const positions = picked();
          if (positions.length) again(c, form, { type, seat, positions });
        },
      },
    },
    hint ? h("p", { class: "muted", text: hint }) : null,
    h("fieldset", { class: "choices" }, h("legend", { class: "visually-hidden", text: submitText }), boxes),
    submit,
  );
  return form;
}

// The properties the options list (a group with buildings is not among them), each with what the bank lends.
defineAction("mortgage", {
  drawer: true,
  order: 72,
  render(c, seat) {
    const key = `mortgage-${seat}`;
    const list = entries(c, "mortgage", seat);
    const form = checklist(c, seat, key, list, (e) => t("mortgage.value", { amount: c.money(e.value) }), t("mortgage.submit"), "mortgage", t("mortgage.hint"));
    return disclosure(c, key, t("mortgage.open"), form);
  },
  space(c, seat, position) {
    const entry = entryAt(c, "mortgage", seat, position);
    if (!entry) return null;
    return big(t("space.mortgage", { place: c.place(position), amount: c.money(entry.value) }), () => c.act({ type: "mortgage", seat, positions: [position] }));
  },
});

// The mortgages the seat has the cash to lift, each with its cost and interest;
// one just received is answered by its own buttons (keep_mortgage).
defineAction("unmortgage", {
  drawer: true,
  order: 73,
  render(c, seat) {
    const key = `unmortgage-${seat}`;
    const options = c.options("unmortgage", seat) || {};
    const choices = new Set(entries(c, "keep_mortgage", seat).map((e) => e.position));
    const others = (options.positions || []).filter((e) => !choices.has(e.position));
    const cost = (e) => t("unmortgage.cost", { amount: c.money(e.cost), interest: c.money(e.interest) });
    return others.length
      ? disclosure(c, key, t("unmortgage.open"), checklist(c, seat, key, others, cost, t("unmortgage.submit"), "unmortgage", t("unmortgage.hint", { cash: c.money(options.cash ?? 0) })))
      : null;
  },
  space(c, seat, position) {
    if (!entryAt(c, "unmortgage", seat, position)) return null;
    return big(t("space.unmortgage", { place: c.place(position) }), () => c.act({ type: "unmortgage", seat, positions: [position] }));
  },
});

// A mortgaged property just received: lift it now (when the options allow) or
// keep it mortgaged, at the interest and lifting price the options give.
defineAction("keep_mortgage", {
  order: 6,
  render(c, seat) {
    return entries(c, "keep_mortgage", seat).map((choice) => {
      const place = c.place(choice.position);
      const keep = choice.interest ? t("choice.keep_for", { place, amount: c.money(choice.interest) }) : t("choice.keep", { place });
      const lift = entryAt(c, "unmortgage", seat, choice.position); // what lifting it now costs, when the cash allows
      return h(
        "div",
        { role: "group", "aria-label": t("pending.title.mortgage_choice") },
        lift ? big(t("choice.lift_for", { place, amount: c.money(lift.cost) }), () => c.act({ type: "unmortgage", seat, positions: [choice.position] }), "action primary") : null,
        big(keep, () => c.act({ type: "keep_mortgage", seat, positions: [choice.position] })),
      );
    });
  },
});

// -- trades -------------------------------------------------------------------------------

// the codes of the refusals the options name (`why`), in the order shown
const KEPT_REASONS = ["group_has_buildings", "mortgage_undecided"];

// One side of a trade: what the options let that seat hand over (its
// properties, mortgaged or not, its cash within the limit, its cards); draft:
// positions ticked, or terms (the offer a counter answers).
export function sideFields(c, side, seat, terms, draft, id) {
  const player = c.state.players[seat];
  const start = draft?.map ? { positions: draft } : draft || {};
  const props = (terms.positions || []).map((entry) =>
    h(
      "label",
      { class: "check" },
      h("input", { type: "checkbox", name: `${id}-positions`, value: String(entry.position), checked: (start.positions || []).includes(entry.position) }),
      // the least a sale of it takes, where a sale is floored (the options' bank_price), said before sending
      h("span", {}, c.place(entry.position), entry.mortgaged ? h("span", { class: "muted", text: ` · ${t("board.mortgaged")}` }) : null, entry.bank_price != null ? h("span", { class: "muted floor", text: ` · ${t("trade.floor", { amount: c.money(entry.bank_price) })}` }) : null),
    ),
  );
  const cards = (terms.cards || []).map((card) => h("label", { class: "check" }, h("input", { type: "checkbox", name: `${id}-cards`, value: card, checked: (start.cards || []).includes(card) }), cardName(c, card)));
  // what the side holds but may not hand over now, grouped by the options' reason
  const kept = KEPT_REASONS.map((why) => [why, (terms.kept || []).filter((k) => k.why === why).map((k) => c.place(k.position))])
    .filter(([, places]) => places.length)
    .map(([why, places]) => h("p", { class: "muted kept", dataset: { why }, text: t(`trade.kept.${why}`, { name: isolated(player.name), places }) }));
  const cash = terms.cash || { min: 0, max: 0, step: 1 };
  const cashId = `${id}-cash`;
  return h(
    "fieldset",
    { class: "trade-side", dataset: { side } },
    h("legend", { text: t(`trade.${side}`, { name: isolated(player.name) }) }),
    props.length || cards.length || kept.length ? [props, cards, kept] : h("p", { class: "muted", text: t("trade.holds_nothing", { name: isolated(player.name) }) }),
    // a side that may hand over no cash (a debtor's sale) has no cash field
    cash.max > 0
      ? [
          h("label", { for: cashId, text: t("trade.cash", { name: isolated(player.name), cash: c.money(cash.max) }) }),
          moneyInput(c.edition.currency, { id: cashId, name: cashId, min: cash.min, max: cash.max, step: cash.step, value: Math.max(cash.min, start.cash || 0) }),
        ]
      : null,
  );
}

export function readSide(form, id) {
  const picked = (name) => [...form.querySelectorAll(`input[name="${id}-${name}"]:checked`)].map((i) => i.value);
  return { positions: picked("positions").map(Number), cash: Math.max(0, Math.floor(typedAmount(form.elements[`${id}-cash`]))), cards: picked("cards") };
}

// The partners are the options' "to"; each side offers what the options list for it.
function tradeForm(c, seat) {
  const key = `trade-${seat}`;
  const options = c.options("trade", seat) || {};
  const draft = c.view.trade?.seat === seat ? c.view.trade : null;
  const partnerTerms = new Map((options.partners || []).map((p) => [p.seat, p]));
  const partnerId = `trade-${seat}-to`;
  const select = h("select", { id: partnerId }, (options.to || []).map((s) => h("option", { value: String(s), text: c.name(s), selected: draft?.to === s })));
  const sides = h("div", { class: "trade-sides" });
  const summary = h("p", { class: "total", "aria-live": "polite" });
  const fill = () => {
    const to = Number(select.value);
    sides.replaceChildren(sideFields(c, "give", seat, options.give || {}, draft?.give, `${key}-give`), sideFields(c, "get", to, partnerTerms.get(to) || {}, draft?.to === to ? draft.get : [], `${key}-get`));
  };
  select.addEventListener("change", fill);
  const form = h(
    "form",
    {
      class: "trade",
      on: {
        input: () => {
          const give = readSide(form, `${key}-give`);
          const get = readSide(form, `${key}-get`);
          summary.textContent = t("trade.summary", { gives: termsText(give, c), gets: termsText(get, c) });
        },
        submit: (e) => {
          e.preventDefault();
          const offer = { type: "trade", seat, to: Number(select.value), give: readSide(form, `${key}-give`), get: readSide(form, `${key}-get`) };
          send(c, key, offer, () => (c.view.trade = null));
        },
      },
    },
    h("p", { class: "muted", text: options.sale_only ? t("trade.sale_only") : t("trade.hint") }),
    h("div", { class: "field" }, h("label", { for: partnerId, text: t("trade.partner") }), select),
    sides,
    summary,
    h("button", { type: "submit", class: "action primary", text: t("trade.submit") }),
  );
  fill();
  return disclosure(c, key, t("trade.open"), form);
}

defineAction("trade", {
  drawer: true,
  order: 76,
  render: tradeForm,
  // From a space's card: a trade for that property, with its owner, when the options list it.
  space(c, seat, position) {
    const holding = holdingAt(c, position);
    if (holding?.owner == null) return null;
    const options = c.options("trade", seat) || {};
    const mine = holding.owner === seat;
    const listed = (terms) => (terms?.positions || []).some((e) => e.position === position);
    if (mine ? !listed(options.give) : !listed((options.partners || []).find((p) => p.seat === holding.owner))) return null;
    if (!mine && c.seat === null) return null; // the table phone trades from the owner's side only
    const text = mine ? t("space.trade_give", { place: c.place(position) }) : t("space.trade_get", { place: c.place(position), name: c.name(holding.owner) });
    return big(text, () => c.startTrade(seat, mine ? { give: [position] } : { to: holding.owner, get: [position] }), "action secondary");
  },
});

function offerView(c, offer, seat, buttons) {
  const mine = offer.seat === seat;
  return h(
    "div",
    { class: "offer", role: "group", "aria-label": t("offer.label", { name: c.name(offer.seat), partner: c.name(offer.to) }), dataset: { offer: String(offer.id) } },
    h("p", { class: "control-title", text: mine ? t("offer.yours", { partner: c.name(offer.to) }) : t("offer.to_you", { name: c.name(offer.seat) }) }),
    h(
      "dl",
      { class: "fields" },
      h("dt", { text: mine ? t("offer.you_give") : t("offer.you_get") }),
      h("dd", { text: termsText(offer.give, c, true) }),
      h("dt", { text: mine ? t("offer.you_get") : t("offer.you_give") }),
      h("dd", { text: termsText(offer.get, c, true) }),
    ),
    h("div", { class: "row offer-buttons" }, buttons),
  );
}

// The offers a seat may accept or reject are the ids of its options' "offer".
const offerIds = (c, type, seat) => new Set(c.options(type, seat)?.offer || []);

defineAction("accept_trade", {
  order: 3,
  render(c, seat) {
    const accepting = offerIds(c, "accept_trade", seat);
    const rejecting = offerIds(c, "reject_trade", seat);
    return c
      .pending("trade_offer")
      .filter((o) => accepting.has(o.id))
      .map((offer) =>
        offerView(c, offer, seat, [
          big(t("offer.accept"), () => c.act({ type: "accept_trade", seat, offer: offer.id }), "action primary"),
          rejecting.has(offer.id) ? big(t("offer.reject"), () => c.act({ type: "reject_trade", seat, offer: offer.id }), "action danger") : null,
        ]),
      );
  },
});

defineAction("reject_trade", {
  order: 4,
  render(c, seat) {
    // an offer the seat may also accept shows with the accept control
    const accepting = offerIds(c, "accept_trade", seat);
    const rejecting = offerIds(c, "reject_trade", seat);
    return c
      .pending("trade_offer")
      .filter((o) => rejecting.has(o.id) && !accepting.has(o.id))
      .map((offer) =>
        offerView(c, offer, seat, [
          offer.seat === seat ? big(t("offer.withdraw"), () => c.act({ type: "reject_trade", seat, offer: offer.id }), "action secondary") : big(t("offer.reject"), () => c.act({ type: "reject_trade", seat, offer: offer.id }), "action danger"),
        ]),
      );
  },
});

// -- a shortage of buildings ------------------------------------------------------------------

defineAction("auction_buildings", {
  drawer: true,
  order: 74,
  render(c, seat) {
    const key = `shortage-${seat}`;
    // the shortages the seat may report: each kind the bank is short of, with every seat wanting it
    const shortages = entries(c, "auction_buildings", seat, "buildings");
    if (!shortages.length) return null;
    const wantedBy = (building) => shortages.find((s) => s.building === building)?.bidders || [];
    const kind = `${key}-kind`;
    const form = h(
      "form",
      {
        on: {
          submit: (e) => {
            e.preventDefault();
            const bidders = [...form.querySelectorAll(`input[name="${key}-bidders"]:checked`)].map((i) => Number(i.value));
            send(c, key, { type: "auction_buildings", seat, building: form.querySelector(`input[name="${kind}"]:checked`).value, bidders });
          },
        },
      },
      h("p", { class: "muted", text: t("shortage.hint", { houses: c.counted(c.state.bank.houses, "house"), hotels: c.counted(c.state.bank.hotels, "hotel") }) }),
      h(
        "fieldset",
        { class: "choices" },
        h("legend", { text: t("shortage.kind") }),
        shortages.map((s, i) => h("label", { class: "check" }, h("input", { type: "radio", name: kind, value: s.building, checked: i === 0, on: { change: () => tick(s.building) } }), c.term(s.building))),
      ),
      h(
        "fieldset",
        { class: "choices" },
        h("legend", { text: t("shortage.bidders") }),
        [...new Set(shortages.flatMap((s) => s.bidders))].sort((a, b) => a - b).map((s) => h("label", { class: "check" }, h("input", { type: "checkbox", name: `${key}-bidders`, value: String(s), checked: wantedBy(shortages[0].building).includes(s) }), c.name(s))),
      ),
      h("button", { type: "submit", class: "action primary", text: t("shortage.submit") }),
    );
    // the seats wanting the kind chosen are ticked
    const tick = (building) => form.querySelectorAll(`input[name="${key}-bidders"]`).forEach((box) => (box.checked = wantedBy(building).includes(Number(box.value))));
    return disclosure(c, key, t("shortage.open", { house: c.term("house") }), form);
  },
});

// -- selling to the bank during a debt (editions whose bank buys back: seed 002) ---------------

defineAction("sell_to_bank", {
  order: 76,
  render(c, seat) {
    const key = `bank-sale-${seat}`;
    const place = `${key}-place`;
    // the properties the bank would buy now, each with what it pays
    const select = h("select", { id: place }, entries(c, "sell_to_bank", seat).map((e) => h("option", { value: String(e.position), text: `${c.place(e.position)} · ${c.money(e.price)}` })));
    // asked first, naming what the bank pays, as a group's buildings sold at once are
    const sell = (position) => send(c, key, { type: "sell_to_bank", seat, position }, undefined, { confirm: t("bank_sale.confirm", { place: c.place(position), amount: c.money(entryAt(c, "sell_to_bank", seat, position).price) }), ok: t("bank_sale.submit") });
    const form = h(
      "form",
      { on: { submit: (e) => (e.preventDefault(), sell(Number(select.value))) } },
      h("label", { for: place, text: t("seller.place") }),
      select,
      h("button", { type: "submit", class: "action primary", text: t("bank_sale.submit") }),
    );
    return disclosure(c, key, t("action.sell_to_bank"), form);
  },
});

// -- a seller's own auction (editions with one: seed 002 «Торги своїм майном») -----------------

defineAction("auction_property", {
  drawer: true,
  order: 75,
  render(c, seat) {
    const key = `seller-auction-${seat}`;
    // the properties the seat may auction, each with its opening bids (from the
    // bank's price up to what the richest opponent could pay, in steps)
    const offers = entries(c, "auction_property", seat);
    if (!offers.length) return null;
    const place = `${key}-place`;
    const start = `${key}-start`;
    const select = h("select", { id: place }, offers.map((o) => h("option", { value: String(o.position), text: c.place(o.position) })));
    const input = moneyInput(c.edition.currency, { id: start, required: true, "aria-describedby": `${start}-range` });
    const hint = h("p", { class: "muted" });
    const bounds = h("p", { class: "muted", id: `${start}-range` });
    const problem = h("p", { class: "field-error", role: "alert" });
    const rangeOf = () => offers.find((o) => o.position === Number(select.value)).start;
    // the opening bids of the property chosen: from the bank's price, in strides, up to what the richest opponent has
    const limits = () => {
      const range = rangeOf();
      setBounds(input, c.edition.currency, range);
      input.value = String(shown(c.edition.currency, range.min));
      hint.textContent = t("seller.hint", { step: c.money(range.step) });
      bounds.textContent = `${boundsText(c.edition.currency, range)} · ${t("seller.stride", { step: c.money(range.step) })}`;
      problem.textContent = "";
    };
    select.addEventListener("change", limits);
    limits();
    // an opening the options do not offer (none, below the floor, above the cap, off the stride) says so and sends nothing
    const opening = () => {
      const range = rangeOf();
      const typed = input.value === "" ? null : typedAmount(input);
      const offered = typed !== null && Number.isInteger(typed) && typed >= range.min && typed <= range.max && (typed - range.min) % range.step === 0;
      problem.textContent = offered ? "" : t("seller.start_bad", { min: c.money(range.min), max: c.money(range.max), step: c.money(range.step) });
      return offered ? typed : null;
    };
    const form = h(
      "form",
      {
        novalidate: true,
        on: {
          submit: (e) => {
            e.preventDefault();
            const chosen = opening();
            const position = Number(select.value);
            const ask = { confirm: t("seller.confirm", { place: c.place(position), amount: c.money(chosen) }), ok: t("seller.submit") };
            if (chosen !== null) send(c, key, { type: "auction_property", seat, position, start: chosen }, undefined, ask);
          },
        },
      },
      hint,
      h("label", { for: place, text: t("seller.place") }),
      select,
      h("label", { for: start, text: t("seller.start") }),
      input,
      bounds,
      problem,
      h("button", { type: "submit", class: "action primary", text: t("seller.submit") }),
    );
    return disclosure(c, key, t("seller.open"), form);
  },
});
