// How a game ends: title deeds dealt at the start of a short or timed game,
// paying part of a debt in property, the bank's auctions of a bankrupt's
// estate, and the table stopping a timed game. Each control sends the API's
// own shape; the server checks it and a refusal names its rule.

import { defineAction } from "./actions.js";
import { definePending } from "./pending.js";
import { amountOf, boundsText, moneyInput, setBounds } from "./amounts.js";
import { h } from "./dom.js";
import { isolated, t } from "./i18n.js";
import { standingsTable } from "./money.js";

const big = (text, onclick, cls = "action") => h("button", { class: cls, type: "button", text, on: { click: onclick } });
// the names, as a text lists them (each quoted where it quotes them: «{places}»)
const places = (c, positions) => positions.map((p) => c.place(p));
// a mortgaged property given for a debt: what its receiver pays the bank (the options')
const mortgaged = (c, p) => t("kind.mortgaged", { place: c.place(p.position), interest: c.money(p.interest), percent: p.percent });

definePending("deed_deal", (p, c) => t("pending.deed_deal", { deeds: c.counted(p.count, "deed") }));

definePending("property_offer", (p, c) =>
  t("pending.property_offer", { name: c.name(p.seat), partner: c.name(p.to), places: places(c, p.positions), value: c.money(p.value) }),
);

// -- the deal of title deeds ---------------------------------------------------------

// The table reports the deeds its banker dealt: for each player, one list per
// deed of the free properties with their prices; a deed taken by one list is
// greyed out in the others, and each player's bill is added up as it is chosen.
defineAction("deal_deeds", {
  order: 1,
  once: true,
  render(c, seat) {
    const deal = c.pending("deed_deal")[0];
    if (!deal) return null;
    const free = c.state.properties.filter((p) => p.owner === null).map((p) => p.position);
    const price = (position) => c.edition.space(position)?.price ?? 0;
    const selects = [];
    const submit = h("button", { type: "submit", class: "action primary", disabled: true });
    const bills = new Map();
    const update = () => {
      const chosen = selects.map((s) => s.value).filter(Boolean);
      for (const select of selects)
        for (const option of select.options) option.disabled = option.value !== "" && option.value !== select.value && chosen.includes(option.value);
      for (const [player, bill] of bills) {
        const mine = selects.filter((s) => s.dataset.seat === String(player.seat) && s.value);
        const total = mine.reduce((n, s) => n + price(Number(s.value)), 0);
        bill.textContent = mine.length ? t("deal.bill", { name: isolated(player.name), amount: c.money(total), cash: c.money(player.cash - total) }) : "";
      }
      const left = selects.length - chosen.length;
      submit.disabled = left > 0;
      submit.textContent = left ? t("deal.submit_left", { count: left }) : t("deal.submit");
    };
    const players = c.state.players.map((player) => {
      const bill = h("p", { class: "total", "aria-live": "polite" });
      bills.set(player, bill);
      const picks = Array.from({ length: deal.count }, (_, i) => {
        const id = `deal-${player.seat}-${i}`;
        const select = h(
          "select",
          { id, dataset: { seat: String(player.seat) }, on: { change: update } },
          h("option", { value: "", text: t("deal.choose") }),
          free.map((position) => h("option", { value: String(position), text: `${c.place(position)} · ${c.money(price(position))}` })),
        );
        selects.push(select);
        return h("div", { class: "field deal-pick" }, h("label", { for: id, text: t("deal.pick", { name: isolated(player.name), n: i + 1 }) }), select);
      });
      return h("fieldset", { class: "group deal-player", dataset: { seat: String(player.seat) } }, h("legend", { text: isolated(player.name) }), picks, bill);
    });
    const form = h(
      "form",
      {
        class: "deal",
        on: {
          submit: (e) => {
            e.preventDefault();
            const deeds = c.state.players.map((player) => selects.filter((s) => s.dataset.seat === String(player.seat)).map((s) => Number(s.value)));
            c.act({ type: "deal_deeds", seat, deeds });
          },
        },
      },
      h("p", { class: "control-title", text: t("deal.title") }),
      h("p", { class: "muted", text: t("deal.hint", { deeds: c.counted(deal.count, "deed") }) }),
      players,
      submit,
    );
    update();
    return form;
  },
});

// -- paying part of a debt in property (seeds 000/003) --------------------------------------

