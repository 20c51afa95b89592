// The points tables argue about (GET /editions/{e}/contested), each answered for this game
// with its house rules and options (GET /games/{id}/rulings?question=), in the phone's
// language, with the booklet's own words and their source. Loaded with the Rules tab: the
// table phone's first load leaves it out.

import { h } from "./dom.js";
import { label, language, t } from "./i18n.js";
import { bookletView, idsView } from "./ruling.js";
import { matcher, searchable } from "./search.js";

const verdict = (value) => label("verdict", value);

// Whether a booklet quoted speaks the reader's language: its words are met first.
const inReadersLanguage = (quotes) => (quotes ?? []).some((q) => q.lang === language());

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
    h("p", { class: "answer-text", lang: answer.lang }, answer.answer, answer.house_rule ? [" ", h("span", { class: "badge", text: t("ruling.house_rule") })] : null),
    overridden ? h("p", { class: "muted", text: t("disputes.booklet_alone", { verdict: verdict(answer.booklet_verdict) }) }) : null,
    bookletView(answer.booklet),
    answer.note ? h("p", { class: "muted", lang: answer.lang, text: answer.note }) : null,
    // the rules' ids are for whoever settles a dispute, folded as the history folds them
    idsView(`question:${answer.id}:ids`, [answer.rules?.length && t("ruling.rules", { rules: answer.rules.join(", ") })], t("disputes.rule_ids")),
    elsewhereView(c, answer.elsewhere),
    answer.same_in?.length ? h("p", { class: "muted", text: t("disputes.same_in", { editions: answer.same_in.map((e) => c.editionName(e)).join(", ") }) }) : null,
  );
}

function question(c, item) {
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

// The questions, found by a word typed in the search box, each answered for this game when opened.
// The questions that do not arise in this edition (`arises`: a mortgage where there are none)
// come after the others, folded.
export function questionsView(c, items, into) {
  const list = h("ul", { class: "questions" }, items.filter((item) => item.arises !== false).map((item) => question(c, item)));
  const apart = items.filter((item) => item.arises === false).map((item) => question(c, item));
  const folded = apart.length ? h("details", { class: "not-arising" }, h("summary", { text: t("disputes.not_arising", { count: apart.length }) }), h("ul", { class: "questions" }, apart)) : null;
  const none = h("p", { class: "muted nothing-found", role: "status", hidden: true });
  const search = h("input", {
    id: "question-search",
    type: "search",
    autocomplete: "off",
    on: {
      input: () => {
        const matches = matcher(search.value);
        const all = [...list.children, ...apart];
        for (const li of all) li.hidden = !matches(li.dataset.search);
        none.hidden = all.some((li) => !li.hidden);
        none.textContent = none.hidden ? "" : t("disputes.nothing_found", { words: search.value.trim() });
      },
    },
  });
  into.replaceChildren(h("label", { for: "question-search", text: t("disputes.search") }), search, none, list, ...(folded ? [folded] : []));
}
