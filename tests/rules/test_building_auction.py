"""The shortage auction: scarce buildings auctioned one by one from the
deed's building price (seeds 000 and 003), the dearest of the streets wanted
when they differ, so that none is sold below its own deed's price."""

from referee.rules.building_auction import BuildingAuction, PlaceBuilding

from .game import Game

ORANGE = (16, 18, 19)  # houses 100
LIGHT_BLUE = (6, 8, 9)  # houses 50


def short_of_houses(classic) -> Game:
    """Two houses left in the bank; Anna (orange, two houses each) and Boris (light blue) want more,
    Vera's groups are full."""
    game = Game(classic, "Anna", "Boris", "Vera")
    game.own(0, *ORANGE)
    game.own(1, *LIGHT_BLUE)
    game.own(2, 31, 32, 34, 26, 27, 29, 21, 23, 24)
    game.build_up({**dict.fromkeys((31, 32, 34, 26, 27, 29), 4), **dict.fromkeys(ORANGE, 2)}, hotels=(21, 23, 24))
    assert game.state.supply.houses == 2
    return game


def test_the_bank_auctions_the_last_houses_one_by_one_from_the_deeds_price(classic):
    # seed 000: "Если в Банке осталось ограниченное число Домов или Отелей, и два или более игроков хотят
    # купить их больше, чем осталось в Банке, то Банкир проводит аукцион ... В качестве стартовой цены на
    # торгах берется цена, указанная в соответствующей карточке Собственника."
    game = short_of_houses(classic)
    legal = game.allowed(everything=True)
    assert ("auction_buildings", 0) in legal and ("auction_buildings", 2) not in legal
    game.act("auction_buildings", 1, building="house", bidders=[0, 1])
    (auction,) = game.pending(BuildingAuction)
    assert auction.opening == 100 and auction.building == "house"  # orange's deed: the dearest house wanted
    assert game.refused("bid", 1, amount=50).ruling.rule == "auction.minimum"  # light blue's price is not enough
    game.act("bid", 0, amount=120)
    game.act("pass", 1)
    assert [(t.source, t.target, t.amount, t.rule) for t in game.last.transfers] == [
        (0, "bank", 120, "building.auction.sold")
    ]
    assert game.pending(PlaceBuilding) == [PlaceBuilding(0, "house", 120, (0, 1))]
    assert game.allowed(everything=True) >= {("build", 0)} and ("build", 1) not in game.allowed(everything=True)
    game.act("build", 0, positions=[16])  # already paid: no second charge
    assert game.level(16) == (3, False) and game.last.transfers == ()
    # one house left, still wanted by both: the next round opens at once
    (auction,) = game.pending(BuildingAuction)
    assert auction.opening == 100  # Anna still wants orange houses
    game.act("bid", 1, amount=100)
    game.act("pass", 0)
    game.act("build", 1, positions=[9])
    assert game.state.supply.houses == 0
    assert game.rules()[-1] == "building.auction.ended"
    assert game.cash(0) == 1380 and game.cash(1) == 1400


def test_the_opening_is_the_price_of_the_streets_the_house_is_wanted_for(classic):
    # seed 003 l.296: «per il prezzo iniziale, prende quello che è indicato sul documento pertinente sulla proprietà»
    game = Game(classic, "Anna", "Boris", "Vera")
    game.own(0, *ORANGE)  # full of houses: Anna wants hotels there, not houses
    game.own(1, *LIGHT_BLUE)
    game.own(2, 1, 3, 26, 27, 29, 21, 23, 24, 31, 32, 34)
    game.build_up({**dict.fromkeys(ORANGE + (26, 27, 29), 4), 1: 3, 3: 3}, hotels=(21, 23, 24, 31, 32, 34))
    assert game.state.supply.houses == 2
    game.act("auction_buildings", 1, building="house", bidders=[1, 2])
    (auction,) = game.pending(BuildingAuction)
    assert (auction.opening, auction.bidders) == (50, (1, 2))  # light blue and brown houses cost 50


