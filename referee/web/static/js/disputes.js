// Disputes: the points tables argue about (GET /editions/{e}/contested), each
// answered for this game with its house rules and options (GET
// /games/{id}/rulings?question=), in the phone's language, with the booklet's
// own words and their source; and every event with the rulings behind it.

import { h } from "./dom.js";
import { language, t } from "./i18n.js";
import { idsView, rulingView } from "./ruling.js";

// The questions come with their own module, loaded when the Rules tab first shows.
async function contested(c, into) {
  const [questions, items] = await Promise.all([import("./questions.js").catch(() => null), c.contested()]);
  if (!items?.length || !questions) {
    into.replaceChildren(h("p", { class: "muted", text: t("disputes.unavailable") }));
    return;
  }
  questions.questionsView(c, items, into);
}

// An entry is open when it is the newest (what just happened, its ruling readable
// without a tap) or its rulings are short enough to read at a glance; one without
// rulings (an end of turn) is a plain line, no disclosure: there is nothing to open.
function eventLine(c, event, newest) {
  if (!event.rulings.length) return h("li", { dataset: { seq: String(event.seq) } }, h("p", { class: "event-line", text: c.eventSummary(event) }));
  return h(
    "li",
    { dataset: { seq: String(event.seq) } },
    h(
      "details",
      { open: newest || event.rulings.length <= 2, dataset: { keep: `event:${event.seq}` } },
      h("summary", {}, c.eventSummary(event)),
      h("ul", { class: "rulings" }, event.rulings.map((r) => h("li", {}, rulingView(c, r, { compact: true, ids: false })))),
      idsView(`event:${event.seq}:ids`, [t("event.number", { seq: event.seq }), t("ruling.rules", { rules: [...new Set(event.rulings.map((r) => r.rule))].join(", ") })]),
    ),
  );
}

export function recentEvents(c, count) {
  const events = c.events.slice(-count).reverse();
  return h("ol", { class: "events", reversed: true }, events.map((e, i) => eventLine(c, e, i === 0)));
}

export function disputesView(c) {
  const questions = c.section("contested", language(), () => {
    const into = h("div", { class: "contested" }, h("p", { class: "muted", text: t("loading") }));
    contested(c, into);
    return into;
  });
  return h(
    "section",
    { "aria-labelledby": "disputes-title" },
    h("h2", { id: "disputes-title", text: t("tab.rules") }),
    h("h3", { text: t("disputes.contested") }),
    questions,
    h("h3", { text: t("disputes.history") }),
    recentEvents(c, c.events.length),
  );
}
