"""What the table decides outside the booklet: money moved by the banker
with a reason (a fine the table agreed, a salary someone forgot), and a
player's name changed.

No booklet has these: each ruling says it is the table's decision
(``house_rule``, named ``table_decision``), so a reader never takes it for a
rule of the game. Only the table's token sends them; the journal takes them
back like any other action.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .edition import Edition
from .lookalike import shapes
from .memo import each_later
from .rulings import Rule
from .state import BANK, POT, Account, GameState
from .step import Step, action
from .taxes import JACKPOT_RULE

TABLE_DECISION = "table_decision"
SEAT = "seat"
"""The account of the action's own seat, as ``adjust`` names it."""
BANK_LIMIT = 10**9
"""The most the bank pays in one adjustment (the bank never runs out; a typo should not make a millionaire)."""
REASON_LENGTH = 200
NAME_LENGTH = 40

ADJUSTED = Rule(
    "table.adjust",
    "The table's decision, not a booklet rule: {source:phrase} pays {target:phrase} {amount:m} ({reason}).",
    house_rule=True,
)
NO_POT = Rule("table.adjust.no_pot", "This game has no {term.free_parking} pot: the jackpot house rule is off.")
SAME_ACCOUNT = Rule(
    "table.adjust.same", "An adjustment moves money from one account to another, not to {source:phrase} itself."
)
SHORT = Rule("table.adjust.short", "{source:phrase} has {cash:m}, less than the {amount:m} the table would move.")
NO_REASON = Rule(
    "table.adjust.reason", "The table says why it moves money: the reason is empty or over {limit} characters."
)
BANK_CAP = Rule("table.adjust.bank_cap", "The bank pays at most {limit:m} in one adjustment, not {amount:m}.")
RENAMED = Rule("table.rename", "The table's decision: {old} is called {name} from now on.", house_rule=True)
NAME_TAKEN = Rule("table.rename.taken", "{name} is another player's name already: every player needs their own.")
NAME_ALIKE = Rule(
    "table.rename.alike",
    "{name} looks like {other}, another player's name: the table could not tell the two apart.",
)
BAD_NAME = Rule(
    "table.rename.invalid",
    "A player's name shows one to {limit} characters and holds no control character (a line break, a tab).",
)


@dataclass(frozen=True)
class Adjust:
    """The banker moves money outside the rules, with the table's reason.

    seat: the player whose cash it is (the ``seat`` account).
    source, target: "bank", "pot" (the Free Parking jackpot, under that house
        rule) or "seat"; one of them may be the seat, or neither (bank and pot).
    amount: how much, in the edition's base unit.
    reason: what the table agreed, shown in the ruling and the ledger.
    """

    type: ClassVar[str]
    seat: int
    source: str
    target: str
    amount: int
    reason: str


@dataclass(frozen=True)
class Rename:
    """The table gives a player another name (rulings already made keep the old one)."""

    type: ClassVar[str]
    seat: int
    name: str


def _accounts(state: GameState) -> tuple[str, ...]:
    return (BANK, POT, SEAT) if state.options.house_rule(JACKPOT_RULE) else (BANK, SEAT)


def _available(state: GameState, seat: int, account: str) -> int:
    """What an account can pay: the bank up to its cap for one adjustment."""
    if account == SEAT:
        return state.players[seat].cash
    return state.pot if account == POT else BANK_LIMIT


