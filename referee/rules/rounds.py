"""A game played to an agreed number of rounds (a table option, no
booklet's rule): once every player still in has had their turn that many
times, the game ends as a timed game ends at its hour, the richest by worth
winning (seed 000, the timed game: "Победит участник самый богатый на
момент окончания игры").

A round is over when the turn passes back round the table (to a seat at or
before the one whose turn ends). The end is recorded by the end of turn that
closes the last round; a round closed by its last player's bankruptcy ends
the game at the next end of a turn, once the estate's auctions are over.
"""

from __future__ import annotations

from .ending import by_worth
from .rulings import Rule
from .step import Step

ROUNDS_OPTION = "ends_after_rounds"

ROUNDS_UP = Rule(
    "game.end.rounds",
    "Table option: round {rounds} of the {limit} agreed is over, so the game ends, and the richest by worth wins.",
    house_rule=True,
)
BAD_LIMIT = Rule("setup.rounds", "A game ends after 1 to {most} rounds, not {limit}.")
MOST_ROUNDS = 1000


def turn_passes(step: Step, seat: int) -> None:
    """Count a round when the turn goes back round the table to ``seat`` (in a game with a round limit)."""
    if step.state.options.ends_after_rounds is not None and seat <= step.state.turn.seat:
        step.set(rounds=step.state.rounds + 1)


def check_limit(step: Step) -> None:
    """The table's option refused at set-up when it is out of range."""
    limit = step.state.options.ends_after_rounds
    if limit is not None and not 1 <= limit <= MOST_ROUNDS:
        raise step.refuse("bad_rounds", BAD_LIMIT, most=MOST_ROUNDS, limit=limit)


def after_turn(step: Step) -> None:
    """End the game once the agreed rounds are played."""
    state = step.state
    limit = state.options.ends_after_rounds
    if limit is None or state.finished or state.rounds < limit:
        return
    step.note(ROUNDS_UP, rounds=state.rounds, limit=limit, house_rule=ROUNDS_OPTION)
    by_worth(step)
