"""The ua-industries edition (seed 002, «Монополія»): the board and decks as
data, the parameters the engine already reads, and the random-move card."""

from collections import Counter

import pytest

from referee.editions import shipped
from referee.rules import RuleViolation
from referee.rules.pending import Auction, BuyDecision, CardDraw, Debt
from referee.rules.random_move import RandomDestination
from referee.rules.state import RandomMove, Supply, Turn

from ..seeds import seed_text
from .game import Game


@pytest.fixture
def ua():
    return shipped()["ua-industries"]


def game_of(edition, *names, **options) -> Game:
    # seed 002: "Зупинилися на чужому бізнесі — платите власникові оренду." (no claim window)
    return Game(edition, *(names or ("Anna", "Boris", "Vera")), **{"rent_collection": "automatic", **options})


class TestTheBoard:
    def test_forty_spaces_24_enterprises_in_8_industries_of_3_and_the_rest(self, ua):
        # seed 002: "На полі 40 клітинок: 24 підприємства — 8 галузей по три, 3 клітинки логістики,
        # 2 комунальні послуги, картки, податок і чотири кути."
        kinds = Counter(space.kind for space in ua.spaces)
        assert ua.size == 40
        assert kinds == {
            "street": 24,
            "station": 3,
            "utility": 2,
            "card": 6,
            "tax": 1,
            "go": 1,
            "jail": 1,
            "free_parking": 1,
            "go_to_jail": 1,
        }
        industries = Counter(space.group for space in ua.spaces if space.kind == "street")
        assert len(industries) == 8 and set(industries.values()) == {3}

    def test_the_corners_are_start_tax_inspection_business_forum_and_tax_service(self, ua):
        # seed 002: "На перевірку потрапляють із клітинки «податкова служба»"; "Бізнес-форум — вільна клітинка"
        corners = {p: (ua.space(p).kind, ua.space(p).name["uk"]) for p in (0, 10, 20, 30)}
        assert corners == {
            0: ("go", "Старт"),
            10: ("jail", "Податкова перевірка"),
            20: ("free_parking", "Бізнес-форум"),
            30: ("go_to_jail", "Податкова служба"),
        }

    def test_logistics_rent_is_25_50_120_and_utilities_4_and_10_times_the_dice(self, ua):
        # seed 002: "Логістика: 25, якщо у власника одна така клітинка, 50 — якщо дві, 120 — якщо всі три.
        # Комунальні послуги: 4 × сума кубиків, якщо у власника одна, і 10 ×, якщо обидві."
        assert {ua.space(p).rent for p in ua.positions_of_kind("station")} == {(25, 50, 120)}
        assert {ua.space(p).rent for p in ua.positions_of_kind("utility")} == {(4, 10)}

    def test_the_one_tax_is_the_excise_of_100(self, ua):
        # seed 002: "Акцизний збір — 100 у банк."
        (tax,) = ua.positions_of_kind("tax")
        assert ua.space(tax).amount == 100 and ua.space(tax).name["uk"] == "Акцизний збір"

    def test_prices_are_defaults_marked_unconfirmed_because_the_seed_prints_none(self, ua):
        # seed 002: "Ціни й оренду кожної клітинки показує її картка в центрі поля, тож окремої таблиці тут немає."
        for space in ua.spaces:
            if space.kind == "street":
                assert {"price", "rent", "building_cost"} <= set(space.unconfirmed)
            if space.kind in ("station", "utility"):
                assert "price" in space.unconfirmed and "rent" not in space.unconfirmed
        assert "confirmed" in ua.document["notes"]["en"]

    def test_start_cash_1500_salary_200_no_mortgages_and_2_to_6_players(self, ua):
        # seed 002: "Кожен починає з 1 500." "Пройшли старт або зупинилися на ньому — отримуєте 200 зарплати."
        # "Застави в цій грі немає." "За столом від 2 до 6 людей"
        rules = ua.rules
        assert (rules.start_cash, rules.salary, rules.min_players, rules.max_players) == (1500, 200, 2, 6)
        assert rules.mortgage.enabled is False


