// Money fields: a player types an amount as the page shows it (the base amount
// times the edition's currency scale, as Currency.show does: base 200 reads
// "200 000 ₽"), and the service counts in base units. Every money field is made
// and read here, so no form converts on its own.

import { showMoney } from "./edition.js";
import { h } from "./dom.js";
import { language, t } from "./i18n.js";

export const scaleOf = (currency) => currency?.scale || 1;

// An amount in base units as a field shows it (a plain number, no symbol or unit).
export const shown = (currency, base) => Number(base) * scaleOf(currency);

// The same as text, digits grouped as money is shown, without symbol or unit ("10 000").
export const shownText = (currency, base) => showMoney({ ...currency, symbol: "", unit: {} }, base);

// The limits a field takes, said as the page shows money ("From 1 000 ₽ to 1 500 000 ₽").
export function boundsText(currency, { min = null, max = null } = {}) {
  const show = (base) => showMoney(currency || {}, base, language());
  if (min != null && max != null) return min === max ? t("amount.only", { amount: show(min) }) : t("amount.range", { min: show(min), max: show(max) });
  return min != null ? t("amount.from", { min: show(min) }) : "";
}

// A number field for an amount; min, max, step and value are in base units.
export function moneyInput(currency, { min = null, max = null, step = 1, high = null, value = null, ...attrs } = {}) {
  const input = h("input", { type: "number", inputmode: "numeric", ...attrs });
  input.addEventListener("input", () => checkWhole(input));
  setBounds(input, currency, { min, max, step, high });
  if (value != null) input.value = String(shown(currency, value));
  return input;
}

// The field's limits (base units), shown scaled; the currency may change with them
// (the start page's edition). high: what an amount over max is told, where max has a reason (a bid: the cash).
export function setBounds(input, currency, { min = null, max = null, step = 1, high = null } = {}) {
  input.limits = { currency, min, max, step, high };
  input.dataset.scale = String(scaleOf(currency));
  input.dataset.unit = showMoney(currency || {}, 1, language());
  for (const [name, value] of Object.entries({ min, max })) {
    if (value == null || value === "") input.removeAttribute(name);
    else input.setAttribute(name, String(shown(currency, value)));
  }
  input.step = String(shown(currency, step || 1));
  checkWhole(input);
}

// A typed amount that is not a whole number of base units, off the step, below min or
// over max says which in the page's words: the browser's own message is in its language
// and would not say why.
function checkWhole(input) {
  const scale = Number(input.dataset.scale || 1);
  const typed = input.value === "" ? 0 : Number(input.value);
  const whole = Number.isInteger(typed) && typed % scale === 0;
  const { currency, min, max, step, high } = input.limits;
  const show = (base) => showMoney(currency || {}, base, language());
  const v = input.validity;
  const why = !whole ? t("amount.whole", { unit: input.dataset.unit }) : v.stepMismatch ? t("amount.step", { step: show(step) }) : v.rangeUnderflow ? t("amount.low", { min: show(min) }) : v.rangeOverflow ? high || t("amount.high", { max: show(max) }) : "";
  input.setCustomValidity(why);
}

// The amount typed so far, in base units (0 while empty), for a running summary.
export const typedAmount = (input) => (Number(input?.value) || 0) / Number(input?.dataset.scale || 1);

// The amount typed, in base units; null when the field is empty or refused (the
// field then says why and the form sends nothing).
export function amountOf(input) {
  checkWhole(input);
  if (!input.reportValidity() || input.value === "") return null;
  return Number(input.value) / Number(input.dataset.scale || 1);
}
