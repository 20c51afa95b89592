"""The short and the timed game (seed 000, "Правила укороченной игры" and "Игра с ограничением времени";
seed 003, "Regole del gioco abbreviato"): deeds dealt and paid at the start, hotels after three houses, the
end at the second bankruptcy or at the agreed time, and the richest by worth winning."""

from dataclasses import replace

import pytest

from referee.editions import ValidationError, build, resolve, shipped, thawed
from referee.explain import ruling_view
from referee.rules import Options, RuleViolation, Setup, start
from referee.rules.deal import DeedDeal
from referee.rules.mortgage_choice import MortgageChoice
from referee.rules.pending import Debt
from referee.rules.rulings import Ruling
from referee.rules.serialize import ruling_to_dict
from referee.rules.state import Turn

from .game import Game


def shown(ruling: Ruling, edition, lang: str) -> str:
    """A ruling's text as a reader of ``lang`` gets it, in the edition's words."""
    return ruling_view(ruling_to_dict(ruling), edition, lang)["text"]


BROWN = (1, 3)
DEAL = ((1, 3), (6, 8), (11, 13), (37, 39))  # Anna the browns, Boris two light blues, Vera two pinks, Gleb dark blue


def short(edition, *names, deal=DEAL, **options) -> Game:
    names = names or ("Anna", "Boris", "Vera", "Gleb")
    game = Game(edition, *names, variant="short", **options)
    game.act("deal_deeds", 0, deeds=[list(d) for d in deal[: len(names)]])
    return game


class TestTheDeal:
    def test_the_first_roll_waits_for_the_table_to_report_the_deal(self, classic):
        # seed 000: "Банкир перемешивает карточки Собственника ... раздает два раза по кругу игрокам по
        # одной карточке Собственника"
        game = Game(classic, "Anna", "Boris", variant="short")
        assert game.pending() == [DeedDeal(2)]
        assert game.allowed() == {("deal_deeds", 0), ("deal_deeds", 1)}
        refused = game.refused("roll", 0, dice=[1, 2])
        assert refused.ruling.text == "Play cannot go on until the deal of 2 title deeds to each player is resolved."

    def test_the_deal_names_the_deeds_by_the_edition_s_own_word_in_every_language(self):
        # seed 000 l.13: "Карточки Собственника эквивалентны Title Deeds в классическом варианте игры."
        disney = shipped()["disney"]
        game = Game(disney, "Anna", "Boris", variant="short")
        [waiting] = [r for r in game.last.rulings if r.rule == "deal.waiting"]
        refused = game.refused("deal_deeds", 0, deeds=[[1, 3], [6]]).ruling
        said = {lang: [shown(r, disney, lang) for r in (waiting, refused)] for lang in ("en", "ru", "uk", "it")}
        assert said["en"][0].startswith("The banker deals 2 title deeds to each player")
        assert said["ru"][0].startswith("Банкир раздаёт каждому игроку по 2 карточки Собственника")
        assert said["uk"][1].startswith("Кожному роздають по 2 картки Власника;")
        assert said["it"][1].startswith("Ognuno riceve 2 contratti;")
        # a table's own short game of ua-industries deals its deeds by their word (seed 002 l.23:
        # "Переверніть картку підприємства")
        ua = build(
            resolve(
                {
                    "base": "ua-industries",
                    "id": "our-table",
                    "overrides": {"rules": {"variants": {"short": {"deal_deeds": 2}}}},
                },
                {"ua-industries": thawed(shipped()["ua-industries"].document)}.get,
            )
        )
        game = Game(ua, "Anna", "Boris", variant="short")
        missing = game.refused("deal_deeds", 0, deeds=[[1, 3], [6, 0]]).ruling
        assert missing.text == "There is no enterprise deed for position 0: only businesses are dealt."
        assert shown(missing, ua, "uk").startswith("На клітинці 0 немає картки підприємства:")

    def test_each_player_pays_the_printed_price_of_the_deeds_dealt_at_once(self, classic):
        # seed 000: "Игроки, получившие карточки Собственника, должны немедленно заплатить Банк указанную
        # цену за обе полученные карточки Собственника."
        game = Game(classic, "Anna", "Boris", variant="short")
        game.act("deal_deeds", 1, deeds=[[39, 1], [5, 12]])
        # dealt one per round: Anna's first, Boris's first, then the second of each
        assert [(t.source, t.target, t.amount, t.reason) for t in game.last.transfers] == [
            (0, "bank", 400, "deal"),
            (1, "bank", 200, "deal"),
            (0, "bank", 60, "deal"),
            (1, "bank", 150, "deal"),
        ]
        assert game.last.transfers[0].ruling.text == (
            "Anna is dealt Boardwalk and pays the bank its printed price, M400, at once."
        )
        assert (game.cash(0), game.cash(1)) == (1040, 1150)
        assert [game.state.holdings[p].owner for p in (39, 1, 5, 12)] == [0, 0, 1, 1]
        assert game.pending() == [] and game.allowed() == {("roll", 0)}

    @pytest.mark.parametrize(
        "deeds, code",
        [
            ([[1, 3]], "deal_players"),
            ([[1, 3], [6]], "deal_count"),
            ([[1, 3], [3, 6]], "dealt_twice"),
            ([[1, 3], [6, 7]], "not_a_deed"),
        ],
    )
    def test_a_deal_that_is_not_two_distinct_deeds_for_each_player_is_refused(self, classic, deeds, code):
        game = Game(classic, "Anna", "Boris", variant="short")
        assert game.refused("deal_deeds", 0, deeds=deeds).code == code

    def test_with_virtual_decks_the_deal_is_part_of_the_creation(self, classic):
        # the service shuffles and deals; the engine carries the deal out in the creation event
        setup = Setup(("Anna", "Boris"), Options(variant="timed", decks="virtual"), deeds=((39, 37), (1, 3)))
        created = start(classic, setup)
        assert sum(t.amount for t in created.transfers if t.reason == "deal") == 400 + 350 + 60 + 60
        assert created.state.pending == ()
        assert [p.cash for p in created.state.players] == [750, 1380]

    def test_the_standard_game_deals_nothing(self, classic):
        assert Game(classic).pending() == []

    def test_an_edition_without_the_variant_refuses_it(self):
        # seed 002: "Обмежень за колами чи часом немає." -- no short or timed game
        ua = shipped()["ua-industries"]
        with pytest.raises(RuleViolation) as refused:
            start(ua, Setup(("Anna", "Boris"), Options(variant="short")))
        assert refused.value.ruling.rule == "setup.variant"
        assert refused.value.ruling.text == "This edition offers no short game; it offers: standard."


