// Before a roll that would end an open rent claim, the phone asks first: "Anna may
// still claim M14 -- Claim / Roll anyway". Which claims the roll ends is the roll
// entry's own `ends_claims` (the engine's answer: a doubles re-roll ends none);
// whether this phone may send the claim is its `claim_rent` entry. A claim sent
// from here is followed by the roll that was entered: nothing entered is lost.

import { confirmDialog } from "./dom.js";
import { t } from "./i18n.js";

// asked: the claims answered already (a claim queued offline stays in the state on screen)
export async function rollAfterReminder(c, seat, roll, asked = new Set()) {
  const claim = (c.options("roll", seat)?.ends_claims || []).find((e) => !asked.has(e.position));
  if (!claim || c.busy) return roll();
  const canClaim = c.mySeats().includes(claim.owner) && (c.options("claim_rent", claim.owner)?.positions || []).some((p) => p.position === claim.position);
  const vars = { owner: c.name(claim.owner), place: c.place(claim.position), amount: claim.amount == null ? "" : t("reminder.amount", { amount: c.money(claim.amount) }) };
  const message = t("reminder.text", vars);
  if (canClaim) {
    if (!(await confirmDialog(message, { ok: t("reminder.claim", vars), cancel: t("reminder.roll") }))) return roll();
    let claimed = false;
    await c.act({ type: "claim_rent", seat: claim.owner, position: claim.position }, { done: () => (claimed = true) });
    // the roll goes through the reminder again: another claim it would end is asked about in turn
    return claimed ? rollAfterReminder(c, seat, roll, asked.add(claim.position)) : undefined;
  }
  if (await confirmDialog(message, { ok: t("reminder.roll"), cancel: t("reminder.wait") })) return roll();
}
