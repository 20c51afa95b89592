// The links (and their QR codes) for the phones of a table made on this phone, and
// the tables made here, so that their links can be shown again.

import { qrImage } from "./api.js";
import { h, replace, toast } from "./dom.js";
import { isolated, t } from "./i18n.js";

const SAVED = "referee.games";
const LAST = "referee.last";

// Tables created on this phone, the newest first.
export function saved() {
  try {
    return JSON.parse(localStorage.getItem(SAVED) || "[]");
  } catch {
    return [];
  }
}

export function savedGame(id) {
  return saved().find((g) => g.id === id);
}

export function remember(game) {
  const games = [game, ...saved().filter((g) => g.id !== game.id)].slice(0, 10);
  localStorage.setItem(SAVED, JSON.stringify(games));
}

// The table this phone had open last ({ href, players }): the start page leads back to it.
export function rememberOpened(table) {
  try {
    localStorage.setItem(LAST, JSON.stringify(table));
  } catch {
    // storage refused: no way back offered
  }
}

export function lastOpened() {
  try {
    return JSON.parse(localStorage.getItem(LAST) || "null");
  } catch {
    return null;
  }
}

// A phone's link: a seat's (seat given), the spectator's (watch), or the table's.
export function seatLink(gameId, token, seat = null, { watch = false } = {}) {
  const fragment = new URLSearchParams(watch ? { watch: "1", token } : seat === null ? { token } : { seat: String(seat), token });
  return `${location.origin}/play/${encodeURIComponent(gameId)}#${fragment}`;
}

function isLocalOnly() {
  return ["localhost", "127.0.0.1", "[::1]"].includes(location.hostname) || location.hostname.startsWith("127.");
}

// The screen after a table is made: its links, then what this phone is: the table's
// or one player's seat, each one tap and alike, for a table that banks on one phone by
// the board is no likelier than one where each player banks on their own.
export function showLinks(main, game) {
  const heading = h("h1", { id: "links-title", tabIndex: -1, text: t("links.title") });
  const choose = (href, text) => h("a", { class: "button action secondary", href, text });
  const choice = h(
    "section",
    { class: "this-phone", "aria-labelledby": "this-phone-title" },
    h("h2", { id: "this-phone-title", text: t("links.this_phone") }),
    h("p", { class: "muted", text: t("links.own_phones") }),
    h("div", { class: "seats" }, choose(seatLink(game.id, game.token), t("links.open_table")), game.players.map((p) => choose(seatLink(game.id, p.token, p.seat), t("links.open_seat", { name: isolated(p.name) })))),
  );
  replace(main, h("section", { class: "card", "aria-labelledby": "links-title" }, heading, linksView(game), choice));
}

// QR codes drawn, by link: the cards drawn again (in another language) show them at once.
const codes = new Map();

function qrCode(url) {
  if (!codes.has(url)) codes.set(url, qrImage(url).catch((failure) => (codes.delete(url), Promise.reject(failure))));
  return codes.get(url);
}

export function linkCard(title, url) {
  const img = h("img", { class: "qr", alt: t("links.qr", { who: title }), width: 180, height: 180 });
  qrCode(url)
    .then((src) => (img.src = src))
    .catch(() => img.replaceWith(h("p", { class: "muted", text: t("links.qr_failed") })));
  const input = h("input", { type: "text", readOnly: true, value: url, "aria-label": t("links.link_for", { who: title }), on: { focus: () => input.select() } });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast(t("links.copied"));
    } catch {
      input.focus();
      input.select();
      toast(t("links.copy_manually"));
    }
  };
  return h(
    "li",
    { class: "link-card" },
    h("h3", { text: title }),
    img,
    input,
    h("div", { class: "row" }, h("button", { type: "button", class: "small secondary", text: t("links.copy"), "aria-label": t("links.copy_for", { who: title }), on: { click: copy } }), h("a", { href: url, target: "_blank", rel: "noopener noreferrer", class: "button small secondary", text: t("links.open"), "aria-label": t("links.open_for", { who: title }) })),
  );
}

export function linksView(game) {
  return h(
    "div",
    { class: "links-view" },
    isLocalOnly() ? h("p", { class: "warning", text: t("links.localhost") }) : null,
    h("p", { text: t("links.intro") }),
    h(
      "ul",
      { class: "link-cards" },
      game.players.map((p) => linkCard(t("links.seat", { name: isolated(p.name) }), seatLink(game.id, p.token, p.seat))),
      linkCard(t("links.table"), seatLink(game.id, game.token)),
      game.spectator ? linkCard(t("links.spectator"), seatLink(game.id, game.spectator, null, { watch: true })) : null,
    ),
  );
}
