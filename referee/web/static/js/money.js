// Money: balances at a glance, each player's net worth now (GET /standings) and
// over the game (GET /standings/history, the journal replayed by the server, so
// trades, mortgages and buildings count as the rules value them), the ledger as
// a feed with the ruling behind each line one tap away, and one player's statement.

import { h, toast } from "./dom.js";
import { isolated, label, t } from "./i18n.js";
import { rulingView } from "./ruling.js";

export function balances(c) {
  return h(
    "ul",
    { class: "balances", "aria-label": t("money.balances") },
    c.state.players.map((p) =>
      h(
        "li",
        { class: `${p.seat === c.state.turn.seat ? "current" : ""} ${p.bankrupt || p.left ? "bankrupt" : ""}`, dataset: { seat: String(p.seat) } },
        h("i", { class: "swatch", style: { background: c.colour(p.seat) }, "aria-hidden": "true" }),
        h("span", { class: "who", text: isolated(p.name) }),
        h("span", { class: "cash", dataset: { cash: String(p.cash) }, text: c.money(p.cash) }),
        p.in_jail ? h("span", { class: "badge", text: t("money.in_jail") }) : null,
        p.jail_cards?.length ? h("span", { class: "badge card-held", text: t("money.jail_cards", { count: p.jail_cards.length, card: c.term("jail_free_card") }) }) : null,
        outBadge(p),
      ),
    ),
  );
}

// Why a player is out of the game, if they are: bankrupt, or gone home (which is no bankruptcy).
function outBadge(player) {
  if (player.left) return h("span", { class: "badge", text: t("money.left") });
  return player.bankrupt ? h("span", { class: "badge", text: t("money.bankrupt") }) : null;
}

// A player's net worth by the parts the server names, those that are not nothing, in
// its order: debts unpaid are taken off, so the parts shown add up to the total.
function partsText(c, row) {
  const shown = (part) => (part === "debts" ? `−${c.money(row[part])}` : c.money(row[part]));
  return (c.worth.parts || []).filter((part) => row[part]).map((part) => `${t(`money.part.${part}`)} ${shown(part)}`).join(" · ");
}

// Each player's net worth by parts, richest first, as the server values it;
// players who tie share a rank, and a player out of the game has none.
export function standingsTable(c, standings) {
  if (!standings) return h("p", { class: "muted", text: t("loading") });
  const shared = (rank) => rank != null && standings.filter((r) => r.rank === rank).length > 1;
  // scrolls by itself when large text makes it wider than the phone, so the page never does
  const table = h(
    "table",
    { class: "standings" },
    h("caption", { class: "visually-hidden", text: t("money.worth") }),
    h("thead", {}, h("tr", {}, h("th", { scope: "col", text: t("money.rank") }), h("th", { scope: "col", text: t("money.player") }), h("th", { scope: "col", class: "num", text: t("money.total") }))),
    h(
      "tbody",
      {},
      standings.map((row) =>
        h(
          "tr",
          { dataset: { seat: String(row.seat), total: String(row.total), rank: String(row.rank ?? "") } },
          h("td", { text: row.rank ?? "—" }),
          h(
            "th",
            { scope: "row" },
            h("i", { class: "swatch", style: { background: c.colour(row.seat) }, "aria-hidden": "true" }),
            h("span", { class: "name", text: isolated(row.name) }),
            shared(row.rank) ? h("span", { class: "badge tie", text: t("money.tie") }) : null,
            outBadge(row),
            h("span", { class: "parts", text: partsText(c, row) }),
          ),
          h("td", { class: "num total", text: c.money(row.total) }),
        ),
      ),
    ),
  );
  return h("div", { class: "scroll-x", role: "region", tabIndex: 0, "aria-label": t("money.worth") }, table);
}

