"""AI seats: the driver that plays every AI seat's moves.

The driver is one task per game that has something for an AI seat to do. It plays through
the same manager path as people (``GameManager.play_ai``: the game's lock, apply, commit to
SQLite) and the same path after a commit (``bot.services.aftermath``), so an AI move is
stored, announced with one public message like a person's, and replayed like any other.
Before each move it waits ``pause`` seconds (``Settings.ai_pause``) so people can follow. It
is started:

- after any move is told (the ``move_done`` event, raised once its board is out), so the
  table always reads in order;
- after a game starts or an undo is applied (``table_reset``), when a seat is handed to
  the AI (``bot.services.seats``);
- at start-up for every running game with an AI seat (``resume``), so a restart continues.

Only seats the game is waiting on (``waiting_for``) act: in a simultaneous phase every AI
seat acts once, and one that is done does not act again.

Seats change hands (a member hands theirs to the AI, takes it back, or the host replaces a
player) in ``bot.services.seats``, which kicks this driver and raises ``seat_changed``.
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
from .aftermath import Aftermath
from .events import MoveDone, TableReset
from .publisher import Publisher

log = logging.getLogger(__name__)


def _default(state: GameState[Any], seat: int, rng: Rng) -> Move:
    return state.default_move(seat)


class Autoplay:
    """Plays AI seats (see the module docstring); one driver task per game at most."""

    def __init__(
        self,
        client: discord.Client,
        manager: GameManager,
        publisher: Publisher,
        aftermath: Aftermath,
        *,
        pause: float = 1.5,
    ) -> None:
        self.client = client
        self.manager = manager
        self.publisher = publisher
        self.aftermath = aftermath
        self.pause = max(0.0, pause)
        self.moves = 0  # AI moves committed by this driver (tests, logs)
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()

    # -- starting the driver ------------------------------------------------------------

    @staticmethod
    def has_ai(row: GameRow) -> bool:
        return any(s.kind == "ai" for s in row.seats)

    async def on_move_done(self, event: MoveDone) -> None:
        """A move was told (its board is out): an AI seat may act next. The driver goes on
        by itself after its own moves."""
        if event.result.actor != "ai":
            self._wake(event.result.live.id)

    async def on_table_reset(self, event: TableReset) -> None:
        """A game started or an undo was applied (its board is out)."""
        self._wake(event.live.id)

    def _wake(self, game_id: int) -> None:
        live = self.manager.cached(game_id)
        if live is not None and self.has_ai(live.row) and live.row.status == "running":
            self.kick(game_id)

    def kick(self, game_id: int) -> None:
        """Make sure the game's driver runs (it stops when no AI seat has anything to do)."""
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
            await self.aftermath.drain()
            await self.publisher.drain()
            if not any(not t.done() for t in self._tasks.values()):
                return

    def cancel_all(self) -> None:
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
                    await self.aftermath.after_move(result, wait=False)
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
