"""A player may be called "bank" or "pot": every ruling value a template shows
with ``{x:phrase}`` (a payee, a creditor, an heir) is a player's seat and name
or a key, never a bare name a key could equal; and a player's seat and name
is given only where a template shows it so (by name)."""

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


def _misshown(ruling, names: tuple[str, ...]) -> list[str]:
    """A ruling's phrase-shown values that are neither a player (seat and name) nor a key,
    and its other values that are a player (which only ``{x:phrase}`` shows by name)."""
    found = []
    for name, spec in placeholders(RULES[ruling.rule].template).items():
        value = ruling.values.get(name)
        if isinstance(value, Mapping):
            assert names[value["seat"]] == value["name"], ruling
        if (spec == PHRASE) != isinstance(value, Mapping) and (spec != PHRASE or value not in ENGLISH):
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
            found += _misshown(ruling, NAMES)
    assert not found, sorted(set(found))
    assert {"debt.owed", "bankruptcy.cash"} & rules, sorted(rules)  # the game reached someone owing a player


def test_a_debt_to_a_player_called_bank_lapses_by_that_name_when_the_debtor_runs_out_of_time():
    # seed 002 l.158: «Хто вибув, вважається банкрутом перед банком»: the debt to the player lapses, named so
    from referee.explain import ruling_view
    from referee.rules.pending import Debt
    from referee.rules.rulings import Ruling
    from referee.rules.state import Turn

    from .game import Game

    ua = shipped()["ua-industries"]
    game = Game(ua, "bank", "Boris", "Vera", rent_collection="automatic", clock=True)
    owed = Debt(debtor=1, creditor=0, amount=2000, reason="rent", ruling=Ruling("rent", "Rent."))
    game.arrange(turn=Turn(seat=1), pending=(owed,), clock_since=1)  # the game started: its clock runs
    game.act("timeout", 0, elapsed=300)
    [lapsed] = [r for r in game.last.rulings if r.rule == "bankruptcy.out_debt_lapsed"]
    assert lapsed.text == "Boris's debt of 2000 to bank lapses: Boris is out of the game, bankrupt to the bank."
    stored = {"rule": lapsed.rule, "text": lapsed.text, "values": dict(lapsed.values)}
    assert "(кредитор: bank)" in ruling_view(stored, ua, "uk")["text"]
