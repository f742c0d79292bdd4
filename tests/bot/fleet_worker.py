"""A bot process of a fleet on one PostgreSQL database, for ``test_fleet``: the real manager,
storage and timer service with a stand-in for Discord (no gateway; waits use the wall clock).

``python -m tests.bot.fleet_worker URL [--poll SECONDS]`` reads commands on stdin, one a line,
and prints what the bot would announce, each line flushed:

- ``play GAME``: make moves in toy game ``GAME`` for whoever is to act (as interactions from
  both players would arrive) until it is over; prints ``ack GAME SEQ`` after each commit
  returns (the moment the bot answers) and ``refused GAME TEXT`` for each truthful refusal
  (another process moved first), then ``over GAME``; or ``error GAME TYPE: TEXT`` if
  anything else was raised (a bug: the test fails with it).
- ``timers``: arm every stored timer and, with ``--poll``, look for due timers no live
  process holds; prints ``fired GAME SEQ`` for each timer move this process commits.

It prints ``ready`` once the storage is open. Its database sessions are named
``fleet-worker-PID`` (``application_name``), and on SIGUSR1 it writes the stack of each of
its asyncio tasks to stderr: what a hung test reports.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
import time
import traceback
from datetime import UTC, datetime
from typing import Any

from bot.manager import GameManager
from bot.services.timers import Timers
from bot.storage import Storage, TimerRow
from games.core import GameError, register
from tests.toy import TOY


class Client:
    """What ``Timers`` uses of a discord.py client: readiness, ``bot.clock.sleep`` and the
    event dispatch, which hands each ``timer_due`` event of a deadline to ``expire`` (as
    ``bot.services.timers.Deadlines`` does, announcing by a printed line)."""

    def __init__(self, manager: GameManager) -> None:
        self.manager = manager
        self.tasks: set[asyncio.Task[None]] = set()

    async def wait_until_ready(self) -> None:
        return None

    async def wait_for(self, _event: str, *, check: Any = None, timeout: float = 0) -> None:
        await asyncio.sleep(timeout)
        raise TimeoutError

    def dispatch(self, event: str, *args: Any) -> None:
        if event == "timer_due" and args[0].row.kind == "deadline":
            task = asyncio.get_running_loop().create_task(self.expire(args[0].row))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def expire(self, row: TimerRow) -> None:
        result = await self.manager.expire(row.game_id, row.key)
        if result is not None:
            print(f"fired {result.live.id} {result.seq} {time.time():.3f}", flush=True)


class Publisher:
    """Posts nothing (warnings and late notices)."""

    async def post(self, *_args: Any, **_kwargs: Any) -> None:
        return None


async def play(manager: GameManager, game_id: int) -> None:
    """``play GAME``; any other exception ends it with ``error GAME TYPE: TEXT`` (and its
    traceback on stderr), so the test fails at once instead of waiting for ``over``."""
    try:
        await _play(manager, game_id)
    except Exception as exc:
        traceback.print_exc()
        print(f"error {game_id} {type(exc).__name__}: {exc}".replace("\n", " "), flush=True)


async def _play(manager: GameManager, game_id: int) -> None:
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


def dump_tasks() -> None:
    """Where each asyncio task waits, on stderr: its chain of awaits, outermost first
    (SIGUSR1: a test reporting a hang)."""
    print(f"== fleet worker {os.getpid()}: its asyncio tasks", file=sys.stderr)
    for task in asyncio.all_tasks():
        print(f"{task.get_name()}:", file=sys.stderr)
        step: Any = task.get_coro()
        while step is not None:
            frame = getattr(step, "cr_frame", None) or getattr(step, "ag_frame", None)
            if frame is not None:
                code = frame.f_code
                print(f"  {code.co_filename}:{frame.f_lineno} {code.co_name}", file=sys.stderr)
            step = getattr(step, "cr_await", None) or getattr(step, "ag_await", None)
    sys.stderr.flush()


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("--poll", type=float, default=0.0)
    args = parser.parse_args()
    asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, dump_tasks)
    register(TOY)
    name = f"application_name=fleet-worker-{os.getpid()}"
    storage = Storage(args.url + ("&" if "?" in args.url else "?") + name)
    await storage.open()
    manager = GameManager(storage, lambda: datetime.now(UTC))
    client = Client(manager)
    timers = Timers(client, manager, storage, Publisher(), now=time.time)  # type: ignore[arg-type]
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
