"""Trades between players: streets, stations, utilities, money and "get out
of jail free" cards, in any combination at any agreed price (seed 001:
"Можно договариваться об обмене Улиц, Вокзалов, Коммунальных предприятий,
денег и карточек выхода из тюрьмы. Перед передачей Улицы продайте Банку все
здания её цветовой группы").

One player offers (``trade``: ``to`` whom, what they ``give``, what they
``get``); the answers are ``trade_answers``. Nothing moves until the
acceptance. An offer stays open until answered or withdrawn and does not
hold up play.

Editions may narrow this (seed 002, "Обмін між гравцями"): offers only on
one's own turn after the roll, one per roll (spent by the offer even if it is
refused), no "get out of jail free" cards, a sale for money not below what
the bank would pay, and an offer holds up play until it is answered. A
debtor may still offer a sale, property for money, at any moment of the
debt (``debtor_sells``; seed 002, "Борги й банкрутство": "Ще варіант —
«Продати суперникові» напряму, не дешевше, ніж дав би банк"): outside the
turn's window, without spending the turn's trade.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar

from .board import board
from .edition import Edition
from .handover import (
    BUILDINGS,
    UNDECIDED,
    Refusal,
    handover_refusal,
    jail_cards,
    open_to_all,
    partners_of,
    tradeable_positions,
)
from .holdings import bank_price, owes
from .memo import later, per_edition, per_state
from .rulings import Rule
from .state import GameState
from .step import Step, action
from .timing import in_window, others_deciding, undecided
from .trade_forms import form_offers, form_refusal
from .trade_terms import TradeOffer, TradeTerms, refusal, terms_fields, terms_values
from .turns import RESOLVE_FIRST

__all__ = ["BUILDINGS", "UNDECIDED", "TradeOffer", "TradeTerms", "check", "partners", "tradeable"]

OFFERED = Rule("trade.offered", "{name} offers {partner} a trade: {name} gives {gives}; {partner} gives {gets}.")
OWN_TURN = Rule(
    "trade.own_turn",
    "{name} may offer a trade only on their own turn after its roll; now it is {current}'s turn{why:phrase}.",
)
ONCE = Rule(
    "trade.once_per_turn",
    "{name} has offered a trade since this roll already: one offer per turn, spent even if it is refused.",
)
DEBTOR_SALE = Rule(
    "trade.debtor_sale",
    "{name} is raising a debt outside the turn's trade: a debtor offers only a sale, {term.property.pl} for "
    "the buyer's money, nothing else.",
)


@dataclass(frozen=True)
class Trade:
    """An offer: ``seat`` gives ``give`` to ``to`` and gets ``get`` back."""

    type: ClassVar[str]
    seat: int
    to: int
    give: TradeTerms = field(default_factory=TradeTerms)
    get: TradeTerms = field(default_factory=TradeTerms)

    def __post_init__(self) -> None:
        terms_fields(self)


def _refuse(step: Step, found: Refusal | None) -> None:
    if found is not None:
        code, rule, values = found
        raise step.refuse(code, rule, **values)


def check(step: Step, offer: TradeOffer) -> None:
    """Everything the offer hands over is there to hand over, now."""
    _refuse(step, refusal(step.state, step.edition, offer))


def check_form(step: Step, offer: TradeOffer) -> None:
    """The offer, made now, takes one of the edition's forms: checked once, when
    it is made (an open offer is accepted on what it hands over, as any offer)."""
    _refuse(step, form_refusal(step.state, step.edition, offer))


def tradeable(state: GameState, edition: Edition, seat: int) -> TradeTerms:
    """Everything the seat could hand over in a trade now (its cash included)."""
    cards = jail_cards(state, edition, seat)
    return TradeTerms(tradeable_positions(state, edition).get(seat, ()), state.players[seat].cash, cards)


def partners(state: GameState, edition: Edition, seat: int) -> list[int]:
    """Seats the seat could offer a trade to now."""
    refused, sale_only = _may_offer(state, edition, seat)
    return partners_of(state, edition, seat, sale_only) if refused is None else []


# -- when a seat may offer ---------------------------------------------------------


def _debtor_sale(state: GameState, edition: Edition, seat: int) -> bool:
    """The seat owes a debt and may offer a sale for it now: the edition lets
    a debtor sell, and nothing but debts waits to be decided."""
    return edition.rules.trades.debtor_sells and owes(state, seat) and undecided(state, seat) is None


def _is_sale(offer: TradeOffer) -> bool:
    """Property for money: the offerer hands over properties alone and takes cash alone."""
    give, get = offer.give, offer.get
    return bool(give.positions) and not (give.cards or give.cash or get.positions or get.cards)


def _not_now(state: GameState, edition: Edition, seat: int) -> Refusal | None:
    """Why the seat may not offer a trade now in the turn's window, or None.

    Seed 002: "Обмін пропонують у свій хід, після кидка, — один раз за хід." and "обмін за хід витрачається
    вже в момент пропозиції — навіть якщо вам відмовлять"; "До кидка чи під час чужого рішення починати їх не
    можна" (the trade window's moment).
    """
    rules = edition.rules.trades
    if rules.when == "any_time":
        return None
    name = state.players[seat].name
    if not in_window(state, seat, rules.when):
        why = "before_roll" if state.turn.seat == seat else ""
        return "not_your_turn", OWN_TURN, dict(name=name, current=state.players[state.turn.seat].name, why=why)
    if rules.once_per_roll and state.turn.traded_at == state.rolls:
        return "trade_used", ONCE, dict(name=name)
    busy = others_deciding(state, seat)
    if busy is not None:
        return "pending", RESOLVE_FIRST, dict(what=busy.describe(state), pending=busy.type)
    return None


def _may_offer(state: GameState, edition: Edition, seat: int) -> tuple[Refusal | None, bool]:
    """Why the seat may not offer a trade now (None when it may), and whether
    it may offer only a sale: a debtor outside the turn's window (seed 002)."""
    refused = _not_now(state, edition, seat)
    if refused is not None and _debtor_sale(state, edition, seat):
        return None, True
    return refused, False


