// A ruling as a reader sees it: the explanation in the phone's language (the
// server renders it for the request's Accept-Language and says which in `lang`),
// the booklet's own words in the booklet's language with their source, the rule
// id, and one tap further the whole rule from the edition's catalog and the
// event the ruling came from, with the money it moved.

import { h } from "./dom.js";
import { label, language, t } from "./i18n.js";

// A moment in a ruling's values (an agreed end time), as the service writes it: ISO 8601.
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

// A ruling's explanation as the reader reads it: a moment among its values is shown in the
// phone's language and time zone (the service knows neither), not as the stored timestamp.
export function rulingText(ruling) {
  let text = ruling.text ?? "";
  for (const value of Object.values(ruling.values || {})) {
    if (typeof value === "string" && MOMENT.test(value) && text.includes(value)) {
      text = text.replaceAll(value, new Date(value).toLocaleString(language(), { dateStyle: "medium", timeStyle: "short" }));
    }
  }
  return text;
}

// A booklet's exact words: {seed, title, lang, quote}; words in another language than the
// reader's say which, so that nobody takes them for a slip of the page.
export function quoteView(quote) {
  const source = { title: quote.title, seed: quote.seed };
  const caption = quote.lang === language() ? t("ruling.source", source) : t("ruling.source_in", { ...source, language: t(`booklet.language.${quote.lang}`) });
  return h("figure", { class: "booklet" }, h("blockquote", { lang: quote.lang, text: quote.quote }), h("figcaption", { text: caption }));
}

// The numbers behind a line (its rule ids, its event's number) are for whoever
// settles a dispute: one tap away, so the table's own lines read as sentences.
export function idsView(keep, lines, summary = t("ruling.more")) {
  const shown = lines.filter(Boolean);
  if (!shown.length) return null;
  return h(
    "details",
    { class: "more ids", dataset: keep ? { keep } : {} },
    h("summary", { text: summary }),
    shown.map((line) => h("p", { class: "muted", text: line })),
  );
}

// The booklets' words: those in the reader's language first; a booklet's in another language
// keep their exact words, marked with it, one tap further.
export function bookletView(quotes) {
  if (!quotes?.length) return null;
  const own = quotes.filter((q) => q.lang === language());
  const other = quotes.filter((q) => q.lang !== language());
  const languages = [...new Set(other.map((q) => t(`booklet.language.${q.lang}`)))].join(", ");
  return h(
    "div",
    { class: "booklet-words" },
    own.length ? [h("p", { class: "label", text: t("ruling.booklet") }), own.map(quoteView)] : null,
    other.length ? h("details", { class: "more other-language" }, h("summary", { text: t("ruling.booklet_other", { languages }) }), other.map(quoteView)) : null,
  );
}

// A control that loads something once, the first time it is opened.
function lazy(title, load, keep) {
  const out = h("div", { class: "lazy", "aria-live": "polite" });
  const details = h("details", { class: "more", dataset: keep ? { keep } : {} }, h("summary", { text: title }), out);
  details.addEventListener("toggle", async () => {
    if (!details.open || out.childElementCount) return;
    out.append(h("p", { class: "muted", text: t("loading") }));
    try {
      out.replaceChildren(await load());
    } catch {
      out.replaceChildren(h("p", { class: "muted", text: t("error.network") }));
    }
  });
  return details;
}

// GET /games/{id}/events/{seq}: the action, every ruling it made and the money it moved.
async function eventView(c, seq) {
  const event = (await c.client.get(`/events/${seq}`)).data;
  return h(
    "div",
    { class: "event-detail" },
    h("p", { class: "control-title", text: c.eventSummary(event) }),
    h("ul", { class: "rulings" }, event.rulings.map((r) => h("li", { lang: r.lang, text: rulingText(r) }))),
    event.ledger.length
      ? h("ul", { class: "event-ledger" }, event.ledger.map((e) => h("li", { text: `${c.account(e.from)} → ${c.account(e.to)}: ${c.money(e.amount)} (${label("reason", e.reason)})` })))
      : h("p", { class: "muted", text: t("ruling.no_money") }),
  );
}

// The whole ruling: explanation, booklet words and source, rule, and the event behind it.
// A compact ruling sits in a line the table reads at a glance: its rule id is one
// tap further (or left to the line's own, with ids: false).
// keep: a key under which what the reader opened stays open across updates.
export function rulingView(c, ruling, { event = null, compact = false, keep = null, ids = true } = {}) {
  if (!ruling) return null;
  const rule = t("ruling.rule", { rule: ruling.rule });
  return h(
    "div",
    { class: "ruling", dataset: { rule: ruling.rule } },
    h("p", { class: "ruling-text", lang: ruling.lang, text: rulingText(ruling) }),
    compact ? null : bookletView(ruling.booklet),
    compact && ruling.booklet?.length ? h("p", { class: "muted", text: t("ruling.source_short", { seeds: [...new Set(ruling.booklet.map((q) => q.seed))].join(", ") }) }) : null,
    ruling.house_rule ? h("p", { class: "muted" }, h("span", { class: "badge", text: t(ruling.table_decision ? "ruling.table_decision" : "ruling.house_rule") })) : null,
    compact ? (ids ? idsView(keep && `${keep}:ids`, [rule]) : null) : h("p", { class: "muted rule-id", text: rule }),
    compact ? null : lazy(t("ruling.catalog"), async () => (await import("./rule.js")).wholeRule(c, ruling.rule), keep && `${keep}:rule`),
    compact || event == null ? null : lazy(t("ruling.event", { seq: event }), () => eventView(c, event), keep && `${keep}:event`),
  );
}
