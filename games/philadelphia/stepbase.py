"""The part every Philadelphia phase shares: a waiting effect (the top frame of the
pending-effect stack) takes over who acts and what they may do, in any phase (seed Q10: an
effect is never interrupted)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from games.core import Move, Step

from .moves import ALL_MOVES

if TYPE_CHECKING:
    from .state import PhilaState


class PhilaStep(Step["PhilaState"]):
    """A phase step; subclasses implement the ``phase_*`` methods and ``proceed``."""

    moves = ALL_MOVES

    def actors(self, game: PhilaState) -> frozenset[int]:
        if game.stack:
            return game.stack[-1].choosers(game)
        return self.phase_actors(game)

    def candidates(self, game: PhilaState, seat: int) -> Iterable[Move]:
        if game.stack:
            return game.stack[-1].options(game, seat)
        return self.phase_candidates(game, seat)

    def refusal(self, game: PhilaState, seat: int, move: Move) -> str | None:
        if game.stack:
            return game.stack[-1].refusal(game, seat, move)
        return self.phase_refusal(game, seat, move)

    def apply(self, game: PhilaState, seat: int, move: Move) -> list[str]:
        if game.stack:
            events = game.stack[-1].choose(game, seat, move)
        else:
            events = self.phase_apply(game, seat, move)
        events += game.settle()
        if not game.stack:
            events += self.proceed(game)
        return events

    def default_move(self, game: PhilaState, seat: int) -> Move | None:
        if game.stack:
            options = game.stack[-1].options(game, seat)
            for move in options:
                if move.notation in ("skip", "done"):
                    return move
            return options[0] if options else None
        return self.phase_default(game, seat)

    # -- for subclasses ---------------------------------------------------------------------

    def phase_actors(self, game: PhilaState) -> frozenset[int]:
        return frozenset()

    def phase_candidates(self, game: PhilaState, seat: int) -> Iterable[Move]:
        return ()

    def phase_refusal(self, game: PhilaState, seat: int, move: Move) -> str | None:
        return None

    def phase_apply(self, game: PhilaState, seat: int, move: Move) -> list[str]:
        return []

    def phase_default(self, game: PhilaState, seat: int) -> Move | None:
        return None

    def proceed(self, game: PhilaState) -> list[str]:
        """Automatic work after the stack has emptied (next turn, next stage)."""
        return []
