"""A player leaves mid-game (goes home): no booklet has it, so the table
decides where the estate goes, settled as a bankruptcy is (``estate.settle``).

To the bank (the default): the edition's settlement of a bankruptcy to the
bank -- the cash to the bank, the properties back (auctioned, or free again,
as the edition has it), the buildings to the supply, the cards to their
decks. To a player the table names: the edition's settlement of a
bankruptcy to that player (in most editions they take everything; in
``ua-industries`` only the cash, the properties going back free). Debts the
leaver owes lapse; debts owed to them pass to whoever takes the estate. The
player is out, as a bankrupt is, and counts as out where a variant ends at a
number of players out. The player has left (``left``), which is not a bankruptcy: no
debt put them out. The options say all of this before the table confirms.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .building_auction import running
from .edition import Edition
from .estate import debts_owed, settle, settlement
from .memo import each_later
from .pending import Auction
from .rulings import Rule
from .state import BANK, Account, GameState
from .step import Step, action
from .table_management import TABLE_DECISION

LEFT = Rule(
    "table.leave",
    "The table's decision, not a booklet rule: {name} leaves the game without being bankrupt. The estate goes to "
    "{heir:phrase}, settled as in a bankruptcy.",
    house_rule=True,
)
LEFT_LAPSED = Rule(
    "table.leave.debt_lapsed", "{name}'s debt of {amount:m} to {creditor:phrase} lapses: {name} has left the game."
)
NO_HEIR = Rule("table.leave.heir", "{name} cannot take the estate: the heir is another player still in the game.")
AUCTION_FIRST = Rule("table.leave.auction", "A player leaves once the auction running now is closed.")


@dataclass(frozen=True)
class Leave:
    """A player leaves the game; ``to``: the player who takes the estate (omit: the bank)."""

    type: ClassVar[str]
    seat: int
    to: int | None = None


def _options(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """For each player in the game, while no auction runs: who could take the
    estate ("to"), what it holds ("estate"), what the bank does with the
    properties ("to_bank": auction or free), what a player would take
    ("to_player": everything, or only the cash), the mortgaged properties and
    their interest, which a player taking them pays the bank at once
    ("mortgages", ``estate.mortgages``), the debts the leaver owes, each with
    the heirs ("bank", or seats) with whom it lapses unpaid, its creditor
    getting nothing, where with the others the creditor takes the estate in
    its stead ("debts", ``estate.debts_owed``), what becomes of the buildings
    ("buildings") and of the cards held ("cards": back to their ``decks``, or
    to the ``heir``), to the bank and to a player, and whether the game ends."""
    active = state.active_seats()
    if len(active) < 2 or state.pending_of(Auction) or running(state):
        return {}
    return each_later(_seat_options, active, state, edition, active)


def _seat_options(state: GameState, edition: Edition, active: list[int], seat: int) -> dict[str, Any]:
    to_bank = settlement(state, edition, seat, BANK)  # as ``settle`` will do it: no auction once the game ends
    heir = settlement(state, edition, seat, next(s for s in active if s != seat))  # any player: the same ways
    return {
        "to": [s for s in active if s != seat],
        "estate": to_bank["estate"],
        "to_bank": to_bank["properties"],
        "to_player": "estate" if edition.rules.bankruptcy.estate_to_creditor else "cash",
        "mortgages": to_bank["mortgages"],
        "debts": _debts(state, seat, active),
        "buildings": {"bank": to_bank["buildings"], "player": heir["buildings"]},
        "cards": {"bank": "decks", "player": "decks" if heir["cards_to"] == "decks" else "heir"},
        "ends_game": to_bank["ends_game"],
    }


def _debts(state: GameState, seat: int, active: list[int]) -> list[dict[str, Any]]:
    """The leaver's debts, one per creditor (``debts_owed``), each with the heirs with whom it lapses."""
    owed = [{"creditor": d["creditor"], "amount": d["amount"], "lapses": []} for d in debts_owed(state, seat, BANK)]
    for heir in [BANK, *(s for s in active if s != seat)]:
        for debt, settled in zip(owed, debts_owed(state, seat, heir), strict=True):
            if settled["lapses"]:
                debt["lapses"].append(heir)
    return owed


def _examples(options: dict[str, Any]) -> list[dict[str, Any]]:
    """To the bank, and to each possible heir."""
    return [{}, *({"to": heir} for heir in options["to"])]


@action("leave", Leave, _options, _examples, table=True)
def leave(step: Step, act: Leave) -> None:
    state = step.state
    if state.pending_of(Auction) or running(state):
        raise step.refuse("auction_running", AUCTION_FIRST)
    heir: Account = BANK if act.to is None else act.to
    if isinstance(heir, int) and (heir == act.seat or heir not in state.active_seats()):
        raise step.refuse("bad_heir", NO_HEIR, name=f"seat {act.to}")
    step.note(LEFT, name=state.players[act.seat].name, heir=step.party(heir), house_rule=TABLE_DECISION)
    settle(step, act.seat, heir, LEFT_LAPSED, left=True)
