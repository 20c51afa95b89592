"""Rent: how much a stop costs, and how it is collected (seed 001, "Покупка,
аукцион и рента"; seed 000 on the doubled base rent)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from .edition import Edition
from .holdings import require_space
from .movement import Arrival
from .pending import RentClaim, RentRoll
from .rulings import Rule
from .state import GameState
from .step import Step, action

STREET_BASE = Rule("rent.street", "Rent {rent:m}: the base rent of {place:space} on its deed.")
STREET_DOUBLE = Rule(
    "rent.street.complete_group",
    "Rent {rent:m} = base {base:m} × {multiplier}: {owner} owns the whole {group:group} group "
    "and {place:space} has no buildings.",
)
STREET_GROUP_MORTGAGED = Rule(
    "rent.street.group_mortgaged",
    "Rent {rent:m}: base rent only; {owner} owns the whole {group:group} group, but {mortgaged:space} "
    "is mortgaged, and this edition then allows no doubled rent.",
)
STREET_HOUSES = Rule("rent.street.houses", "Rent {rent:m}: {place:space} has {houses:n.house}, per its deed.")
STREET_HOTEL = Rule("rent.street.hotel", "Rent {rent:m}: {place:space} has a {term.hotel}, per its deed.")
STATION = Rule("rent.station", "Rent {rent:m}: {owner} owns {count} of the {term.station} spaces.")
STATION_CARD = Rule(
    "rent.station.card",
    "Rent {rent:m} = {base:m} × {multiplier} as the card says: {owner} owns {count} of the {term.station} spaces.",
)
UTILITY = Rule(
    "rent.utility", "Rent {rent:m} = dice {dice} × {multiplier}: {owner} owns {count} of the {term.utility} spaces."
)
UTILITY_CARD = Rule(
    "rent.utility.card",
    "Rent {rent:m} = dice {dice} × {multiplier}, as the card says.",
)
UTILITY_ROLL = Rule(
    "rent.utility.roll",
    "{payer} must roll the dice for the rent of {place:space}: the roll × {multiplier}{why:phrase}.",
)
MORTGAGED = Rule("rent.mortgaged", "No rent: {place:space} is mortgaged.")
CLAIM_LAPSED = Rule(
    "rent.claim_lapsed",
    "{owner} did not ask {payer} for the rent on {place:space} before the next player's roll: "
    "nothing is paid for that stop.",
)
CLAIM_OPEN = Rule(
    "rent.claim_open",
    "{owner} may ask {payer} for the rent on {place:space} until the next player's roll; "
    "if not asked, nothing is paid for that stop.",
)
NO_CLAIM = Rule("rent.no_claim", "{name} has no rent to claim now{where}.")
NOT_YOUR_ROLL = Rule("rent.utility.payer_rolls", "{payer} rolls for this rent, not {name}.")
CLAIM_FIRST = Rule(
    "rent.utility.claim_first",
    "{owner} must first claim the rent for {place:space}; then {payer} rolls the dice for it: the roll × {multiplier}.",
)


@dataclass(frozen=True)
class Quote:
    """What a stop costs now. amount is None while a utility rent still
    needs its roll; multiplier then says by how much the roll is multiplied."""

    amount: int | None
    rule: Rule
    values: dict[str, Any] = field(default_factory=dict)
    multiplier: int | None = None


def _owned_count(state: GameState, edition: Edition, owner: int, group: str) -> int:
    return sum(1 for p in edition.group_positions(group) if state.holdings[p].owner == owner)


def street_quote(state: GameState, edition: Edition, position: int) -> Quote:
    space = edition.space(position)
    holding = state.holdings[position]
    owner = state.players[holding.owner].name
    place = position
    if holding.hotel:
        return Quote(space.rent[5], STREET_HOTEL, dict(rent=space.rent[5], place=place))
    if holding.houses:
        rent = space.rent[holding.houses]
        return Quote(rent, STREET_HOUSES, dict(rent=rent, place=place, houses=holding.houses))
    base = space.rent[0]
    group = edition.group_positions(space.group)
    if any(state.holdings[p].owner != holding.owner for p in group):
        return Quote(base, STREET_BASE, dict(rent=base, place=place))
    mortgaged = [p for p in group if state.holdings[p].mortgaged]
    if mortgaged and not edition.rules.rent.double_with_mortgaged_in_group:
        values = dict(rent=base, owner=owner, group=space.group, mortgaged=mortgaged[0])
        return Quote(base, STREET_GROUP_MORTGAGED, values)
    multiplier = edition.rules.rent.monopoly_multiplier
    rent = base * multiplier
    values = dict(rent=rent, base=base, multiplier=multiplier, owner=owner, group=space.group, place=place)
    return Quote(rent, STREET_DOUBLE, values)


def station_quote(state: GameState, edition: Edition, position: int, multiplier: int = 1) -> Quote:
    space = edition.space(position)
    holding = state.holdings[position]
    count = _owned_count(state, edition, holding.owner, space.group)
    base = space.rent[count - 1]
    owner = state.players[holding.owner].name
    if multiplier != 1:
        values = dict(rent=base * multiplier, base=base, multiplier=multiplier, owner=owner, count=count)
        return Quote(base * multiplier, STATION_CARD, values)
    return Quote(base, STATION, dict(rent=base, owner=owner, count=count))


def utility_quote(
    state: GameState,
    edition: Edition,
    position: int,
    dice: int | None,
    card_multiplier: int | None = None,
) -> Quote:
    space = edition.space(position)
    holding = state.holdings[position]
    count = _owned_count(state, edition, holding.owner, space.group)
    multiplier = card_multiplier or space.rent[count - 1]
    owner = state.players[holding.owner].name
    rule = UTILITY_CARD if card_multiplier else UTILITY
    values = dict(multiplier=multiplier, owner=owner, count=count, dice=dice)
    if dice is None:
        return Quote(None, rule, values, multiplier)
    values["rent"] = dice * multiplier
    return Quote(dice * multiplier, rule, values, multiplier)


def quote(state: GameState, edition: Edition, position: int, dice: int | None = None) -> Quote:
    """The rent a stop on an owned, unmortgaged property costs now."""
    kind = edition.space(position).kind
    if kind == "street":
        return street_quote(state, edition, position)
    if kind == "station":
        return station_quote(state, edition, position)
    return utility_quote(state, edition, position, dice)


def _arrival_quote(step: Step, arrival: Arrival) -> Quote:
    state, edition = step.state, step.edition
    kind = edition.space(arrival.position).kind
    if kind == "station":
        return station_quote(state, edition, arrival.position, arrival.rent_multiplier)
    if kind == "utility":
        reroll = arrival.by_card or edition.rules.rent.utility_dice == "reroll"
        dice = None if reroll else sum(state.turn.dice or (0, 0))
        return utility_quote(state, edition, arrival.position, dice, arrival.utility_multiplier)
    return street_quote(state, edition, arrival.position)


def rent_on_landing(step: Step, arrival: Arrival) -> None:
    """The token stopped on someone else's property."""
    holding = step.state.holdings[arrival.position]
    if holding.mortgaged:
        step.note(MORTGAGED, place=arrival.position)
        return
    found = _arrival_quote(step, arrival)
    ruling = step.ruling(found.rule, **found.values) if found.amount is not None else None
    if step.state.options.rent_collection == "automatic":
        collect(step, holding.owner, arrival.seat, arrival.position, found.amount, ruling, found.multiplier)
        return
    names = step.state.players
    step.note(CLAIM_OPEN, owner=names[holding.owner].name, payer=names[arrival.seat].name, place=arrival.position)
    step.push(RentClaim(holding.owner, arrival.seat, arrival.position, found.amount, ruling, found.multiplier))


