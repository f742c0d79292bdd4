"""The bot factory shared by ``boardroom run``, ``boardroom preview`` and the tests."""

from __future__ import annotations

import asyncio
import logging
import secrets
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from games.core import GameError

from .components import GameButton, GameSelect
from .manager import GameManager
from .router import Router
from .storage import Storage

log = logging.getLogger("boardroom")


class Boardroom(commands.Bot):
    """discord.py bot with one storage connection, one game manager and one router."""

    def __init__(
        self,
        database: str | Path,
        *,
        sync_commands: bool = True,
        dev_guild_id: int | None = None,
        heartbeat: str | None = None,
        **kwargs: Any,
    ) -> None:
        intents = discord.Intents.default()
        super().__init__(
            command_prefix=commands.when_mentioned, intents=intents, help_command=None, **kwargs
        )
        self.database = str(database)
        self.sync_commands = sync_commands
        self.dev_guild_id = dev_guild_id
        self.storage = Storage(self.database)
        self.manager = GameManager(self.storage, discord.utils.utcnow)
        self.router = Router(self)
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        self.heartbeat = heartbeat
        self._heartbeat_task: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        from .cogs import GameCog, InfoCog, PlayCog

        await self.storage.open()
        self.add_dynamic_items(GameButton, GameSelect)
        await self.add_cog(GameCog(self))
        await self.add_cog(PlayCog(self))
        await self.add_cog(InfoCog(self))
        if self.sync_commands:
            if self.dev_guild_id:
                guild = discord.Object(self.dev_guild_id)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            else:
                await self.tree.sync()
        if self.heartbeat:
            self._heartbeat_task = asyncio.create_task(self._beat(), name="heartbeat")
        resumed = await self.router.resume_timers()
        log.info("Boardroom ready: database %s, %d timer(s) resumed", self.database, resumed)

    async def _beat(self) -> None:
        """Touch the heartbeat file every 30 s while connected (Docker's health check)."""
        await self.wait_until_ready()
        path = Path(self.heartbeat or "")
        while not self.is_closed():
            if self.is_ready():
                path.touch()
            await asyncio.sleep(30)

    async def close(self) -> None:
        if self._heartbeat_task is not None:
            self._heartbeat_task.cancel()
        self.router.cancel_all()
        await super().close()
        await self.storage.close()

    async def reply_error(self, interaction: discord.Interaction, text: str) -> None:
        """An ephemeral sentence, whether or not the interaction was answered already."""
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not deliver error to %s: %s", interaction.user, text)

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        original = getattr(error, "original", error)
        if isinstance(original, GameError):
            await self.reply_error(interaction, original.message)
            return
        if isinstance(error, app_commands.CheckFailure):
            await self.reply_error(interaction, "You can't use that command here.")
            return
        await self.report_unexpected(interaction, original)

    async def report_unexpected(
        self, interaction: discord.Interaction, error: BaseException
    ) -> None:
        error_id = secrets.token_hex(4)
        log.error(
            "error %s in interaction %s",
            error_id,
            interaction.id,
            exc_info=(type(error), error, error.__traceback__),
        )
        await self.reply_error(
            interaction,
            f"Sorry, something went wrong on our side (error id `{error_id}`). Nothing was "
            "changed; please try again, and tell the bot's host if it keeps happening.",
        )

    async def on_error(self, event_method: str, /, *args: Any, **kwargs: Any) -> None:
        log.exception("unhandled error in %s", event_method)


def create_bot(
    database: str | Path,
    *,
    sync_commands: bool = True,
    dev_guild_id: int | None = None,
    heartbeat: str | None = None,
) -> Boardroom:
    """Build a ready ``commands.Bot`` for Boardroom on the SQLite file ``database``.

    ``dev_guild_id`` syncs slash commands to that one server only (instant, for development);
    ``heartbeat`` names a file touched every 30 s while connected (Docker's health check).
    A fresh bot on the same database resumes every game and timer.
    """
    return Boardroom(
        database, sync_commands=sync_commands, dev_guild_id=dev_guild_id, heartbeat=heartbeat
    )
