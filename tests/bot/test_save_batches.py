"""SQLite saves queued together are committed together (``Storage._save``, issue 20): one
transaction and one fsync for the saves that arrive while the connection's thread is busy,
each answered only once that transaction is committed, and a save that fails (a stale move)
rolled back alone while the others in its batch are stored."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

import bot.storage as storage_module
from bot.storage import StaleMove, Storage

from .test_storage_memo import _move, _running


async def test_saves_queued_together_commit_together_and_a_stale_one_fails_alone(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    gids = [await _running(storage, 11 + i) for i in range(4)]
    await storage.commit_move(gids[2], _move(0), "now")  # game 2 is one move ahead
    batches: list[int] = []
    commit = storage_module._commit_batch

    def counted(conn: Any, batch: Any) -> Any:
        outcomes = commit(conn, batch)
        batches.append(len(outcomes))
        return outcomes

    monkeypatch.setattr(storage_module, "_commit_batch", counted)
    # the connection's thread is held busy, so the next saves queue behind it together
    gate = threading.Event()
    busy = storage_module._queue(storage.db, lambda _: gate.wait(), None)
    try:
        saves = [asyncio.ensure_future(storage.commit_move(g, _move(0), "later")) for g in gids]
        await asyncio.sleep(0)  # every save has joined the queued batch
        assert not any(s.done() for s in saves)  # nothing answered before its COMMIT
    finally:
        gate.set()
    await busy
    results = await asyncio.gather(*saves, return_exceptions=True)
    assert batches == [4]  # one transaction for the four saves
    assert [type(r) for r in results] == [type(None), type(None), StaleMove, type(None)]
    for gid in gids:
        assert [(m.seq, m.notation) for m in await storage.moves(gid)] == [(0, "m0")]
    # the stale save wrote nothing: game 2 keeps the move it had ("now")
    rows = await storage.db.execute_fetchall(
        "SELECT game_id, created_at FROM moves ORDER BY game_id"
    )
    assert [r[1] for r in rows] == ["later", "later", "now", "later"]


async def test_a_batch_whose_commit_fails_answers_every_save_with_the_error(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    gids = [await _running(storage, 21 + i) for i in range(2)]

    class Broken(Exception):
        pass

    def broken(conn: Any, batch: Any) -> Any:
        batch.take()
        raise Broken("disk I/O error")

    monkeypatch.setattr(storage_module, "_commit_batch", broken)
    results = await asyncio.gather(
        *(storage.commit_move(gid, _move(0), "now") for gid in gids), return_exceptions=True
    )
    assert all(isinstance(r, Broken) for r in results)
    monkeypatch.undo()
    for gid in gids:
        assert await storage.moves(gid) == []
    await storage.commit_move(gids[0], _move(0), "again")  # the connection still works
    assert [m.notation for m in await storage.moves(gids[0])] == ["m0"]
