"""The title deeds dealt at the start of a short or timed game, each paid for
at once at its printed price (seed 000, "Правила укороченной игры": "Банкир
... раздает два раза по кругу игрокам по одной карточке Собственника ...
Игроки, получившие карточки Собственника, должны немедленно заплатить Банк
указанную цену за обе полученные карточки Собственника").

How many deeds each player gets is the variant's ``deal_deeds``. With
virtual decks the service shuffles the deeds and deals them, and the deal is
part of the creation event (``Setup.deeds``); with the table's own deeds a
pending ``DeedDeal`` holds up the first roll until the table reports the
deal (``deal_deeds``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from .edition import Edition
from .pending import Pending
from .rulings import Rule
from .state import BANK, GameState
from .step import Step, action

WAITING = Rule(
    "deal.waiting",
    "The banker deals {count:n.deed} to each player, one per round, and each player pays for them at once: "
    "the table reports the deal before the first roll.",
)
DEALT = Rule("deal.deed", "{name} is dealt {place:space} and pays the bank its printed price, {price:m}, at once.")
NO_DEAL = Rule("deal.none", "No deal of {term.deed.pl} is waiting.")
PLAYERS = Rule(
    "deal.players",
    "The deal must list the {term.deed.pl} of each of the {players} players, in seat order, not {listed}.",
)
COUNT = Rule("deal.count", "Each player is dealt {count:n.deed}; the deal gives {name} {listed}.")
NOT_A_DEED = Rule(
    "deal.not_a_deed", "There is no {term.deed} for position {position}: only {term.property.pl} are dealt."
)
TWICE = Rule("deal.twice", "{place:space} is dealt twice: each {term.deed} is dealt once.")
TOO_FEW = Rule(
    "deal.too_few_deeds",
    "Dealing {count:n.deed} to each of {players} players takes {needed}; this board has {deeds}.",
)


@dataclass(frozen=True)
class DeedDeal(Pending):
    """The table's banker deals ``count`` title deeds to each player; the
    table reports which (``deal_deeds``) before the first roll."""

    type: ClassVar[str] = "deed_deal"
    count: int

    said: ClassVar[str] = "the deal of {count:n.deed} to each player"

    def particulars(self, state: GameState) -> dict[str, Any]:
        return {"count": self.count}


@dataclass(frozen=True)
class DealDeeds:
    """deeds: the positions dealt to each seat, in seat order."""

    type: ClassVar[str]
    seat: int
    deeds: tuple[tuple[int, ...], ...]


def begin(step: Step, deeds: Sequence[Sequence[int]]) -> None:
    """At creation: deal the deeds given (virtual decks), or wait for the
    table to report its deal."""
    count = step.edition.rules.variant(step.state.options.variant).deal_deeds
    if not count:
        return
    players, available = len(step.state.players), len(step.edition.property_positions)
    if players * count > available:
        raise step.refuse(
            "too_few_deeds", TOO_FEW, count=count, players=players, needed=players * count, deeds=available
        )
    if deeds:
        deal(step, deeds, count)
        return
    step.note(WAITING, count=count)
    step.push(DeedDeal(count))


def deal(step: Step, deeds: Sequence[Sequence[int]], count: int) -> None:
    """Check a whole deal, then hand each deed over against its price."""
    players = step.state.players
    if len(deeds) != len(players):
        raise step.refuse("deal_players", PLAYERS, players=len(players), listed=len(deeds))
    seen: set[int] = set()
    for seat, dealt in enumerate(deeds):
        if len(dealt) != count:
            raise step.refuse("deal_count", COUNT, count=count, name=players[seat].name, listed=len(dealt))
        for position in dealt:
            if not 0 <= position < step.edition.size or not step.edition.space(position).is_property:
                raise step.refuse("not_a_deed", NOT_A_DEED, position=position)
            if position in seen or not dealable(step.state, position):
                raise step.refuse("dealt_twice", TWICE, place=position)
            seen.add(position)
    for turn in range(count):  # one deed per player per round, as the banker deals them
        for seat, dealt in enumerate(deeds):
            position = dealt[turn]
            price = step.edition.space(position).price
            step.set_holding(position, owner=seat)
            ruling = step.ruling(DEALT, name=players[seat].name, place=position, price=price)
            step.charge(seat, BANK, price, "deal", ruling)


def dealable(state: GameState, position: int) -> bool:
    """A property's deed is still the bank's to deal."""
    return state.holdings[position].owner is None


def _options(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """While the deal is waiting, any seat reports it: ``count`` deeds to
    each of the ``seats`` hands (in seat order), from the deeds in ``positions``."""
    waiting = state.first_pending(DeedDeal) if state.pending else None
    if waiting is None:
        return {}
    deeds = [p for p in edition.property_positions if dealable(state, p)]
    choice = {"count": waiting.count, "seats": len(state.players), "positions": deeds}
    return {seat: choice for seat in state.active_seats()}


def _examples(options: dict[str, Any]) -> list[dict[str, Any]]:
    """The deeds dealt in board order, one per hand per round, as a banker deals them."""
    count, seats, deeds = options["count"], options["seats"], options["positions"]
    return [{"deeds": [[deeds[turn * seats + seat] for turn in range(count)] for seat in range(seats)]}]


# the banker deals for the whole table; any phone reports it
@action("deal_deeds", DealDeeds, _options, _examples, for_table=True, answers=DeedDeal)
def deal_deeds(step: Step, act: DealDeeds) -> None:
    waiting = step.state.first_pending(DeedDeal)
    if waiting is None:
        raise step.refuse("no_deal", NO_DEAL)
    step.drop(waiting)
    deal(step, act.deeds, waiting.count)
