"""Rules, rulings and contested questions through HTTP, in the reader's
language (SPEC §5)."""

import pytest

from referee.editions.catalog import catalog

from .table import END, Table

SPEC_POINTS = {
    "decline_without_auction",
    "free_parking_money",
    "jail_double_extra_roll",
    "build_evenly",
    "double_rent_mortgaged_group",
    "utility_rent_dice",
    "forgotten_rent",
    "waive_rent_or_lend",
    "buildings_from_players",
    "go_landing_double",
    "auction_start_step",
    "mortgage_interest_rounding",
}


def get(client, url, lang=None, table=None, expect=200, **query):
    headers = table.headers() if table else {}
    if lang:
        headers["Accept-Language"] = lang
    response = client.get(url, query_string=query, headers=headers)
    assert response.status_code == expect, response.json
    return response


def light_blue_for_anna(client) -> tuple[Table, dict]:
    """Anna buys Oriental, wins Vermont at auction, buys Connecticut; Vera
    stops on Vermont and Anna claims the rent. Returns the claim's result."""
    table = Table(client, "Anna", "Boris", "Vera")
    script = [
        ("roll", 0, {"dice": [2, 4]}), ("buy", 0, {}), ("end_turn", 0, {}),  # Oriental Avenue
        ("roll", 1, {"dice": [3, 5]}), ("decline", 1, {}), ("bid", 0, {"amount": 10}),  # Vermont Avenue
        ("pass", 1, {}), ("pass", 2, {}), ("end_turn", 1, {}),
        ("roll", 2, {"dice": [2, 3]}), ("buy", 2, {}), ("end_turn", 2, {}),  # Reading Railroad
        ("roll", 0, {"dice": [1, 2]}), ("buy", 0, {}), ("end_turn", 0, {}),  # Connecticut Avenue
        ("roll", 1, {"dice": [3, 4]}), ("buy", 1, {}), ("end_turn", 1, {}),  # Pennsylvania Railroad
        ("roll", 2, {"dice": [1, 2]}),  # Vera stops on Vermont Avenue
    ]  # fmt: skip
    for kind, seat, fields in script:
        table.act(kind, seat, **fields)
    return table, table.act("claim_rent", 0)


# -- the catalog -----------------------------------------------------------------


def test_an_edition_lists_every_rule_with_its_statement_parameters_and_booklet_wording(client):
    rules = get(client, "/editions/classic/rules").json
    assert {r["id"] for r in rules} == set(catalog().rules)
    fine = next(r for r in rules if r["id"] == "jail.fine")
    assert fine["statement"] == "A player held in jail may pay the fine before rolling, then roll and move as usual."
    assert fine["parameters"] == {"rules.jail.fine": 50}
    assert fine["explanation"] == "{name} pays the {fine:m} fine to leave {term.jail} before rolling."
    assert fine["booklet"][0]["seed"] == "001" and fine["booklet"][0]["lang"] == "ru"
    assert "заплатить 50 до броска" in fine["booklet"][0]["quote"]


def test_one_rule_is_stated_and_explained_in_the_language_asked_with_the_booklet_in_its_own(client):
    # seed 001: "Из тюрьмы дублем выходят без дополнительного броска."
    for lang, statement in (
        (
            "ru-RU,ru;q=0.9",
            "Дубль, выброшенный, чтобы покинуть клетку «Тюрьма», освобождает: "
            "игрок ходит на его сумму и больше не бросает.",
        ),
        (
            "uk",
            "Дубль, викинутий, щоб залишити клітинку «В'язниця», звільняє: "
            "гравець ходить на його суму й більше не кидає.",
        ),
        (
            "it-IT",
            "Un doppio tirato per lasciare la casella «Prigione» libera il giocatore, "
            "che avanza di quel tiro e non tira di nuovo.",
        ),
        ("de", "A double rolled to get out of jail frees the player, who moves by it and does not roll again."),
    ):
        response = get(client, "/editions/classic/rules/jail.double_release", lang)
        assert response.json["statement"] == statement
        assert response.json["booklet"][0]["quote"] == "Из тюрьмы дублем выходят без дополнительного броска."
        assert response.json["contested"] == ["jail_double_extra_roll"]
    assert response.headers["Content-Language"] == "en" and "Accept-Language" in response.headers["Vary"]


