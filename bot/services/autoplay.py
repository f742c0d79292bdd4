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

**Levels** (issue 21): each AI seat plays at a level, ``easy`` (the games' heuristics),
``normal`` or ``hard`` (the determinised search of ``games.core.search``), stored with the
seat (``SeatRow.ai_level``; ``None``: the game's level ``GameRow.ai_level``, chosen with
``ai=`` at ``/game new``; ``None``: ``normal``), so a restart resumes every seat at its level.

**Thinking off the event loop**: a decision runs in a worker process (``Thinker``, one per
core: ``Settings.ai_processes``), which gets the position pickled, so neither the loop nor
Python's GIL waits for a search; with ``ai_processes=0`` (the tests) it runs in a thread on a
copy of the position. A decision may search for ``Settings.ai_think`` seconds at most (then
the search plays its best move so far). The seat thinks during the visible pause, and its
move is played only if the game has not moved on meanwhile (else it thinks again).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import os
import pickle
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import discord

import i18n
from games.core import GameError, GameState, Move, Msg, Rng, get_game
from games.core.registry import InvalidOptions
from games.core.search import LEVELS, SearchPolicy, clone_state, state_bytes

from .. import clock
from ..manager import (
    GameManager,
    LiveGame,
    LobbyError,
    MoveResult,
    ai_movers,
    ai_seed,
    level_of,
)
from ..storage import GameRow
from .aftermath import Aftermath
from .events import MoveDone, TableReset
from .publisher import Publisher

log = logging.getLogger(__name__)


def _default(state: GameState[Any], seat: int, rng: Rng) -> Move:
    return state.default_move(seat)


# -- levels -------------------------------------------------------------------------------


def check_level(value: str, where: str = "ai") -> str:
    """``value`` as an AI level (``easy``, ``normal`` or ``hard``, any case). Raises
    ``LobbyError`` naming the levels for anything else; ``where`` names what was typed."""
    level = value.strip().lower()
    if level not in LEVELS:
        raise LobbyError(
            Msg(
                "bot.autoplay.not_a_level",
                "`{where}={value}` is not an AI level: use `{where}=easy` (quick, the plain "
                "heuristic), `{where}=normal` (it searches ahead) or `{where}=hard` (a longer "
                "search).",
                where=where,
                value=value.strip()[:20],
            )
        )
    return level


def take_ai_level(words: dict[str, str]) -> str | None:
    """Remove the ``ai`` word from ``/game new`` options; the level, or ``None`` if not
    given. Raises ``LobbyError`` for a value that is no level (nothing is created)."""
    value = words.pop("ai", None)
    return None if value is None else check_level(value)


def rules_lines(lang: str = i18n.DEFAULT) -> list[str]:
    """The AI level option for ``/rules`` (every game has it), in ``lang``."""
    return [
        i18n.t(
            lang,
            "bot.autoplay.rules_ai_option",
            "• `ai` — how well AI seats play: `easy` (the plain heuristic: quick, beatable), "
            "`normal` (it compares its best moves by playing each ahead many times, seeing only "
            "what its seat may see) or `hard` (a longer search). `/seat add_ai level:` and "
            "`/seat ai level:` choose per seat.\n  Default: **normal**.",
        ),
    ]


# -- thinking off the event loop ----------------------------------------------------------


def think(game_key: str, level: str, position: Any, seat: int, seed: int, seconds: float) -> Move:
    """``seat``'s move at ``level`` in ``position`` (a state, or one pickled by
    ``state_bytes``), with the generator ``Rng(seed)``; a search stops after ``seconds``
    (0: its own budget only). Runs in a worker process or thread."""
    state = pickle.loads(position) if isinstance(position, bytes) else position
    spec = get_game(game_key)
    try:
        policy: Any = spec.ai_level(level)
    except InvalidOptions:  # a game without AI: the seat's default move
        return state.default_move(seat)
    if seconds > 0 and isinstance(policy, SearchPolicy):
        deadline = time.monotonic() + seconds
        policy = policy.with_stop(lambda: time.monotonic() > deadline)
    move: Move = policy.choose(state, seat, Rng(seed))
    return move


def _ready() -> None:
    """A thinking process's start: every game loaded before the first decision."""
    from games.core import all_games

    all_games()


class Thinker:
    """Where AI decisions run: ``processes`` worker processes (default: the CPU count;
    started at the first decision), or with ``processes=0`` one thread per core on copies of
    the positions. A process that dies is replaced; its decision is made in a thread."""

    def __init__(self, processes: int | None = None, seconds: float = 3.0) -> None:
        cores = os.cpu_count() or 1
        self.processes = cores if processes is None else max(0, processes)
        self.seconds = seconds
        self._threads = ThreadPoolExecutor(cores, thread_name_prefix="ai")
        self._procs: ProcessPoolExecutor | None = None

    def _pool(self) -> ProcessPoolExecutor | None:
        if self.processes and self._procs is None:
            self._procs = ProcessPoolExecutor(
                self.processes, mp_context=multiprocessing.get_context("spawn"), initializer=_ready
            )
        return self._procs

    async def decide(self, live: LiveGame, seat: int, level: str) -> Move:
        """The move of AI ``seat`` in ``live``'s current position at ``level``, decided off
        the event loop with the generator ``manager.play_ai`` would give it."""
        loop = asyncio.get_running_loop()
        key, seed = live.spec.key, ai_seed(live, seat)
        procs = self._pool()
        if procs is not None:
            try:
                blob = state_bytes(live.state)
            except Exception:  # a state pickle cannot rebuild: think in a thread
                blob = None
            if blob is not None:
                job = functools.partial(think, key, level, blob, seat, seed, self.seconds)
                try:
                    return await loop.run_in_executor(procs, job)
                except BrokenProcessPool:
                    log.warning("an AI process died; starting new ones")
                    self._procs = None
                    procs.shutdown(wait=False, cancel_futures=True)
        copy = clone_state(live.state)  # the live state changes under a thread otherwise
        job = functools.partial(think, key, level, copy, seat, seed, self.seconds)
        executor: Executor = self._threads
        return await loop.run_in_executor(executor, job)

    def close(self) -> None:
        self._threads.shutdown(wait=False, cancel_futures=True)
        if self._procs is not None:
            self._procs.shutdown(wait=False, cancel_futures=True)
            self._procs = None


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
        thinker: Thinker | None = None,
    ) -> None:
        self.client = client
        self.manager = manager
        self.publisher = publisher
        self.aftermath = aftermath
        self.pause = max(0.0, pause)
        self.thinker = thinker or Thinker()
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

    def close(self) -> None:
        """Stop every driver and the thinking workers (shutdown)."""
        self.cancel_all()
        self.thinker.close()

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
                result = await self._think_and_play(live, movers[0])
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

    async def _think_and_play(self, live: LiveGame, seat: int) -> MoveResult | None:
        """``seat`` thinks during the visible pause, then plays its move if the game is
        still where it thought (``None`` otherwise: the driver looks again)."""
        level = level_of(live.row, seat)
        thinking = asyncio.ensure_future(self.thinker.decide(live, seat, level))
        seq = live.seq
        try:
            if self.pause:
                await clock.sleep(self.client, self.pause)
            move = await thinking
        finally:
            thinking.cancel()
        return await self._play(live.id, seat, lambda _state, _seat, _rng: move, seq)

    async def _play(
        self,
        game_id: int,
        seat: int,
        choose: Any,
        at_seq: int | None = None,
    ) -> MoveResult | None:
        """``choose``'s move; if the engine refuses it, the seat's default move instead."""
        try:
            return await self.manager.play_ai(game_id, seat, choose, at_seq=at_seq)
        except GameError as exc:
            log.warning(
                "game %s: the AI's move for seat %s was refused (%s); playing the default",
                game_id,
                seat + 1,
                exc.message,
            )
            return await self.manager.play_ai(game_id, seat, _default)
