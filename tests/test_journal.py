"""The journal fold: undo and corrections put the game back as if the mistake
had not happened, and the transfers that reverse it keep the books straight."""

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.editions import shipped
from referee.journal import Journal
from referee.rules import RuleViolation
from referee.rules.invariants import ledger_problems, violations
from referee.simulate import random_action

from .rules.test_random_games import DrawnChooser

CREATED = {
    "type": "create",
    "edition": "classic",
    "players": ["Anna", "Boris", "Vera"],
    "options": {
        "variant": "standard",
        "rent_collection": "claim",
        "dice": "table",
        "decks": "table",
        "house_rules": [],
        "ends_at": None,
    },
    "decks": {},
}


@pytest.fixture
def journal():
    return Journal(shipped()["classic"], CREATED)


def test_an_undo_returns_to_the_state_before_the_action_with_the_version_moving_on(journal):
    before = journal.state
    journal.act({"type": "roll", "seat": 0, "dice": [1, 3]})  # Income Tax
    recorded, outcome = journal.undo()
    assert recorded == {"type": "undo", "event": 2}
    assert outcome.state == replace(before, version=3)
    assert [(t.source, t.target, t.amount, t.reason) for t in outcome.transfers] == [("bank", 0, 200, "reversal")]


def test_reversing_transfers_go_last_first_so_no_one_is_ever_short(journal):
    # Anna, with no cash, passes GO (+200) and pays Income Tax (200) in one
    # roll. Paid back salary-first she would be short; last-first she never is.
    journal.state = journal.state.with_player(0, position=36, cash=0)
    _, rolled = journal.act({"type": "roll", "seat": 0, "dice": [4, 4]})
    assert [t.reason for t in rolled.transfers] == ["salary", "tax"]
    _, undone = journal.undo()
    assert [(t.source, t.target, t.amount) for t in undone.transfers] == [("bank", 0, 200), (0, "bank", 200)]
    assert undone.state.players[0].cash == 0 and undone.state.players[0].position == 36


def test_nothing_to_undo_right_after_the_creation(journal):
    with pytest.raises(RuleViolation) as refused:
        journal.undo()
    assert refused.value.code == "nothing_to_undo"


def test_a_correction_is_the_replacement_applied_to_the_state_before_the_mistake(journal):
    straight = Journal(shipped()["classic"], CREATED)
    journal.act({"type": "roll", "seat": 0, "dice": [1, 3]})
    _, corrected = journal.correct({"type": "roll", "seat": 0, "dice": [2, 3]})
    _, expected = straight.act({"type": "roll", "seat": 0, "dice": [2, 3]})
    assert corrected.state == replace(expected.state, version=3)
    assert [r.rule for r in corrected.rulings][:2] == ["journal.correction", "journal.reversal"]


def test_a_virtual_roll_cannot_be_undone(journal):
    journal.act({"type": "roll", "seat": 0, "dice": [1, 2]}, drawn=True)
    with pytest.raises(RuleViolation) as refused:
        journal.undo()
    assert refused.value.code == "drawn_dice"


@settings(max_examples=30)
@given(data=st.data())
def test_random_games_with_random_undos_and_corrections_keep_the_books_straight(data):
    # After every step: the invariants hold, cash equals the ledger (reversals
    # included), and an undo lands exactly on the state before the undone action.
    edition = shipped()["classic"]
    journal = Journal(edition, CREATED)
    transfers = list(journal.created.transfers)
    choose = DrawnChooser(data)
    for _ in range(data.draw(st.integers(10, 80), label="steps")):
        move = data.draw(st.sampled_from(["act", "act", "act", "undo", "correct"]), label="move")
        if move != "act" and journal.in_effect:
            before = journal.in_effect[-1].before
            if move == "undo":
                _, outcome = journal.undo()
                assert outcome.state == replace(before, version=outcome.state.version)
            else:
                replacement = random_action(before, edition, choose)
                if replacement is None:
                    continue
                _, outcome = journal.correct(replacement)
        else:
            action = random_action(journal.state, edition, choose)
            if action is None:
                break
            _, outcome = journal.act(action)
        transfers += outcome.transfers
        assert violations(journal.state, edition) == []
        assert ledger_problems(journal.state, transfers) == []


def _said(ruling, lang: str) -> str:
    from referee.explain import ruling_view

    stored = {"rule": ruling.rule, "text": ruling.text, "values": dict(ruling.values)}
    return ruling_view(stored, shipped()["classic"], lang)["text"]


def test_an_undo_names_the_action_in_words_in_every_language(journal):
    journal.act({"type": "roll", "seat": 0, "dice": [1, 3]})
    _, outcome = journal.undo()
    undone = outcome.rulings[0]
    assert undone.text == "Event 2 (roll of the dice by Anna) is undone: the game is as it was before it."
    assert _said(undone, "ru").startswith("Событие 2 (бросок кубиков, Anna) отменено")
    assert _said(undone, "uk").startswith("Подію 2 (кидок кубиків, Anna) скасовано")
    assert _said(undone, "it").startswith("L'evento 2 (lancio dei dadi, Anna) è annullato")