def collect(step: Step, owner: int, payer: int, position: int, amount, ruling, multiplier) -> None:
    """Collect a known rent, or ask the payer to roll for a utility's rent."""
    if amount is not None:
        step.charge(payer, owner, amount, "rent", ruling)
        return
    # the card's own rent ("ten times the dice") is said as the card's, not as the edition's reroll
    by_card = set_by_card(step.state, step.edition, owner, position, multiplier)
    why = "sent_by_card" if by_card or step.edition.rules.rent.utility_dice != "reroll" else "rolls_anew"
    step.note(UTILITY_ROLL, payer=step.state.players[payer].name, place=position, multiplier=multiplier, why=why)
    step.push(RentRoll(payer, owner, position, multiplier, "rent"))


def set_by_card(state: GameState, edition: Edition, owner: int, position: int, multiplier: int | None) -> bool:
    """Whether a utility's dice multiplier is a card's: one other than the deed's for
    the owner's count can only come from a card ("ten times the amount thrown")."""
    count = _owned_count(state, edition, owner, edition.space(position).group)
    return multiplier is not None and multiplier != edition.space(position).rent[count - 1]


def require_claimed(step: Step, seat: int) -> None:
    """A utility rent still to be rolled for is rolled only once its owner
    claims it: a payer whose roll is refused meanwhile is told who acts first."""
    for claim in step.state.pending_of(RentClaim):
        if claim.amount is None and claim.payer == seat:
            names = step.state.players
            values = dict(owner=names[claim.owner].name, payer=names[seat].name, place=claim.position)
            raise step.refuse("claim_first", CLAIM_FIRST, multiplier=claim.multiplier, **values)


