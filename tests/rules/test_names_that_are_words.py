"""A player may be called "bank" or "pot": every ruling value a template shows
with ``{x:phrase}`` (a payee, a creditor, an heir) is a player's seat and name
or a key, never a bare name a key could equal."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from referee.editions import build, shipped, thawed
from referee.editions.catalog import placeholders
from referee.rules import Options, Setup
from referee.rules.phrases import ENGLISH, PHRASE
from referee.rules.rulings import RULES
from referee.simulate import RandomChooser, play

NAMES = ("bank", "Pot", "nobody", "the bank")
"""Two names that are keys or their stored words, two that are not: a bare name
where a player belongs is caught whichever seat it is."""


def lean(edition_id: str):
    """The edition with little money, so that random games reach debts and bankruptcies."""
    document = thawed(shipped()[edition_id].document)
    document["rules"].update(start_cash=300)
    return build({**document, "id": f"{edition_id}-lean"})


def _bare_names(ruling, names: tuple[str, ...]) -> list[str]:
    """The phrase-shown values of a ruling that are neither a player (seat and name) nor a key."""
    found = []
    for name, spec in placeholders(RULES[ruling.rule].template).items():
        value = ruling.values.get(name)
        if spec != PHRASE:
            continue
        if isinstance(value, Mapping):
            assert names[value["seat"]] == value["name"], ruling
        elif value not in ENGLISH:
            found.append(f"{ruling.rule}.{name} = {value!r}")
    return found


@pytest.mark.parametrize("edition_id, seed", [("classic", 1), ("classic", 2), ("ua-industries", 3)])
def test_players_named_like_the_bank_are_shown_by_seat_and_name_in_every_ruling(edition_id, seed):
    edition = lean(edition_id)
    options = Options(rent_collection="automatic", house_rules=("free_parking_jackpot",))
    found, rules = [], set()
    for played in play(edition, Setup(NAMES, options), RandomChooser(seed), max_actions=1500):
        for ruling in (*played.outcome.rulings, *(t.ruling for t in played.outcome.transfers)):
            rules.add(ruling.rule)
            found += _bare_names(ruling, NAMES)
    assert not found, sorted(set(found))
    assert {"debt.owed", "bankruptcy.cash"} & rules, sorted(rules)  # the game reached someone owing a player
