"""The bot factory shared by ``boardroom run``, ``boardroom preview`` and the tests, and the
composition root: storage -> manager -> services, with the UI's views handed to the
services that post them and the services' event listeners added, all once, here."""

from __future__ import annotations

import asyncio
import logging
import time
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from . import clock, errors
from .db import redact
from .manager import GameManager
from .services import (
    Aftermath,
    Autoplay,
    Boards,
    Clocks,
    Deadlines,
    Lobby,
    Notices,
    Publisher,
    Seats,
    Services,
    Timers,
    Turns,
)
from .services.autoplay import Thinker
from .services.clocks import settle
from .services.events import MoveDone, SeatChanged, TableReset, TimerDue, listener_name
from .settings import Settings
from .storage import Storage
from .translator import CommandTranslator
from .ui import components as ui

log = logging.getLogger("boardroom")


class Boardroom(commands.Bot):
    """discord.py bot with one storage connection, one game manager and its services."""

    def __init__(
        self,
        database: str | Path,
        *,
        settings: Settings | None = None,
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
        self.settings = settings or Settings()
        self.sync_commands = sync_commands
        self.dev_guild_id = dev_guild_id
        self.heartbeat = heartbeat
        self._heartbeat_task: asyncio.Task[None] | None = None
        self._backfill_task: asyncio.Task[None] | None = None
        self._alive_task: asyncio.Task[None] | None = None
        self.started_at = time.perf_counter()
        self.setup_seconds: float | None = None
        self.services = self._build(self.settings)
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]

    def _build(self, settings: Settings) -> Services:
        storage = Storage(self.database, pool_size=settings.db_pool)
        manager = GameManager(
            storage, discord.utils.utcnow, cache_size=settings.cache_size, clock_hook=settle
        )
        boards = Boards(
            settings.render_workers,
            scale=settings.board_scale,
            processes=settings.render_processes,
        )
        publisher = Publisher(self, storage, boards, ui.board_view)
        notices = Notices(
            self, storage, publisher, ui.answer_view, ui.inbox_view, manager.now, ui.panel
        )
        timers = Timers(self, manager, storage, publisher)
        aftermath = Aftermath(self, publisher, notices, timers, ui.panel)
        turns = Turns(manager, aftermath)
        lobby = Lobby(manager, publisher, timers, aftermath, ui.lobby_view)
        autoplay = Autoplay(
            self,
            manager,
            publisher,
            aftermath,
            pause=settings.ai_pause,
            thinker=Thinker(settings.ai_processes, settings.ai_think),
        )
        seats = Seats(self, manager, publisher, autoplay)
        # N time-outs in a row: the AI takes the seat.
        clocks = Clocks(self, manager, storage, publisher, timers, aftermath, seats.hand_to_ai)
        deadlines = Deadlines(manager, aftermath)
        # Who reacts to what (bot.services.events); cogs add their own listeners.
        for listener, event in (
            (autoplay.on_move_done, MoveDone),  # the next AI seat acts
            (autoplay.on_table_reset, TableReset),
            (clocks.on_seat_changed, SeatChanged),  # an AI seat's clock stops
            (clocks.on_timer_due, TimerDue),  # time-outs, reminders
            (deadlines.on_timer_due, TimerDue),  # a timed phase ends
        ):
            self.add_listener(listener, listener_name(event))
        return Services(
            storage,
            manager,
            boards,
            publisher,
            notices,
            timers,
            turns,
            lobby,
            clocks,
            autoplay,
            seats,
            aftermath,
            deadlines,
        )

    @property
    def manager(self) -> GameManager:
        return self.services.manager

    @property
    def storage(self) -> Storage:
        return self.services.storage

    async def add_commands(self) -> None:
        """Add every cog (its slash commands) and the command translator; no connection or
        storage needed (``python -m tools.i18n`` lists the commands this way)."""
        from .cogs import (
            GameCog,
            HistoryCog,
            InfoCog,
            MeCog,
            PlayCog,
            SeatCog,
            StatsCog,
            UndoCog,
        )

        await self.add_cog(GameCog(self))
        await self.add_cog(PlayCog(self))
        await self.add_cog(InfoCog(self))
        await self.add_cog(MeCog(self))
        await self.add_cog(HistoryCog(self))  # after GameCog: adds to /game
        await self.add_cog(SeatCog(self))
        await self.add_cog(UndoCog(self))
        await self.add_cog(StatsCog(self))
        await self.tree.set_translator(CommandTranslator())

    async def setup_hook(self) -> None:
        await self.storage.open()
        self.add_dynamic_items(*ui.DYNAMIC_ITEMS)
        await self.add_commands()
        if self.sync_commands:
            if self.dev_guild_id:
                guild = discord.Object(self.dev_guild_id)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            else:
                await self.tree.sync()
        if self.heartbeat:
            self._heartbeat_task = asyncio.create_task(self._beat(), name="heartbeat")
        if self.settings.alive_every > 0:
            # Turn clocks do not run while the bot is down (before their timers are armed).
            await self.services.clocks.credit_downtime(self.settings.alive_every)
            self._alive_task = asyncio.create_task(self._alive(), name="alive")
        armed = await self.services.timers.arm_all()
        if self.storage.shared and self.settings.timer_poll > 0:
            self.services.timers.poll(self.settings.timer_poll)
        await self.services.autoplay.resume()  # games waiting on AI seats continue
        # Databases from before the timers table: compute those deadlines once, in the
        # background, so start-up never waits for a replay.
        self._backfill_task = asyncio.create_task(self._backfill(), name="timer-backfill")
        self.setup_seconds = time.perf_counter() - self.started_at
        log.info(
            "Boardroom ready in %.2f s: database %s, %d timer(s) armed%s",
            self.setup_seconds,
            redact(self.database),
            armed,
            f", shards {getattr(self, 'shard_ids', None)} of {self.shard_count}"
            if self.shard_count
            else "",
        )

    async def _backfill(self) -> None:
        try:
            if await self.manager.backfill_timers():
                await self.services.timers.arm_all()
        except Exception:
            log.exception("restoring timers of older games failed")

    async def _alive(self) -> None:
        """Stamp ``last_alive`` in the database every ``alive_every`` seconds."""
        while True:
            await clock.sleep(self, self.settings.alive_every)
            try:
                await self.services.clocks.alive()
            except Exception:
                log.exception("stamping last_alive failed")

    async def _beat(self) -> None:
        """Touch the heartbeat file every 30 s while connected (Docker's health check)."""
        await self.wait_until_ready()
        path = Path(self.heartbeat or "")
        while not self.is_closed():
            if self.is_ready():
                path.touch()
            await asyncio.sleep(30)

    async def shutdown(self) -> None:
        """Stop timers and background work, and close the database (also used by tests)."""
        for task in (self._heartbeat_task, self._backfill_task, self._alive_task):
            if task is not None:
                task.cancel()
        self.services.timers.cancel_all()
        self.services.autoplay.close()
        await self.services.aftermath.drain()
        await self.services.publisher.drain()
        self.services.boards.close()
        if self._alive_task is not None and self.storage.is_open:
            try:
                await self.services.clocks.alive()  # a clean stop: downtime counts from now
            except Exception:
                log.exception("stamping last_alive at shutdown failed")
        self._alive_task = None
        await self.storage.close()

    async def close(self) -> None:
        for task in (self._heartbeat_task, self._backfill_task, self._alive_task):
            if task is not None:
                task.cancel()
        self.services.timers.cancel_all()
        self.services.autoplay.cancel_all()
        await super().close()
        await self.shutdown()

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await errors.handle(interaction, error)

    async def on_error(self, event_method: str, /, *args: Any, **kwargs: Any) -> None:
        log.exception("unhandled error in %s", event_method)


