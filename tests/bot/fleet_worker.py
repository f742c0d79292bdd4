"""A bot process of a fleet on one PostgreSQL database, for ``test_fleet``: the real manager,
storage and timer service with a stand-in for Discord (no gateway; waits use the wall clock).

``python -m tests.bot.fleet_worker URL [--poll SECONDS]`` reads commands on stdin, one a line,
and prints what the bot would announce, each line flushed:

- ``play GAME``: make moves in toy game ``GAME`` for whoever is to act (as interactions from
  both players would arrive) until it is over; prints ``ack GAME SEQ`` after each commit
  returns (the moment the bot answers) and ``refused GAME TEXT`` for each truthful refusal
  (another process moved first), then ``over GAME``.
- ``timers``: arm every stored timer and, with ``--poll``, look for due timers no live
  process holds; prints ``fired GAME SEQ`` for each timer move this process commits.

It prints ``ready`` once the storage is open.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from datetime import UTC, datetime
from typing import Any

from bot.manager import GameManager, MoveResult
from bot.services.timers import Timers
from bot.storage import Storage
from games.core import GameError, register
from tests.toy import TOY


class Client:
    """What ``Timers`` uses of a discord.py client: readiness and ``bot.clock.sleep``."""

    async def wait_until_ready(self) -> None:
        return None

    async def wait_for(self, _event: str, *, check: Any = None, timeout: float = 0) -> None:
        await asyncio.sleep(timeout)
        raise TimeoutError

    def dispatch(self, *_args: Any) -> None:
        return None


class Publisher:
    """Prints each timer move instead of posting its board."""

    def prepare_move(self, result: MoveResult) -> MoveResult:
        return result

    async def send(self, result: MoveResult) -> None:
        print(f"fired {result.live.id} {result.seq} {time.time():.3f}", flush=True)

    async def post(self, *_args: Any, **_kwargs: Any) -> None:
        return None


async def play(manager: GameManager, game_id: int) -> None:
    while True:
        live = await manager.load(game_id)
        if live.row.status != "running":
            break
        seat = min(live.state.to_act())
        user = live.row.seats[seat].user_id
        assert user is not None
        try:
            result = await manager.play(game_id, user, "add 1", expected_seq=live.seq)
        except GameError as exc:
            print(f"refused {game_id} {exc.message}", flush=True)
            continue
        print(f"ack {game_id} {result.seq}", flush=True)
    print(f"over {game_id}", flush=True)


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("--poll", type=float, default=0.0)
    args = parser.parse_args()
    register(TOY)
    storage = Storage(args.url)
    await storage.open()
    manager = GameManager(storage, lambda: datetime.now(UTC))
    timers = Timers(Client(), manager, storage, Publisher(), now=time.time)  # type: ignore[arg-type]
    print("ready", flush=True)
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    tasks = set()
    while line := (await reader.readline()).decode().split():
        if line[0] == "play":
            task = asyncio.create_task(play(manager, int(line[1])))
            tasks.add(task)
            task.add_done_callback(tasks.discard)
        elif line[0] == "timers":
            await timers.arm_all()
            if args.poll:
                timers.poll(args.poll)
            print("armed", flush=True)
    await storage.close()


if __name__ == "__main__":
    asyncio.run(main())
