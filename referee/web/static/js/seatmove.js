// Seats that move and lost phones shut out. A seat's phone makes a one-time move
// link (valid 10 minutes: the server says so) and shows it with its QR code and a
// countdown; the device that opens it (#move=…) takes the seat, and the old phone,
// refused at its next poll, says it has left the table. The table phone gives a
// seat (or the watch link) a new link, which stops the lost phone's at once: those
// two drawers are filled from js/phones.js when first opened (`drawer`).

import { ApiError, Client } from "./api.js";
import { confirmDialog, h, replace, toast } from "./dom.js";
import { isolated, t } from "./i18n.js";

const LEFT = new Set(["seat_moved", "token_revoked"]); // the problem codes of a token that stopped working
const GONE = new Set(["move_link_used", "move_link_expired", "move_link_replaced"]);

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

// A drawer whose contents (`fill`, given js/phones.js) load when it is first opened:
// moving a seat and giving new links are rare, and stay out of the table's first load.
export function drawer(cls, title, fill) {
  const details = h("details", { class: cls }, h("summary", { text: title }));
  let filled = false;
  details.addEventListener("toggle", async () => {
    if (!details.open || filled) return;
    filled = true;
    details.append(...fill(await import("./phones.js")));
  });
  return details;
}
