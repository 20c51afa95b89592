"""A journal judged again by today's rules, with the facts it comes to.

Only two things judge old actions again: the migration that gives the
events of an older database their facts (once), and the import of a journal
whose rules are this server's own, which must come out as it was recorded.
Everything else reads the facts (``referee.facts``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from referee.facts import Links, facts
from referee.journal import Journal
from referee.rules import Edition, Outcome
from referee.rules.serialize import state_to_dict


def judged_again(
    edition: Edition, events: Sequence[Mapping[str, Any]]
) -> Iterator[tuple[dict[str, Any], Outcome, dict[str, Any]]]:
    """Each event of a journal (the creation first) as today's rules decide it:
    the action as it would be recorded, the outcome and its facts. Raises the
    engine's refusal where an event no longer plays."""
    journal = Journal(edition, events[0]["action"])
    before = state_to_dict(journal.state)
    yield dict(events[0]["action"]), journal.created, facts(None, before, Links(None), edition)
    in_effect: dict[int, Links] = {}
    top = None
    for event in events[1:]:
        action, outcome = journal.apply(event)
        links = Links.after(action, event["seq"], top, in_effect)
        if links.base is not None:
            in_effect[event["seq"]] = links
        top = links.top
        after = state_to_dict(outcome.state)
        yield action, outcome, facts(before, after, links, edition)
        before = after
