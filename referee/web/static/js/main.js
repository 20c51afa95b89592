// Boot: pick the language, then the start page (/) or a table (/play/<id>#token=…);
// then the service worker that opens the page without network.

import { LANGUAGES, language, pickLanguage, setLanguage, t } from "./i18n.js";
import { installApp } from "./offline.js";

const NAMES = { en: "English", ru: "Русский", uk: "Українська", it: "Italiano" };

function chrome() {
  document.getElementById("skip").textContent = t("skip");
  document.getElementById("language-label").textContent = t("language");
  document.getElementById("brand").textContent = t("brand");
  const select = document.getElementById("language");
  select.replaceChildren(...LANGUAGES.map((lang) => new Option(NAMES[lang], lang, false, lang === language())));
  document.getElementById("language-code").textContent = language().toUpperCase(); // the select under it names the language in full
}

// Each page's modules are loaded by the page that needs them: a table's phone never
// downloads the start page, nor the start page the table's.
async function route() {
  const main = document.getElementById("main");
  const play = location.pathname.match(/^\/play\/([^/]+)\/?$/);
  if (play) return (await import("./play.js")).playPage(main, decodeURIComponent(play[1]));
  return (await import("./start.js")).startPage(main);
}

await setLanguage(pickLanguage());
chrome();
// each page draws what it shows again on "languagechange"
document.getElementById("language").addEventListener("change", async (event) => {
  await setLanguage(event.target.value, { remember: true }).catch(() => {}); // pack unreachable: the list shows the language on screen again
  chrome();
});
// The tabs stick under the bar, whose news line may take more lines: they follow its height.
const bar = document.querySelector("header.bar");
new ResizeObserver(() => document.documentElement.style.setProperty("--bar", `${bar.offsetHeight}px`)).observe(bar);
// the worker is installed once the page has what it shows: its copies are of a page that works
route().finally(installApp);
