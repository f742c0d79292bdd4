"""AI seats: the driver that plays every AI seat's moves, and handing seats between members
and the AI.

The driver is one task per game that has something for an AI seat to do. It plays through
the same manager path as people (``GameManager.play_ai``: the game's lock, apply, commit to
SQLite) and the same path after a commit (``bot.services.aftermath``), so an AI move is
stored, announced with one public message like a person's, and replayed like any other.
Before each move it waits ``pause`` seconds (``Settings.ai_pause``) so people can follow. It
is started:

- after any move is told (the ``move_done`` event, raised once its board is out), so the
  table always reads in order;
- after a game starts or an undo is applied (``table_reset``), when a seat is handed to
  the AI;
- at start-up for every running game with an AI seat (``resume``), so a restart continues.

Only seats the game is waiting on (``waiting_for``) act: in a simultaneous phase every AI
seat acts once, and one that is done does not act again.

API for other services (the turn clock hands a seat over after repeated time-outs)::

    seat_row = await autoplay.hand_to_ai(game_id, seat, reason)   # 0-based seat
    seat = await autoplay.take_back(game_id, user_id)             # returns the 0-based seat

Both raise ``LobbyError`` (a sentence for the player) and change nothing when refused, and
both post one line in the game's channel. A change of hands raises ``seat_changed`` (the
turn clocks resync).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from games.core import GameError, GameState, Move, Rng, get_game

from .. import clock
from ..manager import GameManager, LobbyError, MoveResult, ai_movers
from ..storage import GameRow, SeatRow
from .aftermath import Aftermath
from .events import MoveDone, SeatChanged, TableReset, raise_event
from .publisher import Publisher

log = logging.getLogger(__name__)

AI_SUFFIX = " (AI)"  # added to a member's name while the AI plays their seat
NAME_CHARS = 32  # Discord display names are at most 32 characters


def ai_seat_name(name: str) -> str:
    """``"alice"`` -> ``"alice (AI)"``: a handed-over seat keeps its member's name."""
    return name if name.endswith(AI_SUFFIX) else name[:NAME_CHARS] + AI_SUFFIX


def member_name(name: str) -> str:
    """``"alice (AI)"`` -> ``"alice"``."""
    return name[: -len(AI_SUFFIX)] if name.endswith(AI_SUFFIX) else name


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

    # -- seats changing hands ----------------------------------------------------------

    async def _seat_changed(self, game_id: int) -> None:
        raise_event(self.client, SeatChanged(game_id))

    async def hand_to_ai(self, game_id: int, seat: int, reason: str = "") -> SeatRow:
        """Let the AI play ``seat`` (0-based) of a running game until its member takes it
        back. ``reason`` (plain words, e.g. ``"3 time-outs in a row"``) is told to the table.

        Raises ``LobbyError`` if the game is not running, the seat does not exist or is
        already the AI's, or the game has no AI policy. Returns the new seat row (kind
        ``ai``, ``owner_id`` the member who may take it back).
        """

        def change(row: GameRow, old: SeatRow) -> SeatRow:
            spec = get_game(row.game_key)
            if spec.ai is None:
                raise LobbyError(f"{spec.title} has no AI player yet.")
            if old.kind == "ai":
                raise LobbyError(
                    f"Seat {seat + 1} ({old.display_name}) is already played by the AI."
                )
            owner = old.user_id if old.kind == "human" else old.owner_id
            return SeatRow(seat, None, ai_seat_name(old.display_name), "ai", owner)

        old, new = await self.manager.set_seat(game_id, seat, change)
        await self._seat_changed(game_id)
        row = await self._row(game_id)
        back = (
            f" <@{new.owner_id}> can take it back with `/seat takeback`."
            if new.owner_id is not None
            else ""
        )
        because = f" ({reason})" if reason else ""
        await self.publisher.post(
            row.channel_id,
            f"🤖 The AI plays seat {seat + 1} (**{member_name(old.display_name)}**) "
            f"now{because}.{back}",
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.kick(game_id)
        return new

    async def take_back(self, game_id: int, user_id: int, name: str | None = None) -> int:
        """Give the member ``user_id`` back the seat the AI plays for them; ``name`` is their
        display name now (default: the name they had). Returns the 0-based seat.

        Raises ``LobbyError`` if no running seat of that game is the AI's for them.
        """
        row = await self._row(game_id)
        seat = next((s.seat for s in row.seats if s.kind == "ai" and s.owner_id == user_id), None)
        if seat is None:
            raise LobbyError("The AI is not playing a seat for you in this game.")

        def change(row: GameRow, old: SeatRow) -> SeatRow:
            if old.kind != "ai" or old.owner_id != user_id:
                raise LobbyError("The AI is not playing a seat for you in this game.")
            if row.seat_of(user_id) is not None:
                raise LobbyError("You already play another seat of this game.")
            return SeatRow(seat, user_id, name or member_name(old.display_name), "human", None)

        await self.manager.set_seat(game_id, seat, change)
        await self._seat_changed(game_id)
        await self.publisher.post(
            row.channel_id,
            f"🙋 <@{user_id}> takes seat {seat + 1} back from the AI.",
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await self._ping_if_waiting(game_id, seat)
        return seat

    async def replace(
        self, game_id: int, seat: int, member: tuple[int, str] | None, by: int
    ) -> SeatRow:
        """Seat ``seat`` (0-based) is played by ``member`` (user id, display name) from now
        on, or by the AI if ``None`` (its member may take it back). ``by`` is who decided;
        the permission check is the caller's. Raises ``LobbyError`` and changes nothing if
        the member already plays a seat or already plays this one.
        """
        if member is None:
            return await self.hand_to_ai(game_id, seat, f"set by <@{by}>")
        user_id, name = member

        def change(row: GameRow, old: SeatRow) -> SeatRow:
            taken = row.seat_of(user_id)
            if taken is not None:
                raise LobbyError(f"<@{user_id}> already plays seat {taken + 1}.")
            return SeatRow(seat, user_id, name, "human", None)

        old, _new = await self.manager.set_seat(game_id, seat, change)
        await self._seat_changed(game_id)
        row = await self._row(game_id)
        await self.publisher.post(
            row.channel_id,
            f"🔁 <@{user_id}> plays seat {seat + 1} (was **{old.display_name}**) now, "
            f"set by <@{by}>.",
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await self._ping_if_waiting(game_id, seat)
        return SeatRow(seat, user_id, name, "human", None)

    async def _ping_if_waiting(self, game_id: int, seat: int) -> None:
        """A member who now holds a seat the game waits on is told so."""
        live = await self.manager.load(game_id)
        if live.row.status != "running" or seat not in live.state.waiting_for():
            return
        user = live.row.user_of(seat)
        if user is not None:
            await self.publisher.post(
                live.row.channel_id,
                f"<@{user}>, it's your turn — use `/move` or press **Play** on the board.",
                allowed_mentions=discord.AllowedMentions(users=True),
            )

    async def _row(self, game_id: int) -> GameRow:
        row = await self.manager.storage.get_game(game_id)
        if row is None:
            raise LobbyError("That game no longer exists.")
        return row
