"""Rulings speak each edition's own words: a Disney ruling says transports and
Special Powers, a ua-industries one the tax inspection, enterprises, branches,
holdings and logistics, in every language, where the classic board's words
would otherwise show."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

from referee.action_words import ACTION_WORDS, said
from referee.editions import shipped
from referee.editions.catalog import LANGUAGES, catalog, default_options, placeholders
from referee.explain import questions, rule_view, ruling_view
from referee.journal import CORRECTED, REVERSED, UNDONE
from referee.rules import phrases
from referee.rules.engine import HOUSE_RULES
from referee.rules.rulings import RULES, render
from referee.rules.serialize import ruling_to_dict

# The pieces and spaces an edition may name its own way (its ``terms``).
VOCABULARY = (
    "house",
    "hotel",
    "station",
    "utility",
    "jail",
    "go",
    "street",
    "jail_free_card",
    "property",
    "free_parking",
    "deed",
)
# Words that hold a classic word without meaning the piece: a house rule is no house.
IDIOMS = {
    "en": ("house rule",),
    "it": ("regola della casa", "regole della casa"),
    "ru": (),
    "uk": (),
}
# Endings a noun takes in sentences, after its stem (the word less its last vowel).
ENDINGS = {
    "ru": tuple(" а я у ю ом ем ой ей е и ы ов ев ам ям ами ями ах ях ь ью".split(" ")),
    "uk": tuple(" а я у ю ом ем ою ею і е и ів ам ям ами ями ах ях ь".split(" ")),
}
# The adjective that opens a two-word term («Безкоштовна стоянка»), by its endings:
# the ones it is written with, and the ones it takes in sentences («на Безкоштовній стоянці»).
ADJECTIVE = {
    "ru": (
        ("ая", "яя", "ое", "ее", "ый", "ий", "ой"),
        "ая ой ую ое ого ому ым ом ые ых ыми ий яя ей юю ее его ему им ие их ими",
    ),
    "uk": (("а", "я", "е", "є", "ий", "ій"), "а ої ій у ою е ого ому ий им ім і их ими я ю є"),
}


def _forms(word: str, lang: str) -> str:
    """A pattern for the word's forms in a sentence: plurals, and cases in ru and uk."""
    first = word.split()[0] if lang != "en" else word
    if lang == "en":
        plural = first[:-1] + "ies" if first.endswith("y") else first + "s"
        return rf"(?:{re.escape(first)}|{re.escape(plural)})"
    if lang == "it":
        forms = {first, first[:-1] + {"a": "e", "o": "i", "e": "i"}.get(first[-1], first[-1])}
        if first.endswith(("go", "ca")):
            forms.add(first[:-1] + "h" + {"o": "i", "a": "e"}[first[-1]])
        return "(?:" + "|".join(map(re.escape, sorted(forms, key=len, reverse=True))) + ")"
    stem = first[:-1] if first[-1] in "аяоеьйиіюыє" else first
    stems = {stem, stem[:-2] + stem[-1]} if stem.endswith(("ок", "ец")) else {stem}
    noun = "(?:" + "|".join(map(re.escape, stems)) + ")(?:" + "|".join(ENDINGS[lang]) + ")"
    written, endings = ADJECTIVE[lang]
    ending = next((e for e in sorted(written, key=len, reverse=True) if " " in word and first.endswith(e)), None)
    if ending is None:
        return noun
    return f"(?:{noun}|{re.escape(first[: -len(ending)])}(?:{'|'.join(endings.split())}))"


@cache
def forbidden(edition_id: str, lang: str) -> dict[str, re.Pattern]:
    """The classic board's words an edition replaces with its own, per term,
    as patterns: read from the editions' terms, not listed by hand."""
    classic, edition = shipped()["classic"], shipped()[edition_id]
    own = [edition.term(key, lang) for key in edition.terms]
    found = {}
    for key in VOCABULARY:
        theirs, ours = classic.term(key, lang), edition.term(key, lang)
        flags = 0 if theirs[:1].isupper() else re.IGNORECASE
        pattern = re.compile(rf"(?<![\w'’]){_forms(theirs, lang)}(?![\w'’])", flags)
        if pattern.search(ours):  # the same word, or one of its forms
            continue
        # a two-word term's noun on its own («на парковке»), unless the edition says it too
        noun = _noun(theirs, lang)
        found[key] = _either([pattern, noun] if noun and not any(noun.search(word) for word in own) else [pattern])
    return found


