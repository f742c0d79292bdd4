"""``boardroom preview``: the real bot against SimCord's simulated Discord in a browser page.

Four (or more) simulated members share one #games channel; the page lets you switch
between them, type slash commands and click buttons. Games are stored in a SQLite file on
disk, so they survive a restart of the preview. SimCord's virtual clock only moves when
advanced, so a background task keeps it in step with real time (negotiation countdowns
end in the browser too).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from pathlib import Path
from typing import Any

log = logging.getLogger("boardroom.preview")

NAMES = (
    "alice",
    "bob",
    "carol",
    "dave",
    "erin",
    "frank",
    "grace",
    "heidi",
    "ivan",
    "judy",
    "mallory",
)


async def _keep_clock(env: object, stop: asyncio.Event) -> None:
    """Advance the virtual clock by the real time that passed, about once a second."""
    from simcord import SetupError

    last = time.monotonic()
    while not stop.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), timeout=1.0)
        now = time.monotonic()
        try:
            await env.advance_time(now - last)  # type: ignore[attr-defined]
            last = now
        except SetupError:
            continue  # a browser action is running; catch up on the next tick
        except Exception:
            log.exception("could not advance the preview clock")


async def run_preview(database: str | Path, *, port: int = 8765, members: int = 4) -> None:
    try:
        import simcord
    except ImportError:
        raise SystemExit(
            "boardroom preview needs SimCord: pip install -e '.[preview]' (see README)"
        ) from None
    from .app import create_bot

    bot = create_bot(database)
    try:
        await _serve(simcord, bot, port, members, database)
    finally:
        bot.router.cancel_all()
        await bot.storage.close()


async def _serve(simcord: Any, bot: Any, port: int, members: int, database: str | Path) -> None:
    async with simcord.run(bot, check_errors=False) as env:
        guild = env.create_guild("Boardroom preview")
        channel = guild.create_text_channel("games")
        people = [guild.add_member(env.create_user(n)) for n in NAMES[:members]]
        async with env.preview(
            channel, viewers=people, layout="channel", port=port, width=1280, height=900
        ) as page:
            print(
                f"\nBoardroom preview is running with {members} simulated members "
                f"({', '.join(NAMES[:members])})."
            )
            print(f"Open this address in your browser:\n\n    {page.url}\n")
            print("Type /game new in the composer, switch members to join, then /game start.")
            print(f"Games are saved in {Path(database).resolve()}. Stop with Ctrl+C.\n", flush=True)
            stop = asyncio.Event()
            clock = asyncio.create_task(_keep_clock(env, stop))
            try:
                await page.wait_closed()
            finally:
                stop.set()
                await clock
