// Disputes: the points tables argue about (GET /editions/{e}/contested), each
// answered for this game with its house rules and options (GET
// /games/{id}/rulings?question=), in the phone's language, with the booklet's
// own words and their source; and every event with the rulings behind it.

import { h } from "./dom.js";
import { label, language, t } from "./i18n.js";
import { bookletView, idsView, inReadersLanguage, rulingView } from "./ruling.js";

const verdict = (value) => label("verdict", value);

// Other editions' answers, those whose booklet speaks the reader's language first.
function elsewhereView(c, differ) {
  if (!differ?.length) return null;
  const ordered = [...differ.filter((o) => inReadersLanguage(o.booklet)), ...differ.filter((o) => !inReadersLanguage(o.booklet))];
  return h(
    "div",
    { class: "elsewhere" },
    h("p", { class: "label", text: t("disputes.elsewhere") }),
    h(
      "ul",
      {},
      ordered.map((other) =>
        h("li", {}, h("strong", { text: c.editionName(other.edition) }), `: ${other.answer ?? verdict(other.verdict)}`, other.note ? h("p", { class: "muted", text: other.note }) : null, bookletView(other.booklet)),
      ),
    ),
  );
}

// One answer as GET /games/{id}/rulings gives it (or the edition's, from /contested).
export function answerView(c, answer) {
  const overridden = answer.booklet_verdict != null && answer.booklet_verdict !== answer.verdict;
  return h(
    "div",
    { class: "answer", dataset: { question: answer.id, verdict: answer.verdict } },
    h("p", { class: "answer-text", lang: answer.lang }, answer.answer, answer.house_rule ? h("span", { class: "badge", text: t("ruling.house_rule") }) : null),
    overridden ? h("p", { class: "muted", text: t("disputes.booklet_alone", { verdict: verdict(answer.booklet_verdict) }) }) : null,
    bookletView(answer.booklet),
    answer.note ? h("p", { class: "muted", lang: answer.lang, text: answer.note }) : null,
    answer.rules?.length ? h("p", { class: "muted", text: t("disputes.rules", { rules: answer.rules.join(", ") }) }) : null,
    elsewhereView(c, answer.elsewhere),
    answer.same_in?.length ? h("p", { class: "muted", text: t("disputes.same_in", { editions: answer.same_in.map((e) => c.editionName(e)).join(", ") }) }) : null,
  );
}

function question(c, item, searchable) {
  const out = h("div", { "aria-live": "polite" });
  const details = h(
    "details",
    {
      dataset: { question: item.id, keep: `question:${item.id}` },
      on: {
        toggle: async () => {
          if (!details.open || out.childElementCount) return;
          out.append(h("p", { class: "muted", text: t("loading") }));
          const found = await c.client.optional(`/rulings?question=${encodeURIComponent(item.id)}`).catch(() => null);
          const answer = Array.isArray(found) ? found[0] : null;
          out.replaceChildren(answerView(c, answer ?? item));
        },
      },
    },
    h("summary", { lang: item.lang, text: item.question }),
    out,
  );
  return h("li", { dataset: { search: searchable(wordsOf(item)) } }, details);
}

// What a question is found by: the question, the edition's answer and note in the reader's
// language, and the booklet's own words (which name things as the booklet does: «Бесплатная
// парковка» where the board says «стоянка»).
function wordsOf(item) {
  return [item.question, item.answer, item.note, ...(item.booklet ?? []).map((q) => q.quote), item.id.replaceAll("_", " ")].filter(Boolean).join("\n");
}

// The search (js/search.js) is loaded with the questions, when the Rules tab first shows: the table phone's first load leaves it out.
async function contested(c, into) {
  const [words, items] = await Promise.all([import("./search.js").catch(() => null), c.contested()]);
  if (!items?.length || !words) {
    into.replaceChildren(h("p", { class: "muted", text: t("disputes.unavailable") }));
    return;
  }
  const list = h("ul", { class: "questions" }, items.map((item) => question(c, item, words.searchable)));
  const none = h("p", { class: "muted nothing-found", role: "status", hidden: true });
  const search = h("input", {
    id: "question-search",
    type: "search",
    autocomplete: "off",
    on: {
      input: () => {
        const matches = words.matcher(search.value);
        for (const li of list.children) li.hidden = !matches(li.dataset.search);
        none.hidden = [...list.children].some((li) => !li.hidden);
        none.textContent = none.hidden ? "" : t("disputes.nothing_found", { words: search.value.trim() });
      },
    },
  });
  into.replaceChildren(h("label", { for: "question-search", text: t("disputes.search") }), search, none, list);
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
      idsView(`event:${event.seq}:ids`, t("event.number", { seq: event.seq }), t("ruling.rules", { rules: [...new Set(event.rulings.map((r) => r.rule))].join(", ") })),
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