def _noun(word: str, lang: str) -> re.Pattern | None:
    """The noun of a Russian or Ukrainian term that an adjective opens («Бесплатная парковка»)."""
    words = word.split()
    if lang not in ENDINGS or len(words) != 2 or not words[0].lower().endswith(ADJECTIVE[lang][0]):
        return None
    return re.compile(rf"(?<![\w'’]){_forms(words[1], lang)}(?![\w'’])", re.IGNORECASE)


class _either:
    """Patterns searched together: the first that finds a word."""

    def __init__(self, patterns):
        self.patterns = patterns

    def search(self, text):
        return next((found for p in self.patterns if (found := p.search(text))), None)


SAMPLES = {"term": "house", "items": [["space", 1], ["term", "jail_free_card"], ["m", 10]]}


class _Neutral:
    """Shows names as a mark (a space's own name may be anything), and the
    edition's words as they are: what is left is the template's own wording."""

    def __init__(self, edition):
        self.edition = edition

    def show(self, spec, value, lang="en"):
        if spec == "term":
            return self.edition.term(value, lang)
        return "X" if spec != "m" else self.edition.show("m", 10, lang)


def _spoken(edition, rule_id: str, lang: str) -> str | None:
    """A rule's explanation in a language, filled with neutral values."""
    template = RULES[rule_id].template if lang == "en" else catalog().rules[rule_id].template(edition.id, lang)
    if template is None:
        return None
    used = placeholders(template)
    values = {name: SAMPLES.get(spec, 3) for name, spec in used.items() if name != "term"}
    text = render(template, values, _Neutral(edition), lang)
    for idiom in IDIOMS[lang]:
        text = re.sub(re.escape(idiom), "…", text, flags=re.IGNORECASE)
    return text


def test_the_forbidden_words_come_from_the_editions_terms():
    # seed 000: Disney's transports ("Транспорт") and Special Powers ("Силы магии");
    # seed 002: "податкова перевірка", "філія", "холдинг", "логістика".
    assert set(forbidden("disney", "en")) == {"house", "hotel", "station", "utility"}
    assert {"jail", "house", "hotel", "station", "street", "go"} <= set(forbidden("ua-industries", "en"))
    assert forbidden("ua-industries", "ru")["jail"].search("отправляется в тюрьму")
    assert forbidden("disney", "ru")["station"].search("владеет 2 вокзалами")
    assert not forbidden("disney", "it")["house"].search("la casella e la regola")
    assert not forbidden("classic-rub", "en")