def test_an_unknown_rule_edition_or_question_is_refused_as_a_problem(client):
    assert get(client, "/editions/classic/rules/jail.moon", expect=404).mimetype == "application/problem+json"
    assert get(client, "/editions/moon/rules", expect=404).json["detail"] == "no edition 'moon'"
    refused = get(client, "/editions/classic/contested", expect=422, question="moon").json
    assert "question" in refused["errors"]["query"]


# -- contested questions -------------------------------------------------------------


def test_every_contested_point_of_the_spec_is_answered_with_its_source(client):
    answers = {a["id"]: a for a in get(client, "/editions/classic/contested").json}
    assert SPEC_POINTS <= set(answers)
    for answer in answers.values():
        assert answer["answer"] and answer["verdict"]
        assert answer["booklet"], answer["id"]
        assert all(q["seed"] in ("001", "004") for q in answer["booklet"])


def test_where_other_editions_answer_differently_the_answer_says_which_and_why(client):
    # seed 001: "наличие залога на соседней улице этой группы не отменяет повышенную ренту остальных."
    # seed 000: "если какое-либо Владение заложено, то владелец всей группы ... не может собирать двойную плату."
    [answer] = get(client, "/editions/classic/contested", question="double_rent_mortgaged_group").json
    assert answer["verdict"] == "yes"
    differ = {e["edition"]: e for e in answer["elsewhere"]}
    assert differ["disney"]["verdict"] == "no" and differ["disney"]["booklet"][0]["seed"] == "000"
    assert differ["classic-rub"]["verdict"] == "no" and differ["classic-rub"]["booklet"][0]["lang"] == "it"
    [same] = get(client, "/editions/classic/contested", question="free_parking_money").json
    assert same["elsewhere"] == [] and "disney" in same["same_in"]


def test_the_rounding_answer_in_rubles_shows_its_examples_in_rubles(client):
    # seed 003: "il giocatore deve dare l'importo superiore alla banca rilasciata del 10%" -- every amount of
    # this edition is whole thousands of rubles, so the examples are too
    [answer] = get(client, "/editions/classic-rub/contested", "it", question="mortgage_interest_rounding").json
    assert answer["answer"].startswith("Arrotondato per eccesso alle migliaia di rubli")
    assert answer["answer"].endswith(
        "(con il 10%: 175\u00a0000\u00a0₽ → 193\u00a0000\u00a0₽, 75\u00a0000\u00a0₽ → 83\u00a0000\u00a0₽)."
    )
    assert answer["verdict"] == "10% rounded up" and "classic-rub" not in {e["edition"] for e in answer["elsewhere"]}
    [classic] = get(client, "/editions/classic/contested", "it", question="mortgage_interest_rounding").json
    assert "classic-rub" in classic["same_in"]


def test_a_new_player_asks_about_free_parking_money_in_russian_and_english(client):
    # seed 001: "Нет. По буклету эта клетка ничего не даёт, а налоги и штрафы идут Банку."
    table = Table(client)
    url = f"/games/{table.id}/rulings"
    [ru] = get(client, url, "ru", table, question="free_parking_money").json
    assert ru["answer"] == (
        "Нет: в этой игре поле «Бесплатная парковка» ничего не приносит; касса — домашнее правило, здесь не включённое."
    )
    assert ru["question"] == "Получаю ли я деньги за остановку на поле «Бесплатная парковка»?"
    assert ru["booklet"][0]["seed"] == "001" and "эта клетка ничего не даёт" in ru["booklet"][0]["quote"]
    [en] = get(client, url, "en", table, question="free_parking_money").json
    assert en["answer"] == "No: Free Parking pays nothing in this game; the jackpot is a house rule not enabled."
    assert (en["verdict"], en["house_rule"], en["booklet_verdict"]) == ("no", False, "no")
    assert en["booklet"] == ru["booklet"]


def test_a_game_with_the_jackpot_answers_yes_and_says_a_house_rule_decided_it(client):
    table = Table(client, options={"house_rules": ["free_parking_jackpot"]})
    [answer] = get(client, f"/games/{table.id}/rulings", "en", table, question="free_parking_money").json
    assert (answer["verdict"], answer["house_rule"], answer["booklet_verdict"]) == ("yes (house rule)", True, "no")
    assert answer["answer"].startswith("Yes, in this game: the jackpot house rule is on")


