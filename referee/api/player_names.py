"""A player's name as a request carries it: NFC, something visible, no control
characters, nothing a table could not read (``referee.service.names``). Shared
by the game's creation, an imported journal and the ``rename`` action."""

from __future__ import annotations

import re

from marshmallow import ValidationError, fields, validate

from referee.service import names

NAME = r"^(?=.*\S)[^\x00-\x1f\x7f]+$"  # something visible, no control characters
CONTROL = re.compile(r"[\x00-\x1f\x7f]")


class PlayerName(validate.Regexp):
    """``NAME`` (documented as the pattern), refusing with a message for what
    the name broke: a control character, or nothing to show; then what a
    table could not read (``referee.service.names``)."""

    def __init__(self):
        super().__init__(NAME)

    def __call__(self, value: str) -> str:
        super().__call__(value)
        if (problem := names.problem(value)) is not None:
            raise ValidationError(problem)
        return value

    def _format_error(self, value: str) -> str:
        if CONTROL.search(value):
            return "A name may not hold control characters (a line break, a tab, U+0000)."
        return names.SHOWS_NOTHING


class Unreordered(validate.Validator):
    """Free text a table reads in rulings and the ledger (an adjustment's
    reason): no control that reorders the text around it, as in a name."""

    error = "The text may not hold characters that reorder the text around it (U+202A-U+202E, U+2066-U+2069)."

    def __call__(self, value: str) -> str:
        if any(char in names.BIDI_CONTROLS for char in value):
            raise ValidationError(self.error)
        return value


class NameField(fields.String):
    """A name as stored: NFC."""

    def _deserialize(self, value, attr, data, **kwargs) -> str:
        return names.normal(super()._deserialize(value, attr, data, **kwargs))
