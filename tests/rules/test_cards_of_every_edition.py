"""Every card of every deck of the disney, classic-rub and ua-industries
editions does what its text says: one test per card, each drawing the card
in a fresh game and checking its own effect against an expectation written
from the printed text (quoted beside it)."""

import pytest

from referee.editions import shipped

from .cards_expected import (
    AdvanceTo,
    Collect,
    CollectFromEachPlayer,
    FineOrDraw,
    GoBackTo,
    GoToJail,
    JailFree,
    MoveBack,
    NearestStation,
    NearestUtility,
    Pay,
    PayEachPlayer,
    RandomSpace,
    Repairs,
)

# seed 000, «Карточки “Show Time”» and «Карточки “Magic Moments”» (positions: classic-board.md, Disney notes).
DISNEY = {
    "show_time.spaniel": Pay(150),  # "Купите нового щенка спаниеля. Заплатите 150 ед."
    "show_time.repairs": Repairs(40, 115),  # "Pay 40 per cottage and 115 per castle."
    "show_time.dwarfs": Collect(150),  # "Гномы нашли алмазы. Получите 150 ед."
    "show_time.feather": Collect(150),  # "…волшебного пера Дамбо. Получите 150 ед."
    "show_time.pirate_ship": AdvanceTo(5),  # "Fly to Capitain Hook’s pirate ship. If you pass GO, collect 200."
    "show_time.peter_pan": AdvanceTo(0),  # "Fly to Go with Peter Pan." / "Получите 200 ед."
    "show_time.dalmatians": AdvanceTo(39),  # "Get spotted with 101 Dalmatians. Move ahead to this place."
    "show_time.dumbo": AdvanceTo(11),  # "Go and visit Dumbo. If you pass GO, collect 200."
    "show_time.maze": MoveBack(3),  # "Lose your way in The Queen of Heart’s maze. Move back 3 spaces."
    "show_time.robbed": Pay(15),  # "Вас ограбили Фоулфеллоу и Гидеон. Заплатите 15 ед."
    "show_time.jail_free": JailFree(),  # "Robin hood helps you to escape. Get out of Jail free."
    "show_time.simba": Pay(50),  # "Спасите Симбу от панического бегства. Заплатите 50 ед."
    "show_time.spaghetti": AdvanceTo(24),  # "…to Lady and the Tramp. If you pass GO, collect 200."
    "show_time.fairies": Repairs(25, 100),  # "For each cottage pay 25. For each castle pay 100."
    "show_time.jail": GoToJail(),  # "…thrown in Jail. Do not pass GO. Do not collect 200."
    "show_time.blue_fairy": PayEachPlayer(20),  # "You tell a lie to the blue fairy. Pay each player 20."
    "magic_moments.slipper": Pay(50),  # "Вы разбили стеклянную туфельку Золушки. Заплатите 50 ед."
    "magic_moments.jail": GoToJail(),  # "Caught by the dog catcher. Go to Jail. Do not pass GO."
    "magic_moments.tarzan": GoBackTo(1),  # "Go back to Tarzan. Do not pass GO. Do not collect 200."
    "magic_moments.shadow": Collect(100),  # "…найти его тень. Получите 100 ед."
    "magic_moments.unbirthday": CollectFromEachPlayer(10),  # "It’s your unbirthday. Collect 10 from each player."
    "magic_moments.patrol": Collect(10),  # "Вступите в слоновый патруль джунглей. Получите 10 ед."
    "magic_moments.fine_or_show_time": FineOrDraw(10, "show_time"),  # "Pay a 10 fine or take a Show time card"
    "magic_moments.hell_hall": Collect(20),  # "Спасите Далматинцев из Адского зала. Получите 20 ед."
    "magic_moments.apple": Pay(50),  # "Take a bite from Snow White’s poisoned apple. Pay 50."
    "magic_moments.stork": Collect(25),  # "Аист принес Вам ребенка. Получите 25 ед."
    "magic_moments.jail_free": JailFree(),  # "Tinker Bell sets you free. Get out of Jail free."
    "magic_moments.go": AdvanceTo(0),  # "Tinker Bell transports you to GO." / "Получите 200 ед."
    "magic_moments.sleeping_beauty": Collect(200),  # "Разбудите Белоснежку из ее сна. Получите 200 ед."
    "magic_moments.kaa": Pay(100),  # "Каа Вас загипнотизировал. Заплатите 100 ед."
    "magic_moments.fairest": Collect(50),  # "Вы являетесь самым честным игроком. Получите 50 ед."
    "magic_moments.maleficent": Collect(100),  # "Вы победили Мэлифисента. Получите 100 ед."
}

