"""The page offers what the engine's ``allowed`` options list, not what it
would work out from the edition's rule parameters: in a Disney short game the
fourth building on a street is a castle (seed 000: a hotel after three houses),
and the page says so because the options say so."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .phones import Api, overflows, start_table, unnamed_controls


def test_in_a_disney_short_game_the_build_form_offers_a_castle_after_three_cottages(server, phone, shot):
    # seed 000: in the short game "достаточно трёх домов на каждом участке, чтобы купить отель"
    host = phone()
    links = start_table(host, server.url, "Anna", "Boris", edition="disney", variant="Short game")
    api = Api(server, links[2])
    api.act({"type": "deal_deeds", "seat": 0, "deeds": [[1, 3], [6, 8]]})  # Anna: the brown group
    api.act({"type": "build", "seat": 0, "positions": [1, 3, 1, 3, 1, 3]})  # three cottages on each
    anna = phone()
    anna.goto(links[0])

    anna.get_by_text("Build…").click()
    build = anna.locator('[data-form="build-0"] form')
    expect(build.get_by_role("spinbutton", name=re.compile(r"next: castle$"))).to_have_count(2)
    expect(build.get_by_role("spinbutton", name=re.compile(r"next: cottage$"))).to_have_count(0)
    build.get_by_role("button", name="One more on each").click()
    build.get_by_role("button", name="One more on each").click()  # the headroom is one castle each
    assert unnamed_controls(anna) == [] and not overflows(anna)
    shot(anna, "castle-after-three-cottages")
    build.get_by_role("button", name="Build 2 for M100").click()

    expect(anna.locator('[data-form="build-0"]')).to_have_count(0)  # nothing left to build on
    built = {p["position"]: p for p in api.state()["properties"] if p["position"] in (1, 3)}
    assert [(p["hotel"], p["houses"]) for p in built.values()] == [(True, 0), (True, 0)]