class TestTheDecks:
    def test_each_deck_has_10_cards_with_the_seeds_ukrainian_text(self, ua):
        # seed 002: "У кожній колоді 10 карток, вони йдуть по колу."
        lines = set(seed_text("002").splitlines())
        assert {deck.name["uk"]: len(deck.cards) for deck in ua.decks.values()} == {"Ринок": 10, "Держпідтримка": 10}
        for deck in ua.decks.values():
            assert deck.name["uk"] in lines
            for card in deck.cards:
                assert card.text["uk"] in lines, card.id
                assert card.text["en"], card.id

    def test_a_virtual_deck_goes_round_in_a_circle(self, ua):
        # seed 002: "вони йдуть по колу" — each card drawn goes under the deck.
        # (The card freeing from inspection is kept by its drawer, so it is left out of this round.)
        order = tuple(card.id for card in ua.decks["derzhpidtrymka"].cards if "city_council" not in card.id)
        game = game_of(ua, decks="virtual", decks_order={"derzhpidtrymka": order, "rynok": ()})
        drawn = []
        for _ in range(2 * len(order)):
            top = game.state.decks["derzhpidtrymka"][0]
            game.arrange(pending=(CardDraw(0, "derzhpidtrymka"),))
            game.act("draw_card", 0)
            drawn.append(game.last.rulings[0].values["card"])
            assert game.state.decks["derzhpidtrymka"][-1] == top
        assert drawn == list(order) * 2


class TestAuction:
    def declined(self, ua, **cash) -> Game:
        game = game_of(ua)
        for seat, amount in cash.items():
            game.set_cash(int(seat[1:]), amount)
        game.roll(0, 1, 2)  # to 3, an enterprise priced 60
        game.act("decline", 0)
        return game

    def test_the_first_bid_is_75_percent_rounded_up_and_the_decliner_bids_first(self, ua):
        # seed 002: "Відмова завжди запускає торги. Беруть участь усі гравці, навіть той, хто відмовився, —
        # він і ставить першим. Перша ставка становить 75% вартості бізнесу з округленням угору до цілого"
        game = self.declined(ua)
        auction = game.pending(Auction)[0]
        assert auction.opening == 45 and auction.turn == 0
        with pytest.raises(RuleViolation) as refused:
            game.act("bid", 1, amount=45)
        assert refused.value.code == "out_of_turn"

    def test_every_raise_is_exactly_10(self, ua):
        # seed 002: "кожна наступна піднімає ціну рівно на 10."
        game = self.declined(ua)
        game.act("bid", 0, amount=45)
        with pytest.raises(RuleViolation) as refused:
            game.act("bid", 1, amount=60)
        assert refused.value.ruling.rule == "auction.exact_raise"
        game.act("bid", 1, amount=55)
        assert game.pending(Auction)[0].high_bid == 55

    def test_a_pass_is_final_and_the_last_bidder_wins_even_after_passing(self, ua):
        # seed 002: "Пас — і ви вибуваєте з цих торгів до кінця" … "Ваша ставка не згорає, якщо ви потім
        # спасували: коли решта теж спасує, бізнес дістанеться вам за неї."
        game = self.declined(ua)
        game.act("bid", 0, amount=45)
        game.act("pass", 1)
        game.act("pass", 2)
        assert game.state.holdings[3].owner == 0 and game.cash(0) == 1500 - 45
        game = self.declined(ua)
        game.act("bid", 0, amount=45)
        game.act("bid", 1, amount=55)
        game.act("pass", 2)
        game.act("pass", 0)
        assert game.state.holdings[3].owner == 1 and game.cash(1) == 1500 - 55
        # seed 002: "Переможець платить свою ставку банку."
        assert [(t.source, t.target, t.amount) for t in game.last.transfers] == [(1, "bank", 55)]

    def test_not_having_the_next_bid_is_a_pass(self, ua):
        # seed 002: "не вистачає грошей на наступну ставку — це теж пас."
        game = self.declined(ua, s2=50)
        game.act("bid", 0, amount=45)
        assert 2 not in game.pending(Auction)[0].bidders
        assert "auction.cannot_afford" in game.rules()

    def test_no_bids_leaves_the_space_free(self, ua):
        # seed 002: "Якщо ставок не було, клітинка лишається вільною."
        game = self.declined(ua)
        for seat in (0, 1, 2):
            game.act("pass", seat)
        assert game.state.holdings[3].owner is None and not game.pending()


