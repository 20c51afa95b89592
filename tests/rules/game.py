"""A small driver for engine tests: a game, its actions, and ways to arrange
a position without playing up to it."""

from __future__ import annotations

from dataclasses import replace

from referee.rules import Options, Setup, allowed, parse_action, start, step
from referee.rules.invariants import ledger_problems, violations
from referee.rules.pending import Pending
from referee.rules.state import GameState


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

    def allowed(self) -> set[tuple[str, int]]:
        return {(a["type"], a["seat"]) for a in allowed(self.state, self.edition)}

    def rules(self) -> list[str]:
        return [r.rule for r in self.last.rulings]
