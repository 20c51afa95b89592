// What the drawers of seatmove.js hold, loaded when one is first opened: a seat's
// one-time move link with its QR code and countdown, and the table phone's new links.

import { ApiError } from "./api.js";
import { confirmDialog, h, replace, toast } from "./dom.js";
import { isolated, t } from "./i18n.js";
import { linkCard, remember, savedGame, seatLink } from "./links.js";
import { leaveIfShutOut } from "./seatmove.js";

export function moveLink(gameId, secret) {
  return `${location.origin}/play/${encodeURIComponent(gameId)}#${new URLSearchParams({ move: secret })}`;
}

function countdown(seconds) {
  const left = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
}

// On a seat's phone: "Move this seat", a link with its QR code and the time it still works.
export function moveSeatParts(table) {
  const shown = h("div", { class: "seat-move-link", "aria-live": "polite" });
  let timer = null;
  const make = async () => {
    button.disabled = true;
    try {
      const link = await table.client.post(`/seats/${table.seat}/move`);
      const until = Date.now() + link.valid_seconds * 1000;
      const time = h("p", { class: "countdown" });
      const tick = () => {
        const left = (until - Date.now()) / 1000;
        if (left > 0) return (time.textContent = t("move.valid", { time: countdown(left) }));
        clearInterval(timer);
        replace(shown, h("p", { class: "warning", text: t("move.expired") }));
        button.textContent = t("move.again");
      };
      clearInterval(timer);
      timer = setInterval(tick, 1000);
      tick();
      replace(shown, h("ul", { class: "link-cards" }, linkCard(t("move.link", { name: table.name(table.seat) }), moveLink(table.client.gameId, link.move_token))), time);
    } catch (error) {
      if (!leaveIfShutOut(table, error)) replace(shown, h("p", { class: "warning", text: error instanceof ApiError ? error.message : t("error.network") }));
    } finally {
      button.disabled = false;
    }
  };
  const button = h("button", { type: "button", class: "secondary", text: t("move.make"), on: { click: make } });
  return [h("p", { class: "muted", text: t("move.intro") }), button, shown];
}

// The links of a table started on this phone keep up with a link given anew.
function rememberLink(gameId, seat, token) {
  const game = savedGame(gameId);
  if (!game) return;
  if (seat === null) game.spectator = token;
  else game.players = game.players.map((p) => (p.seat === seat ? { ...p, token } : p));
  remember(game);
}

// On the table phone: a new link for a seat (or the watch link), the lost phone's stopped.
export function phonesParts(table) {
  const gameId = table.client.gameId;
  const row = (label, confirm, path, card) => {
    const shown = h("div", {});
    const renew = async () => {
      if (!(await confirmDialog(confirm, { ok: t("phones.ok"), cancel: t("confirm.cancel") }))) return;
      try {
        const issued = await table.client.post(path);
        rememberLink(gameId, issued.seat, issued.token);
        table.sections.delete("links"); // the links drawer shows the new link next time
        replace(shown, h("ul", { class: "link-cards" }, card(issued.token)));
        toast(t("phones.done"));
      } catch (error) {
        replace(shown, h("p", { class: "warning", text: error instanceof ApiError ? error.message : t("error.network") }));
      }
    };
    return h("li", {}, h("button", { type: "button", class: "secondary", text: label, on: { click: renew } }), shown);
  };
  const seats = table.state.players.map((p) =>
    row(t("phones.seat", { name: isolated(p.name) }), t("phones.confirm_seat", { name: isolated(p.name) }), `/seats/${p.seat}/token`, (token) => linkCard(t("links.seat", { name: isolated(p.name) }), seatLink(gameId, token, p.seat))),
  );
  const watch = row(t("phones.spectator"), t("phones.confirm_spectator"), "/spectator/token", (token) => linkCard(t("links.spectator"), seatLink(gameId, token, null, { watch: true })));
  return [h("p", { class: "muted", text: t("phones.intro") }), h("ul", { class: "phone-list" }, seats, watch)];
}
