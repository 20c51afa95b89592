// Money: balances at a glance, net worth over the game, the ledger as a feed with
// the ruling behind each line (one tap), and one player's statement.

import { h } from "./dom.js";
import { optional } from "./api.js";
import { label, t } from "./i18n.js";

// Worth now, from the state: cash, deeds at price (mortgaged at their mortgage
// value), buildings at their cost (a hotel counts the houses it replaced).
export function worthNow(c, seat) {
  const player = c.state.players[seat];
  let worth = player.cash;
  const hotelHouses = c.edition.rules.buildings?.hotel_after ?? 4;
  for (const holding of c.state.properties) {
    if (holding.owner !== seat) continue;
    const space = c.edition.space(holding.position);
    worth += holding.mortgaged ? space.mortgage ?? 0 : space.price ?? 0;
    worth += (space.building_cost ?? 0) * (holding.hotel ? hotelHouses + 1 : holding.houses);
  }
  return worth;
}

// Acquisitions at the printed price: buying a deed turns cash into a deed of the same worth.
const ACQUISITIONS = new Set(["purchase", "auction"]);

// Each player's cash + deeds at price after every event that moved money.
export function worthSeries(c, ledger) {
  const seats = c.state.players.map((p) => p.seat);
  const cash = Object.fromEntries(seats.map((s) => [s, 0]));
  const deeds = Object.fromEntries(seats.map((s) => [s, 0]));
  const points = [];
  let event = null;
  const snapshot = () => points.push({ event, worth: seats.map((s) => cash[s] + deeds[s]) });
  for (const entry of ledger) {
    if (event !== null && entry.event !== event) snapshot();
    event = entry.event;
    if (entry.from in cash) cash[entry.from] -= entry.amount;
    if (entry.to in cash) cash[entry.to] += entry.amount;
    const place = entry.ruling?.values?.place;
    if (ACQUISITIONS.has(entry.reason) && entry.from in deeds && Number.isInteger(place)) deeds[entry.from] += c.edition.space(place)?.price ?? 0;
  }
  if (event !== null) snapshot();
  return points;
}

export function balances(c) {
  return h(
    "ul",
    { class: "balances", "aria-label": t("money.balances") },
    c.state.players.map((p) =>
      h(
        "li",
        { class: `${p.seat === c.state.turn.seat ? "current" : ""} ${p.bankrupt ? "bankrupt" : ""}`, dataset: { seat: String(p.seat) } },
        h("i", { class: "swatch", style: { background: c.colour(p.seat) }, "aria-hidden": "true" }),
        h("span", { class: "who", text: p.name }),
        h("span", { class: "cash", dataset: { cash: String(p.cash) }, text: c.money(p.cash) }),
        p.in_jail ? h("span", { class: "badge", text: t("money.in_jail") }) : null,
        p.bankrupt ? h("span", { class: "badge", text: t("money.bankrupt") }) : null,
      ),
    ),
  );
}

function chart(c, points) {
  if (points.length < 2) return h("p", { class: "muted", text: t("money.chart_empty") });
  const width = 320;
  const height = 160;
  const all = points.flatMap((p) => p.worth);
  const pad = Math.max(10, (Math.max(...all) - Math.min(...all)) * 0.1);
  const low = Math.max(0, Math.min(...all) - pad);
  const high = Math.max(...all) + pad;
  const x = (i) => 4 + (i * (width - 8)) / (points.length - 1);
  const y = (v) => height - 14 - ((v - low) * (height - 28)) / (high - low);
  const last = points[points.length - 1];
  const summary = c.state.players.map((p, i) => `${p.name} ${c.money(last.worth[i])}`).join(", ");
  return h(
    "figure",
    { class: "chart" },
    svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": t("money.chart_label", { summary }) }, [
      svg("text", { x: "2", y: "10", class: "axis" }, [c.money(high)]),
      svg("text", { x: "2", y: String(height - 2), class: "axis" }, [c.money(low)]),
      ...c.state.players.map((p, i) =>
        svg("polyline", { fill: "none", stroke: c.colour(p.seat), "stroke-width": "2", points: points.map((pt, j) => `${x(j).toFixed(1)},${y(pt.worth[i]).toFixed(1)}`).join(" ") }, []),
      ),
    ]),
    h("figcaption", { text: t("money.chart_caption") }),
  );
}

function svg(tag, attrs, children) {
  const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  for (const child of children) el.append(child);
  return el;
}

