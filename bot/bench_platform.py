"""``boardroom bench`` platform modes: cold start with 10,000 stored games, memory of cached
games, and ``/move`` through the whole bot in a simulated Discord (SimCord): one move at a
time, many in flight, and moves arriving at random (Poisson) times.

Latency of one ``/move`` is measured inside the bot, from the moment its handler starts (or
the interaction is emitted, for the Poisson mode) to the moment its handling ends (the move
committed, the board drawn, encoded and posted to SimCord's simulated HTTP).

Every bot runs inside ``simulated``, which always stops it as ``boardroom run`` does (cogs,
timers, render pool, the database's worker thread), whatever happens; SimCord waits up to
``bot.simtools.SETTLE`` for the bot to settle, so a slow machine gives slow figures rather
than a time-out.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import random
import resource
import tempfile
import time
import tracemalloc
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from games.core import get_game
from games.core.ai import play_out

from .settings import Settings
from .simtools import SETTLE, emit_slash
from .storage import Storage

Emit = Callable[[str, str, Sequence[float], str | None], None]

BENCH = Settings(
    new_lobby_cooldown=(10**6, 1.0),  # one scripted host opens every table
    public_board_cooldown=(10**6, 1.0),
    autocomplete_rate=(10**6, 1.0),
    ai_pause=0.0,
    alive_every=0.0,
)
"""The bot's settings in the benches: the default ones, without the per-member cooldowns (a
scripted player acts far faster than people) and the AI's pause."""


def note(text: str) -> None:
    print(json.dumps({"note": text}), flush=True)


@contextlib.contextmanager
def identity_callbacks() -> Iterator[None]:
    """SimCord's records of pending event-loop callbacks compared by identity for the block.

    SimCord (3.2.1) keeps every callback the bot schedules in one list and removes each with
    ``list.remove`` when it runs (``simcord._runtime`` ``invoke``). Its ``_CallbackRecord``
    is a ``@dataclass``, whose generated ``__eq__`` compares every field in Python, so each
    removal costs one Python comparison per callback still pending: quadratic once a backlog
    forms (at 50 moves/s, 3.9 million comparisons and a quarter of the main thread's CPU in
    a 12 s profile). That is the simulated Discord's bookkeeping, not the bot's work; a real
    gateway has none of it. Without the generated ``__eq__`` the class compares as
    ``object`` does, by identity, in C. Removal finds the same record as before: each record
    holds its own handle, whose callback is a closure made for that record alone, so two
    distinct records never compared equal anyway. Only the benches do this, only inside
    ``simulated``; the test suite runs SimCord as it is."""
    from simcord import _runtime

    record = _runtime._CallbackRecord
    generated = record.__dict__.get("__eq__")
    if generated is not None:
        delattr(record, "__eq__")
    try:
        yield
    finally:
        if generated is not None:
            record.__eq__ = generated  # type: ignore[method-assign]


@contextlib.asynccontextmanager
async def simulated(path: Path, *, scale: float | None = None) -> AsyncIterator[tuple[Any, Any]]:
    """``(bot, env)``: the bot on database ``path`` attached to a simulated Discord, stopped
    on the way out, also after an error, as ``boardroom run`` stops it (``Boardroom.close``:
    the cogs unloaded, so the summaries' replay thread ends, then timers, render pool and
    database). ``scale`` overrides the setting ``board_scale``. SimCord's callback records
    compare by identity inside (``identity_callbacks``)."""
    import simcord

    from .app import create_bot

    settings = BENCH if scale is None else replace(BENCH, board_scale=scale)
    bot = create_bot(path, settings=settings)
    with identity_callbacks():
        try:
            async with simcord.run(bot, check_errors=False, settle_timeout=SETTLE) as env:
                yield bot, env
        finally:
            await bot.close()


