"""Schemas shared by several resources: problems, rulings, ledger entries,
events and the game state (SPEC §4 names)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from referee.rules import ACTIONS

from .refusals import CODES_DESCRIBED

ACCOUNT = {"oneOf": [{"type": "integer", "minimum": 0}, {"type": "string", "enum": ["bank", "pot"]}]}


def _pending() -> type[Schema]:
    from .pending_types import PendingSchema  # it types its fields with the schemas here

    return PendingSchema


def _recorded_action() -> type[Schema]:
    from .action_types import RecordedActionSchema

    return RecordedActionSchema


class ProblemSchema(Schema):
    """An error, as RFC 9457 problem details."""

    type = fields.String(metadata={"description": "A URI naming the kind of problem"})
    title = fields.String()
    status = fields.Integer()
    detail = fields.String()
    code = fields.String(metadata=CODES_DESCRIBED)
    rule = fields.String(metadata={"description": "Id of the rule that forbids the action"})
    ruling = fields.Nested(lambda: RulingSchema(), metadata={"description": "The ruling behind a refusal"})
    errors = fields.Dict(metadata={"description": "Field errors of an invalid request"})
    current_version = fields.Integer(metadata={"description": "The game's version, when If-Match was stale"})
    invariants = fields.List(
        fields.String(),
        metadata={"description": "What an outcome the rules came to would have broken (nothing was stored)"},
    )


class QuoteSchema(Schema):
    """A booklet's own words, in the booklet's language."""

    seed = fields.String(required=True, metadata={"description": "The source document"})
    title = fields.String(required=True)
    lang = fields.String(required=True, metadata={"description": "The booklet's language"})
    quote = fields.String(required=True, metadata={"description": "The exact wording"})


class RulingSchema(Schema):
    rule = fields.String(required=True)
    text = fields.String(
        required=True, metadata={"description": "The explanation with the numbers, in `lang` (Accept-Language)"}
    )
    lang = fields.String(metadata={"description": "The language of `text` (English where no translation exists)"})
    values = fields.Dict(required=True, metadata={"description": "The numbers and names the explanation uses"})
    house_rule = fields.Boolean(required=True, metadata={"description": "A house rule, not the booklet, decided it"})
    table_decision = fields.Boolean(
        metadata={"description": "The table decided it (money moved, a name changed, a player left): no house rule"}
    )
    booklet = fields.List(
        fields.Nested(QuoteSchema), metadata={"description": "The edition's booklet wording of the rule"}
    )


class LedgerEntrySchema(Schema):
    seq = fields.Integer(required=True, metadata={"description": "The entry's number in the game's ledger"})
    event = fields.Integer(required=True, metadata={"description": "Sequence number of the event that caused it"})
    from_ = fields.Raw(required=True, attribute="from", data_key="from", metadata=ACCOUNT)
    to = fields.Raw(required=True, metadata=ACCOUNT)
    amount = fields.Integer(required=True, validate=validate.Range(min=1))
    reason = fields.String(required=True)
    rule = fields.String(required=True)
    ruling = fields.Nested(RulingSchema, required=True)


class JudgedBySchema(Schema):
    """The rules that decided an event."""

    package = fields.String(required=True, metadata={"description": "The version of the service's rules"})
    edition = fields.String(
        required=True, metadata={"description": "The edition document, as `<id>@<digest of its complete document>`"}
    )


class RecordedEventBase(Schema):
    """An event as the journal records it (the export adds its facts, a read who did it)."""

    seq = fields.Integer(required=True)
    type = fields.String(required=True)
    seat = fields.Integer(allow_none=True, required=True)
    action = fields.Raw(
        required=True,
        metadata={"description": "The action as recorded (virtual dice included)", "component": _recorded_action},
    )
    rulings = fields.List(fields.Nested(RulingSchema), required=True)
    at = fields.String(required=True)
    judged_by = fields.Nested(
        JudgedBySchema,
        allow_none=True,
        metadata={"description": "Which rules judged the event (null: kept without facts by a migration)"},
    )


class EventSchema(RecordedEventBase):
    """An event as clients read it: the record and who did it."""

    by = fields.String(
        required=True,
        validate=validate.OneOf(["table", "end_time", "player"]),
        metadata={
            "description": "Who did it: the table (the creation, an undo, an action done for the table: "
            "`for_table` in `allowed`, whichever seat it carries), "
            "the agreed end time (the end a timed game's time brought) or the player of `seat`"
        },
    )


class FactsSchema(Schema):
    """What the rules decided when the event happened, folded without judging again."""

    change = fields.Raw(
        allow_none=True,
        required=True,
        metadata={"description": "The state's change: [old, new], or changes by member (key or array index)"},
    )
    top = fields.Integer(allow_none=True, required=True, metadata={"description": "The action in effect on top"})
    below = fields.Integer(allow_none=True, metadata={"description": "The action in effect under this one"})
    base = fields.Integer(metadata={"description": "The event whose state an undo of this one returns to"})
    judged_by = fields.Nested(JudgedBySchema, required=True)


class RecordedEventSchema(RecordedEventBase):
    """An event as exported: with its facts and the money it moved."""

    facts = fields.Nested(FactsSchema, allow_none=True, required=True)
    ledger = fields.List(fields.Nested(LedgerEntrySchema), required=True)


class EventDetailSchema(EventSchema):
    ledger = fields.List(
        fields.Nested(LedgerEntrySchema), required=True, metadata={"description": "The money this event moved"}
    )


class PlayerSchema(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(required=True)
    cash = fields.Integer(required=True)
    position = fields.Integer(required=True)
    in_jail = fields.Boolean(required=True)
    jail_turns = fields.Integer(required=True)
    jail_cards = fields.List(fields.String(), required=True)
    bankrupt = fields.Boolean(
        required=True, metadata={"description": "Out of the game over a debt the player could not pay"}
    )
    left = fields.Boolean(
        required=True,
        metadata={"description": "Out of the game because the player left the table (`leave`); not bankrupt"},
    )
    visits = fields.Integer()


class PropertySchema(Schema):
    position = fields.Integer(required=True)
    owner = fields.Integer(allow_none=True, required=True)
    houses = fields.Integer(required=True)
    hotel = fields.Boolean(required=True)
    mortgaged = fields.Boolean(required=True)


class BankSchema(Schema):
    houses = fields.Integer(required=True)
    hotels = fields.Integer(required=True)


class TurnSchema(Schema):
    seat = fields.Integer(required=True)
    doubles = fields.Integer(required=True)
    can_roll = fields.Boolean()
    rolled = fields.Boolean()
    dice = fields.List(fields.Integer(), allow_none=True)


class AllowedSchema(Schema):
    """What a seat may do now, with the values it may choose. The answer is the engine's entry as it is;
    the document types it per action type (``option_types``)."""

    type = fields.String(required=True, validate=validate.OneOf(sorted(ACTIONS)))
    seat = fields.Integer(required=True)
    table = fields.Boolean(
        metadata={"description": "Only the table's token may send it (end_game, adjust, rename, leave)"}
    )
    for_table = fields.Boolean(
        metadata={
            "description": "Done for the whole table, whichever seat sends it (every `table` action, "
            "deal_deeds, timeout): its event's `by` is `table`"
        }
    )
    options = fields.Dict(
        required=True,
        metadata={"description": "The values the seat may choose now (e.g. a bid's minimum and step); {} when none"},
    )

    def openapi(self, converter) -> dict:
        from .action_types import allowed_document  # it types the options with the schemas here

        return allowed_document(converter)


class RefusedSchema(Schema):
    """What a seat would look for now and may not do, and why; the document types it per action type
    (``refused_types``)."""

    type = fields.String(required=True)
    seat = fields.Integer(required=True)
    positions = fields.List(fields.Dict(), required=True)

    def openapi(self, converter) -> dict:
        from .refused_types import refused_document  # it types the entries with the option schemas

        return refused_document(converter)


class WaitingSchema(Schema):
    kind = fields.String(
        required=True,
        validate=validate.OneOf(("answer", "bid", "decision", "first_bid")),
        metadata={
            "description": "What play waits for: a decision (a roll, a purchase, a debt, the end of the turn), a bid, "
            "a lot's first bid, or the answer to an offer that holds play up"
        },
    )
    seats = fields.List(fields.Integer(), required=True, metadata={"description": "Who must act"})


class GameOptionsSchema(Schema):
    variant = fields.String()
    rent_collection = fields.String()
    dice = fields.String()
    decks = fields.String()
    house_rules = fields.List(fields.String())
    ends_at = fields.String(allow_none=True)
    clock = fields.Boolean()
    jackpot_start = fields.Integer(metadata={"description": "What the bank put in the Free Parking pot at the start"})
    ends_after_rounds = fields.Integer(
        allow_none=True, metadata={"description": "The game ends after this many rounds"}
    )


class TimeLeftSchema(Schema):
    ends_at = fields.String(required=True, metadata={"description": "The agreed end time (ISO 8601)"})
    seconds_left = fields.Integer(required=True, metadata={"description": "Whole seconds to the end; 0 once it came"})


class StateSchema(Schema):
    id = fields.String(required=True)
    version = fields.Integer(required=True, metadata={"description": "Number of events applied; the ETag"})
    edition = fields.String(required=True)
    options = fields.Nested(GameOptionsSchema, required=True)
    players = fields.List(fields.Nested(PlayerSchema), required=True)
    properties = fields.List(fields.Nested(PropertySchema), required=True)
    bank = fields.Nested(BankSchema, required=True)
    turn = fields.Nested(TurnSchema, required=True)
    pending = fields.List(
        fields.Raw(metadata={"component": _pending}),
        required=True,
        metadata={"description": "What the table must resolve next; each has a type"},
    )
    allowed = fields.List(fields.Nested(AllowedSchema), required=True)
    refused = fields.List(
        fields.Nested(RefusedSchema),
        required=True,
        metadata={
            "description": "What seats would look for now and may not do, and why: a purchase the cash does not "
            "cover, streets that may take no building now"
        },
    )
    waiting = fields.Nested(
        WaitingSchema,
        required=True,
        allow_none=True,
        metadata={"description": "Who play waits for now, and on what (clock or not); null once the game is over"},
    )
    decks = fields.Dict(
        metadata={"description": "Virtual decks: how many cards each deck holds (the order is never shown)"}
    )
    pot = fields.Integer()
    rolls = fields.Integer(metadata={"description": "Movement rolls made in the whole game"})
    rounds = fields.Integer(metadata={"description": "Rounds played: times the turn has gone round the table"})
    random_move = fields.Dict(
        allow_none=True, metadata={"description": "The last random move: destination and the roll it happened on"}
    )
    winner = fields.Integer(allow_none=True, required=True)
    winners = fields.List(fields.Integer(), metadata={"description": "Every winner; several when the richest tie"})
    finished = fields.Boolean()
    clock_since = fields.Integer(
        metadata={
            "description": "The event at which the table clock's current wait began; 0 until the game starts at "
            "the table, with the first action after the creation"
        }
    )
    clock = fields.Dict(
        allow_none=True,
        metadata={
            "description": "With the table clock on: kind (decision, bid, first_bid, answer), seats on the clock, "
            "seconds allowed, started (false until the first action after the creation: then since, deadline "
            "and remaining are null, as no time runs), since, deadline, remaining, expired, consequence (out, "
            "pass, cancel, reject) and whether the service applies it (enforced)"
        },
    )
    time_left = fields.Nested(
        TimeLeftSchema, metadata={"description": "A timed game's end time and the time left, when the state was read"}
    )
