"""The rule catalog on the page: the whole rule behind a ruling, and the contested
questions searched in the reader's language."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .phones import start_table


def test_the_whole_rule_shows_its_money_in_the_edition_s_currency_under_a_name_in_the_reader_s_words(
    server, phone, shot
):
    # «La regola intera» in rubles showed "jail.fine 50" and "salary 200" where every amount
    # around it read 50 000 ₽ and 200 000 ₽; then «salary  200 000 ₽»: the raw key as its name.
    host = phone()
    links = start_table(host, server.url, "Anna", "Bruno", edition="classic-rub")
    anna = phone("it-IT")
    anna.goto(links[0])
    anna.get_by_role("tab", name="Denaro").click()
    line = anna.locator('.ledger > li[data-reason="start_cash"] > details').first
    line.locator(":scope > summary").click()
    line.get_by_text("La regola intera").click()
    expect(line.locator(".parameters")).to_have_text("Denaro all'inizio1\u00a0500\u00a0000 ₽")
    shot(anna, "start-cash-rule-in-rubles")


def _shown(page) -> list[str]:
    """The questions the list shows, by id."""
    return page.locator(".questions > li:not([hidden]) details").evaluate_all("ds => ds.map((d) => d.dataset.question)")


def test_a_question_is_found_by_any_form_of_a_word_of_it_its_answer_or_the_booklet(server, phone, shot):
    # seed 001 l.46, l.60: «Бесплатная парковка», «За бесплатную парковку…»: a player types the booklet's
    # word (the board says it too now); «залог» finds «…одна улица заложена…».
    links = start_table(phone(), server.url, "Анна", "Борис")
    ru = phone("ru-RU")
    ru.goto(links[0])
    ru.get_by_role("tab", name="Правила").click()
    search = ru.locator("#question-search")
    search.fill("парковк")
    expect(ru.locator('.questions details[data-question="free_parking_money"]')).to_be_visible()
    search.fill("залог")
    expect(ru.locator('.questions details[data-question="double_rent_mortgaged_group"]')).to_be_visible()
    search.fill("улица заложена")
    assert "double_rent_mortgaged_group" in _shown(ru)
    search.fill("ксилофон")
    expect(ru.locator(".questions > li:not([hidden])")).to_have_count(0)
    expect(ru.locator(".nothing-found")).to_have_text(
        "Среди этих вопросов ничего не найдено по «ксилофон». Попробуйте другое слово или его начало."
    )
    shot(ru, "nothing-found")
    search.fill("")
    expect(ru.locator(".nothing-found")).to_be_hidden()
    assert len(_shown(ru)) == ru.locator(".questions > li").count() > 10

    it = phone("it-IT")
    it.goto(links[1])
    it.get_by_role("tab", name="Regole").click()
    for word in ("arrotondamento", "interessi", "Arrotondare", "ipoteche"):  # ipoteche: the plural of «ipoteca»
        it.locator("#question-search").fill(word)
        expect(it.locator('.questions details[data-question="mortgage_interest_rounding"]')).to_be_visible()
    shot(it, "found-by-its-answer")


def test_a_russian_reader_meets_the_russian_booklet_first_and_the_others_marked_with_their_language(
    server, phone, shot
):
    # seed 001 l.48: «Ренту с заложенной улицы не берут; наличие залога на соседней улице этой группы не отменяет
    # повышенную ренту остальных» -- the classic booklet's words; the ruble booklet (seed 003) is Italian and the
    # industries one (seed 002) Ukrainian: their words stay theirs, marked and one tap further
    links = start_table(phone(), server.url, "Мама", "Маша")
    ru = phone("ru-RU")
    ru.goto(links[0])
    ru.get_by_role("tab", name="Правила").click()
    question = ru.locator('.questions details[data-question="double_rent_mortgaged_group"]')
    question.locator(":scope > summary").click()
    answer = question.locator(".answer")
    first = answer.locator(".booklet blockquote").first
    expect(first).to_be_visible()
    expect(first).to_have_attribute("lang", "ru")
    expect(first).to_have_text(re.compile("^Ренту с заложенной улицы не берут"))
    # other editions: the one whose booklet is Russian first, then the others, each foreign quote folded
    expect(answer.locator(".elsewhere li > strong").first).to_have_text(re.compile("Дисней|Disney"))
    italian = answer.locator('.other-language:has(blockquote[lang="it"])')
    expect(italian).not_to_have_attribute("open", "")
    expect(italian.locator(":scope > summary")).to_have_text("Слова буклетов на других языках: итальянский")
    expect(italian.locator("blockquote")).to_be_hidden()
    italian.locator(":scope > summary").click()
    expect(italian.locator("blockquote")).to_have_text(re.compile("^Tuttavia, se il proprietario"))
    expect(italian.locator("figcaption")).to_have_text(re.compile(r"\(источник 003; язык буклета — итальянский\)$"))
    ukrainian = answer.locator('.other-language:has(blockquote[lang="uk"])')
    expect(ukrainian.locator(":scope > summary")).to_have_text("Слова буклетов на других языках: украинский")
    # no Russian quote is folded or marked
    expect(answer.locator('.other-language blockquote[lang="ru"]')).to_have_count(0)
    # the rules' ids are for whoever settles a dispute: folded, as the history folds them
    ids = answer.locator(":scope > details.ids")
    expect(ids.locator("summary")).to_have_text("Номера правил")
    expect(ids.locator("p")).to_have_text(re.compile(r"^Правила: rent\.street\.complete_group"))
    expect(ids.locator("p")).to_be_hidden()
    shot(ru, "booklets-in-their-languages")


def test_the_questions_that_do_not_arise_in_an_edition_come_after_the_others_folded(server, phone, shot):
    # seed 002 l.87: «Застави в цій грі немає»: the three mortgage questions are answered «Питання не виникає»
    # and are not listed among the others; they wait, folded, after them
    links = start_table(phone(), server.url, "Оксана", "Тарас", edition="ua-industries")
    uk = phone("uk-UA")
    uk.goto(links[0])
    uk.get_by_role("tab", name="Правила").click()
    first = uk.locator(".questions").first
    expect(first.locator("details").first).to_be_visible()
    mortgages = ("double_rent_mortgaged_group", "mortgage_interest_rounding", "bankrupt_mortgage_interest")
    shown = first.locator(":scope > li details").evaluate_all("ds => ds.map((d) => d.dataset.question)")
    assert not set(mortgages) & set(shown) and len(shown) > 10
    folded = uk.locator("details.not-arising")
    expect(folded.locator(":scope > summary")).to_have_text("Питання, що в цьому виданні не виникають (3)")
    expect(folded.locator(".questions details[data-question]")).to_have_count(3)
    assert folded.get_attribute("open") is None
    uk.locator("#question-search").fill("застав")  # still found by a word
    expect(folded.locator('li:not([hidden]) details[data-question="mortgage_interest_rounding"]')).to_be_attached()
    shot(uk, "not-arising-folded")
