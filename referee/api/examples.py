"""Examples for the document's main operations: what a table sends and reads.

The linter checks each against its schema, so an example cannot drift from
the shape it shows.
"""

from __future__ import annotations

CREATE = {
    "classic": {
        "summary": "Three players, the classic board, rent claimed by the owner",
        "value": {
            "edition": "classic",
            "players": [{"name": "Anna"}, {"name": "Boris"}, {"name": "Vera"}],
            "options": {"rent_collection": "claim", "house_rules": ["free_parking_jackpot"]},
        },
    },
    "virtual": {
        "summary": "The service rolls the dice and shuffles the decks",
        "value": {
            "edition": "classic",
            "players": [{"name": "Anna"}, {"name": "Boris"}],
            "options": {"dice": "virtual", "decks": "virtual"},
        },
    },
}

ACTIONS = {
    "roll": {"summary": "Seat 0 rolled a 3 and a 4", "value": {"type": "roll", "seat": 0, "dice": [3, 4]}},
    "buy": {"summary": "Seat 0 buys the property it stands on", "value": {"type": "buy", "seat": 0}},
    "bid": {"summary": "Seat 1 bids 120 in the auction", "value": {"type": "bid", "seat": 1, "amount": 120}},
    "claim_rent": {"summary": "The owner asks for the rent", "value": {"type": "claim_rent", "seat": 2}},
    "build": {
        "summary": "A house on each light-blue street",
        "value": {"type": "build", "seat": 0, "positions": [6, 8, 9]},
    },
    "trade": {
        "summary": "Seat 0 offers 100 for seat 1's Vermont Avenue",
        "value": {"type": "trade", "seat": 0, "to": 1, "give": {"cash": 100}, "get": {"positions": [8]}},
    },
}

_RULING = {
    "rule": "rent.street.base",
    "text": "Boris pays Anna 6: the base rent of Oriental Avenue.",
    "lang": "en",
    "values": {"rent": 6},
    "house_rule": False,
}

STATE = {
    "midgame": {
        "summary": "Boris owes Anna rent she has not claimed yet (one property shown)",
        "value": {
            "id": "3f2c9a7e",
            "version": 5,
            "edition": "classic",
            "options": {
                "variant": "standard",
                "rent_collection": "claim",
                "dice": "table",
                "decks": "table",
                "house_rules": [],
                "ends_at": None,
                "clock": False,
            },
            "players": [
                {
                    "seat": 0,
                    "name": "Anna",
                    "cash": 1400,
                    "position": 6,
                    "in_jail": False,
                    "jail_turns": 0,
                    "jail_cards": [],
                    "bankrupt": False,
                    "left": False,
                },
                {
                    "seat": 1,
                    "name": "Boris",
                    "cash": 1500,
                    "position": 6,
                    "in_jail": False,
                    "jail_turns": 0,
                    "jail_cards": [],
                    "bankrupt": False,
                    "left": False,
                },
            ],
            "properties": [{"position": 6, "owner": 0, "houses": 0, "hotel": False, "mortgaged": False}],
            "bank": {"houses": 32, "hotels": 12},
            "turn": {"seat": 1, "doubles": 0, "can_roll": False, "rolled": True, "dice": [2, 4]},
            "pending": [
                {
                    "type": "rent_claim",
                    "blocking": False,
                    "owner": 0,
                    "payer": 1,
                    "position": 6,
                    "amount": 6,
                    "ruling": _RULING,
                    "multiplier": None,
                }
            ],
            "allowed": [{"type": "claim_rent", "seat": 0}, {"type": "end_turn", "seat": 1}],
            "winner": None,
        },
    }
}
