"""``boardroom bench --only history``: the game-over replay of one game of each kind — seconds
to replay, draw and encode it (``history.replay.<game>``) and its size
(``history.replay_size.<game>``, MiB; Discord's limit is 10 MiB).

Games: the longest test fixture of each game, and a random 11-player Masters of Commerce
game (the largest table; no fixture has 11 players).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from games.core import GameRecord, get_game

from .services.replays import make_replay

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "fixtures"
GAMES = (
    ("kenchiku", "v2_4p_mixed.json"),
    ("carnegie", "4p_base.json"),
    ("food_chain_magnate", "5p.json"),
    ("philadelphia", "ai_4p.json"),
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


def records() -> list[tuple[str, GameRecord]]:
    out = []
    for key, name in GAMES:
        path = FIXTURES / key / name
        if path.exists():
            data = json.loads(path.read_text(encoding="utf-8"))
            record = GameRecord.from_dict(data)
            out.append((f"{key}_{record.seats}p", record))
    out.append(("masters_of_commerce_11p", random_record("masters_of_commerce", 11, 11)))
    return out


def bench_replays(emit: Emit, quick: bool = False) -> None:
    chosen: Sequence[tuple[str, GameRecord]] = records()
    if quick:
        chosen = chosen[-1:]
    for name, record in chosen:
        names = [f"player {i + 1}" for i in range(record.seats)]
        t0 = time.perf_counter()
        replay: Any = make_replay(record, names)
        seconds = time.perf_counter() - t0
        if replay is None:
            continue
        emit(f"history.replay.{name}_{len(record.moves)}_moves", "s", [seconds])
        emit(f"history.replay_size.{name}", "MiB", [len(replay.data) / 1048576], "< 10")
