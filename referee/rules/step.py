"""One action applied to one state: the accumulator every rule writes through.

A ``Step`` starts from a frozen state and collects the consequences of one
action -- the next frozen state, the transfers and the rulings -- so that rule
functions stay short: they read ``step.state`` and call ``transfer``,
``charge``, ``note`` or ``push``. Nothing here touches the outside world.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .edition import Edition
from .errors import RuleViolation
from .ledger import Transfer
from .pending import Debt, Pending
from .phrases import player
from .records import evolve
from .rulings import Rule, Ruling
from .state import POT, Account, GameState

OWED = Rule(
    "debt.owed",
    "{debtor} has {cash:m}, less than the {amount:m} due to {creditor:phrase}: the whole amount stays owed "
    "until cash covers it.",
)


@dataclass(frozen=True)
class Outcome:
    """What one action produced: the next state, its transfers and its rulings
    (every transfer's ruling and every automatic decision, in order)."""

    state: GameState
    transfers: tuple[Transfer, ...]
    rulings: tuple[Ruling, ...]


class Step:
    """The consequences of one action, accumulated in order."""

    def __init__(self, state: GameState, edition: Edition):
        self.state = state
        self.edition = edition
        self.transfers: list[Transfer] = []
        self.rulings: list[Ruling] = []

    # -- explanations -----------------------------------------------------
    def money(self, amount: int) -> str:
        return self.edition.currency.show(amount)

    def ruling(self, rule: Rule, **values: Any) -> Ruling:
        return rule.ruling(self.edition, **values)

    def refuse(self, code: str, rule: Rule, **values: Any) -> RuleViolation:
        return RuleViolation(code, self.ruling(rule, **values), self.edition)

    def note(self, rule: Rule, at: int | None = None, **values: Any) -> Ruling:
        """Record an automatic decision (no money moved) with its ruling;
        ``at``: its place among the rulings so far (by default, the last)."""
        made = self.ruling(rule, **values)
        self.rulings.insert(len(self.rulings) if at is None else at, made)
        return made

    def party(self, account: Account) -> Any:
        """An account as a ruling's value shown with ``{x:phrase}``: a player by
        seat and name (``phrases.player``: never taken for a key, whatever the
        name), the bank and the pot by their language-neutral keys."""
        if isinstance(account, int):
            return player(account, self.state.players[account].name)
        return str(account)

    # -- money ------------------------------------------------------------
    def cash(self, account: Account) -> int | None:
        if isinstance(account, int):
            return self.state.players[account].cash
        if account == POT:
            return self.state.pot
        return None  # the bank never runs out

    def transfer(self, source: Account, target: Account, amount: int, reason: str, ruling: Ruling) -> None:
        """Move money that is there; callers check cash first (see ``charge``)."""
        if amount <= 0:
            return
        available = self.cash(source)
        if available is not None and available < amount:
            raise AssertionError(f"{source} cannot pay {amount} from {available}")
        self.state = _moved(self.state, source, target, amount)
        self.transfers.append(Transfer(source, target, amount, reason, ruling))
        self.rulings.append(ruling)

    def charge(self, payer: int, payee: Account, amount: int, reason: str, ruling: Ruling) -> bool:
        """Pay if the payer's cash covers it; otherwise the whole amount stays
        pending as a debt. Returns True when paid now."""
        if amount <= 0:
            return True
        if self.state.players[payer].cash >= amount:
            self.transfer(payer, payee, amount, reason, ruling)
            return True
        self.push(Debt(payer, payee, amount, reason, ruling))
        self.rulings.append(ruling)
        debtor = self.state.players[payer]
        self.note(OWED, debtor=debtor.name, cash=debtor.cash, amount=amount, creditor=self.party(payee))
        return False

    # -- state ------------------------------------------------------------
    def set_player(self, seat: int, **changes: Any) -> None:
        self.state = self.state.with_player(seat, **changes)

    def set_holding(self, position: int, **changes: Any) -> None:
        self.state = self.state.with_holding(position, **changes)

    def set_turn(self, **changes: Any) -> None:
        self.state = evolve(self.state, turn=evolve(self.state.turn, **changes))

    def set(self, **changes: Any) -> None:
        self.state = evolve(self.state, **changes)

    def push(self, item: Pending) -> None:
        self.state = evolve(self.state, pending=self.state.pending + (item,))

    def drop(self, item: Pending) -> None:
        pending = list(self.state.pending)
        pending.remove(item)
        self.state = evolve(self.state, pending=tuple(pending))

    def swap(self, old: Pending, new: Pending) -> None:
        self.state = evolve(self.state, pending=tuple(new if p is old else p for p in self.state.pending))

    def outcome(self) -> Outcome:
        return Outcome(self.state, tuple(self.transfers), tuple(self.rulings))


def _moved(state: GameState, source: Account, target: Account, amount: int) -> GameState:
    """``state`` with ``amount`` moved from ``source`` to ``target``, copied once for both sides."""
    players, pot = None, state.pot
    for account, delta in ((source, -amount), (target, amount)):
        if isinstance(account, int):
            players = players or list(state.players)
            players[account] = evolve(players[account], cash=players[account].cash + delta)
        elif account == POT:
            pot += delta
    changes: dict[str, Any] = {} if players is None else {"players": tuple(players)}
    if pot != state.pot:
        changes["pot"] = pot
    return evolve(state, **changes) if changes else state


# -- the action registry -----------------------------------------------------

Perform = Callable[[Step, Any], None]
Who = Callable[[GameState, Edition], Iterable[int]]
Choices = Callable[..., Mapping[int, Mapping[str, Any]]]
Examples = Callable[[Mapping[str, Any]], list[dict[str, Any]]]


def nothing_to_choose(options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The one legal form of an action that takes no field: itself."""
    return [{}]


@dataclass(frozen=True)
class ActionSpec:
    """An action type: its record class, what it does, and what may be chosen now.

    options: for each seat that may take the action now, the values it may
        choose (``{}`` when there is nothing to choose); a seat left out may
        not take it. ``allowed`` lists these, so that a client offers only
        legal choices and derives no rule. Conventions: a field chosen from a
        list is ``{field: [values]}``; an amount ``{"amount": {"min", "max",
        "step", "exact"}}``; positions chosen several at once ``{"positions":
        [{"position": p, ...}]}``; other keys say what the choice costs or means.
    examples: complete legal bodies (without type and seat) made from a
        seat's options, every one of which the action accepts; the both-ways
        tests send each.
    timed: the options also take what the service's clock says (``Now``).
    play: the action moves the game on, so it is refused once the game ended.
    table: the action speaks for the whole table, not for one player, so
        only the table's token may send it.
    for_table: the action is done for the whole table, whichever seat it is
        sent with: every action of ``table``, and a report any phone may send
        (a deal of deeds, a lapsed limit). Its event is the table's
        (``referee.actor``), in ``by``, in rulings and on the page alike.
    answers: the pending items the action answers (a bid answers an
        auction): with none of them pending nobody may take it, so
        ``allowed`` does not ask its options. Empty for an action that may
        be legal with nothing pending.
    refused: for each seat that would look for the action now and may not
        take it (or not on every position it would look at), the positions
        held back, each with ``why``, the code of the refusal the action
        would meet (``refused`` lists them, so that a client says why a
        control is missing rather than leave it out silently). None for a
        type that tells no such thing.
    """

    type: str
    cls: type
    perform: Perform
    options: Choices
    examples: Examples = nothing_to_choose
    timed: bool = False
    play: bool = True
    table: bool = False
    answers: tuple[type, ...] = ()
    for_table: bool = False
    refused: Choices | None = None

    def who(self, state: GameState, edition: Edition) -> list[int]:
        """The seats that may take the action now (for any of its options)."""
        return list(self.options(state, edition))


ACTIONS: dict[str, ActionSpec] = {}


def seats_only(who: Who) -> Choices:
    """Options of an action whose seats are all there is to it."""

    def options(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
        return {seat: {} for seat in who(state, edition)}

    return options


def action(
    type_name: str,
    cls: type,
    options: Choices | None = None,
    examples: Examples = nothing_to_choose,
    *,
    who: Who | None = None,
    timed: bool = False,
    play: bool = True,
    table: bool = False,
    for_table: bool = False,
    answers: type | tuple[type, ...] = (),
    refused: Choices | None = None,
) -> Callable[[Perform], Perform]:
    """Register an action type: its options now (or, for one with nothing to
    choose, ``who`` may take it), its examples, the pending items it answers,
    what it holds back and why (``refused``), and the function that performs
    it. An action only the table sends is done for the table too."""
    choices = options if options is not None else seats_only(who)
    answered = answers if isinstance(answers, tuple) else (answers,)

    def register(perform: Perform) -> Perform:
        ACTIONS[type_name] = ActionSpec(
            type_name, cls, perform, choices, examples, timed, play, table, answered, for_table or table, refused
        )
        cls.type = type_name
        return perform

    return register
