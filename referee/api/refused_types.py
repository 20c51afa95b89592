"""The state's ``refused`` entries, typed by their action type: what a seat
would look for now and may not do, and why (``referee.rules.refused``, from
each type's ``refused`` in the engine: ``@action(type, ..., refused=...)``).
Only the types that tell it have one; a client shows the reason where the
control would be, rather than leave it out silently."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from .option_types import choice, each, integer


def _type(name: str) -> fields.String:
    return fields.String(required=True, validate=validate.Equal(name))


class HeldPurchaseSchema(Schema):
    position = integer("The property of the bank the seat stands on")
    why = choice(("insufficient_funds",), "The refusal a purchase meets now: insufficient_funds, cash below the price")
    price = integer("Its price")
    short = integer("How much cash is missing: raised first (a mortgage, a sale), the purchase is offered")


class BuyRefusedSchema(Schema):
    """`buy`: the property on offer that the seat may not buy now, and why (it may still decline)."""

    type = _type("buy")
    seat = integer("The seat on the property")
    positions = each(HeldPurchaseSchema, "The property on offer (one)")


class HeldStreetSchema(Schema):
    position = integer("A street of a group the seat holds whole")
    why = fields.String(
        required=True,
        metadata={
            "description": "The code of the refusal one building on it alone meets now (Problem.code), e.g. "
            "uneven (build evenly: the group's less built streets first), not_standing (only where the token "
            "stands), building_limit (fully built), no_houses / no_hotels (the bank has none), "
            "insufficient_funds, group_mortgaged, one_per_visit, in_debt, not_your_turn"
        },
    )


class BuildRefusedSchema(Schema):
    """`build`: the streets of the seat's whole groups that may take no building now, each with why;
    streets that may are in the `build` entry of `allowed`."""

    type = _type("build")
    seat = integer("The seat holding the groups")
    positions = each(HeldStreetSchema, "One entry per street held back")


REFUSED: dict[str, type[Schema]] = {"buy": BuyRefusedSchema, "build": BuildRefusedSchema}


def refused_document(converter) -> dict:
    """An entry of ``refused`` in the document: a ``oneOf`` over the types that tell it."""
    from .action_types import one_of

    return one_of(converter, REFUSED, "What a seat may not do now, and why; `type` says which action")