def test_a_new_player_asks_whether_a_double_out_of_jail_rolls_again_in_russian_and_english(client):
    # seed 001: "Нет. Вышедший дублем передвигается на его сумму и заканчивает ход."
    table = Table(client)
    url = f"/games/{table.id}/rulings"
    [ru] = get(client, url, "ru", table, question="jail_double_extra_roll").json
    assert ru["verdict"] == "no" and ru["answer"].startswith("Нет. Игрок ходит на сумму дубля")
    assert ru["booklet"][0]["quote"].startswith("Нет. Вышедший дублем передвигается на его сумму")
    [en] = get(client, url, "en", table, question="jail_double_extra_roll").json
    assert en["answer"].startswith("No. The player moves by the double that freed them and the turn ends")
    assert en["parameters"] == {"rules.jail.double_release_rolls_again": False}


def test_all_questions_are_answered_for_a_game_at_once(client):
    table = Table(client, options={"rent_collection": "automatic"})
    answers = {a["id"]: a for a in get(client, f"/games/{table.id}/rulings", table=table).json}
    assert set(answers) == set(catalog().questions)
    assert answers["forgotten_rent"]["verdict"] == "collected at once (table option)"
    assert answers["forgotten_rent"]["booklet_verdict"] == "lapses at the next roll"
    assert {a["game"] for a in answers.values()} == {table.id}


# -- rulings on results, in the reader's language ----------------------------------------


@pytest.mark.parametrize("lang", ["ru", "uk", "it"])
@pytest.mark.parametrize("edition", ["classic", "classic-rub", "disney", "ua-industries"])
def test_no_answer_note_or_other_edition_s_note_is_left_in_english(client, edition, lang):
    # A Russian page read «The guide's online game charges the rent on the stop…» under ua-industries.
    english = {q["id"]: q for q in get(client, f"/editions/{edition}/contested", "en").json}
    for answer in get(client, f"/editions/{edition}/contested", lang).json:
        said = english[answer["id"]]
        assert answer["lang"] == lang
        for part in ("question", "answer", "note"):
            assert answer[part] is None or answer[part] != said[part], (answer["id"], part)
        for other, in_english in zip(answer["elsewhere"], said["elsewhere"], strict=True):
            assert other["note"] is None or other["note"] != in_english["note"], (answer["id"], other["edition"])
            assert other["answer"] != in_english["answer"], (answer["id"], other["edition"])


def _asked(client, question, lang="it", **body):
    table = Table(client, **body)
    [answer] = get(client, f"/games/{table.id}/rulings", lang, table, question=question).json
    return answer


@pytest.mark.parametrize("edition", ["disney", "classic-rub"])
@pytest.mark.parametrize("variant", ["short", "timed"])
def test_a_variant_the_booklet_prints_is_the_booklet_s_answer_not_a_house_rule(client, edition, variant):
    # seed 000 l.273: «Побеждает самый богатый игрок!» (the short game); l.277: «Победит участник самый богатый
    # на момент окончания игры» (the timed one); seed 003 l.160: «Vince il giocatore più ricco!», l.164 the same.
    options = {"ends_at": END.isoformat()} if variant == "timed" else {}
    answer = _asked(client, "richest_wins_early", edition=edition, variant=variant, options=options)
    assert answer["house_rule"] is False
    assert answer["booklet_verdict"] == answer["verdict"] != "no"
    assert "regolamento" in answer["answer"] and "il tavolo ha scelto" not in answer["answer"]
    quotes = [q["quote"] for q in answer["booklet"]]
    richest = {"disney": "Побеждает самый богатый игрок!", "classic-rub": "Vince il giocatore più ricco!"}[edition]
    assert richest in quotes


def test_a_variant_the_c1009_booklet_does_not_print_is_the_table_s_choice(client):
    # seed 001 l.54: «в этой базовой партии не сравнивают просто наличные деньги после условленного часа»
    answer = _asked(client, "richest_wins_early", "en", variant="short")
    assert (answer["house_rule"], answer["booklet_verdict"]) == (True, "no")
    assert answer["answer"].startswith("Not by the clock: the table chose the short game, which the C1009 booklet")


def test_a_game_ended_after_agreed_rounds_names_that_house_rule_for_the_richest_s_win(client):
    answer = _asked(client, "richest_wins_early", "ru", options={"ends_after_rounds": 5})
    assert (answer["verdict"], answer["house_rule"], answer["booklet_verdict"]) == (
        "yes: after the agreed rounds (house rule)",
        True,
        "no",
    )
    assert answer["answer"].startswith("Да, в этой игре: стол условился закончить её через несколько кругов")


