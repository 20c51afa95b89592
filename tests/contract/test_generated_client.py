"""A whole classic game played with a client generated from the document:
no request written by hand, every answer parsed into the document's types,
the values sent chosen from the typed options of the state's ``allowed``,
refusals as typed problems."""

from __future__ import annotations

import importlib
import uuid
from types import ModuleType

import pytest


class Play:
    """The generated client's operations for one game, through the table token."""

    def __init__(self, generated: ModuleType, base_url: str):
        self.m = importlib.import_module(f"{generated.__name__}.models")
        self.api = lambda module: importlib.import_module(f"{generated.__name__}.api.{module}")
        self.base_url = base_url
        m = self.m
        body = m.GameCreate(edition="classic", players=[m.PlayerIn(name="Anna"), m.PlayerIn(name="Boris")])
        created = self.api("games.create_game").sync(
            client=generated.Client(base_url), body=body, idempotency_key=str(uuid.uuid4())
        )
        assert isinstance(created, m.GameCreated), created
        self.created = created
        self.id = created.id
        self.client = generated.AuthenticatedClient(base_url, token=created.token)
        self.version = created.state.version
        self.last = created.state

    @staticmethod
    def model_name(kind: str) -> str:
        return "".join(part.capitalize() for part in kind.split("_"))

    def options(self, kind: str, seat: int):
        """The typed options the last state allows ``seat`` for ``kind`` (its own model, not a dict)."""
        name = self.model_name(kind)
        entries = [a for a in self.last.allowed if type(a).__name__ == f"{name}Allowed" and a.seat == seat]
        assert len(entries) == 1, (kind, seat, [type(a).__name__ for a in self.last.allowed])
        typed = type(entries[0].options)
        assert typed.__module__.startswith(self.m.__name__) and typed.__name__.endswith(("Options", "Ids")), typed
        return entries[0].options

    def act(self, kind: str, **fields):
        """Post one action: the model of its type, built from the type's own schema."""
        name = self.model_name(kind)
        action = getattr(self.m, f"{name}Action")(type_=getattr(self.m, f"{name}ActionType")(kind), **fields)
        return self.api("actions.post_action").sync(
            self.id, client=self.client, body=action, if_match=f'"{self.version}"', idempotency_key=str(uuid.uuid4())
        )

    def ok(self, kind: str, **fields):
        result = self.act(kind, **fields)
        assert isinstance(result, self.m.ActionResult), (kind, fields, result)
        self.version, self.last = result.state.version, result.state
        return result

    def state(self):
        state = self.api("games.get_game").sync(self.id, client=self.client, accept_language="en")
        assert isinstance(state, self.m.State), state
        return state


@pytest.fixture
def play(generated, server) -> Play:
    return Play(generated, server)


def owner(state, position: int) -> int | None:
    return next(p.owner for p in state.properties if p.position == position)