class TestHotelsInTheShortGame:
    def test_a_hotel_needs_three_houses_on_each_street_not_four(self, classic):
        # seed 000: "В укороченной игре Вы должны построить только три Дома (вместо четырех) на каждом
        # Владении цветовой группы прежде, чем Вы сможете купить Отель."
        game = short(classic)
        game.act("build", 0, positions=[1, 3] * 3)
        assert game.level(1) == game.level(3) == (3, False)
        game.act("build", 0, positions=[3])
        assert game.level(3) == (0, True)
        assert game.state.supply.houses == 32 - 3  # the hotel gave its street's three houses back
        assert game.last.transfers[0].ruling.text == (
            "Anna buys a hotel for Baltic Avenue at the deed's price, M50, "
            "and returns the buildings there to the bank (3 houses)."
        )
        standard = Game(classic)
        standard.own(0, *BROWN)
        standard.build_up({1: 3, 3: 3})
        standard.act("build", 0, positions=[3])
        assert standard.level(3) == (4, False)  # the standard game: a fourth house, not yet a hotel

    def test_rent_stays_the_deeds_rent(self, classic):
        # seed 000: "Арендная плата остается такой же, как в стандартной игре." -- a hotel's rent
        game = short(classic)
        game.build_up({1: 3}, hotels=(3,))
        game.arrange(turn=Turn(seat=1))
        game.place(1, 0)
        game.roll(1, 1, 2)
        game.act("claim_rent", 0)
        assert [t.amount for t in game.last.transfers if t.reason == "rent"] == [450]

    def test_a_hotel_sells_for_half_its_cost_one_house_less_than_in_the_standard_game(self, classic):
        # seed 000: "Когда Вы продаете Отель, вырученная сумма составляет половину от первоначальной
        # стоимости, что составляет в этой версии игры на один Дом меньше, чем в обычной игре."
        game = short(classic)
        game.build_up({}, hotels=BROWN)
        game.act("sell_building", 0, positions=[1, 1, 1, 1, 3, 3, 3, 3])  # both hotels, outright
        assert [t.amount for t in game.last.transfers] == [100, 100]  # (50 + 3 × 50) / 2 each
        standard = Game(classic)
        standard.own(0, *BROWN)
        standard.build_up({}, hotels=BROWN)
        standard.act("sell_building", 0, positions=[1] * 5 + [3] * 5)
        assert [t.amount for t in standard.last.transfers] == [125, 125]

    def test_a_hotel_sold_back_into_houses_returns_three(self, classic):
        game = short(classic)
        game.build_up({}, hotels=BROWN)
        game.act("sell_building", 0, positions=[1])
        assert game.level(1) == (3, False) and [t.amount for t in game.last.transfers] == [25]


