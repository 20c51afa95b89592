"""A small driver for engine tests: a game, its actions, and ways to arrange
a position without playing up to it."""

from __future__ import annotations

from dataclasses import replace

from referee.rules import Options, Setup, allowed, parse_action, start, step
from referee.rules.invariants import ledger_problems, violations
from referee.rules.pending import Pending
from referee.rules.state import GameState

# Actions an owner may take at almost any moment (seeds 001/000: building, mortgaging and trading
# are not tied to one's turn); tests about the turn's flow leave them out of `allowed`.
TABLE_DECISIONS = frozenset({"adjust", "rename", "leave"})
"""The table's own decisions (money moved with a reason, names, a player leaving): open at every moment of play."""
DEALINGS = frozenset(
    {"build", "sell_building", "mortgage", "unmortgage", "trade", "auction_buildings", "auction_property"}
    | {"counter_trade"}
    | TABLE_DECISIONS
)


class Game:
    def __init__(self, edition, *names: str, **options):
        self.edition = edition
        decks = options.pop("decks_order", {})
        outcome = start(edition, Setup(names or ("Anna", "Boris"), Options(**options), decks))
        self.state: GameState = outcome.state
        self.transfers = list(outcome.transfers)
        self.last = outcome

    def act(self, type: str, seat: int, **fields):
        self.last = step(self.state, parse_action({"type": type, "seat": seat, **fields}), self.edition)
        self.state = self.last.state
        self.transfers += self.last.transfers
        problems = violations(self.state, self.edition) + ledger_problems(self.state, self.transfers)
        assert not problems, problems
        return self.last

    def roll(self, seat: int, a: int, b: int):
        return self.act("roll", seat, dice=[a, b])

    # -- arranging a position (the ledger gets a matching adjustment) ---------
    def arrange(self, **changes) -> None:
        self.state = replace(self.state, **changes)

    def place(self, seat: int, position: int) -> None:
        self.state = self.state.with_player(seat, position=position)

    def own(self, seat: int, *positions: int, **changes) -> None:
        for position in positions:
            self.state = self.state.with_holding(position, owner=seat, **changes)

    def build_up(self, houses: dict[int, int] | None = None, hotels: tuple[int, ...] = ()) -> None:
        """Put buildings on owned streets; the bank keeps whatever is not on the board."""
        from referee.rules.state import Supply

        for position, count in (houses or {}).items():
            self.state = self.state.with_holding(position, houses=count, hotel=False)
        for position in hotels:
            self.state = self.state.with_holding(position, houses=0, hotel=True)
        rules = self.edition.rules.buildings
        on_board = self.state.holdings.values()
        self.state = replace(
            self.state,
            supply=Supply(
                rules.houses - sum(h.houses for h in on_board),
                rules.hotels - sum(1 for h in on_board if h.hotel),
            ),
        )

    def set_cash(self, seat: int, cash: int) -> None:
        """Give or take cash through a bank transfer, so the ledger still balances."""
        from referee.rules.ledger import Transfer
        from referee.rules.rulings import Ruling

        delta = cash - self.state.players[seat].cash
        note = Ruling("test.arrange", "arranged for the test")
        if delta > 0:
            self.transfers.append(Transfer("bank", seat, delta, "arranged", note))
        elif delta < 0:
            self.transfers.append(Transfer(seat, "bank", -delta, "arranged", note))
        self.state = self.state.with_player(seat, cash=cash)

    # -- reading ----------------------------------------------------------------
    def cash(self, seat: int) -> int:
        return self.state.players[seat].cash

    def pending(self, kind: type[Pending] | None = None):
        return [p for p in self.state.pending if kind is None or isinstance(p, kind)]

    def allowed(self, everything: bool = False) -> set[tuple[str, int]]:
        """Legal actions now; property dealings (legal almost any time) only when asked for."""
        return {
            (a["type"], a["seat"]) for a in allowed(self.state, self.edition) if everything or a["type"] not in DEALINGS
        }

    def rules(self) -> list[str]:
        return [r.rule for r in self.last.rulings]

    def refused(self, type: str, seat: int, **fields):
        """The RuleViolation an action is refused with (the state stays as it was)."""
        from referee.rules import RuleViolation

        before = self.state
        try:
            self.act(type, seat, **fields)
        except RuleViolation as refusal:
            assert self.state == before
            return refusal
        raise AssertionError(f"{type} by seat {seat} was not refused")

    def level(self, position: int) -> tuple[int, bool]:
        holding = self.state.holdings[position]
        return holding.houses, holding.hotel

    def ledger_of(self, reason: str) -> list:
        return [t for t in self.last.transfers if t.reason == reason]
