"""Random-playout conformance over every registered game (GUIDE "Tests").

For many seeds and every player count: legal moves are non-empty for some seat until the
game ends; every offered move's notation parses back to the same move and applies; a
timed phase with nobody able to act is ended through its Deadline; replaying the log
reproduces the final view; no view shows another seat's secrets.
"""

from __future__ import annotations

import dataclasses
import os
import random
from typing import Any

import pytest

from games.core import GameRecord, all_games, replay

SEEDS = int(os.environ.get("BOARDROOM_PLAYOUT_SEEDS", "200"))
MAX_STEPS = 20_000

GAMES = [spec for spec in all_games()]


def _lookup(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        if isinstance(data, dict):
            if key not in data:
                return None
            data = data[key]
        elif isinstance(data, (list, tuple)):
            if not isinstance(key, int) or key >= len(data):
                return None
            data = data[key]
        else:
            return None
    return data


def check_no_leaks(state: Any) -> None:
    views = {seat: dataclasses.asdict(state.view(seat)) for seat in range(state.n_seats)}
    views[None] = dataclasses.asdict(state.view(None))
    for owner in range(state.n_seats):
        for path, _value in state.secrets(owner).items():
            for viewer, data in views.items():
                if viewer == owner:
                    continue
                shown = _lookup(data, path)
                assert shown in (None, (), [], {}), (
                    f"seat {viewer} sees seat {owner}'s secret at {path}: {shown!r}"
                )


def play_out(spec: Any, seats: int, seed: int) -> tuple[Any, GameRecord]:
    rnd = random.Random(seed * 7919 + seats)
    options = spec.resolve_options({})
    state = spec.new_game(options, seats, seed)
    record = GameRecord(spec.key, spec.engine_version, seed, seats, dict(options))
    for step in range(MAX_STEPS):
        if state.is_over():
            return state, record
        actors = sorted(state.to_act())
        movers = [s for s in actors if state.legal_moves(s)]
        if not movers:
            dl = state.deadline()
            assert dl is not None, f"{spec.key} seed {seed}: nobody can move and no deadline"
            state.apply(dl.seat, dl.move)
            record.moves.append((dl.seat, dl.move.notation))
            continue
        seat = rnd.choice(movers)
        legal = list(state.legal_moves(seat))
        notations = [m.notation for m in legal]
        assert len(set(notations)) == len(notations), f"duplicate notation among {notations}"
        move = rnd.choice(legal)
        assert len(move.notation) <= 100
        assert state.parse_move(seat, move.notation) == move
        state.apply(seat, move)
        record.moves.append((seat, move.notation))
        if step % 25 == 0:
            check_no_leaks(state)
    raise AssertionError(f"{spec.key} seed {seed}: no end after {MAX_STEPS} steps")


@pytest.mark.parametrize("spec", GAMES, ids=[s.key for s in GAMES])
def test_random_playouts(spec):
    counts = list(range(spec.min_players, spec.max_players + 1))
    for i in range(SEEDS):
        seats = counts[i % len(counts)]
        state, record = play_out(spec, seats, seed=i)
        assert state.outcome() is not None
        check_no_leaks(state)
        if i % 20 == 0:
            again = replay(GameRecord.from_dict(record.to_dict()))
            assert again.view(None) == state.view(None)
            assert all(again.view(s) == state.view(s) for s in range(seats))
