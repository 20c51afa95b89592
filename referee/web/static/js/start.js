// Start a table: edition, variant, options and house rules (as the server lists
// them), players in turn order; then a link and a QR code for every seat's phone
// and one for the shared table phone. Tokens travel in the links' fragment.

import { amountOf, moneyInput, setBounds } from "./amounts.js";
import { ApiError, createGame, edition as fetchEdition, editions, setupChoices } from "./api.js";
import { h, replace } from "./dom.js";
import { Edition, showMoney } from "./edition.js";
import { isolated, label, language, speakEdition, t } from "./i18n.js";
import { lastOpened, remember, saved, seatLink, showLinks } from "./links.js";

const DEFAULT_NAMES = 2;

// Words of the form that may hold the chosen edition's own ({term.free_parking} in a house
// rule): each a text node, said again once that edition's document is read (`again`).
function sayer() {
  const said = [];
  const say = (words) => {
    const node = document.createTextNode(words());
    said.push([node, words]);
    return node;
  };
  say.again = () => said.forEach(([node, words]) => (node.textContent = words()));
  return say;
}

// An option's field; an amount (kind "money") is typed as the chosen edition shows
// money, so its field follows the edition picked (`amounts` collects it for that).
function optionField(option, amounts, say) {
  const name = say(() => label("option", option.name, option.description || undefined));
  const choiceName = (choice) => say(() => label(`choice.${option.name}`, choice));
  if (option.kind === "one") {
    const id = `option-${option.name}`;
    return h(
      "div",
      { class: "field" },
      h("label", { for: id }, name),
      h("select", { id, name: option.name }, h("option", { value: "", text: t("start.default") }), option.choices.map((choice) => h("option", { value: choice }, choiceName(choice)))),
    );
  }
  if (option.kind === "many") {
    return h(
      "fieldset",
      { class: "field checks" },
      h("legend", {}, name),
      option.choices.map((choice) => h("label", { class: "check" }, h("input", { type: "checkbox", name: option.name, value: choice }), choiceName(choice))),
    );
  }
  if (option.kind === "flag") return h("label", { class: "check field" }, h("input", { type: "checkbox", name: option.name, value: "true" }), name);
  const id = `option-${option.name}`;
  if (option.kind === "money") {
    const input = moneyInput(null, { id, name: option.name });
    amounts.push({ input, option });
    return h("div", { class: "field" }, h("label", { for: id }, name), input);
  }
  if (option.kind === "number") {
    const limits = { min: option.min == null ? null : String(option.min), max: option.max == null ? null : String(option.max) };
    return h("div", { class: "field" }, h("label", { for: id }, name), h("input", { id, name: option.name, type: "number", inputmode: "numeric", step: "1", ...limits }));
  }
  return h("div", { class: "field" }, h("label", { for: id }, name), h("input", { id, name: option.name, type: option.kind === "datetime" ? "datetime-local" : "text" }));
}

// Options the form places beside what they belong to: the end time under the
// timed game, the table clock where the chosen edition has one.
const PLACED = new Set(["ends_at", "clock"]);

// A time as a datetime-local field shows it, in the phone's own time zone.
function localTime(date) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

// The end of a timed game: two hours from now, on a round five minutes.
function defaultEnd() {
  const step = 5 * 60 * 1000;
  return new Date(Math.ceil((Date.now() + 2 * 3600 * 1000) / step) * step);
}

export function duration(seconds) {
  return seconds >= 120 && seconds % 60 === 0 ? t("unit.minutes", { n: seconds / 60 }) : t("unit.seconds", { n: seconds });
}

function readOptions(form, choices) {
  const options = {};
  // the end time is shown only beside a variant whose summary says it needs one
  if (!form.elements.ends_at.closest("[hidden]") && form.elements.ends_at.value) options.ends_at = new Date(form.elements.ends_at.value).toISOString();
  if (!form.elements.clock.closest("[hidden]") && form.elements.clock.checked) options.clock = true;
  for (const option of choices.options) {
    if (PLACED.has(option.name)) continue;
    if (option.kind === "flag") {
      if (form.elements[option.name]?.checked) options[option.name] = true;
      continue;
    }
    if (option.kind === "many") {
      const values = [...form.querySelectorAll(`input[name="${option.name}"]:checked`)].map((i) => i.value);
      if (values.length) options[option.name] = values;
      continue;
    }
    const value = form.elements[option.name]?.value;
    if (!value) continue;
    if (option.kind === "money") {
      const base = amountOf(form.elements[option.name]);
      if (base !== null) options[option.name] = base;
      continue;
    }
    options[option.name] = option.kind === "datetime" ? new Date(value).toISOString() : option.kind === "number" ? Number(value) : value;
  }
  return options;
}