function ruleLink(c, rule) {
  const out = h("div", { class: "catalog", "aria-live": "polite" });
  const button = h("button", {
    type: "button",
    class: "small secondary",
    text: t("ruling.catalog"),
    on: {
      click: async () => {
        button.disabled = true;
        const found = await optional(`/editions/${encodeURIComponent(c.state.edition)}/rules/${encodeURIComponent(rule)}`).catch(() => null);
        out.replaceChildren(found ? catalogEntry(c, found) : h("p", { class: "muted", text: t("ruling.catalog_unavailable") }));
      },
    },
  });
  return [button, out];
}

function catalogEntry(c, entry) {
  const quote = entry.source?.text ?? entry.wording ?? entry.booklet;
  return h(
    "div",
    {},
    entry.statement || entry.text ? h("p", { text: c.edition.text(entry.statement ?? entry.text) }) : null,
    quote ? h("blockquote", { text: c.edition.text(quote) }) : null,
    entry.source?.seed ? h("p", { class: "muted", text: t("ruling.source", { seed: entry.source.seed }) }) : null,
  );
}

export function rulingBlock(c, ruling) {
  if (!ruling) return null;
  return h(
    "div",
    { class: "ruling" },
    h("p", { class: "ruling-text", text: ruling.text }),
    h("p", { class: "muted" }, t("ruling.rule", { rule: ruling.rule }), ruling.house_rule ? h("span", { class: "badge", text: t("ruling.house_rule") }) : null),
    ruleLink(c, ruling.rule),
  );
}

function entryLine(c, entry, balanceAfter) {
  const running = balanceAfter === undefined ? null : h("span", { class: "running", text: t("money.balance_after", { amount: c.money(balanceAfter) }) });
  return h(
    "li",
    { dataset: { seq: String(entry.seq), event: String(entry.event) } },
    h(
      "details",
      {},
      h(
        "summary",
        {},
        h("span", { class: "seq", text: `#${entry.event}` }),
        h("span", { class: "flow", text: `${c.account(entry.from)} → ${c.account(entry.to)}` }),
        h("span", { class: "amount", text: c.money(entry.amount) }),
        h("span", { class: "reason", text: label("reason", entry.reason) }),
        running,
      ),
      rulingBlock(c, entry.ruling),
    ),
  );
}

export function moneyView(c) {
  const statementSeat = c.view.statement ?? null;
  const select = h(
    "select",
    { id: "statement-seat", on: { change: () => ((c.view.statement = select.value === "" ? null : Number(select.value)), c.render()) } },
    h("option", { value: "", text: t("money.all"), selected: statementSeat === null }),
    c.state.players.map((p) => h("option", { value: String(p.seat), text: p.name, selected: statementSeat === p.seat })),
  );
  let entries = c.ledger;
  let lines;
  if (statementSeat === null) {
    lines = [...entries].reverse().map((e) => entryLine(c, e));
  } else {
    let balance = 0;
    entries = entries.filter((e) => e.from === statementSeat || e.to === statementSeat);
    lines = entries.map((e) => entryLine(c, e, (balance += e.to === statementSeat ? e.amount : -e.amount))).reverse();
  }
  return h(
    "section",
    { "aria-labelledby": "money-title" },
    h("h2", { id: "money-title", text: t("tab.money") }),
    h("h3", { text: t("money.worth") }),
    h("ul", { class: "worth" }, c.state.players.map((p) => h("li", {}, h("i", { class: "swatch", style: { background: c.colour(p.seat) }, "aria-hidden": "true" }), `${p.name}: ${c.money(worthNow(c, p.seat))}`))),
    chart(c, worthSeries(c, c.ledger)),
    h("h3", { text: t("money.ledger") }),
    h("div", { class: "row" }, h("label", { for: "statement-seat", text: t("money.statement") }), select),
    h("button", { type: "button", class: "small secondary", text: t("money.csv"), on: { click: () => downloadCsv(c, statementSeat) } }),
    lines.length ? h("ol", { class: "ledger", reversed: true }, lines) : h("p", { class: "muted", text: t("money.no_entries") }),
  );
}

async function downloadCsv(c, seat) {
  const query = new URLSearchParams({ format: "csv" });
  if (seat !== null) query.set("seat", String(seat));
  const response = await fetch(`${c.client.base}/ledger?${query}`, { headers: { Authorization: `Bearer ${c.client.token}` } });
  const link = h("a", { href: URL.createObjectURL(await response.blob()), download: `ledger-${c.client.gameId}.csv` });
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