# seed 002, «Ринок» and «Держпідтримка».
UA_INDUSTRIES = {
    "rynok.new_contracts": AdvanceTo(0),  # "Нові контракти: на старт — отримайте зарплату"
    "rynok.trip": RandomSpace(),  # "Несподівана поїздка: перемістіться на випадкову клітинку, крім поточної…"
    "rynok.shipment": NearestStation(1),  # "Термінове відвантаження: до найближчої логістики" (звичайна оренда)
    "rynok.inspection": GoToJail(),  # "Позапланова перевірка: до податкової"
    "rynok.lawyer": JailFree(),  # "Юрист виграв справу: картка звільнення від перевірки"
    "rynok.contract_failed": MoveBack(3),  # "Зірвався контракт: три кроки назад"
    "rynok.dividends": Collect(150),  # "Дивіденди від вкладів: +150"
    "rynok.late_report": Pay(100),  # "Штраф за прострочену звітність: −100"
    "rynok.party": PayEachPlayer(50),  # "Корпоратив за ваш рахунок: по 50 кожному"
    "rynok.repairs": Repairs(25, 100),  # "Ремонт обладнання: 25 за філію, 100 за холдинг"
    "derzhpidtrymka.vat_refund": Collect(200),  # "Повернення ПДВ: +200"
    "derzhpidtrymka.subsidy": Collect(100),  # "Державна дотація: +100"
    "derzhpidtrymka.old_equipment": Collect(50),  # "Продаж старого обладнання: +50"
    "derzhpidtrymka.lawsuit": Pay(150),  # "Позов від постачальника: −150"
    "derzhpidtrymka.audit": Pay(50),  # "Аудит: −50"
    "derzhpidtrymka.tender": CollectFromEachPlayer(50),  # "Ви виграли тендер: кожен платить вам по 50"
    "derzhpidtrymka.city_council": JailFree(),  # "Знайомий у міськраді: картка звільнення від перевірки"
    "derzhpidtrymka.complaint": GoToJail(),  # "Скарга конкурента: до податкової"
    "derzhpidtrymka.annual_report": AdvanceTo(0),  # "Річний звіт подано: на старт — отримайте зарплату"
    "derzhpidtrymka.modernisation": Repairs(40, 115),  # "Модернізація: 40 за філію, 115 за холдинг"
}

# The classic decks, amounts in thousands of rubles (the base unit of classic-rub).
CLASSIC_RUB = {
    "chance.boardwalk": AdvanceTo(39),  # "Отправляйтесь на улицу Арбат."
    "chance.go": AdvanceTo(0),  # "…на поле «Вперёд» (получите 200 тыс. рублей)."
    "chance.illinois": AdvanceTo(24),  # "Отправляйтесь на площадь Маяковского…"
    "chance.st_charles": AdvanceTo(11),  # "Отправляйтесь на улицу Полянка…"
    "chance.railroad_1": NearestStation(2),  # "…ближайшую железную дорогу… заплатите ему двойную ренту."
    "chance.railroad_2": NearestStation(2),
    "chance.utility": NearestUtility(10),  # "…бросьте кубики и заплатите ему десятикратную сумму очков."
    "chance.dividend": Collect(50),  # "Банк выплачивает вам дивиденды: 50 тыс. рублей."
    "chance.jail_free": JailFree(),
    "chance.back_3": MoveBack(3),  # "Вернитесь на 3 поля назад."
    "chance.jail": GoToJail(),
    "chance.repairs": Repairs(25, 100),  # "25 тыс. рублей за каждый дом и 100 тыс. рублей за каждый отель"
    "chance.speeding": Pay(15),  # "Штраф за превышение скорости: 15 тыс. рублей."
    "chance.reading": AdvanceTo(5),  # "Съездите на Рижскую железную дорогу…"
    "chance.chairman": PayEachPlayer(50),  # "…заплатите каждому игроку 50 тыс. рублей."
    "chance.loan": Collect(150),  # "…получите 150 тыс. рублей."
    "chest.go": AdvanceTo(0),
    "chest.bank_error": Collect(200),
    "chest.doctor": Pay(50),
    "chest.stock": Collect(50),
    "chest.jail_free": JailFree(),
    "chest.jail": GoToJail(),
    "chest.holiday": Collect(100),
    "chest.tax_refund": Collect(20),
    "chest.birthday": CollectFromEachPlayer(10),
    "chest.life_insurance": Collect(100),
    "chest.hospital": Pay(100),
    "chest.school": Pay(50),
    "chest.consultancy": Collect(25),
    "chest.street_repairs": Repairs(40, 115),
    "chest.beauty": Collect(10),
    "chest.inherit": Collect(100),
}

EXPECTED = {"disney": DISNEY, "ua-industries": UA_INDUSTRIES, "classic-rub": CLASSIC_RUB}
CARDS = [
    (edition_id, card.id)
    for edition_id in EXPECTED
    for deck in shipped()[edition_id].decks.values()
    for card in deck.cards
]


@pytest.mark.parametrize("edition_id", sorted(EXPECTED))
def test_every_card_of_the_edition_has_its_own_expectation(edition_id):
    cards = {card.id for deck in shipped()[edition_id].decks.values() for card in deck.cards}
    assert cards == set(EXPECTED[edition_id])


@pytest.mark.parametrize(("edition_id", "card_id"), CARDS, ids=[f"{e}:{c}" for e, c in CARDS])
def test_the_card_does_what_its_text_says(edition_id, card_id):
    EXPECTED[edition_id][card_id].check(shipped()[edition_id], card_id)
