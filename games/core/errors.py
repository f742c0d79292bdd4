"""Errors the engines raise. Every message is a complete sentence a player can read.

Each error also carries a stable ``key`` and ``params`` (see ``games.core.text.Msg``), so a
catalogue in another language can be added later without touching the engines.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .text import Msg


class GameError(Exception):
    """A rule or input problem that the player caused; its text is shown to them as is.

    ``message`` is the English sentence; ``key`` and ``params`` identify it for translation.
    A ``Msg`` passed as the message brings its own key and parameters.
    """

    default_key = "error"

    def __init__(
        self, message: str, *, key: str | None = None, params: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.message = str(message)
        self.key: str = key or getattr(message, "key", None) or self.default_key
        self.params: Mapping[str, Any] = dict(
            params if params is not None else getattr(message, "params", {})
        )
        if isinstance(message, Msg) and params is None:
            self.msg: Msg = message
        else:
            self.msg = Msg(self.key, self.message)
            self.msg.params = self.params
        """The sentence as a ``Msg`` (its key and English template, for translation)."""


class IllegalMove(GameError):
    """A well-formed move that the rules do not allow now (e.g. too few structure markers)."""

    default_key = "illegal_move"


class InvalidMove(GameError):
    """Notation or parameters that do not describe any move (typo, out-of-range number)."""

    default_key = "invalid_move"


class NotYourTurn(GameError):
    """The seat may not act at this moment. ``params["to_act"]`` lists the seats that may."""

    default_key = "not_your_turn"


class InvalidOptions(GameError):
    """Unknown option name, or a value outside the option's range, at game creation."""

    default_key = "invalid_options"
