// Setting a mistyped entry right, from the table phone (the only token the
// server lets undo or correct): take back the last entry in effect, or re-enter
// the dice of the last roll. What may be taken back follows the server's journal
// (referee/journal.py): the last action in effect only, one at a time; an undo
// is not undone; dice the service rolled and destinations it drew stand.

import { dicePicker } from "./actions.js";
import { h } from "./dom.js";
import { label, t } from "./i18n.js";

// Rulings that mark an event the service drew (its dice, a random destination).
const DRAWN = new Set(["dice.virtual", "card.random_move.drawn"]);

// The actions still in effect, oldest first, as the server folds its journal:
// an undo takes back the last one, a correction replaces it.
export function inEffect(events) {
  const stack = [];
  for (const event of events) {
    const drawn = event.rulings.some((r) => DRAWN.has(r.rule));
    if (event.type === "create") continue;
    else if (event.type === "undo") stack.pop();
    else if (event.type === "correction") stack[stack.length - 1] = { seq: event.seq, seat: event.seat, by: event.by, action: event.action.action, drawn };
    else stack.push({ seq: event.seq, seat: event.seat, by: event.by, action: event.action, drawn });
  }
  return stack;
}

// "Anna: rolled 3+4": an entry as the table knows it, named by who did it as the
// server says (event.by): the table for an action done for the whole table
// (whichever seat sent it), the end time for the end it brought, else the player
// of its seat. An entry not recorded yet (waiting in the outbox) says the same by
// what the state's `allowed` said of it (its `for_table`).
const ACTORS = { table: "event.table", end_time: "event.end_time" };

function actorText(c, entry) {
  if (ACTORS[entry.by]) return t(ACTORS[entry.by]);
  return entry.seat == null ? null : c.name(entry.seat);
}

export function entryText(c, entry) {
  const actor = actorText(c, entry);
  const who = actor == null ? "" : `${actor}: `;
  const dice = Array.isArray(entry.action?.dice) ? ` ${entry.action.dice.join("+")}` : "";
  return `${who}${label("action", entry.action.type)}${dice}`;
}

// A roll of the table's own dice: its dice can be entered again.
function correctable(entry) {
  return entry.action.type === "roll" && Array.isArray(entry.action.dice) && !entry.drawn;
}

function correctionForm(c, entry) {
  const key = "correct-roll";
  const [a, b] = entry.action.dice;
  const dice = [a, b];
  const submit = h("button", { type: "submit", class: "action primary", disabled: true, text: t("correct.same") });
  const pick = (i) => (value) => {
    dice[i] = value;
    const same = dice[0] === a && dice[1] === b;
    submit.disabled = same;
    submit.textContent = same ? t("correct.same") : t("correct.submit", { a: dice[0], b: dice[1], sum: dice[0] + dice[1] });
  };
  const form = h(
    "form",
    {
      class: "correct",
      on: {
        submit: (e) => {
          e.preventDefault();
          const action = { ...entry.action, dice: [...dice] };
          const confirm = t("correct.confirm", { entry: entryText(c, entry), a: dice[0], b: dice[1] });
          c.send("/corrections", { event: entry.seq, action }, { confirm, done: () => (c.view.open[key] = false) });
        },
      },
    },
    h("p", { class: "muted", text: t("correct.hint", { name: c.name(entry.action.seat) }) }),
    h("div", { class: "dice" }, dicePicker(1, pick(0), a, t("correct.die", { n: 1 })), dicePicker(2, pick(1), b, t("correct.die", { n: 2 }))),
    submit,
  );
  const details = h("details", { class: "form-disclosure", open: !!c.view.open[key], dataset: { form: key } }, h("summary", { class: "button action secondary", text: t("correct.open") }), form);
  details.addEventListener("toggle", () => (c.view.open[key] = details.open));
  return details;
}

function undoLast(c, last) {
  const what = entryText(c, last);
  return () => c.send("/undo", { event: last.seq }, { confirm: t("undo.confirm", { what }), ok: t("undo.ok") });
}

// The table phone's Undo at the top of the screen, in reach whatever the turn shows
// (one tap and the confirmation); null when nothing can be taken back.
export function quickUndo(c) {
  const last = inEffect(c.events).at(-1);
  if (!last || last.drawn) return null;
  const what = entryText(c, { ...last, seq: null });
  return h("button", { type: "button", class: "small secondary quick-undo", text: t("undo.quick"), "aria-label": t("undo.quick_label", { what }), on: { click: undoLast(c, last) } });
}

// The table phone's corner for mistakes: the last entry, its correction, its undo.
export function correctionsView(c) {
  const last = inEffect(c.events).at(-1);
  if (!last) return null;
  const what = entryText(c, last);
  const undo = undoLast(c, last);
  return h(
    "section",
    { class: "mistakes", "aria-labelledby": "mistakes-title" },
    h("h3", { id: "mistakes-title", text: t("undo.title") }),
    h("p", { class: "last-entry", text: t("undo.last", { what }) }),
    last.drawn
      ? h("p", { class: "warning stands", text: t("undo.drawn", { what }) })
      : [correctable(last) ? correctionForm(c, last) : null, h("button", { type: "button", class: "action secondary", text: t("undo.button"), on: { click: undo } })],
  );
}
