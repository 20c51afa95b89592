// An edition document read in the phone's language: names fall back to the
// language printed on the physical board, then English.

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
    return names[this.lang] ?? names[this.doc.language] ?? names.en ?? Object.values(names)[0] ?? "";
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

  term(id) {
    return this.text(this.doc.terms?.[id]) || id;
  }

  get rules() {
    return this.doc.rules || {};
  }

  // Money as the edition shows it: symbol, scaled amount, unit.
  money(amount) {
    const currency = this.doc.currency || {};
    const scaled = Number(amount) * (currency.scale || 1);
    const value = new Intl.NumberFormat(this.lang).format(scaled);
    const unit = this.text(currency.unit);
    return `${currency.symbol ?? ""}${value}${unit ? ` ${unit}` : ""}`;
  }
}