async def open_tables(
    env: Any, key: str, tables: int, seats: int, *, options: str = ""
) -> tuple[list[Any], list[Any]]:
    """``tables`` running games of ``key`` (seeds 0, 1, ...), each in its own channel with
    the same ``seats`` members; returns ``(members, channels)``."""
    guild = env.create_guild("bench")
    members = [guild.add_member(env.create_user(f"p{i}")) for i in range(seats)]
    channels = []
    for g in range(tables):
        channel = guild.create_text_channel(f"t{g}")
        extra = {"options": options} if options else {}
        r = await members[0].slash(channel, "game new", game=key, seed=g, **extra)
        if r.ephemeral:
            raise RuntimeError(f"/game new {key} was refused: {r.response.content}")
        for m in members[1:]:
            await m.slash(channel, "game join")
        await members[0].slash(channel, "game start")
        channels.append(channel)
    return members, channels


class Submits:
    """The milliseconds each ``/move`` spends in the bot's ``Turns.submit`` (``latencies``),
    and a wait until a number of them have ended (``handled``)."""

    def __init__(self, bot: Any) -> None:
        self.latencies: list[float] = []
        self.ended = 0
        self._wanted = 0
        self._reached = asyncio.Event()
        turns = bot.services.turns
        original = turns.submit

        async def timed(*args: Any, **kwargs: Any) -> None:
            t0 = time.perf_counter()
            try:
                await original(*args, **kwargs)
            finally:
                self.latencies.append((time.perf_counter() - t0) * 1000)
                self.ended += 1
                if self.ended >= self._wanted:
                    self._reached.set()

        turns.submit = timed

    async def handled(self, count: int) -> None:
        """Return once ``count`` submits have ended in all (``SETTLE`` s at most: a hang
        detector, not a speed limit)."""
        self._wanted = count
        self._reached.clear()
        if self.ended < count:
            await asyncio.wait_for(self._reached.wait(), SETTLE)


async def move_together(env: Any, submits: Submits, calls: list[tuple[Any, Any, str, Any]]) -> None:
    """``calls`` (``(member, channel, "move", options)``) emitted together; returns once the
    bot has handled every one (each move committed and its board posted) and SimCord has
    settled what followed.

    Unlike ``bot.simtools.slash_together`` (emit, then settle), SimCord settles once, after
    the bot has handled every move: while it settles, SimCord rescans every pending task
    whenever one ends, which with 50 moves in flight cost more CPU than the bot's own work
    (docs/architecture.md, "Where a move's CPU goes"). That is the simulated Discord's
    overhead, not the bot's, so the bench keeps it out of the bot's figures."""
    wanted = submits.ended + len(calls)
    for call in calls:
        emit_slash(env, *call)
    await submits.handled(wanted)
    await env.settle()


class CpuPerMove:
    """CPU milliseconds per move of the bot's process (``main``: the event loop with the
    simulated Discord and the bench's driver, SQLite's thread, everything but drawing) and of
    its render workers (``render``: drawing, encoding, describing boards), over a span of
    moves: figures that stay comparable on a loaded machine, where moves per second do not.
    ``time.process_time`` of this process; the workers report their own CPU per board
    (``Boards.cpu``)."""

    def __init__(self, bot: Any) -> None:
        self.boards = bot.services.boards
        self.main: list[float] = []
        self.render: list[float] = []
        self.start()

    def start(self) -> None:
        self._cpu, self._render = time.process_time(), self.boards.cpu

    def stop(self, moves: int) -> None:
        """End the span (``moves`` moves) and start the next."""
        render = self.boards.cpu - self._render
        main = time.process_time() - self._cpu
        if not self.boards.processes:  # drawn in this process's threads
            main -= render
        if moves:
            self.main.append(main * 1000 / moves)
            self.render.append(render * 1000 / moves)
        self.start()

    def emit(self, emit: Emit, prefix: str) -> None:
        emit(f"{prefix}.cpu_main_per_move", "ms", self.main, None)
        emit(f"{prefix}.cpu_render_per_move", "ms", self.render, None)
        self.main, self.render = [], []


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


