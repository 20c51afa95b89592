// The whole rule behind a ruling, loaded the first time a reader opens it: its statement,
// the edition parameters it reads by their names in the reader's language, and the
// contested questions about it.

import { h } from "./dom.js";
import { t } from "./i18n.js";

// The edition parameters a rule reads, by the names the server gives in the reader's language;
// those it names as amounts are money, shown in the edition's currency as everywhere else (50
// reads 50 000 ₽ in rubles), and those that are no number in its words (yes, at any time).
function parametersView(c, { parameters, amounts = [], labels = {}, words = {} }) {
  const entries = Object.entries(parameters || {});
  if (!entries.length) return null;
  const shown = (path, value) => (amounts.includes(path) && Number.isInteger(value) ? c.money(value) : words[path] ?? String(value));
  return h(
    "dl",
    { class: "fields parameters" },
    entries.map(([path, value]) => [h("dt", { text: labels[path] ?? path }), h("dd", { dataset: { parameter: path }, text: shown(path, value) })]),
  );
}

// GET /editions/{e}/rules/{rule}: statement, parameters, booklet, contested questions.
export async function wholeRule(c, rule) {
  const [found] = await Promise.all([c.rule(rule), c.contested()]); // the questions' titles, for the list below
  if (!found) return h("p", { class: "muted", text: t("ruling.catalog_unavailable") });
  return h(
    "div",
    { class: "rule-entry" },
    h("p", { lang: found.lang, text: found.statement }),
    found.applies === false ? h("p", { class: "muted", text: found.unused || t("ruling.not_applied") }) : null,
    parametersView(c, found),
    found.contested?.length ? h("p", { class: "muted", text: t("ruling.contested", { questions: found.contested.map((id) => c.questionTitle(id)).join("; ") }) }) : null,
  );
}