def bankrupt(game: Game, seat: int, creditor: int | str, amount: int) -> None:
    """``seat`` owes ``amount`` to ``creditor`` with all its cash gone, and declares bankruptcy."""
    game.set_cash(seat, 0)
    game.arrange(pending=(Debt(seat, creditor, amount, "rent", Ruling("rent.street", f"Rent M{amount}.")),))
    game.act("declare_bankruptcy", seat)


class TestTheEndOfAShortGame:
    def test_the_first_bankruptcy_is_as_in_the_standard_game(self, classic):
        # seed 000: "Первый игрок, ставший банкротом, выбывает из игры, как и в стандартной игре."
        game = short(classic)
        game.act("build", 0, positions=[1, 3])
        bankrupt(game, 0, 3, 1000)  # Anna to Gleb: her houses are sold to the bank at half
        assert not game.state.finished
        assert [(t.source, t.target, t.amount) for t in game.last.transfers] == [
            ("bank", 0, 25),
            ("bank", 0, 25),
            (0, 3, 50),
        ]
        assert game.level(1) == (0, False) and game.state.holdings[1].owner == 3

    def test_the_second_bankruptcy_ends_the_game_and_hands_over_everything_buildings_included(self, classic):
        # seed 000: "Когда и второй игрок становится банкротом, игра заканчивается. Игрок, ставший
        # банкротом, передает своему кредитору (Банку или другому игроку) все, чем владеет, включая здания
        # и иную собственность."
        game = short(classic)
        bankrupt(game, 2, "bank", 1000)  # Vera to the bank: St. Charles Place and States Avenue auctioned
        game.act("pass", 0)
        game.act("pass", 1)
        game.act("pass", 3)
        game.act("pass", 0)
        game.act("pass", 1)
        game.act("pass", 3)
        assert not game.state.finished and game.pending() == []
        game.own(1, 9)  # Boris completes the light-blue group and builds
        game.act("build", 1, positions=[6, 8, 9, 6, 8, 9, 6, 8, 9, 6])
        assert game.level(6) == (0, True)
        game.own(1, 5, mortgaged=True)  # and Reading Railroad, mortgaged
        bankrupt(game, 1, 3, 5000)  # Boris to Gleb, the second bankruptcy
        assert game.state.finished
        # Gleb takes the light blues with their hotel and houses, and Reading still mortgaged
        assert [game.state.holdings[p].owner for p in (6, 8, 9, 5)] == [3, 3, 3, 3]
        assert [game.level(p) for p in (6, 8, 9)] == [(0, True), (3, False), (3, False)]
        assert game.state.holdings[5].mortgaged
        # no cash left, nothing sold to the bank; the 10% on Reading's mortgage of 100 (below)
        assert [(t.source, t.target, t.amount) for t in game.last.transfers] == [(3, "bank", 10)]
        assert "bankruptcy.buildings_handed_over" in game.rules()

    def test_the_bankruptcy_that_ends_the_game_still_charges_the_interest_on_a_mortgaged_property(self):
        # seed 000 l.233: «Если у Вас осталась какая-либо заложенная собственность, Вы также должны передать ее
        # этому игроку. При этом он должен уплатить 10% ее стоимости, а затем принять решение, хочет ли он
        # оставить закладные или выкупить собственность.» -- due on receipt, at every bankruptcy to a player;
        # seed 000 l.259: «Когда и второй игрок становится банкротом, игра заканчивается. Игрок, ставший банкротом,
        # передает своему кредитору ... все, чем владеет, включая здания и иную собственность.» -- what the
        # bankrupt hands over (the buildings too, not sold), not what the creditor pays: the interest stays due,
        # and only the choice to lift or keep, a decision of play, does not follow.
        disney = shipped()["disney"]
        game = short(disney, deal=((1, 3), (37, 5), (39, 15), (6, 8)))
        game.act("mortgage", 1, positions=[37])
        bankrupt(game, 1, 0, 1000)  # Boris to Anna, the first bankruptcy: as in the standard game
        assert [(t.source, t.target, t.amount) for t in game.ledger_of("mortgage_interest")] == [(0, "bank", 18)]
        (paid,) = [shown(r, disney, "it") for r in game.last.rulings if r.rule == "bankruptcy.mortgage_interest"]
        assert "ipotecata e paga subito alla banca il 10% di M175: M18." in paid
        game.act("keep_mortgage", 0, positions=[37])
        game.act("mortgage", 2, positions=[39])
        anna = game.state.players[0].cash
        bankrupt(game, 2, 0, 1000)  # Vera to Anna, the second: the game ends
        assert game.state.finished and game.state.holdings[39] == replace(game.state.holdings[39], owner=0)
        assert game.state.holdings[39].mortgaged  # no lift or keep to decide: play is over
        assert [(t.source, t.target, t.amount) for t in game.ledger_of("mortgage_interest")] == [(0, "bank", 20)]
        assert game.state.players[0].cash == anna - 20
        (ruling,) = [r for r in game.last.rulings if r.rule == "bankruptcy.mortgage_interest.final"]
        assert shown(ruling, disney, "en") == (
            "Anna receives 101 Dalmatians mortgaged at the settlement that ends the game and pays the bank 10% of "
            "M200 at once: M20. The interest is due on receipt, at the end too; with no play left, the mortgage "
            "stays."
        )
        assert "bankruptcy.mortgage_interest" not in game.rules() and not game.state.pending_of(MortgageChoice)

    def test_the_richest_by_worth_wins_the_short_game(self, classic):
        # seed 000: "Затем каждый из оставшихся в игре участников суммирует следующее: 1. Имеющиеся на руках
        # наличные. 2. ... по цене, указанной на игровом поле. 3. Заложенную собственность в размере половины
        # цены ... 4. Дома, оцененные по стоимости покупки. 5. Отели, оцененные по стоимости покупки,
        # включая стоимость трех Домов ... Побеждает самый богатый игрок!"
        game = short(classic)  # cash after the deal: Anna 1380, Boris 1300, Vera 1220, Gleb 750
        game.act("build", 0, positions=[1, 3, 1, 3, 1, 3, 1])  # Anna: a hotel on Mediterranean, 3 houses on Baltic
        game.own(3, 37, mortgaged=True)
        bankrupt(game, 2, 3, 2000)  # Vera to Gleb: Gleb gets her 0 cash and the two pinks
        bankrupt(game, 1, 3, 2000)  # Boris to Gleb: the game ends
        assert game.state.finished
        anna = 1380 - 7 * 50 + 60 + 60 + 7 * 50  # cash, the browns at price, the hotel and 3 houses at 50 a level
        gleb = 750 + 400 + 350 // 2 + 140 + 140 + 100 + 100  # Boardwalk, Park Place at half, pinks, light blues
        assert (anna, gleb) == (1500, 1805)
        worths = [r.text for r in game.last.rulings if r.rule == "game.worth"]
        assert worths == [
            "Gleb is worth M1805: cash M750 + properties at their price M880 + mortgaged ones at half price "
            "M175 + buildings at cost M0.",
            "Anna is worth M1500: cash M1030 + properties at their price M120 + mortgaged ones at half price "
            "M0 + buildings at cost M350.",
        ]
        assert game.state.winner == (3,)
        assert game.last.rulings[-1].text == "Gleb wins the game, the richest with a worth of M1805."

    def test_equal_worths_share_the_win(self, classic):
        game = short(classic)
        game.set_cash(3, 830)
        bankrupt(game, 2, 0, 1000)  # Vera's pinks to Anna: 1380 + 120 + 280 = 1780
        bankrupt(game, 1, 3, 1000)  # Boris's light blues to Gleb: 830 + 750 + 200 = 1780
        assert game.state.winner == (0, 3)
        assert game.last.rulings[-1].text == "Anna, Gleb tie as the richest, each worth M1780, and share the win."

    def test_with_three_players_the_second_bankruptcy_leaves_one_who_wins(self, classic):
        game = short(classic, "Anna", "Boris", "Vera")
        bankrupt(game, 0, 1, 1000)
        bankrupt(game, 2, 1, 1000)
        assert game.state.winner == (1,) and game.rules()[-1] == "game.won"


