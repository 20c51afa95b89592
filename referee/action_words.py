"""Each action type in English words, for the rulings of the journal: in the
edition's own words where an action names a piece ({term.jail} is the tax
inspection in ua-industries, {term.property} a business)."""

from __future__ import annotations

from referee.rules.rulings import Shows, render

ACTION_WORDS = {
    "end_turn": "end of turn",
    "sell_to_bank": "sale to the bank",
    "end_game": "end of the game",
    "claim_rent": "rent claim",
    "buy": "purchase",
    "decline": "declined purchase",
    "bid": "bid",
    "pass": "pass",
    "auction_buildings": "building auction",
    "mortgage": "mortgage",
    "unmortgage": "mortgage lift",
    "keep_mortgage": "mortgage kept",
    "trade": "trade offer",
    "accept_trade": "trade accepted",
    "reject_trade": "trade rejected",
    "timeout": "time-out",
    "pay_jail_fine": "{term.jail} fine",
    "use_jail_card": "{term.jail_free_card}",
    "declare_bankruptcy": "bankruptcy",
    "build": "building",
    "sell_building": "{term.building_sale}",
    "draw_card": "card drawn",
    "choose": "card choice",
    "deal_deeds": "deeds dealt",
    "roll": "roll of the dice",
    "offer_property": "{term.property} offer",
    "accept_property": "{term.property} offer accepted",
    "reject_property": "{term.property} offer rejected",
    "random_move": "random move",
    "auction_property": "{term.property} auction",
    "adjust": "money moved by the table",
    "rename": "new name",
    "leave": "player leaving",
    "counter_trade": "counter-offer",
    "auction_result": "auction result",
}
"""Each action type in English words, for the undo and correction rulings
(the catalog's phrases say them in the other languages)."""


def said(kind: str, shows: Shows) -> str:
    """An action type in English words, with the edition's words for its pieces."""
    return render(ACTION_WORDS.get(kind, kind), {}, shows, sentence=False)
