"""The table clock (seed 002, "Гра онлайн"), a game option of editions that
have one: whoever must act has a limited time, and running out has a
consequence.

Seed 002: "На своє рішення — кидок, купівлю чи відмову, погашення боргу, вибір
на перевірці, завершення ходу — у вас 5 хвилин. Час іде лише в того, хто має
діяти зараз, і починається заново після кожної вашої дії." "Зробити ставку на
торгах або відповісти на пропозицію обміну треба за 60 секунд. Мовчання
означає пас або відмову" "Торги без першої ставки чекають 60 секунд на весь
лот, потім скасовуються." "Не встигли — ви вибуваєте з гри." "Хто вибув,
вважається банкрутом перед банком."

The clock starts when the game does, not when the table is created: seed 002
l.153 has the creator start the game once two players are there ("Гру
запускає той, хто її створив, щойно зібралося двоє"). At a real table the
game starts with the first action recorded after the creation (the first
roll, as a rule): until then ``clock_since`` is 0 and nobody's time runs;
from it on, every wait is timed as before.

The engine keeps no time. It says who is waited for and on what
(``waiting``), and records in the state the event at which that wait began
(``GameState.clock_since``); the service times the wait from that event's
timestamp. When the time is up, a ``timeout`` action carries the elapsed
seconds the service measured, and the engine applies the consequence: a bid
not made is a pass, an offer not answered is refused, a lot without a first
bid is cancelled, and a decision not made puts the player out, bankrupt to
the bank (through ``on_out_of_time``, where the bankruptcy rules register).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from .edition import Edition
from .ending import ends_at_bankruptcy
from .pending import Auction
from .purchase import Pass, pass_
from .rulings import Rule
from .state import BANK, GameState
from .step import Step, action
from .timing import deciders
from .trade_answers import RejectTrade, reject_trade
from .trade_terms import TradeOffer

if TYPE_CHECKING:
    from .engine import Now

DECISION, BID, FIRST_BID, ANSWER = "decision", "bid", "first_bid", "answer"
CONSEQUENCE = {DECISION: "out", BID: "pass", FIRST_BID: "cancel", ANSWER: "reject"}

OFF = Rule("clock.off", "This game has no table clock, or nobody is waited for.")
NOT_STARTED = Rule(
    "clock.not_started",
    "The table clock has not started: it starts with the first action after the table is created.",
)
MEASURED = Rule("clock.measured", "The service measures the time of a wait; a timeout carries no time from the table.")
RUNNING = Rule(
    "clock.running",
    "{names} still {verb} {remaining} of the {limit} seconds for this {kind}.",
)
BID_LAPSED = Rule("clock.bid", "{name} did not bid within {limit} seconds: silence is a pass.")
ANSWER_LAPSED = Rule(
    "clock.answer",
    "{name} did not answer {offerer}'s offer within {limit} seconds: silence is a refusal.",
)
CANCELLED = Rule(
    "clock.cancelled",
    "Nobody bid on {place:space} within {limit} seconds: the auction is cancelled and it stays with {holder:phrase}.",
)
OUT = Rule(
    "clock.out",
    "{name} did not act within {limit} seconds: out of the game, bankrupt to the bank.",
)
OUT_UNAVAILABLE = Rule(
    "clock.out_unavailable",
    "{names}' time is up, which puts them out of the game, bankrupt to the bank; bankruptcy to the bank is "
    "not settled by this service yet, so the table decides.",
)


@dataclass(frozen=True)
class Wait:
    """Who the table clock runs for, and on what.

    kind: decision, bid, first_bid (a lot without a bid) or answer (a trade offer).
    seats: who must act.
    key: the wait's identity: the clock starts again whenever it changes.
    """

    kind: str
    seats: tuple[int, ...]
    key: tuple


def _auction_wait(state: GameState, auction: Auction) -> Wait:
    if auction.turn is not None:
        seats = (auction.turn,)
    else:
        seats = tuple(s for s in auction.bidders if s != auction.high_bidder)
    if auction.high_bid is None:
        # Seed 002: "Пас чи перезавантаження не запускають цей час заново." — passes keep the lot's clock.
        return Wait(FIRST_BID, seats, (FIRST_BID, auction.type, auction.position, state.rolls))
    return Wait(BID, seats, (BID, state.version))


def waiting(state: GameState, edition: Edition) -> Wait | None:
    """The wait the table clock times now, if the clock is on."""
    if not state.options.clock:
        return None
    return waited_for(state, edition)


def waited_for(state: GameState, edition: Edition) -> Wait | None:
    """Who play waits for now and on what, clock or not (None once the game is over): the running
    auction's next bidder (or every bidder but the high bidder, where anyone may bid), the partner of an
    offer that holds play up, the seats deciding what blocks play, else the seat whose turn it is."""
    if state.finished:
        return None
    auction = state.first_pending(Auction)
    if auction is not None:
        return _auction_wait(state, auction)
    offer = next((o for o in state.pending_of(TradeOffer) if o.blocking), None)
    if offer is not None:
        return Wait(ANSWER, (offer.to,), (ANSWER, offer.id))
    seats = tuple(dict.fromkeys(s for item in state.pending if item.blocking for s in deciders(item)))
    return Wait(DECISION, seats or (state.turn.seat,), (DECISION, state.version))


def started(state: GameState) -> bool:
    """Whether the game has started at the table, and with it the clock (see the module's docstring)."""
    return state.clock_since > 0


def limit(edition: Edition, kind: str) -> int:
    rules = edition.rules.clock
    return {
        DECISION: rules.decision_seconds,
        BID: rules.bid_seconds,
        FIRST_BID: rules.first_bid_seconds,
        ANSWER: rules.answer_seconds,
    }[kind]


def restart(step: Step, before: GameState) -> None:
    """After an action: a new wait starts its time at this event; the same
    wait keeps the time it started with. The first action starts the clock."""
    if not step.state.options.clock:
        return
    old, new = waiting(before, step.edition), waiting(step.state, step.edition)
    if not started(before) or old is None or new is None or old.key != new.key:
        step.set(clock_since=step.state.version)


# -- running out -------------------------------------------------------------------

OutOfTime = Callable[[Step, int], None]
OUT_OF_TIME: list[OutOfTime] = []
"""What puts a player out, bankrupt to the bank: registered by the bankruptcy
rules. Until one is registered, a decision's timeout is reported by the clock
but cannot be applied (``clock.out_unavailable``)."""


def on_out_of_time(func: OutOfTime) -> OutOfTime:
    OUT_OF_TIME.append(func)
    return func


def enforceable(wait: Wait) -> bool:
    """Whether the engine can apply what running out of this wait means."""
    return wait.kind != DECISION or bool(OUT_OF_TIME)


def _bid_lapsed(step: Step, wait: Wait) -> None:
    seconds = limit(step.edition, BID)
    for seat in wait.seats:
        auction = step.state.first_pending(Auction)
        if auction is None or seat not in auction.bidders:
            continue
        step.note(BID_LAPSED, name=step.state.players[seat].name, limit=seconds)
        pass_(step, Pass(seat))


def _first_bid_lapsed(step: Step, wait: Wait) -> None:
    auction = step.state.first_pending(Auction)
    step.drop(auction)
    seller = getattr(auction, "seller", None)
    holder = step.party(BANK if seller is None else seller)
    step.note(CANCELLED, place=auction.position, limit=limit(step.edition, FIRST_BID), holder=holder)


def _answer_lapsed(step: Step, wait: Wait) -> None:
    offer = next(o for o in step.state.pending_of(TradeOffer) if o.blocking)
    names = step.state.players
    seconds = limit(step.edition, ANSWER)
    step.note(ANSWER_LAPSED, name=names[offer.to].name, offerer=names[offer.seat].name, limit=seconds)
    reject_trade(step, RejectTrade(offer.to, offer.id))


def _decision_lapsed(step: Step, wait: Wait) -> None:
    seconds = limit(step.edition, DECISION)
    for seat in wait.seats:
        step.note(OUT, name=step.state.players[seat].name, limit=seconds)
        for out in OUT_OF_TIME:
            out(step, seat)


LAPSED: dict[str, Callable[[Step, Wait], None]] = {
    DECISION: _decision_lapsed,
    BID: _bid_lapsed,
    FIRST_BID: _first_bid_lapsed,
    ANSWER: _answer_lapsed,
}


@dataclass(frozen=True)
class Timeout:
    """The time of the current wait is up.

    seat: who reports it (any seat of the table; the one who ran out rarely does).
    elapsed: seconds since the wait began, measured and filled in by the service.
    """

    type: ClassVar[str]
    seat: int
    elapsed: float | None = None


def _names(state: GameState, seats: tuple[int, ...]) -> str:
    return ", ".join(state.players[s].name for s in seats)


Refusal = tuple[str, Rule, dict[str, Any]]


def lapsed(state: GameState, edition: Edition, elapsed: float | None) -> Wait | Refusal:
    """The wait whose time is up after ``elapsed`` seconds, with a
    consequence the engine can apply; or why there is none."""
    wait = waiting(state, edition)
    if wait is None:
        return "no_clock", OFF, {}
    if not started(state):
        return "clock_not_started", NOT_STARTED, {}
    if elapsed is None:
        return "elapsed_required", MEASURED, {}
    seconds = limit(edition, wait.kind)
    if elapsed < seconds:
        remaining = str(math.ceil(seconds - elapsed))
        verb = "has" if len(wait.seats) == 1 else "have"
        names = _names(state, wait.seats)
        return (
            "clock_running",
            RUNNING,
            dict(names=names, verb=verb, remaining=remaining, limit=seconds, kind=wait.kind),
        )
    if not enforceable(wait):
        return "out_unavailable", OUT_UNAVAILABLE, dict(names=_names(state, wait.seats))
    return wait


def ran_out(state: GameState, edition: Edition, waited: float) -> bool:
    """Whether the wait the table clock times has run its limit after ``waited``
    seconds, with a consequence the engine applies: reporting it is then all that
    is left to do."""
    return state.options.clock and isinstance(lapsed(state, edition, waited), Wait)


def _options(state: GameState, edition: Edition, now: Now) -> dict[int, dict[str, Any]]:
    """Once the service's clock says the current wait has run its limit, and
    its consequence can be applied, any seat reports it: the wait's kind, who
    was waited for, the limit in seconds, what running out means and whether
    it ends the game (seed 002 l.158: «Хто вибув, вважається банкрутом перед
    банком. Коли за столом лишається менше двох, гра закінчується»), so that a
    phone says all of it before the report puts anyone out."""
    if now.waited is None or not state.options.clock:
        return {}
    wait = lapsed(state, edition, now.waited)
    if not isinstance(wait, Wait):
        return {}
    choice = {
        "kind": wait.kind,
        "seats": list(wait.seats),
        "limit": limit(edition, wait.kind),
        "consequence": CONSEQUENCE[wait.kind],
        "ends_game": _ends_game(state, edition, wait),
    }
    return {seat: choice for seat in state.active_seats()}


def _ends_game(state: GameState, edition: Edition, wait: Wait) -> bool:
    """Whether applying the wait's consequence ends the game: only a decision's, which puts its seats out."""
    if wait.kind != DECISION:
        return False
    out = sum(p.bankrupt for p in state.players) + len(wait.seats)
    return ends_at_bankruptcy(state, edition, out)


def _examples(options: dict[str, Any]) -> list[dict[str, Any]]:
    """The timeout with the limit's seconds elapsed (the service fills in what it measured)."""
    return [{"elapsed": float(options["limit"])}]


# the table's clock ran out, whichever phone says so
@action("timeout", Timeout, _options, _examples, timed=True, for_table=True)
def timeout(step: Step, act: Timeout) -> None:
    """Listed in ``allowed`` only when the service's clock (``Now.waited``)
    says the wait has run out: the engine keeps no time."""
    wait = lapsed(step.state, step.edition, act.elapsed)
    if not isinstance(wait, Wait):
        code, rule, values = wait
        raise step.refuse(code, rule, **values)
    LAPSED[wait.kind](step, wait)
