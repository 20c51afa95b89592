"""Paying part of a debt to a player in property (seed 000, "Замечания по
игре": "Вы можете заплатить Вашему кредитору часть суммы наличными и часть
суммы принадлежащей вам собственностью (при этом на этих Владениях не должно
быть никаких зданий). В этом случае кредитор может принять определенную
собственность (даже если она заложена) по цене, значительно превышающей
указанную на карточке Собственника").

The debtor offers properties at a value (``offer_property``: ``to`` the
creditor, ``positions``, ``value``); the creditor accepts or rejects it
(``accept_property``, ``reject_property``; the debtor may withdraw it the
same way). On acceptance the deeds change hands and the debt shrinks by the
value; the rest is paid in cash as usual, the moment cash covers it. Every
building of a street's group is sold first, as in a trade, and nothing
changes hands while the bank auctions scarce buildings. A mortgaged deed
leaves its new owner the usual choice, to lift it or keep it paying the
interest. No money moves for the property part, and the value may not
exceed what is owed: the creditor never pays the debtor anything, so nothing
here is a loan between players (seed 000: "Игроки не могут давать друг другу
деньги в долг").

An edition may owe every debt whole, in cash (``rules.debt.payment_in_kind``
off; seed 002: "виникає борг на всю суму, частинами не платять"): there a
debtor sells property instead (to an opponent, at an auction, to the bank).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from . import offers
from .building_auction import require_no_building_auction, running
from .edition import Edition
from .handover import Refusal, handover_refusal, tradeable_positions
from .memo import later
from .mortgage_choice import offer_choice
from .mortgage_terms import interest
from .pending import Debt, Pending
from .rulings import Rule
from .state import GameState
from .step import Step, action

UNAVAILABLE = Rule(
    "debt.in_kind.unavailable",
    "In this edition a debt is paid whole, in cash: no part of it is paid in {term.property.pl}.",
)
NOTHING = Rule("debt.in_kind.nothing", "Name at least one {term.property} to offer.")
NOT_OWED = Rule(
    "debt.in_kind.not_owed",
    "{name} owes nothing to seat {to}: {term.property.pl} are offered only to a player the debtor owes.",
)
VALUE = Rule(
    "debt.in_kind.value",
    "The value of {term.property.pl} given for a debt must be from {least:m} to the {owed:m} owed, not "
    "{value:m}: the creditor pays nothing back, since players may not lend each other money.",
)
OFFERED = Rule(
    "debt.in_kind.offered",
    "{name} offers {creditor} {places:space} for {value:m} of the {owed:m} owed; {creditor} accepts or rejects it.",
)
ACCEPTED = Rule(
    "debt.in_kind.accepted",
    "{creditor} accepts {places:space} from {name} for {value:m}: the debt falls from {owed:m} to {left:m}.",
)
REJECTED = Rule(
    "debt.in_kind.rejected", "{creditor} rejects {name}'s offer of {term.property.pl}: the debt stays {owed:m}."
)
WITHDRAWN = Rule("debt.in_kind.withdrawn", "{name} withdraws the offer of {term.property.pl} to {creditor}.")
NO_OFFER = Rule("debt.in_kind.no_offer", "{name} has no offer of {term.property.pl}{which} to answer.")
WHICH_OFFER = Rule("debt.in_kind.which_offer", "{name} has several offers of {term.property.pl} ({ids}): name one.")


@dataclass(frozen=True)
class PropertyOffer(Pending):
    """A debtor's offer of properties to a creditor, against part of the debt.

    id: the version of the game at which it was made (unique in the game).
    seat: the debtor; to: the creditor.
    value: how much of the debt the properties would pay.
    """

    type: ClassVar[str] = "property_offer"
    blocking: ClassVar[bool] = False
    id: int
    seat: int
    to: int
    positions: tuple[int, ...]
    value: int

    said: ClassVar[str] = "{name}'s offer of {places:space} to {to}"

    def particulars(self, state: GameState) -> dict[str, Any]:
        return {
            "name": state.players[self.seat].name,
            "places": list(self.positions),
            "to": state.players[self.to].name,
        }


@dataclass(frozen=True)
class OfferProperty:
    type: ClassVar[str]
    seat: int
    to: int
    positions: tuple[int, ...]
    value: int


@dataclass(frozen=True)
class AcceptProperty:
    """offer: the offer's id, when the creditor has more than one to answer."""

    type: ClassVar[str]
    seat: int
    offer: int | None = None


