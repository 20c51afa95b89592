"""The edition as the engine sees it: board, decks and rule parameters, frozen.

Editions are data (``referee/editions``); this module only gives that data a
typed, immutable shape. The engine reads parameters from here (declared in
``parameters``) and never asks which edition it is playing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from types import MappingProxyType
from typing import Any

from .parameters import Rules
from .phrases import PHRASE, english
from .plurals import CASES, form
from .rulings import COUNTED

PROPERTY_KINDS = frozenset({"street", "station", "utility"})


@dataclass(frozen=True)
class Space:
    """One square of the board.

    position: 0-39 clockwise from GO.
    kind: go, street, station, utility, tax, card, jail, free_parking, go_to_jail.
    name: the space's name per language code.
    group: colour group (streets) or "station"/"utility"; None elsewhere.
    price: printed price of a property.
    rent: streets: base, 1-4 houses, hotel; stations: by number owned;
        utilities: dice multipliers by number owned.
    mortgage: mortgage value printed on the deed.
    building_cost: price of one house (and of the hotel) on a street.
    amount: tax to pay on a tax space.
    deck: the deck drawn from on a card space.
    unconfirmed: fields whose value is a default the sources do not confirm
        (a placeholder name, a price to check against the table's cards).
    """

    position: int
    kind: str
    name: Mapping[str, str]
    group: str | None = None
    price: int | None = None
    rent: tuple[int, ...] = ()
    mortgage: int | None = None
    building_cost: int | None = None
    amount: int | None = None
    deck: str | None = None
    unconfirmed: tuple[str, ...] = ()

    @property
    def is_property(self) -> bool:
        return self.kind in PROPERTY_KINDS

    def label(self, lang: str = "en") -> str:
        return self.name.get(lang) or self.name.get("en") or next(iter(self.name.values()))


@dataclass(frozen=True)
class Card:
    """A card of a deck: its id, text per language and machine-readable effect."""

    id: str
    deck: str
    text: Mapping[str, str]
    effect: Mapping[str, Any]


@dataclass(frozen=True)
class Deck:
    id: str
    name: Mapping[str, str]
    cards: tuple[Card, ...]

    def card(self, card_id: str) -> Card | None:
        return next((c for c in self.cards if c.id == card_id), None)


@dataclass(frozen=True)
class Currency:
    """How money is shown: amounts are integers in the base unit; display
    multiplies by scale and appends the unit."""

    symbol: str = "M"
    scale: int = 1
    unit: Mapping[str, str] = field(default_factory=dict)

    def show(self, amount: int | str | Decimal, lang: str = "en") -> str:
        """M1500, or 1 500 000 ₽: digits grouped by no-break spaces (a line
        never breaks inside an amount) from five digits on, or from four where
        the base unit is scaled (every amount there ends in 000, so 8 000 ₽
        reads like 75 000 ₽ beside it). A fractional amount of base units
        ("7.5", an unrounded interest) is shown scaled too, with the
        language's decimal sign. A loss reads −M60: the minus before the symbol."""
        scaled = amount * self.scale if isinstance(amount, int) else _exact(Decimal(amount) * self.scale)
        sign, scaled = ("−", -scaled) if scaled < 0 else ("", scaled)
        grouped = scaled >= (1_000 if self.scale > 1 else 10_000)
        value = f"{scaled:,}".replace(",", "\u00a0") if grouped else str(scaled)
        if not isinstance(scaled, int):
            value = value.replace(".", DECIMAL_SIGN.get(lang, "."))
        unit = self.unit.get("en", "")
        return f"{sign}{self.symbol}{value}{NBSP + unit if unit else ''}"


NBSP = "\u00a0"
"""Between an amount's digit groups and before its unit: a line never breaks inside an amount."""

DECIMAL_SIGN = {"ru": ",", "uk": ",", "it": ","}
"""The decimal sign per language where it is not a point."""


def _exact(amount: Decimal) -> int | Decimal:
    """A whole amount as an int; a fraction without trailing zeros."""
    return int(amount) if amount == amount.to_integral_value() else amount.normalize()


@dataclass(frozen=True)
class Edition:
    """A complete, validated edition."""

    id: str
    name: Mapping[str, str]
    language: str
    spaces: tuple[Space, ...]
    decks: Mapping[str, Deck]
    rules: Rules
    currency: Currency = field(default_factory=Currency)
    terms: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    groups: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    document: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        by_group: dict[str, list[int]] = {}
        for space in self.spaces:
            if space.is_property and space.group:
                by_group.setdefault(space.group, []).append(space.position)
        object.__setattr__(self, "_groups", MappingProxyType({g: tuple(p) for g, p in by_group.items()}))
        streets = dict.fromkeys(space.group for space in self.spaces if space.kind == "street")
        object.__setattr__(self, "_street_groups", tuple(streets))
        # asked of every state (which properties there are, where the streets are): listed once
        by_kind: dict[str, list[int]] = {}
        for index, space in enumerate(self.spaces):
            by_kind.setdefault(space.kind, []).append(index)
        object.__setattr__(self, "_by_kind", MappingProxyType({k: tuple(p) for k, p in by_kind.items()}))
        properties = tuple(s.position for s in self.spaces if s.is_property)
        object.__setattr__(self, "_properties", properties)

    @property
    def size(self) -> int:
        return len(self.spaces)

    def space(self, position: int) -> Space:
        return self.spaces[position]

    def group_positions(self, group: str) -> tuple[int, ...]:
        return self._groups[group]  # type: ignore[attr-defined]

    def street_groups(self) -> tuple[str, ...]:
        """The colour groups (groups of streets), in board order."""
        return self._street_groups  # type: ignore[attr-defined]

    def positions_of_kind(self, kind: str) -> tuple[int, ...]:
        return self._by_kind.get(kind, ())  # type: ignore[attr-defined]

    @property
    def jail_position(self) -> int:
        return self.positions_of_kind("jail")[0]

    @property
    def unconfirmed_positions(self) -> tuple[int, ...]:
        """Spaces with a value the sources do not confirm."""
        return tuple(s.position for s in self.spaces if s.unconfirmed)

    @property
    def property_positions(self) -> tuple[int, ...]:
        return self._properties  # type: ignore[attr-defined]

    def card(self, card_id: str) -> Card | None:
        for deck in self.decks.values():
            found = deck.card(card_id)
            if found:
                return found
        return None

    def term(self, key: str, lang: str = "en") -> str:
        """The edition's word for ``key`` in ``lang``; ``property.gen`` is a
        form of it, and a language without that form uses the word itself."""
        names = self.terms.get(key, {})
        word, _, form = key.rpartition(".")
        if form and lang not in names and word:
            return self.term(word, lang)
        return names.get(lang) or names.get("en") or key

    def show(self, spec: str, value: Any, lang: str = "en") -> str:
        """Show a ruling value: money, or the name of a space, group, deck or card.

        A name missing in the reader's language falls back to English, then to the
        edition's own language (the words printed on the table's board)."""
        if spec == "m":
            return self.currency.show(value, lang)
        if spec == PHRASE:
            return english(value, self)  # other languages' words are the catalog's (referee.explain)
        if spec == "space":
            return self.text(self.space(value).name, lang, str(value))
        if spec == "group":
            return self.text(self.groups.get(value, {}).get("name", {}), lang, value)
        if spec == "deck":
            return self.text(self.decks[value].name, lang, value) if value in self.decks else str(value)
        if spec == "card":
            card = self.card(value)
            return self.text(card.text, lang, value) if card else str(value)
        if spec.startswith(COUNTED):
            return self.counted(int(value), spec.removeprefix(COUNTED), lang)
        return self.term(value, lang)

    def counted(self, count: int, key: str, lang: str = "en") -> str:
        """A count of pieces in the edition's words: "1 house", "2 houses", "5 домов";
        ``house.acc``, the count a verb's object: "1 філію" (see ``referee.rules.plurals``)."""
        word, _, case = key.rpartition(".")
        if case not in CASES:
            word, case = key, ""
        return f"{count} {self.term(form(word, count, lang, case), lang)}"

    def text(self, texts: Mapping[str, str], lang: str, fallback: str) -> str:
        """A text in ``lang``, else in English, which more readers share than the board's
        language, else in the edition's own language, else in any it is written in."""
        return texts.get(lang) or texts.get("en") or texts.get(self.language) or next(iter(texts.values()), fallback)
