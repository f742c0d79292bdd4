"""AI policies: what picks a move for a seat in tests, benchmarks and AI seats.

Each game registers one as ``GameSpec.ai``. A policy must return one of
``state.legal_moves(seat)`` (or a move ``state.apply`` accepts, for free amounts) and may use
only ``rng`` for randomness, so a seeded game plays the same way every time.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from .protocol import SYSTEM, GameState, Move, Seat
from .registry import GameRecord, GameSpec
from .rng import Rng


class Policy(Protocol):
    """Chooses a move for ``seat``, which is in ``state.to_act()`` and has legal moves."""

    def choose(self, state: Any, seat: Seat, rng: Rng) -> Move: ...


class RandomPolicy:
    """Uniformly random legal moves: the baseline every game's AI must beat."""

    def choose(self, state: GameState[Any], seat: Seat, rng: Rng) -> Move:
        return rng.choice(list(state.legal_moves(seat)))


class NoMoveError(AssertionError):
    """A playout reached a position where someone must act and nobody can."""


def play_out(
    spec: GameSpec,
    seats: int,
    seed: int,
    *,
    policies: Mapping[Seat, Policy] | Callable[[Seat], Policy] | None = None,
    options: Mapping[str, Any] | None = None,
    max_moves: int = 50_000,
    on_move: Callable[[GameState[Any], Seat, Move], None] | None = None,
) -> tuple[GameState[Any], GameRecord]:
    """Play a whole game with policies (default: the game's ``easy`` AI level, the fast
    heuristic, else random) and return the final state and its record. When no seat can
    move, the running deadline's move is applied as ``SYSTEM`` (a timer expiring). Raises
    ``NoMoveError`` if nobody can move and nothing is timed, or the game runs past
    ``max_moves``.
    """
    from .registry import start

    record, state = start(spec, options or {}, seats, seed)
    rng = Rng(seed * 0x9E3779B1 + seats)
    default: Policy = spec.ai_level("easy") if spec.ai is not None else RandomPolicy()

    def policy_of(seat: Seat) -> Policy:
        if policies is None:
            return default
        if callable(policies):
            return policies(seat)
        return policies.get(seat, default)

    for _ in range(max_moves):
        if state.is_over():
            return state, record
        movers = [s for s in sorted(state.to_act()) if state.legal_moves(s)]
        if not movers:
            dl = state.deadline()
            if dl is None:
                raise NoMoveError(
                    f"{spec.key} seed {seed}: seats {sorted(state.to_act())} must act but have "
                    "no legal move, and no deadline runs"
                )
            state.apply(SYSTEM, dl.move)
            record.moves.append((SYSTEM, dl.move.notation))
            continue
        seat = movers[rng.randrange(len(movers))]
        move = policy_of(seat).choose(state, seat, rng)
        state.apply(seat, move)
        record.moves.append((seat, move.notation))
        if on_move is not None:
            on_move(state, seat, move)
    raise NoMoveError(f"{spec.key} seed {seed}: no end after {max_moves} moves")