@dataclass(frozen=True)
class RejectProperty:
    """Rejected by the creditor, or withdrawn by the debtor."""

    type: ClassVar[str]
    seat: int
    offer: int | None = None


def owed_to(state: GameState, debtor: int, creditor: int) -> int:
    return sum(d.amount for d in state.pending_of(Debt) if d.debtor == debtor and d.creditor == creditor)


def refusal(state: GameState, edition: Edition, offer: PropertyOffer) -> Refusal | None:
    """Why the offer cannot be carried out now, or None."""
    if not offer.positions:
        return "nothing_named", NOTHING, {}
    valid_partner = 0 <= offer.to < len(state.players) and offer.to != offer.seat
    owed = owed_to(state, offer.seat, offer.to) if valid_partner else 0
    if not owed:
        return "not_owed", NOT_OWED, dict(name=state.players[offer.seat].name, to=offer.to)
    if not 1 <= offer.value <= owed:
        return "bad_value", VALUE, dict(least=1, owed=owed, value=offer.value)
    for position in dict.fromkeys(offer.positions):
        found = handover_refusal(state, edition, offer.seat, position)
        if found is not None:
            return found
    return None


def check(step: Step, offer: PropertyOffer) -> int:
    """The offer can be carried out now; returns what is owed."""
    found = refusal(step.state, step.edition, offer)
    if found is not None:
        code, rule, values = found
        raise step.refuse(code, rule, **values)
    return owed_to(step.state, offer.seat, offer.to)


def creditors(state: GameState, seat: int) -> list[int]:
    """The players the seat owes money to."""
    return sorted({d.creditor for d in state.pending_of(Debt) if d.debtor == seat and isinstance(d.creditor, int)})


def _owed_to_players(state: GameState, edition: Edition) -> dict[int, dict[int, int]]:
    """What each debtor owes each player, in one pass over the debts."""
    found: dict[int, dict[int, int]] = {}
    for debt in offers.pending_of(state, edition, Debt):
        if isinstance(debt.creditor, int):
            owed = found.setdefault(debt.debtor, {})
            owed[debt.creditor] = owed.get(debt.creditor, 0) + debt.amount
    return found


