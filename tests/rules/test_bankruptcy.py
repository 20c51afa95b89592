"""Debts raised and paid, bankruptcy to a player and to the bank, and the last player standing.

seed 001, "Банкротство и победа": "Если после продажи зданий и залога вы всё равно не можете погасить
долг, вы банкрот и выходите из игры. При долге игроку ему передают оставшуюся заложенную собственность и
карточки бесплатного выхода. Он оплачивает снятие залога либо 10% за его сохранение. При долге Банку
собственность возвращают ему, залоги аннулируют, объекты выставляют на аукцион. Карточки бесплатного
выхода возвращают в низ своих стопок. Остальные продолжают, пока не останется один участник."
"""

import pytest

from referee.editions import shipped
from referee.rules import RuleViolation
from referee.rules.bankruptcy import raisable
from referee.rules.estate import EstateAuction
from referee.rules.mortgage_terms import MortgageChoice
from referee.rules.pending import Auction, Debt, RentClaim
from referee.rules.rulings import Ruling
from referee.rules.state import Holding, Turn

from .game import Game

BOARDWALK, PARK_PLACE = 39, 37
LIGHT_BLUE = (6, 8, 9)
READING, PENNSYLVANIA = 5, 15


def on_boardwalk(game: Game, seat: int = 0, owner: int = 1) -> None:
    """``seat`` lands on Boardwalk (owner's, whole dark-blue group) and the owner claims the rent."""
    game.arrange(turn=Turn(seat=seat))
    game.place(seat, 35)
    game.roll(seat, 1, 3)
    game.act("claim_rent", owner)


def transfers(game: Game) -> list[tuple]:
    return [(t.source, t.target, t.amount, t.reason) for t in game.last.transfers]


class TestRaisingMoney:
    def test_a_debt_raised_by_selling_buildings_and_mortgaging_is_paid_the_moment_cash_covers_it(self, classic):
        # seed 001: "Если денег на обязательный платёж нет, продайте здания и/или заложите собственность."
        game = Game(classic)
        game.own(1, PARK_PLACE, BOARDWALK)
        game.own(0, *LIGHT_BLUE, READING)
        game.build_up({PARK_PLACE: 1, BOARDWALK: 1, 6: 1, 8: 1, 9: 1})
        game.set_cash(0, 20)
        on_boardwalk(game)  # one house: rent 200
        [debt] = game.pending(Debt)
        assert (debt.debtor, debt.creditor, debt.amount) == (0, 1, 200)
        # 3 houses at 25, then 50 + 50 + 60 + 100 of mortgages: 335 more than the 20 in cash
        assert raisable(game.state, classic, 0).total == 75 + 260
        refused = game.refused("declare_bankruptcy", 0)
        assert refused.ruling.rule == "bankruptcy.can_raise"
        assert refused.ruling.text.startswith("Anna owes M200 and can raise it: cash M20 + buildings sold back M75")

        game.act("sell_building", 0, positions=[6, 8, 9])
        assert transfers(game) == [("bank", 0, 25, "building_sale")] * 3
        game.act("mortgage", 0, positions=[READING])
        assert (game.cash(0), [d.amount for d in game.pending(Debt)]) == (195, [200])  # still 5 short
        game.act("mortgage", 0, positions=[6])
        assert transfers(game) == [("bank", 0, 50, "mortgage"), (0, 1, 200, "rent")]  # paid at once
        assert "debt.settled" in game.rules()
        assert (game.cash(0), game.cash(1), game.pending(Debt)) == (45, 1700, [])
        assert game.allowed() == {("end_turn", 0)}

    def test_the_state_shows_what_the_debtor_could_still_raise(self, classic):
        # SPEC §2.10: the service shows how much the debtor could raise
        from referee.present import state_view

        game = Game(classic)
        game.own(1, PARK_PLACE, BOARDWALK)
        game.build_up({PARK_PLACE: 1, BOARDWALK: 1})
        game.own(0, *LIGHT_BLUE)
        game.own(0, READING, mortgaged=True)
        game.build_up({PARK_PLACE: 1, BOARDWALK: 1, 6: 1, 8: 1, 9: 1})
        game.set_cash(0, 10)
        on_boardwalk(game)
        [debt] = [p for p in state_view(game.state, classic)["pending"] if p["type"] == "debt"]
        # three houses at half of 50, the light blues' mortgages; Reading is mortgaged already
        assert debt["can_raise"] == {
            "cash": 10,
            "buildings": 75,
            "mortgages": 160,
            "bank_sales": 0,
            "total": 235,
            "in_all": 245,
            "parts": ["cash", "buildings", "mortgages"],
            "owed": 200,
            "enough": True,
        }

    def test_what_a_debtor_could_raise_names_only_the_parts_the_edition_has_and_they_add_up(self, classic):
        # seed 002 l.87: «Застави в цій грі немає»; l.146: «Продати бізнес банку можна лише в борг і лише
        # після торгів, на яких його ніхто не купив ... Банк платить половину ціни й половину вартості забудови»
        from referee.present import state_view

        ua = shipped()["ua-industries"]
        game = Game(ua, "Oksana", "Taras", "Bohdan")
        game.own(2, 1, 3, 4)
        game.build_up({1: 1, 3: 1, 4: 1})
        game.set_cash(2, 235)
        game.arrange(pending=(Debt(2, 0, 400, "rent", Ruling("rent.street", "Rent 400.")),))
        [debt] = [p for p in state_view(game.state, ua)["pending"] if p["type"] == "debt"]
        means = debt["can_raise"]
        assert means["parts"] == ["cash", "buildings", "bank_sales"]  # no mortgages to speak of
        assert means["mortgages"] == 0 and means["bank_sales"] > 0
        assert sum(means[part] for part in means["parts"]) == means["in_all"]


