"""Errors the engines raise. Every message is a complete sentence a player can read."""

from __future__ import annotations


class GameError(Exception):
    """A rule or input problem that the player caused; its text is shown to them as is."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class IllegalMove(GameError):
    """A well-formed move that the rules do not allow now (e.g. too few structure markers)."""


class InvalidMove(GameError):
    """Notation or parameters that do not describe any move (typo, out-of-range number)."""


class NotYourTurn(GameError):
    """The seat may not act at this moment."""


class InvalidOptions(GameError):
    """Unknown option name, or a value outside the option's range, at game creation."""
