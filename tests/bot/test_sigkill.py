"""Acknowledged moves survive SIGKILL: a child plays moves and reports each one committed;
it is killed at random moments; the database then holds every acknowledged move, passes
SQLite's integrity check, and every game replays to its stored moves."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from bot.manager import GameManager
from bot.storage import Storage

ROOT = Path(__file__).resolve().parents[2]


def run_and_kill(db: Path, channel: int, acks_before_kill: int) -> set[tuple[int, int]]:
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.bot.sigkill_worker", str(db), str(channel)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
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


async def test_acknowledged_moves_survive_sigkill(tmp_path, toy_game):
    db = tmp_path / "kill.sqlite3"
    rnd = random.Random(7)
    acked: set[tuple[int, int]] = set()
    for trial in range(6):
        acked |= run_and_kill(db, 1000 * (trial + 1), rnd.randint(3, 60))
    with sqlite3.connect(db) as con:
        assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        stored = set(con.execute("SELECT game_id, seq FROM moves").fetchall())
    assert acked <= stored, sorted(acked - stored)[:5]
    storage = Storage(db)
    await storage.open()
    manager = GameManager(storage, lambda: datetime.now(UTC))
    for (gid,) in sqlite3.connect(db).execute("SELECT id FROM games WHERE status != 'lobby'"):
        live = await manager.load(gid)
        assert live.seq == len(await storage.moves(gid))
    await storage.close()
