"""The async game manager: one lock per game; load/replay/cache; apply; commit; then return.

Nothing here talks to Discord. Callers announce a ``MoveResult`` only after ``play`` returns,
which is after the move was committed to SQLite, so an acknowledged move is never lost.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from games.core import (
    Deadline,
    GameError,
    GameRecord,
    GameSpec,
    GameState,
    InvalidMove,
    Notice,
    NotYourTurn,
    get_game,
    normalize_notation,
    replay,
)

from .storage import GameRow, Storage

log = logging.getLogger(__name__)


class LobbyError(GameError):
    """A lobby rule was broken (full table, not the host, already joined...)."""


@dataclass
class LiveGame:
    """A running (or finished) game: its row, record and derived state."""

    row: GameRow
    spec: GameSpec
    record: GameRecord
    state: GameState

    @property
    def seq(self) -> int:
        """Number of moves applied; the next move gets this sequence number."""
        return len(self.record.moves)

    def name(self, seat: int) -> str:
        return self.row.seats[seat].display_name

    def deadline(self) -> Deadline | None:
        return None if self.state.is_over() else self.state.deadline()


@dataclass
class MoveResult:
    live: LiveGame
    seat: int
    notation: str
    events: list[str]
    seq: int  # sequence number of this move
    by_timer: bool = False
    notices: Mapping[int, Notice] = field(default_factory=dict)
    public: str | None = None  # what others may see of the move; None = nothing


def parse_options(text: str | None) -> dict[str, str]:
    """``"timer=300 auction=sealed"`` -> ``{"timer": "300", "auction": "sealed"}``.

    Raises ``LobbyError`` for a word without ``=``.
    """
    out: dict[str, str] = {}
    for word in (text or "").replace(",", " ").split():
        if "=" not in word:
            raise LobbyError(
                f"Options are written `name=value`, separated by spaces; `{word}` has no `=`."
            )
        k, v = word.split("=", 1)
        out[k.strip().lower()] = v.strip()
    return out


class GameManager:
    def __init__(self, storage: Storage, clock: Callable[[], datetime]) -> None:
        self.storage = storage
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}
        self._cache: dict[int, LiveGame] = {}

    def now(self) -> str:
        return self.clock().isoformat()

    def lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    # -- lobby ------------------------------------------------------------------------

    async def new_lobby(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game_key: str,
        options: Mapping[str, Any],
        seed: int | None,
        host_id: int,
        host_name: str,
    ) -> GameRow:
        """Create a lobby; raises ``LobbyError`` if the channel has an unfinished game."""
        spec = get_game(game_key)
        resolved = spec.resolve_options(options)  # reject unknown options now, not at start
        existing = await self.storage.active_game_in_channel(channel_id)
        if existing is not None:
            what = "a lobby" if existing.status == "lobby" else "a game in progress"
            raise LobbyError(
                f"This channel already has {what} ({get_game(existing.game_key).title}, "
                f"game #{existing.id}). Finish it or ask the host to `/game abandon` it first, "
                "or start a thread for a second game."
            )
        given = {k: resolved[k] for k in options}
        game_id = await self.storage.create_game(
            guild_id=guild_id,
            channel_id=channel_id,
            game_key=game_key,
            engine_version=spec.engine_version,
            seed=seed if seed is not None else secrets.randbits(48),
            options=given,
            host_id=host_id,
            host_name=host_name,
            now=self.now(),
        )
        row = await self.storage.get_game(game_id)
        assert row is not None
        return row

    async def _lobby_in(self, channel_id: int) -> GameRow:
        row = await self.storage.active_game_in_channel(channel_id)
        if row is None:
            raise LobbyError("There is no game here yet. Start one with `/game new`.")
        if row.status != "lobby":
            raise LobbyError("The game here has already started; seats are fixed now.")
        return row

    async def join(self, channel_id: int, user_id: int, name: str) -> GameRow:
        row = await self._lobby_in(channel_id)
        async with self.lock(row.id):
            row = await self._lobby_in(channel_id)
            spec = get_game(row.game_key)
            if row.seat_of(user_id) is not None:
                raise LobbyError("You are already seated at this table.")
            if len(row.seats) >= spec.max_players:
                raise LobbyError(
                    f"The table is full: {spec.title} takes at most {spec.max_players} players."
                )
            await self.storage.add_seat(row.id, user_id, name)
            fresh = await self.storage.get_game(row.id)
            assert fresh is not None
            return fresh

    async def leave(self, channel_id: int, user_id: int) -> GameRow:
        row = await self._lobby_in(channel_id)
        async with self.lock(row.id):
            row = await self._lobby_in(channel_id)
            if row.seat_of(user_id) is None:
                raise LobbyError("You are not seated at this table.")
            if len(row.seats) == 1:
                await self.storage.set_status(row.id, "abandoned", self.now())
            else:
                await self.storage.remove_seat(row.id, user_id)
                if row.host_id == user_id:
                    others = [s for s in row.seats if s.user_id != user_id]
                    await self.storage.set_host(row.id, others[0].user_id)
            fresh = await self.storage.get_game(row.id)
            assert fresh is not None
            return fresh

    async def start(self, channel_id: int, user_id: int) -> LiveGame:
        row = await self._lobby_in(channel_id)
        async with self.lock(row.id):
            row = await self._lobby_in(channel_id)
            if user_id != row.host_id:
                raise LobbyError(f"Only the host, <@{row.host_id}>, can start the game.")
            spec = get_game(row.game_key)
            spec.check_players(len(row.seats))
            resolved = spec.resolve_options(row.options)
            state = spec.new_game(resolved, len(row.seats), row.seed)
            dl = state.deadline()
            now = self.now()
            await self.storage.start_game(
                row.id, row.options, now, dl.key if dl else None, now if dl else None
            )
            fresh = await self.storage.get_game(row.id)
            assert fresh is not None
            record = GameRecord(
                row.game_key, spec.engine_version, row.seed, len(row.seats), dict(row.options)
            )
            live = LiveGame(fresh, spec, record, state)
            self._cache[row.id] = live
            return live

    async def abandon(self, game_id: int) -> GameRow:
        async with self.lock(game_id):
            row = await self.storage.get_game(game_id)
            if row is None or row.status not in ("lobby", "running"):
                raise LobbyError("That game is already over.")
            await self.storage.set_status(game_id, "abandoned", self.now())
            self._cache.pop(game_id, None)
            fresh = await self.storage.get_game(game_id)
            assert fresh is not None
            return fresh

    # -- play -------------------------------------------------------------------------

    async def load(self, game_id: int) -> LiveGame:
        """The cached live game, or rebuilt by replaying its stored moves."""
        live = self._cache.get(game_id)
        if live is not None:
            return live
        row = await self.storage.get_game(game_id)
        if row is None:
            raise LobbyError("That game no longer exists.")
        if row.status == "lobby":
            raise LobbyError("That game has not started yet.")
        spec = get_game(row.game_key)
        if row.engine_version != spec.engine_version:
            log.warning(
                "game %s was created with %s engine v%s; running v%s",
                row.id,
                row.game_key,
                row.engine_version,
                spec.engine_version,
            )
        moves = await self.storage.moves(game_id)
        record = GameRecord(
            row.game_key,
            row.engine_version,
            row.seed,
            len(row.seats),
            dict(row.options),
            [(m.seat, m.notation) for m in moves],
        )
        try:
            state = replay(record)
        except GameError:
            if row.engine_version == spec.engine_version:
                raise  # a stored move the same engine refuses is a bug: let it be reported
            raise LobbyError(
                f"This game was recorded by version {row.engine_version} of the "
                f"{spec.title} rules engine, and this bot runs version {spec.engine_version}, "
                "which cannot replay it. The host can `/game abandon` it."
            ) from None
        live = LiveGame(row, spec, record, state)
        self._cache[game_id] = live
        return live

    async def live_in_channel(self, channel_id: int) -> LiveGame:
        row = await self.storage.active_game_in_channel(channel_id)
        if row is None:
            row = await self.storage.latest_game_in_channel(channel_id)
            if row is None or row.status in ("abandoned",):
                raise LobbyError("There is no game in this channel. Start one with `/game new`.")
        if row.status == "lobby":
            raise LobbyError("The game here has not started yet: join it, then the host starts it.")
        return await self.load(row.id)

    async def play(
        self,
        game_id: int,
        user_id: int,
        notation: str,
        *,
        expected_seq: int | None = None,
    ) -> MoveResult:
        """Parse, validate, apply and commit one move by a Discord user.

        Raises ``GameError`` subclasses (with a player-facing sentence) and changes nothing
        when the user is not seated, the board is stale, or the move is not legal.
        """
        async with self.lock(game_id):
            live = await self.load(game_id)
            if live.row.status != "running":
                raise NotYourTurn("This game is over; no more moves can be made.")
            seat = live.row.seat_of(user_id)
            if seat is None:
                raise NotYourTurn("You are not playing in this game.")
            if expected_seq is not None and expected_seq != live.seq:
                raise NotYourTurn(
                    "This board is out of date: moves were made since. Use the latest board "
                    "message or `/play`."
                )
            dl = live.deadline()
            if dl is not None and normalize_notation(notation) == dl.move.notation:
                raise InvalidMove("That happens by itself when the time runs out.")
            move = live.state.parse_move(seat, notation)
            return await self._commit(live, seat, move, user_id, by_timer=False)

    async def expire(self, game_id: int, key: str) -> MoveResult | None:
        """Apply the running deadline's move if ``key`` still names the running phase."""
        async with self.lock(game_id):
            live = await self.load(game_id)
            dl = live.deadline()
            if live.row.status != "running" or dl is None or dl.key != key:
                return None
            return await self._commit(live, dl.seat, dl.move, None, by_timer=True)

    async def _commit(
        self, live: LiveGame, seat: int, move: Any, user_id: int | None, *, by_timer: bool
    ) -> MoveResult:
        before = live.deadline()
        events = live.state.apply(seat, move)
        notices = live.state.notices(seat, move)
        public = live.state.public_notation(seat, move)
        notation = move.notation
        seq = live.seq
        after = live.deadline()
        outcome = live.state.outcome()
        now = self.now()
        if after is None:
            phase_key, started = None, None
        elif before is not None and before.key == after.key:
            phase_key, started = after.key, live.row.phase_started_at
        else:
            phase_key, started = after.key, now
        try:
            await self.storage.append_move(
                live.row.id,
                seq,
                seat,
                notation,
                user_id,
                now,
                public="" if public is None else public,
                phase_key=phase_key,
                phase_started_at=started,
                finished_outcome=outcome.to_dict() if outcome else None,
            )
        except BaseException:
            # The in-memory state moved ahead of the database: forget it; the next load
            # replays what was actually committed.
            self._cache.pop(live.row.id, None)
            raise
        live.record.moves.append((seat, notation))
        live.row.phase_key, live.row.phase_started_at = phase_key, started
        if outcome is not None:
            live.row.status = "finished"
            live.row.outcome = outcome.to_dict()
        return MoveResult(live, seat, notation, events, seq, by_timer, notices, public)

    async def running_with_deadlines(self) -> list[LiveGame]:
        """Every running game whose state has a deadline (for timer resume at start-up)."""
        out = []
        for row in await self.storage.running_games():
            if row.phase_key:
                try:
                    out.append(await self.load(row.id))
                except Exception:  # a broken game must not stop the others resuming
                    log.exception("could not load game %s for timer resume", row.id)
        return out
