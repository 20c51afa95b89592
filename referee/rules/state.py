"""The game state: frozen records that one action turns into the next."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from .pending import Pending
from .records import evolve

BANK = "bank"
POT = "pot"
Account = int | str  # a seat number, "bank", or "pot" (the Free Parking jackpot)


@dataclass(frozen=True)
class Options:
    """Choices made when the game was created.

    variant: standard, short or timed.
    rent_collection: "claim" (the owner must ask before the next roll) or
        "automatic" (the bank collects at once).
    dice, decks: "table" (reported by the table) or "virtual" (the service
        rolls and shuffles, and records the outcome).
    house_rules: ids of the house rules switched on.
    ends_at: end time of a timed game (ISO 8601), else None.
    clock: the table clock is on (editions that have one): whoever must act
        has a limited time, and the service applies what running out means.
    jackpot_start: with the jackpot house rule, what the bank puts in the
        pot at the start (0: nothing).
    ends_after_rounds: the game ends, the richest winning, once this many
        rounds are played (None: no such limit).
    """

    variant: str = "standard"
    rent_collection: str = "claim"
    dice: str = "table"
    decks: str = "table"
    house_rules: tuple[str, ...] = ()
    ends_at: str | None = None
    clock: bool = False
    jackpot_start: int = 0
    ends_after_rounds: int | None = None

    def house_rule(self, rule_id: str) -> bool:
        return rule_id in self.house_rules


@dataclass(frozen=True)
class Player:
    """A seat at the table.

    cash: money held, only ever changed by ledger transfers.
    position: board position of the token.
    in_jail: held in jail; jail_turns counts failed attempts to roll out.
    jail_cards: ids of the "get out of jail free" cards held.
    out: no longer in the game: bankrupt, or gone home (``left``). Play asks
        only this (often: it is a field, not worked out).
    left: out because the player went home (the table's decision, ``leave``):
        settled as a bankruptcy is, but not bankrupt.
    visits: arrivals on a space so far (a new count on every move).
    built_visit: the visit during which the player last bought a building,
        for editions allowing one per visit.
    """

    seat: int
    name: str
    cash: int
    position: int = 0
    in_jail: bool = False
    jail_turns: int = 0
    jail_cards: tuple[str, ...] = ()
    out: bool = False
    visits: int = 0
    built_visit: int | None = None
    left: bool = False

    @property
    def bankrupt(self) -> bool:
        """Out of the game over a debt they could not pay (seed 001: "Если после
        продажи зданий и залога вы всё равно не можете погасить долг, вы банкрот
        и выходите из игры"); a player who went home is out, not bankrupt."""
        return self.out and not self.left


@dataclass(frozen=True)
class Holding:
    """The state of one property: owner seat (None while the bank holds it),
    buildings and mortgage."""

    position: int
    owner: int | None = None
    houses: int = 0
    hotel: bool = False
    mortgaged: bool = False


@dataclass(frozen=True)
class Supply:
    """Buildings still in the bank."""

    houses: int
    hotels: int


@dataclass(frozen=True)
class Turn:
    """Whose turn it is and how far it has gone.

    doubles: doubles rolled in a row this turn.
    can_roll: the player may (and must, before ending the turn) roll now.
    rolled: a movement roll has been made this turn.
    dice: the last movement roll.
    traded_at: the game's roll count when the turn's player last offered a
        trade, for editions allowing one offer per roll.
    """

    seat: int
    doubles: int = 0
    can_roll: bool = True
    rolled: bool = False
    dice: tuple[int, int] | None = None
    traded_at: int | None = None


@dataclass(frozen=True)
class RandomMove:
    """The last random move of the game (seed 002, «Несподівана поїздка»).

    destination: where it sent a token; the next random move may not go there.
    roll: the game's roll count when it happened; a second random-move card
        in the same roll is skipped.
    """

    destination: int
    roll: int


@dataclass(frozen=True)
class GameState:
    """Everything the engine knows about one game.

    version: number of events applied (the creation is event 1).
    decks: for virtual decks, the order of each deck (top first); for table
        decks, an empty tuple (the table shuffles).
    pot: the Free Parking jackpot (a house rule), else 0.
    winner: seats of the winner(s) once the game has ended.
    finished: the game is over; only reads remain.
    rolls: movement rolls made in the whole game (a roll's identity).
    random_move: the last random move, if any.
    clock_since: with the table clock on, the event (version) at which the
        current wait began; the service times it from that event. 0 until the
        game starts at the table, with the first action after the creation.
    rounds: in a game with a round limit, the rounds played so far (the
        turn gone round the table).
    """

    edition: str
    options: Options
    players: tuple[Player, ...]
    holdings: Mapping[int, Holding]
    supply: Supply
    turn: Turn
    pending: tuple[Pending, ...] = ()
    decks: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    pot: int = 0
    winner: tuple[int, ...] = ()
    finished: bool = False
    version: int = 0
    rolls: int = 0
    random_move: RandomMove | None = None
    clock_since: int = 0
    rounds: int = 0

    def player(self, seat: int) -> Player:
        return self.players[seat]

    def holding(self, position: int) -> Holding:
        return self.holdings[position]

    def active_seats(self) -> list[int]:
        return [p.seat for p in self.players if not p.out]

    def owned_by(self, seat: int) -> Iterator[Holding]:
        return (h for h in self.holdings.values() if h.owner == seat)

    def pending_of(self, kind: type) -> list:
        return [p for p in self.pending if isinstance(p, kind)]

    def first_pending(self, kind: type):
        return next((p for p in self.pending if isinstance(p, kind)), None)

    @property
    def blocker(self) -> Pending | None:
        """The first item that stops the game moving on, if any."""
        for item in self.pending:  # a loop, not next(...): asked of every state, so it is kept cheap
            if item.blocking:
                return item
        return None

    @property
    def blocked(self) -> bool:
        """Something must be resolved before the game moves on."""
        return self.blocker is not None

    def with_player(self, seat: int, **changes) -> GameState:
        players = list(self.players)
        players[seat] = evolve(players[seat], **changes)
        return evolve(self, players=tuple(players))

    def with_holding(self, position: int, **changes) -> GameState:
        holdings = dict(self.holdings)
        holdings[position] = evolve(holdings[position], **changes)
        return evolve(self, holdings=holdings)
