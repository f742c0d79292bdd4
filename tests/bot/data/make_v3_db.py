"""Builds ``boardroom_v3.sqlite3``: a database written by the bot as of commit 3e1d29d
(schema version 3, before the bot-platform migrations), kept as a migration fixture.

It was run once against that commit's code (``git archive 3e1d29d | tar -x -C /tmp/old``;
``PYTHONPATH=/tmp/old python tests/bot/data/make_v3_db.py OUT``); it does not run against
today's code, whose storage differs. Contents (game ids in order):

1. Kenchiku, 2 players, running, the first 20 moves of ``kenchiku_2p.json``.
2. Masters of Commerce, 7 players (``GAME_7P``), running, played past both ``expire`` moves
   (recorded then under seat 0 with no user), including private offers (public = '').
3. Kenchiku, 2 players, finished (all of ``kenchiku_2p.json``).
4. Kenchiku lobby with one seat.
5. An abandoned lobby.
"""

from __future__ import annotations

import asyncio
import json
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.manager import GameManager
from bot.storage import Storage

ROOT = Path(__file__).resolve().parents[3]


async def main(out: str) -> None:
    from tests.games.test_moc_replay import GAME_7P

    now = [datetime(2026, 11, 1, 12, 0, tzinfo=UTC)]

    def clock() -> datetime:
        now[0] += timedelta(seconds=7)
        return now[0]

    storage = Storage(out)
    await storage.open()
    m = GameManager(storage, clock)
    users = [1000 + i for i in range(11)]
    ken = json.loads((ROOT / "tests/games/fixtures/kenchiku_2p.json").read_text())["record"]

    async def seat_game(channel: int, key: str, n: int, seed: int, options: dict) -> int:
        await m.new_lobby(
            guild_id=42,
            channel_id=channel,
            game_key=key,
            options=options,
            seed=seed,
            host_id=users[0],
            host_name="p0",
        )
        for i in range(1, n):
            await m.join(channel, users[i], f"p{i}")
        live = await m.start(channel, users[0])
        return live.row.id

    async def play(gid: int, moves: list) -> None:
        for seat, notation in moves:
            if notation.startswith("expire "):
                res = await m.expire(gid, notation.split(" ", 1)[1])
                assert res is not None, notation
            else:
                await m.play(gid, users[seat], notation)

    g1 = await seat_game(501, "kenchiku", 2, ken["seed"], {})
    await play(g1, ken["moves"][:20])
    g2 = await seat_game(502, "masters_of_commerce", 7, GAME_7P.seed, GAME_7P.options)
    upto = GAME_7P.moves.index((0, "expire y3-lot1-bid1")) + 3
    await play(g2, GAME_7P.moves[:upto])
    await storage.set_table(g2, "y3-lot1", 777000)
    g3 = await seat_game(503, "kenchiku", 2, ken["seed"], {})
    await play(g3, ken["moves"])
    await m.new_lobby(
        guild_id=42,
        channel_id=504,
        game_key="kenchiku",
        options={},
        seed=9,
        host_id=users[0],
        host_name="p0",
    )
    row = await m.new_lobby(
        guild_id=42,
        channel_id=505,
        game_key="kenchiku",
        options={},
        seed=9,
        host_id=users[1],
        host_name="p1",
    )
    await m.leave(505, users[1])
    assert row.id == 5
    await storage.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    await storage.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
