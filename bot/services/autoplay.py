"""AI seats: the driver that plays every AI seat's moves, and handing seats between members
and the AI.

The driver is one task per game that has something for an AI seat to do. It plays through
the same manager path as people (``GameManager.play_ai``: the game's lock, apply, commit to
SQLite), so an AI move is stored, announced with one public message like a person's, and
replayed like any other. Before each move it waits ``pause`` seconds (``Settings.ai_pause``)
so people can follow. It is started:

- after a person's or a timer's move, once its board is out (``Publisher.on_sent``), so the
  table always reads in order; a move with no public board starts it at once;
- when a game with AI seats starts, when a seat is handed to the AI;
- at start-up for every running game with an AI seat (``resume``), so a restart continues.

Only seats the game is waiting on (``waiting_for``) act: in a simultaneous phase every AI
seat acts once, and one that is done does not act again.

Seats change hands (a member hands theirs to the AI, takes it back, or the host replaces a
player) in ``bot.services.seats``, which kicks this driver.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from games.core import GameError, GameState, Move, Rng

from .. import clock
from ..manager import GameManager, MoveResult, ai_movers
from ..storage import GameRow
from .notices import Notices
from .publisher import Publisher
from .timers import Timers

log = logging.getLogger(__name__)

FALLBACK = 10.0  # seconds: if an announced move's board never goes out, the AI acts anyway


def _default(state: GameState[Any], seat: int, rng: Rng) -> Move:
    return state.default_move(seat)


class Autoplay:
    """Plays AI seats (see the module docstring); one driver task per game at most."""

    def __init__(
        self,
        client: discord.Client,
        manager: GameManager,
        publisher: Publisher,
        notices: Notices,
        timers: Timers,
        *,
        pause: float = 1.5,
    ) -> None:
        self.client = client
        self.manager = manager
        self.publisher = publisher
        self.notices = notices
        self.timers = timers
        self.pause = max(0.0, pause)
        self.moves = 0  # AI moves committed by this driver (tests, logs)
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        self._fallback: dict[int, asyncio.Task[None]] = {}
        manager.on_commit.append(self._committed)
        publisher.on_sent.append(self._sent)

    # -- starting the driver ------------------------------------------------------------

    @staticmethod
    def has_ai(row: GameRow) -> bool:
        return any(s.kind == "ai" for s in row.seats)

    def _committed(self, result: MoveResult) -> None:
        """A move was committed (called by the manager before it returns)."""
        live = result.live
        if result.actor == "ai" or not self.has_ai(live.row) or live.row.status != "running":
            return  # the driver goes on by itself after its own moves
        if self.publisher.should_announce(result):
            # Act after the board of this move is out (``_sent``), so messages stay in order.
            old = self._fallback.pop(live.id, None)
            if old is not None:
                old.cancel()
            self._fallback[live.id] = asyncio.get_running_loop().create_task(
                self._kick_later(live.id), name=f"ai-fallback-{live.id}"
            )
        else:
            self.kick(live.id)

    def _sent(self, game_id: int) -> None:
        """A board or announcement of the game went out."""
        live = self.manager.cached(game_id)
        if live is not None and self.has_ai(live.row) and live.row.status == "running":
            self.kick(game_id)

    async def _kick_later(self, game_id: int) -> None:
        await clock.sleep(self.client, FALLBACK)
        if self._fallback.get(game_id) is asyncio.current_task():
            del self._fallback[game_id]
            self.kick(game_id)

    def kick(self, game_id: int) -> None:
        """Make sure the game's driver runs (it stops when no AI seat has anything to do)."""
        handle = self._fallback.pop(game_id, None)
        if handle is not None:
            handle.cancel()
        task = self._tasks.get(game_id)
        if task is not None and not task.done():
            self._again.add(game_id)
            return
        self._tasks[game_id] = asyncio.get_running_loop().create_task(
            self._drive(game_id), name=f"ai-{game_id}"
        )

    async def resume(self) -> int:
        """Start the driver of every running game with an AI seat (at start-up). Returns how
        many games were looked at; none is replayed before the driver runs."""
        games = await self.manager.storage.games_with_ai_seats()
        for gid in games:
            self.kick(gid)
        return len(games)

    async def settle(self) -> None:
        """Wait until no driver runs and every announcement is out (tests, shutdown)."""
        while True:
            tasks = [t for t in self._tasks.values() if not t.done()]
            if tasks:
                await asyncio.gather(*tasks, return_exceptions=True)
                continue
            await self.publisher.drain()
            if not any(not t.done() for t in self._tasks.values()):
                return

    def cancel_all(self) -> None:
        for handle in self._fallback.values():
            handle.cancel()
        self._fallback.clear()
        for task in self._tasks.values():
            task.cancel()

    # -- the driver ---------------------------------------------------------------------

    async def _drive(self, game_id: int) -> None:
        try:
            await self.client.wait_until_ready()
            while True:
                self._again.discard(game_id)
                live = await self.manager.load(game_id)
                movers = ai_movers(live)
                if not movers:
                    if game_id in self._again:
                        continue
                    return
                if self.pause:
                    await clock.sleep(self.client, self.pause)
                result = await self._play(game_id, movers[0], live.spec.ai)
                if result is not None:
                    self.moves += 1
                    await self._announce(result)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the AI of game %s stopped", game_id)
        finally:
            if self._tasks.get(game_id) is asyncio.current_task():
                del self._tasks[game_id]

    async def _play(self, game_id: int, seat: int, policy: Any) -> MoveResult | None:
        """The policy's move; if the engine refuses it, the seat's default move instead."""
        choose = policy.choose if policy is not None else _default
        try:
            return await self.manager.play_ai(game_id, seat, choose)
        except GameError as exc:
            log.warning(
                "game %s: the AI's move for seat %s was refused (%s); playing the default",
                game_id,
                seat + 1,
                exc.message,
            )
            return await self.manager.play_ai(game_id, seat, _default)

    async def _announce(self, result: MoveResult) -> None:
        """Tell the table, as for a person's move (``Turns.submit``)."""
        live = result.live
        self.timers.sync(live.id, result.timer)
        public = self.publisher.should_announce(result)
        job = self.publisher.prepare_move(result) if public else None
        await self.notices.deliver(result)
        if job is not None:
            await self.publisher.send(job)
        elif result.events:
            await self.publisher.remember_line(result)
