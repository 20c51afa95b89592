// Before a roll that would end an open rent claim (a claim lapses at the next
// player's roll), the phone asks first: "Anna may still claim M14 -- Claim / Roll
// anyway". The claims are the state's pending `rent_claim` items; whether this
// phone may send the claim is its `allowed` entry.

import { confirmDialog } from "./dom.js";
import { t } from "./i18n.js";

export async function rollAfterReminder(c, roll) {
  const claim = c.pending("rent_claim")[0];
  if (!claim || c.busy) return roll();
  const canClaim = c.mySeats().includes(claim.owner) && (c.options("claim_rent", claim.owner)?.positions || []).some((p) => p.position === claim.position);
  const vars = { owner: c.name(claim.owner), place: c.place(claim.position), amount: claim.amount == null ? "" : ` ${c.money(claim.amount)}` };
  const message = t("reminder.text", vars);
  if (canClaim) {
    const claimNow = await confirmDialog(message, { ok: t("reminder.claim", vars), cancel: t("reminder.roll") });
    return claimNow ? c.act({ type: "claim_rent", seat: claim.owner, position: claim.position }) : roll();
  }
  if (await confirmDialog(message, { ok: t("reminder.roll"), cancel: t("reminder.wait") })) return roll();
}