class TestBankruptToAPlayer:
    def bankrupt_anna(self, classic, **cards) -> Game:
        # Anna: the light blues with a house each, Reading mortgaged, a jail card, 20 in cash.
        # Boardwalk with a hotel costs her 2000: all she could raise is 20 + 75 + 160.
        game = Game(classic, "Anna", "Boris", "Vera")
        game.own(1, PARK_PLACE, BOARDWALK)
        game.own(0, *LIGHT_BLUE)
        game.own(0, READING, mortgaged=True)
        game.build_up({6: 1, 8: 1, 9: 1}, hotels=(BOARDWALK, PARK_PLACE))
        game.state = game.state.with_player(0, jail_cards=("chance.jail_free",))
        game.set_cash(0, 20)
        on_boardwalk(game)
        assert ("declare_bankruptcy", 0) in game.allowed()
        game.act("declare_bankruptcy", 0)
        return game

    def test_buildings_go_to_the_bank_at_half_and_the_creditor_takes_cash_deeds_and_cards(self, classic):
        # seed 000: "Ваши Дома и Отели продаются в Банк за половину их первоначальной стоимости, и этот
        # игрок получает принадлежащие Вам наличные деньги, карточки Собственника и карточки “Бесплатно
        # покиньте Тюрьму”"
        game = self.bankrupt_anna(classic)
        assert transfers(game) == [
            *[("bank", 0, 25, "bankruptcy")] * 3,  # a house on each light blue at half of 50 ...
            (0, 1, 95, "bankruptcy"),  # ... and with her 20, all her cash to Boris
            (1, "bank", 10, "mortgage_interest"),  # 10% of Reading's 100, at once
        ]
        anna, boris = game.state.players[0], game.state.players[1]
        assert anna.bankrupt and anna.cash == 0 and anna.jail_cards == ()
        assert boris.jail_cards == ("chance.jail_free",) and boris.cash == 1500 + 95 - 10
        for position in (*LIGHT_BLUE, READING):
            assert game.state.holdings[position].owner == 1
        assert [game.level(p) for p in LIGHT_BLUE] == [(0, False)] * 3
        assert game.state.supply.houses == 32  # the houses are back in the bank
        assert game.rules()[0] == "bankruptcy.declared"
        assert game.last.rulings[0].text == (
            "Anna owes M2000 and can raise only M255 (cash M20 + buildings sold back M75 + mortgages M160): "
            "Anna is bankrupt and out of the game; Boris takes the estate."
        )
        assert game.pending(RentClaim) == []

    def test_the_creditor_keeps_the_mortgage_without_paying_the_interest_again(self, classic):
        # seed 000: "он должен уплатить 10% ее стоимости, а затем принять решение, хочет ли он оставить
        # закладные или выкупить собственность"
        game = self.bankrupt_anna(classic)
        assert game.pending(MortgageChoice) == [MortgageChoice(1, READING, fee_paid=True)]
        assert game.allowed() == {("keep_mortgage", 1)}  # the choice holds up Boris's turn
        game.act("keep_mortgage", 1, positions=[READING])
        assert game.last.transfers == () and game.rules() == ["mortgage.kept_paid"]
        assert game.state.holdings[READING].mortgaged
        assert game.allowed() == {("roll", 1)}  # Anna is out: Boris, next to her, plays

    def test_the_creditor_lifts_the_mortgage_for_its_value_the_interest_being_paid(self, classic):
        # seed 001: "Он оплачивает снятие залога либо 10% за его сохранение": 10% once, either way
        game = self.bankrupt_anna(classic)
        game.act("unmortgage", 1, positions=[READING])
        assert transfers(game) == [(1, "bank", 100, "unmortgage")]
        assert game.rules() == ["mortgage.lifted_paid"]
        assert not game.state.holdings[READING].mortgaged and game.pending(MortgageChoice) == []

    def test_interest_the_creditor_cannot_pay_becomes_the_creditor_s_debt(self, classic):
        game = Game(classic, "Anna", "Boris", "Vera")
        game.own(0, READING, PENNSYLVANIA, mortgaged=True)
        game.own(1, PARK_PLACE, BOARDWALK)
        game.set_cash(0, 10)
        game.set_cash(1, 0)
        on_boardwalk(game)  # 100 of rent; Anna has 10 and two mortgaged stations
        game.act("declare_bankruptcy", 0)
        # Boris gets Anna's 10 and owes 10 + 10 of interest: the first is paid, the second owed
        assert transfers(game) == [(0, 1, 10, "bankruptcy"), (1, "bank", 10, "mortgage_interest")]
        [debt] = game.pending(Debt)
        assert (debt.debtor, debt.creditor, debt.amount, debt.ruling.rule) == (
            1,
            "bank",
            10,
            "bankruptcy.mortgage_interest",
        )
        assert {(c.seat, c.position, c.fee_paid) for c in game.pending(MortgageChoice)} == {
            (1, READING, True),
            (1, PENNSYLVANIA, True),
        }
        assert game.refused("unmortgage", 1, positions=[READING]).ruling.rule == "mortgage.in_debt"


