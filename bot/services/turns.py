"""Turns: a player's move from submission to the one path after a commit.

The manager validates, applies and commits under the game's lock. The interaction is
acknowledged within Discord's 3 s however long that takes: a watchdog defers it privately if
the answer is not ready after ``ACK_AFTER`` seconds. After the commit, everything else
(timers, private notices, the player's answer, the board, events) is
``bot.services.aftermath``'s, the same for every producer of a move.
"""

from __future__ import annotations

import asyncio
import time

import discord

from .. import clock
from ..manager import GameManager
from .aftermath import Aftermath, Reply

ACK_AFTER = 2.0  # seconds; Discord drops an interaction not answered within 3 s


class Turns:
    def __init__(self, manager: GameManager, aftermath: Aftermath) -> None:
        self.manager = manager
        self.aftermath = aftermath

    async def submit(
        self,
        interaction: discord.Interaction,
        game_id: int,
        notation: str,
        *,
        expected_seq: int | None = None,
        from_panel: bool = False,
        answer: bool = False,
    ) -> None:
        """Apply a move for the interaction's user and tell everyone who needs to know.

        ``from_panel``: a click on a turn panel (its answer edits the panel); ``answer``: a
        one-click answer in a DM (the DM keeps what it said, its buttons are disabled).
        Raises ``GameError`` (nothing changed) before the commit; never after it.
        """
        received = time.monotonic()
        reply = Reply(interaction, panel=from_panel, keep=answer)
        loop = asyncio.get_running_loop()
        acks: list[asyncio.Task[None]] = []

        async def watch() -> None:
            await clock.sleep(interaction.client, ACK_AFTER)
            acks.append(loop.create_task(reply.ack()))

        watchdog = loop.create_task(watch(), name="ack-watchdog")
        try:
            result = await self.manager.play(
                game_id,
                interaction.user.id,
                notation,
                expected_seq=expected_seq,
                received_at=received,
                sent_at=interaction.created_at.timestamp(),
            )
        finally:
            watchdog.cancel()
            if acks:
                await asyncio.gather(*acks)
        interaction.extras["committed"] = result.notation
        await self.aftermath.after_move(result, reply=reply)


__all__ = ["ACK_AFTER", "Reply", "Turns"]