function chart(c, points) {
  if (!points) return h("p", { class: "muted", text: t("loading") });
  if (points.length < 2) return h("p", { class: "muted", text: t("money.chart_empty") });
  const width = 320;
  const height = 170;
  const left = 4;
  const all = points.flatMap((p) => p.totals);
  const [low, high, step] = axis(Math.min(...all), Math.max(...all));
  const first = points[0].event;
  const last = points[points.length - 1];
  const span = Math.max(1, last.event - first);
  const x = (event) => left + ((event - first) * (width - left - 4)) / span;
  const y = (v) => height - 16 - ((v - low) * (height - 30)) / (high - low);
  const summary = c.state.players.map((p, i) => `${isolated(p.name)} ${c.money(last.totals[i])}`).join(", ");
  return h(
    "figure",
    { class: "chart" },
    svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": t("money.chart_label", { summary }) }, [
      // the scale: a faint line at each round value, named on it
      ...Array.from({ length: Math.round((high - low) / step) + 1 }, (_, i) => low + i * step).flatMap((value) => [
        svg("line", { class: "grid", x1: String(left), x2: String(width - 4), y1: String(y(value)), y2: String(y(value)) }, []),
        svg("text", { x: "2", y: String(y(value) - 3), class: "axis", "data-value": String(value) }, [c.money(value)]),
      ]),
      svg("text", { x: "2", y: String(height - 2), class: "axis" }, [`#${first}`]),
      svg("text", { x: String(width - 2), y: String(height - 2), class: "axis", "text-anchor": "end" }, [`#${last.event}`]),
      ...c.state.players.map((p, i) =>
        svg("polyline", {
          fill: "none",
          stroke: c.colour(p.seat),
          "stroke-width": "2",
          "stroke-linejoin": "round",
          "data-seat": String(p.seat),
          points: points.map((pt) => `${x(pt.event).toFixed(1)},${y(pt.totals[i]).toFixed(1)}`).join(" "),
        }, []),
      ),
    ]),
    // the parts the server counts in this edition (no mortgaged part where there are no mortgages)
    h("figcaption", { text: t("money.chart_caption", { parts: (c.worth.parts || []).map((p) => t(`money.caption.${p}`)).join(", ") }) }),
  );
}

// The chart's scale: round values (1, 2, 5 × 10ⁿ apart, at most five steps) around the worths,
// which read as a scale, never as someone's worth.
function axis(min, max) {
  const span = Math.max(max - min, Math.abs(max) / 10, 10);
  const power = 10 ** Math.floor(Math.log10(span / 5));
  const step = [1, 2, 5, 10, 20, 50].map((m) => m * power).find((s) => Math.ceil(max / s) - Math.floor(min / s) <= 5);
  const low = Math.floor(min / step) * step;
  return [low, Math.max(Math.ceil(max / step) * step, low + step), step];
}

function svg(tag, attrs, children) {
  const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  for (const child of children) el.append(child);
  return el;
}

function entryLine(c, entry, balanceAfter) {
  const running = balanceAfter === undefined ? null : h("span", { class: "running", text: t("money.balance_after", { amount: c.money(balanceAfter) }) });
  return h(
    "li",
    { dataset: { seq: String(entry.seq), event: String(entry.event), reason: entry.reason } },
    h(
      "details",
      { dataset: { keep: `ledger:${entry.seq}` } },
      h(
        "summary",
        {},
        h("span", { class: "flow", text: `${c.account(entry.from)} → ${c.account(entry.to)}` }),
        h("span", { class: "amount", text: c.money(entry.amount) }),
        h("span", { class: "reason", text: label("reason", entry.reason) }),
        running,
      ),
      rulingView(c, entry.ruling, { event: entry.event, keep: `ledger:${entry.seq}` }),
    ),
  );
}

export function moneyView(c) {
  const statementSeat = c.view.statement ?? null;
  const select = h(
    "select",
    { id: "statement-seat", on: { change: () => ((c.view.statement = select.value === "" ? null : Number(select.value)), c.render()) } },
    h("option", { value: "", text: t("money.all"), selected: statementSeat === null }),
    c.state.players.map((p) => h("option", { value: String(p.seat), text: isolated(p.name), selected: statementSeat === p.seat })),
  );
  const lines = (statementSeat === null ? c.ledger.map((entry) => entryLine(c, entry)) : statement(c.ledger, statementSeat).map(({ entry, balance }) => entryLine(c, entry, balance))).reverse();
  return h(
    "section",
    { "aria-labelledby": "money-title" },
    h("h2", { id: "money-title", text: t("tab.money") }),
    h("h3", { text: t("money.worth") }),
    standingsTable(c, c.worth.standings),
    chart(c, c.worth.points),
    h("h3", { text: t("money.ledger") }),
    h("div", { class: "row" }, h("label", { for: "statement-seat", text: t("money.statement") }), select),
    h("button", { type: "button", class: "small secondary", text: t("money.csv"), on: { click: () => downloadCsv(c, statementSeat) } }),
    lines.length ? h("ol", { class: "ledger", reversed: true }, lines) : h("p", { class: "muted", text: t("money.no_entries") }),
  );
}

// One player's entries, each with the player's balance after it.
export function statement(ledger, seat) {
  let balance = 0;
  return ledger.filter((e) => e.from === seat || e.to === seat).map((entry) => ({ entry, balance: (balance += entry.to === seat ? entry.amount : -entry.amount) }));
}

// Made from the ledger on screen by a module loaded when first asked for.
async function downloadCsv(c, seat) {
  try {
    (await import("./csv.js")).download(c, seat);
  } catch {
    toast(t("error.network"));
  }
}