class TestBankruptToTheBank:
    def bankrupt_to_bank(self, classic, **options) -> Game:
        # Vera owes the bank the Income Tax, 200. She holds the brown group with a house on each, Reading
        # mortgaged and a Chance jail card, and has 20: 20 + 2 × 25 + 30 + 30 is short of 200.
        game = Game(classic, "Anna", "Boris", "Vera", **options)
        game.own(2, 1, 3)
        game.own(2, READING, mortgaged=True)
        game.build_up({1: 1, 3: 1})
        game.state = game.state.with_player(2, jail_cards=("chance.jail_free",))
        game.set_cash(2, 20)
        game.arrange(turn=Turn(seat=2))
        game.place(2, 1)
        game.roll(2, 1, 2)  # Income Tax
        return game

    def test_the_bank_takes_everything_cancels_the_mortgages_and_auctions_each_property_in_turn(self, classic):
        # seed 001: "При долге Банку собственность возвращают ему, залоги аннулируют, объекты выставляют
        # на аукцион."
        game = self.bankrupt_to_bank(classic)
        game.act("declare_bankruptcy", 2)
        assert transfers(game) == [(2, "bank", 20, "bankruptcy")]
        vera = game.state.players[2]
        assert vera.bankrupt and vera.cash == 0
        for position in (1, 3, READING):
            assert game.state.holdings[position] == Holding(position)  # the bank's, unbuilt, unmortgaged
        assert game.state.supply.houses == 32
        [auction] = game.pending(Auction)
        assert isinstance(auction, EstateAuction)
        assert (auction.position, auction.bidders, auction.opening, auction.queue) == (1, (0, 1), 10, (3, READING))
        assert game.state.turn.seat == 0  # Vera is out: Anna is next, once the auctions are done
        with pytest.raises(RuleViolation):
            game.roll(0, 1, 2)

        game.act("bid", 0, amount=50)
        game.act("pass", 1)  # Mediterranean Avenue to Anna for 50; next, Baltic Avenue
        assert transfers(game) == [(0, "bank", 50, "auction")]
        [auction] = game.pending(Auction)
        assert (auction.position, auction.queue) == (3, (READING,))
        game.act("pass", 0)
        game.act("pass", 1)  # nobody wants Baltic Avenue: it stays with the bank
        assert "auction.unsold" in game.rules()
        game.act("bid", 1, amount=100)
        game.act("pass", 0)
        assert [game.state.holdings[p].owner for p in (1, 3, READING)] == [0, None, 1]
        assert not game.state.holdings[READING].mortgaged
        assert game.pending() == [] and game.allowed() == {("roll", 0)}

    def test_jail_cards_go_to_the_bottom_of_their_decks(self, classic):
        # seed 001: "Карточки бесплатного выхода возвращают в низ своих стопок."
        order = tuple(c.id for c in classic.decks["chance"].cards if c.id != "chance.jail_free")
        chest = tuple(c.id for c in classic.decks["community_chest"].cards)
        game = self.bankrupt_to_bank(classic, decks="virtual", decks_order={"chance": order, "community_chest": chest})
        game.act("declare_bankruptcy", 2)
        assert game.state.decks["chance"] == order + ("chance.jail_free",)
        assert game.state.players[2].jail_cards == ()
        assert "bankruptcy.card_returned" in game.rules()

    def test_with_table_decks_the_returned_card_can_be_drawn_again(self, classic):
        game = self.bankrupt_to_bank(classic)
        game.act("declare_bankruptcy", 2)
        assert all("chance.jail_free" not in p.jail_cards for p in game.state.players)