def test_a_correction_says_what_changed_the_dice_in_every_language(journal):
    journal.act({"type": "roll", "seat": 0, "dice": [1, 3]})
    _, corrected = journal.correct({"type": "roll", "seat": 0, "dice": [2, 3]})
    note = corrected.rulings[0]
    # the same player's roll with other dice: said plainly, not as a new action by the same player
    assert note.text == "Event 2, roll of the dice by Anna: 1+3 is corrected to 2+3"
    assert _said(note, "ru") == "Событие 2, бросок кубиков (Anna): вместо 1+3 теперь 2+3"
    assert _said(note, "uk") == "Подія 2, кидок кубиків (Anna): замість 1+3 тепер 2+3"
    assert _said(note, "it") == "Evento 2, lancio dei dadi (Anna): al posto di 1+3 ora 2+3"


def test_a_corrected_card_is_named_by_its_text(journal):
    journal.state = journal.state.with_player(0, position=0)
    journal.act({"type": "roll", "seat": 0, "dice": [3, 4]})  # Chance
    deck = shipped()["classic"].space(7).deck
    first, second = (card.id for card in shipped()["classic"].decks[deck].cards[:2])
    journal.act({"type": "draw_card", "seat": 0, "card": first})
    _, corrected = journal.correct({"type": "draw_card", "seat": 0, "card": second})
    note = corrected.rulings[0]
    classic = shipped()["classic"]
    assert note.text.endswith(f": {classic.show('card', first)} is corrected to {classic.show('card', second)}")
    assert "card drawn by Anna" in note.text and "draw_card" not in note.text
    first_ru, second_ru = classic.show("card", first, "ru"), classic.show("card", second, "ru")
    assert f"вместо {first_ru} теперь {second_ru}" in _said(note, "ru")


def test_every_action_has_words_in_every_language():
    from referee.action_words import ACTION_WORDS
    from referee.editions.catalog import catalog
    from referee.rules.step import ACTIONS

    assert set(ACTION_WORDS) == set(ACTIONS)
    for rule in ("journal.undo", "journal.correction"):
        table = catalog().rules[rule].phrases["action"]
        assert all(set(table[kind]) == {"ru", "uk", "it"} for kind in ACTION_WORDS)


def test_a_corrected_trade_offer_names_what_each_side_hands_over_not_the_record_s_fields():
    from referee.journal import CORRECTED, changes

    classic = shipped()["classic"]
    was, now = changes(
        {"type": "trade", "seat": 0, "to": 1, "give": {"positions": [1], "cash": 0, "cards": []}, "get": {"cash": 50}},
        {"type": "trade", "seat": 0, "to": 1, "give": {"positions": [1, 3]}, "get": {"cash": 80}},
        ["Anna", "Boris"],
    )
    note = CORRECTED.ruling(
        classic, event=3, action="trade", what="trade offer", who="Anna", replacement="trade",
        instead="trade offer", by="Anna", was=was, now=now,
    )  # fmt: skip
    assert note.text.endswith(": Mediterranean Avenue, M50 is corrected to Mediterranean Avenue, Baltic Avenue, M80")
    said = _said(note, "ru")
    assert said.endswith("вместо Житная улица, M50 теперь Житная улица, Нагатинская улица, M80")
    assert "positions" not in said and "cash" not in said


def test_a_corrected_building_auction_names_its_bidders_and_the_edition_s_building():
    # seed 000 l.199: «два или более игроков хотят купить их больше, чем осталось в Банке, то Банкир проводит
    # аукцион»: the journal names those players, not their seats
    from referee.journal import CORRECTED, changes

    was, now = changes(
        {"type": "auction_buildings", "seat": 0, "building": "house", "bidders": [0, 1]},
        {"type": "auction_buildings", "seat": 0, "building": "hotel", "bidders": [0, 2]},
        ["Anna", "bank", "Vera"],
    )
    note = CORRECTED.ruling(
        shipped()["classic"], event=7, action="auction_buildings", what="building auction", who="Anna",
        replacement="auction_buildings", instead="building auction", by="Anna", was=was, now=now,
    )  # fmt: skip
    assert note.text.endswith(": house, Anna, bank is corrected to hotel, Anna, Vera")
    assert _said(note, "ru").endswith(": вместо дом, Anna, bank теперь отель, Anna, Vera")


def test_the_rules_that_judged_an_event_change_name_whenever_the_judging_code_changes(tmp_path):
    # an import judges a journal again only where every event names this very code: a rule fixed
    # without a new version number must not make an old export look judged by today's rules
    import shutil
    from pathlib import Path

    from referee import facts

    root = Path(facts.__file__).parent
    shutil.copytree(root / "rules", tmp_path / "rules", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(root / "journal.py", tmp_path / "journal.py")
    assert facts.judging_digest(tmp_path) == facts.judging_digest() and facts.PACKAGE.endswith(facts.judging_digest())
    rent = tmp_path / "rules" / "rent.py"
    rent.write_text(rent.read_text() + "\n# a fix\n")
    assert facts.judging_digest(tmp_path) != facts.judging_digest()
