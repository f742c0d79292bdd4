"""Issue 20: the move path's SQLite round trips. ``Storage`` remembers rows only it writes
(SQLite: one writer; members' languages are ``bot.lang``'s to remember) and a statement with
its fetch is one hop to aiosqlite's thread, a move's writes one batch. What is remembered
must never hide a write."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

import bot.storage as storage_module
from bot.storage import GuildSettings, MoveWrite, StaleMove, Storage, TimerRow

GUILD = 7


@pytest.fixture
async def statements(storage: Storage) -> AsyncIterator[list[str]]:
    """Every SQL statement SQLite runs from now on (its trace callback)."""
    seen: list[str] = []
    await storage.db.set_trace_callback(seen.append)
    yield seen
    await storage.db.set_trace_callback(None)


@pytest.fixture
def hops(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every function sent to aiosqlite's thread from now on (``Connection._execute``, and
    ``bot.storage._queue`` for whole saves)."""
    sent: list[str] = []
    original = aiosqlite.Connection._execute

    async def counted(self: Any, fn: Any, *args: Any, **kwargs: Any) -> Any:
        sent.append(getattr(fn, "__name__", repr(fn)))
        return await original(self, fn, *args, **kwargs)

    monkeypatch.setattr(aiosqlite.Connection, "_execute", counted)
    queue = storage_module._queue

    def queued(connection: Any, fn: Any, *args: Any) -> Any:
        sent.append(getattr(fn, "__name__", repr(fn)))
        return queue(connection, fn, *args)

    monkeypatch.setattr(storage_module, "_queue", queued)
    return sent


async def _running(storage: Storage, channel: int = 11) -> int:
    gid = await storage.create_game(
        guild_id=GUILD,
        channel_id=channel,
        game_key="toy",
        engine_version=1,
        seed=5,
        options={},
        host_id=100,
        host_name="alice",
        now="2026-11-26T00:00:00+00:00",
    )
    await storage.add_seat(gid, 101, "bob")
    await storage.start_game(gid, {}, "2026-11-26T00:00:01+00:00", None, None, None)
    return gid


def _move(seq: int, deadline: TimerRow | None = None) -> MoveWrite:
    return MoveWrite(
        seq=seq,
        seat=seq % 2,
        notation=f"m{seq}",
        actor="user",
        user_id=100 + seq % 2,
        public=f"m{seq}",
        digest=f"d{seq}",
        phase_key="p" if deadline else None,
        phase_started_at="2026-11-26T00:00:02+00:00" if deadline else None,
        deadline=deadline,
    )


async def test_settings_are_read_once_and_every_change_is_seen(
    storage: Storage, statements: list[str]
) -> None:
    """(Members' languages are remembered by ``bot.lang``'s cache alone: test_language.)"""
    assert (await storage.guild_settings(GUILD)).language is None
    statements.clear()
    assert (await storage.guild_settings(GUILD)).language is None
    assert statements == []  # remembered: no statement for the second read

    await storage.set_guild_settings(GuildSettings(GUILD, language="ja"))
    assert (await storage.guild_settings(GUILD)).language == "ja"


async def test_a_read_that_overlaps_a_write_is_not_remembered(storage: Storage) -> None:
    """A read queued before a write returns the old value; it must not be kept as the
    current one after the write."""
    read = asyncio.ensure_future(storage.guild_settings(GUILD))
    write = asyncio.ensure_future(storage.set_guild_settings(GuildSettings(GUILD, language="ja")))
    before, _ = await asyncio.gather(read, write)
    assert before.language is None  # read first: the old value, answered as such
    assert (await storage.guild_settings(GUILD)).language == "ja"


async def test_pending_lines_and_the_table_message_are_written_and_read_when_they_change(
    storage: Storage, statements: list[str]
) -> None:
    gid = await _running(storage)
    assert await storage.pending(gid) == []
    await storage.set_table(gid, None, None)
    statements.clear()
    assert await storage.pending(gid) == []
    await storage.set_table(gid, None, None)  # every board of a game without timed phases
    assert statements == []

    await storage.add_pending(gid, "a line")
    assert [line for _, line in await storage.pending(gid)] == ["a line"]
    await storage.set_table(gid, "y1-negotiation", 555)
    row = await storage.get_game(gid)
    assert row is not None and (row.table_key, row.table_message_id) == ("y1-negotiation", 555)
    await storage.set_table(gid, None, None)
    row = await storage.get_game(gid)
    assert row is not None and (row.table_key, row.table_message_id) == (None, None)


async def test_a_move_is_one_hop_and_one_transaction(storage: Storage, hops: list[str]) -> None:
    """``BEGIN IMMEDIATE``, the stale check, the move's writes and the commit in one hop
    (27 hops per move through the bot before issue 20, 11 of them for this save; then 3)."""
    gid = await _running(storage)
    hops.clear()
    timer = TimerRow(gid, "deadline", "p", 1e9, (60.0,), "Phase")
    await storage.commit_move(gid, _move(0, deadline=timer), "2026-11-26T00:00:02+00:00")
    assert hops == ["_commit_batch"]
    assert [m.notation for m in await storage.moves(gid)] == ["m0"]
    assert [t.key for t in await storage.timers() if t.game_id == gid] == ["p"]


async def test_a_stale_move_in_a_batch_writes_nothing(storage: Storage) -> None:
    gid = await _running(storage)
    await storage.commit_move(gid, _move(0), "2026-11-26T00:00:02+00:00")
    with pytest.raises(StaleMove):
        await storage.commit_move(gid, _move(0), "2026-11-26T00:00:03+00:00")
    assert [m.notation for m in await storage.moves(gid)] == ["m0"]
    # the connection is usable after the rollback, and the next save begins afresh
    await storage.commit_move(gid, _move(1), "2026-11-26T00:00:04+00:00")
    assert [m.notation for m in await storage.moves(gid)] == ["m0", "m1"]


async def test_an_aiosqlite_without_execute_is_refused_with_a_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The SQLite storage sends its functions to aiosqlite's thread with the private
    ``Connection._execute`` (pinned in pyproject.toml): an aiosqlite without it is named at
    open, not met as an AttributeError in the middle of a move."""
    monkeypatch.delattr(aiosqlite.Connection, "_execute")
    storage = Storage(tmp_path / "pin.sqlite3")
    with pytest.raises(RuntimeError, match=r"aiosqlite .* has no Connection\._execute"):
        await storage.open()
    assert not storage.is_open