class TestWhoAndWhen:
    def test_only_a_debtor_may_declare_bankruptcy(self, classic):
        game = Game(classic)
        assert game.refused("declare_bankruptcy", 0).ruling.rule == "bankruptcy.no_debt"

    def test_with_several_debts_the_estate_goes_to_the_first_creditor_and_the_others_lapse(self, classic):
        # A card paying each player stops at the first player the cash does not cover; the rest is owed.
        game = Game(classic, "Anna", "Boris", "Vera", "Gleb")
        game.set_cash(0, 60)
        game.place(0, 4)
        game.roll(0, 1, 2)  # 7: Chance
        game.act("draw_card", 0, card="chance.chairman")  # pay each player 50
        assert [(d.creditor, d.amount) for d in game.pending(Debt)] == [(2, 50), (3, 50)]
        assert game.cash(0) == 10 and game.cash(1) == 1550
        game.act("declare_bankruptcy", 0)
        assert transfers(game) == [(0, 2, 10, "bankruptcy")]
        assert [r.text for r in game.last.rulings if r.rule == "bankruptcy.debt_lapsed"] == [
            "Anna's debt of M50 to Gleb lapses: the estate goes to the first creditor."
        ]
        assert game.pending(Debt) == []

    def test_a_bankrupt_s_bid_is_void_and_money_owed_to_them_is_owed_to_their_creditor(self, classic):
        # Anna holds the high bid in an auction and is owed 10 by Vera when she goes bankrupt to Boris.
        game = Game(classic, "Anna", "Boris", "Vera")
        game.set_cash(0, 10)
        game.set_cash(2, 5)
        owed = Ruling("card.collect_each", "The card makes Vera pay Anna M10.")
        rent = Ruling("rent.street", "Rent M500.")
        game.arrange(
            pending=(
                Debt(2, 0, 10, "card", owed),
                Auction(29, (0, 1, 2), 10, high_bid=10, high_bidder=0),
                Debt(0, 1, 500, "rent", rent),
            )
        )
        game.act("declare_bankruptcy", 0)
        [void] = [r.text for r in game.last.rulings if r.rule == "bankruptcy.bid_void"]
        assert void == "Anna is out of the game: their bid of M10 for Marvin Gardens is void and the auction goes on."
        [auction] = game.pending(Auction)
        # the bid is gone; Vera, with 5, cannot make the opening bid of 10 and is out too: Boris bids alone
        assert (auction.bidders, auction.high_bid, auction.high_bidder) == ((1,), None, None)
        [debt] = game.pending(Debt)
        assert (debt.debtor, debt.creditor, debt.amount) == (2, 1, 10)  # Vera now owes Boris
        assert "bankruptcy.debt_inherited" in game.rules()

    def test_a_standing_bid_is_void_even_when_its_bidder_has_passed_before_going_bankrupt(self, classic):
        # Anna bid 10 and passed, so her bid stands while she is out of the bidding; then she goes
        # bankrupt: the bid is void, so the property never goes to a player out of the game.
        game = Game(classic, "Anna", "Boris", "Vera")
        game.set_cash(0, 10)
        rent = Ruling("rent.street", "Rent M500.")
        game.arrange(pending=(Auction(29, (1, 2), 10, high_bid=10, high_bidder=0), Debt(0, 1, 500, "rent", rent)))
        game.act("declare_bankruptcy", 0)
        assert "bankruptcy.bid_void" in game.rules()
        [auction] = game.pending(Auction)
        assert (auction.bidders, auction.high_bid, auction.high_bidder) == ((1, 2), None, None)


