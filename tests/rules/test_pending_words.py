"""What a refusal names as being in the way (``values.what``) speaks the
edition's own words: a ua-industries table reads of businesses and of the
inspection release card, not of properties or card ids."""

import re

import pytest

from referee.editions import shipped
from referee.editions.catalog import LANGUAGES
from referee.explain import ruling_view
from referee.rules.payment_in_kind import PropertyOffer
from referee.rules.pending import PENDING_TYPES, RentClaim
from referee.rules.random_move import RandomDestination
from referee.rules.serialize import ruling_to_dict
from referee.rules.trade_terms import TradeOffer, TradeTerms
from referee.rules.turns import RESOLVE_FIRST

from .game import Game

CLASSIC_WORDS = re.compile(r"\b(propert(y|ies)|pending|card [a-z_.]+)\b", re.IGNORECASE)


@pytest.fixture
def ua():
    return shipped()["ua-industries"]


def items(ua):
    card = next(iter(c.id for deck in ua.decks.values() for c in deck.cards))
    return [
        # seed 002: "борг треба погасити до завершення ходу" — here by businesses offered against it
        PropertyOffer(id=3, seat=1, to=0, positions=(1, 3), value=60),
        TradeOffer(id=4, seat=0, to=1, give=TradeTerms(positions=(1,), cards=(card,)), get=TradeTerms(cash=50)),
        RentClaim(owner=0, payer=1, position=1, amount=10),
        RandomDestination(seat=0, excluded=()),
    ]


def test_what_is_in_the_way_is_named_in_the_edition_s_words(ua):
    state = Game(ua, "Anna", "Boris").state
    for item in items(ua):
        ruling = ruling_to_dict(RESOLVE_FIRST.ruling(ua, what=item.describe(state), pending=item.type))
        for lang in LANGUAGES:
            text = ruling_view(ruling, ua, lang)["text"]
            assert not CLASSIC_WORDS.search(text), (item.type, lang, text)


def test_every_pending_type_is_described_in_words_of_its_own():
    # without them a refusal would name the type's id ("property offer"): a placeholder, not words
    unnamed = [t for t, cls in PENDING_TYPES.items() if not cls.said]
    assert unnamed == []
