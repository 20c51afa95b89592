"""Player names carry no gender, so no Russian or Ukrainian text puts a verb or
a short adjective that agrees with a gender right after one: «Оксана взяв
картку» reads wrong for a woman, «Борис взяла» for a man. Names and the
spaces' names are data, never declined: no text puts one where a case would
change it (after a preposition, «к Мама»; as a dative, «гравцеві Богдан»; as
an object, «получает карточку Нагатинская улица»), and an Italian sentence
builds what comes before a name so that it reads right whatever the name
starts with («a Anna» would want «ad»)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from referee.rules import ACTIONS

ROOT = Path(__file__).resolve().parent.parent
RULEBOOK = ROOT / "referee" / "editions" / "rulebook"
LANG = ROOT / "referee" / "web" / "static" / "js" / "lang"

PLAYER = r"\{(?:name|owner|payer|debtor|partner|offerer|holder|current|old)\}"
# every value that names a player, also where it may be the bank or the pot instead ({payee:phrase})
ANYONE = (
    r"\{(?:name|owner|payer|payee|debtor|partner|offerer|holder|current|old|creditor|heir|who|to|winner|"
    r"seller|buyer|estate|other|turn|by)(?::phrase)?\}"
)
SOFTENERS = r"(?:(?:ещё|уже|не|ничего|никому|ще|вже|нічого|нікому)\s+)*"
# a past tense (взял, взяв, выиграл(а)) or a short adjective that agrees (должен, винен)
GENDERED = r"(?:[а-яіїєґё'’]+(?:л|в)(?:\(а\)|\(ла\))?|должен|должна|винен|винна|повинен|последний|останній)\b"
AGREES = re.compile(PLAYER + r"\s+" + SOFTENERS + GENDERED, re.IGNORECASE)
# words ending like a past tense that are not verbs
NOT_VERBS = {"їв", "лев", "стол", "стіл"}


def _strings(node, path=()):
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _strings(value, (*path, key))
    elif isinstance(node, str):
        yield path, node


def _catalog_texts():
    """Every ru/uk explanation and phrase of the rule catalog (booklet quotes are the seeds' own words)."""
    for file in sorted(RULEBOOK.rglob("*.json")):
        for path, text in _strings(json.loads(file.read_text(encoding="utf-8"))):
            if path[-1] in ("ru", "uk") and "booklet" not in path:
                yield f"{file.name}: {'.'.join(path)}", text


def _catalog_texts_in(*langs):
    """Every explanation, statement and phrase of the rule catalog in these languages."""
    for file in sorted(RULEBOOK.rglob("*.json")):
        for path, text in _strings(json.loads(file.read_text(encoding="utf-8"))):
            if path[-1] in langs and "booklet" not in path:
                yield path[-1], f"{file.name}: {'.'.join(path)}", text


def _label_texts(langs=("ru", "uk")):
    for lang in langs:
        for number, line in enumerate((LANG / f"{lang}.js").read_text(encoding="utf-8").splitlines(), 1):
            yield f"{lang}.js:{number}", line


def _page_texts(*langs):
    for lang in langs:
        for where, line in _label_texts((lang,)):
            yield lang, where, line


def _agreeing(texts):
    return [
        f"{where}: {found.group(0)}"
        for where, text in texts
        for found in AGREES.finditer(text)
        if found.group(0).split()[-1].lower() not in NOT_VERBS
    ]


@pytest.mark.parametrize("texts", [_catalog_texts, _label_texts], ids=["rulings", "labels"])
def test_no_russian_or_ukrainian_text_gives_a_player_a_gender(texts):
    assert _agreeing(texts()) == []


def test_the_check_catches_a_masculine_verb_after_a_name():
    assert _agreeing([("uk.js", '"draw.title": "{name} взяв картку «{deck}»"')]) == ["uk.js: {name} взяв"]
    assert _agreeing([("ru", "{name} ещё не выставлял {place:space}")]) == ["ru: {name} ещё не выставлял"]
    assert _agreeing([("ru", "{name} выиграл(а) на аукционе")]) == ["ru: {name} выиграл"]
    assert _agreeing([("uk", "{name} кидає кубики")]) == []


# -- the page's history: "Маша: <what was done>" ------------------------------------------------

# An action's label follows the name of whoever did it («Маша: Ответил на обмен…»): no past tense.
ACTION_LABEL = re.compile(r'^\s*"action\.[\w.]+": "(' + GENDERED + ")", re.IGNORECASE)


def _gendered_labels(lines):
    return [
        f"{where}: {found.group(1)}"
        for where, line in lines
        if (found := ACTION_LABEL.search(line)) and found.group(1).lower() not in NOT_VERBS
    ]


def test_no_action_label_in_the_history_gives_a_player_a_gender():
    assert _gendered_labels(_label_texts()) == []


def test_the_check_catches_a_past_tense_action_label():
    said = [
        ("ru.js", '  "action.counter_trade": "Ответил на обмен встречным предложением",'),
        ("ru.js", '  "action.keep_mortgage": "Оставил(а) залог",'),
        ("ru.js", '  "action.counter_trade": "Встречное предложение",'),
        ("uk.js", '  "action.create": "Стіл створено",'),
    ]
    assert _gendered_labels(said) == ["ru.js: Ответил", "ru.js: Оставил"]


# An action's label heads an entry of the history («Оксана: Купівля»): it names what was done, not
# what a player is told to do («Богдан: Відмовитися», «Маша: Купить» read as orders).
INFINITIVE = r"[\w'’]+(?:ти|тися|тись|ть|ться|чь)"
ACTION_INFINITIVE = re.compile(r'^\s*"action\.[\w.]+": "(' + INFINITIVE + r")(?![\w'’])", re.IGNORECASE)


def _infinitive_labels(lines):
    return [f"{where}: {found.group(1)}" for where, line in lines if (found := ACTION_INFINITIVE.search(line))]


def test_no_action_label_in_the_history_is_a_bare_infinitive():
    assert _infinitive_labels(_label_texts()) == []


def test_the_check_catches_an_infinitive_action_label():
    said = [
        ("uk.js", '  "action.decline": "Відмовитися",'),
        ("uk.js", '  "action.sell_building": "Продати будівлю",'),
        ("ru.js", '  "action.buy": "Купить",'),
        ("uk.js", '  "action.decline": "Відмова від купівлі",'),
        ("ru.js", '  "action.end_turn": "Конец хода",'),
    ]
    assert _infinitive_labels(said) == ["uk.js: Відмовитися", "uk.js: Продати", "ru.js: Купить"]


# «вийшов(ла) з гри», «вышел(а)»: a form for each gender, since the page knows neither; a text is
# worded so that it needs none («поза грою»).
BOTH_GENDERS = re.compile(r"[а-яіїєґё'’]\((?:а|ла|ась|лась|на|ая)\)", re.IGNORECASE)


@pytest.mark.parametrize("texts", [_catalog_texts, _label_texts], ids=["rulings", "labels"])
def test_no_russian_or_ukrainian_text_writes_a_word_for_both_genders(texts):
    assert [f"{where}: {m.group(0)}" for where, text in texts() for m in BOTH_GENDERS.finditer(text)] == []


# The bidders, who may be one («у торгах: Оксана»), after no plural verb («беруть участь: Оксана»,
# «участвуют: Маша», «partecipano: Anna»).
PLURAL = r"[\w'’]{2,}(?:ють|ять|уть|ать|ют|ут|ят|ат|ono|ano)"
PLURAL_BEFORE_A_LIST = re.compile(PLURAL + r"(?:\s+участь)?:\s*\{bidders\}", re.IGNORECASE)


def test_no_list_of_players_follows_a_plural_verb():
    found = [
        f"{where}: {m.group(0)}"
        for _, where, text in _page_texts("ru", "uk", "it")
        for m in PLURAL_BEFORE_A_LIST.finditer(text)
    ]
    assert found == []
    assert PLURAL_BEFORE_A_LIST.search("«{place}» на аукціоні; беруть участь: {bidders}.")
    assert PLURAL_BEFORE_A_LIST.search("{place} è all'asta; partecipano: {bidders}.")
    assert not PLURAL_BEFORE_A_LIST.search("«{place}» на торгах; у торгах: {bidders}.")


# «Ставка гравця Оксана», «Гроші від гравця Оксана»: the word «гравця» declined and the name
# after it not, which reads wrong; the page says «Ставка за «…»: Оксана» (its rulings still do
# in places, which a later change words the same way).
APPOSITION = {
    "ru": re.compile(rf"(?<![\w'’])игрок(?:а|у|ом|е)\s+{ANYONE}", re.IGNORECASE),
    "uk": re.compile(rf"(?<![\w'’])гравц(?:я|ю|ем|еві|і)\s+{ANYONE}", re.IGNORECASE),
}


def test_no_page_text_puts_a_name_after_a_declined_word_for_a_player():
    texts = _page_texts("ru", "uk")
    found = [f"{where}: {m.group(0)}" for lang, where, text in texts for m in APPOSITION[lang].finditer(text)]
    assert found == []
    assert APPOSITION["uk"].search('"bid.label": "Ставка гравця {name} за «{place}»"')
    assert APPOSITION["ru"].search('"trade.cash": "Деньги от игрока {name} (есть {cash})"')
    assert not APPOSITION["uk"].search('"start.remove_player": "Прибрати гравця {n}"')


def test_the_ukrainian_page_says_the_table_s_phone_in_ukrainian():
    # «Телефон стола» in one place and «телефон столу» in another: «стола» is the Russian genitive
    russian = re.compile(r"(?<![\w'’])стола(?![\w'’])", re.IGNORECASE)
    assert [where for where, line in _label_texts(("uk",)) if russian.search(line)] == []


# -- a name where a case would decline it --------------------------------------------------------

# Prepositions and the dative nouns that would want the name after them in another case.
DECLINES = {
    "ru": r"к|ко|от|у|для|с|со|о|об|при|без|до|из|за|на|по|про|через|перед|между|кроме|игроку|кредитору|владельцу",
    "uk": r"до|від|у|в|для|за|з|зі|із|на|по|про|через|перед|між|без|біля|крім|окрім|гравцеві|гравцю|кредиторові",
}
BEFORE_A_NAME = {
    lang: re.compile(rf"(?<![\w'’])(?:{words})\s+{ANYONE}", re.IGNORECASE) for lang, words in DECLINES.items()
}
# Italian: "a" elides to "ad" before a vowel (ad Anna), and a preposition before the bank or the pot
# joins their article (alla banca, dal piatto): a name or such a value takes neither.
BEFORE_A_NAME["it"] = re.compile(rf"(?<![\w'’])(?:a\s+{ANYONE}|(?:a|di|da|in|su|con)\s+\{{\w+:phrase\}})")


def _before_a_name(texts):
    return [f"{where}: {found.group(0)}" for lang, where, text in texts for found in BEFORE_A_NAME[lang].finditer(text)]


@pytest.mark.parametrize("texts", [_catalog_texts_in, _page_texts], ids=["rulings", "labels"])
def test_no_name_follows_a_word_that_would_decline_it(texts):
    assert _before_a_name(texts("ru", "uk", "it")) == []


def test_the_check_catches_a_name_after_a_preposition_or_as_a_dative():
    # «M15 возвращается от Банка к Мама», «гравцеві Богдан», «Controproposta a Anna», «costa a Anna»
    said = [
        ("ru", "journal.json", "{amount:m} возвращается от {payer:phrase} к {payee:phrase}"),
        ("uk", "uk.js", "переможець платить гравцеві {name}"),
        ("it", "it.js", "Controproposta a {name}"),
        ("it", "it.js", "Una sosta qui costa ora a {name} {amount}."),
        ("it", "leaving.json", "il patrimonio va a {heir:phrase}"),
    ]
    assert len(_before_a_name(said)) == 6
    assert (
        _before_a_name([("ru", "ru.js", "{name}: ставка игрока"), ("it", "it.js", "Controproposta per {name}")]) == []
    )


# A space's or a group's name: in «», or where it stands on its own (opening the text, after a
# colon, in a label's parentheses) -- never as an object or after a word that would decline it.
NAMES = r"\{\w+:(?:space|group)\}"
UNQUOTED = re.compile(rf"(?<!«){NAMES}")
ON_ITS_OWN = re.compile(r"(?:^|: |\()$")


def _unquoted_names(texts):
    return [
        f"{where}: …{text[max(0, found.start() - 20) : found.end()]}"
        for lang, where, text in texts
        for found in UNQUOTED.finditer(text)
        if not ON_ITS_OWN.search(text[: found.start()])
    ]


def test_every_russian_and_ukrainian_ruling_quotes_the_names_of_spaces_and_groups():
    assert _unquoted_names(_catalog_texts_in("ru", "uk")) == []


def test_the_check_catches_a_space_named_as_an_object():
    # «Маша получает карточку Нагатинская улица»
    said = [("ru", "bankruptcy.json", "{creditor} получает карточку {place:space} от игрока {name}.")]
    assert len(_unquoted_names(said)) == 1
    assert _unquoted_names([("ru", "x", "{creditor} получает «{place:space}»; ({group:group}): ничего")]) == []


# A word after a space's name that agrees with it: «Водопровод» заложена, «Старт», що випала.
AGREES_WITH_A_SPACE = re.compile(
    r"(?:^|: |, )«?\{\w+:space\}»?,?\s+(?:(?:що|что|которая|который|яка|який)\s+)?"
    r"(?:[\w'’]{3,}(?:ен|ан|ян)[аоыиі]|[\w'’]+(?:вшая|вшую|вший|вшее|ла|ло))(?![\w'’])",
    re.IGNORECASE,
)


def test_no_word_agrees_with_the_name_of_a_space():
    found = [
        f"{where}: {m.group(0)}"
        for _, where, text in _catalog_texts_in("ru", "uk")
        for m in AGREES_WITH_A_SPACE.finditer(text)
    ]
    assert found == []


def test_the_check_catches_a_participle_that_agrees_with_a_space():
    assert AGREES_WITH_A_SPACE.search("Ренты нет: «{place:space}» заложена.")
    assert AGREES_WITH_A_SPACE.search("{place:space} роздано двічі")
    assert AGREES_WITH_A_SPACE.search("{name} переміщується на «{place:space}», що випала випадково.") is None
    assert AGREES_WITH_A_SPACE.search("переміщується на клітинку «{place:space}», що випала") is None
    assert AGREES_WITH_A_SPACE.search(": «{place:space}», що випала випадково")


# -- words of the program where a person reads ----------------------------------------------------

# What a family reads says what the table did, not what the program was sent: no `code`, no action
# type («Действие `leave`», «(claim_rent)»), no product name for what the bank or the table does
# («Referee начинает каждый аукцион»).
CODE = re.compile(
    r"`|\bReferee\b|(?<![\w{.])(?:" + "|".join(sorted((t for t in ACTIONS if "_" in t), key=len, reverse=True)) + r")\b"
)
PAGE_BRAND = ("brand", "title.play", "start.intro")  # the page's own name, in its header and on its start page


def _all_catalog_texts():
    for _lang, where, text in _catalog_texts_in("en", "ru", "uk", "it"):
        yield where, re.sub(r"\{[^{}]*\}", "", text)


def _all_page_texts():
    for lang in ("en", "ru", "uk", "it"):
        for where, line in _label_texts((lang,)):
            entry = re.match(r'\s*"?([\w.]+)"?: "(.*)",?$', line)  # the words, not the key
            if entry and entry.group(1) not in PAGE_BRAND:
                yield where, re.sub(r"\{[^{}]*\}", "", entry.group(2))


def _code_words(texts):
    return [f"{where}: {found.group(0)}" for where, text in texts for found in CODE.finditer(text)]


@pytest.mark.parametrize("texts", [_all_catalog_texts, _all_page_texts], ids=["rulings", "labels"])
def test_no_text_a_player_reads_speaks_the_program_s_words(texts):
    assert _code_words(texts()) == []


def test_the_check_catches_an_action_type_a_backtick_and_the_product_s_name():
    said = [
        ("contested.json", "Действие `leave` рассчитывается как банкротство"),
        ("rent.json", "Сначала ренту требует владелец (claim_rent); затем"),
        ("contested.json", "Referee начинает каждый аукцион"),
    ]
    assert _code_words(said) == [
        "contested.json: `",
        "contested.json: `",
        "rent.json: claim_rent",
        "contested.json: Referee",
    ]
    assert _code_words([("ru.js", '  "leave.ok": "Покинуть игру",'), ("en.js", "A player leaves")]) == []


# -- a colour group's name -----------------------------------------------------------------------

# A group is named by its colour, an adjective («голубая», «блакитна»): no word that would decline it
# stands before it («на «голубая»»); a noun names the group first («группа «голубая»»).
BEFORE_A_GROUP = {
    lang: re.compile(rf"(?<![\w'’])(?:{words})\s+«?\{{group(?::group)?\}}", re.IGNORECASE)
    for lang, words in {**DECLINES, "it": r"a|di|da|in|su|con|sul|nel|del"}.items()
}


def _before_a_group(texts):
    return [f"{where}: {m.group(0)}" for lang, where, text in texts for m in BEFORE_A_GROUP[lang].finditer(text)]


@pytest.mark.parametrize("texts", [_catalog_texts_in, _page_texts], ids=["rulings", "labels"])
def test_no_group_s_name_follows_a_word_that_would_decline_it(texts):
    assert _before_a_group(texts("ru", "uk", "it")) == []


def test_the_check_catches_a_group_after_a_preposition():
    said = [
        ("ru", "ru.js", "{name}: построить на «{group}» {buildings} за {amount}?"),
        ("uk", "uk.js", "{name}: продати банку всі будівлі на «{group}» ({count})"),
        ("it", "it.js", "{name}: costruire {buildings} su {group} per {amount}?"),
    ]
    assert len(_before_a_group(said)) == 3
    assert _before_a_group([("ru", "ru.js", "{name}: {term.group} «{group}» — построить")]) == []