function playerRow(list, index, value = "") {
  const id = `player-${index}-${Math.random().toString(36).slice(2, 7)}`;
  const row = h(
    "li",
    { class: "player-row" },
    h("label", { for: id, class: "visually-hidden", text: t("start.player_name", { n: index + 1 }) }),
    h("input", { id, name: "player", required: true, maxLength: 40, autocomplete: "off", value, placeholder: t("start.player_name", { n: index + 1 }) }),
    h("button", { type: "button", class: "small secondary", "aria-label": t("start.remove_player", { n: index + 1 }), text: "✕", on: { click: () => (row.remove(), renumber(list)) } }),
  );
  return row;
}

function renumber(list) {
  [...list.children].forEach((row, i) => {
    const text = t("start.player_name", { n: i + 1 });
    row.querySelector("label").textContent = text;
    row.querySelector("input").placeholder = text;
    row.querySelector("button").setAttribute("aria-label", t("start.remove_player", { n: i + 1 }));
  });
}

export async function startPage(main) {
  replace(main, h("p", { class: "muted", text: t("loading") }));
  let shipped;
  let choices;
  try {
    [shipped, choices] = await Promise.all([editions(), setupChoices()]);
  } catch (error) {
    replace(main, h("div", { class: "card", role: "alert" }, h("p", { text: t("error.network") }), h("p", { text: error.message })));
    document.addEventListener("languagechange", () => startPage(main), { once: true }); // said again, and tried again
    return;
  }
  // What is on screen is drawn again in the language picked: the form as filled in so
  // far, or the links of the table just made.
  let made = null;
  const draw = () => (made ? showLinks(main, made) : showForm(main, shipped, choices, main.querySelector("form.start"), whenMade));
  const whenMade = (game) => {
    made = game;
    draw();
    const heading = main.querySelector("#links-title");
    // the form was scrolled to its button: the links start at their heading (and the localhost warning under it)
    heading.scrollIntoView({ block: "start" });
    heading.focus({ preventScroll: true });
  };
  document.addEventListener("languagechange", draw);
  draw(); // no focus: the page opens at its top
}

