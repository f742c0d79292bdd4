"""Storage migrations on a copy of a database written by the bot at 3e1d29d (schema 3; see
``data/make_v3_db.py``), and durability settings."""

from __future__ import annotations

import shutil
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.manager import GameManager, LobbyError
from bot.storage import SCHEMA_VERSION, Storage

V3 = Path(__file__).parent / "data" / "boardroom_v3.sqlite3"


@pytest.fixture
async def migrated(tmp_path):
    path = tmp_path / "old.sqlite3"
    shutil.copy(V3, path)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 3
    storage = Storage(path)
    await storage.open()
    yield storage, path
    await storage.close()


async def test_old_database_migrates_and_every_game_replays(migrated):
    storage, path = migrated
    assert await storage.schema_version() == SCHEMA_VERSION == 20
    assert await storage.pragma("synchronous") == 2  # FULL
    assert await storage.pragma("journal_mode") == "wal"
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert db.execute("PRAGMA foreign_key_check").fetchall() == []
    # seats became human seats with their users
    row = await storage.get_game(2)
    assert row is not None and len(row.seats) == 7
    assert {s.kind for s in row.seats} == {"human"} and all(s.user_id for s in row.seats)
    # no AI levels were chosen before migration 19: every AI seat plays normal
    assert row.ai_level is None and {s.ai_level for s in row.seats} == {None}
    # every member of a started game holds their seat's private information (migration 16)
    for seat in row.seats:
        assert seat.user_id is not None
        assert await storage.seat_held(2, seat.user_id) == seat.seat
    # timer moves are the system seat's, recorded by the timer
    moves = await storage.moves(2)
    expires = [m for m in moves if m.notation.startswith("expire ")]
    assert [(m.notation, m.seat, m.actor, m.user_id) for m in expires] == [
        ("expire y3-negotiation", -1, "timer", None),
        ("expire y3-lot1-bid1", -1, "timer", None),
    ]
    assert {m.actor for m in moves if not m.notation.startswith("expire ")} == {"user"}
    assert [m.public for m in moves[:2]] == ["", ""]  # private offers stay private
    manager = GameManager(storage, lambda: datetime(2026, 11, 2, tzinfo=UTC))
    moc = await manager.load(2)
    assert moc.seq == len(moves) and moc.state.deadline().key == "y3-lot2-bid1"
    ken = await manager.load(1)
    assert ken.seq == 20 and not ken.state.is_over()
    done = await manager.load(3)
    assert done.state.is_over() and done.row.status == "finished"
    with pytest.raises(LobbyError, match="not started"):
        await manager.load(4)
    # the running timed game gets its timer row once (by replay), then start-up needs none
    assert await storage.games_missing_timers() == [2]
    assert await manager.backfill_timers() == 1
    timers = await storage.timers()
    assert [(t.game_id, t.kind, t.key, t.channel_id) for t in timers] == [
        (2, "deadline", "y3-lot2-bid1", 502)
    ]
    started = datetime.fromisoformat(row.phase_started_at).timestamp()
    assert timers[0].due == started + moc.state.deadline().seconds
    assert await storage.games_missing_timers() == []
    # the stored table message is kept
    assert (row.table_key, row.table_message_id) == ("y3-lot1", 777000)
    # a new move is appended after the old ones, with a digest and actor
    await manager.play(1, 1000 + ken.state.to_act().__iter__().__next__(), _any_move(ken))
    last = (await storage.moves(1))[-1]
    assert last.seq == 20 and last.actor == "user" and last.digest


def _any_move(live) -> str:
    seat = min(live.state.to_act())
    return live.state.legal_moves(seat)[0].notation


async def test_migrating_twice_changes_nothing(migrated, tmp_path):
    storage, path = migrated
    before = (await storage.moves(2))[:]
    await storage.close()
    again = Storage(path)
    await again.open()
    assert await again.schema_version() == SCHEMA_VERSION
    assert await again.moves(2) == before
    await again.close()
    await storage.open()
