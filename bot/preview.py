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

WELCOME = (
    "👋 **Welcome to the Boardroom preview** — the real bot in a simulated Discord server. "
    "Switch between members with **Viewing as** at the top.\n"
    "1. Type `/game new` and pick a game (Kenchiku: 2–4 players; Masters of Commerce: 3–11).\n"
    "2. Switch to another member and press **Join**; switch back and press **Start**.\n"
    "3. Play with `/move` (start typing: it lists your legal moves) or the **Play** button. "
    "`/hand` shows your private information, `/rules` the rules, `/board` the current board."
)
TICK = 2.0  # seconds between clock catch-ups while a timer runs
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


async def _keep_clock(env: Any, bot: Any, stop: asyncio.Event) -> None:
    """While a game timer runs, advance the virtual clock by the real time that passed.

    Only then: every advance republishes the page, and a browser click made at that instant
    would be refused as stale, so an idle preview leaves the clock alone.
    """
    from simcord import SetupError

    last = time.monotonic()
    while not stop.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), timeout=TICK)
        now = time.monotonic()
        if not bot.services.timers.has_timers() or env._operation_task is not None:
            last = now if not bot.services.timers.has_timers() else last
            continue
        try:
            await env.advance_time(now - last)
            last = now
        except SetupError:
            continue  # a browser action started meanwhile; catch up on the next tick
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
        await bot.shutdown()


async def _serve(simcord: Any, bot: Any, port: int, members: int, database: str | Path) -> None:
    async with simcord.run(bot, check_errors=False) as env:
        guild = env.create_guild("Boardroom preview")
        channel = guild.create_text_channel("games")
        people = [guild.add_member(env.create_user(n)) for n in NAMES[:members]]
        await bot.get_channel(channel.id).send(WELCOME)
        await env.settle()
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
            clock = asyncio.create_task(_keep_clock(env, bot, stop))
            try:
                await page.wait_closed()
            finally:
                stop.set()
                await clock
