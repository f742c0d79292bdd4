"""Write isolation (issue 18, finding 2): games share one SQLite connection, and a save that
is cancelled part-way (the bot cancels AI tasks when it stops) must roll back its own
statements only. Before the fix its rollback also undid another game's half-done save,
whose move had already been answered as played.

Games are set up through SimCord; then every game saves a move at once through the
manager (the path every ``/move`` takes) while one game's save is cancelled, at every
point of its transaction in turn."""

from __future__ import annotations

import asyncio
import itertools
import sqlite3
from datetime import UTC, datetime, timedelta

from bot.manager import GameManager, MoveResult
from bot.storage import Storage

from .test_platform import start_toy
from .together import slash_together

GAMES = 4


async def test_a_cancelled_save_never_undoes_another_games_move(simcord_env, table, db_path):
    guild, first, members = table
    channels = [first] + [guild.create_text_channel(f"games-{i}") for i in range(1, GAMES)]
    for channel in channels:
        await start_toy(simcord_env, channel, members, options="target=50")
    manager = simcord_env.bot.manager
    gids = [await manager.game_id_in_channel(c.id) for c in channels]
    # Every save gets its own time, so a game row updated by one save and a move row
    # written by another can be told apart.
    ticks = itertools.count()
    base = datetime(2030, 1, 1, tzinfo=UTC)
    manager.clock = lambda: base + timedelta(seconds=next(ticks))
    users = {m.id for m in members[:2]}
    # SQLite reports each statement it runs (in aiosqlite's thread): game 0's save is
    # cancelled once the round's ``point``-th statement ran, wherever the saves are then.
    loop = asyncio.get_running_loop()
    counter = {"seen": 0, "point": 0}
    reached = asyncio.Event()

    def trace(_sql: str) -> None:
        counter["seen"] += 1
        if counter["seen"] == counter["point"]:
            loop.call_soon_threadsafe(reached.set)

    await simcord_env.bot.storage.db.set_trace_callback(trace)
    acked: set[tuple[int, int]] = set()
    cancelled = 0
    for point in range(1, 25):
        tasks = []
        for gid in gids:
            live = await manager.load(gid)
            user = live.row.user_of(min(live.state.to_act()))
            assert user in users
            tasks.append(asyncio.create_task(manager.play(gid, user, "add 1")))
        counter["seen"], counter["point"] = 0, point
        reached.clear()
        waiting = asyncio.create_task(reached.wait())
        await asyncio.wait([waiting, *tasks], return_when=asyncio.FIRST_COMPLETED)
        waiting.cancel()
        tasks[0].cancel()
        for task in tasks:
            try:
                result = await task
            except asyncio.CancelledError:
                cancelled += 1
                continue
            assert isinstance(result, MoveResult)
            acked.add((result.live.id, result.seq))
    await simcord_env.bot.storage.db.set_trace_callback(None)
    assert cancelled >= 5  # the sweep did cancel saves in flight, not only finished ones
    assert len(acked) >= (GAMES - 1) * 24
    with sqlite3.connect(db_path) as db:
        stored = set(db.execute("SELECT game_id, seq FROM moves WHERE seq >= 0").fetchall())
        # nothing half-written: each game row was last updated by its last stored move
        for gid in gids:
            updated, last = db.execute(
                "SELECT g.updated_at, (SELECT created_at FROM moves m WHERE m.game_id = g.id "
                "AND m.seq >= 0 ORDER BY seq DESC LIMIT 1) FROM games g WHERE g.id = ?",
                (gid,),
            ).fetchone()
            assert last is None or updated == last, (gid, updated, last)
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert acked <= stored, sorted(acked - stored)[:5]
    # a restart replays every game to exactly its stored moves
    storage = Storage(db_path)
    await storage.open()
    try:
        fresh = GameManager(storage, lambda: base)
        for gid in gids:
            live = await fresh.load(gid)
            assert live.seq == len(await storage.moves(gid))
    finally:
        await storage.close()


async def test_two_lobbies_opened_at_once_in_one_channel_make_one(simcord_env, table, db_path):
    """The check that a channel is free and the new lobby are one transaction."""
    _guild, channel, (alice, bob, *_rest) = table
    results = await slash_together(
        simcord_env,
        [
            (alice, channel, "game new", {"game": "toy"}),
            (bob, channel, "game new", {"game": "toy"}),
        ],
    )
    texts = [r.response.content if r.response else "" for r in results]
    with sqlite3.connect(db_path) as db:
        open_games = db.execute(
            "SELECT COUNT(*) FROM games WHERE channel_id = ? AND status = 'lobby'", (channel.id,)
        ).fetchone()[0]
    assert open_games == 1, texts
    assert sum("already has" in t for t in texts) == 1, texts
    assert not any("went wrong" in t for t in texts), texts