async def bench_cold_start(emit: Emit, games: int, timed: int, rounds: int = 3) -> None:
    """Seconds from creating the bot on a database of ``games`` stored games (``timed`` of
    them in a timed phase) until it is ready, timers armed, with nothing replayed."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "cold.sqlite3"
        moves = await make_database(path, games, timed)
        note(f"cold start database: {games} games, {timed} timed, {moves} moves")
        samples, rss, armed = [], [], []
        for _ in range(rounds):
            before = rss_mib()
            t0 = time.perf_counter()
            async with simulated(path) as (bot, _env):
                samples.append(time.perf_counter() - t0)
                rss.append(rss_mib() - before)
                armed.append(float(len(bot.services.timers.armed())))
                if bot.manager.replays:
                    raise RuntimeError(f"cold start replayed {bot.manager.replays} games")
        emit("platform.cold_start.ready", "s", samples, "< 1")
        emit("platform.cold_start.timers_armed", "timers", armed, None)
        emit("platform.cold_start.rss_growth", "MiB", rss, None)


async def bench_memory(emit: Emit, cached: int) -> None:
    """Per-game memory of a long Masters of Commerce game, and RSS with many games cached."""
    from games.core import replay

    from .manager import GameManager

    spec = get_game("masters_of_commerce")
    state, record = play_out(spec, 11, 4, options={"roles": "", "expert": True})
    moves = len(record.moves)
    tracemalloc.start()
    snap0 = tracemalloc.take_snapshot()
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
        try:
            manager = GameManager(storage, lambda: datetime.now(UTC), cache_size=cached)
            before = rss_mib()
            t0 = time.perf_counter()
            for gid in range(1, cached + 1):
                await manager.load(gid)
            took = time.perf_counter() - t0
        finally:
            await storage.close()
        emit(f"platform.memory.rss_{cached}_games_cached", "MiB", [rss_mib() - before], None)
        emit("platform.memory.replay_per_game", "ms", [took * 1000 / cached], None)


def random_move(live: Any, rnd: random.Random) -> tuple[int, str]:
    """A random legal move of the first seat to act: ``(seat, notation)``."""
    seat = min(live.state.to_act())
    return seat, rnd.choice(list(live.state.legal_moves(seat))).notation


async def bench_in_flight(
    emit: Emit, games: int, in_flight: tuple[int, ...], rounds: int, scale: float | None = None
) -> None:
    """Moves sent together (``n`` at once, one per Kenchiku game) through SimCord: latency
    and moves per second at each level. ``scale`` overrides the setting ``board_scale``."""
    with tempfile.TemporaryDirectory() as tmp:
        async with simulated(Path(tmp) / "flight.sqlite3", scale=scale) as (bot, env):
            members, channels = await open_tables(env, "kenchiku", games, 2)
            submits = Submits(bot)
            latencies = submits.latencies
            rnd = random.Random(3)
            cpu = CpuPerMove(bot)
            for n in in_flight:
                latencies.clear()
                rates = []
                for _ in range(rounds):
                    calls = []
                    for channel in rnd.sample(channels, min(n, len(channels))):
                        live = await bot.manager.live_in_channel(channel.id)
                        if live.state.is_over():
                            continue
                        seat, move = random_move(live, rnd)
                        calls.append((members[seat], channel, "move", {"notation": move}))
                    t0 = time.perf_counter()
                    cpu.start()
                    await move_together(env, submits, calls)
                    rates.append(len(calls) / (time.perf_counter() - t0))
                    cpu.stop(len(calls))
                emit(f"platform.in_flight_{n}.move_latency", "ms", list(latencies), None)
                emit(
                    f"platform.in_flight_{n}.moves_per_second",
                    "moves/s",
                    rates,
                    ">= 80" if n == 50 else None,
                )
                cpu.emit(emit, f"platform.in_flight_{n}")
            note(
                f"boards drawn {bot.services.boards.drawn}, announcements folded "
                f"{bot.services.publisher.folded}"
            )


POISSON_TARGETS = {25.0: "p95 < 100", 50.0: "p95 < 250"}

STAGES = ("dispatch", "commit", "to_draw", "draw", "post", "after_post")
"""Where a ``/move``'s time goes in the Poisson mode (``Stages``), in order: ``dispatch``
(emitted on SimCord's gateway -> ``Turns.submit`` starts: the payload's parse, discord.py's
dispatch and command tree, the cog's checks), ``commit`` (-> ``GameManager.play`` returns:
validate, apply, digest, the SQLite transaction, its wait for the connection included),
``to_draw`` (-> the render pool is asked for the board: the answer's defer, notices, the
publisher's per-game queue), ``draw`` (-> the board is back: the render pool's queue, drawing
and encoding), ``post`` (-> the follow-up with the board is posted to SimCord's HTTP) and
``after_post`` (-> ``submit`` ends: the previous board's buttons removed, the new board's
message id stored). A move that posts no board of its own (a line only, or folded behind a
newer move) has no ``to_draw`` or ``draw``: that time counts in ``post``."""


class Stages:
    """Per-move stage times of the ``/move``s of ``bot`` (``STAGES``), in milliseconds,
    taken by wrapping the bot's services on this instance only (``Turns.submit`` is wrapped
    by the caller, which calls ``submitted`` and ``ended``). Also, for SQLite's one
    connection, each save's or read's wait for its lock (``db_lock_wait``) and how long it
    held it (``db_lock_hold``), and each hop to its thread: waiting there behind other hops
    (``db_queue``), running (``db_run``: SQLite, a commit's fsync included) and the event
    loop coming round to the answer (``db_back``); for the render pool, a board's wait for a
    worker (``render_wait``) and the worker's own wall time (``render_work``)."""

    def __init__(self, bot: Any) -> None:
        self.stamps: dict[int, dict[str, float]] = {}
        self.waits: dict[str, list[float]] = {
            name: []
            for name in (
                "db_lock_wait",
                "db_lock_hold",
                "db_queue",
                "db_run",
                "db_back",
                "render_wait",
                "render_work",
            )
        }
        self._moves: dict[tuple[int, int], int] = {}  # (game, moves applied) -> interaction
        self._current: contextvars.ContextVar[int | None] = contextvars.ContextVar(
            "bench_interaction", default=None
        )
        services = bot.services
        manager, boards, publisher = services.manager, services.boards, services.publisher
        play, draw, post = manager.play, boards.draw, publisher._post

        async def timed_play(*args: Any, **kwargs: Any) -> Any:
            result = await play(*args, **kwargs)
            interaction = self._current.get()
            if interaction is not None:
                self.stamp(interaction, "commit")
                self._moves[(result.live.id, result.seq + 1)] = interaction
            return result

        async def timed_draw(game_key: str, game_id: int, seq: int, *a: Any, **k: Any) -> Any:
            self._stamp_move(game_id, seq, "to_draw")
            try:
                return await draw(game_key, game_id, seq, *a, **k)
            finally:
                self._stamp_move(game_id, seq, "draw")

        async def timed_post(job: Any, *args: Any, **kwargs: Any) -> Any:
            try:
                return await post(job, *args, **kwargs)
            finally:
                self._stamp_move(job.game_id, job.seq, "post")

        manager.play, boards.draw, publisher._post = timed_play, timed_draw, timed_post
        boards.on_board = self._board
        database = bot.storage.database
        if hasattr(database, "_lock"):  # SQLite: its one connection, its thread
            database._lock = _TimedLock(self.waits["db_lock_wait"], self.waits["db_lock_hold"])
            connection = database.connection
            connection._tx = _TimedQueue(
                connection._tx, self.waits["db_queue"], self.waits["db_run"], self.waits["db_back"]
            )

    def _board(self, waited: float, worked: float) -> None:
        self.waits["render_wait"].append(waited * 1000)
        self.waits["render_work"].append(worked * 1000)

    def stamp(self, interaction: int, stage: str) -> None:
        self.stamps.setdefault(interaction, {})[stage] = time.perf_counter()

    def _stamp_move(self, game_id: int, seq: int, stage: str) -> None:
        """The first time only: the same board may be drawn again later (a game's final
        board for its summary), after its move was posted."""
        interaction = self._moves.get((game_id, seq))
        if interaction is not None and stage not in self.stamps.get(interaction, {}):
            self.stamp(interaction, stage)

    def submitted(self, interaction: int, emitted: float) -> None:
        """``interaction``'s handler starts (it was emitted at ``emitted``): the stages that
        follow, in this task, are its own."""
        self.stamps[interaction] = {"emit": emitted}
        self.stamp(interaction, "dispatch")
        self._current.set(interaction)

    def ended(self, interaction: int, at: float) -> None:
        """``interaction``'s handler ended at ``at`` (``time.perf_counter``)."""
        self.stamps.setdefault(interaction, {})["after_post"] = at

    def segments(self) -> dict[int, dict[str, float]]:
        """Milliseconds of each stage per finished move (a missing stamp: 0 ms, its time
        counted in the next stage)."""
        out: dict[int, dict[str, float]] = {}
        for interaction, stamps in self.stamps.items():
            if "after_post" not in stamps:
                continue
            last = stamps["emit"]
            out[interaction] = {}
            for stage in STAGES:
                at = stamps.get(stage, last)
                out[interaction][stage] = (at - last) * 1000
                last = at
        return out

    def clear(self) -> None:
        self.stamps.clear()
        self._moves.clear()
        for samples in self.waits.values():
            samples.clear()

    def emit(self, emit: Emit, prefix: str) -> None:
        """Each stage's and wait's figures, the latency up to ``post`` (``move_posted``:
        what the player waits for; ``move_latency`` also counts ``after_post``), then a
        note: the mean of each stage over the slowest 5 % of moves (what a p95 move is made
        of)."""
        segments = list(self.segments().values())
        for stage in STAGES:
            emit(f"{prefix}.stage.{stage}", "ms", [s[stage] for s in segments], None)
        # what the player waits for: until the board (or the move's line) is posted
        posted = [sum(s[k] for k in STAGES[: STAGES.index("post") + 1]) for s in segments]
        emit(f"{prefix}.move_posted", "ms", posted, None)
        for name, samples in self.waits.items():
            emit(f"{prefix}.{name}", "ms", list(samples), None)
        if segments:
            totals = sorted(sum(s.values()) for s in segments)
            cut = totals[int(0.95 * (len(totals) - 1))]
            slow = [s for s in segments if sum(s.values()) >= cut]
            mean = {k: round(sum(s[k] for s in slow) / len(slow), 1) for k in STAGES}
            note(f"{prefix}: the slowest {len(slow)} moves (>= {cut:.0f} ms), mean ms: {mean}")
        self.clear()


class _TimedLock(asyncio.Lock):
    """An ``asyncio.Lock`` that records each wait to acquire it and each hold (ms)."""

    def __init__(self, waits: list[float], holds: list[float]) -> None:
        super().__init__()
        self._waits, self._holds, self._since = waits, holds, 0.0

    async def acquire(self) -> Literal[True]:
        t0 = time.perf_counter()
        await super().acquire()
        self._since = time.perf_counter()
        self._waits.append((self._since - t0) * 1000)
        return True

    def release(self) -> None:
        self._holds.append((time.perf_counter() - self._since) * 1000)
        super().release()


class _TimedQueue:
    """aiosqlite's queue of work for its connection's thread, as the event loop puts work on
    it, timing each piece (ms): its wait in the queue, its run on the thread, and the loop
    coming round to its answer."""

    def __init__(
        self, queue: Any, queued: list[float], ran: list[float], back: list[float]
    ) -> None:
        self._queue, self._queued, self._ran, self._back = queue, queued, ran, back

    def put_nowait(self, item: Any) -> None:
        if not isinstance(item, tuple):  # aiosqlite < 0.22's stop sentinel
            self._queue.put_nowait(item)
            return
        future, function = item
        t0 = time.perf_counter()
        times: list[float] = []

        def run() -> Any:
            times.append(time.perf_counter())
            try:
                return function()
            finally:
                times.append(time.perf_counter())

        def answered(_: Any) -> None:
            if len(times) == 2:
                self._queued.append((times[0] - t0) * 1000)
                self._ran.append((times[1] - times[0]) * 1000)
                self._back.append((time.perf_counter() - times[1]) * 1000)

        if future is not None:
            future.add_done_callback(answered)
        self._queue.put_nowait((future, run))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._queue, name)


