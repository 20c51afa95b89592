// The table's own decisions, on the table phone (only the table's token may send them):
// money moved outside the rules with a reason, a new name, a player leaving. And the
// counter-offer, a player's answer to a trade offered to them. Every choice comes from
// the options: the accounts and what each holds, the heirs and what the estate holds.

import { defineAction } from "./actions.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { disclosure, readSide, send, sideFields } from "./property.js";

// The table's decisions are rare: a form loads when first opened (decisions.js), and is
// built at once when the section is redrawn after that.
let forms = null;
function decision(type, order) {
  return {
    order,
    once: true,
    late: true,
    render(c) {
      const body = h("div", { class: "lazy", "aria-live": "polite" });
      const fill = async () => {
        try {
          forms ??= await import("./decisions.js");
          body.replaceChildren(forms[type](c));
        } catch {
          body.replaceChildren(h("p", { class: "muted", text: t("error.network") }));
        }
      };
      const details = disclosure(c, type, t(`${type}.open`), body);
      if (forms) body.append(forms[type](c));
      else if (details.open) fill();
      details.addEventListener("toggle", () => details.open && !body.childElementCount && fill());
      return details;
    },
  };
}

defineAction("adjust", decision("adjust", 92));
defineAction("rename", decision("rename", 93));
defineAction("leave", decision("leave", 94));

defineAction("counter_trade", {
  order: 5,
  render(c, seat) {
    const options = c.options("counter_trade", seat);
    if (!options) return null;
    return options.counters.map((counter) => {
      const key = `counter-${seat}-${counter.offer}`;
      const offer = c.state.pending.find((p) => p.type === "trade_offer" && p.id === counter.offer); // the form starts from it
      const form = h(
        "form",
        {
          class: "trade counter",
          on: {
            submit: (e) => {
              e.preventDefault();
              send(c, key, { type: "counter_trade", seat, offer: counter.offer, give: readSide(form, `${key}-give`), get: readSide(form, `${key}-get`) });
            },
          },
        },
        h("div", { class: "trade-sides" }, sideFields(c, "give", seat, counter.give, offer?.get, `${key}-give`), sideFields(c, "get", counter.to, counter.get, offer?.give, `${key}-get`)),
        h("button", { type: "submit", class: "action primary", text: t("counter.submit", { name: c.name(counter.to) }) }),
      );
      return disclosure(c, key, t("counter.open", { name: c.name(counter.to) }), form);
    });
  },
});
