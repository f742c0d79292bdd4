"""``boardroom bench --only platform.ratings``: the cost of rating a finished game (read
the players' ratings, openskill update, one transaction with results and ratings, in both
scopes) and of reading a leaderboard, on a temporary database."""

from __future__ import annotations

import random
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from .services.ratings import GLOBAL, rating_changes
from .storage import ResultRow, Storage

Emit = Callable[[str, str, Sequence[float], str | None], None]


async def bench_ratings(emit: Emit, games: int, members: int = 50) -> None:
    rng = random.Random(12)
    with tempfile.TemporaryDirectory() as tmp:
        storage = Storage(Path(tmp) / "ratings.sqlite3")
        await storage.open()
        try:
            per_game: list[float] = []
            for n in range(games):
                gid = await storage.create_game(
                    guild_id=1,
                    channel_id=1 + n,  # one game per channel: an unfinished game holds it
                    game_key="bench",
                    engine_version=1,
                    seed=0,
                    options={},
                    host_id=1,
                    host_name="host",
                    now="2026-11-23T00:00:00",
                )
                users = rng.sample(range(1, members + 1), 4)
                ranks = [1, 2, 2, 4] if gid % 5 == 0 else [1, 2, 3, 4]
                began = time.perf_counter()
                changes = await rating_changes(
                    storage, (GLOBAL, 1), "bench", users, ranks, "2026-11-23T00:00:00"
                )
                results = [
                    ResultRow(
                        gid,
                        s,
                        1,
                        "bench",
                        u,
                        f"m{u}",
                        "human",
                        "finished",
                        r,
                        10 - r,
                        1,
                        "2026-11-23T00:00:00",
                    )
                    for s, (u, r) in enumerate(zip(users, ranks, strict=True))
                ]
                await storage.record_results(results, changes)
                per_game.append((time.perf_counter() - began) * 1000)
            emit("platform.ratings.rate_game", "ms", per_game, None)
            reads: list[float] = []
            for _ in range(50):
                began = time.perf_counter()
                await storage.leaderboard(GLOBAL, "bench")
                reads.append((time.perf_counter() - began) * 1000)
            emit("platform.ratings.leaderboard", "ms", reads, None)
        finally:
            await storage.close()
