"""Group commit: writes that arrive while the writer lock is taken are stored
together, in one transaction with one sync, and yet each is judged and
applied alone -- a refusal or an error undoes that write only -- and each is
answered only once the whole transaction is durable. Idempotency-Keys and
If-Match mean what they meant with one transaction per write."""

import sqlite3
import threading
import time
from datetime import UTC, datetime, timedelta

import pytest

from referee.idempotency import KeyReused, Replayed, Retry
from referee.rules import RuleViolation
from referee.service import Referee
from referee.service.errors import StaleVersion
from referee.store import Store, Writer

WAIT_SECONDS = 30


def batched(store: Store, calls) -> tuple[list, list[int]]:
    """Run ``calls`` in threads while this thread holds the writer lock, so
    that their writes queue up and go together once it lets go. Returns each
    call's result (or the exception it raised) and the size of every group
    commit that ran."""
    sizes: list[int] = []
    run = store._run

    def counting(conn, batch):
        sizes.append(len(batch))
        run(conn, batch)

    store._run = counting
    results: list = [None] * len(calls)

    def call(index: int) -> None:
        try:
            results[index] = calls[index]()
        except Exception as error:
            results[index] = error

    threads = [threading.Thread(target=call, args=(i,)) for i in range(len(calls))]
    with store.write():
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + WAIT_SECONDS
        while len(store._waiting) < len(calls) and time.monotonic() < deadline:
            time.sleep(0.001)
        assert len(store._waiting) == len(calls), "the writes did not all queue behind the lock"
    for thread in threads:
        thread.join(WAIT_SECONDS)
    return results, sizes


def insert_edition(edition_id: str, fail: bool = False):
    def work(writer: Writer) -> str:
        writer.insert_edition(edition_id, {"id": edition_id})
        if fail:
            raise RuntimeError(f"{edition_id} fails after its insert")
        return edition_id

    return work


def test_writes_queued_behind_the_lock_are_committed_together_each_answered_once_durable(tmp_path):
    store = Store(tmp_path / "db.sqlite3")
    seen_by_another_connection = {}

    def write_then_look(edition_id: str):
        def call():
            store.commit(insert_edition(edition_id))
            other = sqlite3.connect(tmp_path / "db.sqlite3")  # only committed data is visible here
            seen_by_another_connection[edition_id] = other.execute(
                "SELECT COUNT(*) FROM editions WHERE id = ?", (edition_id,)
            ).fetchone()[0]
            other.close()
            return edition_id

        return call

    names = [f"e{i}" for i in range(6)]
    results, sizes = batched(store, [write_then_look(name) for name in names])
    assert results == names
    assert sizes == [6]  # one transaction, one sync, for all six
    assert seen_by_another_connection == dict.fromkeys(names, 1)


def test_a_write_that_fails_in_a_group_commit_is_undone_alone_and_its_caller_gets_the_error(tmp_path):
    store = Store(tmp_path / "db.sqlite3")
    works = [insert_edition("a"), insert_edition("b", fail=True), insert_edition("c")]
    results, sizes = batched(store, [lambda w=w: store.commit(w) for w in works])
    assert sizes == [3]
    assert results[0] == "a" and results[2] == "c"
    assert isinstance(results[1], RuntimeError)
    assert store.custom_edition("a") and store.custom_edition("c") and store.custom_edition("b") is None


def test_a_failed_write_is_never_run_later(tmp_path, monkeypatch):
    store = Store(tmp_path / "db.sqlite3")

    def broken_lock():
        raise OSError("the lock file is gone")

    monkeypatch.setattr(store, "_exclusive", broken_lock)
    with pytest.raises(OSError):
        store.commit(insert_edition("never"))
    monkeypatch.undo()
    store.commit(insert_edition("next"))
    assert store.custom_edition("never") is None and store.custom_edition("next")


# -- the service's writes in one group commit ------------------------------------


@pytest.fixture
def referee(tmp_path):
    return Referee(Store(tmp_path / "db.sqlite3"))


def new_game(referee: Referee) -> str:
    return referee.create_game({"edition": "classic", "players": [{"name": "Anna"}, {"name": "Boris"}]})["id"]


def roll(seat: int = 0, dice=(3, 4)) -> dict:
    return {"type": "roll", "seat": seat, "dice": list(dice)}


def owning_a_station(referee: Referee) -> str:
    """A game at version 3: Anna rolled onto Reading Railroad (5) and bought it; her turn goes on."""
    game = new_game(referee)
    referee.act(game, roll(dice=(2, 3)))
    referee.act(game, {"type": "buy", "seat": 0})
    return game


def mortgage_station() -> dict:
    return {"type": "mortgage", "seat": 0, "positions": [5]}


def test_an_action_refused_in_a_group_commit_leaves_the_others_stored(referee):
    # Both mortgages are legal on the game each was worked out from; in the lock the second finds the
    # station mortgaged by the first, is worked out again and refused, and only it is undone.
    game, other = owning_a_station(referee), new_game(referee)
    calls = [
        lambda: referee.act(game, mortgage_station()),
        lambda: referee.act(game, mortgage_station()),
        lambda: referee.act(other, roll()),
    ]
    results, sizes = batched(referee.store, calls)
    assert sizes == [3]
    refused = [r for r in results[:2] if isinstance(r, RuleViolation)]
    assert len(refused) == 1 and refused[0].code == "already_mortgaged"
    assert results[2]["event"]["seq"] == 2
    assert referee.version(game) == 4 and referee.version(other) == 2
    assert referee.game(game)["players"][0]["cash"] == 1500 - 200 + 100


