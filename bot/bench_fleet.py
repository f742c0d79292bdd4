"""``boardroom bench --only platform.fleet``: PostgreSQL as the shared store (issue 22).

Needs a PostgreSQL server where it may create and drop databases: ``$BOARDROOM_BENCH_PG``
(or ``$BOARDROOM_TEST_PG``), a ``postgresql://`` URL; without one it prints a note and
measures nothing (``. .ci/postgres.sh && pg_start`` starts a throwaway server).

- ``platform.fleet.cold_start.ready``: seconds from ``create_bot`` to ready (through SimCord)
  with 100,000 stored games, 2,500 of them in a timed phase (games are never replayed at
  start-up, so each Kenchiku game stores at most 8 moves: the moves only cost loading time).
- ``platform.fleet.moves_per_second``: moves committed per second by the game manager (parse,
  apply, commit; no Discord, no boards) in 50 Kenchiku games with 50 moves in flight, on a
  SQLite file (one process, for reference) and on PostgreSQL with one process, two processes
  on 25 games each (shards), and two processes both moving in all 50 games (any process
  applies any move: the loser of each race is refused as stale).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path

Emit = Callable[[str, str, Sequence[float], str | None], None]

GAMES = 50
SKIPPED = (
    "platform.fleet skipped: set BOARDROOM_BENCH_PG to a postgresql:// URL of a server where "
    "the bench may create databases (. .ci/postgres.sh && pg_start starts one)"
)


def server() -> str | None:
    return os.environ.get("BOARDROOM_BENCH_PG") or os.environ.get("BOARDROOM_TEST_PG") or None


def _url(base: str, name: str) -> str:
    from urllib.parse import urlsplit, urlunsplit

    return urlunsplit(urlsplit(base)._replace(path="/" + name))


async def _admin(base: str, sql: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(base)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


async def load_games(url: str, games: int, timed: int) -> int:
    """Store ``bench_platform.database_rows`` in the PostgreSQL database ``url`` with COPY.
    Returns the number of moves stored."""
    from .bench_platform import database_rows
    from .storage import Storage

    game_rows, seat_rows, move_rows, timer_rows = database_rows(games, timed, most_moves=8)
    storage = Storage(url, pool_size=1)
    await storage.open()
    try:
        async with storage.database.pool.acquire() as conn:  # type: ignore[attr-defined]
            await conn.copy_records_to_table(
                "games",
                records=game_rows,
                columns=[
                    "id",
                    "guild_id",
                    "channel_id",
                    "game_key",
                    "engine_version",
                    "seed",
                    "options",
                    "host_id",
                    "status",
                    "created_at",
                    "updated_at",
                    "phase_key",
                    "phase_started_at",
                ],
            )
            await conn.execute(
                "SELECT setval(pg_get_serial_sequence('games', 'id'), (SELECT MAX(id) FROM games))"
            )
            await conn.copy_records_to_table(
                "seats",
                records=seat_rows,
                columns=["game_id", "seat", "kind", "user_id", "display_name"],
            )
            await conn.copy_records_to_table(
                "moves",
                records=move_rows,
                columns=[
                    "game_id",
                    "seq",
                    "seat",
                    "notation",
                    "user_id",
                    "created_at",
                    "public",
                    "actor",
                ],
            )
            await conn.copy_records_to_table(
                "timers",
                records=timer_rows,
                columns=["game_id", "kind", "key", "due", "warn_at", "label"],
            )
            await conn.execute("ANALYZE")
    finally:
        await storage.close()
    return len(move_rows)


async def bench_cold_start(emit: Emit, games: int, timed: int, rounds: int) -> None:
    """``platform.fleet.cold_start``: see the module's docstring."""
    from .bench_platform import note, simulated

    base = server()
    if base is None:
        note(SKIPPED)
        return
    name = "br_bench_" + uuid.uuid4().hex[:12]
    await _admin(base, f'CREATE DATABASE "{name}"')
    try:
        url = _url(base, name)
        t0 = time.perf_counter()
        moves = await load_games(url, games, timed)
        note(
            f"fleet cold start database: {games} games, {timed} timed, {moves} moves, "
            f"loaded in {time.perf_counter() - t0:.1f} s; machine load "
            + " ".join(f"{x:.1f}" for x in os.getloadavg())
        )
        samples, armed = [], []
        for _ in range(rounds):
            t0 = time.perf_counter()
            async with simulated(url) as (bot, _env):  # type: ignore[arg-type]
                samples.append(time.perf_counter() - t0)
                armed.append(float(len(bot.services.timers.armed())))
                if bot.manager.replays:
                    raise RuntimeError(f"cold start replayed {bot.manager.replays} games")
        emit("platform.fleet.cold_start.ready", "s", samples, "< 3")
        emit("platform.fleet.cold_start.timers_armed", "timers", armed, None)
    finally:
        await _admin(base, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def new_games(target: str, count: int) -> list[int]:
    """``count`` started two-player Kenchiku games; returns their ids."""
    from .manager import GameManager
    from .storage import Storage

    storage = Storage(target, pool_size=2)
    await storage.open()
    try:
        manager = GameManager(storage, lambda: datetime.now(UTC))
        ids = []
        for channel in range(1, count + 1):
            await manager.new_lobby(
                guild_id=1,
                channel_id=channel,
                game_key="kenchiku",
                options={},
                seed=channel,
                host_id=100,
                host_name="p0",
            )
            await manager.join(channel, 101, "p1")
            ids.append((await manager.start(channel, 100)).id)
        return ids
    finally:
        await storage.close()


async def worker(target: str, games: list[int], rounds: int, seed: int) -> dict[str, float]:
    """``rounds`` rounds of one random legal move in each of ``games`` at once; returns the
    moves committed, the stale refusals and the seconds taken."""
    from games.core import GameError

    from .manager import GameManager
    from .storage import Storage

    storage = Storage(target, pool_size=20)
    await storage.open()
    manager = GameManager(storage, lambda: datetime.now(UTC))
    rnd = random.Random(seed)
    done = refused = 0

    async def move(gid: int) -> None:
        nonlocal done, refused
        live = await manager.load(gid)
        if live.row.status != "running":
            return
        seat = min(live.state.to_act())
        notation = rnd.choice(list(live.state.legal_moves(seat))).notation
        try:
            await manager.play(gid, 100 + seat, notation, expected_seq=live.seq)
            done += 1
        except GameError:
            refused += 1

    for gid in games:  # replay each game once before the clock starts
        await manager.load(gid)
    t0 = time.perf_counter()
    for _ in range(rounds):
        await asyncio.gather(*(move(gid) for gid in games))
    took = time.perf_counter() - t0
    await storage.close()
    return {"moves": done, "refused": refused, "seconds": took}


def _spawn(target: str, games: list[int], rounds: int, seed: int) -> subprocess.Popen[str]:
    args = (str(rounds), str(seed))
    return subprocess.Popen(
        [sys.executable, "-m", "bot.bench_fleet", target, ",".join(map(str, games)), *args],
        stdout=subprocess.PIPE,
        text=True,
    )


async def run_processes(target: str, plan: list[list[int]], rounds: int) -> tuple[float, int]:
    """One process per entry of ``plan`` (its games), all at once: returns the moves per
    second of the fleet (all moves over the longest process's time) and the refusals."""
    procs = [_spawn(target, games, rounds, n) for n, games in enumerate(plan)]
    results = []
    for proc in procs:
        out, _ = await asyncio.to_thread(proc.communicate)
        results.append(json.loads(out.strip().splitlines()[-1]))
    moves = sum(r["moves"] for r in results)
    return moves / max(r["seconds"] for r in results), sum(r["refused"] for r in results)


async def bench_throughput(emit: Emit, games_count: int, rounds: int, repeats: int) -> None:
    """``platform.fleet.moves_per_second``: see the module's docstring."""
    from .bench_platform import note

    base = server()
    if base is None:
        note(SKIPPED)
        return
    note("fleet throughput: machine load " + " ".join(f"{x:.1f}" for x in os.getloadavg()))
    half = games_count // 2
    with tempfile.TemporaryDirectory() as tmp:
        cases: list[tuple[str, str, Callable[[list[int]], list[list[int]]]]] = [
            ("sqlite_1_process", str(Path(tmp) / "fleet.sqlite3"), lambda g: [g]),
            ("postgresql_1_process", "", lambda g: [g]),
            (f"postgresql_2_processes_{half}_games_each", "", lambda g: [g[:half], g[half:]]),
            (f"postgresql_2_processes_same_{games_count}_games", "", lambda g: [g, g]),
        ]
        for label, target, split in cases:
            rates, refusals = [], 0
            for n in range(repeats):
                name = None
                if not target or n:
                    if target.endswith(".sqlite3"):
                        for suffix in ("", "-wal", "-shm"):
                            Path(target + suffix).unlink(missing_ok=True)
                    else:
                        name = "br_bench_" + uuid.uuid4().hex[:12]
                        await _admin(base, f'CREATE DATABASE "{name}"')
                where = target if name is None else _url(base, name)
                try:
                    games = await new_games(where, games_count)
                    rate, refused = await run_processes(where, split(games), rounds)
                    rates.append(rate)
                    refusals += refused
                finally:
                    if name is not None:
                        await _admin(base, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            emit(f"platform.fleet.moves_per_second.{label}", "moves/s", rates, None)
            if refusals:
                note(f"{label}: {refusals} stale moves refused")


if __name__ == "__main__":  # a worker process of bench_throughput
    target, ids, rounds, seed = sys.argv[1:5]
    result = asyncio.run(worker(target, [int(i) for i in ids.split(",")], int(rounds), int(seed)))
    print(json.dumps(result), flush=True)
