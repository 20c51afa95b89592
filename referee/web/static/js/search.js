// Finding a text by the words a player types, in whatever form they type them: a word
// matches the start of a word of the text once its ending is set aside (парковка finds
// «парковку», залог finds «заложена», arrotondamento finds «arrotonda», interessi finds
// «interesse»), case and accents aside. Russian and Ukrainian change г/ж, к/ч, х/ш before an
// ending (залог, заложить), so both are read as one letter; Italian writes c, g as ch, gh before
// e and i (ipoteca, ipoteche), so ch, gh read as c, g.

// Endings of Russian and Ukrainian words, and of Italian and English ones: what a word may end
// in beyond its stem. The longest that leaves a stem of three letters is set aside.
const ENDINGS = {
  cyrillic: "иями ями ами ого его ому ему ими ыми ой ей ий ый ій ая яя ое ее ые ие ую юю ов ев ів ам ям ах ях ом ем ою ею ої ию ия ть ти а я о е ы и і у ю ь й ї",
  latin: "amento imento azione azioni mente are ere ire ato ata ati ate ito ita iti ite uto uta ing ed es s a e i o",
};
const STEM = 3;

// The text as it is compared: lower case, no accents (ё is е, й is и, è is e), г/ж, к/ч, х/ш as one,
// ch, gh as c, g.
export function searchable(text) {
  return String(text ?? "")
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/ж/g, "г")
    .replace(/ч/g, "к")
    .replace(/ш/g, "х")
    .replace(/([cg])h/g, "$1");
}

const endings = Object.fromEntries(Object.entries(ENDINGS).map(([script, list]) => [script, list.split(" ").map(searchable).sort((a, b) => b.length - a.length)]));

function stem(word) {
  const list = /\p{Script=Cyrillic}/u.test(word) ? endings.cyrillic : endings.latin;
  const ending = list.find((e) => word.endsWith(e) && word.length - e.length >= STEM);
  return ending ? word.slice(0, -ending.length) : word;
}

const escaped = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// A test of texts (already searchable()) against what was typed: every word typed starts a word
// of the text, in some form. Nothing typed matches everything.
export function matcher(typed) {
  const words = searchable(typed).match(/[\p{L}\p{N}]+/gu) ?? [];
  const starts = words.map((word) => new RegExp(`(?:^|[^\\p{L}\\p{N}])${escaped(stem(word))}`, "u"));
  return (text) => starts.every((start) => start.test(text));
}
