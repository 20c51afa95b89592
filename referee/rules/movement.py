"""Moving tokens: steps around the board, the GO salary, and landing.

What a space does to the token that lands on it is registered per space kind
in ``LANDINGS`` by the module that owns that rule (purchase and rent, taxes,
cards, jail), so this module knows nothing of them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .rulings import Rule
from .step import Step

GO_SALARY = Rule("go.salary", "{name} {how:phrase} {place:space} and collects the salary of {amount:m} from the bank.")
GO_LANDING_BONUS = Rule(
    "house.go_landing_double",
    "House rule: {name} lands exactly on {term.go} and collects double salary, {amount:m}.",
    house_rule=True,
)


@dataclass(frozen=True)
class Arrival:
    """How a token came to a space.

    by_card: a card moved it (utility rent then needs a new roll in every
        booklet, and card-specific rent applies).
    rent_multiplier: a card's multiplier on the normal rent ("pay twice").
    utility_multiplier: a card's fixed dice multiplier for a utility.
    """

    seat: int
    position: int
    by_card: bool = False
    rent_multiplier: int = 1
    utility_multiplier: int | None = None


Landing = Callable[[Step, Arrival], None]
LANDINGS: dict[str, Landing] = {}


def on_landing(*kinds: str) -> Callable[[Landing], Landing]:
    """Register what landing on spaces of these kinds does."""

    def register(func: Landing) -> Landing:
        for kind in kinds:
            LANDINGS[kind] = func
        return func

    return register


def pay_salary(step: Step, seat: int, landed: bool) -> None:
    player = step.state.players[seat]
    salary = step.edition.rules.salary
    if landed and step.state.options.house_rule("go_landing_double"):
        ruling = step.ruling(GO_LANDING_BONUS, name=player.name, amount=2 * salary, house_rule="go_landing_double")
        step.transfer("bank", seat, 2 * salary, "salary", ruling)
        return
    how = "lands_on" if landed else "passes"
    go = step.edition.positions_of_kind("go")[0]
    ruling = step.ruling(GO_SALARY, name=player.name, how=how, place=go, amount=salary)
    step.transfer("bank", seat, salary, "salary", ruling)


def move_to(
    step: Step,
    seat: int,
    target: int,
    *,
    forward: bool = True,
    salary: bool = True,
    by_card: bool = False,
    rent_multiplier: int = 1,
    utility_multiplier: int | None = None,
) -> None:
    """Move a token to ``target`` and resolve the space.

    Moving forward past or onto GO pays the salary unless ``salary`` is False
    (jail, "do not pass GO"); moving back never does.
    """
    player = step.state.players[seat]
    size = step.edition.size
    steps = (target - player.position) % size
    if forward and salary and steps and player.position + steps >= size:
        pay_salary(step, seat, landed=target == 0)
    step.set_player(seat, position=target, visits=player.visits + 1)
    land(step, Arrival(seat, target, by_card, rent_multiplier, utility_multiplier))


def advance(step: Step, seat: int, steps: int) -> None:
    position = step.state.players[seat].position
    move_to(step, seat, (position + steps) % step.edition.size)


def land(step: Step, arrival: Arrival) -> None:
    handler = LANDINGS.get(step.edition.space(arrival.position).kind)
    if handler:
        handler(step, arrival)


def next_of_kind(step: Step, position: int, kind: str) -> int:
    """The first space of ``kind`` ahead of ``position`` (clockwise)."""
    size = step.edition.size
    for offset in range(1, size + 1):
        candidate = (position + offset) % size
        if step.edition.space(candidate).kind == kind:
            return candidate
    raise ValueError(f"no {kind} on the board")
