"""Random tables for the tests of ``allowed`` and its options: every shipped
edition and variant, on lean tables (debts, payments in property, bank sales,
bankruptcies), rich ones (building), with table or virtual dice and decks, the
table clock run out, and every deed dealt before the first roll (trades and
shortages of houses at once), so that between them every action type comes up."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from referee.editions import build, shipped, thawed
from referee.rules import Edition, GameState, Options, Setup, parse_action, start, step
from referee.rules.engine import Now
from referee.simulate import Chooser, RandomChooser, random_action

EDITIONS = sorted(shipped())
GAMES = [(edition, variant) for edition in EDITIONS for variant in ("standard", *shipped()[edition].rules.variants)]
"""Every shipped edition with each of its variants."""
EXPIRED = Now(waited=10_000.0)
"""The service's clock, long after any wait of the table clock has run out."""
ENDS_AT = "2026-01-01T20:00:00+00:00"


@cache
def edition_of(edition_id: str, cash: str = "shipped") -> Edition:
    """The edition, or on a ``lean`` table (a fifth of the starting cash and the salary: random games reach
    debts and their end) or a ``rich`` one (cash to buy everything: groups complete and get built)."""
    if cash == "shipped":
        return shipped()[edition_id]
    document = thawed(shipped()[edition_id].document)
    rules = document["rules"]
    if cash == "lean":
        rules.update(start_cash=rules["start_cash"] // 5, salary=rules["salary"] // 5)
    else:
        rules.update(start_cash=20_000)
    return build({**document, "id": f"{edition_id}-{cash}"})


@dataclass(frozen=True)
class Table:
    """One random table: the edition and variant, and how it is set up.

    cash: "shipped", "lean" or "rich" (see ``edition_of``).
    automatic: the bank collects rent at once (else owners claim it).
    virtual: the service rolls the dice and draws the cards.
    clock: the table clock is on, and every wait has run out.
    dealt: every property dealt at random before the first roll (not in a
        variant that deals its own deeds).
    broke: the last seat starts without cash (debts from the first rent).
    """

    edition_id: str
    variant: str = "standard"
    players: int = 3
    cash: str = "shipped"
    automatic: bool = False
    virtual: bool = False
    clock: bool = False
    dealt: bool = False
    broke: bool = False

    @property
    def edition(self) -> Edition:
        return edition_of(self.edition_id, self.cash)

    @property
    def now(self) -> Now:
        return EXPIRED if self.clock else Now()

    def setup(self) -> Setup:
        edition = self.edition
        options = Options(
            variant=self.variant,
            rent_collection="automatic" if self.automatic or not edition.rules.rent.claim_window else "claim",
            dice="virtual" if self.virtual else "table",
            decks="virtual" if self.virtual else "table",
            clock=self.clock and edition.rules.clock.available,
            ends_at=ENDS_AT if self.variant == "timed" else None,
        )
        decks = {deck: tuple(c.id for c in edition.decks[deck].cards) for deck in edition.decks} if self.virtual else {}
        return Setup(tuple(f"P{i}" for i in range(self.players)), options, decks)

    def states(self, choose: Chooser, max_actions: int) -> Iterator[GameState]:
        """The states of one random game, the first included, until it ends or stalls."""
        edition = self.edition
        state = start(edition, self.setup()).state
        if self.dealt and not state.pending:
            for position in edition.property_positions:
                state = state.with_holding(position, owner=choose.integer(0, self.players - 1))
        if self.broke:
            state = state.with_player(self.players - 1, cash=0)
        for _ in range(max_actions):
            yield state
            action = None if state.finished else random_action(state, edition, choose)
            if action is None:
                return
            state = step(state, parse_action(action), edition).state


def seeded_tables() -> Iterator[tuple[Table, int]]:
    """A few tables of every edition and variant, with seeds, that between them offer every action type."""
    for edition_id, variant in GAMES:
        yield Table(edition_id, variant, clock=True), 1
        yield Table(edition_id, variant, cash="lean", automatic=True, virtual=True), 2
        yield Table(edition_id, variant, dealt=True, broke=True), 3
    yield Table("classic", cash="rich"), 4
    yield Table("classic", players=4, dealt=True), 2  # two players short of houses: a shortage to report


def seeded_states(max_actions: int) -> Iterator[tuple[Table, GameState]]:
    """Every state of the seeded tables' games, with its table."""
    for table, seed in seeded_tables():
        for state in table.states(RandomChooser(seed), max_actions):
            yield table, state
