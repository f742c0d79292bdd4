"""Waiting on the Discord client's clock.

Every wait that stands for time passing in the game host (a deadline, a turn clock, an AI
seat's pause, the acknowledgement watchdog) goes through ``sleep``, a wait for a client
event with a time-out (``Client.wait_for``) rather than ``asyncio.sleep``. Against Discord
the two are the same. Against a simulated Discord (SimCord, used by the tests and
``boardroom preview``) a ``wait_for`` is a recognised wait: its time-out runs on the
simulation's virtual clock only (``env.advance_time``), never on the wall clock, so what the
bot does never depends on how fast the machine is.
"""

from __future__ import annotations

import asyncio

import discord

TICK = "clock_tick"
"""The client event a ``sleep`` waits for. It is never dispatched to wake anyone: each
``sleep`` dispatches it once when done, which makes discord.py drop that wait's finished
listener (it removes cancelled listeners of an event when the event is dispatched)."""


def _never(*_args: object) -> bool:
    return False


async def sleep(client: discord.Client, seconds: float) -> None:
    """Wait ``seconds`` (0 or less: yield once) on ``client``'s clock. Cancellable."""
    if seconds <= 0:
        await asyncio.sleep(0)
        return
    try:
        await client.wait_for(TICK, check=_never, timeout=seconds)
    except TimeoutError:
        pass
    finally:
        client.dispatch(TICK)
