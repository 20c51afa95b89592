// The forms of the table's own decisions (money moved outside the rules with a reason, a new
// name, a player leaving): rare, so loaded when one is first opened (table.js). Every choice
// comes from the options: the accounts and what each holds, the heirs and what the estate holds.

import { builtOn, mortgagesText } from "./actions.js";
import { amountOf, boundsText, moneyInput, setBounds } from "./amounts.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { send } from "./property.js";

const account = (c, seat, name) => (name === "seat" ? c.name(seat) : c.account(name));

// The seats the table may send a type for, and a select to pick one; `fill(seat)` redraws
// the fields that depend on it (what the seat holds, what leaving would do).
function seatPicker(c, type, key, fill) {
  const seats = c.state.allowed.filter((a) => a.type === type).map((a) => a.seat);
  const select = h("select", { id: `${key}-seat` }, seats.map((s) => h("option", { value: String(s), text: c.name(s) })));
  const fields = h("div", { class: "seat-fields" });
  const redraw = () => fields.replaceChildren(...[fill(Number(select.value))].flat().filter(Boolean));
  select.addEventListener("change", redraw);
  redraw();
  return { field: h("div", { class: "field" }, h("label", { for: select.id, text: t("table.player") }), select), fields, seat: () => Number(select.value) };
}

const field = (input, text) => h("div", { class: "field" }, h("label", { for: input.id, text }), input);

export function adjust(c) {
  const key = "adjust";
  const inputs = {};
  const picker = seatPicker(c, "adjust", key, (seat) => {
    const options = c.options("adjust", seat);
    const pick = (id, chosen) =>
      h("select", { id }, options.accounts.map((a) => h("option", { value: a, text: a === "bank" ? account(c, seat, a) : `${account(c, seat, a)} (${c.money(options.available[a])})`, selected: a === chosen })));
    inputs.source = pick(`${key}-source`, "bank");
    inputs.target = pick(`${key}-target`, "seat");
    inputs.amount = moneyInput(c.edition.currency, { id: `${key}-amount`, required: true, "aria-describedby": `${key}-amount-hint` });
    inputs.reason = h("input", { id: `${key}-reason`, type: "text", maxlength: String(options.reason), required: true, placeholder: t("adjust.reason_hint") });
    const hint = h("p", { class: "muted", id: `${key}-amount-hint` });
    // what the paying account may pay (a player's cash)
    const bound = (x = options.amounts[inputs.source.value] || {}) => {
      setBounds(inputs.amount, c.edition.currency, x);
      hint.textContent = boundsText(c.edition.currency, x);
    };
    inputs.source.onchange = () => bound();
    bound();
    return [field(inputs.source, t("adjust.source")), field(inputs.target, t("adjust.target")), field(inputs.amount, t("adjust.amount")), hint, field(inputs.reason, t("adjust.reason"))];
  });
  const submit = (e) => {
    e.preventDefault();
    const { source, target, amount, reason } = inputs;
    const base = amountOf(amount);
    if (base !== null) send(c, key, { type: "adjust", seat: picker.seat(), source: source.value, target: target.value, amount: base, reason: reason.value });
  };
  const form = h(
    "form",
    { class: "adjust", on: { submit } },
    h("p", { class: "muted", text: t("adjust.hint") }),
    picker.field,
    picker.fields,
    h("button", { type: "submit", class: "action primary", text: t("adjust.submit") }),
  );
  return form;
}

export function rename(c) {
  const key = "rename";
  let input = null;
  const picker = seatPicker(c, "rename", key, (seat) => {
    const options = c.options("rename", seat);
    input = h("input", { id: `${key}-name`, type: "text", minlength: String(options.name.min_length), maxlength: String(options.name.max_length), required: true, value: options.current });
    return field(input, t("rename.label", { name: c.name(seat) }));
  });
  const form = h(
    "form",
    { class: "rename", on: { submit: (e) => (e.preventDefault(), send(c, key, { type: "rename", seat: picker.seat(), name: input.value.trim() })) } },
    picker.field,
    picker.fields,
    h("button", { type: "submit", class: "action primary", text: t("rename.submit") }),
  );
  return form;
}

// What leaving would do, as the options say it, for the heir chosen ("bank" or a seat).
function leavingText(c, seat, options, heir) {
  const estate = options.estate;
  const held = t("leave.estate", { name: c.name(seat), cash: c.money(estate.cash), count: estate.positions.length });
  const goes = heir === "bank" ? t(`leave.to_bank.${options.to_bank}`) : t(`leave.to_player.${options.to_player}`, { heir: c.name(Number(heir)) });
  const mortgages = mortgagesText(c, options.mortgages, heir !== "bank" && options.to_player === "estate" && c.name(Number(heir)));
  // each debt the leaver owes: it lapses with this heir, or its creditor takes the estate in its stead
  const lapse = (d) => d.lapses.includes(heir === "bank" ? heir : Number(heir));
  const debts = options.debts.map((d) => t(lapse(d) ? "leave.debt.lapses" : "leave.debt.settled", { name: c.name(seat), creditor: c.creditor(d.creditor), amount: c.money(d.amount) }));
  // the buildings and the cards held, where the estate has them: to the supply or sold, to the decks or the heir
  const to = heir === "bank" ? "bank" : "player";
  const buildings = builtOn(c, estate.positions) && t(options.buildings[to] === "sold" ? "leave.buildings_sold" : `bankruptcy.buildings.${options.buildings[to]}`);
  const cards = estate.cards.length && (options.cards[to] === "decks" ? t("bankruptcy.cards.decks") : t("bankruptcy.cards.player", { to: c.name(Number(heir)) }));
  return [held, goes, ...debts, mortgages, buildings, cards, options.ends_game ? t("leave.ends_game") : ""].filter(Boolean).join(" ");
}

export function leave(c) {
  const key = "leave";
  let said = () => "";
  let heir = null;
  const picker = seatPicker(c, "leave", key, (seat) => {
    const options = c.options("leave", seat);
    heir = h("select", { id: `${key}-to` }, h("option", { value: "bank", text: c.account("bank") }), options.to.map((s) => h("option", { value: String(s), text: c.name(s) })));
    said = () => leavingText(c, seat, options, heir.value);
    const outcome = h("p", { class: "leave-outcome", "aria-live": "polite", text: said() });
    heir.addEventListener("change", () => (outcome.textContent = said()));
    return [field(heir, t("leave.heir")), outcome];
  });
  const submit = (e) => {
    e.preventDefault();
    const seat = picker.seat();
    const body = heir.value === "bank" ? { type: "leave", seat } : { type: "leave", seat, to: Number(heir.value) };
    c.act(body, { confirm: said(), ok: t("leave.ok"), done: () => (c.view.open[key] = false) });
  };
  const form = h("form", { class: "leave", on: { submit } }, picker.field, picker.fields, h("button", { type: "submit", class: "action danger", text: t("leave.submit") }));
  return form;
}
