"""Refusals that say why and what would make a move possible (issue 8).

``explained(live, user_id, typed, exc)`` turns a ``GameError`` from a move into the sentence a
player needs: whose turn it is, by name and what they are doing, instead of "It is not your
turn."; for notation that names no legal move, what the player can type now. The engine's
own refusal reasons (``IllegalMove`` from ``state.refusal``/``validate``) already say why and
are kept as they are. Used by ``/move``; panels and buttons can use it the same way.
"""

from __future__ import annotations

from games.core import GameError, IllegalMove, InvalidMove, NotYourTurn
from games.core.text import Msg

from . import messages as msg
from .manager import LiveGame
from .ui.autocomplete import hint

HINTED = (
    "no_such_move",
    "not_legal_now",
    "invalid_move",
    "wrong_phase",
    "notation.empty",
    "notation.bad_form",
    "notation.unknown_verb",
)


def explained(live: LiveGame, user_id: int, typed: str, exc: GameError) -> GameError:
    """``exc`` with what the player needs to know: whose turn it is (by name, and what they
    are doing) instead of "It is not your turn.", and for notation that names no legal move,
    what the player can type now. Engine refusal reasons (``IllegalMove``) already say why;
    they are kept as they are."""
    seat = live.row.seat_of(user_id)
    if seat is None:
        return exc
    if isinstance(exc, NotYourTurn) and exc.key in ("not_your_turn", "game_over"):
        return _keeping(NotYourTurn, msg.not_your_turn(live), exc)
    if isinstance(exc, InvalidMove | IllegalMove) and exc.key in HINTED:
        extra = hint(live.state, seat, typed)
        if extra:
            said = Msg("bot.refusals.with_hint", "{reason} {hint}", reason=exc.msg, hint=extra)
            return _keeping(type(exc), said, exc)
    return exc


def _keeping(kind: type[GameError], said: str, exc: GameError) -> GameError:
    """A ``kind`` error saying ``said`` (a ``Msg``, translated by the error boundary) that
    keeps ``exc``'s key and params (what tests and logs identify it by)."""
    out = kind(said, key=exc.key, params=exc.params)
    if isinstance(said, Msg):
        out.msg = said
    return out
