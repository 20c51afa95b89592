"""Tables for the benchmark: games created through the API, scripted table
positions just before a measured action, and long random games.

Every action sent is checked: the status, the event's number, and for the
scripted actions the money that moved.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from referee.editions import shipped
from referee.rules import ACTIONS, Options, Setup
from referee.simulate import ALOUD_ODDS, RandomChooser, play

from .clients import Client

EDITION = shipped()["classic"]
PLAYERS = ("Anna", "Boris")


def _names(players: int) -> tuple[str, ...]:
    return PLAYERS if players == len(PLAYERS) else tuple(f"P{i}" for i in range(players))


class WrongAnswer(AssertionError):
    """The service answered, but not what the rules say."""


@dataclass
class Game:
    id: str
    token: str
    version: int = 1


def create(client: Client, players: int = len(PLAYERS)) -> Game:
    """A classic game with rent collected by the bank at once (so a roll onto a
    property pays its rent within the measured action)."""
    body = {"edition": EDITION.id, "players": [{"name": n} for n in _names(players)]}
    body["options"] = {"rent_collection": "automatic"}
    status, created = client.request("POST", "/games", body)
    if status != 201:
        raise WrongAnswer(f"POST /games: {status} {created}")
    return Game(created["id"], created["token"])


def act(client: Client, game: Game, action: dict[str, Any]) -> dict[str, Any]:
    """Send one action; it must be accepted as the game's next event."""
    return written(client, game, "/actions", action, str(action))


def written(client: Client, game: Game, path: str, body: dict[str, Any], what: str) -> dict[str, Any]:
    """POST a write to one of the game's resources; it must be stored as the game's next event."""
    status, result = client.request("POST", f"/games/{game.id}{path}", body, game.token)
    if status != 201:
        raise WrongAnswer(f"{what}: {status} {result}")
    game.version += 1
    if result["event"]["seq"] != game.version or result["state"]["version"] != game.version:
        raise WrongAnswer(f"{what}: event {result['event']['seq']}, expected {game.version}")
    return result


def read(client: Client, game: Game) -> dict[str, Any]:
    status, state = client.request("GET", f"/games/{game.id}", token=game.token)
    if status != 200 or state["version"] != game.version:
        raise WrongAnswer(f"GET /games/{game.id}: {status}, version {state and state.get('version')}")
    return state


# -- scripted positions -------------------------------------------------------


def _pays(payer: int | str, payee: int | str, amount: int) -> Callable[[dict[str, Any]], None]:
    def check(result: dict[str, Any]) -> None:
        moved = [(e["from"], e["to"], e["amount"]) for e in result["ledger"]]
        if moved != [(payer, payee, amount)]:
            raise WrongAnswer(f"ledger {moved}, expected {[(payer, payee, amount)]}")

    return check


@dataclass(frozen=True)
class Scene:
    """Actions that bring a new game to a position, then the measured action."""

    name: str
    setup: tuple[dict[str, Any], ...]
    action: dict[str, Any]
    check: Callable[[dict[str, Any]], None]

    def prepare(self, client: Client) -> Game:
        game = create(client)
        for action in self.setup:
            act(client, game, action)
        return game

    def run(self, client: Client, game: Game) -> None:
        self.check(act(client, game, self.action))


def _roll(seat: int, a: int, b: int) -> dict[str, Any]:
    return {"type": "roll", "seat": seat, "dice": [a, b]}


def _do(kind: str, seat: int, **fields: Any) -> dict[str, Any]:
    return {"type": kind, "seat": seat, **fields}


BALTIC, ORIENTAL, VERMONT, CONNECTICUT = 3, 6, 8, 9

RENT = Scene(
    "roll landing on rent",
    (_roll(0, 1, 2), _do("buy", 0), _do("end_turn", 0)),
    _roll(1, 1, 2),
    _pays(1, 0, EDITION.space(BALTIC).rent[0]),
)
BUY = Scene("buy", (_roll(0, 1, 2),), _do("buy", 0), _pays(0, "bank", EDITION.space(BALTIC).price))


def build_scene() -> Scene | None:
    """Seat 0 gets the light-blue street group, then builds a house; None
    while the engine has no ``build`` action."""
    spec = ACTIONS.get("build")
    if spec is None:
        return None
    names = {f.name for f in dataclasses.fields(spec.cls)}
    where = {"positions": [ORIENTAL]} if "positions" in names else {"position": ORIENTAL}
    setup = (
        _roll(0, 2, 4),
        _do("buy", 0),
        _do("end_turn", 0),
        _roll(1, 3, 5),
        _do("decline", 1),
        _do("bid", 0, amount=10),
        _do("pass", 1),
        _do("end_turn", 1),
        _roll(0, 1, 2),
        _do("buy", 0),
    )
    return Scene("build", setup, _do("build", 0, **where), _pays(0, "bank", EDITION.space(ORIENTAL).building_cost))


def scenes() -> list[Scene]:
    return [s for s in (RENT, BUY, build_scene()) if s is not None]


# -- long random games --------------------------------------------------------


class Cautious(RandomChooser):
    """A random table that never buys, bids or builds: nobody owns anything,
    so nobody goes bankrupt and the game can run for thousands of actions."""

    AVOIDED = frozenset({"buy", "bid", "build"})

    def pick(self, options):
        if options == ALOUD_ODDS:
            return "nobody"  # an auction reported by its result: nobody bids either
        if options and isinstance(options[0], dict) and "type" in options[0]:
            kept = [o for o in options if o["type"] not in self.AVOIDED]
            options = kept or options
        return super().pick(options)


def random_actions(seed: int, count: int, players: int = 4, cautious: bool = False) -> list[dict[str, Any]]:
    """The first ``count`` actions of a random legal game (fewer if it ends or
    stalls first), played by the engine so the service's answers can be checked."""
    setup = Setup(_names(players), Options(rent_collection="automatic"))
    chooser = Cautious(seed) if cautious else RandomChooser(seed)
    played = play(EDITION, setup, chooser, max_actions=count)
    next(played)  # the creation
    return [p.action for p in played]


def long_random_actions(count: int, players: int = 4, seeds: range = range(20)) -> tuple[list[dict[str, Any]], str]:
    """A random game at least ``count`` actions long: the first seed that
    lasts, or else one of a table that never buys (games that end by
    bankruptcy do not last that long). Returns the actions and which it is."""
    for seed in seeds:
        actions = random_actions(seed, count, players)
        if len(actions) == count:
            return actions, f"random players (seed {seed})"
    for seed in seeds:
        actions = random_actions(seed, count, players, cautious=True)
        if len(actions) == count:
            return actions, f"random players who never buy, bid or build (seed {seed}): no random game lasted"
    raise RuntimeError(f"no random game of {count} actions among seeds {seeds}")