defineAction("offer_property", {
  order: 76,
  // The creditors, the value each offer may name (up to what that creditor is
  // owed) and the properties that may be offered, all from the options.
  render(c, seat) {
    const options = c.options("offer_property", seat) || {};
    const creditors = options.creditors || [];
    const mine = options.positions || [];
    if (!creditors.length || !mine.length) return null;
    const key = `pay-in-kind-${seat}`;
    const to = h("select", { id: `${key}-to` }, creditors.map((cr) => h("option", { value: String(cr.seat), text: `${c.name(cr.seat)} · ${c.money(cr.owed)}` })));
    const value = moneyInput(c.edition.currency, { id: `${key}-value`, "aria-describedby": `${key}-value-hint` });
    const hint = h("p", { class: "muted", id: `${key}-value-hint` });
    const limits = () => {
      const range = creditors.find((cr) => cr.seat === Number(to.value))?.value || {};
      const bounds = { min: range.min ?? 1, max: range.max ?? null, step: range.step ?? 1 };
      setBounds(value, c.edition.currency, bounds);
      hint.textContent = boundsText(c.edition.currency, bounds);
    };
    to.addEventListener("change", limits);
    limits();
    const boxes = mine.map((p) => h("label", { class: "check" }, h("input", { type: "checkbox", name: key, value: String(p.position) }), p.mortgaged ? mortgaged(c, p) : c.place(p.position)));
    const form = h(
      "form",
      {
        on: {
          submit: (e) => {
            e.preventDefault();
            const positions = [...form.querySelectorAll(`input[name="${key}"]:checked`)].map((i) => Number(i.value));
            const amount = amountOf(value);
            if (amount !== null) c.act({ type: "offer_property", seat, to: Number(to.value), positions, value: amount });
          },
        },
      },
      h("p", { class: "muted", text: t("kind.hint") }),
      h("label", { for: `${key}-to`, text: t("kind.to") }),
      to,
      h("fieldset", { class: "choices" }, h("legend", { text: t("kind.places") }), boxes),
      h("label", { for: `${key}-value`, text: t("kind.value") }),
      value,
      hint,
      h("button", { type: "submit", class: "action primary", text: t("kind.submit") }),
    );
    return h("details", { class: "form-disclosure" }, h("summary", { class: "button action secondary", text: t("kind.open") }), form);
  },
});

// The offers of property a seat may answer with this type: the ids of its options' "offer".
function offers(c, type, seat) {
  const ids = new Set(c.options(type, seat)?.offer || []);
  return c.pending("property_offer").filter((o) => ids.has(o.id));
}

defineAction("accept_property", {
  order: 3,
  render: (c, seat) =>
    offers(c, "accept_property", seat).map((o) => [
      c.options("accept_property", seat).mortgaged?.filter((m) => m.offer === o.id).map((m) => h("p", { class: "muted", text: mortgaged(c, m) })),
      big(t("kind.accept", { places: places(c, o.positions), value: c.money(o.value) }), () => c.act({ type: "accept_property", seat, offer: o.id }), "action primary"),
    ]),
});

defineAction("reject_property", {
  order: 4,
  render: (c, seat) =>
    offers(c, "reject_property", seat).map((o) =>
      big(o.seat === seat ? t("offer.withdraw") : t("offer.reject"), () => c.act({ type: "reject_property", seat, offer: o.id }), o.seat === seat ? "action secondary" : "action danger"),
    ),
});

// -- the table stops a timed game ---------------------------------------------------------

// Once a timed game's time is up (the options' time_up), recording the end is all there is to do.
const timeUp = (c, seat) => !!c.options("end_game", seat)?.time_up;

defineAction("end_game", {
  order: (c, seat) => (timeUp(c, seat) ? 1 : 97),
  confirm: true,
  once: true,
  render(c, seat) {
    if (timeUp(c, seat)) return big(t("end_game.time_up"), () => c.act({ type: "end_game", seat }), "action primary");
    return big(t("end_game.button"), () => c.act({ type: "end_game", seat }, { confirm: t("end_game.confirm"), ok: t("end_game.ok") }), "action danger");
  },
});

// -- the end ---------------------------------------------------------------------------------

// The final screen: who won (several players when the richest tie) and the standings.
export function finalView(c) {
  const winners = c.state.winners?.length ? c.state.winners : c.state.winner != null ? [c.state.winner] : [];
  const names = winners.map((s) => c.name(s)).join(", ");
  const verdict = winners.length > 1 ? t("final.tie", { names, count: winners.length }) : winners.length ? t("final.winner", { name: names }) : t("final.nobody");
  return h(
    "section",
    { class: "final", "aria-labelledby": "final-title" },
    h("h2", { id: "final-title", text: t("final.title") }),
    h("p", { class: "final-verdict", text: verdict }),
    h("h3", { text: t("final.standings") }),
    standingsTable(c, c.worth.standings),
  );
}
