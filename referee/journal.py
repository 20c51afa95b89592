"""The journal folded back into a game: actions, undos and corrections.

An *undo* takes back the last action still in effect; a *correction*
replaces it with another action (a mistyped dice value, "buy" reported
instead of "decline"). Both are events of their own, so the journal keeps
the mistake and what corrected it, and the ledger keeps the mistaken
transfers and the transfers that reverse them, entry by entry. The state
afterwards is the state as if the mistake had not happened: the state before
the undone action, which the fold remembers.

What may be undone:
- only the last action in effect; repeated undos walk back one action at a
  time, as far as the creation of the game;
- an undo or a correction is not itself undone: to take an undo back, report
  the action again. A correction's replacement action is an action in effect
  like any other, so it can be undone in turn;
- dice the service rolled (virtual dice), and a random destination it drew
  for the random-move card, stand: undoing them would be a new draw. Such an
  event is a barrier, and what came before it stays too. Virtual decks need no
  barrier: the deck order is part of the state, so the same card comes up
  again after an undo.

The service builds the journal from the stored facts (``Journal.resting``:
the game now, the action on top and the state before it, from
``referee.facts``), so an undo judges nothing and a correction judges only
its replacement. ``Journal.of`` and ``apply`` judge a whole journal again
with today's rules: only for migrating an old database and importing a
journal of this server's own rules (``referee.rejudge``).

The engine stays pure: this module only calls ``start`` and ``step`` and
moves money back through ``Step.transfer``. The API lets only the table
token undo or correct.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from referee import actor
from referee.action_words import said
from referee.changed_fields import changes
from referee.rules import Edition, GameState, Options, Outcome, Setup, parse_action, start, step
from referee.rules.ledger import Transfer
from referee.rules.rulings import Rule
from referee.rules.serialize import action_to_dict
from referee.rules.step import Step

VIRTUAL_DICE = Rule("dice.virtual", "The service rolled the virtual dice for {name}: {a}+{b}.")
VIRTUAL_DESTINATION = Rule(
    "card.random_move.drawn", "The service drew the random destination for {name}: {place:space}."
)
STANDING = frozenset({VIRTUAL_DICE.id, VIRTUAL_DESTINATION.id})
UNDONE = Rule("journal.undo", "Event {event} ({what} by {by:phrase}) is undone: the game is as it was before it.")
CORRECTED = Rule("journal.correction", "Event {event}, {what} by {who:phrase}: {was:items} is corrected to {now:items}")
REPLACED = Rule(
    "journal.replacement",
    "Event {event} ({what} by {who:phrase}) is replaced: it is now {instead} by {by:phrase}; "
    "changed: {was:items} → {now:items}",
)
REVERSED = Rule(
    "journal.reversal",
    "{amount:m} goes back from {payer:phrase} to {payee:phrase}: event {event} ({reason:phrase}) is undone.",
)
NOTHING_TO_UNDO = Rule("journal.nothing_to_undo", "There is no action to undo: the game is as it was created.")
LAST_ONLY = Rule(
    "journal.last_only",
    "Only the last action in effect can be undone or corrected: that is event {last}, not event {event}.",
)
NO_FACTS = Rule(
    "journal.no_facts",
    "Event {event} was kept without facts (this game's journal did not replay when the server migrated): "
    "it cannot be undone.",
)
DRAWN_DICE = Rule(
    "journal.drawn_dice",
    "Event {event} was drawn by the service (virtual dice or a random destination): undoing it would be "
    "a new draw, so it stands.",
)
END_TIME_STANDS = Rule(
    "journal.end_time_stands",
    "Event {event} is the end the agreed end time brought: while that time has passed, the game stays ended.",
)


@dataclass(frozen=True)
class InEffect:
    """An action still in effect.

    seq: the event that put it in effect (the action's own event, or the
        correction that brought it).
    action: the action as recorded.
    before: the state just before it (what an undo returns to).
    transfers: the transfers it made (what an undo reverses).
    drawn: the service rolled its dice or drew its random destination (it stands).
    """

    seq: int
    action: Mapping[str, Any]
    before: GameState
    transfers: tuple[Transfer, ...]
    drawn: bool


def setup_of(created: Mapping[str, Any]) -> Setup:
    """The setup recorded in a game's creation event."""
    options = created["options"]
    return Setup(
        tuple(created["players"]),
        Options(**{**options, "house_rules": tuple(options["house_rules"])}),
        {deck: tuple(order) for deck, order in created["decks"].items()},
        tuple(tuple(dealt) for dealt in created.get("deeds", ())),
    )


