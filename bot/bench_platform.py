"""``boardroom bench`` platform modes: cold start with 10,000 stored games, memory of cached
games, and ``/move`` throughput with many moves in flight, all through SimCord.

Latency of one ``/move`` is measured inside the bot, from the moment its handler starts to
the moment its board is posted (the move committed, the board drawn and sent).
"""

from __future__ import annotations

import json
import random
import resource
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from games.core import get_game
from games.core.ai import play_out

from .storage import Storage

Emit = Callable[[str, str, list[float], str | None], None]


def rss_mib() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


Rows = tuple[list[tuple[Any, ...]], list[tuple[Any, ...]], list[tuple[Any, ...]], list[Any]]


def database_rows(games: int, timed: int, most_moves: int | None = None) -> Rows:
    """The rows of ``games`` stored games (``games``, ``seats``, ``moves``, ``timers``):
    ``timed`` Masters of Commerce games in their timed negotiation (with their timer rows,
    as the bot stores them) and the rest Kenchiku games part-way through real random games
    (at most ``most_moves`` moves each, if given)."""
    ken = get_game("kenchiku")
    records = [play_out(ken, 2 + i % 3, 1000 + i)[1] for i in range(12)]
    now = datetime(2030, 1, 1, tzinfo=UTC)
    rnd = random.Random(5)
    game_rows: list[tuple[Any, ...]] = []
    seat_rows: list[tuple[Any, ...]] = []
    move_rows: list[tuple[Any, ...]] = []
    timer_rows: list[Any] = []
    for gid in range(1, games + 1):
        channel = 10_000 + gid
        if gid <= timed:
            key, seed, n, opts = "masters_of_commerce", gid, 5, {"timer": 259200}
            moves: list[tuple[int, str]] = []
            phase, started = "y1-negotiation", now.isoformat()
            timer_rows.append(
                (
                    gid,
                    "deadline",
                    "y1-negotiation",
                    now.timestamp() + 259200 + gid,
                    "[3600.0, 30.0]",
                    "Negotiation",
                )
            )
        else:
            rec = records[gid % len(records)]
            key, seed, n, opts = "kenchiku", rec.seed, rec.seats, {}
            moves = rec.moves[: rnd.randint(1, min(len(rec.moves) - 1, most_moves or 10**9))]
            phase, started = None, None
        game_rows.append(
            (
                gid,
                1,
                channel,
                key,
                get_game(key).engine_version,
                seed,
                json.dumps(opts),
                1,
                "running",
                now.isoformat(),
                now.isoformat(),
                phase,
                started,
            )
        )
        seat_rows += [(gid, s, "human", 100 + s, f"p{s}") for s in range(n)]
        move_rows += [
            (gid, i, seat, text, 100 + seat, now.isoformat(), text, "user")
            for i, (seat, text) in enumerate(moves)
        ]
    return game_rows, seat_rows, move_rows, timer_rows


async def make_database(path: Path, games: int, timed: int) -> int:
    """A SQLite database of ``database_rows(games, timed)``. Returns the number of moves."""
    storage = Storage(path)
    await storage.open()
    game_rows, seat_rows, move_rows, timer_rows = database_rows(games, timed)
    db = storage.db
    await db.executemany(
        "INSERT INTO games (id, guild_id, channel_id, game_key, engine_version, seed, options, "
        "host_id, status, created_at, updated_at, phase_key, phase_started_at) "
        "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
        game_rows,
    )
    await db.executemany(
        "INSERT INTO seats (game_id, seat, kind, user_id, display_name) VALUES (?,?,?,?,?)",
        seat_rows,
    )
    await db.executemany(
        "INSERT INTO moves (game_id, seq, seat, notation, user_id, created_at, public, actor) "
        "VALUES (?,?,?,?,?,?,?,?)",
        move_rows,
    )
    await db.executemany(
        "INSERT INTO timers (game_id, kind, key, due, warn_at, label) VALUES (?,?,?,?,?,?)",
        timer_rows,
    )
    await db.commit()
    await storage.close()
    return len(move_rows)


async def bench_cold_start(emit: Emit, games: int, timed: int) -> None:
    import simcord

    from .app import create_bot

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "cold.sqlite3"
        moves = await make_database(path, games, timed)
        print(
            json.dumps(
                {"note": f"cold start database: {games} games, {timed} timed, {moves} moves"}
            ),
            flush=True,
        )
        samples, rss, armed = [], [], []
        for _ in range(3):
            before = rss_mib()
            t0 = time.perf_counter()
            bot = create_bot(path)
            async with simcord.run(bot, check_errors=False) as _env:
                samples.append(time.perf_counter() - t0)
                rss.append(rss_mib() - before)
                armed.append(float(len(bot.services.timers.armed())))
                assert bot.manager.replays == 0
            await bot.shutdown()
        emit("platform.cold_start.ready", "s", samples, "< 3")
        emit("platform.cold_start.timers_armed", "timers", armed, None)
        emit("platform.cold_start.rss_growth", "MiB", rss, None)


