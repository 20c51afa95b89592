// An edition document read in the phone's language: a name not written in it falls
// back to English, then to the language printed on the physical board (as the
// server's rulings do, referee/rules/edition.py). Money is shown exactly
// as the server's rulings show it (referee/rules/edition.py, Currency.show).

export const PLAYER_COLOURS = ["#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#393b79", "#637939"];

export class Edition {
  constructor(document, lang) {
    this.doc = document;
    this.lang = lang;
    this.spaces = new Map(document.spaces.map((s) => [s.position, s]));
    this.cards = new Map();
    for (const deck of document.decks || []) for (const card of deck.cards) this.cards.set(card.id, { ...card, deck: deck.id });
  }

  text(names) {
    if (!names || typeof names !== "object") return names ?? "";
    return names[this.lang] || names.en || names[this.doc.language] || Object.values(names)[0] || "";
  }

  get name() {
    return this.text(this.doc.name);
  }

  get size() {
    return this.doc.spaces.length;
  }

  space(position) {
    return this.spaces.get(Number(position));
  }

  spaceName(position) {
    const space = this.space(position);
    return space ? this.text(space.name) : `#${position}`;
  }

  group(id) {
    return this.doc.groups?.[id];
  }

  groupName(id) {
    return this.text(this.group(id)?.name) || id;
  }

  groupColour(id) {
    return this.group(id)?.color || "transparent";
  }

  deck(id) {
    return (this.doc.decks || []).find((d) => d.id === id);
  }

  deckName(id) {
    return this.text(this.deck(id)?.name) || id;
  }

  card(id) {
    return this.cards.get(id);
  }

  cardText(id) {
    return this.text(this.card(id)?.text) || id;
  }

  // The edition's own word for a thing ("branch" for a house, "castle" for a
  // hotel), or null where it uses the ordinary word, which the page says in its
  // own language: an edition's English word equal to the ordinary one is no word of its own.
  // A form ("house.acc", «філію») the edition does not give in the language is its word,
  // as in the rulings (referee/rules/edition.py, Edition.term).
  term(id) {
    const names = this.doc.terms?.[id];
    const dot = id.lastIndexOf(".");
    if (dot > 0 && !names?.[this.lang]) return this.term(id.slice(0, dot));
    if (!names) return null;
    if (names[this.lang]) return names[this.lang];
    return names.en && names.en !== ORDINARY[id] ? names.en : null;
  }

  // A count of the edition's own pieces in its words ("2 branches", "5 філій"), the noun in
  // the form the language puts after that number; null where it uses the ordinary word.
  // The forms are the service's (the document's plural_forms, which its rulings read too);
  // the browser's plural rules say which of them a number takes. A verb's object is counted
  // in the accusative ("acc": «Збудувати 1 філію»), which differs only where the count takes
  // the word itself (referee/rules/plurals.py).
  counted(count, id, grammaticalCase = "") {
    if (this.term(id) === null) return null;
    const forms = this.doc.plural_forms?.[this.lang] ?? this.doc.plural_forms?.en ?? {};
    const form = (forms[new Intl.PluralRules(this.lang).select(count)] ?? forms.other ?? "") || grammaticalCase;
    return `${count} ${form ? this.term(`${id}.${form}`) : this.term(id)}`;
  }

  // Fields of a space whose values are defaults to check against the table's own board.
  unconfirmed(position) {
    return this.space(position)?.unconfirmed || [];
  }

  // Positions of the streets (and other properties) of a group, in board order.
  groupPositions(group) {
    return this.doc.spaces.filter((s) => s.group === group && s.price).map((s) => s.position);
  }

  // How amounts are shown (symbol, scale, unit): money fields take them as shown.
  get currency() {
    return this.doc.currency;
  }

  money(amount) {
    return showMoney(this.doc.currency, amount, this.lang);
  }
}

const ORDINARY = { house: "house", hotel: "hotel", street: "street", station: "station", utility: "utility", jail: "jail", go: "GO", group: "group" };

// M1500, or 1 500 000 ₽: the symbol, the amount times the scale with digits
// grouped by no-break spaces (a line never breaks inside an amount) from five digits on (from four where the base unit is
// scaled, so 8 000 ₽ reads like 75 000 ₽), and the unit (the phone's
// language, else English) -- the same text as the server's rulings. A loss reads −M60, its
// minus before the symbol, as a debt's part does (−M450).
export function showMoney(currency = {}, amount, lang = "en") {
  const scaled = Number(amount) * (currency.scale || 1);
  const digits = String(Math.abs(scaled));
  const from = (currency.scale || 1) > 1 ? 1000 : 10000;
  const grouped = Math.abs(scaled) >= from ? digits.replace(/\B(?=(\d{3})+$)/g, "\u00a0") : digits;
  const unit = currency.unit?.[lang] || currency.unit?.en || "";
  return `${scaled < 0 ? "−" : ""}${currency.symbol ?? "M"}${grouped}${unit ? `\u00a0${unit}` : ""}`;
}