def drew_outcome(event: Mapping[str, Any]) -> bool:
    """The event records dice or a destination the service drew (and so stands)."""
    return any(ruling["rule"] in STANDING for ruling in event["rulings"])


def announce_drawn(outcome: Outcome, action: Mapping[str, Any], edition: Edition) -> Outcome:
    """The outcome of a roll or random destination the service drew, its first ruling saying so."""
    name = outcome.state.players[action["seat"]].name
    if action["type"] == "roll":
        a, b = action["dice"]
        ruling = VIRTUAL_DICE.ruling(edition, name=name, a=a, b=b)
    else:
        ruling = VIRTUAL_DESTINATION.ruling(edition, name=name, place=action["position"])
    return replace(outcome, rulings=(ruling,) + outcome.rulings)


class Journal:
    """A game rebuilt event by event, as the service recorded it.

    ``state`` is the game after the last event folded in; ``created`` is the
    creation's outcome (the starting cash).
    """

    def __init__(self, edition: Edition, created: Mapping[str, Any]):
        self.edition = edition
        self.created = start(edition, setup_of(created))
        self.state: GameState = self.created.state
        self.in_effect: list[InEffect] = []
        self.end_time_passed = False

    @classmethod
    def resting(
        cls, edition: Edition, state: GameState, in_effect: Sequence[InEffect], end_time_passed: bool = False
    ) -> Journal:
        """The journal as its facts leave it: the game now and the action in effect on top, if any.
        ``end_time_passed``: the service's clock says a timed game's end time has
        come, so the end it brought stands (undone, it would be recorded again)."""
        journal = cls.__new__(cls)
        journal.edition, journal.created, journal.state = edition, None, state
        journal.in_effect = list(in_effect)
        journal.end_time_passed = end_time_passed
        return journal

    @classmethod
    def of(cls, edition: Edition, events: Sequence[Mapping[str, Any]]) -> Journal:
        """Fold a whole journal (the creation event first)."""
        journal = cls(edition, events[0]["action"])
        for event in events[1:]:
            journal.apply(event)
        return journal

    # -- events ---------------------------------------------------------------
    def apply(self, event: Mapping[str, Any]) -> tuple[dict[str, Any], Outcome]:
        """Fold one recorded event in; returns the action as it would be recorded and the outcome."""
        action = event["action"]
        fold = _FOLDS.get(action["type"], Journal._fold_action)
        return fold(self, action, drew_outcome(event))

    def _fold_action(self, action: Mapping[str, Any], drawn: bool) -> tuple[dict[str, Any], Outcome]:
        return self.act(action, drawn)

    def _fold_undo(self, action: Mapping[str, Any], drawn: bool) -> tuple[dict[str, Any], Outcome]:
        return self.undo(action["event"])

    def _fold_correction(self, action: Mapping[str, Any], drawn: bool) -> tuple[dict[str, Any], Outcome]:
        return self.correct(action["action"], action["event"], drawn)

    # -- what the table does ------------------------------------------------------
    def act(self, action: Mapping[str, Any], drawn: bool = False) -> tuple[dict[str, Any], Outcome]:
        """One table action, put in effect."""
        parsed = parse_action(action)
        outcome = step(self.state, parsed, self.edition)
        recorded = action_to_dict(parsed)
        if drawn:
            outcome = announce_drawn(outcome, recorded, self.edition)
        self.in_effect.append(InEffect(outcome.state.version, recorded, self.state, outcome.transfers, drawn))
        self.state = outcome.state
        return recorded, outcome

    def undo(self, event: int | None = None) -> tuple[dict[str, Any], Outcome]:
        """Take back the last action in effect (``event``, when named, must be it)."""
        undone = self._last_in_effect(event)
        seq = self.state.version + 1
        reversal = self._reverse(undone)
        kind = undone.action["type"]
        by = self._actor(undone.action, undone.before)
        note = UNDONE.ruling(self.edition, event=undone.seq, action=kind, what=said(kind, self.edition), by=by)
        outcome = Outcome(
            replace(undone.before, version=seq),
            tuple(reversal.transfers),
            (note, *reversal.rulings),
        )
        self.in_effect.pop()
        self.state = outcome.state
        return {"type": "undo", "event": undone.seq}, outcome

    def correct(
        self, action: Mapping[str, Any], event: int | None = None, drawn: bool = False
    ) -> tuple[dict[str, Any], Outcome]:
        """Replace the last action in effect with ``action``."""
        undone = self._last_in_effect(event)
        seq = self.state.version + 1
        reversal = self._reverse(undone)
        parsed = parse_action(action)
        redone = step(replace(undone.before, version=seq - 1), parsed, self.edition)
        recorded = action_to_dict(parsed)
        if drawn:
            redone = announce_drawn(redone, recorded, self.edition)
        was, now = changes(undone.action, recorded, [p.name for p in undone.before.players])
        by = self._actor(recorded, redone.state)
        who = self._actor(undone.action, undone.before)
        same = recorded["type"] == undone.action["type"] and by == who  # the same act, only its values mistyped
        note = (CORRECTED if same else REPLACED).ruling(
            self.edition,
            event=undone.seq,
            action=undone.action["type"],
            what=said(undone.action["type"], self.edition),
            who=who,
            replacement=recorded["type"],
            instead=said(recorded["type"], self.edition),
            by=by,
            was=was,
            now=now,
        )
        outcome = Outcome(
            redone.state,
            tuple(reversal.transfers) + redone.transfers,
            (note, *reversal.rulings, *redone.rulings),
        )
        self.in_effect[-1] = InEffect(seq, recorded, undone.before, redone.transfers, drawn)
        self.state = outcome.state
        return {"type": "correction", "event": undone.seq, "action": recorded}, outcome

    def before_last(self, event: int | None = None) -> GameState:
        """The state a correction of the last action in effect starts from."""
        return self._last_in_effect(event).before

    # -- helpers ------------------------------------------------------------------
    def _last_in_effect(self, event: int | None) -> InEffect:
        refuse = Step(self.state, self.edition).refuse
        if not self.in_effect:
            raise refuse("nothing_to_undo", NOTHING_TO_UNDO)
        last = self.in_effect[-1]
        if event is not None and event != last.seq:
            raise refuse("not_last_action", LAST_ONLY, last=last.seq, event=event)
        if last.drawn:
            raise refuse("drawn_dice", DRAWN_DICE, event=last.seq)
        if self.end_time_passed and actor.actor(last.action) == actor.END_TIME:
            raise refuse("end_time_stands", END_TIME_STANDS, event=last.seq)
        return last

    @staticmethod
    def _actor(action: Mapping[str, Any], state: GameState) -> str | dict[str, Any]:
        """Who did ``action``, as a ruling's phrase: the table, the end time or the player."""
        return actor.phrase(action, [p.name for p in state.players])

    def _reverse(self, undone: InEffect) -> Step:
        """Move every amount of ``undone`` back, last first, so no one is ever short."""
        s = Step(self.state, self.edition)
        for t in reversed(undone.transfers):
            ruling = s.ruling(
                REVERSED,
                amount=t.amount,
                payer=s.party(t.target),
                payee=s.party(t.source),
                event=undone.seq,
                reason=t.reason,
            )
            s.transfer(t.target, t.source, t.amount, "reversal", ruling)
        cash = [p.cash for p in s.state.players], s.state.pot
        if cash != ([p.cash for p in undone.before.players], undone.before.pot):
            raise AssertionError(f"the journal diverged: reversing event {undone.seq} does not restore the cash")
        return s


_FOLDS: dict[str, Callable[[Journal, Mapping[str, Any], bool], tuple[dict[str, Any], Outcome]]] = {
    "undo": Journal._fold_undo,
    "correction": Journal._fold_correction,
}
