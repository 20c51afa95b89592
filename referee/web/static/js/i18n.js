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

// The edition on screen, whose own words fill {term.…} in the page's texts, as they do in
// the rulings' ({term.jail}: the tax inspection in ua-industries; {term.house.acc}, a form;
// {Term.jail} with a capital, where the word opens a title or a name in «»).
let edition = null;

export function speakEdition(shown) {
  edition = shown;
}

// The edition's word or form, else its word where it lacks the form, else the page's own
// (`word.jail`), in the language shown.
export function term(key) {
  const word = key.split(".")[0];
  return edition?.term(key) ?? edition?.term(word) ?? words()[`word.${key}`] ?? words()[`word.${word}`] ?? word;
}

export function has(key) {
  return key in words();
}

// Right-to-left letters in a name (Hebrew, Arabic, Syriac, Thaana, N'Ko, …).
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

// A player's name as text shows it: isolated (FSI … PDI, what <bdi> does), so that a
// right-to-left name cannot carry the sentence around it along. The page's languages
// run left to right, where a name without right-to-left letters needs no isolate.
export function isolated(name) {
  return RIGHT_TO_LEFT.test(name) ? `\u2068${name}\u2069` : name;
}

// t("status.turn", {name: "Anna"}); a value with plural forms is chosen by {count};
// {term.jail} is the edition's own word (see speakEdition).
export function t(key, vars = {}) {
  let text = words()[key] ?? key;
  if (typeof text === "object") {
    const form = new Intl.PluralRules(current).select(vars.count ?? 0);
    text = text[form] ?? text.other;
  }
  return text.replace(/\{([\w.]+)\}/g, (whole, name, at) => {
    if (name in vars) return shown(vars[name], text.slice(0, at), text.slice(at + whole.length));
    const [head, ...form] = name.split(".");
    if (head !== "term" && head !== "Term") return whole;
    const word = term(form.join("."));
    return head === "Term" ? word.charAt(0).toUpperCase() + word.slice(1) : word;
  });
}

// A value as a text shows it; a list is said as the language lists (A, B и C), and a list
// of names quoted in the text («{excluded}») is quoted name by name: «Старт», «Ринок» и «Тюрьма».
function shown(value, before, after) {
  if (!Array.isArray(value)) return String(value);
  const quoted = before.endsWith("«") && after.startsWith("»");
  const said = new Intl.ListFormat(current, { type: "conjunction" }).format(quoted ? value.map((v) => `«${v}»`) : value.map(String));
  return quoted ? said.slice(1, -1) : said;
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