// The start form; `before`, the same form drawn in the language shown until now, gives
// what was typed and chosen on it.
function showForm(main, shipped, choices, before, whenMade) {
  const lang = language();
  const nameOf = (e) => e.name?.[lang] ?? e.name?.en ?? e.id;
  const about = h("div", { class: "edition-about", id: "edition-about", "aria-live": "polite" });
  const select = h("select", { id: "edition", name: "edition", required: true, "aria-describedby": "edition-about" }, shipped.map((e) => h("option", { value: e.id, text: nameOf(e) })));
  const variants = variantField(choices);
  const clock = clockField();
  // What an edition offers at creation (its variants, its clock) is in the
  // summary the list gives; an edition missing from it gets the standard game only.
  const amounts = [];
  const say = sayer();
  const optionFields = choices.options.filter((o) => !PLACED.has(o.name)).map((o) => optionField(o, amounts, say));
  const describe = () => {
    const summary = shipped.find((e) => e.id === select.value);
    replace(about, editionAbout(summary, lang));
    variants.offer(summary?.variants || []);
    clock.offer(summary?.clock ?? null);
    for (const { input, option } of amounts) setBounds(input, summary?.currency, option);
    speakChosen(select, lang, say);
  };
  select.addEventListener("change", describe);
  describe();
  const filled = before ? new FormData(before) : null;
  const names = filled ? filled.getAll("player") : Array(DEFAULT_NAMES).fill("");
  const players = h("ol", { class: "players" });
  names.forEach((name, i) => players.append(playerRow(players, i, name)));
  const error = h("div", { class: "error", role: "alert", hidden: true });
  const form = h(
    "form",
    { class: "card start", on: { submit: (e) => (e.preventDefault(), submit(form, choices, error, e.submitter?.value === "one", whenMade)) } },
    h("h1", { text: t("start.title") }),
    h("p", { text: t("start.intro") }),
    h("div", { class: "field" }, h("label", { for: "edition", text: t("start.edition") }), select, about),
    variants.node,
    clock.node,
    h("fieldset", { class: "field" }, h("legend", { text: t("start.players") }), h("p", { class: "muted", text: t("start.players_hint") }), players, h("button", { type: "button", class: "secondary", text: t("start.add_player"), on: { click: () => (players.append(playerRow(players, players.children.length)), players.lastChild.querySelector("input").focus()) } })),
    h("label", { class: "check field" }, h("input", { type: "checkbox", name: "spectator", "aria-describedby": "spectator-hint" }), t("start.spectator")),
    h("p", { class: "muted hint", id: "spectator-hint", text: t("start.spectator_hint") }),
    h("details", { class: "field" }, h("summary", { text: t("start.options") }), optionFields),
    error,
    h("button", { type: "submit", class: "action primary", text: t("start.create") }),
    // a family round one phone: straight to the table, the seat links stay one tap away on it
    h("button", { type: "submit", value: "one", class: "action secondary", text: t("start.one_phone") }),
  );
  const recent = saved();
  const last = lastOpened();
  replace(
    main,
    // the table this phone just left
    last ? h("a", { class: "button action secondary back-to-table", href: last.href, text: t("start.back", { players: last.players.map(isolated).join(", ") }) }) : null,
    form,
    recent.length
      ? h("section", { class: "card" }, h("h2", { text: t("start.recent") }), h("ul", { class: "recent" }, recent.map((g) => h("li", {}, h("a", { href: seatLink(g.id, g.token), text: `${g.players.map((p) => isolated(p.name)).join(", ")} · ${new Date(g.created).toLocaleString(lang)}` })))))
      : null,
  );
  if (before) refill(form, filled, before);
}

// The house rules speak the chosen edition's words (its Business forum, its «Старт»):
// its document is read (from the page's files, cached) and the form's words said again.
function speakChosen(select, lang, say) {
  const chosen = select.value;
  fetchEdition(chosen, lang).then(
    (document) => {
      if (select.value !== chosen || language() !== lang) return; // another was chosen meanwhile
      speakEdition(new Edition(document, lang));
      say.again();
    },
    () => null, // unread: the page's own words stay
  );
}

// The choices made on the form drawn before (`filled`, its data): the edition first, as
// it decides which variants and clock are offered; the disclosures opened stay open.
function refill(form, filled, before) {
  const { edition } = form.elements;
  edition.value = filled.get("edition");
  edition.dispatchEvent(new Event("change"));
  for (const [name, value] of filled) {
    if (name === "player" || name === "edition") continue;
    for (const field of form.querySelectorAll(`[name="${CSS.escape(name)}"]`)) {
      if (field.type !== "checkbox" && field.type !== "radio") field.value = value;
      else if (field.value === value) {
        field.checked = true;
        field.dispatchEvent(new Event("change")); // a variant chosen shows its end time
      }
    }
  }
  const opened = [...before.querySelectorAll("details")].map((details) => details.open);
  form.querySelectorAll("details").forEach((details, i) => (details.open = opened[i] ?? false));
}

// The game variants the chosen edition offers (its summary's variants), the end
// time beside a variant that needs one.
function variantField(choices) {
  const end = h("input", { id: "ends-at", name: "ends_at", type: "datetime-local", value: localTime(defaultEnd()), min: localTime(new Date()), "aria-describedby": "ends-at-hint" });
  const endField = h("div", { class: "field ends-at", hidden: true }, h("label", { for: "ends-at", text: t("start.ends_at") }), end, h("p", { class: "muted", id: "ends-at-hint", text: t("start.ends_at_hint") }));
  const radios = choices.variants.map((v) =>
    h("label", { class: "check", dataset: { variant: v } }, h("input", { type: "radio", name: "variant", value: v, checked: v === choices.default_variant, on: { change: () => show() } }), label("variant", v)),
  );
  let needsEnd = new Set();
  const show = () => {
    const timed = radios.some((r) => needsEnd.has(r.dataset.variant) && !r.hidden && r.querySelector("input").checked);
    endField.hidden = !timed;
    end.required = timed;
  };
  const node = h("fieldset", { class: "field" }, h("legend", { text: t("start.variant") }), radios, endField);
  return {
    node,
    // Variants other than the default only where the edition's summary lists them.
    offer(variants) {
      const offered = new Set([choices.default_variant, ...variants.map((v) => v.id)]);
      needsEnd = new Set(variants.filter((v) => v.end_time).map((v) => v.id));
      for (const radio of radios) {
        radio.hidden = !offered.has(radio.dataset.variant);
        const input = radio.querySelector("input");
        if (radio.hidden && input.checked) radios.find((r) => r.dataset.variant === choices.default_variant).querySelector("input").checked = true;
      }
      show();
    },
  };
}