def test_a_generated_client_plays_a_whole_classic_game(play):
    m = play.m
    pending = play.ok("roll", seat=0, dice=[1, 5]).state.pending  # Anna on Oriental Avenue (6)
    assert [type(p) for p in pending] == [m.BuyDecisionPending]
    assert (play.options("buy", 0).position, play.options("buy", 0).price) == (6, 100)
    play.ok("buy", seat=0)
    play.ok("end_turn", seat=0)

    play.ok("roll", seat=1, dice=[3, 5])  # Boris on Vermont Avenue (8): declined, auctioned
    assert play.options("decline", 1).auction and play.options("decline", 1).opening == 10
    auction = play.ok("decline", seat=1).state.pending
    assert [type(p) for p in auction] == [m.AuctionPending]
    bid = play.options("bid", 0)
    assert (bid.amount.min_, bid.amount.step, bid.amount.exact, bid.limit, bid.high_bid) == (10, 1, False, 1400, None)
    play.ok("bid", seat=0, amount=bid.amount.min_ + 40)
    assert play.options("bid", 1).amount.min_ == 51  # the high bid and the least raise
    play.ok("pass", seat=1)
    assert owner(play.state(), 8) == 0
    play.ok("end_turn", seat=1)

    play.ok("roll", seat=0, dice=[1, 2])  # Anna on Connecticut Avenue (9): declined, Boris buys it at auction
    play.ok("decline", seat=0)
    play.ok("bid", seat=1, amount=play.options("bid", 1).amount.min_ + 90)
    play.ok("pass", seat=0)
    play.ok("end_turn", seat=0)

    play.ok("roll", seat=1, dice=[3, 4])  # Boris on Pennsylvania Railroad (15)
    play.ok("buy", seat=1)
    play.ok("end_turn", seat=1)

    landed = play.ok("roll", seat=0, dice=[2, 4]).state  # Anna on Boris's railroad: he claims the rent
    assert any(isinstance(p, m.RentClaimPending) for p in landed.pending)
    claim = play.options("claim_rent", 1).positions
    assert [(c.position, c.payer, c.amount) for c in claim] == [(15, 0, 25)]
    rent = play.ok("claim_rent", seat=1)
    assert [(e.from_, e.to, e.amount) for e in rent.ledger] == [(0, 1, claim[0].amount)]

    trade = play.options("trade", 0)
    (boris,) = [p for p in trade.partners if p.seat == 1]
    wanted = [p.position for p in boris.positions if p.position == 9]  # the last light-blue street
    offer = play.ok("trade", seat=0, to=boris.seat, give=m.TradeTerms(cash=150), get=m.TradeTerms(positions=wanted))
    assert any(isinstance(p, m.TradeOfferPending) for p in offer.state.pending)
    play.ok("accept_trade", seat=1, offer=play.options("accept_trade", 1).offer[0])
    streets = play.options("build", 0).positions  # one house on each street of the group
    assert [(s.position, s.building, s.price, s.headroom) for s in streets] == [(p, "house", 50, 5) for p in (6, 8, 9)]
    built = play.ok("build", seat=0, positions=[s.position for s in streets]).state
    assert [(p.position, p.houses) for p in built.properties if p.position in (6, 8, 9)] == [(6, 1), (8, 1), (9, 1)]
    play.ok("end_turn", seat=0)

    play.ok("roll", seat=1, dice=[1, 3])  # Boris on New York Avenue (19)
    play.ok("buy", seat=1)
    (railroad,) = [p for p in play.options("mortgage", 1).positions if p.position == 15]
    mortgaged = play.ok("mortgage", seat=1, positions=[railroad.position]).state
    assert next(p.mortgaged for p in mortgaged.properties if p.position == 15)

    undone = play.api("corrections.undo").sync(play.id, client=play.client, body=m.Undo(), if_match=f'"{play.version}"')
    assert isinstance(undone, m.ActionResult), undone
    play.version = undone.state.version
    assert not next(p.mortgaged for p in undone.state.properties if p.position == 15)
    assert [(e.from_, e.to, e.amount) for e in undone.ledger] == [(1, "bank", railroad.value)]  # the loan goes back

    refused = play.act("roll", seat=0, dice=[2, 3])  # not Anna's turn
    assert isinstance(refused, m.Problem), refused
    assert (refused.status, refused.code, refused.rule) == (409, "not_your_turn", "turn.order")
    assert isinstance(refused.ruling, m.Ruling)

    stale = play.api("actions.post_action").sync(
        play.id, client=play.client, body=m.EndTurnAction(seat=1, type_=m.EndTurnActionType.END_TURN), if_match='"1"'
    )
    assert isinstance(stale, m.Problem) and stale.status == 412 and stale.current_version == play.version

    ledger = play.api("ledger.get_ledger").sync(play.id, client=play.client, seat=1, page=1, page_size=50)
    assert ledger and all(isinstance(e, m.LedgerEntry) for e in ledger)
    assert all(1 in (e.from_, e.to) for e in ledger)
    csv = play.api("ledger.get_ledger_csv").sync(play.id, client=play.client, seat=1)
    assert isinstance(csv, str) and csv.splitlines()[0].startswith("seq,event,from,to,amount")
    assert len(csv.splitlines()) == len(ledger) + 1

    quote = play.api("quotes.get_quote").sync(play.id, client=play.client, position=6, seat=1)
    assert isinstance(quote, m.StopQuote) and quote.owner == 0 and quote.amount and quote.amount > 0

    standings = play.api("quotes.get_standings").sync(play.id, client=play.client)
    assert isinstance(standings, m.Standings) and {row.seat for row in standings.standings} == {0, 1}

    question = m.GetRulingsQuestion("free_parking_money")
    rulings = play.api("rulings.get_rulings").sync(play.id, client=play.client, question=question, accept_language="ru")
    assert [r.id for r in rulings] == ["free_parking_money"] and rulings[0].lang == "ru"

    events = play.api("events.list_events").sync(play.id, client=play.client, after=0, limit=100)
    assert isinstance(events[0].action, m.CreateRecord)
    assert {type(e.action).__name__ for e in events} >= {"RollAction", "BidAction", "TradeAction", "UndoRecord"}


def test_a_generated_client_reads_refusals_as_typed_problems(play, generated, server):
    m = play.m
    seat_token = play.created.players[0].token
    anna = generated.AuthenticatedClient(server, token=seat_token)
    action = m.RollAction(seat=1, dice=[1, 2], type_=m.RollActionType.ROLL)
    forbidden = play.api("actions.post_action").sync(play.id, client=anna, body=action)
    assert isinstance(forbidden, m.Problem) and forbidden.status == 403

    stranger = generated.AuthenticatedClient(server, token="not-a-token")
    unauthorised = play.api("games.get_game").sync(play.id, client=stranger)
    assert isinstance(unauthorised, m.Problem) and unauthorised.status == 401

    missing = play.api("quotes.get_standings").sync("no-such-game", client=play.client)
    assert isinstance(missing, m.Problem) and missing.status == 404
