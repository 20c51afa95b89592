// Disputes: the edition's contested questions answered for this game, and every
// event with the rulings behind it, in the phone's language where the server has it.

import { optional } from "./api.js";
import { h } from "./dom.js";
import { label, language, t } from "./i18n.js";

const listOf = (data) => (Array.isArray(data) ? data : data?.questions ?? data?.items ?? data?.rules ?? []);

function answerView(c, found) {
  const text = found.answer ?? found.ruling?.text ?? found.text;
  const source = found.source ?? found.ruling?.source;
  return h(
    "div",
    { class: "answer" },
    text ? h("p", { text: c.edition.text(text) }) : null,
    found.booklet || source?.text ? h("blockquote", { text: c.edition.text(found.booklet ?? source.text) }) : null,
    source?.seed ? h("p", { class: "muted", text: t("ruling.source", { seed: source.seed }) }) : null,
    found.house_rule || found.ruling?.house_rule ? h("span", { class: "badge", text: t("ruling.house_rule") }) : null,
  );
}

function question(c, item) {
  const id = item.id ?? item.question;
  const out = h("div", { "aria-live": "polite" });
  const details = h(
    "details",
    {
      on: {
        toggle: async () => {
          if (!details.open || out.childElementCount) return;
          out.append(h("p", { class: "muted", text: t("loading") }));
          const found = await c.client.optional(`/rulings?question=${encodeURIComponent(id)}`).catch(() => null);
          out.replaceChildren(found ? answerView(c, found) : item.answer ? answerView(c, item) : h("p", { class: "muted", text: t("disputes.answer_unavailable") }));
        },
      },
    },
    h("summary", { text: c.edition.text(item.question_text ?? item.title ?? item.question ?? id) }),
    out,
  );
  return h("li", {}, details);
}

async function contested(c, into) {
  const found = await optional(`/editions/${encodeURIComponent(c.state.edition)}/contested`).catch(() => null);
  const items = listOf(found);
  into.replaceChildren(items.length ? h("ul", { class: "questions" }, items.map((item) => question(c, item))) : h("p", { class: "muted", text: t("disputes.unavailable") }));
}

function eventLine(c, event) {
  const who = event.seat == null ? "" : `${c.name(event.seat)}: `;
  const dice = Array.isArray(event.action?.dice) ? ` ${event.action.dice.join("+")}` : "";
  return h(
    "li",
    { dataset: { seq: String(event.seq) } },
    h(
      "details",
      { open: event.rulings.length > 0 && event.rulings.length <= 2 },
      h("summary", {}, h("span", { class: "seq", text: `#${event.seq}` }), `${who}${label("action", event.type)}${dice}`),
      h("ul", { class: "rulings" }, event.rulings.map((r) => h("li", {}, h("span", { text: r.text }), " ", h("span", { class: "muted", text: `(${r.rule})` }), r.house_rule ? h("span", { class: "badge", text: t("ruling.house_rule") }) : null))),
    ),
  );
}

export function recentEvents(c, count) {
  const events = c.events.slice(-count).reverse();
  return h("ol", { class: "events", reversed: true }, events.map((e) => eventLine(c, e)));
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
