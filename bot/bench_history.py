"""``boardroom bench --only history``: the game-over replay of one game of each kind — seconds
to replay, draw and encode it (``history.replay.<game>``) and its size
(``history.replay_size.<game>``, MiB; Discord's limit is 10 MiB).

Games: a whole AI game of each game at its largest usual table, and a random 11-player
Masters of Commerce game (the largest table).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from games.core import GameRecord, get_game
from games.core.ai import play_out

from .services.replays import make_replay

GAMES = (
    # key, seats, seed: whole games played by each game's AI (nothing read from tests/)
    ("kenchiku", 4, 1),
    ("carnegie", 4, 1),
    ("food_chain_magnate", 5, 1),
    ("philadelphia", 4, 1),
)

Emit = Callable[..., None]


def random_record(key: str, seats: int, seed: int) -> GameRecord:
    """A whole game of uniformly random legal moves (timers expire when nobody can act)."""
    spec = get_game(key)
    options = spec.resolve_options({})
    state = spec.new_game(options, seats, seed)
    state.engine_version = spec.engine_version
    rnd = random.Random(seed)
    moves: list[tuple[int, str]] = []
    while not state.is_over():
        movers = [s for s in sorted(state.to_act()) if state.legal_moves(s)]
        if movers:
            seat = rnd.choice(movers)
            move = rnd.choice(list(state.legal_moves(seat)))
        else:
            dl = state.deadline()
            assert dl is not None
            seat, move = dl.seat, dl.move
        state.apply(seat, move)
        moves.append((seat, move.notation))
    return GameRecord(key, spec.engine_version, seed, seats, {}, moves)


def records(size: str = "full") -> list[tuple[str, GameRecord]]:
    """The games whose replays are measured: at ``smoke`` size one short 2-player Kenchiku
    game, at ``quick`` the 11-player Masters of Commerce game only, at ``full`` all."""
    if size == "smoke":
        _state, record = play_out(get_game("kenchiku"), 2, 1)
        return [("kenchiku_2p", record)]
    out = []
    if size == "full":
        for key, seats, seed in GAMES:
            _state, record = play_out(get_game(key), seats, seed)
            out.append((f"{key}_{seats}p", record))
    out.append(("masters_of_commerce_11p", random_record("masters_of_commerce", 11, 11)))
    return out


def bench_replays(emit: Emit, size: str = "full") -> None:
    for name, record in records(size):
        names = [f"player {i + 1}" for i in range(record.seats)]
        t0 = time.perf_counter()
        replay: Any = make_replay(record, names)
        seconds = time.perf_counter() - t0
        if replay is None:
            continue
        emit(f"history.replay.{name}_{len(record.moves)}_moves", "s", [seconds])
        emit(f"history.replay_size.{name}", "MiB", [len(replay.data) / 1048576], "< 10")