class ShardedBoardroom(Boardroom, commands.AutoShardedBot):
    """Boardroom serving some of the bot's shards (``shard_ids`` of ``shard_count``) through
    discord.py's ``AutoShardedBot``; other processes serve the rest on the same PostgreSQL
    database (docs/self-hosting.md)."""


def parse_shards(text: str) -> tuple[list[int], int]:
    """``"0-3/8"`` -> ``([0, 1, 2, 3], 8)``: the shards this process serves, of how many.

    Ids are ranges or single numbers separated by commas (``"0,2,4-5/8"``). Raises
    ``ValueError`` with a sentence naming the problem."""
    ids_text, sep, count_text = text.strip().partition("/")
    if not sep or not count_text.strip().isdigit() or int(count_text) < 1:
        raise ValueError(f"BOARDROOM_SHARDS is written FIRST-LAST/COUNT, e.g. 0-3/8; got {text!r}.")
    count = int(count_text)
    ids: list[int] = []
    for part in ids_text.split(","):
        first, dash, last = part.strip().partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise ValueError(f"BOARDROOM_SHARDS: {part.strip()!r} is not a shard or a range.")
        ids.extend(range(int(first), int(last if dash else first) + 1))
    if not ids or max(ids) >= count or len(set(ids)) != len(ids):
        raise ValueError(
            f"BOARDROOM_SHARDS: shards are numbered 0 to {count - 1}, each once; got {text!r}."
        )
    return sorted(ids), count


def create_bot(
    database: str | Path,
    *,
    settings: Settings | None = None,
    sync_commands: bool = True,
    dev_guild_id: int | None = None,
    heartbeat: str | None = None,
    shards: tuple[list[int], int] | None = None,
) -> Boardroom:
    """Build a ready ``commands.Bot`` for Boardroom on ``database`` (a SQLite file, or a
    ``postgresql://`` URL shared by several processes).

    ``dev_guild_id`` syncs slash commands to that one server only (instant, for development);
    ``heartbeat`` names a file touched every 30 s while connected (Docker's health check);
    ``shards`` (``parse_shards``) makes it serve those shards only (``AutoShardedBot``).
    A fresh bot on the same database resumes every game and timer.
    """
    kwargs: dict[str, Any] = {}
    cls: type[Boardroom] = Boardroom
    if shards is not None:
        cls = ShardedBoardroom
        kwargs = {"shard_ids": shards[0], "shard_count": shards[1]}
    return cls(
        database,
        settings=settings,
        sync_commands=sync_commands,
        dev_guild_id=dev_guild_id,
        heartbeat=heartbeat,
        **kwargs,
    )