def test_an_error_in_one_action_of_a_group_commit_undoes_that_action_alone(referee, monkeypatch):
    games = [new_game(referee) for _ in range(3)]
    append = Writer.append_event

    def failing_for_the_second_game(self, game_id, event, ledger):
        append(self, game_id, event, ledger)
        if game_id == games[1]:
            raise sqlite3.IntegrityError("the disk said no")

    monkeypatch.setattr(Writer, "append_event", failing_for_the_second_game)
    results, sizes = batched(referee.store, [lambda g=g: referee.act(g, roll()) for g in games])
    assert sizes == [3]
    assert isinstance(results[1], sqlite3.IntegrityError)
    assert [referee.version(g) for g in games] == [2, 1, 2]
    assert referee.store.count_events(games[1]) == 1  # its event was written, then undone with its savepoint
    assert [results[0]["event"]["seq"], results[2]["event"]["seq"]] == [2, 2]


def test_retries_in_the_same_group_commit_get_the_first_answer_and_record_nothing(referee):
    game = new_game(referee)
    key = Retry.of("key-1", game, "actions", roll())
    calls = [lambda: referee.act(game, roll(), retry=key) for _ in range(3)]
    calls.append(lambda: referee.act(game, roll(dice=(1, 2)), retry=Retry.of("key-1", game, "actions", roll((1, 2)))))
    bodies = ["3+4"] * 3 + ["1+2"]
    results, sizes = batched(referee.store, calls)
    assert sizes == [4]
    # The threads queue in no set order: whichever body reaches the key first is the one it keeps.
    answered = [i for i, result in enumerate(results) if not isinstance(result, Exception)]
    kept = bodies[answered[0]]
    assert answered == [i for i, body in enumerate(bodies) if body == kept]
    assert all(isinstance(results[i], KeyReused) for i, body in enumerate(bodies) if body != kept)
    firsts = [results[i] for i in answered if not isinstance(results[i], Replayed)]
    assert len(firsts) == 1 and all(dict(results[i]) == firsts[0] for i in answered)  # the very answer, again
    assert referee.version(game) == 2 and referee.store.count_events(game) == 2


def test_actions_on_one_game_in_one_group_commit_each_see_the_one_before(referee):
    # Each is legal on the game it was worked out from; the second is judged again in the lock, after the first.
    game = owning_a_station(referee)
    calls = [
        lambda: referee.act(game, mortgage_station()),
        lambda: referee.act(game, {"type": "end_turn", "seat": 0}),
    ]
    results, sizes = batched(referee.store, calls)
    assert sizes == [2]
    assert sorted(r["event"]["seq"] for r in results) == [4, 5]
    state = referee.game(game)
    station = next(p for p in state["properties"] if p["position"] == 5)
    assert state["turn"]["seat"] == 1 and station["mortgaged"] and state["version"] == 5


def test_of_two_actions_with_one_if_match_in_a_group_commit_exactly_one_wins(referee):
    game = new_game(referee)
    calls = [lambda: referee.act(game, roll(), if_match=1), lambda: referee.act(game, roll(), if_match=1)]
    results, sizes = batched(referee.store, calls)
    assert sizes == [2]
    late = [r for r in results if isinstance(r, StaleVersion)]
    won = [r for r in results if not isinstance(r, StaleVersion)]
    assert len(late) == len(won) == 1
    assert won[0]["event"]["seq"] == 2 and late[0].current == 2
    assert referee.version(game) == 2


def test_a_timed_game_past_its_end_time_is_ended_once_by_the_writes_of_one_group_commit(tmp_path):
    # seed 000: "Победит участник самый богатый на момент окончания игры." The first write planned after
    # the end time records the end; the others, worked out from the same moment, are judged again in the
    # lock on the ended game and refused, recording nothing more.
    end = datetime(2031, 5, 1, 20, 0, tzinfo=UTC)
    now = {"at": end - timedelta(minutes=10)}
    referee = Referee(Store(tmp_path / "db.sqlite3"), clock=lambda: now["at"])
    body = {"edition": "classic", "variant": "timed", "options": {"ends_at": end.isoformat(), "decks": "virtual"}}
    game = referee.create_game({**body, "players": [{"name": "Anna"}, {"name": "Boris"}, {"name": "Vera"}]})["id"]
    before = referee.version(game)
    now["at"] = end + timedelta(seconds=1)
    results, sizes = batched(
        referee.store, [lambda s=s: referee.act(game, {"type": "end_turn", "seat": s}) for s in range(3)]
    )
    assert sizes == [3]
    assert [r.code for r in results] == ["game_over"] * 3
    journal = referee.store.events(game, before, 10)
    assert [e["action"] for e in journal] == [{"type": "end_game", "seat": 0, "time_up": True}]
    assert referee.game(game)["finished"] is True and referee.version(game) == before + 1