async def bench_memory(emit: Emit, cached: int) -> None:
    """Per-game memory of a long Masters of Commerce game, and RSS with many games cached."""
    from .manager import GameManager

    spec = get_game("masters_of_commerce")
    state, record = play_out(spec, 11, 4, options={"roles": "", "expert": True})
    moves = len(record.moves)
    tracemalloc.start()
    snap0 = tracemalloc.take_snapshot()
    from games.core import replay

    kept = replay(record)
    snap1 = tracemalloc.take_snapshot()
    tracemalloc.stop()
    size = sum(s.size_diff for s in snap1.compare_to(snap0, "filename")) / 1024
    emit(f"platform.memory.moc_game_{moves}_moves", "KiB", [size], "< 100 at 2,000 moves")
    del kept, state
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "mem.sqlite3"
        await make_database(path, cached, 0)
        storage = Storage(path)
        await storage.open()
        manager = GameManager(storage, lambda: datetime.now(UTC), cache_size=cached)
        before = rss_mib()
        t0 = time.perf_counter()
        for gid in range(1, cached + 1):
            await manager.load(gid)
        took = time.perf_counter() - t0
        emit(f"platform.memory.rss_{cached}_games_cached", "MiB", [rss_mib() - before], None)
        emit("platform.memory.replay_per_game", "ms", [took * 1000 / cached], None)
        await storage.close()


async def bench_in_flight(
    emit: Emit, games: int, in_flight: tuple[int, ...], rounds: int, scale: float | None = None
) -> None:
    """Moves sent together (``n`` at once, one per game) through SimCord: latency and
    moves per second at each level. ``scale`` overrides the setting ``board_scale``."""
    import simcord

    from .app import create_bot
    from .settings import Settings

    with tempfile.TemporaryDirectory() as tmp:
        # one scripted host opens 50 tables at once: lift the per-user lobby cooldown
        bot = create_bot(
            Path(tmp) / "flight.sqlite3",
            settings=Settings(
                new_lobby_cooldown=(10**6, 1.0),
                board_scale=Settings.board_scale if scale is None else scale,
            ),
        )
        async with simcord.run(bot, check_errors=False) as env:
            guild = env.create_guild("bench")
            members = [guild.add_member(env.create_user(f"p{i}")) for i in range(2)]
            channels = []
            for g in range(games):
                channel = guild.create_text_channel(f"t{g}")
                await members[0].slash(channel, "game new", game="kenchiku", seed=g)
                await members[1].slash(channel, "game join")
                await members[0].slash(channel, "game start")
                channels.append(channel)
            latencies: list[float] = []
            turns = bot.services.turns
            original = turns.submit

            async def timed(*args: Any, **kwargs: Any) -> None:
                t0 = time.perf_counter()
                try:
                    await original(*args, **kwargs)
                finally:
                    latencies.append((time.perf_counter() - t0) * 1000)

            turns.submit = timed  # type: ignore[method-assign]
            rnd = random.Random(3)
            from tests.bot.together import slash_together

            for n in in_flight:
                latencies.clear()
                rates = []
                for _ in range(rounds):
                    calls = []
                    for channel in rnd.sample(channels, min(n, len(channels))):
                        live = await bot.manager.live_in_channel(channel.id)
                        if live.state.is_over():
                            continue
                        seat = min(live.state.to_act())
                        move = rnd.choice(list(live.state.legal_moves(seat))).notation
                        calls.append((members[seat], channel, "move", {"notation": move}))
                    t0 = time.perf_counter()
                    try:
                        await slash_together(env, calls)
                    except TimeoutError:  # SimCord gives up settling after 5 s
                        print(json.dumps({"note": f"{n} in flight: SimCord settle timed out"}))
                        break
                    rates.append(len(calls) / (time.perf_counter() - t0))
                emit(f"platform.in_flight_{n}.move_latency", "ms", list(latencies), None)
                emit(f"platform.in_flight_{n}.moves_per_second", "moves/s", rates, "> 35")
            print(
                json.dumps(
                    {
                        "note": f"boards drawn {bot.services.boards.drawn}, announcements "
                        f"folded {bot.services.publisher.folded}"
                    }
                ),
                flush=True,
            )
        await bot.shutdown()


