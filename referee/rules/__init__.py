"""The rules engine: pure Python, no web and no storage.

State in, action in; next state, transfers and rulings out. Importing this
package registers every rule area (each module registers its actions,
landings and card effects).
"""

from . import (  # noqa: F401  (registration)
    auction_aloud,
    bank_sale,
    bankruptcy,
    building,
    building_auction,
    cards,
    clock,
    counter_offer,
    deal,
    debt,
    dice,
    ending,
    estate,
    jail,
    leaving,
    mortgage,
    mortgage_choice,
    payment_in_kind,
    purchase,
    random_move,
    rent,
    seller_auction,
    table_management,
    taxes,
    trade_answers,
    trades,
    turns,
)
from .edition import Edition
from .engine import HOUSE_RULES, Now, Setup, allowed, parse_action, refused, replay, start, step
from .errors import RuleViolation, UnknownAction
from .state import GameState, Options
from .step import ACTIONS, Outcome

__all__ = [
    "ACTIONS",
    "Edition",
    "GameState",
    "HOUSE_RULES",
    "Now",
    "Options",
    "Outcome",
    "RuleViolation",
    "Setup",
    "UnknownAction",
    "allowed",
    "parse_action",
    "refused",
    "replay",
    "start",
    "step",
]