def test_a_short_game_says_the_bankruptcy_that_ends_it_hands_over_the_buildings_too(client):
    # seed 000 l.259: «Когда и второй игрок становится банкротом, игра заканчивается. Игрок, ставший банкротом,
    # передает своему кредитору (Банку или другому игроку) все, чем владеет, включая здания и иную собственность.»
    short = _asked(client, "bankrupt_estate", edition="disney", variant="short")
    assert "Alla prima bancarotta gli edifici vengono prima rivenduti alla banca" in short["answer"]
    assert "alla seconda, che chiude la partita, chi fallisce consegna al creditore tutto" in short["answer"]
    assert (short["house_rule"], short["booklet_verdict"]) == (False, short["verdict"])
    assert any("включая здания и иную собственность" in q["quote"] for q in short["booklet"])
    standard = _asked(client, "bankrupt_estate", edition="disney")
    assert "gli edifici vengono prima rivenduti alla banca" in standard["answer"]
    assert "seconda" not in standard["answer"]


def test_a_rule_says_which_of_its_parameters_are_money(client):
    # The page shows jail.fine 50 as 50 000 ₽ in rubles only if it knows the 50 is money.
    rule = get(client, "/editions/classic-rub/rules/jail.fine", "it").json
    assert (rule["parameters"], rule["amounts"]) == ({"rules.jail.fine": 50}, ["rules.jail.fine"])
    salary = get(client, "/editions/classic-rub/rules/go.salary", "it").json
    assert salary["amounts"] == ["rules.salary"]
    [auction] = get(client, "/editions/classic-rub/contested", question="auction_start_step").json
    assert auction["amounts"] == ["rules.auction.start", "rules.auction.min_raise"]
    assert "rules.auction.exact_raise" in auction["parameters"]


def test_a_new_player_asks_why_this_rent_is_doubled_in_russian_and_english(client):
    # seed 001: "Полная цветовая группа удваивает базовую ренту незастроенных улиц."
    table, claim = light_blue_for_anna(client)
    [entry] = claim["ledger"]
    assert (entry["from"], entry["to"], entry["amount"], entry["rule"]) == (2, 0, 12, "rent.street.complete_group")
    assert entry["ruling"]["text"] == (
        "Rent M12 = base M6 × 2: Anna owns the whole light blue group and Vermont Avenue has no buildings."
    )
    seq = claim["event"]["seq"]
    event = get(client, f"/games/{table.id}/events/{seq}", "ru", table).json
    [ruling] = event["rulings"]
    assert ruling["lang"] == "ru"
    assert ruling["text"] == (
        "Рента M12 = базовая M6 × 2: Anna владеет всей группой «голубая», а на «Улица Огарёва» нет зданий."
    )
    assert ruling["booklet"][0] == {
        "seed": "001",
        "title": "Кубиковед: правила Монополии C1009",
        "lang": "ru",
        "quote": "Полная цветовая группа удваивает базовую ренту незастроенных улиц.",
    }
    assert event["ledger"][0]["ruling"] == ruling
    [why] = get(client, f"/games/{table.id}/rulings", "ru", table, question="double_rent_with_houses_elsewhere").json
    assert why["answer"].startswith("Владелец собрал всю цветовую группу, поэтому незастроенная улица")


def test_action_results_ledger_and_journal_speak_the_language_asked_but_store_english(client, app):
    table = Table(client)
    headers = {**table.headers(), "Accept-Language": "it"}
    result = client.post(
        f"/games/{table.id}/actions", json={"type": "roll", "seat": 0, "dice": [1, 3]}, headers=headers
    ).json
    [tax] = result["rulings"]
    assert tax["text"] == "Anna si ferma su «Tassa Patrimoniale» e paga M200 alla banca." and tax["lang"] == "it"
    assert result["ledger"][0]["ruling"] == tax
    ledger = get(client, f"/games/{table.id}/ledger", "uk", table).json
    assert ledger[-1]["ruling"]["text"] == "Anna потрапляє на «Прибутковий податок» і сплачує M200 банку."
    journal = get(client, f"/games/{table.id}/events", "ru", table).json
    assert journal[0]["rulings"][0]["text"] == "Anna получает от Банка стартовый капитал M1500."
    stored = app.extensions["referee"].store.events(table.id)
    assert stored[1]["rulings"][0]["text"] == "Anna lands on Income Tax and pays M200 to the bank."
    assert get(client, f"/games/{table.id}/events/2", table=table).json["rulings"][0]["text"] == (
        "Anna lands on Income Tax and pays M200 to the bank."
    )


