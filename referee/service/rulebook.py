"""An edition's rules and contested questions from the rule catalog, and the
answers one game gives them (its edition, house rules and options)."""

from __future__ import annotations

from typing import Any

from referee import explain
from referee.editions.catalog import catalog
from referee.service.context import Context
from referee.service.editions import edition
from referee.service.errors import NotFound
from referee.service.views import current


def rules(ctx: Context, edition_id: str, lang: str = "en") -> list[dict[str, Any]]:
    return explain.rules(edition(ctx, edition_id), lang)


def rule(ctx: Context, edition_id: str, rule_id: str, lang: str = "en") -> dict[str, Any]:
    found = edition(ctx, edition_id)
    entry = catalog().rules.get(rule_id)
    if entry is None:
        raise NotFound(f"no rule {rule_id!r}")
    return explain.rule_view(entry, found, lang)


def contested(ctx: Context, edition_id: str, lang: str = "en", question: str | None = None) -> list[dict[str, Any]]:
    return explain.questions(edition(ctx, edition_id), lang, only=question)


def rulings(ctx: Context, game_id: str, lang: str = "en", question: str | None = None) -> list[dict[str, Any]]:
    """The contested questions answered for one game: its edition, house rules and options."""
    state, played = current(ctx, game_id)
    return [{"game": game_id, **answer} for answer in explain.questions(played, lang, state.options, only=question)]
