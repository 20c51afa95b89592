// Property controls: build and sell buildings, mortgage and lift mortgages,
// offer a trade and answer one, report a shortage of buildings. Each sends the
// API's own shape (`positions` with one entry per building; `to`, `give`, `get`
// with positions, cash and cards; `offer`). The page only proposes: the server
// checks every request as a whole and a refusal names its rule.

import { defineAction } from "./actions.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { termsText } from "./pending.js";

const big = (text, onclick, cls = "action") => h("button", { class: cls, type: "button", text, on: { click: onclick } });

// -- what a seat holds --------------------------------------------------------

export function holdingAt(c, position) {
  return c.state.properties.find((p) => p.position === position);
}

function owned(c, seat) {
  return c.state.properties.filter((p) => p.owner === seat).sort((a, b) => a.position - b.position);
}

// The level of a street: its houses, or one above the most houses once it has a hotel.
function levelOf(c, holding) {
  return holding.hotel ? maxHouses(c) + 1 : holding.houses;
}

function maxHouses(c) {
  return c.edition.rules.buildings?.max_houses ?? 4;
}

export function buildingsText(c, holding) {
  if (!holding) return "";
  if (holding.hotel) return c.term("hotel");
  return holding.houses ? t("board.buildings", { count: holding.houses, house: c.term("house") }) : "";
}

// Groups whose every property the seat owns (building needs a whole group).
function wholeGroups(c, seat) {
  const groups = new Set(owned(c, seat).map((h) => c.edition.space(h.position)?.group).filter(Boolean));
  return [...groups].filter((group) => {
    const positions = c.edition.groupPositions(group);
    return c.edition.space(positions[0])?.kind === "street" && positions.every((p) => holdingAt(c, p)?.owner === seat);
  });
}

function groupBuilt(c, position) {
  const group = c.edition.space(position)?.group;
  if (!group || c.edition.space(position).kind !== "street") return false;
  return c.edition.groupPositions(group).some((p) => levelOf(c, holdingAt(c, p) || { houses: 0 }) > 0);
}

// -- forms that open from a summary line ------------------------------------------

// A form behind a disclosure; it stays open across updates that rebuild the controls.
function disclosure(c, key, title, body) {
  const details = h("details", { class: "form-disclosure", open: !!c.view.open[key], dataset: { form: key } }, h("summary", { class: "button action secondary", text: title }), body);
  details.addEventListener("toggle", () => (c.view.open[key] = details.open));
  return details;
}

// Send a form's action; the form closes once the server has accepted it.
function send(c, key, body, done = () => {}) {
  c.act(body, { done: () => ((c.view.open[key] = false), done()) });
}

