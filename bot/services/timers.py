"""Timers: each game's deadline, turn clock and reminder from the ``timers`` table (one row
per game and kind). They are armed at start-up from the rows alone, without replaying any
game, and re-armed from the committed state after every move (``sync``, from the one path
after a commit). A row that comes due raises a ``timer_due`` event: a deadline is played by
``Deadlines`` (below), clock and reminder rows by ``bot.services.clocks.Clocks``; the
countdown warnings before a deadline are posted here."""

from __future__ import annotations

import asyncio
import heapq
import logging
import os
import secrets
import socket
import time
from collections.abc import Callable, Coroutine
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord

import i18n

from .. import clock
from .. import messages as msg
from ..manager import GameManager
from ..storage import Storage, TimerKind, TimerRow
from . import wording
from .events import TimerDue, raise_event
from .publisher import Publisher

if TYPE_CHECKING:
    from .aftermath import Aftermath

log = logging.getLogger(__name__)

LATE_GRACE = 60.0  # seconds given to a deadline that ran out while the bot was down
# Several processes on one PostgreSQL database: a firing process claims a timer's row for
# LEASE seconds, and each process looks for due timers nobody holds every ``timer_poll``
# seconds (Settings, 2 s), so a timer whose process was killed (its claim, if any, runs
# out) fires elsewhere within LEASE + 2 = 8 s of being due. A row stays until the firing
# replaces it (a deadline's move, a clock's time-out or reminder rewrite it), so a firing
# that failed is tried again once its claim has run out.
LEASE = 6.0

Now = Callable[[], float]  # Unix time, seconds


