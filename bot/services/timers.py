"""Timers: each game's deadline (and later turn clocks and reminders) from the ``timers``
table. They are armed at start-up from the rows alone, without replaying any game, and
re-armed from the committed state after every move."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

import discord

from ..manager import GameManager
from ..storage import Storage, TimerRow
from .publisher import Publisher

log = logging.getLogger(__name__)

Now = Callable[[], float]  # Unix time, seconds


class Timers:
    def __init__(
        self,
        client: discord.Client,
        manager: GameManager,
        storage: Storage,
        publisher: Publisher,
        now: Now | None = None,
    ) -> None:
        self.client = client
        self.manager = manager
        self.storage = storage
        self.publisher = publisher
        self.now = now or (lambda: discord.utils.utcnow().timestamp())
        self._tasks: dict[tuple[int, str], tuple[TimerRow, asyncio.Task[None]]] = {}

    async def arm_all(self) -> int:
        """Arm every stored timer (one query, no replay). Returns how many."""
        rows = await self.storage.timers()
        for row in rows:
            self.arm(row)
        return len(rows)

    def arm(self, row: TimerRow) -> None:
        """Schedule ``row`` unless the same timer already runs."""
        slot = (row.game_id, row.kind)
        current = self._tasks.get(slot)
        if current is not None:
            old, task = current
            if old.key == row.key and old.due == row.due and not task.done():
                return
            task.cancel()
        task = asyncio.get_running_loop().create_task(
            self._run(row), name=f"timer-{row.game_id}-{row.kind}"
        )
        self._tasks[slot] = (row, task)

    def sync(self, game_id: int, deadline: TimerRow | None) -> None:
        """Make the game's deadline timer match its committed state."""
        if deadline is None:
            self.cancel(game_id)
        else:
            self.arm(deadline)

    def cancel(self, game_id: int) -> None:
        for slot in [s for s in self._tasks if s[0] == game_id]:
            _, task = self._tasks.pop(slot)
            task.cancel()

    def cancel_all(self) -> None:
        for _, task in self._tasks.values():
            task.cancel()
        self._tasks.clear()

    def has_timers(self) -> bool:
        return any(not task.done() for _, task in self._tasks.values())

    def armed(self) -> list[TimerRow]:
        return [row for row, task in self._tasks.values() if not task.done()]

    async def _sleep_until(self, when: float) -> None:
        while True:
            left = when - self.now()
            if left <= 0:
                return
            await asyncio.sleep(left)

    async def _run(self, row: TimerRow) -> None:
        try:
            await self.client.wait_until_ready()
            for warn in sorted(row.warn_at, reverse=True):
                at = row.due - warn
                if at <= self.now():
                    continue
                await self._sleep_until(at)
                await self.publisher.post(
                    row.channel_id,
                    f"⏳ **{int(warn)} seconds left** — {row.label or 'this phase'} "
                    f"ends <t:{int(row.due)}:R>.",
                )
            await self._sleep_until(row.due)
            # Once due, the expiry runs to its end even if this timer is replaced meanwhile:
            # a committed expiry must be announced.
            await asyncio.shield(self._fire(row))
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("timer of game %s failed", row.game_id)

    async def _fire(self, row: TimerRow) -> None:
        started = time.perf_counter()
        result = await self.manager.expire(row.game_id, row.key)
        slot = (row.game_id, row.kind)
        current = self._tasks.get(slot)
        if current is not None and current[0] is row:
            del self._tasks[slot]
        if result is None:
            return
        self.sync(row.game_id, result.timer)
        await self.publisher.send(self.publisher.prepare_move(result))
        log.debug(
            "game %s: %s expired in %.3f s", row.game_id, row.key, time.perf_counter() - started
        )
