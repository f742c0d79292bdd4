"""Acknowledged moves survive SIGKILL: a child process (forked from a server that imported
the bot once: ``tests/bot/forked.py``) plays moves and reports each one committed; it is
killed at random moments; the database then holds every acknowledged move, passes
SQLite's integrity check, and every game replays to its stored moves."""

from __future__ import annotations

import random
import signal
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from bot.manager import GameManager
from bot.storage import Storage
from tests.pg import backend, db_path  # noqa: F401 (both backends)

from .forked import forked


def run_and_kill(db: Path | str, channel: int, acks_before_kill: int) -> set[tuple[int, int]]:
    child = forked("tests.bot.sigkill_worker", str(db), str(channel))
    acked: set[tuple[int, int]] = set()
    assert child.stdout is not None
    for line in child.stdout:
        _, game, seq = line.split()
        acked.add((int(game), int(seq)))
        if len(acked) >= acks_before_kill:
            break
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=30)
    return acked


async def test_acknowledged_moves_survive_sigkill(db_path, backend, toy_game):
    db = db_path
    rnd = random.Random(7)
    acked: set[tuple[int, int]] = set()
    for trial in range(6):
        acked |= run_and_kill(db, 1000 * (trial + 1), rnd.randint(3, 60))
    if backend == "sqlite":
        with sqlite3.connect(db) as con:
            assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    storage = Storage(db)
    await storage.open()
    async with storage.reading() as tx:
        stored = {(int(g), int(s)) for g, s in await tx.fetchall("SELECT game_id, seq FROM moves")}
        started = [
            int(g) for (g,) in await tx.fetchall("SELECT id FROM games WHERE status != 'lobby'")
        ]
    assert acked <= stored, sorted(acked - stored)[:5]
    manager = GameManager(storage, lambda: datetime.now(UTC))
    for gid in started:
        live = await manager.load(gid)
        assert live.seq == len(await storage.moves(gid))
    await storage.close()
