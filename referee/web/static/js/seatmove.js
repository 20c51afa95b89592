// Seats that move and lost phones shut out. A seat's phone makes a one-time move
// link (valid 10 minutes: the server says so) and shows it with its QR code and a
// countdown; the device that opens it (#move=…) takes the seat, and the old phone,
// refused at its next poll, says it has left the table. The table phone gives a
// seat (or the watch link) a new link, which stops the lost phone's at once.

import { ApiError, Client } from "./api.js";
import { confirmDialog, h, replace, toast } from "./dom.js";
import { isolated, t } from "./i18n.js";
import { linkCard, remember, savedGame, seatLink } from "./links.js";

const LEFT = new Set(["seat_moved", "token_revoked"]); // the problem codes of a token that stopped working
const GONE = new Set(["move_link_used", "move_link_expired", "move_link_replaced"]);

export function moveLink(gameId, secret) {
  return `${location.origin}/play/${encodeURIComponent(gameId)}#${new URLSearchParams({ move: secret })}`;
}

// The page opened by a move link: take the seat, then turn the address into the
// seat's own link at once, so that a reload does not spend the link again. False
// (and a card saying why) when the link cannot be used.
export async function arrive(main, gameId) {
  const move = new URLSearchParams(location.hash.replace(/^#/, "")).get("move");
  if (!move) return true;
  replace(main, h("p", { class: "muted", text: t("move.taking") }));
  try {
    // no token yet: the move link is the credential; a lost connection is retried with the same key
    const taken = await new Client(gameId, null).post("/seats/take", { move_token: move });
    history.replaceState(null, "", `#${new URLSearchParams({ seat: String(taken.seat), token: taken.token })}`);
    toast(t("move.arrived"));
    return true;
  } catch (error) {
    const code = error instanceof ApiError ? error.problem.code : null;
    const why = GONE.has(code) ? t(`move.${code}`) : error instanceof ApiError ? t("move.unknown") : t("error.network");
    replace(main, h("div", { class: "card", role: "alert" }, h("h1", { text: t("move.refused.title") }), h("p", { text: why })));
    return false;
  }
}

// What a phone whose token stopped working shows instead of the table, or null
// when the refusal is not that.
export function leftView(error) {
  const code = error instanceof ApiError && error.status === 401 ? error.problem.code : null;
  if (!LEFT.has(code)) return null;
  return h("div", { class: "card left-table", role: "alert" }, h("h1", { text: t("left.title") }), h("p", { text: t(`left.${code}`) }), h("a", { href: "/", class: "button", text: t("play.start_new") }));
}

// The table on this phone stops and says it has left, when that is why it was refused.
export function leaveIfShutOut(table, error) {
  const left = leftView(error);
  if (!left) return false;
  table.left = true; // nothing redraws the table over it
  table.watcher.stop();
  replace(table.root, left);
  return true;
}

function countdown(seconds) {
  const left = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
}

// On a seat's phone: "Move this seat", a link with its QR code and the time it still works.
export function moveSeatView(table) {
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
  return h("details", { class: "seat-move" }, h("summary", { text: t("move.title") }), h("p", { class: "muted", text: t("move.intro") }), button, shown);
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
export function phonesView(table) {
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
  return h("details", { class: "phones" }, h("summary", { text: t("phones.title") }), h("p", { class: "muted", text: t("phones.intro") }), h("ul", { class: "phone-list" }, seats, watch));
}