class Timers:
    """One scheduler task over a heap of due times (not one task per game), so 2,500 armed
    timers cost a heap entry each. A timer replaced or cancelled stays in the heap and is
    skipped when it comes up."""

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
        self._current: dict[tuple[int, str], TimerRow] = {}
        self._heap: list[tuple[float, int, TimerRow, float | None]] = []  # (at, n, row, warn)
        self._count = 0
        self._loop_task: asyncio.Task[None] | None = None
        self._firing: set[asyncio.Task[None]] = set()
        # who claims timers in the database when other processes share it
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        self._poll_task: asyncio.Task[None] | None = None

    async def arm_all(self) -> int:
        """Arm every stored timer (one query, no replay). Returns how many.

        A deadline that ran out while the bot was down gets ``LATE_GRACE`` more seconds
        (stored, so another restart does not add more) and a ping of everyone who may act:
        nobody could act while the bot was away, so nothing is dropped unannounced.
        """
        rows = await self.storage.timers()
        now = self.now()
        for row in rows:
            slot = (row.game_id, row.kind)
            if row.kind != "reminder" and row.due < now - 1 and slot not in self._current:
                if self.storage.shared and not await self.storage.claim_timer(
                    row, self.owner, now, LEASE, same_due=True
                ):
                    continue  # another process is firing it or gave it its grace already
                row = replace(row, due=now + LATE_GRACE)
                await self.storage.set_timer(row)
                task = asyncio.get_running_loop().create_task(
                    self._late(row), name=f"late-{row.game_id}"
                )
                self._firing.add(task)
                task.add_done_callback(self._firing.discard)
            self.arm(row)
        return len(rows)

    async def _late(self, row: TimerRow) -> None:
        try:
            live = await self.manager.load(row.game_id)
            if live.row.status != "running":
                return
            lang = await self.manager.channel_language(live.row.guild_id)
            t = i18n.t
            if row.kind == "clock":
                seat = int(row.key[1:].split("@", 1)[0])
                if row.key.startswith("t"):
                    await self.publisher.post(
                        row.channel_id,
                        t(
                            lang,
                            "bot.timers.late_seat",
                            "⏳ I was offline when {who}'s time ran out, so they have {more} more.",
                            who=msg.who(live, seat, lang),
                            more=wording.duration(LATE_GRACE, lang),
                        ),
                        allowed_mentions=discord.AllowedMentions(users=True),
                    )
                return
            ping = wording.ping_line(live, wording.waiting_seats(live), None, lang)
            await self.publisher.post(
                row.channel_id,
                t(
                    lang,
                    "bot.timers.late_phase",
                    "⏳ I was offline when the time for {phase} ran out, so it runs {more} more.",
                    phase=wording.phase_words(row.label, lang),
                    more=wording.duration(LATE_GRACE, lang),
                )
                + (f"\n{ping}" if ping else ""),
                allowed_mentions=discord.AllowedMentions(users=True),
            )
        except Exception:
            log.exception("late notice of game %s failed", row.game_id)

    def arm(self, row: TimerRow) -> None:
        """Schedule ``row`` (its warnings, then its expiry) unless it is already armed."""
        slot = (row.game_id, row.kind)
        old = self._current.get(slot)
        if old is not None and old.key == row.key and old.due >= row.due:
            return  # already armed (a later due of the same period is a restart's grace)
        self._current[slot] = row
        now = self.now()
        for warn in row.warn_at:
            if row.due - warn > now:
                self._push(row.due - warn, row, warn)
        self._push(row.due, row, None)
        # Wake the scheduler only if this row is now the earliest entry (or it stopped):
        # arming 10,000 timers at start-up is then not 10,000 task restarts.
        task = self._loop_task
        if task is None or task.done() or self._heap[0][2] is row:
            self._restart()

    def _restart(self) -> None:
        """(Re)start the scheduler so it sleeps until the earliest entry."""
        if self._loop_task is not None and not self._loop_task.done():
            self._loop_task.cancel()
        self._loop_task = asyncio.get_running_loop().create_task(self._run(), name="timers")

    def _push(self, at: float, row: TimerRow, warn: float | None) -> None:
        self._count += 1
        heapq.heappush(self._heap, (at, self._count, row, warn))

    def sync(self, game_id: int, deadline: TimerRow | None) -> None:
        """Make the game's deadline timer match its committed state (and its clock and
        reminder timers, from the cached game, which is the committed one)."""
        self.set_kind(game_id, "deadline", deadline)
        live = self.manager.cached(game_id)
        if live is not None and live.row.time_control:
            from .clocks import timers_of

            clock, reminder = timers_of(live)
            self.set_kind(game_id, "clock", clock)
            self.set_kind(game_id, "reminder", reminder)

    def set_kind(self, game_id: int, kind: TimerKind, row: TimerRow | None) -> None:
        """Arm ``row`` as the game's timer of ``kind``, or drop that timer (``None``)."""
        if row is None:
            self._current.pop((game_id, kind), None)
        else:
            self.arm(row)

    def cancel(self, game_id: int) -> None:
        for slot in [s for s in self._current if s[0] == game_id]:
            del self._current[slot]

    def poll(self, every: float) -> None:
        """Every ``every`` seconds, fire the due timers no live process holds (another
        process's, a killed one's): for several processes on one PostgreSQL database."""
        if self._poll_task is None or self._poll_task.done():
            self._poll_task = asyncio.get_running_loop().create_task(
                self._poll(every), name="timer-poll"
            )

    async def _poll(self, every: float) -> None:
        await self.client.wait_until_ready()
        while True:
            try:
                for row in await self.storage.claim_due(self.owner, self.now(), LEASE):
                    self._start(self._fire(row, claimed=True), row.game_id)
            except Exception:
                log.exception("claiming due timers failed")
            await clock.sleep(self.client, every)

    def _start(self, coro: Coroutine[Any, Any, None], game_id: int) -> None:
        task = asyncio.get_running_loop().create_task(coro, name=f"timer-{game_id}")
        self._firing.add(task)
        task.add_done_callback(self._firing.discard)

    def cancel_all(self) -> None:
        self._current.clear()
        self._heap.clear()
        for task in (self._loop_task, self._poll_task, *self._firing):
            if task is not None:
                task.cancel()

    def has_timers(self) -> bool:
        return bool(self._current)

    def armed(self) -> list[TimerRow]:
        return list(self._current.values())

    def _is_current(self, row: TimerRow) -> bool:
        return self._current.get((row.game_id, row.kind)) is row

    async def _run(self) -> None:
        await self.client.wait_until_ready()
        while True:
            while self._heap and not self._is_current(self._heap[0][2]):
                heapq.heappop(self._heap)
            if not self._heap:
                return  # arm() starts a new scheduler
            left = self._heap[0][0] - self.now()
            if left > 0:
                await clock.sleep(self.client, left)
                continue
            _, _, row, warn = heapq.heappop(self._heap)
            self._start(self._warn(row, warn) if warn is not None else self._fire(row), row.game_id)

    async def _warn(self, row: TimerRow, warn: float) -> None:
        if self.storage.shared and not await self.storage.claim_warning(row, warn):
            return  # another process posted it (every process arms the stored timers)
        live = self.manager.cached(row.game_id)
        if live is not None:
            guild = live.row.guild_id
        else:
            stored = await self.storage.get_game(row.game_id)
            guild = stored.guild_id if stored is not None else None
        lang = await self.manager.channel_language(guild)
        await self.publisher.post(
            row.channel_id, wording.warning_line(row.label, warn, row.due, lang)
        )

    async def _fire(self, row: TimerRow, *, claimed: bool = False) -> None:
        """The row came due: it is no longer armed; its handler acts if it is still
        current in the game (``Deadlines``, ``Clocks``). With other processes on the
        database, only the process that claims the row raises it (``claimed``: the poll
        did)."""
        if self._is_current(row):
            del self._current[(row.game_id, row.kind)]
        if self.storage.shared and not claimed:
            try:
                if not await self.storage.claim_timer(row, self.owner, self.now(), LEASE):
                    return  # another process fires it
            except Exception:
                log.exception("claiming the %s timer of game %s failed", row.kind, row.game_id)
                return  # the poll (here or elsewhere) tries again
        raise_event(self.client, TimerDue(row))


class Deadlines:
    """Plays a timed phase's move when its deadline comes due (the ``timer_due`` event of a
    ``deadline`` row), through the one path after a commit."""

    def __init__(self, manager: GameManager, aftermath: Aftermath) -> None:
        self.manager = manager
        self.aftermath = aftermath

    async def on_timer_due(self, event: TimerDue) -> None:
        row = event.row
        if row.kind != "deadline":
            return
        started = time.perf_counter()
        result = await self.manager.expire(row.game_id, row.key)
        if result is None:
            return  # the phase ended otherwise (a move, an undo) before the timer
        await self.aftermath.after_move(result)
        log.debug(
            "game %s: %s expired in %.3f s", row.game_id, row.key, time.perf_counter() - started
        )
