"""``boardroom bench --only platform.timers``: the timers table with 10,000 armed timers
(turn clocks and reminders of 5,000 clocked Kenchiku games).

- ``platform.timers.arm``: reading every timer row and arming it at start-up (one query, no
  replay), seconds for all 10,000.
- ``platform.timers.lateness``: real-time lateness of fired timers (from due time to the
  moment the scheduler hands the timer to its handler) while all 10,000 stay armed, the
  loop is kept busy (a coroutine holding it 20 ms out of every 50 ms, like synchronous work
  between awaits) and 200 timers a second are re-armed (moves moving clocks).
- ``platform.timers.timeout``: what one fired time-out then costs: replaying the game if it
  is not cached, and playing and committing its default move with the clock update.
"""

from __future__ import annotations

import asyncio
import json
import random
import tempfile
import time
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from games.core import get_game
from games.core.ai import play_out

from .bench_platform import Emit
from .manager import GameManager
from .services.clocks import TimeControl, settle
from .services.events import TimerDue
from .services.timers import Timers
from .storage import Storage, TimerRow


class _Client:
    """Stands in for the bot (what ``Timers`` needs of a ``discord.Client``;
    ``bot.clock.sleep`` waits on it) and records how late each timer's ``timer_due`` event
    was raised (the event that reaches ``Clocks``)."""

    def __init__(self) -> None:
        self.late: list[float] = []

    async def wait_until_ready(self) -> None:
        return None

    async def wait_for(self, _event: str, *, check: Any = None, timeout: float) -> None:
        await asyncio.wait_for(asyncio.get_running_loop().create_future(), timeout)

    def dispatch(self, event: str, /, *args: Any) -> None:
        for arg in args:
            if isinstance(arg, TimerDue):
                self.late.append(time.time() - arg.row.due)


async def make_clocked(path: Path, games: int, now: float) -> None:
    """``games`` running Kenchiku games part-way through, each with a 24-hour move clock
    running for its player to act (a clock and a reminder timer row each)."""
    storage = Storage(path)
    await storage.open()
    ken = get_game("kenchiku")
    records = [play_out(ken, 2 + i % 3, 1000 + i)[1] for i in range(12)]
    tc = json.dumps(TimeControl("move", 86400.0).to_json())
    rnd = random.Random(9)
    iso = datetime.fromtimestamp(now, UTC).isoformat()
    games_rows, seats, moves, clocks, timers = [], [], [], [], []
    for gid in range(1, games + 1):
        rec = records[gid % len(records)]
        cut = rnd.randint(1, len(rec.moves) - 1)
        games_rows.append(
            (gid, 1, 10_000 + gid, "kenchiku", ken.engine_version, rec.seed, "{}", 100,
             "running", iso, iso, tc)
        )  # fmt: skip
        seats += [(gid, s, "human", 100 + s, f"p{s}") for s in range(rec.seats)]
        moves += [
            (gid, i, seat, text, 100 + seat, iso, text, "user")
            for i, (seat, text) in enumerate(rec.moves[:cut])
        ]
        since = now - rnd.uniform(0, 43000)  # every reminder and clock still ahead
        clocks.append((gid, 0, 86400.0, since))
        timers.append((gid, "clock", f"t0@{since:.3f}", since + 86400, "[]", "p0"))
        timers.append((gid, "reminder", f"r0@{since:.3f}:1", since + 43200, "[]", "p0"))
    db = storage.db
    await db.executemany(
        "INSERT INTO games (id, guild_id, channel_id, game_key, engine_version, seed, options, "
        "host_id, status, created_at, updated_at, time_control) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
        games_rows,
    )
    await db.executemany(
        "INSERT INTO seats (game_id, seat, kind, user_id, display_name) VALUES (?,?,?,?,?)",
        seats,
    )
    await db.executemany(
        "INSERT INTO moves (game_id, seq, seat, notation, user_id, created_at, public, actor) "
        "VALUES (?,?,?,?,?,?,?,?)",
        moves,
    )
    await db.executemany(
        "INSERT INTO seat_clocks (game_id, seat, bank, since) VALUES (?,?,?,?)", clocks
    )
    await db.executemany(
        "INSERT INTO timers (game_id, kind, key, due, warn_at, label) VALUES (?,?,?,?,?,?)",
        timers,
    )
    await db.commit()
    await storage.close()


async def _busy(stop: asyncio.Event) -> None:
    while not stop.is_set():
        end = time.perf_counter() + 0.020
        while time.perf_counter() < end:
            pass
        await asyncio.sleep(0.030)


async def _churn(timers: Timers, rows: list[TimerRow], stop: asyncio.Event) -> None:
    rnd = random.Random(3)
    while not stop.is_set():
        for _ in range(20):
            row = rnd.choice(rows)
            timers.arm(replace(row, key=row.key + "'", due=row.due + 1.0))
        await asyncio.sleep(0.1)


async def bench_timers(emit: Emit, games: int, fired: int, window: float, timeouts: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "timers.sqlite3"
        await make_clocked(path, games, time.time())
        storage = Storage(path)
        await storage.open()
        manager = GameManager(storage, lambda: datetime.now(UTC), cache_size=64, clock_hook=settle)
        client: Any = _Client()
        arm: list[float] = []
        armed = 0
        for _ in range(3):
            timers = Timers(client, manager, storage, publisher=None, now=time.time)  # type: ignore[arg-type]
            t0 = time.perf_counter()
            armed = await timers.arm_all()
            arm.append(time.perf_counter() - t0)
            timers.cancel_all()
        print(json.dumps({"note": f"timers bench: {armed} armed timers, {games} games"}))
        emit("platform.timers.arm", "s", arm, None)

        # lateness: all rows armed; `fired` of them due within `window` seconds from now
        timers = Timers(client, manager, storage, publisher=None, now=time.time)  # type: ignore[arg-type]
        client.late.clear()
        rows = await storage.timers()
        start = time.time() + 1.0
        rnd = random.Random(7)
        soon = set(rnd.sample(range(len(rows)), fired))
        plan = [
            replace(r, due=start + rnd.uniform(0, window)) if i in soon else r
            for i, r in enumerate(rows)
        ]
        churned = [r for i, r in enumerate(plan) if i not in soon]
        for r in plan:
            timers.arm(r)
        stop = asyncio.Event()
        load = [
            asyncio.create_task(_busy(stop)),
            asyncio.create_task(_churn(timers, churned, stop)),
        ]
        await asyncio.sleep(window + 2.0)
        stop.set()
        await asyncio.gather(*load)
        timers.cancel_all()
        emit("platform.timers.lateness", "ms", [x * 1000 for x in client.late], None)

        # a fired time-out: replay (cold) and the committed default move with its clocks
        replay_s, commit_s = [], []
        for gid in rnd.sample(range(1, games + 1), timeouts):
            t0 = time.perf_counter()
            live = await manager.load(gid)
            t1 = time.perf_counter()
            seat = min(live.state.waiting_for())
            await manager.timeout(gid, seat, lambda _live: True)
            t2 = time.perf_counter()
            replay_s.append((t1 - t0) * 1000)
            commit_s.append((t2 - t1) * 1000)
        emit("platform.timers.timeout_replay", "ms", replay_s, None)
        emit("platform.timers.timeout_commit", "ms", commit_s, None)
        await storage.close()
