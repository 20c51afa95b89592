// Countdowns: a timed game's end (the state's time_left) and the table clock
// (the state's clock). The server says how many seconds were left when it
// answered; the phone counts down from the moment it received that answer on
// its own clock, so phones and server need not agree on the time of day. When a
// count reaches zero the phone asks for the whole state again: what is allowed
// then (a timeout to report, the end to record) changes without a new event,
// so the cheap "still version N?" poll would not bring it.

import { h } from "./dom.js";
import { language, t } from "./i18n.js";

export const TICK_MS = 1000;

// 1:05:09, 4:05, 0:09
export function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const pad = (n) => String(n).padStart(2, "0");
  return hours ? `${hours}:${pad(minutes)}:${pad(s % 60)}` : `${minutes}:${pad(s % 60)}`;
}

// A count shown in words that the tick keeps current; `until` is a time on this phone's clock.
function countdown(until, words) {
  const left = h("span", { class: "left" });
  const el = h("span", { class: "countdown", dataset: { until: String(until) } }, left);
  el.render = () => {
    const seconds = (until - Date.now()) / 1000;
    left.textContent = words(clockText(seconds));
    return seconds;
  };
  el.render();
  return el;
}

function names(c, seats) {
  return seats.map((s) => c.name(s)).join(", ");
}

// The timed game's end: when, how long is left, and what happens at the end.
function endView(c) {
  const left = c.state.time_left;
  if (!left || c.state.finished) return null;
  const at = new Date(left.ends_at).toLocaleTimeString(language(), { hour: "2-digit", minute: "2-digit" });
  if (left.seconds_left <= 0) {
    const table = c.state.allowed.some((a) => a.type === "end_game") && c.seat === null && !c.watch;
    return h("div", { class: "timer time-up", role: "status" }, h("strong", { text: t("timed.up", { at }) }), " ", table ? t("timed.up_table") : t("timed.up_seat"));
  }
  return h(
    "div",
    { class: "timer", role: "timer", "aria-label": t("timed.label", { at }) },
    t("timed.ends", { at }),
    " · ",
    countdown(c.receivedAt + left.seconds_left * 1000, (clock) => t("timed.left", { clock })),
  );
}

// The table clock: who is on it, for what, how long is left, and what running out means.
function clockView(c) {
  const clock = c.state.clock;
  if (!clock || c.state.finished) return null;
  const who = names(c, clock.seats);
  const what = t(`clock.kind.${clock.kind}`, { names: who });
  const then = t(`clock.then.${clock.consequence}`, { names: who });
  if (clock.expired) {
    // the time ran out: what happens once it is reported (not what would happen, as the running clock says)
    const next = clock.enforced ? `${t(`clock.reported.${clock.consequence}`, { names: who })} ${t("clock.report")}` : t("clock.table_decides", { names: who });
    return h("div", { class: "timer clock expired", role: "status", dataset: { kind: clock.kind } }, h("strong", { text: t(`clock.expired.${clock.kind}`, { names: who }) }), " ", next);
  }
  if (!clock.started) {
    // the game has not started at the table: no time runs until its first action
    return h(
      "div",
      { class: "timer clock not-started", role: "status", dataset: { kind: clock.kind } },
      h("span", { class: "clock-who" }, h("i", { class: "swatch", style: { background: c.colour(clock.seats[0] ?? 0) }, "aria-hidden": "true" }), what),
      " · ",
      t("clock.not_started", { time: clockText(clock.seconds) }),
    );
  }
  return h(
    "div",
    { class: "timer clock", role: "timer", "aria-label": t("clock.label", { what }), dataset: { kind: clock.kind } },
    h("span", { class: "clock-who" }, h("i", { class: "swatch", style: { background: c.colour(clock.seats[0] ?? 0) }, "aria-hidden": "true" }), what),
    " · ",
    countdown(c.receivedAt + clock.remaining * 1000, (left) => t("clock.left", { left })),
    h("span", { class: "muted clock-then", text: ` ${then}` }),
  );
}

export function timersView(c) {
  const views = [endView(c), clockView(c)].filter(Boolean);
  return views.length ? h("div", { class: "timers" }, views) : null;
}

// Every second: redraw the counts; ask for the state again when one has run out.
export function tick(root, refresh) {
  let due = false;
  for (const el of root.querySelectorAll(".countdown[data-until]")) {
    if (el.render() <= 0 && !el.dataset.asked) {
      el.dataset.asked = "1";
      due = true;
    }
  }
  if (due) refresh();
}
