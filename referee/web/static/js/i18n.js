// The page's own words in ru, uk, it and en, picked from the browser, with a switch.
// Rulings come from the server in the language sent as Accept-Language.

import en from "./lang/en.js";
import it from "./lang/it.js";
import ru from "./lang/ru.js";
import uk from "./lang/uk.js";

export const LANGUAGES = { en, ru, uk, it };
const STORAGE = "referee.language";
let current = "en";

export function pickLanguage() {
  const saved = localStorage.getItem(STORAGE);
  if (saved && saved in LANGUAGES) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = tag.toLowerCase().split("-")[0];
    if (base in LANGUAGES) return base;
  }
  return "en";
}

export function language() {
  return current;
}

export function setLanguage(lang, { remember = false } = {}) {
  current = lang in LANGUAGES ? lang : "en";
  document.documentElement.lang = current;
  if (remember) localStorage.setItem(STORAGE, current);
  document.dispatchEvent(new CustomEvent("languagechange"));
}

export function has(key) {
  return key in LANGUAGES[current] || key in en;
}

// t("status.turn", {name: "Anna"}); a value with plural forms is chosen by {count}.
// Right-to-left letters in a name (Hebrew, Arabic, Syriac, Thaana, N'Ko, …).
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

// A player's name as text shows it: isolated (FSI … PDI, what <bdi> does), so that a
// right-to-left name cannot carry the sentence around it along. The page's languages
// run left to right, where a name without right-to-left letters needs no isolate.
export function isolated(name) {
  return RIGHT_TO_LEFT.test(name) ? `\u2068${name}\u2069` : name;
}

export function t(key, vars = {}) {
  let text = LANGUAGES[current][key] ?? en[key] ?? key;
  if (typeof text === "object") {
    const form = new Intl.PluralRules(current).select(vars.count ?? 0);
    text = text[form] ?? text.other;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
}

// A label for a server id (an action type, an option, a pending type) or its humanised id.
export function label(prefix, id, fallback) {
  const key = `${prefix}.${id}`;
  return has(key) ? t(key) : fallback ?? humanizeId(id);
}

function humanizeId(id) {
  const text = String(id).replace(/[_.-]+/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}
