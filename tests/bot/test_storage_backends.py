"""The storage layer on both backends (SQLite file, PostgreSQL): one API, one schema, the
same answers; the guards that make a save safe when several processes share PostgreSQL."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from bot.db import IntegrityError, is_postgres, redact
from bot.db.postgres import KEEPALIVES, render, session_settings
from bot.db.schema import render_all
from bot.storage import (
    MIGRATIONS,
    SCHEMA_VERSION,
    ChannelBusy,
    ClockWrite,
    GuildSettings,
    MoveWrite,
    RatingRow,
    ResultRow,
    SeatClock,
    SeatRow,
    StaleMove,
    Storage,
    TimerRow,
)
from tests.pg import backend, db_path, pg_empty_url  # noqa: F401 (fixtures)

BIG = 1_234_567_890_123_456_789  # Discord snowflakes are 64-bit


@pytest.fixture
async def storage(db_path):
    s = Storage(db_path)
    await s.open()
    yield s
    await s.close()


@pytest.fixture
async def gid(storage):
    """A started two-player toy game (``_running``) on ``storage``: its id."""
    return await _running(storage)


async def _lobby(
    storage: Storage, channel: int = BIG, host: int = BIG + 2, name: str = "alice"
) -> int:
    """A toy lobby in ``channel`` (of server ``BIG + 1``) hosted by ``host``: its id."""
    return await storage.create_game(
        guild_id=BIG + 1,
        channel_id=channel,
        game_key="toy",
        engine_version=1,
        seed=2**62,
        options={"a": 1},
        host_id=host,
        host_name=name,
        now="2026-11-26T00:00:00+00:00",
    )


async def _running(storage: Storage, players: int = 2, channel: int = BIG) -> int:
    """A started toy game of ``players`` seats (alice, p1, p2, …) in ``channel``: its id."""
    gid = await _lobby(storage, channel)
    for n in range(1, players):
        await storage.add_seat(gid, BIG + 2 + n, f"p{n}")
    await storage.start_game(gid, {"a": 1}, "2026-11-26T00:00:01+00:00", None, None, None)
    return gid


def _move(seq: int, **kw) -> MoveWrite:
    base = dict(
        seq=seq,
        seat=seq % 2,
        notation=f"m{seq}",
        actor="user",
        user_id=BIG + 2 + seq % 2,
        public=f"m{seq}",
        digest=f"d{seq}",
        phase_key=None,
        phase_started_at=None,
    )
    base.update(kw)
    return MoveWrite(**base)  # type: ignore[arg-type]


async def test_schema_and_64_bit_ids_round_trip(storage, gid):
    assert await storage.schema_version() == SCHEMA_VERSION
    row = await storage.get_game(gid)
    assert row is not None and row.guild_id == BIG + 1 and row.channel_id == BIG
    assert row.seed == 2**62 and row.options == {"a": 1} and row.status == "running"
    assert [(s.seat, s.user_id, s.display_name) for s in row.seats] == [
        (0, BIG + 2, "alice"),
        (1, BIG + 3, "p1"),
    ]
    assert await storage.seat_held(gid, BIG + 3) == 1
    assert (await storage.active_game_in_channel(BIG)).id == gid
    assert [g.id for g in await storage.games_of_user(BIG + 3)] == [gid]
    assert await storage.get_game(2**63) is None


async def test_moves_are_appended_in_order_and_only_after_the_stored_line(storage, gid):
    for seq in range(3):
        await storage.commit_move(gid, _move(seq), "now")
    with pytest.raises(IntegrityError):  # the number is taken: nothing is written
        await storage.commit_move(gid, _move(2, notation="again"), "now")
    with pytest.raises(StaleMove) as stale:  # a copy of the game that is behind
        await storage.commit_move(gid, _move(1), "now")
    assert stale.value.stored == 3
    with pytest.raises(StaleMove):  # or ahead: no gap ever
        await storage.commit_move(gid, _move(5), "now")
    assert [m.notation for m in await storage.moves(gid)] == ["m0", "m1", "m2"]
    assert await storage.replay_moves(gid) == ([(0, "m0"), (1, "m1"), (0, "m2")], "d2")
    assert [m.seq for m in await storage.last_moves(gid, 2)] == [1, 2]


async def test_timers_clocks_and_finish(storage, gid):
    deadline = TimerRow(gid, "deadline", "k1", 1234.5, (60.0, 10.0), "Auction")
    clocks = ClockWrite(
        (SeatClock(0, bank=3600, since=1000.25), SeatClock(1, bank=10.5, reminded=1)),
        TimerRow(gid, "clock", "c", 4600.25),
        None,
    )
    await storage.commit_move(gid, _move(0, deadline=deadline, clocks=clocks), "now")
    timers = {t.kind: t for t in await storage.timers()}
    assert timers["deadline"] == TimerRow(
        gid, "deadline", "k1", 1234.5, (60.0, 10.0), "Auction", BIG
    )
    assert timers["clock"].due == 4600.25 and "reminder" not in timers
    # fleet claims (several processes): one claimant at a time until its lease runs out
    (due,) = [t for t in await storage.timers() if t.kind == "deadline"]
    assert await storage.claim_timer(due, "a", now=1230.0, lease=6.0)
    assert not await storage.claim_timer(due, "b", now=1235.0, lease=6.0)
    assert await storage.claim_timer(due, "a", now=1235.0, lease=6.0)  # renewed by its owner
    assert await storage.claim_due("b", now=1240.0, lease=6.0) == []  # "a" holds it until 1241
    assert [t.key for t in await storage.claim_due("b", now=5000.0, lease=6.0)] == ["k1", "c"]
    assert await storage.claim_due("a", now=5001.0, lease=6.0) == []
    assert await storage.claim_warning(due, 60.0) and not await storage.claim_warning(due, 60.0)
    assert await storage.claim_warning(due, 10.0) and not await storage.claim_warning(due, 60.0)
    await storage.set_timer(replace(deadline, key="k2"))  # a new period: unclaimed, unwarned
    assert await storage.claim_timer(replace(deadline, key="k2"), "c", now=5002.0, lease=6.0)
    assert await storage.claim_warning(replace(deadline, key="k2"), 60.0)
    await storage.set_timer(replace(deadline, key="k2", due=1000.0))  # never earlier
    assert [t.due for t in await storage.timers() if t.kind == "deadline"] == [1234.5]
    await storage.set_timer(deadline)
    await storage.set_timer(TimerRow(gid, "deadline", "k1", 1234.5))  # unchanged key and due
    await storage.commit_move(gid, _move(1, outcome={"ranks": [1, 2]}), "now")
    row = await storage.get_game(gid)
    assert row.status == "finished" and row.outcome == {"ranks": [1, 2]}
    assert await storage.timers() == []


async def test_a_lobby_per_channel_and_lobby_seats(storage):
    gid = await _lobby(storage, 7, host=1, name="a")
    with pytest.raises(ChannelBusy):
        await _lobby(storage, 7, host=2, name="b")
    assert await storage.add_seat(gid, 2, "b") == 1
    assert await storage.add_seat(gid, None, "AI", "ai") == 2
    await storage.remove_seat(gid, 2, new_host=2)
    row = await storage.get_game(gid)
    assert [(s.seat, s.kind) for s in row.seats] == [(0, "human"), (1, "ai")]
    assert row.host_id == 2


async def test_seat_changes_undo_inbox_and_settings(storage):
    gid = await _running(storage, players=3)
    await storage.set_seat(gid, SeatRow(1, None, "AI", "ai", owner_id=BIG + 3))
    with pytest.raises(IntegrityError):  # one member never holds two seats
        await storage.set_seat(gid, SeatRow(2, BIG + 3, "p1", "human"))
    for seq in range(3):
        await storage.commit_move(gid, _move(seq), "now")
    uid = await storage.add_undo(gid, BIG + 2, 3, 1, "all", [1, 2], "t")
    undo = await storage.undo(uid)
    assert undo.voters == (1, 2) and undo.status == "pending" and undo.by_seat
    await storage.apply_undo(undo, {1: True, 2: True}, "t2")
    assert [m.seq for m in await storage.moves(gid)] == [0]
    assert [(u, m.seq) for u, m in await storage.undone_moves(gid)] == [(uid, 1), (uid, 2)]
    await storage.commit_move(gid, _move(1, notation="after"), "now")  # the line goes on
    await storage.add_inbox(gid, BIG, "secret", ["accept"], "t")
    first, second = await asyncio.gather(storage.take_inbox(gid, BIG), storage.take_inbox(gid, BIG))
    assert sorted([len(first), len(second)]) == [0, 1]  # handed out once
    await storage.add_pending(gid, "line")
    ((pid, _line),) = await storage.pending(gid)
    await storage.clear_pending(gid, pid)
    assert await storage.pending(gid) == []
    await storage.set_guild_settings(GuildSettings(BIG, "clock=1d", (BIG + 9,), BIG + 8))
    assert await storage.guild_settings(BIG) == GuildSettings(BIG, "clock=1d", (BIG + 9,), BIG + 8)
    await storage.set_user_reminders(BIG, "dm")
    assert await storage.user_reminders(BIG) == "dm"
    await storage.set_bot_state("last_alive", 17.5)
    assert await storage.bot_state("last_alive") == 17.5


async def test_results_and_ratings_are_written_once(storage, gid):
    await storage.commit_move(gid, _move(0, outcome={"ranks": [1, 2]}), "now")
    assert [g.id for g in await storage.games_without_results()] == [gid]
    rows = [
        ResultRow(
            gid, s, BIG + 1, "toy", BIG + 2 + s, f"p{s}", "human", "finished", s + 1, 9, 1, "t"
        )
        for s in range(2)
    ]
    ratings = [RatingRow(0, "toy", BIG + 2, 27.5, 8.1, 1, 1, "t")]
    done = await asyncio.gather(*(storage.record_results(rows, ratings) for _ in range(3)))
    assert sorted(done) == [False, False, True]
    assert await storage.games_without_results() == []
    assert [r.user_id for r in await storage.leaderboard(0, "toy")] == [BIG + 2]
    assert len(await storage.results_of(BIG + 3)) == 1
    assert await storage.latest_names([BIG + 3]) == {BIG + 3: "p1"}


async def test_a_cancelled_save_rolls_back_alone(storage):
    gids = [await _running(storage, channel=c) for c in (1, 2)]

    async def save(gid: int, seq: int, hold: asyncio.Event | None) -> None:
        async with storage.transaction() as tx:
            await tx.execute("UPDATE games SET updated_at = ? WHERE id = ?", ("x", gid))
            if hold is not None:
                hold.set()
                await asyncio.sleep(3600)
        await storage.commit_move(gid, _move(seq), "now")

    held = asyncio.Event()
    victim = asyncio.create_task(save(gids[0], 0, held))
    await held.wait()
    other = asyncio.create_task(save(gids[1], 0, None))  # SQLite: waits for the victim
    await asyncio.sleep(0)
    victim.cancel()
    with pytest.raises(asyncio.CancelledError):
        await victim
    await other
    assert (await storage.get_game(gids[0])).updated_at != "x"
    assert [m.seq for m in await storage.moves(gids[1])] == [0]


async def test_two_processes_commit_the_same_move_once(db_path, backend):
    """Two storages on one database (two bot processes): the same next move from both, at
    once, many times: each number is stored once; the loser is told its copy is stale."""
    if backend == "sqlite":
        pytest.skip("one SQLite file is served by one process")
    a, b = Storage(db_path), Storage(db_path)
    await a.open()
    await b.open()
    try:
        gid = await _running(a)
        for seq in range(20):
            got = await asyncio.gather(
                a.commit_move(gid, _move(seq, notation=f"a{seq}"), "now"),
                b.commit_move(gid, _move(seq, notation=f"b{seq}"), "now"),
                return_exceptions=True,
            )
            assert sum(r is None for r in got) == 1
            assert all(r is None or isinstance(r, IntegrityError) for r in got)
        assert [m.seq for m in await b.moves(gid)] == list(range(20))
    finally:
        await a.close()
        await b.close()


def test_postgres_rendering():
    assert render("SELECT a FROM t WHERE b = ? AND c IS NOT ? AND d IS NOT NULL AND e = '?'") == (
        "SELECT a FROM t WHERE b = $1 AND c IS DISTINCT FROM $2 AND d IS NOT NULL AND e = '?'"
    )
    scripts = render_all(MIGRATIONS, "postgresql")
    assert "AUTOINCREMENT" not in "".join(scripts) and " REAL" not in "".join(scripts)
    assert render_all(MIGRATIONS, "sqlite")[0] == MIGRATIONS[0]  # SQLite runs as written
    assert is_postgres("postgresql://u@/db?host=/tmp") and not is_postgres("b.sqlite3")
    assert redact("postgresql://u:secret@h/db") == "postgresql://u:***@h/db"


def test_postgres_sessions_ask_for_tcp_keepalives():
    """Each connection asks the server to probe it over TCP (a vanished host's locks go in
    about 25 s, not two hours), unless the URL sets a value of its own."""
    assert session_settings("postgresql://u@h/db") == KEEPALIVES
    assert KEEPALIVES == {
        "tcp_keepalives_idle": "10",
        "tcp_keepalives_interval": "5",
        "tcp_keepalives_count": "3",
    }
    own = session_settings("postgresql://u@h/db?tcp_keepalives_idle=60&sslmode=disable")
    assert own == {"tcp_keepalives_interval": "5", "tcp_keepalives_count": "3"}


@pytest.mark.postgres
async def test_postgres_connections_carry_the_keepalive_settings(pg_empty_url):
    """The server sees the settings as the client's (their values read 0 over a Unix
    socket, which has no TCP to probe)."""
    storage = Storage(pg_empty_url, pool_size=1)
    await storage.open()
    try:
        for pool in (storage.database.pool, storage.database._lock_pool):
            async with pool.acquire() as conn:
                rows = await conn.fetch(
                    "SELECT name, source FROM pg_settings WHERE name = ANY($1::text[])",
                    list(KEEPALIVES),
                )
            assert {r["name"]: r["source"] for r in rows} == dict.fromkeys(KEEPALIVES, "client")
    finally:
        await storage.close()


async def test_postgres_migration_17_converts_open_undo_votes(pg_empty_url):
    """The PostgreSQL rendering of the data migration does what SQLite's does."""
    s = Storage(pg_empty_url)
    await s.open(upto=16)
    assert await s.schema_version() == 16
    async with s.transaction() as tx:  # a running game as schema 16 stores it
        gid = await tx.insert(
            "INSERT INTO games (guild_id, channel_id, game_key, engine_version, seed, options, "
            "host_id, status, created_at, updated_at) "
            "VALUES (?, ?, 'toy', 1, 1, '{}', ?, 'running', 't', 't')",
            (BIG + 1, BIG, BIG + 2),
        )
        await tx.executemany(
            "INSERT INTO seats (game_id, seat, kind, user_id, display_name) "
            "VALUES (?, ?, 'human', ?, ?)",
            [(gid, 0, BIG + 2, "alice"), (gid, 1, BIG + 3, "p1")],
        )
    async with s.transaction() as tx:
        for status in ("pending", "done"):
            await tx.insert(
                "INSERT INTO undos (game_id, requested_by, at_seq, back_to, rule, voters, "
                "votes, status, created_at) VALUES (?, ?, 1, 0, 'all', ?, ?, ?, 't')",
                (gid, BIG + 2, f"[{BIG + 3}, {BIG + 2}]", f'{{"{BIG + 3}": true}}', status),
            )
    await s.close()
    s = Storage(pg_empty_url)
    await s.open()
    try:
        pending, done = await s.undos(gid)
        assert pending.by_seat and pending.voters == (1, 0) and pending.votes == {1: True}
        assert not done.by_seat and done.voters == (BIG + 3, BIG + 2)
    finally:
        await s.close()
