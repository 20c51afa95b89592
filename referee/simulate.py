"""A random table: picks one legal action at a time, with legal-looking
parameters, so long games can be played without a script.

Used by the property tests (with choices drawn by hypothesis, so failures
shrink), by the benchmark, and by anyone who wants a game to look at. Each
action type that needs parameters registers a generator in ``PARAMETERS``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from referee.rules import ACTIONS, Edition, GameState, Outcome, RuleViolation, Setup, allowed, parse_action, start, step
from referee.rules.bank_sale import sellable
from referee.rules.building import legal_builds
from referee.rules.building_auction import placement_of, placements, shortages
from referee.rules.deal import DeedDeal
from referee.rules.holdings import bank_price
from referee.rules.mortgage import liftable, mortgageable
from referee.rules.mortgage_terms import MortgageChoice
from referee.rules.payment_in_kind import PropertyOffer, creditors, owed_to
from referee.rules.payment_in_kind import valid_offers as valid_property_offers
from referee.rules.pending import Auction, CardChoice, CardDraw
from referee.rules.random_move import destinations
from referee.rules.seller_auction import auctionable
from referee.rules.street_levels import level
from referee.rules.trade_answers import valid_offers
from referee.rules.trade_forms import form_offers
from referee.rules.trades import TradeOffer, partners, trade_sides, tradeable

T = TypeVar("T")


class Chooser(Protocol):
    def pick(self, options: Sequence[T]) -> T: ...

    def integer(self, low: int, high: int) -> int: ...


class RandomChooser:
    """Choices from a seeded ``random.Random``: the same seed, the same game.

    Each choice is one draw below the number of choices, as ``randrange``
    and ``randint`` make it, without the argument checks those two run
    first: a random game asks several times per action, and for a choice
    among a few the checks cost more than the draw.
    """

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)
        self._below = self.rng._randbelow  # what randrange(n) and randint(a, b) draw with, n = b - a + 1

    def pick(self, options: Sequence[T]) -> T:
        if not options:
            raise ValueError("nothing to pick from")  # as randrange(0) refuses: a draw below 0 would never end
        return options[self._below(len(options))]

    def integer(self, low: int, high: int) -> int:
        if high < low:
            raise ValueError(f"empty range {low}..{high}")
        return low + self._below(high - low + 1)


Parameters = Callable[[GameState, Edition, int, Chooser], dict[str, Any]]
PARAMETERS: dict[str, Parameters] = {}


def parameters(action_type: str) -> Callable[[Parameters], Parameters]:
    def register(func: Parameters) -> Parameters:
        PARAMETERS[action_type] = func
        return func

    return register


@parameters("roll")
def _dice(state: GameState, edition: Edition, seat: int, choose: Chooser) -> dict[str, Any]:
    return {"dice": [choose.integer(1, 6), choose.integer(1, 6)]}


@parameters("draw_card")
def _card(state: GameState, edition: Edition, seat: int, choose: Chooser) -> dict[str, Any]:
    if state.options.decks == "virtual":
        return {}  # the top of the shuffled deck is drawn
    draw = next(p for p in state.pending_of(CardDraw) if p.seat == seat)
    held = {card for p in state.players for card in p.jail_cards}  # a kept card is in nobody's deck
    cards = [c.id for c in edition.decks[draw.deck].cards if c.id not in held]
    return {"card": choose.pick(cards)}


@parameters("bid")
def _bid(state: GameState, edition: Edition, seat: int, choose: Chooser) -> dict[str, Any]:
    auction = state.first_pending(Auction)
    rules = edition.rules.auction
    minimum = auction.opening if auction.high_bid is None else auction.high_bid + rules.min_raise
    if rules.exact_raise:
        return {"amount": minimum}
    cash = state.players[seat].cash
    price = edition.space(auction.position).price or minimum
    return {"amount": choose.integer(minimum, max(minimum, min(cash, price + price // 2)))}


ALOUD_ODDS = ("nobody", "winner", "winner", "winner")
"""How often nobody bids in an auction reported by its result."""


@parameters("auction_result")
def _aloud(state: GameState, edition: Edition, seat: int, choose: Chooser) -> dict[str, Any]:
    """Nobody bids now and then; else one of the possible winners at a price it could have won at."""
    found = ACTIONS["auction_result"].options(state, edition)[seat]  # the seat's entry in ``allowed``
    if not found["winners"] or choose.pick(ALOUD_ODDS) == "nobody":
        return {}
    won = choose.pick(found["winners"])
    raises = (won["max"] - won["min"]) // won["step"]
    return {"winner": won["seat"], "amount": won["min"] + choose.integer(0, min(raises, 20)) * won["step"]}


@parameters("choose")
def _option(state: GameState, edition: Edition, seat: int, choose: Chooser) -> dict[str, Any]:
    pending = next(p for p in state.pending_of(CardChoice) if p.seat == seat)
    return {"option": choose.pick(pending.options)}


@parameters("random_move")
def _destination(state: GameState, edition: Edition, seat: int, choose: Chooser) -> dict[str, Any]:
    return {"position": choose.pick(destinations(state, edition, seat))}


_tried: tuple[GameState, dict[str, Any], Outcome] | None = None
"""The last candidate the engine took, with its outcome: the one the chooser
then returns, so that ``play`` does not apply it a second time."""


def _accepted(state: GameState, edition: Edition, action: dict[str, Any]) -> bool:
    """Whether the engine would take this action now (for requests picked
    from several candidates, some of which the rules may refuse)."""
    global _tried
    try:
        outcome = step(state, parse_action(action), edition)
    except RuleViolation:
        return False
    _tried = (state, action, outcome)
    return True


def _applied(state: GameState, edition: Edition, action: dict[str, Any]) -> Outcome:
    """``step`` of the chosen action, or its outcome as ``_accepted`` found it
    (the same state object and the same action: the engine is a pure function)."""
    tried = _tried
    if tried is not None and tried[0] is state and tried[1] == action:
        return tried[2]
    return step(state, parse_action(action), edition)


def _first_accepted(state: GameState, edition: Edition, type_: str, seat: int, requests: list) -> list[int]:
    for request in requests:
        if _accepted(state, edition, {"type": type_, "seat": seat, "positions": request}):
            return request
    raise AssertionError(f"no legal {type_} for seat {seat}")


@parameters("build")
def _build(state: GameState, edition: Edition, seat: int, choose: Chooser) -> dict[str, Any]:
    """One building, one on each street of the group, or two on each."""
    placing = placement_of(state, seat)
    if placing is not None:
        return {"positions": [choose.pick(placements(state, edition, placing))]}
    position = choose.pick(legal_builds(state, edition, seat))
    group = list(edition.group_positions(edition.space(position).group))
    wish = choose.pick([[position], group, group * 2])
    return {"positions": _first_accepted(state, edition, "build", seat, [wish, [position]])}


@parameters("sell_building")
def _sell(state: GameState, edition: Edition, seat: int, choose: Chooser) -> dict[str, Any]:
    """One building off the most developed street, one off each, or the whole group (always allowed)."""
    built = sorted(h.position for h in state.owned_by(seat) if h.houses or h.hotel)
    group = edition.group_positions(edition.space(choose.pick(built)).group)
    levels = {p: level(state.holdings[p], state, edition) for p in group}
    top = max(group, key=lambda p: levels[p])
    everything = [p for p in group for _ in range(levels[p])]
    wish = choose.pick([[top], [p for p in group if levels[p]], everything])
    return {"positions": _first_accepted(state, edition, "sell_building", seat, [wish, everything])}


@parameters("mortgage")
def _mortgage(state: GameState, edition: Edition, seat: int, choose: Chooser) -> dict[str, Any]:
    return {"positions": [choose.pick(mortgageable(state, edition, seat))]}


@parameters("unmortgage")
def _unmortgage(state: GameState, edition: Edition, seat: int, choose: Chooser) -> dict[str, Any]:
    return {"positions": [choose.pick(liftable(state, edition, seat))]}


@parameters("keep_mortgage")
def _keep(state: GameState, edition: Edition, seat: int, choose: Chooser) -> dict[str, Any]:
    return {"positions": [choose.pick([c.position for c in state.pending_of(MortgageChoice) if c.seat == seat])]}


def _some(choose: Chooser, items) -> list:
    return [item for item in items if choose.pick((False, True))]


@parameters("trade")
def _trade(state: GameState, edition: Edition, seat: int, choose: Chooser) -> dict[str, Any]:
    """Some of what each side has, some cash one way, and at least one property or card."""
    partner = choose.pick(partners(state, edition, seat))
    mine, theirs = tradeable(state, edition, seat), tradeable(state, edition, partner)
    give = {"positions": _some(choose, mine.positions), "cards": _some(choose, mine.cards), "cash": 0}
    get = {"positions": _some(choose, theirs.positions), "cards": _some(choose, theirs.cards), "cash": 0}
    if not (give["positions"] or give["cards"] or get["positions"] or get["cards"]):
        side, terms = choose.pick([(side, terms) for side, terms in ((give, mine), (get, theirs)) if terms.assets])
        key = "positions" if terms.positions else "cards"
        side[key] = [choose.pick(getattr(terms, key))]
    payer, terms = choose.pick([(give, mine), (get, theirs)])
    payer["cash"] = choose.integer(0, min(terms.cash, 300))
    offer = {"to": partner, "give": give, "get": get}
    if _accepted(state, edition, {"type": "trade", "seat": seat, **offer}):
        return offer  # the plain offers are worked out only when the rules refuse this one
    for candidate in _plain_offers(state, edition, (seat, partner), mine, theirs):
        if _accepted(state, edition, {"type": "trade", "seat": seat, **candidate}):
            return candidate
    raise AssertionError(f"no legal trade for seat {seat} with seat {partner}")


def _plain_offers(state: GameState, edition: Edition, seats: tuple[int, int], mine, theirs) -> list[dict[str, Any]]:
    """Offers every edition takes, one of which fits the moment: ask for one
    of the partner's properties or cards, give a card, or sell a property for
    what the bank would pay (a debtor outside the trade window only sells);
    where a trade takes two forms, the exchanges and the sale the options'
    examples make."""
    seat, partner = seats
    if edition.rules.trades.two_forms:
        sides = trade_sides(state, edition)
        return [{"to": partner, "give": g, "get": t} for g, t in form_offers(sides[seat], sides[partner])]
    nothing = {"positions": [], "cards": [], "cash": 0}
    found = []
    if theirs.positions or theirs.cards:
        key = "positions" if theirs.positions else "cards"
        found.append({"to": partner, "give": nothing, "get": {**nothing, key: [getattr(theirs, key)[0]]}})
    if mine.cards:
        found.append({"to": partner, "give": {**nothing, "cards": [mine.cards[0]]}, "get": nothing})
    floor = {p: bank_price(edition, p) if edition.rules.trades.sale_floor else 0 for p in mine.positions}
    position = next((p for p in mine.positions if floor[p] <= state.players[partner].cash), None)
    if position is not None:
        sold = {**nothing, "positions": [position]}
        found.append({"to": partner, "give": sold, "get": {**nothing, "cash": floor[position]}})
    return found


@parameters("accept_trade")
def _accept(state: GameState, edition: Edition, seat: int, choose: Chooser) -> dict[str, Any]:
    return {"offer": choose.pick([o.id for o in valid_offers(state, edition) if o.to == seat])}


@parameters("reject_trade")
def _reject(state: GameState, edition: Edition, seat: int, choose: Chooser) -> dict[str, Any]:
    return {"offer": choose.pick([o.id for o in state.pending_of(TradeOffer) if seat in (o.seat, o.to)])}


@parameters("auction_buildings")
def _shortage(state: GameState, edition: Edition, seat: int, choose: Chooser) -> dict[str, Any]:
    found = shortages(state, edition)
    kind = choose.pick(sorted(k for k, seats in found.items() if seat in seats))
    return {"building": kind, "bidders": found[kind]}


@parameters("auction_property")
def _own_auction(state: GameState, edition: Edition, seat: int, choose: Chooser) -> dict[str, Any]:
    """One of the seat's properties, opening at the bank's price or a step or two above it."""
    position = choose.pick(auctionable(state, edition, seat))
    floor = bank_price(edition, position)
    richest = max(state.players[s].cash for s in state.active_seats() if s != seat)
    steps = [floor + k * edition.rules.seller_auction.start_step for k in range(3)]
    return {"position": position, "start": choose.pick([s for s in steps if s <= richest])}


@parameters("sell_to_bank")
def _bank_sale(state: GameState, edition: Edition, seat: int, choose: Chooser) -> dict[str, Any]:
    return {"position": choose.pick(sellable(state, edition, seat))}


@parameters("deal_deeds")
def _deal(state: GameState, edition: Edition, seat: int, choose: Chooser) -> dict[str, Any]:
    """Deeds for every seat, one round at a time, as a banker deals them."""
    count = state.first_pending(DeedDeal).count
    left = [p for p in edition.property_positions if state.holdings[p].owner is None]
    dealt: list[list[int]] = [[] for _ in state.players]
    for _ in range(count):
        for hand in dealt:
            hand.append(left.pop(choose.integer(0, len(left) - 1)))
    return {"deeds": dealt}


@parameters("offer_property")
def _offer_property(state: GameState, edition: Edition, seat: int, choose: Chooser) -> dict[str, Any]:
    """Some of what the debtor could hand over, to one of its creditors, for part or all of the debt."""
    creditor = choose.pick(creditors(state, seat))
    offerable = tradeable(state, edition, seat).positions
    positions = _some(choose, offerable) or [choose.pick(offerable)]
    return {"to": creditor, "positions": positions, "value": choose.integer(1, owed_to(state, seat, creditor))}


@parameters("accept_property")
def _accept_property(state: GameState, edition: Edition, seat: int, choose: Chooser) -> dict[str, Any]:
    return {"offer": choose.pick([o.id for o in valid_property_offers(state, edition) if o.to == seat])}


@parameters("reject_property")
def _reject_property(state: GameState, edition: Edition, seat: int, choose: Chooser) -> dict[str, Any]:
    return {"offer": choose.pick([o.id for o in state.pending_of(PropertyOffer) if seat in (o.seat, o.to)])}


DEALS = frozenset(
    {
        "trade",
        "accept_trade",
        "reject_trade",
        "mortgage",
        "unmortgage",
        "build",
        "sell_building",
        "auction_property",
        "sell_to_bank",
        "offer_property",
        "accept_property",
        "reject_property",
    }
)
"""Actions legal almost any time: taken one time in three, so games still move on."""
DEAL_ODDS = (False, False, True)
RARE = frozenset({"end_game", "auction_result"})
"""Actions that end a game at any moment (a timed game stopped by the table), or an auction at once
(its result called out aloud): taken now and then, so that bids and passes are played too."""
RARE_ODDS = (False,) * 39 + (True,)
TABLE = frozenset({"adjust", "rename", "leave", "counter_trade"})
"""The table's own decisions, open at every moment, and the counter-offer: one of them is taken at
every 500th event, so that games are still played out, and a seed's game is the same as before up
to that event (tests pick seeds for what their games reach)."""
TABLE_EVERY = 500


def _an_example(action_type: str) -> Parameters:
    """Parameters for an action whose examples are all there is to choose from."""

    def parameters(state: GameState, edition: Edition, seat: int, choose: Chooser) -> dict[str, Any]:
        return choose.pick(ACTIONS[action_type].examples(ACTIONS[action_type].options(state, edition)[seat]))

    return parameters


for _type in TABLE:
    PARAMETERS[_type] = _an_example(_type)


_KIND = {t: 0 for t in RARE} | {t: 1 for t in TABLE} | {t: 2 for t in DEALS}
"""Which list ``random_action`` sorts an action type into (one look-up per entry of ``allowed``)."""
_PLAY_ON = 3


def random_action(state: GameState, edition: Edition, choose: Chooser) -> dict[str, Any] | None:
    """One legal action with parameters, or None when nothing is allowed."""
    legal = allowed(state, edition)
    rare, table, deals, play_on = kinds = ([], [], [], [])
    kind_of = _KIND.get
    for entry in legal:  # one pass: the kinds of entry, each in the order of ``allowed``
        kinds[kind_of(entry["type"], _PLAY_ON)].append(entry)
    if rare and (len(rare) == len(legal) or choose.pick(RARE_ODDS)):
        return _with_parameters(choose.pick(rare), state, edition, choose)
    if table and (deals or play_on) and state.version % TABLE_EVERY == 0:
        deals, play_on = [], table  # no decision of the table's is a deal
    if not (deals or play_on):
        return None
    picked = choose.pick(deals if deals and (not play_on or choose.pick(DEAL_ODDS)) else play_on)
    return _with_parameters(picked, state, edition, choose)


def _with_parameters(picked: dict[str, Any], state: GameState, edition: Edition, choose: Chooser) -> dict[str, Any]:
    parameters = PARAMETERS.get(picked["type"])
    extra = parameters(state, edition, picked["seat"], choose) if parameters else {}
    return {"type": picked["type"], "seat": picked["seat"], **extra}


@dataclass(frozen=True)
class Played:
    """One step of a random game: the action taken and what it produced."""

    action: dict[str, Any]
    outcome: Outcome


def play(edition: Edition, setup: Setup, choose: Chooser, max_actions: int = 2000) -> Iterator[Played]:
    """Play random legal actions until the game ends, stalls, or the budget runs out.

    The first item is the creation (action ``{"type": "create"}``).
    """
    outcome = start(edition, setup)
    yield Played({"type": "create"}, outcome)
    state = outcome.state
    for _ in range(max_actions):
        if state.finished:
            return
        action = random_action(state, edition, choose)
        if action is None:
            return
        outcome = _applied(state, edition, action)
        yield Played(action, outcome)
        state = outcome.state