class TestRent:
    def test_the_whole_industry_doubles_the_rent_of_an_enterprise_without_branches(self, ua):
        # seed 002: "Якщо у власника вся галузь, а на самому цьому підприємстві ще немає філій, оренда подвоюється."
        game = game_of(ua)
        game.own(1, 1, 4)
        game.own(1, 3, houses=1)
        game.arrange(supply=Supply(31, 12))
        game.roll(0, 1, 2)  # to 3, which has a branch: the card's table, no doubling
        assert game.cash(0) == 1500 - ua.space(3).rent[1]
        game.act("end_turn", 0)
        game.arrange(turn=Turn(seat=2))
        game.place(2, 39)
        game.roll(2, 1, 1)  # to 1, without a branch of its own: the doubled base rent
        assert game.cash(2) == 1500 + 200 - 2 * ua.space(1).rent[0]

    def test_logistics_rent_counts_the_owners_logistics(self, ua):
        # seed 002: "Логістика: 25, якщо у власника одна …, 50 — якщо дві, 120 — якщо всі три."
        for owned, rent in (((5,), 25), ((5, 15), 50), ((5, 15, 25), 120)):
            game = game_of(ua)
            game.own(1, *owned)
            game.roll(0, 2, 3)
            assert game.cash(0) == 1500 - rent

    def test_utility_rent_is_4_or_10_times_the_dice(self, ua):
        # seed 002: "Комунальні послуги: 4 × сума кубиків, якщо у власника одна, і 10 ×, якщо обидві."
        for owned, multiplier in (((12,), 4), ((12, 28), 10)):
            game = game_of(ua)
            game.own(1, *owned)
            game.place(0, 7)
            game.roll(0, 2, 3)
            assert game.cash(0) == 1500 - 5 * multiplier

    def test_the_excise_tax_is_paid_to_the_bank_and_the_business_forum_pays_nothing(self, ua):
        # seed 002: "Акцизний збір — 100 у банк. Бізнес-форум — вільна клітинка: тут нічого не платять
        # і нічого не отримують."
        game = game_of(ua)
        game.place(0, 33)
        game.roll(0, 2, 3)
        assert game.cash(0) == 1400
        game = game_of(ua)
        game.place(0, 15)
        game.roll(0, 2, 3)
        assert game.cash(0) == 1500 and "free_parking.nothing" in game.rules()


class TestTaxInspection:
    def test_the_tax_service_and_a_third_double_send_to_inspection_without_salary(self, ua):
        # seed 002: "Третій дубль поспіль — і фішка одразу їде на податкову перевірку: без ходу й без зарплати."
        # "На перевірку потрапляють із клітинки «податкова служба», за карткою або після третього дубля поспіль.
        # Зарплату за коло тоді не платять."
        game = game_of(ua)
        game.place(0, 25)
        game.roll(0, 2, 3)
        assert game.state.players[0].in_jail and game.state.players[0].position == 10
        game = game_of(ua)
        game.place(0, 35)
        game.arrange(turn=Turn(seat=0, doubles=2))
        game.roll(0, 4, 4)
        assert game.state.players[0].in_jail and game.cash(0) == 1500

    def test_after_three_failed_rolls_50_is_charged_and_without_money_it_is_a_debt(self, ua):
        # seed 002: "Після трьох невдалих спроб 50 списуються примусово, і ви ходите на викинуте.
        # Немає грошей — це борг."
        game = game_of(ua)
        game.state = game.state.with_player(0, in_jail=True, jail_turns=2, position=10)
        game.set_cash(0, 30)
        game.roll(0, 1, 3)
        assert game.state.players[0].position == 14 and not game.state.players[0].in_jail
        debt = game.pending(Debt)[0]
        assert (debt.debtor, debt.amount) == (0, 50)

    def test_a_double_from_inspection_moves_without_another_roll(self, ua):
        # seed 002: "спробуйте викинути дубль: вийшло — ідете на суму очок, але додаткового кидка немає."
        assert ua.rules.jail.double_release_rolls_again is False
        assert ua.rules.jail.fine == 50


def drawn(edition, game: Game, seat: int, card: str, position: int) -> None:
    game.place(seat, position)
    game.arrange(pending=(CardDraw(seat, edition.space(position).deck),))
    game.act("draw_card", seat, card=card)


