// A bid, a pass, an auction's result or a rent claim tapped on a screen one version
// behind is sent again with the fresh version when what it answered is unchanged:
// the same auction at the same high bid, the same claim still open, the action
// still allowed for that seat. Anything else the player saw has changed: the
// refusal (412) stands and the screen refreshes.

const AUCTION = ["auction", "building_auction", "seller_auction", "estate_auction"];

// What an action answers in a state, as plain data to compare; null when it answers nothing we know.
function subject(state, body) {
  if (["bid", "pass", "auction_result"].includes(body.type)) {
    const auction = state.pending.find((p) => AUCTION.includes(p.type));
    return auction && JSON.stringify([auction.type, auction.position, auction.building, auction.high_bid, auction.high_bidder]);
  }
  if (body.type === "claim_rent") {
    const claims = state.pending.filter((p) => p.type === "rent_claim" && p.owner === body.seat && (body.position == null || p.position === body.position));
    return claims.length ? JSON.stringify(claims.map((p) => [p.position, p.payer, p.amount])) : null;
  }
  return null;
}

export function stillAnswers(before, after, body) {
  const was = subject(before, body);
  if (!was || was !== subject(after, body)) return false;
  return after.allowed.some((a) => a.type === body.type && a.seat === body.seat);
}