class LoopLag:
    """How late the event loop runs a callback that asks to run every ``every`` seconds
    (milliseconds): a busy loop's queue, which every stage above waits in."""

    def __init__(self, every: float = 0.01) -> None:
        self.every = every
        self.lags: list[float] = []
        self._task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        while True:
            t0 = time.perf_counter()
            await asyncio.sleep(self.every)
            self.lags.append((time.perf_counter() - t0 - self.every) * 1000)

    def start(self) -> None:
        self.lags.clear()
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> list[float]:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        return list(self.lags)


async def bench_poisson(
    emit: Emit, games: int, rates: tuple[float, ...], seconds: float, scale: float | None = None
) -> None:
    """Open-loop ``/move`` arrivals through SimCord: ``games`` Kenchiku tables, moves arriving
    as a Poisson process at each rate (moves/s) for ``seconds``.

    SimCord's own operations run one at a time, so the interactions are emitted on its
    gateway directly (``bot.simtools.emit_slash``) at exponentially spaced real times,
    while the bot handles earlier ones concurrently on the same event loop; SimCord settles
    once at the end of each rate. ``scale`` overrides the setting ``board_scale``. A move
    goes to a table with no move of its own in flight (its player picks a random legal move).
    Latency runs from the emit (gateway parse and dispatch included) to the end of the bot's
    handling: move committed to SQLite, board drawn and encoded, reply posted to SimCord's
    simulated HTTP. Not included: a real network and Discord's own latency. The driver
    shares the event loop and the CPU.
    """
    with tempfile.TemporaryDirectory() as tmp:
        async with simulated(Path(tmp) / "poisson.sqlite3", scale=scale) as (bot, env):
            members, channels = await open_tables(env, "kenchiku", games, 2)
            turns = bot.services.turns
            original = turns.submit
            emitted: dict[int, float] = {}
            latencies: list[float] = []
            busy: set[int] = set()
            done_at: list[float] = []

            stages = Stages(bot)
            lag = LoopLag()

            async def timed(interaction: Any, *args: Any, **kwargs: Any) -> None:
                if interaction.id in emitted:
                    stages.submitted(interaction.id, emitted[interaction.id])
                try:
                    await original(interaction, *args, **kwargs)
                finally:
                    t0 = emitted.pop(interaction.id, None)
                    now = time.perf_counter()
                    if t0 is not None:
                        stages.ended(interaction.id, now)
                        latencies.append((now - t0) * 1000)
                        done_at.append(now)
                    busy.discard(interaction.channel_id)

            turns.submit = timed
            rnd = random.Random(7)
            cpu = CpuPerMove(bot)
            for rate in rates:
                latencies.clear()
                done_at.clear()
                stages.clear()
                drawn0 = bot.services.boards.drawn
                sent = 0
                cpu.start()
                lag.start()
                start = time.perf_counter()
                due = start
                while due - start < seconds:
                    due += rnd.expovariate(rate)
                    await asyncio.sleep(max(0.0, due - time.perf_counter()))
                    idle = [c for c in channels if c.id not in busy]
                    rnd.shuffle(idle)
                    for channel in idle:
                        live = await bot.manager.live_in_channel(channel.id)
                        if live.state.is_over():
                            continue
                        seat, notation = random_move(live, rnd)
                        busy.add(channel.id)
                        record = emit_slash(
                            env, members[seat], channel, "move", {"notation": notation}
                        )
                        emitted[int(record.id)] = time.perf_counter()
                        sent += 1
                        break
                lags = await lag.stop()
                await env.settle()
                cpu.stop(len(latencies))
                elapsed = (max(done_at) if done_at else time.perf_counter()) - start
                tag = f"{rate:g}"
                emit(
                    f"platform.poisson_{tag}.move_latency",
                    "ms",
                    list(latencies),
                    POISSON_TARGETS.get(rate),
                )
                emit(
                    f"platform.poisson_{tag}.moves_per_second",
                    "moves/s",
                    [len(latencies) / elapsed],
                    None,
                )
                cpu.emit(emit, f"platform.poisson_{tag}")
                stages.emit(emit, f"platform.poisson_{tag}")
                emit(f"platform.poisson_{tag}.loop_lag", "ms", lags, None)
                note(
                    f"poisson {tag}/s over {games} games: {sent} sent, {len(latencies)} "
                    f"answered, boards drawn {bot.services.boards.drawn - drawn0}"
                )


