// Names short enough for a board cell at a phone's width (two lines of five
// letters at 360 px) that still tell the spaces apart: the words most names
// share ("Avenue", «улица», «железная дорога») give way to the rarest ones, a
// second word is added while two spaces would look alike, and a long word is
// cut with a dot: one word may take both lines, two take one each
// («Нагатинская улица» → «Нагатин.», "Pennsylvania Railroad" → "Penn. Rail.").

const LINE = 5; // the letters of one line of a cell at 360 px, a dot included
const ALONE = 8; // a word alone, over two lines (with room for wide letters)

// A word without a letter or digit ("&", "/") says nothing; one of at most two
// letters and no dot ("To", «в», "di") only links the others.
const words = (name) => name.split(/[\s/]+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
const key = (word) => word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
const linking = (word) => key(word).length <= 2 && !word.includes(".") && !/\p{N}/u.test(word);

function abbreviate(word, most) {
  const letters = [...word];
  return letters.length > most ? `${letters.slice(0, most - 1).join("").replace(/[^\p{L}\p{N}]+$/u, "")}.` : word;
}

// Two forms that differ only by a dot or a capital look alike ("Park." and "Park").
const look = (form) => form.replace(/\./g, "").toLowerCase();

// name → its short form, for every distinct name given.
export function shortNames(names) {
  const distinct = [...new Set(names)];
  const count = new Map();
  for (const name of distinct) for (const k of new Set(words(name).map(key))) count.set(k, (count.get(k) ?? 0) + 1);
  // the words of each name, the most telling first: rare before common, linking words last, long before short
  const rank = (word, at) => [linking(word) ? 1 : 0, count.get(key(word)), -word.length, at];
  const ranked = new Map(distinct.map((name) => [name, words(name).map((word, at) => ({ word, at, rank: rank(word, at) })).sort((a, b) => compare(a.rank, b.rank))]));
  const chosen = new Map(distinct.map((name) => [name, ranked.get(name).slice(0, 1)]));
  const form = (name) => {
    const shown = [...chosen.get(name)].sort((a, b) => a.at - b.at);
    const most = shown.length > 1 ? LINE : ALONE;
    return shown.length ? shown.map((w) => abbreviate(w.word, most)).join(" ") : abbreviate(name, ALONE);
  };
  // names that still look alike each take one more word, one the others lack where it has one
  for (let round = 0; round < 3; round++) {
    const alike = new Map();
    for (const name of distinct) alike.set(look(form(name)), [...(alike.get(look(form(name))) || []), name]);
    const groups = [...alike.values()].filter((group) => group.length > 1);
    if (!groups.length) break;
    for (const group of groups) {
      for (const name of group) {
        const others = group.filter((n) => n !== name).map((n) => new Set(words(n).map(key)));
        const left = ranked.get(name).filter((w) => !chosen.get(name).includes(w));
        const own = left.find((w) => others.some((o) => !o.has(key(w.word))));
        if (own ?? left[0]) chosen.get(name).push(own ?? left[0]);
      }
    }
  }
  return new Map(distinct.map((name) => [name, form(name)]));
}

function compare(a, b) {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

// Each name's shortest start no other name starts with (Папа, Петя, Мама, Маша → Па, Пе, Мам, Маш),
// a name that starts another (Ann, Anna) whole. Names are NFC (the server's): «Й» is one code point.
export function prefixes(names) {
  const all = names.map((name) => [...name.trim()]);
  const fold = (parts) => parts.join("").toLocaleLowerCase();
  return all.map((parts, i) => {
    for (let size = 1; size < parts.length; size++) {
      if (!parts[size - 1].trim()) continue; // "Anna " would look like "Anna"
      const start = fold(parts.slice(0, size));
      if (all.every((other, j) => j === i || !fold(other).startsWith(start))) return parts.slice(0, size).join("");
    }
    return parts.join("");
  });
}