def test_a_shortage_auction_needs_a_real_shortage(classic):
    # seed 003: "Se un numero limitato di case o hotel rimane in banca, e due o più giocatori vogliono comprare
    # più edifici della Banca, il banchiere pone l'edificio all'asta"
    game = short_of_houses(classic)
    refusal = game.refused("auction_buildings", 0, building="house", bidders=[0, 2])
    assert refusal.ruling.rule == "building.auction.bidder"  # Vera has no room for another house
    refusal = game.refused("auction_buildings", 2, building="house", bidders=[0, 1])
    assert refusal.ruling.rule == "building.auction.reporter"  # reported by one who wants them
    game.own(1, 8, mortgaged=True)
    assert game.refused("auction_buildings", 0, building="house", bidders=[0, 1]).ruling.rule == (
        "building.auction.bidder"
    )


def test_there_is_no_shortage_while_the_bank_has_enough(classic):
    game = Game(classic)
    game.own(0, *ORANGE)
    game.own(1, *LIGHT_BLUE)
    refusal = game.refused("auction_buildings", 0, building="house", bidders=[0, 1])
    assert refusal.ruling.rule == "building.auction.no_shortage"  # 32 in the bank, 12 + 12 wanted
    assert refusal.ruling.values == {"left": 32, "kind": "house", "wanted": 24}
    assert ("auction_buildings", 0) not in game.allowed(everything=True)


def test_nobody_builds_sells_mortgages_or_trades_while_the_bank_auctions_buildings(classic):
    game = short_of_houses(classic)
    game.act("auction_buildings", 0, building="house", bidders=[0, 1])
    refusal = game.refused("roll", 0, dice=[1, 2])
    assert refusal.ruling.text == "Play cannot go on until the bank's auction of a house is resolved."
    assert game.refused("sell_building", 2, positions=[31]).ruling.rule == "building.auction.running"
    assert game.refused("build", 1, positions=[6]).ruling.rule == "building.auction.running"
    assert game.refused("mortgage", 0, positions=[16]).ruling.rule == "building.auction.running"
    legal = game.allowed(everything=True)
    assert ("sell_building", 2) not in legal and ("mortgage", 0) not in legal


def test_nobody_bidding_leaves_the_houses_in_the_bank(classic):
    game = short_of_houses(classic)
    game.act("auction_buildings", 0, building="house", bidders=[0, 1])
    game.act("pass", 0)
    game.act("pass", 1)
    assert game.rules() == ["building.auction.unsold"]
    assert game.state.supply.houses == 2 and game.pending() == []
    game.act("build", 0, positions=[16, 18])  # the shortage auction is over: build as usual
    assert game.level(16) == (3, False)


def test_the_winner_places_the_building_under_the_usual_rules(classic):
    game = short_of_houses(classic)
    game.act("auction_buildings", 0, building="house", bidders=[0, 1])
    game.act("bid", 0, amount=100)
    game.act("pass", 1)
    assert game.refused("build", 0, positions=[16, 18]).ruling.rule == "building.auction.place_one"
    assert game.refused("build", 0, positions=[6]).ruling.rule == "property.owner"
    game.act("build", 0, positions=[18])
    assert game.level(18) == (3, False)


def test_hotels_are_auctioned_too_when_scarce(classic):
    game = Game(classic, "Anna", "Boris", "Vera")
    game.own(0, *ORANGE)
    game.own(1, *LIGHT_BLUE)
    game.own(2, 11, 13, 14, 21, 23, 24, 26, 27, 29, 31, 32, 34)
    game.build_up(
        {**dict.fromkeys(ORANGE, 4), **dict.fromkeys(LIGHT_BLUE, 4), 34: 4},
        hotels=(11, 13, 14, 21, 23, 24, 26, 27, 29, 31, 32),
    )
    assert game.state.supply.hotels == 1
    game.act("auction_buildings", 1, building="hotel", bidders=[0, 1])
    assert game.refused("bid", 1, amount=80).ruling.rule == "auction.minimum"  # orange's hotel costs 100
    game.act("bid", 1, amount=100)
    game.act("bid", 0, amount=110)
    game.act("pass", 1)
    game.act("build", 0, positions=[18])
    assert game.level(18) == (0, True) and game.state.supply.hotels == 0
    assert game.rules()[-1] == "building.auction.ended"


def test_the_auction_and_the_placement_survive_a_snapshot_round_trip(classic):
    from referee.rules.serialize import state_from_dict, state_to_dict

    game = short_of_houses(classic)
    game.act("auction_buildings", 0, building="house", bidders=[0, 1])
    assert state_from_dict(state_to_dict(game.state)) == game.state
    game.act("bid", 1, amount=100)
    game.act("pass", 0)
    assert state_from_dict(state_to_dict(game.state)) == game.state