// The table clock, where the edition has one: its limits said in words.
function clockField() {
  const box = h("input", { type: "checkbox", name: "clock", "aria-describedby": "clock-hint" });
  const hint = h("p", { class: "muted", id: "clock-hint" });
  const node = h("fieldset", { class: "field", hidden: true }, h("legend", { text: t("start.clock_title") }), h("label", { class: "check" }, box, t("start.clock")), hint);
  return {
    node,
    offer(clock) {
      node.hidden = !clock;
      if (node.hidden) return (box.checked = false);
      hint.textContent = t("start.clock_hint", { decision: duration(clock.decision_seconds), bid: duration(clock.bid_seconds), answer: duration(clock.answer_seconds) });
    },
  };
}

// What a table should know about an edition before choosing it: how money is
// shown, its sources, its notes, and whether some of its values are defaults to
// check against the table's own board.
function editionAbout(summary, lang) {
  if (!summary) return null;
  const note = summary.notes?.[lang] ?? summary.notes?.en;
  const baseUnit = summary.currency?.base_unit?.[lang] ?? summary.currency?.base_unit?.en;
  return [
    h("p", { class: "muted", text: t("start.money", { example: showMoney(summary.currency, 1500, lang) }) + (baseUnit ? ` ${t("start.base_unit", { unit: baseUnit })}` : "") }),
    summary.sources?.length ? h("p", { class: "muted sources", text: t("start.sources", { sources: sourceTitles(summary.sources, lang).join("; ") }) }) : null,
    summary.confirmed === false ? h("p", { class: "warning unconfirmed", text: t("start.unconfirmed", { count: summary.unconfirmed?.length ?? 0 }) }) : null,
    note ? h("details", { class: "notes" }, h("summary", { text: t("start.notes") }), h("p", { text: note })) : null,
  ];
}

// Each document once (an edition may cite one booklet for several things it covers), named
// in the reader's language; a source of names in another language (the Italian board's)
// is no source of what this reader sees.
function sourceTitles(sources, lang) {
  const read = sources.filter((s) => !s.lang || s.lang === lang);
  return [...new Set(read.map((s) => [s.titles?.[lang] ?? s.title, s.seed ? ` (${s.seed})` : ""].join("")))];
}

async function submit(form, choices, error, onePhone, whenMade) {
  const names = [...form.querySelectorAll('input[name="player"]')].map((i) => i.value.trim()).filter(Boolean);
  const body = {
    edition: form.elements.edition.value,
    players: names.map((name) => ({ name })),
    variant: form.querySelector('input[name="variant"]:checked')?.value ?? choices.default_variant,
    options: readOptions(form, choices),
  };
  if (form.elements.spectator.checked) body.spectator = true;
  const buttons = [...form.querySelectorAll('button[type="submit"]')];
  for (const button of buttons) button.disabled = true;
  try {
    const created = await createGame(body);
    const game = { id: created.id, token: created.token, players: created.players, spectator: created.spectator_token ?? null, created: Date.now() };
    remember(game);
    if (onePhone) return location.assign(seatLink(game.id, game.token));
    whenMade(game);
  } catch (failure) {
    error.hidden = false;
    const lines = failure instanceof ApiError ? failure.fieldErrors : [];
    replace(error, h("p", { text: failure instanceof ApiError ? failure.message : t("error.network") }), lines.length ? h("ul", {}, lines.map((l) => h("li", { text: l }))) : null);
  } finally {
    for (const button of buttons) button.disabled = false;
  }
}