# -- offering ------------------------------------------------------------------------


def _cash(limit: int) -> dict[str, Any]:
    return {"min": 0, "max": limit, "step": 1, "exact": False}


@per_edition
def _position_entries(edition: Edition) -> tuple[Mapping[int, dict[str, Any]], Mapping[int, dict[str, Any]]]:
    """Each property as the options show it, unmortgaged and mortgaged (a
    mortgaged one leaves its receiver to lift or keep the mortgage), with the
    bank's price where the edition sets a floor on sales. Built once per
    edition and shared by every state's options: read-only."""
    floors = edition.rules.trades.sale_floor
    found: tuple[dict[int, dict[str, Any]], dict[int, dict[str, Any]]] = ({}, {})
    for position in edition.property_positions:
        extra = {"bank_price": bank_price(edition, position)} if floors else {}
        for mortgaged in (False, True):
            found[mortgaged][position] = {"position": position, "mortgaged": mortgaged, **extra}
    return MappingProxyType(found[False]), MappingProxyType(found[True])


@per_state
def trade_sides(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """What each active seat may include in a trade: its properties, its cash
    (the limit) and its cards; built once for every seat that trades with it
    (read-only, shared)."""
    owned, pledged = tradeable_positions(state, edition), board(state, edition).mortgaged
    plain, mortgaged = _position_entries(edition)
    cards = edition.rules.trades.cards
    found = {}
    for player in state.players:
        if not player.out:
            seat, positions = player.seat, owned.get(player.seat, ())
            if pledged:
                shown = [mortgaged[p] if p in pledged else plain[p] for p in positions]
            else:
                shown = list(map(plain.__getitem__, positions))
            held = list(player.jail_cards) if cards else []
            kept = _kept(state, edition, seat, positions)
            found[seat] = {"positions": shown, "cash": _cash(player.cash), "cards": held, "kept": kept}
    return found


def _kept(state: GameState, edition: Edition, seat: int, tradeable: tuple[int, ...]) -> list[dict[str, Any]]:
    """The seat's properties it may not hand over now, each with the code of
    the refusal a trade naming it would meet (``handover_refusal``: a building
    on the group, seed 001, or a mortgage choice still open on it); so a side
    that lists nothing says what it holds back."""
    held = board(state, edition).owned.get(seat, ())
    if len(held) == len(tradeable):
        return []
    kept = [p for p in held if p not in tradeable]
    return [{"position": p, "why": handover_refusal(state, edition, seat, p)[0]} for p in kept]


def _sale_options(state: GameState, seat: int, side: dict[str, Any], buyers: list[int]) -> dict[str, Any]:
    """A debtor's sale: its properties for the buyer's cash, nothing else."""
    give = {"positions": side["positions"], "cash": _cash(0), "cards": []}
    players = state.players
    entries = [{"seat": s, "positions": [], "cash": _cash(players[s].cash), "cards": []} for s in buyers]
    return {"to": buyers, "give": give, "partners": entries, "sale_only": True}


def _offering(state: GameState, edition: Edition) -> dict[int, bool]:
    """The seats that may offer a trade now, each with whether it may offer only a sale."""
    if edition.rules.trades.when == "any_time":  # no window to wait for: every active seat may offer anything
        return {player.seat: False for player in state.players if not player.out}
    offering = {}
    for seat in state.active_seats():
        refused, sale_only = _may_offer(state, edition, seat)
        if refused is None:
            offering[seat] = sale_only
    return offering


def _offer_options(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """For each seat that may offer a trade now: the partners ("to"), what
    the seat may give ("give": positions, cash limit, cards) and what each
    partner may give ("partners": the same, with the partner's seat),
    whether only a debtor's sale is open ("sale_only"), whether a sale is
    floored at the bank's price ("sale_floor"; each position's "bank_price")
    and whether an offer is an exchange or a sale ("two_forms")."""
    found = {}
    offering = _offering(state, edition)
    if offering:
        alone, owned = len(state.active_seats()) < 2, tradeable_positions(state, edition)
        for seat, sale_only in offering.items():
            if open_to_all(state, edition, owned, seat, sale_only):  # every other seat in the game: listed when read
                if not alone:
                    found[seat] = later(_seat_offer, state, edition, seat, None, False)
                continue
            to = partners_of(state, edition, seat, sale_only)
            if to:
                found[seat] = later(_seat_offer, state, edition, seat, to, sale_only)
    return found


def _seat_offer(state: GameState, edition: Edition, seat: int, to: list[int] | None, sale_only: bool) -> dict[str, Any]:
    if to is None:
        to = [s for s in state.active_seats() if s != seat]
    sides, rules = trade_sides(state, edition), edition.rules.trades
    flags = {"sale_floor": rules.sale_floor, "two_forms": rules.two_forms}
    if sale_only:
        return {**_sale_options(state, seat, sides[seat], to), **flags}
    given = [{"seat": s, **sides[s]} for s in to]
    return {"to": to, "give": sides[seat], "partners": given, "sale_only": False, **flags}


def _offer_examples(options: dict[str, Any]) -> list[dict[str, Any]]:
    """Per partner: ask for a property, ask for a card, give a card, sell a
    property at its floor; and once, all one's cash for a partner's property.
    Where a trade takes two forms, per partner the exchanges and the sale of
    ``form_offers``."""
    give, found = options["give"], []
    if options["two_forms"]:
        for partner in options["partners"]:
            found += [{"to": partner["seat"], "give": g, "get": t} for g, t in form_offers(give, partner)]
        return found[:10]
    for partner in options["partners"]:
        to, theirs = partner["seat"], partner["positions"]
        if theirs:
            found.append({"to": to, "get": {"positions": [theirs[0]["position"]]}})
            if len(found) == 1 and give["cash"]["max"]:
                found.append(
                    {"to": to, "give": {"cash": give["cash"]["max"]}, "get": {"positions": [theirs[-1]["position"]]}}
                )
        if partner["cards"]:
            found.append({"to": to, "get": {"cards": [partner["cards"][0]]}})
        if give["cards"]:
            found.append({"to": to, "give": {"cards": [give["cards"][0]]}})
        sold = next((p for p in give["positions"] if p.get("bank_price", 0) <= partner["cash"]["max"]), None)
        if sold is not None:
            found.append(
                {"to": to, "give": {"positions": [sold["position"]]}, "get": {"cash": sold.get("bank_price", 0)}}
            )
    return found[:10]


@action("trade", Trade, _offer_options, _offer_examples)
def trade(step: Step, act: Trade) -> None:
    refused, sale_only = _may_offer(step.state, step.edition, act.seat)
    _refuse(step, refused)
    rules = step.edition.rules.trades
    offer = TradeOffer(step.state.version + 1, act.seat, act.to, act.give, act.get, waits=rules.offer_waits)
    check(step, offer)
    check_form(step, offer)
    if sale_only and not _is_sale(offer):
        raise step.refuse("debtor_sale_only", DEBTOR_SALE, name=step.state.players[act.seat].name)
    if rules.once_per_roll and not sale_only:
        step.set_turn(traded_at=step.state.rolls)
    step.push(offer)
    names = step.state.players
    step.note(
        OFFERED,
        name=names[act.seat].name,
        partner=names[act.to].name,
        offer=offer.id,
        **terms_values(step.edition, act.give, act.get),
    )


# -- answering -----------------------------------------------------------------------