@pytest.mark.parametrize("edition", [e for e in sorted(shipped()) if e != "classic"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_ruling_and_refusal_says_the_edition_s_own_words(edition, lang):
    played = shipped()[edition]
    found = []
    for rule_id in sorted(RULES):
        text = _spoken(played, rule_id, lang)
        for key, pattern in forbidden(edition, lang).items():
            if text and pattern.search(text):
                found.append(f"{rule_id} says {pattern.search(text).group(0)!r} for {key}: {text}")
    assert not found, "\n".join(found)


# -- a property, by the word of each edition's booklet -----------------------------

# The words for a property, with their forms, per language:
# seed 001 l.50: «Заложенную собственность можно передать другому игроку»; seed 000 l.103:
# «Покупка собственности»; seed 003 l.52: «se la proprietà è stata posata»;
# seed 002 l.54: «Зупинилися на вільному бізнесі», l.56: «вартості бізнесу», l.94: «виберіть чужий бізнес».
PROPERTY_WORDS = {
    "property": {"en": r"propert(?:y|ies)", "ru": r"собственност\w*", "uk": r"власн[іо]ст\w*", "it": r"proprietà"},
    "business": {"en": r"business(?:es)?", "ru": r"бизнес\w*", "uk": r"бізнес\w*", "it": r"attività"},
}


def _word(pattern: str) -> re.Pattern:
    return re.compile(rf"(?<!\w){pattern}(?!\w)", re.IGNORECASE)


def property_words(edition_id: str, lang: str) -> tuple[re.Pattern, re.Pattern]:
    """The edition's own word for a property in ``lang``, and the other editions' words."""
    english = shipped()[edition_id].term("property")
    ours = next(key for key, words in PROPERTY_WORDS.items() if _word(words["en"]).fullmatch(english))
    theirs = "|".join(words[lang] for key, words in PROPERTY_WORDS.items() if key != ours)
    return _word(PROPERTY_WORDS[ours][lang]), _word(f"(?:{theirs})")


def test_each_edition_calls_a_property_by_its_booklet_s_word():
    own, other = property_words("ua-industries", "uk")
    assert own.search("Зупинилися на вільному бізнесі") and other.search("заставте власність")
    assert other.search("карток власності") and not other.search("за карткою власника")
    own, other = property_words("classic", "en")
    assert own.search("unmortgaged properties") and other.search("a business offer")
    assert not property_words("classic", "it")[1].search("cambi proprietario")


@pytest.mark.parametrize("edition", sorted(shipped()))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_ruling_or_refusal_calls_a_property_by_another_edition_s_word(edition, lang):
    own, other = property_words(edition, lang)
    spoken = {rule_id: _spoken(shipped()[edition], rule_id, lang) or "" for rule_id in sorted(RULES)}
    found = [
        f"{rule_id}: {other.search(text).group(0)!r} in {text}"
        for rule_id, text in spoken.items()
        if other.search(text)
    ]
    assert not found, "\n".join(found)
    # the sentences that name a property name it by the edition's word
    for rule_id in ("trade.money_only", "bank_sale.not_in_debt", "debt.in_kind.unavailable", "trade.form.sale"):
        assert own.search(spoken[rule_id]), (rule_id, spoken[rule_id])


# -- the journal's undo and correction, in the reader's words -------------------------

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


@cache
def _catalog_words(lang: str) -> frozenset[str]:
    """Every word the catalog's other sentences write in a language (Italian has its own "fine")."""
    entries = [entry for entry in catalog().rules.values() if not entry.id.startswith("journal.")]
    texts = [text for entry in entries for text in (entry.explain.get(lang, ""), entry.statement.get(lang, ""))]
    return frozenset(re.findall(r"\w+", " ".join(texts).lower()))


def english_words(edition, lang: str) -> re.Pattern:
    """Every English word an undo or a correction may put in a ruling, the actions'
    (in the edition's vocabulary) and the reasons money moved, that is no word of ``lang``."""
    said_words = " ".join([*(said(kind, edition) for kind in ACTION_WORDS), *phrases.ENGLISH.values()])
    words = {w for w in re.findall(r"[a-z]{3,}", said_words.lower()) if w not in _catalog_words(lang)}
    return re.compile(rf"(?<!\w)(?:{'|'.join(sorted(words))})(?!\w)", re.IGNORECASE)


def _journal_rulings(edition):
    """An undo and a correction of every action type, and the reversal of every kind of transfer."""
    names = dict(who="Anna", by="Boris", was=(), now=())
    for kind in ACTION_WORDS:
        yield UNDONE.ruling(edition, event=3, action=kind, what=said(kind, edition), by="Anna")
        yield CORRECTED.ruling(
            edition,
            event=3,
            action=kind,
            what=said(kind, edition),
            replacement=kind,
            instead=said(kind, edition),
            **names,
        )
    for reason in catalog().rules[REVERSED.id].phrases["reason"]:
        yield REVERSED.ruling(edition, amount=10, payer="Anna", payee="bank", event=3, reason=reason)


@pytest.mark.parametrize("edition", sorted(shipped()))
def test_an_undo_or_a_correction_names_the_action_in_the_reader_s_language_and_the_edition_s_words(edition):
    played = shipped()[edition]
    english = {lang: english_words(played, lang) for lang in TRANSLATED}
    found = []
    for ruling in _journal_rulings(played):
        stored = ruling_to_dict(ruling)
        for lang in TRANSLATED:
            text = ruling_view(stored, played, lang)["text"]
            foreign = english[lang].search(text) or property_words(edition, lang)[1].search(text)
            if foreign:
                found.append(
                    f"{lang} {ruling.values.get('action') or ruling.values['reason']}: {foreign.group(0)!r} in {text}"
                )
        if edition == "ua-industries":  # seed 002: the tax inspection, a business
            assert not re.search(r"(?<!\w)(?:jail|propert\w*)", ruling.text), ruling.text
    assert not found, "\n".join(found)


# -- the contested questions, asked and answered in the edition's words -------------------


def _tables(edition):
    """The booklet's table, and a game of the edition with each house rule or the other
    rent collection: every answer a question may give for it."""
    booklet = default_options(edition)
    yield None
    yield replace(booklet, rent_collection="automatic" if booklet.rent_collection == "claim" else "claim")
    yield from (replace(booklet, house_rules=(rule,)) for rule in HOUSE_RULES)


def _contested_texts(edition, lang: str):
    for options in _tables(edition):
        for view in questions(edition, lang, options):
            for part in ("question", "answer", "note"):
                if view[part] and view["lang"] == lang:
                    yield f"{view['id']}.{part}", view[part]


@pytest.mark.parametrize("edition", sorted(shipped()))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_contested_question_and_answer_says_the_edition_s_own_words(edition, lang):
    # seed 002 l.77: «Бізнес-форум — вільна клітинка»; l.132: «Податкова перевірка»; l.81–84: філії, холдинги
    played = shipped()[edition]
    patterns = {**forbidden(edition, lang), "property": property_words(edition, lang)[1]}
    found = []
    for where, text in _contested_texts(played, lang):
        for idiom in IDIOMS[lang]:
            text = re.sub(re.escape(idiom), "…", text, flags=re.IGNORECASE)
        found += [
            f"{where} says {p.search(text).group(0)!r} for {key}: {text}"
            for key, p in patterns.items()
            if p.search(text)
        ]
    assert not found, "\n".join(sorted(set(found)))


STREETS = {"en": r"\bstreets?\b", "it": r"\bstrad[ae]\b|\bterren[oi]\b"}


@pytest.mark.parametrize("lang", sorted(STREETS))
def test_the_contested_questions_call_streets_by_the_edition_s_word(lang):
    # Disney's questions said «strada» and «terreni» in one list: the words of no term. An edition whose
    # streets have another word reads that word in every question and answer.
    disney = shipped()["disney"]
    words = {"street": {"en": "episode", "it": "episodio"}, "street.pl": {"en": "episodes", "it": "episodi"}}
    episodes = replace(disney, terms={**disney.terms, **words})
    said = [f"{where}: {text}" for where, text in _contested_texts(episodes, lang) if re.search(STREETS[lang], text)]
    assert not said, "\n".join(sorted(set(said)))
    assert any(words["street.pl"][lang] in text for _, text in _contested_texts(episodes, lang))


# -- the page's own words, and the rules' statements ------------------------------------------

LANG = Path(__file__).resolve().parent.parent / "referee" / "web" / "static" / "js" / "lang"
# The page's fallback words, said where an edition has none of its own: the classic ones.
FALLBACKS = ("word.", "count.")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def _page_texts(lang: str):
    """Every text of the page's language file, its placeholders taken out (an edition's
    word comes in as {term.jail}), but for the words it falls back to."""
    text = (LANG / f"{lang}.js").read_text(encoding="utf-8")
    for key, value in re.findall(r'^\s*"?([\w.]+)"?: (.*?),?$', text, re.M):
        if not key.startswith(FALLBACKS):
            yield key, PLACEHOLDER.sub("…", value)


def _classic_words(lang: str) -> dict[str, list]:
    """The classic board's words in a language that some shipped edition says its own way."""
    found: dict[str, list] = {}
    for edition in sorted(shipped()):
        if edition != "classic":
            for key, pattern in forbidden(edition, lang).items():
                found.setdefault(key, []).append(pattern)
            found.setdefault("property", []).append(property_words(edition, lang)[1])
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_says_no_classic_word_where_an_edition_has_its_own(lang):
    # the page's texts serve every edition: a jail, a street, Free Parking or a property is
    # {term.jail}, {term.street}, {term.free_parking}, {term.property} (seed 002 l.132: «Податкова
    # перевірка»; l.77 «Бізнес-форум»; l.54 «вільному бізнесі»), never the classic word
    found = [
        f"{key} says {pattern.search(text).group(0)!r} for {word}: {text}"
        for key, text in _page_texts(lang)
        for word, patterns in _classic_words(lang).items()
        for pattern in patterns
        if pattern.search(_idioms_out(text, lang))
    ]
    assert not found, "\n".join(sorted(set(found)))


def _idioms_out(text: str, lang: str) -> str:
    for idiom in IDIOMS[lang]:
        text = re.sub(re.escape(idiom), "…", text, flags=re.IGNORECASE)
    return text


def test_the_page_check_catches_the_classic_words_it_was_written_with():
    # "Оксана: переставте фішку до в'язниці", the badge "у в'язниці", «Джекпот на бесплатной стоянке»
    assert any(p.search("переставте фішку до в'язниці") for p in _classic_words("uk")["jail"])
    assert any(p.search("Джекпот на бесплатной парковке") for p in _classic_words("ru")["free_parking"])
    assert any(p.search("сума, вказану біля кожної вулиці") for p in _classic_words("uk")["street"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_edition_word_the_page_asks_for_has_the_page_s_own_besides(lang):
    # an edition without the word (a table's own board) shows the page's: {term.jail} falls back to word.jail
    text = (LANG / f"{lang}.js").read_text(encoding="utf-8")
    asked = set(re.findall(r"\{[Tt]erm\.([\w.]+)\}", text))
    missing = [key for key in asked if f'"word.{key}":' not in text and f'"word.{key.split(".")[0]}":' not in text]
    assert asked and not sorted(missing)


# The spaces and the card an edition names its own way, in every rule's statement
# (the whole rule, under the Rules tab): seed 003 l.42 «Avanti», seed 002 l.132–138.
STATED = ("go", "jail", "free_parking", "jail_free_card")


@pytest.mark.parametrize("edition", [e for e in sorted(shipped()) if e != "classic"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_s_statement_names_the_edition_s_spaces_and_card_in_its_own_words(edition, lang):
    played = shipped()[edition]
    patterns = {key: p for key, p in forbidden(edition, lang).items() if key in STATED}
    found = []
    for entry in catalog().rules.values():
        view = rule_view(entry, played, lang)
        if view["lang"] != lang:
            continue
        found += [
            f"{entry.id} says {p.search(view['statement']).group(0)!r} for {key}: {view['statement']}"
            for key, p in patterns.items()
            if p.search(_idioms_out(view["statement"], lang))
        ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("edition", [e for e in sorted(shipped()) if e != "classic"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_whole_rule_names_its_parameters_in_the_edition_s_own_words(edition, lang):
    # The parameters beside a rule's statement («Multa per uscire (ispezione fiscale)»): one name per
    # language, filled with the edition's words, never the classic board's.
    played = shipped()[edition]
    patterns = forbidden(edition, lang)
    found = []
    for entry in catalog().rules.values():
        for path, label in rule_view(entry, played, lang)["labels"].items():
            text = _idioms_out(label, lang)
            said = {key: p.search(text) for key, p in patterns.items()}
            found += [f"{path} says {word.group(0)!r} for {key}: {label}" for key, word in said.items() if word]
    assert not found, "\n".join(sorted(set(found)))


# A unit a card's own words put after an amount (seed 000: «150 ед.»; the rubles cards' «200 mila rubli»).
UNITS = re.compile(r"^\s*(ед\.|mila|тыс\.|тис\.)")


def _amounts(effect) -> set[int]:
    """The sums of money a card's effect moves (its choices' own texts say theirs)."""
    return {v for k, v in effect.items() if isinstance(v, int) and k not in ("position", "steps", "spaces")}


def _cards(edition):
    for deck in edition.decks.values():
        for card in deck.cards:
            yield card.id, card.text, card.effect
            for option in card.effect.get("options", ()):
                yield f"{card.id}.{option['id']}", option["text"], option["effect"]


# Card texts that are a booklet's own words, carried over as they are: seed 000 prints the Disney cards in
# English and Russian (tests/rules/test_disney.py checks them against it).
BOOKLET_WORDS = {"disney": {"en", "ru"}}


@pytest.mark.parametrize("edition", sorted(shipped()))
def test_a_card_s_amounts_read_as_the_edition_s_money(edition):
    # «Pagate 150», «Paga una multa di 10» on a Disney card, where the page and the rulings say M150
    played = shipped()[edition]
    bare = []
    for card, texts, effect in _cards(played):
        for lang, text in texts.items():
            if lang in BOOKLET_WORDS.get(edition, ()):
                continue
            for amount in _amounts(effect):
                for found in re.finditer(rf"(?<![\d\w]){amount}(?!\d)", text):
                    money = re.sub(r"[\u00a0\u202f]", " ", played.show("m", amount, lang))  # 50 000 ₽
                    shown = text[max(0, found.start() - 1) : found.end()] in money or money in text
                    if not shown and not UNITS.match(text[found.end() :]):
                        bare.append(f"{card} ({lang}): {text}")
    assert not bare, "\n".join(bare)


@pytest.mark.parametrize("edition", sorted(shipped()))
def test_an_italian_card_calls_a_board_square_casella_as_the_page_does(edition):
    # «campo «Avanti»» on the rubles cards, «casella «Avanti»» on the page
    said = [card for card, texts, _ in _cards(shipped()[edition]) if re.search(r"\bcamp[oi]\b", texts.get("it", ""))]
    assert not said


def _italian_texts():
    """Every Italian text a reader sees: the page's words and the catalog's (statements, explanations,
    the words of values)."""
    yield from ((f"it.js {key}", text) for key, text in _page_texts("it"))
    for entry in catalog().rules.values():
        yield f"{entry.id} statement", entry.statement.get("it", "")
        yield f"{entry.id} explain", entry.explain.get("it", "")
        for name, table in entry.phrases.items():
            yield from ((f"{entry.id} phrases.{name}.{key}", words.get("it", "")) for key, words in table.items())


def test_the_italian_pot_is_one_word_everywhere():
    # The house-rule form said «Montepremi», «jackpot» and «piatto» for the same money on Free Parking
    said = [f"{where}: {text}" for where, text in _italian_texts() if re.search(r"montepremi|jackpot", text, re.I)]
    assert not said, "\n".join(said)


def test_the_rubles_edition_calls_go_avanti_in_its_rules_italian_words():
    # seed 003 l.42: «campo "Avanti"» -- the rubles board's GO, not the Italian board's «Via»
    statement = rule_view(catalog().rules["go.salary"], shipped()["classic-rub"], "it")["statement"]
    assert statement == "Passare o fermarsi sulla casella «Avanti» fa ricevere lo stipendio dalla banca."


def _card_name(edition, lang: str, form: str = "jail_free_card") -> str:
    """The name the edition gives its get-out-of-jail card in a language: what its term quotes."""
    term = edition.term(form, lang)
    return term[term.index("«") + 1 : term.rindex("»")] if "«" in term else term


@pytest.mark.parametrize("edition", sorted(shipped()))
@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_card_that_frees_a_player_is_called_by_its_own_words_everywhere(edition, lang):
    # seed 001 l.44: «использовать карточку «Выйти из тюрьмы бесплатно»» -- a ruling said «Бесплатно выйти
    # из тюрьмы»; seed 000 l.141: «Бесплатно покиньте Тюрьму», the Disney card's own words
    found = shipped()[edition]
    name = _card_name(found, lang)
    cards = [c for deck in found.decks.values() for c in deck.cards if c.effect.get("kind") == "jail_free"]
    assert cards and all(name.lower() in c.text[lang].lower() for c in cards), (name, [c.text[lang] for c in cards])
    used = render(catalog().rules["jail.card"].template(edition, lang), {"name": "Маша"}, found, lang)
    assert name in used or _card_name(found, lang, "jail_free_card.acc") in used, used
    page = (LANG / f"{lang}.js").read_text(encoding="utf-8")
    if edition == "classic":  # the page's own word, where an edition has none, is the classic card's
        assert re.search(rf'"word\.jail_free_card": "[^"]*«{re.escape(name)}»', page), name


# -- the industries game's own dealings, as its booklet words them -------------------------------


def _uk(ruling, edition) -> str:
    return ruling_view(ruling_to_dict(ruling), edition, "uk")["text"]


def test_an_undo_of_a_winding_up_says_winding_up_in_the_industries_game_and_a_sale_in_the_classic_one():
    # seed 002 l.86: «У свій хід філію чи холдинг можна згорнути — банк поверне половину вартості забудови»
    ua, classic = shipped()["ua-industries"], shipped()["classic"]
    for edition, words in ((ua, "згортання забудови"), (classic, "продаж будівель")):
        undo = UNDONE.ruling(edition, event=3, action="sell_building", what=said("sell_building", edition), by="Тарас")
        back = REVERSED.ruling(edition, amount=25, payer="bank", payee="Тарас", event=3, reason="building_sale")
        assert _uk(undo, edition) == f"Подію 3 ({words}, Тарас) скасовано: гра така, якою була до неї."
        assert _uk(back, edition).endswith(f"подію 3 ({words}) скасовано.")
    assert said("sell_building", ua) == "winding-up"


def test_the_industries_game_s_rulings_put_no_player_s_or_space_s_name_where_ukrainian_would_decline_it():
    # seed 002 l.58: «Якщо ставок не було, клітинка лишається вільною»; what read wrong: «зупиняється на «Старт»»,
    # «пропозицію №39 від гравця Оксана», «переможець платить продавцеві (Богдан)»
    from referee.rules.auction import UNSOLD
    from referee.rules.movement import GO_SALARY
    from referee.rules.seller_auction import OPENED
    from referee.rules.trade_answers import ACCEPTED

    ua = shipped()["ua-industries"]
    assert _uk(GO_SALARY.ruling(ua, name="Оксана", how="lands_on", place=0, amount=200), ua).startswith(
        "Оксана зупиняється на клітинці «Старт» і отримує"
    )
    assert _uk(UNSOLD.ruling(ua, place=3), ua) == (
        "На «Галузь 1: підприємство 2» ніхто не поставив: клітинка лишається вільною."
    )
    accepted = _uk(ACCEPTED.ruling(ua, partner="Тарас", name="Оксана", offer=39), ua)
    assert accepted == "Пропозицію (Оксана → Тарас) прийнято: усе переходить з рук у руки одразу."
    opened = _uk(OPENED.ruling(ua, name="Богдан", place=3, start=60, step=10), ua)
    assert opened.endswith("ставку переможця отримує Богдан.") and "продавцеві" not in opened


def test_the_page_and_the_rulings_say_torhy_in_ukrainian():
    # seed 002 l.52: «Купівля та торги»; l.55: «Відмова завжди запускає торги» -- the rulebook's Ukrainian
    # says «торги» for every edition, and so does the page: no «аукціон»
    auction = re.compile(r"(?<![\w'’])аукціон\w*", re.IGNORECASE)
    page = [text for key, text in _page_texts("uk") if auction.search(text)]
    rulings = [
        f"{entry.id}: {text}"
        for entry in catalog().rules.values()
        for texts in (entry.explain, entry.statement, *entry.explain_for.values())
        for lang, text in texts.items()
        if lang == "uk" and auction.search(text)
    ]
    assert page == [] and rulings == []


# The page's own words for the dealings an edition words its own way (seed 002 l.86 «згорнути», l.12
# «Розширюйте»): where a text says them it says the edition's term, never the page's fallback written out.
DEALINGS = ("sell_buildings", "building_sale", "build")


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_page_says_the_edition_s_word_for_building_and_winding_up_not_its_own_written_out(lang):
    assert all(key in shipped()["ua-industries"].terms for key in DEALINGS)
    text = (LANG / f"{lang}.js").read_text(encoding="utf-8")
    fallbacks = {key: re.search(rf'"word\.{key}": "([^"]+)"', text).group(1) for key in DEALINGS}
    found = [
        f"{key} says {word!r}: {said}"
        for key, said in _page_texts(lang)
        for word in fallbacks.values()
        if re.search(rf"(?<![\w'’]){re.escape(word)}(?![\w'’])", said, re.IGNORECASE)
    ]
    assert found == []
