"""Carnegie AI policy (placeholder: uniform random until the heuristic lands)."""

from __future__ import annotations

from typing import Any

from games.core import Move, Rng


class CarnegiePolicy:
    def choose(self, state: Any, seat: int, rng: Rng) -> Move:
        return rng.choice(list(state.legal_moves(seat)))


POLICY = CarnegiePolicy()
