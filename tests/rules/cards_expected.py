"""What each card must do, written from its printed text, and a harness that
draws the card in a fresh game and checks it.

Each expectation is hand-written per card (not derived from the card's
effect data), so a wrong effect in an edition file fails its card's test.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from referee.rules.pending import BuyDecision, CardChoice, CardDraw, RentRoll
from referee.rules.random_move import RandomDestination
from referee.rules.state import Supply

from .game import Game

START = 1500
NAMES = ("Anna", "Boris", "Vera")


def drawn(edition, card_id: str, arrange=None) -> tuple[Game, int]:
    """Anna stands on the first space of the card's deck and draws it; returns
    the game and that space's position."""
    card = edition.card(card_id)
    here = next(s.position for s in edition.spaces if s.deck == card.deck)
    game = Game(edition, *NAMES, rent_collection="automatic")
    game.place(0, here)
    game.arrange(pending=(CardDraw(0, card.deck),), turn=replace(game.state.turn, rolled=True, can_roll=False))
    if arrange:
        arrange(game)
    game.act("draw_card", 0, card=card_id)
    return game, here


def cash_changes(game: Game) -> list[int]:
    return [game.cash(seat) - START for seat in range(len(NAMES))]


def salary_paid(game: Game) -> int:
    return sum(t.amount for t in game.last.transfers if t.reason == "salary")


class Expect:
    def check(self, edition, card_id: str) -> None:
        raise NotImplementedError


@dataclass(frozen=True)
class Collect(Expect):
    amount: int

    def check(self, edition, card_id):
        game, _ = drawn(edition, card_id)
        assert cash_changes(game) == [self.amount, 0, 0]


@dataclass(frozen=True)
class Pay(Expect):
    amount: int

    def check(self, edition, card_id):
        game, _ = drawn(edition, card_id)
        assert cash_changes(game) == [-self.amount, 0, 0]
        assert [(t.source, t.target) for t in game.last.transfers] == [(0, "bank")]


@dataclass(frozen=True)
class PayEachPlayer(Expect):
    amount: int

    def check(self, edition, card_id):
        game, _ = drawn(edition, card_id)
        assert cash_changes(game) == [-2 * self.amount, self.amount, self.amount]


@dataclass(frozen=True)
class CollectFromEachPlayer(Expect):
    amount: int

    def check(self, edition, card_id):
        game, _ = drawn(edition, card_id)
        assert cash_changes(game) == [2 * self.amount, -self.amount, -self.amount]


@dataclass(frozen=True)
class Repairs(Expect):
    """Per house (cottage, branch) and per hotel (castle, holding)."""

    per_house: int
    per_hotel: int

    def check(self, edition, card_id):
        group = next(s.group for s in edition.spaces if s.kind == "street")
        streets = edition.group_positions(group)

        def build(game: Game) -> None:  # a hotel on the first street, 4 houses on the others
            game.own(0, streets[0], hotel=True)
            game.own(0, *streets[1:], houses=4)
            houses = 4 * (len(streets) - 1)
            game.arrange(supply=Supply(edition.rules.buildings.houses - houses, edition.rules.buildings.hotels - 1))

        game, _ = drawn(edition, card_id, build)
        houses = 4 * (len(streets) - 1)
        assert cash_changes(game) == [-(houses * self.per_house + self.per_hotel), 0, 0]


@dataclass(frozen=True)
class AdvanceTo(Expect):
    """Forward to a space; the salary when GO is passed or reached."""

    position: int

    def check(self, edition, card_id):
        game, here = drawn(edition, card_id)
        player = game.state.players[0]
        assert player.position == self.position and not player.in_jail
        passes_go = self.position <= here
        assert salary_paid(game) == (edition.rules.salary if passes_go else 0)
        if edition.space(self.position).is_property:
            assert game.pending(BuyDecision) == [BuyDecision(0, self.position)]


@dataclass(frozen=True)
class MoveBack(Expect):
    """Back a number of spaces, never collecting the salary; the space reached acts."""

    steps: int

    def check(self, edition, card_id):
        game, here = drawn(edition, card_id)
        target = (here - self.steps) % edition.size
        assert game.state.players[0].position == target
        assert salary_paid(game) == 0
        space = edition.space(target)
        if space.kind == "tax":
            assert cash_changes(game) == [-space.amount, 0, 0]
        if space.is_property:
            assert game.pending(BuyDecision) == [BuyDecision(0, target)]