def _adjust_options(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """For every player in the game: the accounts money may move between
    ("accounts"), what each could pay ("available"), the amount's range and
    the reason's length."""
    return each_later(_adjust_seat, state.active_seats(), state)


def _adjust_seat(state: GameState, seat: int) -> dict[str, Any]:
    accounts = _accounts(state)
    available = {account: _available(state, seat, account) for account in accounts}
    amount = {"min": 1, "max": BANK_LIMIT, "step": 1, "exact": False}
    # what may be moved from each account that has anything: a player pays at most their cash
    amounts = {account: {**amount, "max": most} for account, most in available.items() if most >= 1}
    return {
        "accounts": list(accounts),
        "available": available,
        "amount": amount,
        "amounts": amounts,
        "reason": REASON_LENGTH,
    }


def _adjust_examples(options: dict[str, Any]) -> list[dict[str, Any]]:
    """The bank pays the seat; the seat pays the bank or the pot what it holds; the bank seeds the pot."""
    found = [{"source": BANK, "target": SEAT, "amount": 100, "reason": "a salary the table forgot"}]
    cash = options["available"][SEAT]
    for target in (t for t in options["accounts"] if t != SEAT) if cash else ():
        found.append({"source": SEAT, "target": target, "amount": cash, "reason": "a fine the table agreed"})
    if POT in options["accounts"]:
        found.append({"source": BANK, "target": POT, "amount": 50, "reason": "the pot's seed"})
    return found


def _account(step: Step, seat: int, name: str) -> Account:
    if name == POT and name not in _accounts(step.state):
        raise step.refuse("no_pot", NO_POT)
    return seat if name == SEAT else name


@action("adjust", Adjust, _adjust_options, _adjust_examples, table=True)
def adjust(step: Step, act: Adjust) -> None:
    source, target = _account(step, act.seat, act.source), _account(step, act.seat, act.target)
    if source == target:
        raise step.refuse("same_account", SAME_ACCOUNT, source=step.party(source))
    reason = act.reason.strip()
    if not reason or len(reason) > REASON_LENGTH:
        raise step.refuse("no_reason", NO_REASON, limit=REASON_LENGTH)
    if source == BANK and act.amount > BANK_LIMIT:
        raise step.refuse("bank_cap", BANK_CAP, limit=BANK_LIMIT, amount=act.amount)
    available = step.cash(source)
    if act.amount < 1 or (available is not None and available < act.amount):
        shown = step.party(source)
        raise step.refuse("insufficient_funds", SHORT, source=shown, cash=available or 0, amount=act.amount)
    values = dict(source=step.party(source), target=step.party(target), amount=act.amount, reason=reason)
    step.transfer(source, target, act.amount, "adjustment", step.ruling(ADJUSTED, house_rule=TABLE_DECISION, **values))


def _rename_options(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """For every player in the game: the name's length and the names taken by the others."""
    return each_later(_rename_seat, state.active_seats(), state)


def _rename_seat(state: GameState, seat: int) -> dict[str, Any]:
    taken = [p.name for p in state.players if p.seat != seat]
    return {"name": {"min_length": 1, "max_length": NAME_LENGTH}, "taken": taken, "current": state.players[seat].name}


def _rename_examples(options: dict[str, Any]) -> list[dict[str, Any]]:
    """A name of the table's choosing that nobody else has."""
    taken = {name.casefold() for name in options["taken"]}
    return [{"name": next(f"Player {n}" for n in range(1, 99) if f"player {n}" not in taken)}]


def _valid_name(name: str) -> bool:
    return 1 <= len(name) <= NAME_LENGTH and bool(name.strip()) and name.isprintable()


@action("rename", Rename, _rename_options, _rename_examples, table=True)
def rename(step: Step, act: Rename) -> None:
    if not _valid_name(act.name):
        raise step.refuse("invalid_name", BAD_NAME, limit=NAME_LENGTH)
    wanted = act.name.strip().casefold()
    others = [p.name for p in step.state.players if p.seat != act.seat]
    if any(name.strip().casefold() == wanted for name in others):
        raise step.refuse("name_taken", NAME_TAKEN, name=act.name)
    looks = shapes(act.name)
    alike = next((name for name in others if shapes(name) & looks), None)
    if alike is not None:
        raise step.refuse("name_alike", NAME_ALIKE, name=act.name, other=alike)
    old = step.state.players[act.seat].name
    step.set_player(act.seat, name=act.name)
    step.note(RENAMED, old=old, name=act.name, house_rule=TABLE_DECISION)
