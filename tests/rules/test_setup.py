"""Setting a table up: seats, starting cash, who starts (seed 001, "Подготовка и стартовые деньги")."""

import pytest

from referee.rules import Options, RuleViolation, Setup, allowed, start
from referee.rules.invariants import ledger_problems

from .game import TABLE_DECISIONS

NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Zhenya")


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
def test_two_to_six_players_each_receive_1500_from_the_bank(classic, count):
    # seed 001: "Русский буклет C1009 рассчитан на 2–6 игроков" and "Каждый получает 1500"
    outcome = start(classic, Setup(NAMES[:count]))
    assert [p.cash for p in outcome.state.players] == [1500] * count
    assert [(t.source, t.target, t.amount, t.rule) for t in outcome.transfers] == [
        ("bank", seat, 1500, "setup.start_cash") for seat in range(count)
    ]
    assert ledger_problems(outcome.state, outcome.transfers) == []
    assert all(p.position == 0 for p in outcome.state.players)  # "Поставьте фишки на «ВПЕРЁД»"


@pytest.mark.parametrize("count", [0, 1, 7, 8])
def test_fewer_than_two_or_more_than_six_players_are_refused(classic, count):
    # seed 001: "В коробке восемь фишек на выбор, но это не расширяет число участников этой редакции до восьми."
    with pytest.raises(RuleViolation) as refused:
        start(classic, Setup(NAMES[:count] + ("Ira",) * max(0, count - len(NAMES))))
    assert refused.value.code == "player_count"
    assert refused.value.ruling.rule == "setup.players"
    assert refused.value.ruling.text == f"This edition is for 2 to 6 players, not {count}."


def test_the_first_seat_starts_and_may_only_roll(classic):
    # seed 001: "начинает тот, у кого больше сумма. Далее ходят по часовой стрелке" — the table
    # decides the order and lists the players in it; seat 0 starts.
    state = start(classic, Setup(("Anna", "Boris", "Vera"))).state
    assert state.turn.seat == 0
    assert [(a["type"], a["seat"]) for a in allowed(state, classic) if a["type"] not in TABLE_DECISIONS] == [
        ("roll", 0)
    ]
    assert state.pending == ()


def test_the_bank_starts_with_32_houses_and_12_hotels_and_every_deed(classic):
    # seed 001: "Комплект игровых денег, 32 дома и 12 отелей" and "Карточки Собственника ... пока остаются у него"
    state = start(classic, Setup(("Anna", "Boris"))).state
    assert (state.supply.houses, state.supply.hotels) == (32, 12)
    assert len(state.holdings) == 28
    assert all(h.owner is None for h in state.holdings.values())


def test_an_unknown_house_rule_is_refused_naming_the_known_ones(classic):
    with pytest.raises(RuleViolation) as refused:
        start(classic, Setup(("Anna", "Boris"), Options(house_rules=("double_everything",))))
    assert refused.value.ruling.rule == "setup.house_rule"
    assert "free_parking_jackpot" in refused.value.ruling.text