@dataclass(frozen=True)
class GoBackTo(Expect):
    """Back to a named space: "do not pass GO, do not collect 200"."""

    position: int

    def check(self, edition, card_id):
        card = edition.card(card_id)
        last = [s.position for s in edition.spaces if s.deck == card.deck][-1]

        def from_the_last_space(game: Game) -> None:
            game.place(0, last)

        game, _ = drawn(edition, card_id, from_the_last_space)
        assert game.state.players[0].position == self.position
        assert salary_paid(game) == 0 and cash_changes(game) == [0, 0, 0]
        assert game.pending(BuyDecision) == [BuyDecision(0, self.position)]


@dataclass(frozen=True)
class GoToJail(Expect):
    def check(self, edition, card_id):
        game, _ = drawn(edition, card_id)
        player = game.state.players[0]
        assert player.in_jail and player.position == edition.jail_position
        assert cash_changes(game) == [0, 0, 0]
        assert not game.state.turn.can_roll


@dataclass(frozen=True)
class JailFree(Expect):
    def check(self, edition, card_id):
        game, _ = drawn(edition, card_id)
        assert game.state.players[0].jail_cards == (card_id,)
        assert cash_changes(game) == [0, 0, 0]


@dataclass(frozen=True)
class NearestStation(Expect):
    """To the next station ahead, owned by Boris (one of them): the card's
    multiple of the normal rent."""

    rent_multiplier: int = 1

    def check(self, edition, card_id):
        card = edition.card(card_id)
        here = next(s.position for s in edition.spaces if s.deck == card.deck)
        ahead = next(
            p for p in [(here + k) % edition.size for k in range(1, edition.size)] if edition.space(p).kind == "station"
        )
        game, _ = drawn(edition, card_id, lambda g: g.own(1, ahead))
        assert game.state.players[0].position == ahead
        rent = edition.space(ahead).rent[0] * self.rent_multiplier
        salary = edition.rules.salary if ahead < here else 0
        assert cash_changes(game) == [salary - rent, rent, 0]


@dataclass(frozen=True)
class NearestUtility(Expect):
    """To the next utility ahead, owned by Boris: the payer rolls anew and pays the card's multiple."""

    dice_multiplier: int

    def check(self, edition, card_id):
        card = edition.card(card_id)
        here = next(s.position for s in edition.spaces if s.deck == card.deck)
        ahead = next(
            p for p in [(here + k) % edition.size for k in range(1, edition.size)] if edition.space(p).kind == "utility"
        )
        game, _ = drawn(edition, card_id, lambda g: g.own(1, ahead))
        assert game.pending(RentRoll) == [RentRoll(0, 1, ahead, self.dice_multiplier, "rent")]
        game.roll(0, 2, 3)
        assert cash_changes(game)[:2] == [-5 * self.dice_multiplier, 5 * self.dice_multiplier]


@dataclass(frozen=True)
class FineOrDraw(Expect):
    """ "Pay a fine or take a card of another deck": both choices, as printed."""

    fine: int
    deck: str

    def check(self, edition, card_id):
        game, _ = drawn(edition, card_id)
        assert game.pending(CardChoice) == [CardChoice(0, card_id, ("pay_fine", f"take_{self.deck}"))]
        game.act("choose", 0, option="pay_fine")
        assert cash_changes(game) == [-self.fine, 0, 0] and not game.pending()
        game, _ = drawn(edition, card_id)
        game.act("choose", 0, option=f"take_{self.deck}")
        assert game.pending(CardDraw) == [CardDraw(0, self.deck)] and cash_changes(game) == [0, 0, 0]


@dataclass(frozen=True)
class RandomSpace(Expect):
    """A random destination: anything but the current space (and the last random destination)."""

    def check(self, edition, card_id):
        game, here = drawn(edition, card_id)
        assert game.pending(RandomDestination) == [RandomDestination(0, (here,))]
        assert cash_changes(game) == [0, 0, 0]
