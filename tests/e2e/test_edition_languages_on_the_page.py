"""A reader plays in their own language whatever the edition's: an Italian table
phone in a Disney game (a Russian booklet, seed 000) shows its streets, groups,
decks, cards and a card's choices in Italian, finds a card by an Italian word,
and falls back to English, not to the board's Russian, where a text is not
written in Italian."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .phones import Api, module_address, overflows

CYRILLIC = re.compile(r"[\u0400-\u04FF]")


def disney_short_game_in_italian(server, phone):
    """Giulia and Marco, a Disney short game dealt (Giulia the brown streets, Marco two light
    blue ones), opened on an Italian table phone."""
    created = server.app.test_client().post(
        "/games",
        json={"edition": "disney", "variant": "short", "players": [{"name": "Giulia"}, {"name": "Marco"}]},
    )
    assert created.status_code == 201, created.json
    link = f"{server.url}/play/{created.json['id']}#token={created.json['token']}"
    api = Api(server, link)
    api.act({"type": "deal_deeds", "seat": 0, "deeds": [[1, 3], [6, 8]]})
    page = phone("it-IT")
    page.goto(link)
    expect(page.locator(".dice input[type=radio]").first).to_be_attached()
    return page, api


def shown(page) -> str:
    return page.locator("#main").inner_text()


def test_an_italian_reader_of_a_disney_game_reads_italian_names_and_finds_a_card_by_an_italian_word(
    server, phone, shot
):
    page, api = disney_short_game_in_italian(server, phone)
    # the brown group by its Italian name, in the round that builds one more cottage on each street
    expect(page.locator("button.build-round").first).to_have_text(
        "Giulia alza marrone di un livello: 2 cottage per M100"
    )
    assert not CYRILLIC.search(shown(page)), shown(page)

    page.get_by_role("radio", name="Dado 1: 3").check()
    page.get_by_role("radio", name="Dado 2: 4").check()
    page.get_by_role("button", name="Lancio 3 + 4 = 7").click()  # GO + 7: a Show Time space
    draw = page.locator("form.draw")
    expect(draw.locator(".control-title")).to_have_text("Giulia ha pescato una carta di Show Time")
    search = draw.get_by_label("Trova la carta (una parola del testo)")
    search.fill("fata")
    cards = draw.locator(".card-option:visible")
    expect(cards).to_have_count(1)
    expect(cards).to_have_text("Avete detto una bugia alla Fata Turchina. Pagate M20 a ogni giocatore.")
    assert not CYRILLIC.search(shown(page)) and not overflows(page), shown(page)
    shot(page, "card-found-in-italian")
    search.fill("CAPITAN uncino")  # any case
    expect(cards).to_have_text(
        "Volate fino alla nave pirata di Capitan Uncino. Se passate dal Via, ritirate M200.", use_inner_text=True
    )
    search.fill("finche serve")  # without its accent: «finché»
    expect(cards).to_have_count(1)
    expect(cards).to_contain_text("Robin Hood vi aiuta a fuggire.")
    search.fill("show_time.blue_fairy")  # by its id
    expect(cards).to_have_count(1)
    cards.get_by_role("radio").check()
    draw.get_by_role("button", name="È questa la carta").click()
    expect(page.locator("form.draw")).to_have_count(0)
    assert api.events()[-1]["action"]["card"] == "show_time.blue_fairy"

    page.get_by_role("tab", name="Tabellone").click()
    page.locator('.board [data-position="5"]').click()
    expect(page.get_by_role("dialog").get_by_role("heading")).to_have_text("La nave pirata di Capitan Uncino")
    shot(page, "deed-in-italian")


def test_an_italian_reader_chooses_between_a_card_s_two_options_in_italian(server, phone, shot):
    # seed 000 l.309: «Magic Moments Pay a 10 fine or take a Show time card»
    page, api = disney_short_game_in_italian(server, phone)
    api.act({"type": "roll", "seat": 0, "dice": [1, 1]})  # GO + 2: Magic Moments
    api.act({"type": "draw_card", "seat": 0, "card": "magic_moments.fine_or_show_time"})
    choice = page.get_by_role("group", name="Pagate una multa di M10 o pescate una carta Show Time.")
    expect(choice.get_by_role("button")).to_have_text(["Paga una multa di M10", "Pesca una carta Show Time"])
    assert not CYRILLIC.search(shown(page)), shown(page)
    shot(page, "choice-in-italian")


def test_a_name_not_written_in_the_reader_s_language_is_shown_in_english_before_the_board_s(server, phone):
    page = phone("it-IT")
    page.goto(server.url + "/")
    names = page.evaluate(
        """async (module) => {
          const { Edition } = await import(module);
          const document = {
            language: "ru",
            spaces: [{ position: 0, name: { ru: "Вперёд", en: "GO" } }, { position: 1, name: { ru: "Житная улица" } }],
          };
          const edition = new Edition(document, "it");
          return [edition.spaceName(0), edition.spaceName(1)];
        }""",
        module_address(server, "edition.js"),
    )
    assert names == ["GO", "Житная улица"]