class TestLastPlayerStanding:
    def test_the_last_player_not_bankrupt_wins_and_the_game_refuses_play_but_not_reads(self, classic):
        # seed 001: "Остальные продолжают, пока не останется один участник. Он победитель"
        game = Game(classic)
        game.own(1, PARK_PLACE, BOARDWALK)
        game.set_cash(0, 30)
        on_boardwalk(game)
        game.act("declare_bankruptcy", 0)
        assert game.state.finished and game.state.winner == (1,)
        assert game.rules()[-1] == "game.won"
        assert game.last.rulings[-1].text == "Boris is the last player still in the game and wins it."
        assert game.pending() == [] and game.allowed(everything=True) == set()
        refused = game.refused("roll", 1, dice=[1, 2])
        assert (refused.code, refused.ruling.rule) == ("game_over", "game.over")

    def test_the_last_bankruptcy_to_the_bank_auctions_nothing(self, classic):
        game = Game(classic)
        game.own(0, READING)
        game.set_cash(0, 10)
        game.place(0, 1)
        game.roll(0, 1, 2)  # Income Tax 200: 10 + 100 of mortgage is short
        game.act("declare_bankruptcy", 0)
        assert game.state.winner == (1,) and game.pending() == []
        assert game.state.holdings[READING].owner is None

    @pytest.mark.parametrize("edition", ["disney", "classic-rub"])
    def test_every_classic_edition_ends_with_its_last_player(self, edition):
        # seed 000: "Последний оставшийся в игре участник становится победителем."
        played = shipped()[edition]
        game = Game(played, "Anna", "Boris", "Vera")
        tax = played.positions_of_kind("tax")[0]
        for seat in (0, 2):
            game.set_cash(seat, 0)
            game.arrange(turn=Turn(seat=seat))
            game.place(seat, tax - 3)
            game.roll(seat, 1, 2)
            game.act("declare_bankruptcy", seat)
        assert game.state.finished and game.state.winner == (1,)


