// An auction bid aloud around the table: the table phone records only its result,
// "nobody bids" in one tap or "won by ___ for ___" in one form. Who may win and at
// which prices are the options of the `auction_result` entry; the server judges the
// result as it would judge the bids.

import { defineAction } from "./actions.js";
import { amountOf, moneyInput, setBounds } from "./amounts.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

function nobody(c, seat, p) {
  const text = p.high_bidder == null ? t("aloud.nobody") : t("aloud.nobody_else", { name: c.name(p.high_bidder), amount: c.money(p.high_bid) });
  return h("button", { class: "action", type: "button", text, on: { click: () => c.act({ type: "auction_result", seat }) } });
}

// The winner's prices: its standing bid (nobody raised), or min..max on the step.
function priceBounds(entry) {
  return { min: entry.standing ?? entry.min, max: entry.max, step: entry.step };
}

function winnerForm(c, seat, p) {
  if (!p.winners.length) return null;
  const winnerId = `aloud-winner-${seat}`;
  const amountId = `aloud-amount-${seat}`;
  const select = h(
    "select",
    { id: winnerId, name: "winner" },
    p.winners.map((w) => h("option", { value: String(w.seat), text: c.name(w.seat) })),
  );
  const input = moneyInput(c.edition.currency, { id: amountId, name: "amount", required: true });
  const hint = h("p", { class: "muted", id: `${amountId}-hint` });
  const bound = () => {
    const entry = p.winners.find((w) => String(w.seat) === select.value);
    const { min, max, step } = priceBounds(entry);
    setBounds(input, c.edition.currency, { min, max, step });
    input.setAttribute("aria-describedby", hint.id);
    hint.textContent = min === max ? t("aloud.only", { amount: c.money(min) }) : t("aloud.range", { min: c.money(min), max: c.money(max) });
  };
  select.addEventListener("change", bound);
  bound();
  const submit = (event) => {
    event.preventDefault();
    const amount = amountOf(input);
    if (amount !== null) c.act({ type: "auction_result", seat, winner: Number(select.value), amount });
  };
  return h(
    "form",
    { class: "aloud", on: { submit } },
    h("div", { class: "row" }, h("label", { for: winnerId, text: t("aloud.winner") }), select, h("label", { for: amountId, text: t("aloud.amount") }), input),
    hint,
    h("button", { class: "action primary", type: "submit", text: t("aloud.submit") }),
  );
}

defineAction("auction_result", {
  order: 3,
  once: true,
  render(c, seat) {
    const p = c.options("auction_result", seat);
    if (!p) return null;
    return h("div", { class: "aloud-result", role: "group", "aria-label": t("aloud.title") }, h("p", { class: "control-title", text: t("aloud.title") }), nobody(c, seat, p), winnerForm(c, seat, p));
  },
});
