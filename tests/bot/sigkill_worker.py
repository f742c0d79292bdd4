"""Child process for ``test_sigkill``: plays toy moves through the real manager and storage,
printing ``ack <game> <seq>`` after each commit returns (the moment the bot would announce)."""

from __future__ import annotations

import asyncio
import sys
from datetime import UTC, datetime

from bot.manager import GameManager
from bot.storage import Storage
from games.core import register
from tests.bot.together import start_toy
from tests.toy import TOY


async def main(path: str, channel: int) -> None:
    register(TOY)
    storage = Storage(path)
    await storage.open()
    manager = GameManager(storage, lambda: datetime.now(UTC))
    while True:
        live = await start_toy(manager, channel, target=50)
        while not live.state.is_over():
            seat = min(live.state.to_act())
            result = await manager.play(live.id, seat + 1, "add 1")
            print(f"ack {live.id} {result.seq}", flush=True)
        channel += 1


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