class TestWhatABankruptcyWouldDo:
    """The options of ``declare_bankruptcy`` say what the settlement will do with the estate, so that the
    table reads it before it confirms; each case is then declared and the outcome checked against them."""

    @staticmethod
    def said(game: Game, seat: int) -> dict:
        from referee.rules import allowed

        return next(a for a in allowed(game.state, game.edition) if a["type"] == "declare_bankruptcy")["options"]

    def test_to_a_player_the_buildings_are_sold_and_the_creditor_takes_the_cash_the_deeds_and_the_cards(self, classic):
        # seed 000: "Ваши Дома и Отели продаются в Банк за половину их первоначальной стоимости, и этот
        # игрок получает принадлежащие Вам наличные деньги, карточки Собственника и карточки"
        game = Game(classic, "Anna", "Boris", "Vera")
        game.own(1, PARK_PLACE, BOARDWALK)
        game.own(0, *LIGHT_BLUE)
        game.own(0, READING, mortgaged=True)
        game.build_up({6: 1, 8: 1, 9: 1}, hotels=(BOARDWALK, PARK_PLACE))
        game.state = game.state.with_player(0, jail_cards=("chance.jail_free",))
        game.set_cash(0, 20)
        on_boardwalk(game)
        said = self.said(game, 0)
        assert said["estate"] == {"cash": 20, "positions": [READING, *LIGHT_BLUE], "cards": ["chance.jail_free"]}
        assert (said["cash_to"], said["cash"]) == (1, 20 + 75)  # three houses at half of 50 go with the cash
        assert (said["properties_to"], said["properties"], said["buildings"]) == (1, "handed_over", "sold")
        assert (said["cards_to"], said["ends_game"]) == (1, False)
        # seed 001 l.53: «Он оплачивает снятие залога либо 10% за его сохранение»: due at once, as the options say
        assert said["mortgages"] == {"positions": [READING], "interest": 10, "percent": 10}
        game.act("declare_bankruptcy", 0)
        assert (0, 1, 95, "bankruptcy") in transfers(game)
        assert (1, "bank", 10, "mortgage_interest") in transfers(game)
        assert {game.state.holdings[p].owner for p in (*LIGHT_BLUE, READING)} == {1}

    def test_to_the_bank_the_properties_are_auctioned_and_the_cards_go_back_to_their_decks(self, classic):
        # seed 001: "При долге Банку собственность возвращают ему, залоги аннулируют, объекты выставляют на
        # аукцион. Карточки бесплатного выхода возвращают в низ своих стопок."
        game = TestBankruptToTheBank().bankrupt_to_bank(classic)
        said = self.said(game, 2)
        assert (said["cash_to"], said["cash"], said["properties_to"], said["properties"]) == (
            "bank",
            20,
            "bank",
            "auction",
        )
        assert (said["buildings"], said["cards_to"], said["ends_game"]) == ("supply", "decks", False)

    def test_in_ua_industries_the_creditor_takes_only_the_cash_and_the_enterprises_go_back_free(self):
        # seed 002 l.148: «Банкрут вибуває: його клітинки повертаються банку вільними, філії — в запас, а гроші
        # отримує той, кому він винен»
        ua = shipped()["ua-industries"]
        game = Game(ua, "Oksana", "Taras", "Bohdan")
        game.own(2, 1, 3, 4)
        game.set_cash(2, 76)
        game.arrange(pending=(Debt(2, 0, 400, "rent", Ruling("rent.street", "Rent 400.")),))
        said = self.said(game, 2)
        assert (said["cash_to"], said["cash"]) == (0, 76)
        assert (said["properties_to"], said["properties"], said["buildings"]) == ("bank", "free", "supply")
        assert (said["cards_to"], said["ends_game"]) == ("decks", False)
        game.act("declare_bankruptcy", 2)
        assert transfers(game) == [(2, 0, 76, "bankruptcy")]
        assert {game.state.holdings[p].owner for p in (1, 3, 4)} == {None}

    def test_with_two_creditors_the_options_name_the_one_who_takes_the_cash_and_the_debt_that_lapses(self):
        # seed 002 l.148: «Банкрут вибуває: ... а гроші отримує той, кому він винен»; the booklets know one
        # creditor: the first takes the cash, and the other's debt lapses, as the settlement does it
        ua = shipped()["ua-industries"]
        game = Game(ua, "Oksana", "Taras", "Bohdan")
        game.set_cash(2, 20)
        owed = Ruling("card", "Pay each player 50.")
        game.arrange(pending=(Debt(2, 0, 50, "card", owed), Debt(2, 1, 50, "card", owed)))
        said = self.said(game, 2)
        assert (said["owed"], said["creditor"], said["cash_to"], said["cash"]) == (100, 0, 0, 20)
        assert said["debts"] == [
            {"creditor": 0, "amount": 50, "lapses": False},
            {"creditor": 1, "amount": 50, "lapses": True},
        ]
        game.act("declare_bankruptcy", 2)
        assert transfers(game) == [(2, 0, 20, "bankruptcy")]
        assert "bankruptcy.debt_lapsed" in game.rules()

    def test_the_bankruptcy_that_ends_a_short_game_says_so_and_hands_the_buildings_over(self):
        # seed 000: "Когда и второй игрок становится банкротом, игра заканчивается. Игрок, ставший банкротом,
        # передает своему кредитору (Банку или другому игроку) все, чем владеет, включая здания"
        disney = shipped()["disney"]
        game = Game(disney, "Giulia", "Sofia", "Marco", "Luca", variant="short")
        game.arrange(pending=())  # the deal of deeds left out: the first bankruptcy is behind
        game.set_cash(3, 0)
        game.state = game.state.with_player(3, out=True)
        game.own(2, *LIGHT_BLUE)
        game.build_up({6: 1, 8: 1, 9: 1})
        game.set_cash(2, 10)
        game.arrange(pending=(Debt(2, 0, 2000, "rent", Ruling("rent.street", "Rent 2000.")),))
        said = self.said(game, 2)
        assert (said["ends_game"], said["buildings"], said["properties"]) == (True, "handed_over", "handed_over")
        game.act("declare_bankruptcy", 2)
        assert game.state.finished and {game.state.holdings[p].owner for p in LIGHT_BLUE} == {0}