async def bench_move_e2e(
    emit: Emit,
    games: int,
    moves: int,
    *,
    key: str = "kenchiku",
    seats: int = 2,
    policy: str = "random",
    target: str | None = "p95 < 250",
) -> None:
    """``/move`` through SimCord, one at a time: interaction in -> response with the board
    sent. ``games`` tables take turns; moves are chosen at random or by the game's AI."""
    from games.core import Rng

    spec = get_game(key)
    with tempfile.TemporaryDirectory() as tmp:
        async with simulated(Path(tmp) / "e2e.sqlite3") as (bot, env):
            members, tables = await open_tables(env, key, games, seats)
            rnd = random.Random(1)
            rng = Rng(1)
            times: list[float] = []
            while len(times) < moves:
                progressed = False
                for channel in tables:
                    live = await bot.manager.live_in_channel(channel.id)
                    if live.state.is_over():
                        continue
                    movers = [s for s in sorted(live.state.to_act()) if s >= 0]
                    if not movers:
                        continue
                    seat = movers[0]
                    if policy == "ai" and spec.ai is not None:
                        # the easy level: the bench measures the bot, not the AI's thinking
                        notation = spec.ai_level("easy").choose(live.state, seat, rng).notation
                    else:
                        notation = rnd.choice(list(live.state.legal_moves(seat))).notation
                    t0 = time.perf_counter()
                    await members[seat].slash(channel, "move", notation=notation)
                    times.append((time.perf_counter() - t0) * 1000)
                    progressed = True
                    if len(times) >= moves:
                        break
                if not progressed:
                    break
            emit(f"{key}.bot.move_end_to_end.{games}_games", "ms", times, target)