class TestRandomMove:
    def test_the_destination_is_any_space_but_the_current_one(self, ua):
        # seed 002: "Несподівана поїздка: перемістіться на випадкову клітинку, крім поточної …"
        game = game_of(ua)
        game.roll(0, 3, 4)  # to 7, the market
        game.act("draw_card", 0, card="rynok.trip")
        assert game.pending() == [RandomDestination(0, (7,))]
        assert ("random_move", 0) in game.allowed() and ("end_turn", 0) not in game.allowed()
        with pytest.raises(RuleViolation) as refused:
            game.act("random_move", 0, position=7)
        assert refused.value.code == "excluded_destination"
        with pytest.raises(RuleViolation) as refused:
            game.act("random_move", 0, position=40)
        assert refused.value.code == "off_board"
        with pytest.raises(RuleViolation) as refused:
            game.act("random_move", 0)
        assert refused.value.code == "position_required"
        game.act("random_move", 0, position=14)
        assert game.state.players[0].position == 14
        assert game.pending(BuyDecision) == [BuyDecision(0, 14)]  # "Правила клітинки призначення діють"

    def test_the_last_random_destination_is_excluded_for_every_player(self, ua):
        # seed 002: "Випадкове переміщення виключає поточну клітинку та останнє випадкове місце призначення
        # для всіх гравців."
        game = game_of(ua)
        game.roll(0, 3, 4)
        game.act("draw_card", 0, card="rynok.trip")
        game.act("random_move", 0, position=20)
        game.act("end_turn", 0)
        game.place(1, 15)
        game.roll(1, 3, 4)  # to 22, the market
        game.act("draw_card", 1, card="rynok.trip")
        assert game.pending() == [RandomDestination(1, (20, 22))]
        with pytest.raises(RuleViolation):
            game.act("random_move", 1, position=20)

    def test_passing_start_pays_nothing_but_landing_on_it_pays_the_salary(self, ua):
        # seed 002: "За перетин старту не платять, але за пряме потрапляння на старт зарплата є."
        game = game_of(ua)
        game.place(0, 29)
        game.roll(0, 3, 4)  # to 36, the market
        game.act("draw_card", 0, card="rynok.trip")
        game.act("random_move", 0, position=5)
        assert game.cash(0) == 1500 and game.state.players[0].position == 5
        game = game_of(ua)
        game.place(0, 29)
        game.roll(0, 3, 4)
        game.act("draw_card", 0, card="rynok.trip")
        game.act("random_move", 0, position=0)
        assert game.cash(0) == 1700
        assert [t.reason for t in game.last.transfers] == ["salary"]

    def test_the_destinations_own_rules_apply(self, ua):
        # seed 002: "Правила клітинки призначення діють"
        game = game_of(ua)
        game.roll(0, 3, 4)
        game.act("draw_card", 0, card="rynok.trip")
        game.act("random_move", 0, position=30)
        assert game.state.players[0].in_jail and game.state.players[0].position == 10
        game = game_of(ua)
        game.own(1, 39)
        game.roll(0, 3, 4)
        game.act("draw_card", 0, card="rynok.trip")
        game.act("random_move", 0, position=39)
        assert game.cash(0) == 1500 - ua.space(39).rent[0] and game.cash(1) == 1500 + ua.space(39).rent[0]

    def test_a_second_random_move_card_in_the_same_roll_is_skipped_for_the_next_card(self, ua):
        # seed 002: "повторну картку випадкового переміщення в межах одного кидка пропускають і беруть наступну."
        game = game_of(ua)
        game.roll(0, 3, 4)
        game.act("draw_card", 0, card="rynok.trip")
        game.act("random_move", 0, position=22)  # another market space
        game.act("draw_card", 0, card="rynok.trip")
        assert "card.random_move.repeat" in game.rules()
        assert game.pending() == [CardDraw(0, "rynok")]
        game.act("draw_card", 0, card="rynok.dividends")
        assert game.cash(0) == 1650 and game.state.players[0].position == 22

    def test_a_new_roll_may_move_at_random_again(self, ua):
        game = game_of(ua)
        game.roll(0, 3, 4)
        game.act("draw_card", 0, card="rynok.trip")
        game.act("random_move", 0, position=20)
        game.act("end_turn", 0)
        game.place(1, 33)
        game.roll(1, 1, 2)  # to 36, the market, in a new roll
        game.act("draw_card", 1, card="rynok.trip")
        assert game.pending() == [RandomDestination(1, (20, 36))]
        assert game.state.random_move == RandomMove(20, 1) and game.state.rolls == 2


def test_the_nearest_logistics_is_looked_for_ahead_and_pays_the_normal_rent(ua):
    # seed 002: "Найближча логістика шукається попереду; власникові платите звичайну оренду."
    game = game_of(ua)
    game.own(1, 25)
    drawn(ua, game, 0, "rynok.shipment", 22)
    assert game.state.players[0].position == 25 and game.cash(0) == 1500 - 25
