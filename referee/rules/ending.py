"""The end of a game and its winner.

The standard game ends when one player is left, who wins; nobody is declared
winner earlier for being richest (seed 001: "Остальные продолжают, пока не
останется один участник. Он победитель; в этой базовой партии не сравнивают
просто наличные деньги после условленного часа"). A variant may end it
sooner, and then the richest by worth wins, equal worths sharing the win
(seed 000): the short game at its second bankruptcy ("Когда и второй игрок
становится банкротом, игра заканчивается ... Побеждает самый богатый
игрок!"), the timed game at the agreed time or when the table stops it
("Победит участник самый богатый на момент окончания игры").

The engine has no clock: at the end time the service reports ``end_game``
itself (``time_up``), before anything else that arrives later.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from .edition import Edition
from .pending import Debt
from .rulings import Rule
from .state import GameState
from .step import Step, action
from .worth import standings

if TYPE_CHECKING:
    from .engine import Now

LAST_STANDING = Rule("game.won", "{name} is the last player still in the game and wins it.")
BANKRUPTCIES = Rule(
    "game.end.bankruptcies",
    "{count} players are out of the game: this game ends here, and the richest by worth wins.",
)
TIME_UP = Rule(
    "game.end.time", "The agreed end time, {ends_at}, has come: the game ends, and the richest by worth wins."
)
STOPPED = Rule(
    "game.end.table",
    "The table ends the timed game (agreed end time {ends_at}): the richest by worth wins.",
)
NOT_TIMED = Rule(
    "game.end.not_timed",
    "Only a timed game is stopped by the table: this game goes on until the rules end it (one player left, or "
    "the bankruptcy that ends a short game), and nobody wins early for being richest.",
)
WORTH = Rule(
    "game.worth",
    "{name} is worth {total:m}: cash {cash:m} + {term.property.pl} at their price {properties:m} + mortgaged "
    "ones at half price {mortgaged:m} + buildings at cost {buildings:m}.",
)
WORTH_WITH_DEBTS = Rule(
    "game.worth.debts",
    "{name} is worth {total:m}: cash {cash:m} + {term.property.pl} at their price {properties:m} + mortgaged "
    "ones at half price {mortgaged:m} + buildings at cost {buildings:m} − debts unpaid {debts:m} + debts "
    "owed to them {claims:m}.",
)
RICHEST = Rule("game.richest", "{names} wins the game, the richest with a worth of {total:m}.")
TIED = Rule("game.tied", "{names} tie as the richest, each worth {total:m}, and share the win.")


def ends_at_bankruptcy(state: GameState, edition: Edition, count: int) -> bool:
    """Whether the game ends once ``count`` players (in all) are bankrupt."""
    left = len(state.players) - count
    limit = edition.rules.variant(state.options.variant).end_after_bankruptcies
    return left <= 1 or (limit is not None and count >= limit)


def after_bankruptcy(step: Step) -> None:
    """End the game if the bankruptcy just settled ends it."""
    state = step.state
    active = state.active_seats()
    count = len(state.players) - len(active)
    if not ends_at_bankruptcy(state, step.edition, count):
        return
    if len(active) == 1:
        step.note(LAST_STANDING, name=state.players[active[0]].name)
        finish(step, tuple(active))
        return
    step.note(BANKRUPTCIES, count=count)
    by_worth(step)


def by_worth(step: Step) -> None:
    """Rank the players left by worth (seed 000: cash, properties at price,
    mortgaged at half, buildings at cost) and end the game; the richest win."""
    table = standings(step.state, step.edition)
    for standing in table:
        if standing.rank is None:
            continue
        w = standing.worth
        values = dict(
            name=step.state.players[w.seat].name,
            total=w.total,
            cash=w.cash,
            properties=w.properties,
            mortgaged=w.mortgaged,
            buildings=w.buildings,
        )
        if w.debts or w.claims:
            step.note(WORTH_WITH_DEBTS, debts=w.debts, claims=w.claims, **values)
        else:
            step.note(WORTH, **values)
    winners = tuple(s.worth.seat for s in table if s.rank == 1)
    names = ", ".join(step.state.players[s].name for s in winners)
    step.note(TIED if len(winners) > 1 else RICHEST, names=names, total=table[0].worth.total)
    finish(step, winners)


def finish(step: Step, winners: tuple[int, ...]) -> None:
    """The game is over: nothing is left to resolve, only reads remain. Debts
    still unpaid stay on record: the final worths count them."""
    step.set(winner=winners, finished=True, pending=tuple(step.state.pending_of(Debt)))
    step.set_turn(can_roll=False)


@dataclass(frozen=True)
class EndGame:
    """The table stops a timed game.

    seat: the seat reporting it (any player still in the game).
    time_up: set by the service when the agreed end time has come; clients
        do not send it.
    """

    type: ClassVar[str]
    seat: int
    time_up: bool = False


def timed(state: GameState, edition: Edition) -> bool:
    """The game is played to an agreed end time (seed 000, the timed game)."""
    return bool(edition.rules.variant(state.options.variant).end_time)


def _options(state: GameState, edition: Edition, now: Now) -> dict[int, dict[str, Any]]:
    """In a timed game any seat may report that the table stops it; ``time_up``:
    the agreed end time has come (then ending it is all that is left to do)."""
    if not timed(state, edition):
        return {}
    return {seat: {"time_up": now.time_up} for seat in state.active_seats()}


def _examples(options: dict[str, Any]) -> list[dict[str, Any]]:
    """The table stops the game; at the end time the service records it as time up."""
    return [{"time_up": True}] if options["time_up"] else [{}]


@action("end_game", EndGame, _options, _examples, timed=True, table=True)
def end_game(step: Step, act: EndGame) -> None:
    if not timed(step.state, step.edition):
        raise step.refuse("not_timed", NOT_TIMED)
    step.note(TIME_UP if act.time_up else STOPPED, ends_at=step.state.options.ends_at)
    by_worth(step)