async def bench_moc_negotiation(emit: Emit, offers: int) -> None:
    """11 players, one negotiation: ``offers`` offers and accepts through SimCord."""
    with tempfile.TemporaryDirectory() as tmp:
        async with simulated(Path(tmp) / "moc.sqlite3") as (bot, env):
            members, (channel,) = await open_tables(
                env, "masters_of_commerce", 1, 11, options="timer=259200"
            )
            live = await bot.manager.live_in_channel(channel.id)
            state: Any = live.state
            merchants = [s for s in range(11) if state.is_merchant(s)]
            offer_ms: list[float] = []
            accept_ms: list[float] = []
            pair_ms: list[float] = []
            i = 0
            while len(offer_ms) < offers:
                seat = merchants[i % len(merchants)]
                i += 1
                legal = [
                    m
                    for m in state.legal_moves(seat)
                    if m.notation.startswith("offer ") and " closed" not in m.notation
                ]
                if not legal:
                    if i > 50 * len(merchants):
                        raise RuntimeError("no merchant has an offer left to make")
                    continue
                move = legal[(i * 7) % len(legal)]
                deed = move.notation.split()[1]
                landlord = state.owner[deed]
                t0 = time.perf_counter()
                await members[seat].slash(channel, "move", notation=move.notation)
                t1 = time.perf_counter()
                await members[landlord].slash(
                    channel, "move", notation=f"accept {deed} p{seat + 1}"
                )
                t2 = time.perf_counter()
                offer_ms.append((t1 - t0) * 1000)
                accept_ms.append((t2 - t1) * 1000)
                pair_ms.append((t2 - t0) * 1000)
            if state.phase != "negotiation":
                raise RuntimeError(f"the negotiation ended early ({state.phase})")
            emit("masters_of_commerce.bot.offer_private_dm", "ms", offer_ms, None)
            emit("masters_of_commerce.bot.accept_with_table_update", "ms", accept_ms, "p95 < 150")
            emit("masters_of_commerce.bot.offer_and_accept", "ms", pair_ms, None)