class TestTheTimedGame:
    def timed(self, classic) -> Game:
        game = Game(classic, "Anna", "Boris", "Vera", variant="timed", ends_at="2030-01-01T20:00:00+00:00")
        game.act("deal_deeds", 0, deeds=[[1, 3], [6, 8], [37, 39]])
        return game

    def test_the_table_ends_a_timed_game_and_the_richest_wins(self, classic):
        # seed 000: "Перед началом этого варианта игры Вам нужно условиться о времени окончания игры.
        # Победит участник самый богатый на момент окончания игры."
        game = self.timed(classic)
        assert ("end_game", 0) in game.allowed()
        game.act("end_game", 0)
        assert game.state.finished and game.rules()[0] == "game.end.table"
        # each paid the bank for the deeds it holds: 1380 + 120, 1300 + 200 and 750 + 750
        assert [r.values["total"] for r in game.last.rulings if r.rule == "game.worth"] == [1500, 1500, 1500]
        assert game.state.winner == (0, 1, 2)
        assert (
            game.last.rulings[-1].text == "Anna, Boris, Vera tie as the richest, each worth M1500, and share the win."
        )

    def test_the_end_time_ends_it_the_same_way(self, classic):
        game = self.timed(classic)
        game.act("end_game", 2, time_up=True)
        assert game.last.rulings[0].text == (
            "The agreed end time, 2030-01-01T20:00:00+00:00, has come: the game ends, and the richest by worth wins."
        )

    def test_a_debt_unpaid_at_the_end_counts_against_the_debtor_and_for_the_creditor(self, classic):
        game = self.timed(classic)
        game.arrange(turn=Turn(seat=0))
        game.place(0, 35)
        game.set_cash(0, 10)
        game.roll(0, 1, 3)  # Boardwalk, Vera's dark blues: 100
        game.act("claim_rent", 2)
        game.act("end_game", 1)
        worth = {r.values["name"]: r.values["total"] for r in game.last.rulings if r.rule.startswith("game.worth")}
        assert worth == {"Anna": 10 + 120 - 100, "Boris": 1300 + 200, "Vera": 750 + 750 + 100}
        assert game.state.winner == (2,)

    def test_the_game_standard_or_short_is_not_stopped_by_the_table(self, classic):
        # seed 001: "в этой базовой партии не сравнивают просто наличные деньги после условленного часа"
        for game in (Game(classic), short(classic)):
            assert ("end_game", 0) not in game.allowed()
            refused = game.refused("end_game", 0)
            assert refused.ruling.rule == "game.end.not_timed"

    def test_after_the_end_play_is_refused(self, classic):
        game = self.timed(classic)
        game.act("end_game", 0)
        assert game.refused("roll", 0, dice=[1, 2]).ruling.rule == "game.over"
        assert game.allowed(everything=True) == set()