def test_the_ledger_as_csv_explains_in_the_language_asked(client):
    table = Table(client)
    table.roll(0, 1, 2)
    table.act("buy", 0)
    csv = get(client, f"/games/{table.id}/ledger", "ru", table, format="csv").data.decode()
    assert csv.splitlines()[-1].endswith('"Anna покупает «Нагатинская улица» у Банка по цене на поле, M60."')


def test_a_refusal_is_explained_in_the_language_asked_and_names_its_rule(client):
    # seed 001: "Каждый бросает оба кубика; начинает тот, у кого больше сумма. Далее ходят по часовой стрелке."
    table = Table(client)
    response = client.post(
        f"/games/{table.id}/actions",
        json={"type": "roll", "seat": 1, "dice": [1, 2]},
        headers={**table.headers(), "Accept-Language": "ru"},
    )
    assert response.status_code == 409 and response.headers["Content-Language"] == "ru"
    refused = response.json
    assert (refused["rule"], refused["detail"]) == ("turn.order", "Сейчас ходит Anna, а не Boris.")
    assert refused["ruling"]["booklet"][0]["seed"] == "001"
    english = table.act("roll", 1, expect=409, dice=[1, 2])
    assert english["detail"] == "It is Anna's turn, not Boris's." and english["ruling"]["lang"] == "en"


def test_pending_claims_in_the_state_explain_themselves_in_the_language_asked(client):
    table = Table(client)
    table.roll(0, 1, 2)
    table.act("buy", 0)
    table.act("end_turn", 0)
    table.roll(1, 1, 2)
    state = get(client, f"/games/{table.id}", "ru", table).json
    [claim] = [p for p in state["pending"] if p["type"] == "rent_claim"]
    assert claim["ruling"]["text"] == "Рента M4: базовая рента «Нагатинская улица» (по тексту карточки собственности)."


def test_an_event_that_does_not_exist_is_404(client):
    table = Table(client)
    assert get(client, f"/games/{table.id}/events/9", table=table, expect=404).json["status"] == 404
    other = Table(client)
    assert get(client, f"/games/{table.id}/events/1", table=other, expect=404).json["status"] == 404


@pytest.mark.parametrize("lang", ["ru", "uk", "it"])
def test_every_event_of_a_played_game_is_explained_in_each_language(client, lang):
    table, _ = light_blue_for_anna(client)
    for event in get(client, f"/games/{table.id}/events", lang, table).json:
        for ruling in event["rulings"]:
            assert ruling["lang"] == lang, ruling
            assert "{" not in ruling["text"]


def test_a_ua_industries_table_is_asked_and_answered_in_its_own_words(client):
    # seed 002 l.77: «Бізнес-форум — вільна клітинка: тут нічого не платять і нічого не отримують.»
    [parking] = get(client, "/editions/ua-industries/contested", "uk", question="free_parking_money").json
    assert parking["question"] == "Чи отримую я гроші за зупинку на клітинці «Бізнес-форум»?"
    assert parking["answer"].startswith("Ні. Клітинка «Бізнес-форум» нічого не дає")
    # seed 002 l.132: «Податкова перевірка»; l.139: «Під час перевірки ви й далі отримуєте оренду.»
    table = Table(client, edition="ua-industries")
    [jail] = get(client, f"/games/{table.id}/rulings", "uk", table, question="rent_while_in_jail").json
    assert jail["question"] == "Чи отримує власник оренду під час податкової перевірки?"
    # seed 002 l.93: only enterprises of industries with no branch or holding change hands
    [bought] = get(client, "/editions/ua-industries/contested", "uk", question="buildings_from_players").json
    assert bought["question"] == "Чи можна купити філії чи холдинги в іншого гравця?"
    assert "вулиц" not in bought["answer"] and "галузі" in bought["answer"]


def test_a_disney_table_asks_about_cottages_and_castles(client):
    # SPEC §1: Disney has Cottages and Castles instead of houses and hotels
    [even] = get(client, "/editions/disney/contested", question="build_evenly").json
    assert even["question"] == "May I build cottages on just one street of a colour group?"
    assert "(at most 4 cottages each)" in even["answer"]
    [bought] = get(client, "/editions/disney/contested", "ru", question="buildings_from_players").json
    assert bought["question"] == "Можно ли купить коттеджи или замки у другого игрока?"