async def bench_poisson(
    emit: Emit, games: int, rates: tuple[float, ...], seconds: float, scale: float | None = None
) -> None:
    """Open-loop ``/move`` arrivals through SimCord: ``games`` Kenchiku tables, moves arriving
    as a Poisson process at each rate (moves/s) for ``seconds``.

    SimCord's own operations run one at a time, so the interactions are emitted on its
    gateway directly (as ``tests.bot.together`` does) at exponentially spaced real times,
    while the bot handles earlier ones concurrently on the same event loop; SimCord settles
    once at the end of each rate. ``scale`` overrides the setting ``board_scale``. A move
    goes to a table with no move of its own in flight (its player picks a random legal move).
    Latency runs from the emit (gateway parse and dispatch included) to the end of the bot's
    handling: move committed to SQLite, board drawn and encoded, reply posted to SimCord's
    simulated HTTP. Not included: a real
    network and Discord's own latency. The driver shares the event loop and the 2 cores.
    """
    import asyncio

    import simcord

    from tests.bot.together import _payload

    from .app import create_bot
    from .settings import Settings

    with tempfile.TemporaryDirectory() as tmp:
        bot = create_bot(
            Path(tmp) / "poisson.sqlite3",
            settings=Settings(
                new_lobby_cooldown=(10**6, 1.0),
                board_scale=Settings.board_scale if scale is None else scale,
            ),
        )
        async with simcord.run(bot, check_errors=False) as env:
            guild = env.create_guild("bench")
            members = [guild.add_member(env.create_user(f"p{i}")) for i in range(2)]
            channels = []
            for g in range(games):
                channel = guild.create_text_channel(f"t{g}")
                await members[0].slash(channel, "game new", game="kenchiku", seed=g)
                await members[1].slash(channel, "game join")
                await members[0].slash(channel, "game start")
                channels.append(channel)
            turns = bot.services.turns
            original = turns.submit
            emitted: dict[int, float] = {}
            latencies: list[float] = []
            busy: set[int] = set()
            done_at: list[float] = []

            async def timed(interaction: Any, *args: Any, **kwargs: Any) -> None:
                try:
                    await original(interaction, *args, **kwargs)
                finally:
                    t0 = emitted.pop(interaction.id, None)
                    now = time.perf_counter()
                    if t0 is not None:
                        latencies.append((now - t0) * 1000)
                        done_at.append(now)
                    busy.discard(interaction.channel_id)

            turns.submit = timed  # type: ignore[method-assign]
            rnd = random.Random(7)
            for rate in rates:
                latencies.clear()
                done_at.clear()
                drawn0 = bot.services.boards.drawn
                sent = 0
                start = time.perf_counter()
                due = start
                while due - start < seconds:
                    due += rnd.expovariate(rate)
                    delay = due - time.perf_counter()
                    if delay > 0:
                        await asyncio.sleep(delay)
                    else:
                        await asyncio.sleep(0)
                    idle = [c for c in channels if c.id not in busy]
                    rnd.shuffle(idle)
                    for channel in idle:
                        live = await bot.manager.live_in_channel(channel.id)
                        if live.state.is_over():
                            continue
                        seat = min(live.state.to_act())
                        notation = rnd.choice(list(live.state.legal_moves(seat))).notation
                        record, payload = _payload(
                            members[seat], channel, "move", {"notation": notation}
                        )
                        env._notify_dispatch_observers(record)
                        busy.add(channel.id)
                        emitted[int(payload["id"])] = time.perf_counter()
                        env.backend.emit("INTERACTION_CREATE", payload)
                        sent += 1
                        break
                await env.settle(timeout=60)
                elapsed = (max(done_at) if done_at else time.perf_counter()) - start
                tag = f"{rate:g}"
                emit(
                    f"platform.poisson_{tag}.move_latency",
                    "ms",
                    list(latencies),
                    "p95 < 250 at 15/s",
                )
                emit(
                    f"platform.poisson_{tag}.moves_per_second",
                    "moves/s",
                    [len(latencies) / elapsed],
                    None,
                )
                print(
                    json.dumps(
                        {
                            "note": f"poisson {tag}/s over {games} games: {sent} sent, "
                            f"{len(latencies)} answered, boards drawn "
                            f"{bot.services.boards.drawn - drawn0}"
                        }
                    ),
                    flush=True,
                )
        await bot.shutdown()
