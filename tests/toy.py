"""A tiny game used only by bot tests: race to a target by adding 1 or 2 per turn.

Option ``timer`` (seconds, 0 = off) makes every turn timed; on expiry the player passes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.core import (
    Deadline,
    GameSpec,
    GameState,
    Move,
    OptionSpec,
    Outcome,
    register,
)
from games.core.registry import _REGISTRY


@dataclass(frozen=True)
class Add(Move):
    n: int

    @property
    def notation(self) -> str:
        return f"add {self.n}"


@dataclass(frozen=True)
class Pass(Move):
    @property
    def notation(self) -> str:
        return "pass"


@dataclass(frozen=True)
class ToyView:
    viewer: int | None
    totals: tuple[int, ...]
    turn: int


class ToyState(GameState):
    def __init__(self, options: Mapping[str, Any], seats: int, seed: int) -> None:
        self.n_seats = seats
        self.totals = [0] * seats
        self.turn = 0
        self.moves = 0
        self.target = int(options["target"])
        self.timer = int(options["timer"])

    def to_act(self) -> frozenset[int]:
        return frozenset() if self.outcome() else frozenset({self.turn})

    def legal_moves(self, seat: int) -> Sequence[Move]:
        if seat not in self.to_act():
            return ()
        return (Add(1), Add(2)) + ((Pass(),) if self.timer else ())

    def _apply(self, seat: int, move: Move) -> list[str]:
        if seat < 0:  # the timer passes for the player to act
            seat = self.turn
        self.moves += 1
        if isinstance(move, Add):
            self.totals[seat] += move.n
        self.turn = (self.turn + 1) % self.n_seats
        return [f"total {self.totals[seat]}"]

    def view(self, seat: int | None) -> ToyView:
        return ToyView(seat, tuple(self.totals), self.turn)

    def deadline(self) -> Deadline | None:
        if not self.timer or self.outcome():
            return None
        return Deadline(f"t{self.moves}", self.timer, Pass(), warn_at=(30,))

    def phase_name(self) -> str:
        return f"Move {self.moves + 1}"

    def outcome(self) -> Outcome | None:
        if max(self.totals) < self.target:
            return None
        best = max(self.totals)
        ranks = {s: 1 + sum(t > self.totals[s] for t in self.totals) for s in range(self.n_seats)}
        return Outcome(
            {s: t for s, t in enumerate(self.totals)},
            ranks,
            frozenset(s for s, t in enumerate(self.totals) if t == best),
            f"someone reached {self.target}",
        )


def ensure_registered() -> None:
    if "toy" not in _REGISTRY:
        register(
            GameSpec(
                key="toy",
                title="Toy Race",
                title_ja="トイ",
                min_players=2,
                max_players=4,
                engine_version=1,
                new_game=ToyState,
                summary="Race to the target.",
                rules_path="tests/toy.py",
                options=(
                    OptionSpec("target", "points to win", "int", 6, lo=2, hi=50),
                    OptionSpec("timer", "seconds per turn, 0 = none", "int", 0, lo=0, hi=3600),
                ),
            )
        )
