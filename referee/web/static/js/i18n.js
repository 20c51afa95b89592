// The page's own words in ru, uk, it and en, picked from the browser, with a switch.
// Rulings come from the server in the language sent as Accept-Language.
// Only the chosen language's pack is loaded (each is as large as a big module);
// switching loads the other one then. Every pack says everything English says (a test).

export const LANGUAGES = ["en", "ru", "uk", "it"];
const STORAGE = "referee.language";
const packs = {};
let current = "en";

export function pickLanguage() {
  const saved = localStorage.getItem(STORAGE);
  if (LANGUAGES.includes(saved)) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = tag.toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

export function language() {
  return current;
}

// Resolves once the language's words are loaded and on screen for the next render.
export async function setLanguage(lang, { remember = false } = {}) {
  const chosen = LANGUAGES.includes(lang) ? lang : "en";
  packs[chosen] ??= (await import(`./lang/${chosen}.js`)).default;
  current = chosen;
  document.documentElement.lang = current;
  if (remember) localStorage.setItem(STORAGE, current);
  document.dispatchEvent(new CustomEvent("languagechange"));
}

function words() {
  return packs[current] ?? {};
}

export function has(key) {
  return key in words();
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
  let text = words()[key] ?? key;
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