class TestVariantsAreData:
    def derived(self, variants):
        base = thawed(shipped()["classic"].document)
        return build(
            resolve(
                {"base": "classic", "id": "our-table", "overrides": {"rules": {"variants": variants}}},
                {"classic": base}.get,
            )
        )

    def test_a_table_s_own_short_game_reads_its_parameters_from_the_edition(self):
        # The engine asks the edition, never the variant's name: one deed each and hotels after two houses.
        edition = self.derived({"short": {"deal_deeds": 1, "buildings": {"hotel_after": 2}}})
        game = Game(edition, "Anna", "Boris", variant="short")
        assert game.pending() == [DeedDeal(1)]
        game.act("deal_deeds", 0, deeds=[[1], [3]])
        game.own(0, 3)
        game.act("build", 0, positions=[1, 3, 1, 3, 1])
        assert game.level(1) == (0, True) and game.level(3) == (2, False)

    def test_the_shipped_editions_offer_the_variants_their_booklets_describe(self):
        offered = {e.id: sorted(e.rules.variants) for e in shipped().values()}
        assert offered == {
            "classic": ["short", "timed"],
            "classic-rub": ["short", "timed"],
            "disney": ["short", "timed"],
            "ua-industries": [],
        }
        short_game = shipped()["disney"].rules.variant("short")
        assert (short_game.deal_deeds, short_game.hotel_after, short_game.end_after_bankruptcies) == (2, 3, 2)
        assert short_game.hand_over_buildings and not short_game.end_time

    def test_an_unknown_variant_or_a_bad_parameter_is_refused_at_load(self):
        with pytest.raises(ValidationError) as refused:
            self.derived({"quick": {"deal_deeds": 1}})
        assert "variants" in str(refused.value.messages)
        with pytest.raises(ValidationError):
            self.derived({"short": {"deal_deeds": -1}})
