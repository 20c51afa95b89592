"""Digests of random games, to show that a change to the engine changed no outcome.

    python -m benchmarks.digests record before.json   # on the code before the change
    python -m benchmarks.digests check before.json    # on the code after it: the same digests, or the games that differ

A game's digest covers, for every action of a seeded random game, the action
the random table chose, ``allowed`` in the state it chose it in, and the
serialised outcome (state, transfers and rulings, their texts included), so
that any difference in what the engine decides, lists or explains, or in what
the random table picks, changes it. The games cover every shipped edition and
variant, with claimed and automatic rent, table and virtual dice and decks,
house rules and the table clock.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass

from referee.editions import shipped
from referee.rules import Edition, Options, Setup, allowed
from referee.rules.serialize import ruling_to_dict, state_to_dict, transfer_to_dict
from referee.simulate import RandomChooser, play

MAX_ACTIONS = 300
ENDS_AT = "2026-01-01T20:00:00+00:00"


@dataclass(frozen=True)
class Table:
    """One kind of random table (see ``tables``)."""

    edition_id: str
    variant: str
    players: int
    automatic: bool
    virtual: bool
    house_rules: tuple[str, ...] = ()

    def setup(self, edition: Edition) -> Setup:
        automatic = self.automatic or not edition.rules.rent.claim_window
        options = Options(
            variant=self.variant,
            rent_collection="automatic" if automatic else "claim",
            dice="virtual" if self.virtual else "table",
            decks="virtual" if self.virtual else "table",
            house_rules=self.house_rules,
            clock=edition.rules.clock.available and not self.virtual,
            ends_at=ENDS_AT if self.variant == "timed" else None,
        )
        decks = {deck: tuple(c.id for c in edition.decks[deck].cards) for deck in edition.decks} if self.virtual else {}
        return Setup(tuple(f"P{i}" for i in range(self.players)), options, decks)

    @property
    def name(self) -> str:
        rent = "automatic" if self.automatic else "claim"
        dice = "virtual" if self.virtual else "table"
        rules = "+".join(self.house_rules) or "booklet"
        return f"{self.edition_id}/{self.variant}/{self.players}p/{rent}/{dice}/{rules}"


def tables() -> Iterator[Table]:
    """Every shipped edition and variant, each on four kinds of table."""
    for edition_id, edition in sorted(shipped().items()):
        for variant in ("standard", *edition.rules.variants):
            yield Table(edition_id, variant, 4, automatic=True, virtual=False)
            yield Table(edition_id, variant, 3, automatic=False, virtual=False)
            yield Table(edition_id, variant, 2, automatic=True, virtual=True, house_rules=("free_parking_jackpot",))
            yield Table(edition_id, variant, 5, automatic=False, virtual=True, house_rules=("go_landing_double",))


def game_digest(table: Table, seed: int) -> str:
    """The digest of one seeded random game on ``table``."""
    edition = shipped()[table.edition_id]
    digest = hashlib.sha256()
    state = None
    for played in play(edition, table.setup(edition), RandomChooser(seed), max_actions=MAX_ACTIONS):
        outcome = played.outcome
        record = {
            "action": played.action,
            "allowed": allowed(state, edition) if state is not None else None,
            "state": state_to_dict(outcome.state),
            "transfers": [transfer_to_dict(t) for t in outcome.transfers],
            "rulings": [ruling_to_dict(r) for r in outcome.rulings],
        }
        digest.update(json.dumps(record, sort_keys=True, default=repr).encode())
        state = outcome.state
    return digest.hexdigest()


def digests(seeds: int) -> dict[str, str]:
    return {f"{table.name}#{seed}": game_digest(table, seed) for table in tables() for seed in range(seeds)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("record", "check"))
    parser.add_argument("file")
    parser.add_argument("--seeds", type=int, default=16, help="seeds 0..N-1 of every table (16: 640 games)")
    args = parser.parse_args(argv)
    found = digests(args.seeds)
    summary = hashlib.sha256("".join(found.values()).encode()).hexdigest()
    if args.mode == "record":
        with open(args.file, "w") as out:
            json.dump({"summary": summary, "games": found}, out, indent=1)
        print(f"{len(found)} games recorded, summary {summary}")
        return 0
    with open(args.file) as recorded:
        expected = json.load(recorded)["games"]
    differing = [game for game in expected if found.get(game) != expected[game]]
    for game in differing:
        print(f"differs: {game}")
    print(f"{len(found)} games, {len(differing)} differ, summary {summary}")
    return 1 if differing or found.keys() != expected.keys() else 0


if __name__ == "__main__":
    sys.exit(main())