def _offer_options(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """For each debtor who could pay a player in property now: the creditors
    ("to"), what each is owed and the value the offer may name ("creditors":
    seat, owed, value from 1 to what is owed), and the properties it may
    offer ("positions", each mortgaged or not)."""
    if not edition.rules.debt.payment_in_kind or not offers.pending_of(state, edition, Debt) or running(state):
        return {}
    owned, holdings, found = tradeable_positions(state, edition), state.holdings, {}
    for seat, owed in sorted(_owed_to_players(state, edition).items()):
        positions = owned.get(seat)
        if not positions or state.players[seat].out:
            continue
        to = sorted(owed)
        found[seat] = {
            "to": to,
            "creditors": [
                {"seat": c, "owed": owed[c], "value": {"min": 1, "max": owed[c], "step": 1, "exact": False}} for c in to
            ],
            "positions": [_offered(edition, p, holdings[p].mortgaged) for p in positions],
        }
    return found


def _offered(edition: Edition, position: int, mortgaged: bool) -> dict[str, Any]:
    """A property that may be offered; a mortgaged one with the interest its receiver pays the
    bank to keep it mortgaged (``offer_choice``: or lifts it)."""
    if not mortgaged:
        return {"position": position, "mortgaged": False}
    due = interest(edition, position)
    return {"position": position, "mortgaged": True, "interest": due.amount, "percent": due.percent}


def _offer_examples(options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """To the first creditor: each property alone for the whole debt, then all
    of them for the least value; to each other creditor, the first property."""
    first, *others = options["creditors"]
    positions = [entry["position"] for entry in options["positions"]]
    found = [{"to": first["seat"], "positions": [p], "value": first["owed"]} for p in positions[:6]]
    found.append({"to": first["seat"], "positions": positions, "value": 1})
    found += [{"to": c["seat"], "positions": positions[:1], "value": c["owed"]} for c in others[:3]]
    return found


@action("offer_property", OfferProperty, _offer_options, _offer_examples, answers=Debt)
def offer_property(step: Step, act: OfferProperty) -> None:
    if not step.edition.rules.debt.payment_in_kind:
        # seed 002: "виникає борг на всю суму, частинами не платять"
        raise step.refuse("no_payment_in_kind", UNAVAILABLE)
    require_no_building_auction(step)
    offer = PropertyOffer(step.state.version + 1, act.seat, act.to, tuple(dict.fromkeys(act.positions)), act.value)
    owed = check(step, offer)
    step.push(offer)
    names = step.state.players
    step.note(
        OFFERED,
        name=names[act.seat].name,
        creditor=names[act.to].name,
        places=list(offer.positions),  # language-neutral: each reader's names for them
        value=act.value,
        owed=owed,
    )


def _accepts(state: GameState, edition: Edition, offer: PropertyOffer) -> bool:
    return refusal(state, edition, offer) is None


def valid_offers(state: GameState, edition: Edition) -> list[PropertyOffer]:
    """Open offers that could be accepted now."""
    return [] if running(state) else offers.acceptable(state, edition, PropertyOffer, _accepts)


def _accept_options(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """For each creditor offered property it could accept now, those offers' ids ("offer"), and
    the mortgaged properties among them with the interest it would pay the bank on each ("mortgaged")."""
    if running(state):
        return {}
    found = offers.answerable(state, edition, PropertyOffer, _accepts)
    return {seat: later(_with_mortgages, state, edition, ids) for seat, ids in found.items()}


def _with_mortgages(state: GameState, edition: Edition, ids: Mapping[str, list[int]]) -> dict[str, Any]:
    accepted = set(ids["offer"])
    mortgaged = [
        {"offer": offer.id, **_offered(edition, position, True)}
        for offer in state.pending_of(PropertyOffer)
        if offer.id in accepted
        for position in offer.positions
        if state.holdings[position].mortgaged
    ]
    return {"offer": list(ids["offer"]), "mortgaged": mortgaged}


def _reject_options(state: GameState, edition: Edition) -> dict[int, dict[str, list[int]]]:
    """For each seat on either side of an open offer of property, those offers' ids ("offer")."""
    return offers.either_side(state, edition, PropertyOffer)


def _find(step: Step, seat: int, offer_id: int | None, answering: bool) -> PropertyOffer:
    return offers.find(step, PropertyOffer, seat, offer_id, answering, (NO_OFFER, WHICH_OFFER))


@action("accept_property", AcceptProperty, _accept_options, offers.examples, answers=PropertyOffer)
def accept_property(step: Step, act: AcceptProperty) -> None:
    offer = _find(step, act.seat, act.offer, answering=True)
    require_no_building_auction(step)
    owed = check(step, offer)
    step.drop(offer)
    _reduce_debts(step, offer.seat, offer.to, offer.value)
    names = step.state.players
    step.note(
        ACCEPTED,
        name=names[offer.seat].name,
        creditor=names[offer.to].name,
        places=list(offer.positions),  # language-neutral: each reader's names for them
        value=offer.value,
        owed=owed,
        left=owed - offer.value,
    )
    for position in offer.positions:
        step.set_holding(position, owner=offer.to)
    for position in offer.positions:
        if step.state.holdings[position].mortgaged:
            offer_choice(step, offer.to, position)


def _reduce_debts(step: Step, debtor: int, creditor: int, value: int) -> None:
    """The value pays the debts to that creditor, oldest first."""
    for debt in step.state.pending_of(Debt):
        if value == 0:
            return
        if debt.debtor != debtor or debt.creditor != creditor:
            continue
        paid = min(value, debt.amount)
        value -= paid
        if paid == debt.amount:
            step.drop(debt)
        else:
            step.swap(debt, replace(debt, amount=debt.amount - paid))


@action("reject_property", RejectProperty, _reject_options, offers.examples, answers=PropertyOffer)
def reject_property(step: Step, act: RejectProperty) -> None:
    offer = _find(step, act.seat, act.offer, answering=False)
    step.drop(offer)
    names = step.state.players
    values = dict(name=names[offer.seat].name, creditor=names[offer.to].name)
    if act.seat == offer.seat:
        step.note(WITHDRAWN, **values)
    else:
        step.note(REJECTED, owed=owed_to(step.state, offer.seat, offer.to), **values)