// One number per property with − and + buttons: how many buildings to add or sell.
function stepper(id, labelText, max, onChange) {
  const input = h("input", { id, type: "number", inputmode: "numeric", min: "0", max: String(max), step: "1", value: "0", class: "count" });
  const set = (value) => {
    input.value = String(Math.max(0, Math.min(max, value)));
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

function placeBuilding(c, seat, placement) {
  const key = `place-${seat}`;
  const streets = wholeGroups(c, seat).flatMap((g) => c.edition.groupPositions(g)).map((p) => holdingAt(c, p));
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

function buildForm(c, seat) {
  const key = `build-${seat}`;
  const top = maxHouses(c) + 1;
  const steppers = [];
  const total = h("p", { class: "total", "aria-live": "polite" });
  const submit = h("button", { type: "submit", class: "action primary", disabled: true, text: t("build.submit_none") });
  const update = () => {
    const count = steppers.reduce((n, s) => n + s.step.value(), 0);
    const cost = steppers.reduce((n, s) => n + s.step.value() * (c.edition.space(s.position).building_cost || 0), 0);
    submit.disabled = count === 0;
    submit.textContent = count ? t("build.submit", { count, amount: c.money(cost) }) : t("build.submit_none");
    total.textContent = count ? t("build.total", { count, amount: c.money(cost) }) : "";
  };
  const groups = wholeGroups(c, seat).map((group) => {
    const rows = c.edition.groupPositions(group).map((position) => {
      const holding = holdingAt(c, position);
      const step = stepper(`build-${seat}-${position}`, streetLabel(c, holding), top - levelOf(c, holding), update);
      steppers.push({ position, step });
      return step;
    });
    return h(
      "fieldset",
      { class: "group", style: { "--group": c.edition.groupColour(group) } },
      h("legend", { text: t("build.group", { group: c.edition.groupName(group), cost: c.money(c.edition.space(c.edition.groupPositions(group)[0]).building_cost) }) }),
      rows.map((r) => r.row),
      h("button", { type: "button", class: "small secondary", text: t("build.one_each"), on: { click: () => rows.forEach((r) => r.set(r.value() + 1)) } }),
    );
  });
  const form = h(
    "form",
    { class: "build", on: { submit: (e) => (e.preventDefault(), send(c, key, { type: "build", seat, positions: interleave(steppers.map((s) => [s.position, s.step.value()])) })) } },
    h("p", { class: "muted", text: t("build.hint", { house: c.term("house"), hotel: c.term("hotel") }) }),
    groups,
    total,
    submit,
  );
  return disclosure(c, key, t("build.open", { house: c.term("house") }), form);
}

// Forms for what may be done at any time sit after the turn's own controls;
// a building won at auction waits to be placed, so its control comes first.
defineAction("build", {
  order: (c, seat) => (c.pending("place_building").some((p) => p.seat === seat) ? 7 : 70),
  render(c, seat) {
    const placement = c.pending("place_building").find((p) => p.seat === seat);
    return placement ? placeBuilding(c, seat, placement) : buildForm(c, seat);
  },
  space(c, seat, position) {
    const holding = holdingAt(c, position);
    if (holding?.owner !== seat || c.edition.space(position)?.kind !== "street" || holding.hotel) return null;
    const what = holding.houses >= maxHouses(c) ? c.term("hotel") : c.term("house");
    return big(t("space.build", { building: what, place: c.place(position) }), () => c.act({ type: "build", seat, positions: [position] }));
  },
});

defineAction("sell_building", {
  order: 71,
  render(c, seat) {
    const key = `sell-${seat}`;
    const percent = c.edition.rules.buildings?.sale_fraction_percent ?? 50;
    const steppers = [];
    const submit = h("button", { type: "submit", class: "action primary", disabled: true, text: t("sell.submit_none") });
    const update = () => {
      const count = steppers.reduce((n, s) => n + s.step.value(), 0);
      submit.disabled = count === 0;
      submit.textContent = count ? t("sell.submit", { count }) : t("sell.submit_none");
    };
    const rows = owned(c, seat)
      .filter((hl) => levelOf(c, hl) > 0)
      .map((hl) => {
        const step = stepper(`sell-${seat}-${hl.position}`, streetLabel(c, hl), levelOf(c, hl), update);
        steppers.push({ position: hl.position, step });
        return step.row;
      });
    const form = h(
      "form",
      { class: "sell", on: { submit: (e) => (e.preventDefault(), send(c, key, { type: "sell_building", seat, positions: interleave(steppers.map((s) => [s.position, s.step.value()])) })) } },
      h("p", { class: "muted", text: t("sell.hint", { percent }) }),
      rows,
      submit,
    );
    return disclosure(c, key, t("sell.open"), form);
  },
  space(c, seat, position) {
    const holding = holdingAt(c, position);
    if (holding?.owner !== seat || !levelOf(c, holding)) return null;
    return big(t("space.sell", { building: holding.hotel ? c.term("hotel") : c.term("house"), place: c.place(position) }), () => c.act({ type: "sell_building", seat, positions: [position] }));
  },
});

// -- mortgages -------------------------------------------------------------------------

function checklist(c, seat, key, holdings, describe, submitText, type, hint) {
  const name = `${key}-pick`;
  const boxes = holdings.map((hl) => {
    const blocked = describe(hl).blocked;
    return h("label", { class: `check ${blocked ? "blocked" : ""}` }, h("input", { type: "checkbox", name, value: String(hl.position), disabled: !!blocked }), h("span", {}, c.place(hl.position), h("span", { class: "muted", text: ` · ${blocked || describe(hl).text}` })));
  });
  const submit = h("button", { type: "submit", class: "action primary", text: submitText });
  const form = h(
    "form",
    {
      on: {
        submit: (e) => {
          e.preventDefault();
          const positions = [...form.querySelectorAll(`input[name="${name}"]:checked`)].map((i) => Number(i.value));
          if (positions.length) send(c, key, { type, seat, positions });
        },
      },
    },
    hint ? h("p", { class: "muted", text: hint }) : null,
    h("fieldset", { class: "choices" }, h("legend", { class: "visually-hidden", text: submitText }), boxes),
    submit,
  );
  return form;
}

defineAction("mortgage", {
  order: 72,
  render(c, seat) {
    const key = `mortgage-${seat}`;
    const holdings = owned(c, seat).filter((hl) => !hl.mortgaged);
    const form = checklist(
      c,
      seat,
      key,
      holdings,
      (hl) => ({ text: t("mortgage.value", { amount: c.money(c.edition.space(hl.position).mortgage ?? 0) }), blocked: groupBuilt(c, hl.position) ? t("mortgage.sell_first") : null }),
      t("mortgage.submit"),
      "mortgage",
      t("mortgage.hint"),
    );
    return disclosure(c, key, t("mortgage.open"), form);
  },
  space(c, seat, position) {
    const holding = holdingAt(c, position);
    if (holding?.owner !== seat || holding.mortgaged) return null;
    return big(t("space.mortgage", { place: c.place(position), amount: c.money(c.edition.space(position).mortgage ?? 0) }), () => c.act({ type: "mortgage", seat, positions: [position] }));
  },
});

// The lifting price and the interest of a mortgage just received, as the
// server's ruling on receiving it gave them (rule mortgage.choice).
function choiceAmounts(c, choice) {
  for (const event of [...c.events].reverse()) {
    const found = event.rulings.find((r) => r.rule.startsWith("mortgage.choice") && r.values?.place === choice.position);
    if (found) return found.values;
  }
  return {};
}

defineAction("unmortgage", {
  order: 73,
  render(c, seat) {
    const choices = c.pending("mortgage_choice").filter((p) => p.seat === seat);
    const key = `unmortgage-${seat}`;
    const percent = c.edition.rules.mortgage?.interest_percent ?? 10;
    const others = owned(c, seat).filter((hl) => hl.mortgaged && !choices.some((ch) => ch.position === hl.position));
    return others.length
      ? disclosure(
          c,
          key,
          t("unmortgage.open"),
          checklist(c, seat, key, others, (hl) => ({ text: t("unmortgage.cost", { amount: c.money(c.edition.space(hl.position).mortgage ?? 0), percent }) }), t("unmortgage.submit"), "unmortgage", t("unmortgage.hint", { percent })),
        )
      : null;
  },
  space(c, seat, position) {
    const holding = holdingAt(c, position);
    if (holding?.owner !== seat || !holding.mortgaged) return null;
    return big(t("space.unmortgage", { place: c.place(position) }), () => c.act({ type: "unmortgage", seat, positions: [position] }));
  },
});

// A mortgaged property just received: lift it now (when the cash allows) or keep it mortgaged.
defineAction("keep_mortgage", {
  order: 6,
  render(c, seat) {
    const mayLift = c.state.allowed.some((a) => a.type === "unmortgage" && a.seat === seat);
    return c
      .pending("mortgage_choice")
      .filter((p) => p.seat === seat)
      .map((choice) => {
        const values = choiceAmounts(c, choice);
        const place = c.place(choice.position);
        const keep = choice.fee_paid || values.interest == null ? t("choice.keep", { place }) : t("choice.keep_for", { place, amount: c.money(values.interest) });
        const lift = values.lift == null ? t("choice.lift", { place }) : t("choice.lift_for", { place, amount: c.money(values.lift) });
        return h(
          "div",
          { role: "group", "aria-label": t("pending.title.mortgage_choice") },
          mayLift ? big(lift, () => c.act({ type: "unmortgage", seat, positions: [choice.position] }), "action primary") : null,
          big(keep, () => c.act({ type: "keep_mortgage", seat, positions: [choice.position] })),
        );
      });
  },
});

// -- trades -------------------------------------------------------------------------------

function sideFields(c, side, seat, draft, id) {
  const player = c.state.players[seat];
  const props = owned(c, seat).map((hl) => {
    const blocked = groupBuilt(c, hl.position) ? t("trade.sell_first") : null;
    const note = [hl.mortgaged ? t("board.mortgaged") : null, blocked].filter(Boolean).join(", ");
    return h(
      "label",
      { class: `check ${blocked ? "blocked" : ""}` },
      h("input", { type: "checkbox", name: `${id}-positions`, value: String(hl.position), checked: (draft || []).includes(hl.position), disabled: !!blocked }),
      h("span", {}, c.place(hl.position), note ? h("span", { class: "muted", text: ` · ${note}` }) : null),
    );
  });
  const cards = (player.jail_cards || []).map((card) => h("label", { class: "check" }, h("input", { type: "checkbox", name: `${id}-cards`, value: card }), c.edition.cardText(card)));
  const cashId = `${id}-cash`;
  return h(
    "fieldset",
    { class: "trade-side", dataset: { side } },
    h("legend", { text: t(`trade.${side}`, { name: player.name }) }),
    props.length || cards.length ? [props, cards] : h("p", { class: "muted", text: t("trade.holds_nothing", { name: player.name }) }),
    h("label", { for: cashId, text: t("trade.cash", { name: player.name, cash: c.money(player.cash) }) }),
    h("input", { id: cashId, name: cashId, type: "number", inputmode: "numeric", min: "0", max: String(player.cash), step: "1", value: "0" }),
  );
}

function readSide(form, id) {
  const picked = (name) => [...form.querySelectorAll(`input[name="${id}-${name}"]:checked`)].map((i) => i.value);
  return { positions: picked("positions").map(Number), cash: Math.max(0, Math.floor(Number(form.elements[`${id}-cash`]?.value) || 0)), cards: picked("cards") };
}

function tradeForm(c, seat) {
  const key = `trade-${seat}`;
  const draft = c.view.trade?.seat === seat ? c.view.trade : null;
  const partners = c.state.players.filter((p) => p.seat !== seat && !p.bankrupt);
  const partnerId = `trade-${seat}-to`;
  const select = h("select", { id: partnerId }, partners.map((p) => h("option", { value: String(p.seat), text: p.name, selected: draft?.to === p.seat })));
  const sides = h("div", { class: "trade-sides" });
  const summary = h("p", { class: "total", "aria-live": "polite" });
  const fill = () => {
    const to = Number(select.value);
    sides.replaceChildren(sideFields(c, "give", seat, draft?.give, `${key}-give`), sideFields(c, "get", to, draft?.to === to ? draft.get : [], `${key}-get`));
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
    h("p", { class: "muted", text: t("trade.hint") }),
    h("div", { class: "field" }, h("label", { for: partnerId, text: t("trade.partner") }), select),
    sides,
    summary,
    h("button", { type: "submit", class: "action primary", text: t("trade.submit") }),
  );
  fill();
  return disclosure(c, key, t("trade.open"), form);
}

defineAction("trade", {
  order: 76,
  render: tradeForm,
  // From a space's card: a trade for that property, with its owner.
  space(c, seat, position) {
    const holding = holdingAt(c, position);
    if (holding?.owner == null) return null;
    const mine = holding.owner === seat;
    if (!mine && c.seat === null) return null; // the table phone trades from the owner's side only
    const text = mine ? t("space.trade_give", { place: c.place(position) }) : t("space.trade_get", { place: c.place(position), name: c.name(holding.owner) });
    return big(text, () => c.startTrade(seat, mine ? { give: [position] } : { to: holding.owner, get: [position] }), "action secondary");
  },
});

function offerView(c, offer, seat, buttons) {
  const mine = offer.seat === seat;
  return h(
    "div",
    { class: "offer", role: "group", "aria-label": t("offer.label", { id: offer.id }), dataset: { offer: String(offer.id) } },
    h("p", { class: "control-title", text: mine ? t("offer.yours", { partner: c.name(offer.to) }) : t("offer.to_you", { name: c.name(offer.seat) }) }),
    h(
      "dl",
      { class: "fields" },
      h("dt", { text: mine ? t("offer.you_give") : t("offer.you_get") }),
      h("dd", { text: termsText(offer.give, c) }),
      h("dt", { text: mine ? t("offer.you_get") : t("offer.you_give") }),
      h("dd", { text: termsText(offer.get, c) }),
    ),
    h("div", { class: "row offer-buttons" }, buttons),
  );
}

defineAction("accept_trade", {
  order: 3,
  render(c, seat) {
    const canReject = c.state.allowed.some((a) => a.type === "reject_trade" && a.seat === seat);
    return c
      .pending("trade_offer")
      .filter((o) => o.to === seat)
      .map((offer) =>
        offerView(c, offer, seat, [
          big(t("offer.accept"), () => c.act({ type: "accept_trade", seat, offer: offer.id }), "action primary"),
          canReject ? big(t("offer.reject"), () => c.act({ type: "reject_trade", seat, offer: offer.id }), "action danger") : null,
        ]),
      );
  },
});

defineAction("reject_trade", {
  order: 4,
  render(c, seat) {
    const accepting = c.state.allowed.some((a) => a.type === "accept_trade" && a.seat === seat);
    return c
      .pending("trade_offer")
      .filter((o) => o.seat === seat || (o.to === seat && !accepting))
      .map((offer) =>
        offerView(c, offer, seat, [
          offer.seat === seat ? big(t("offer.withdraw"), () => c.act({ type: "reject_trade", seat, offer: offer.id }), "action secondary") : big(t("offer.reject"), () => c.act({ type: "reject_trade", seat, offer: offer.id }), "action danger"),
        ]),
      );
  },
});

// -- a shortage of buildings ------------------------------------------------------------------

defineAction("auction_buildings", {
  order: 74,
  render(c, seat) {
    const key = `shortage-${seat}`;
    const wanting = [...new Set(c.state.allowed.filter((a) => a.type === "auction_buildings").map((a) => a.seat))];
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
      h("p", { class: "muted", text: t("shortage.hint", { houses: c.state.bank.houses, hotels: c.state.bank.hotels, house: c.term("house"), hotel: c.term("hotel") }) }),
      h(
        "fieldset",
        { class: "choices" },
        h("legend", { text: t("shortage.kind") }),
        ["house", "hotel"].map((value, i) => h("label", { class: "check" }, h("input", { type: "radio", name: kind, value, checked: i === 0 }), c.term(value))),
      ),
      h(
        "fieldset",
        { class: "choices" },
        h("legend", { text: t("shortage.bidders") }),
        c.state.players.filter((p) => !p.bankrupt).map((p) => h("label", { class: "check" }, h("input", { type: "checkbox", name: `${key}-bidders`, value: String(p.seat), checked: wanting.includes(p.seat) }), p.name)),
      ),
      h("button", { type: "submit", class: "action primary", text: t("shortage.submit") }),
    );
    return disclosure(c, key, t("shortage.open", { house: c.term("house") }), form);
  },
});

// -- selling to the bank during a debt (editions whose bank buys back: seed 002) ---------------

defineAction("sell_to_bank", {
  order: 76,
  render(c, seat) {
    const key = `bank-sale-${seat}`;
    const place = `${key}-place`;
    const select = h("select", { id: place }, owned(c, seat).map((holding) => h("option", { value: String(holding.position), text: c.place(holding.position) })));
    const form = h(
      "form",
      { on: { submit: (e) => (e.preventDefault(), send(c, key, { type: "sell_to_bank", seat, position: Number(select.value) })) } },
      h("label", { for: place, text: t("seller.place") }),
      select,
      h("button", { type: "submit", class: "action primary", text: t("bank_sale.submit") }),
    );
    return disclosure(c, key, t("action.sell_to_bank"), form);
  },
});

// -- a seller's own auction (editions with one: seed 002 «Торги своїм майном») -----------------

defineAction("auction_property", {
  order: 75,
  render(c, seat) {
    const key = `seller-auction-${seat}`;
    const free = owned(c, seat).filter((h) => !groupBuilt(c, h.position));
    if (!free.length) return null;
    const step = c.edition.rules.seller_auction?.start_step ?? 10;
    const place = `${key}-place`;
    const start = `${key}-start`;
    const select = h("select", { id: place }, free.map((holding) => h("option", { value: String(holding.position), text: c.place(holding.position) })));
    const input = h("input", { id: start, type: "number", inputmode: "numeric", min: "0", step: String(step), value: "" });
    const form = h(
      "form",
      { on: { submit: (e) => (e.preventDefault(), send(c, key, { type: "auction_property", seat, position: Number(select.value), start: Number(input.value) })) } },
      h("p", { class: "muted", text: t("seller.hint", { step: c.money(step) }) }),
      h("label", { for: place, text: t("seller.place") }),
      select,
      h("label", { for: start, text: t("seller.start") }),
      input,
      h("button", { type: "submit", class: "action primary", text: t("seller.submit") }),
    );
    return disclosure(c, key, t("seller.open"), form);
  },
});
