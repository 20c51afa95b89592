// The ledger as a file a family opens in a spreadsheet: headers in the reader's
// language, players by name, what each payment was for in words, the ruling's
// explanation; a statement adds the player's balance after each line. Made on the
// phone from the ledger it already holds (GET /ledger.csv stays the clients' file,
// its columns unchanged), and loaded only when asked for.

import { h } from "./dom.js";
import { label, language, t } from "./i18n.js";
import { statement } from "./money.js";

// A spreadsheet runs a cell starting with one of these as a formula (OWASP, CSV
// injection): a player named =HYPERLINK(…) gets a leading quote, as the server's file does.
const FORMULA_STARTS = ["=", "+", "-", "@", "\t", "\r"];

function cell(value, separator) {
  if (typeof value === "number") return String(value);
  const text = FORMULA_STARTS.some((start) => value.startsWith(start)) ? `'${value}` : value;
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

// Where a comma is the decimal sign (ru, uk, it) spreadsheets split a file's columns at
// semicolons: the reader's spreadsheet opens the file in columns.
function separatorFor(lang) {
  return (1.5).toLocaleString(lang).includes(",") ? ";" : ",";
}

// No character a file system refuses in a name.
const fileName = (text) => `${text.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, "_").trim()}.csv`;

// The money an auction's close moves: the event is the last pass (or the result said aloud), but
// what happened is the purchase, by the payer, at that price.
const AUCTION_SALES = ["auction", "seller_auction", "building_auction"];

function happened(c, entry, event) {
  if (!AUCTION_SALES.includes(entry.reason)) return event ? c.eventSummary(event) : String(entry.event);
  const bought = { name: c.account(entry.from), amount: c.money(entry.amount) };
  const place = entry.ruling?.values?.place;
  return place == null ? t("money.csv.auction_won_building", bought) : t("money.csv.auction_won", { ...bought, place: c.place(place) });
}

export function ledgerFile(c, seat) {
  const lang = language();
  const separator = separatorFor(lang);
  const scale = c.edition.currency?.scale || 1;
  const unit = [c.edition.currency?.symbol, c.edition.text?.(c.edition.currency?.unit)].filter(Boolean).join(" ");
  const events = new Map(c.events.map((e) => [e.seq, e]));
  const header = [t("money.csv.seq"), t("money.csv.event"), t("money.csv.from"), t("money.csv.to"), unit ? `${t("money.csv.amount")} (${unit})` : t("money.csv.amount"), t("money.csv.reason"), t("money.csv.explanation")];
  if (seat !== null) header.push(t("money.csv.balance", { name: c.state.players[seat].name }));
  const rows = (seat === null ? c.ledger.map((entry) => ({ entry })) : statement(c.ledger, seat)).map(({ entry, balance }) => {
    const event = events.get(entry.event);
    const row = [entry.seq, happened(c, entry, event), c.account(entry.from), c.account(entry.to), entry.amount * scale, label("reason", entry.reason), entry.ruling?.text ?? ""];
    if (seat !== null) row.push(balance * scale);
    return row;
  });
  const text = [header, ...rows].map((row) => row.map((value) => cell(value, separator)).join(separator)).join("\r\n");
  const day = c.events[0]?.at ? new Date(c.events[0].at).toLocaleDateString("sv") : ""; // YYYY-MM-DD, in the phone's time zone
  const who = seat === null ? t("money.csv_file.all", { players: c.state.players.map((p) => p.name).join(", ") }) : t("money.csv_file.seat", { name: c.state.players[seat].name });
  return { name: fileName([who, day].filter(Boolean).join(" – ")), text: `\ufeff${text}\r\n` }; // the mark tells a spreadsheet it is UTF-8
}

export function download(c, seat) {
  const { name, text } = ledgerFile(c, seat);
  const link = h("a", { href: URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" })), download: name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