def settle_rent_roll(step: Step, pending: RentRoll, seat: int, dice: tuple[int, int]) -> None:
    """The payer's roll fixes a utility's rent."""
    if seat != pending.payer:
        names = step.state.players
        raise step.refuse("not_your_roll", NOT_YOUR_ROLL, payer=names[pending.payer].name, name=names[seat].name)
    step.drop(pending)
    total = sum(dice)
    count = _owned_count(step.state, step.edition, pending.owner, step.edition.space(pending.position).group)
    by_card = set_by_card(step.state, step.edition, pending.owner, pending.position, pending.multiplier)
    values = dict(
        rent=total * pending.multiplier,
        dice=f"{dice[0]}+{dice[1]}={total}",
        multiplier=pending.multiplier,
        owner=step.state.players[pending.owner].name,
        count=count,
    )
    ruling = step.ruling(UTILITY_CARD if by_card else UTILITY, **values)
    step.charge(pending.payer, pending.owner, total * pending.multiplier, "rent", ruling)


def lapse_claims(step: Step) -> None:
    """The next player's roll ends every open claim (seed 001)."""
    for claim in step.state.pending_of(RentClaim):
        step.drop(claim)
        names = step.state.players
        step.note(
            CLAIM_LAPSED,
            owner=names[claim.owner].name,
            payer=names[claim.payer].name,
            place=claim.position,
        )


@dataclass(frozen=True)
class ClaimRent:
    """position: which stop, when the owner has several claims open."""

    type: ClassVar[str]
    seat: int
    position: int | None = None


def _claims(state: GameState, seat: int, position: int | None = None) -> list[RentClaim]:
    """The seat's open claims, on ``position`` or (None) anywhere."""
    return [c for c in state.pending_of(RentClaim) if c.owner == seat and position in (None, c.position)]


def _options(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """For each owner with a rent claim open, each claim: the stop, its payer,
    the rent (None while a utility's rent still needs its roll) and a
    utility's dice multiplier."""
    if not state.pending:
        return {}
    found: dict[int, list] = {}
    for claim in state.pending:
        if isinstance(claim, RentClaim):
            entry = {"position": claim.position, "payer": claim.payer, "amount": claim.amount}
            if claim.multiplier is not None:
                entry["multiplier"] = claim.multiplier
            found.setdefault(claim.owner, []).append(entry)
    return {seat: {"positions": found[seat]} for seat in sorted(found)}


def _examples(options: dict[str, Any]) -> list[dict[str, Any]]:
    """Each claim by its stop."""
    return [{"position": entry["position"]} for entry in options["positions"][:10]]


@action("claim_rent", ClaimRent, _options, _examples, answers=RentClaim)
def claim_rent(step: Step, act: ClaimRent) -> None:
    if act.position is not None:
        require_space(step, act.position)  # the refusal below names the space
    claims = _claims(step.state, act.seat, act.position)
    if not claims:
        where = f" on {step.edition.space(act.position).label()}" if act.position is not None else ""
        raise step.refuse("no_claim", NO_CLAIM, name=step.state.players[act.seat].name, where=where)
    claim = claims[0]
    step.drop(claim)
    collect(step, claim.owner, claim.payer, claim.position, claim.amount, claim.ruling, claim.multiplier)
