"""Turns: a player's move from submission to announcement.

The manager validates, applies and commits under the game's lock (and records who could act
before, for the announcement rule). The interaction is acknowledged within Discord's 3 s
however long that takes: a watchdog defers it privately if the answer is not ready after
``ACK_AFTER`` seconds. After the commit, nothing claims "nothing changed": the timer is
armed from the committed state, private notices go out, and the board is delivered even if
the interaction's reply fails.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

import discord

from .. import clock
from .. import messages as msg
from ..manager import GameManager, LiveGame
from .notices import Notices
from .publisher import Publisher
from .timers import Timers

log = logging.getLogger(__name__)

ACK_AFTER = 2.0  # seconds; Discord drops an interaction not answered within 3 s

PanelFactory = Callable[[LiveGame, int], tuple[str, discord.ui.View]]


class Reply:
    """The answer to one interaction: given once, by response or follow-up, never raising.

    ``panel`` marks a click on an ephemeral panel, whose answer edits that panel.
    """

    def __init__(self, interaction: discord.Interaction, *, panel: bool) -> None:
        self.interaction = interaction
        self.panel = panel
        self._lock = asyncio.Lock()
        self.deferred_privately = False

    @property
    def is_done(self) -> bool:
        return self.interaction.response.is_done()

    async def ack(self) -> None:
        """Defer privately if nothing was answered yet (the watchdog)."""
        async with self._lock:
            if self.is_done:
                return
            try:
                if self.panel:
                    await self.interaction.response.defer()
                else:
                    await self.interaction.response.defer(ephemeral=True, thinking=True)
                self.deferred_privately = True
            except discord.HTTPException as exc:
                log.info(
                    "could not defer interaction %s (HTTP %s)", self.interaction.id, exc.status
                )

    async def private(self, text: str, view: discord.ui.View | None = None) -> None:
        """Answer only the player (or edit their panel)."""
        response = self.interaction.response
        async with self._lock:
            try:
                if not self.is_done:
                    if self.panel:
                        await response.edit_message(content=text, view=view)
                    elif view is not None:
                        await response.send_message(text, ephemeral=True, view=view)
                    else:
                        await response.send_message(text, ephemeral=True)
                elif self.panel:
                    await self.interaction.edit_original_response(content=text, view=view)
                elif view is not None:
                    await self.interaction.followup.send(text, ephemeral=True, view=view)
                else:
                    await self.interaction.followup.send(text, ephemeral=True)
            except discord.HTTPException as exc:
                log.warning(
                    "reply to interaction %s failed (HTTP %s)", self.interaction.id, exc.status
                )

    async def defer_public(self, *, ephemeral: bool) -> bool:
        """Defer so the board can follow as this interaction's reply; ``False`` if that is
        no longer possible (already answered, or the defer failed)."""
        async with self._lock:
            if self.is_done:
                return False
            try:
                await self.interaction.response.defer(thinking=True, ephemeral=ephemeral)
            except discord.HTTPException as exc:
                log.warning(
                    "defer of interaction %s failed (HTTP %s)", self.interaction.id, exc.status
                )
                return False
            return True


class Turns:
    def __init__(
        self,
        manager: GameManager,
        publisher: Publisher,
        notices: Notices,
        timers: Timers,
        panel: PanelFactory,
    ) -> None:
        self.manager = manager
        self.publisher = publisher
        self.notices = notices
        self.timers = timers
        self.panel = panel

    async def submit(
        self,
        interaction: discord.Interaction,
        game_id: int,
        notation: str,
        *,
        expected_seq: int | None = None,
        from_panel: bool = False,
    ) -> None:
        """Apply a move for the interaction's user and tell everyone who needs to know.

        Raises ``GameError`` (nothing changed) before the commit; never after it.
        """
        received = time.monotonic()
        reply = Reply(interaction, panel=from_panel)
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
        live = result.live
        # Everything public is decided now, from the committed state, before any await.
        self.timers.sync(live.id, result.timer)
        public = self.publisher.should_announce(result)
        job = self.publisher.prepare_move(result) if public else None
        table = job is not None and self.publisher.runs_table(live)
        told = await self.notices.deliver(result)
        if job is None and not result.events:
            note = f"✅ `{result.notation}` — done privately."
            if told:
                note += " Sent to " + ", ".join(told) + "."
            await reply.private(note)
            return
        if job is None:
            await self.publisher.remember_line(result)
            note = (
                f"✅ `{result.notation}` — "
                + "; ".join(msg.named(live, e) for e in result.events)
                + "\nYou still have your action: use `/move` or the panel."
            )
            if from_panel and not live.state.is_over() and result.seat in live.state.to_act():
                text, view = self.panel(live, result.seat)
                await reply.private(note + "\n\n" + text, view)
            else:
                await reply.private(note)
            return
        if from_panel:
            await reply.private(f"✅ Played `{result.notation}`.")
            await self.publisher.send(job)
            return
        if await reply.defer_public(ephemeral=table):
            await self.publisher.send(job, interaction, result.notation)
        else:
            await self.publisher.send(job)
            await reply.private(f"✅ Played `{result.notation}`; the board is in the channel.")
