"""The async game manager: one lock per game; lazy load/replay into a bounded cache; apply;
commit; then return.

Nothing here talks to Discord. Callers announce a ``MoveResult`` only after ``play`` returns,
which is after the move was committed to SQLite, so an acknowledged move is never lost.
Games are replayed when first used (in a worker thread), never at start-up, and the cache
holds at most ``cache_size`` games with no move lists: a game is its state and a count.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from datetime import datetime
from enum import Enum
from typing import Any, TypeVar

import i18n
from games.core import (
    SYSTEM,
    Deadline,
    GameError,
    GameRecord,
    GameSpec,
    GameState,
    InvalidMove,
    Move,
    Notice,
    NotYourTurn,
    Rng,
    get_game,
    normalize_notation,
)
from games.core.text import Msg

from .storage import (
    Actor,
    ClockWrite,
    GameRow,
    ImportWrite,
    MoveWrite,
    SeatRow,
    Storage,
    TimerRow,
)

log = logging.getLogger(__name__)

T = TypeVar("T")

STALE = Msg(
    "bot.manager.board_out_date_moves",
    "This board is out of date: moves were made since. Use the latest board or `/play`.",
)


class LobbyError(GameError):
    """A lobby rule was broken (full table, not the host, already joined...)."""


class DuplicateMove(GameError):
    """The same move was sent twice at once by the same player; it was applied once."""


class ReplayDiverged(GameError):
    """A stored game no longer replays to what its players were shown."""


def spectator(what: str = "moves") -> str:
    """The polite refusal a member without a seat gets (``what``: "a hand", "moves", …)."""
    return Msg(
        "bot.manager.re_watching_game_only",
        "👀 You're watching this game: only its players have {what}. Everyone in the channel sees "
        "the public board; to play, join the next table (`/game new`, or **Join** on a lobby).",
        what=what,
    )


_LEAVES = frozenset({str, int, float, bool, type(None)})
_FIELDS: dict[type, tuple[str, ...]] = {}  # a dataclass's field names, by class


def _plain(value: Any) -> Any:
    """A view as JSON-able data in a stable form (sets sorted, enums by value). The exact
    types views are made of (leaves, tuples, lists, dicts, dataclasses) are recognised by
    their type first: a digest is taken for every move, and the generic checks below cost
    most of its time."""
    kind = type(value)
    if kind in _LEAVES:
        return value
    if kind is tuple or kind is list:
        return [_plain(v) for v in value]
    names = _FIELDS.get(kind)
    if names is not None:
        return {name: _plain(getattr(value, name)) for name in names}
    if is_dataclass(value) and not isinstance(value, type):
        names = _FIELDS[kind] = tuple(f.name for f in fields(value))
        return {name: _plain(getattr(value, name)) for name in names}
    if isinstance(value, Enum):
        return _plain(value.value)
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, (set, frozenset)):
        return sorted((_plain(v) for v in value), key=repr)
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return repr(value)


def public_digest(view: Any) -> str:
    """16 hex digits of BLAKE2b over the public view's canonical JSON.

    Stored with each move, so a replay that no longer reaches the same public position (an
    engine change) is detected instead of silently changing a game.
    """
    text = json.dumps(_plain(view), sort_keys=True, separators=(",", ":"), default=repr)
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


@dataclass
class LiveGame:
    """A running (or finished) game: its row and derived state, with no move list."""

    row: GameRow
    spec: GameSpec
    state: GameState[Any]
    seq: int  # number of moves applied; the next move gets this sequence number
    digest: str | None = None
    # (user id, notation, monotonic time, Unix time) of the last move committed here
    last_commit: tuple[int | None, str, float, float] | None = None
    # ``Storage.line_stamp`` when this copy was last in step with the database (set only
    # when other processes share it): a different stored stamp means the copy is stale
    stamp: tuple[int, int] | None = None
    _deadline_at: int = field(default=-1, repr=False)
    _deadline: Deadline | None = field(default=None, repr=False)
    _view_at: int = field(default=-1, repr=False)
    _view: Any = field(default=None, repr=False)

    @property
    def id(self) -> int:
        return self.row.id

    def name(self, seat: int) -> str:
        if 0 <= seat < len(self.row.seats):
            return self.row.seats[seat].display_name
        return "⏰ timer" if seat == SYSTEM else f"p{seat + 1}"

    def names(self) -> list[str]:
        """Display names by seat, for renderers (``render_board(view, names=...)``)."""
        return [s.display_name for s in self.row.seats]

    def public_view(self) -> Any:
        """``state.view(None)``, computed once per move (the digest, the announcement, its
        whose-turn and status lines all read it). Shared: never change it."""
        if self._view_at != self.seq:
            self._view = self.state.view(None)
            self._view_at = self.seq
        return self._view

    def deadline(self) -> Deadline | None:
        """The running deadline (computed once per move)."""
        if self._deadline_at != self.seq:
            self._deadline = None if self.state.is_over() else self.state.deadline()
            self._deadline_at = self.seq
        return self._deadline

    def due(self) -> float | None:
        """Unix time at which the running deadline expires, or ``None``."""
        dl = self.deadline()
        if dl is None or not self.row.phase_started_at:
            return None
        return datetime.fromisoformat(self.row.phase_started_at).timestamp() + dl.seconds

    def deadline_timer(self) -> TimerRow | None:
        dl, due = self.deadline(), self.due()
        if dl is None or due is None:
            return None
        return TimerRow(
            self.row.id,
            "deadline",
            dl.key,
            due,
            tuple(dl.warn_at),
            self.state.phase_name(),
            self.row.channel_id,
        )


# Turn clocks (bot.services.clocks): given the live game after a move (or at the start:
# seat None), the acting seat and actor, and the Unix time, the seat clocks and clock timers
# to commit in the same transaction (None: the game has no clock).
ClockHook = Callable[[LiveGame, "int | None", Actor, float], ClockWrite | None]


@dataclass
class MoveResult:
    """A committed move and what the bot needs to tell about it."""

    live: LiveGame
    seat: int
    notation: str
    events: list[str]
    seq: int  # sequence number of this move
    actor: Actor
    user_id: int | None
    before: frozenset[int]  # who could act before the move
    view: Any  # the public view after the move
    notices: Mapping[int, Notice] = field(default_factory=dict)
    public: str | None = None  # what others may see of the move; None = nothing
    timer: TimerRow | None = None  # the deadline timer after the move
    new_period: bool = False  # a timed period (deadline key) began with this move
    clocks: ClockWrite | None = None  # turn clocks after the move (bot.services.clocks)
    label: str = ""  # the move in words, as its panel button named it before it was made
    phase_before: str = ""  # the phase (``phase_name``) the move was made in
    public_changed: bool = True  # the public view differs from the one before the move
    lang: str = "en"  # the language of the game's channel (``bot.lang.for_channel``)

    @property
    def by_timer(self) -> bool:
        return self.actor == "timer"


def parse_options(text: str | None) -> dict[str, str]:
    """``"timer=300 auction=sealed"`` -> ``{"timer": "300", "auction": "sealed"}``.

    Raises ``LobbyError`` for a word without ``=``.
    """
    out: dict[str, str] = {}
    for word in (text or "").replace(",", " ").split():
        if "=" not in word:
            raise LobbyError(
                Msg(
                    "bot.manager.options_are_written_name",
                    "Options are written `name=value`, separated by spaces; `{word}` has no `=`.",
                    word=word,
                )
            )
        k, v = word.split("=", 1)
        out[k.strip().lower()] = v.strip()
    return out


class GameManager:
    """Per-game locks, the bounded live-game cache, and every change to a game."""

    def __init__(
        self,
        storage: Storage,
        clock: Callable[[], datetime],
        *,
        cache_size: int = 256,
        clock_hook: ClockHook | None = None,
    ) -> None:
        """``clock_hook``: the turn clocks' ``settle`` (``bot.services.clocks``), whose seat
        clocks and timers are committed with each move; ``None``: games have no clocks."""
        self.storage = storage
        self.clock = clock
        self.cache_size = max(1, cache_size)
        self._locks: dict[int, asyncio.Lock] = {}
        self._cache: OrderedDict[int, LiveGame] = OrderedDict()
        self._channel_game: dict[int, int] = {}  # channel -> its latest game id
        self.replays = 0  # games rebuilt from the database (for tests and the bench)
        self.clock_hook = clock_hook

    def now(self) -> str:
        return self.clock().isoformat()

    def lock(self, game_id: int) -> asyncio.Lock:
        """The game's lock in this process (held by every load and change of the game)."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    @contextlib.asynccontextmanager
    async def exclusive(self, game_id: int) -> AsyncIterator[None]:
        """Hold the game for a change: its lock here and, when other processes share the
        database (PostgreSQL), its lock there too (``Storage.exclusive``), so one game's
        changes run one at a time across the fleet and a copy checked fresh under it stays
        fresh until the change is committed."""
        async with self.lock(game_id):
            if not self.storage.shared:
                yield
                return
            async with self.storage.exclusive("play", game_id):
                yield

    # -- cache ------------------------------------------------------------------------

    def cached(self, game_id: int) -> LiveGame | None:
        live = self._cache.get(game_id)
        if live is not None:
            self._cache.move_to_end(game_id)
        return live

    def _remember(self, live: LiveGame) -> None:
        self._cache[live.id] = live
        self._cache.move_to_end(live.id)
        while len(self._cache) > self.cache_size:
            gid, _ = self._cache.popitem(last=False)
            lock = self._locks.get(gid)
            if lock is not None and not lock.locked():
                del self._locks[gid]

    def forget(self, game_id: int) -> None:
        self._cache.pop(game_id, None)

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
        time_control: dict[str, Any] | None = None,
        imported: ImportWrite | None = None,
    ) -> GameRow:
        """Create a lobby (``imported``: holding the record it continues, in the same
        transaction); raises ``LobbyError`` outside a server or if the channel has an
        unfinished game."""
        if guild_id is None:
            raise LobbyError(
                Msg(
                    "bot.manager.games_live_server_channel",
                    "Games live in a server channel or thread, where the other players can see "
                    "the board; start one there.",
                )
            )
        try:
            spec = get_game(game_key)
        except KeyError:
            raise LobbyError(
                Msg(
                    "bot.manager.there_no_game_called",
                    "There is no game called `{game_key}`.",
                    game_key=game_key[:40],
                )
            ) from None
        resolved = spec.resolve_options(options)  # reject unknown options now, not at start
        existing = await self.storage.active_game_in_channel(channel_id)
        if existing is not None:
            what = (
                Msg("bot.manager.lobby", "a lobby")
                if existing.status == "lobby"
                else Msg("bot.manager.game_progress", "a game in progress")
            )
            raise LobbyError(
                Msg(
                    "bot.manager.channel_already_has_game",
                    "This channel already has {what} ({title}, game #{id}). Finish it or ask the "
                    "host to `/game abandon` it first, or start a thread for a second game.",
                    what=what,
                    title=get_game(existing.game_key).title,
                    id=existing.id,
                )
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
            time_control=time_control,
            imported=imported,
        )
        self._channel_game[channel_id] = game_id
        return await self._row(game_id)

    async def _row(self, game_id: int) -> GameRow:
        row = await self.storage.get_game(game_id)
        if row is None:
            raise LobbyError(
                Msg("bot.manager.game_no_longer_exists", "That game no longer exists.")
            )
        return row

    async def _lobby_in(self, channel_id: int) -> GameRow:
        row = await self.storage.active_game_in_channel(channel_id)
        if row is None:
            raise LobbyError(
                Msg(
                    "bot.manager.there_no_game_here",
                    "There is no game here yet. Start one with `/game new`.",
                )
            )
        if row.status != "lobby":
            raise LobbyError(
                Msg(
                    "bot.manager.game_here_has_already",
                    "The game here has already started; seats are fixed now.",
                )
            )
        return row

    async def join(self, channel_id: int, user_id: int, name: str) -> GameRow:
        row = await self._lobby_in(channel_id)
        async with self.exclusive(row.id):
            row = await self._lobby_in(channel_id)
            spec = get_game(row.game_key)
            if row.seat_of(user_id) is not None:
                raise LobbyError(
                    Msg(
                        "bot.manager.are_already_seated_table",
                        "You are already seated at this table.",
                    )
                )
            if len(row.seats) >= spec.max_players:
                raise LobbyError(
                    Msg(
                        "bot.manager.table_full_takes_most",
                        "The table is full: {title} takes at most {max_players} players.",
                        title=spec.title,
                        max_players=spec.max_players,
                    )
                )
            await self.storage.add_seat(row.id, user_id, name)
            return await self._row(row.id)

    async def leave(self, channel_id: int, user_id: int) -> GameRow:
        row = await self._lobby_in(channel_id)
        async with self.exclusive(row.id):
            row = await self._lobby_in(channel_id)
            if row.seat_of(user_id) is None:
                raise LobbyError(
                    Msg("bot.manager.are_not_seated_table", "You are not seated at this table.")
                )
            others = [s for s in row.humans() if s.user_id != user_id]
            if not others:  # nobody but AI seats would be left
                await self.storage.set_status(row.id, "abandoned", self.now())
            else:
                host = others[0].user_id if row.host_id == user_id else None
                await self.storage.remove_seat(row.id, user_id, new_host=host)
            return await self._row(row.id)

    async def add_ai(
        self,
        channel_id: int,
        user_id: int,
        *,
        as_host: bool = False,
        level: str | None = None,
    ) -> GameRow:
        """The host adds an AI seat named ``AI <n> (bot)`` to the lobby, playing at ``level``
        (``None``: the game's level, ``GameRow.ai_level``).

        Raises ``LobbyError`` if ``user_id`` is not the host, the game has no AI policy or
        the table is full.
        """
        row = await self._lobby_in(channel_id)
        async with self.exclusive(row.id):
            row = await self._lobby_in(channel_id)
            spec = get_game(row.game_key)
            if user_id != row.host_id and not as_host:
                raise LobbyError(
                    Msg(
                        "bot.manager.only_host_can_add",
                        "Only the host, <@{host_id}>, can add AI players.",
                        host_id=row.host_id,
                    )
                )
            if spec.ai is None:
                raise LobbyError(
                    Msg(
                        "bot.manager.has_no_ai_player",
                        "{title} has no AI player yet.",
                        title=spec.title,
                    )
                )
            if len(row.seats) >= spec.max_players:
                raise LobbyError(
                    Msg(
                        "bot.manager.table_full_takes_most",
                        "The table is full: {title} takes at most {max_players} players.",
                        title=spec.title,
                        max_players=spec.max_players,
                    )
                )
            taken = {s.display_name for s in row.seats}
            n = next(i for i in range(1, 100) if ai_name(i) not in taken)
            await self.storage.add_seat(row.id, None, ai_name(n), "ai", level)
            return await self._row(row.id)

    async def remove_ai(
        self, channel_id: int, user_id: int, *, as_host: bool = False
    ) -> tuple[GameRow, str]:
        """The host (or a game master) removes the lobby's last AI seat; returns the lobby
        and the removed seat's name. ``LobbyError`` if not allowed or there is none."""
        row = await self._lobby_in(channel_id)
        async with self.exclusive(row.id):
            row = await self._lobby_in(channel_id)
            if user_id != row.host_id and not as_host:
                raise LobbyError(
                    Msg(
                        "bot.manager.only_host_can_remove",
                        "Only the host, <@{host_id}>, can remove AI players.",
                        host_id=row.host_id,
                    )
                )
            ais = [s for s in row.seats if s.kind == "ai"]
            if not ais:
                raise LobbyError(
                    Msg(
                        "bot.manager.there_no_ai_player",
                        "There is no AI player in this lobby to remove.",
                    )
                )
            await self.storage.remove_seat(row.id, None, seat=ais[-1].seat)
            return await self._row(row.id), ais[-1].display_name

    async def start(self, channel_id: int, user_id: int, *, as_host: bool = False) -> LiveGame:
        """Start the lobby (the host, or ``as_host``: a game master)."""
        row = await self._lobby_in(channel_id)
        async with self.exclusive(row.id):
            row = await self._lobby_in(channel_id)
            if user_id != row.host_id and not as_host:
                raise LobbyError(
                    Msg(
                        "bot.manager.only_host_can_start",
                        "Only the host, <@{host_id}>, can start the game.",
                        host_id=row.host_id,
                    )
                )
            spec = get_game(row.game_key)
            spec.check_players(len(row.seats))
            resolved = spec.resolve_options(row.options)
            imported = await self.storage.imported(row.id)
            writes: list[MoveWrite] = []
            if imported is None:
                state = spec.new_game(resolved, len(row.seats), row.seed)
                state.engine_version = spec.engine_version
            else:  # /game import: the record's moves are committed with the start
                seats, moves = imported
                if len(row.seats) != seats:
                    raise LobbyError(
                        Msg(
                            "bot.manager.game_continues_imported_record",
                            "This game continues an imported record of {seats} players, so it "
                            "starts with exactly {seats} seated; there are {len}.",
                            seats=seats,
                            len=len(row.seats),
                        )
                    )
                record = GameRecord(
                    row.game_key,
                    row.engine_version,
                    row.seed,
                    seats,
                    dict(row.options),
                    [(m[0], m[1]) for m in moves],
                )
                try:
                    state, last = await asyncio.to_thread(_replay, record)
                except GameError as exc:
                    raise LobbyError(
                        Msg(
                            "bot.manager.imported_record_no_longer",
                            "The imported record no longer replays: {message}",
                            message=exc.msg,
                        )
                    ) from None
                if moves and moves[-1][3] != last:
                    raise LobbyError(
                        Msg(
                            "bot.manager.imported_record_no_longer_2",
                            "The imported record no longer replays to the position it was checked "
                            "at; import it again.",
                        )
                    )
                writes = _imported_writes(moves)
            now = self.now()
            dl = state.deadline()
            outcome = state.outcome()
            row.status = "running" if outcome is None else "finished"
            row.outcome = outcome.to_dict() if outcome is not None else None
            row.phase_key, row.phase_started_at = (dl.key, now) if dl else (None, None)
            digest = writes[-1].digest if writes else public_digest(state.view(None))
            live = LiveGame(row, spec, state, len(writes), digest)
            if self.storage.shared:
                live.stamp = (len(writes), len(writes))
            clocks = self._clocks(live, None, "system")
            await self.storage.start_game(
                row.id,
                row.options,
                now,
                row.phase_key,
                row.phase_started_at,
                live.deadline_timer(),
                clocks,
                moves=writes,
                outcome=row.outcome,
            )
            self._remember(live)
            self._channel_game[row.channel_id] = row.id
            return live

    async def abandon(self, game_id: int) -> GameRow:
        async with self.exclusive(game_id):
            row = await self._row(game_id)
            if row.status not in ("lobby", "running"):
                raise LobbyError(Msg("bot.manager.game_already_over", "That game is already over."))
            await self.storage.set_status(game_id, "abandoned", self.now())
            self.forget(game_id)
            row.status = "abandoned"
            return row

    async def set_seat(
        self, game_id: int, seat: int, change: Callable[[GameRow, SeatRow], SeatRow]
    ) -> tuple[SeatRow, SeatRow]:
        """Change who plays ``seat`` of a running game, under the game's lock.

        ``change(row, old)`` returns the new seat row or raises a ``GameError`` (nothing
        changes). Returns ``(old, new)``. The cached game sees the change at once.
        """
        async with self.exclusive(game_id):
            row = await self._row(game_id)
            if row.status != "running":
                raise LobbyError(
                    Msg(
                        "bot.manager.seats_can_only_change",
                        "Seats can only change while the game is running.",
                    )
                )
            if not 0 <= seat < len(row.seats):
                raise LobbyError(
                    Msg(
                        "bot.manager.there_no_seat_seats",
                        "There is no seat {seat}: seats are 1 to {len}.",
                        seat=seat + 1,
                        len=len(row.seats),
                    )
                )
            old = row.seats[seat]
            new = change(row, old)
            # A clocked game's seat clocks change with the seat, in the same transaction.
            live = await self._load_locked(game_id) if row.time_control else self.cached(game_id)
            clocks = None
            if live is not None:
                live.row.seats[seat] = new
                clocks = self._clocks(live, None, "system")
            try:
                await self.storage.set_seat(game_id, new, clocks)
            except BaseException:
                self.forget(game_id)
                raise
            return old, new

    # -- finding and loading games -------------------------------------------------------

    async def game_id_in_channel(self, channel_id: int) -> int | None:
        """The channel's latest game (any status), remembered so a busy channel costs no query
        (asked every time when other processes share the database: they open games too)."""
        gid = None if self.storage.shared else self._channel_game.get(channel_id)
        if gid is None:
            row = await self.storage.latest_game_in_channel(channel_id)
            if row is None:
                return None
            gid = self._channel_game[channel_id] = row.id
        return gid

    async def started_game_in_channel(self, channel_id: int) -> int:
        """The id of the channel's running or finished game, without loading it (a cached
        game costs no query). Raises ``LobbyError`` if there is none."""
        gid = await self.game_id_in_channel(channel_id)
        if gid is None:
            raise LobbyError(
                Msg(
                    "bot.manager.there_no_game_channel",
                    "There is no game in this channel. Start one with `/game new`.",
                )
            )
        live = None if self.storage.shared else self.cached(gid)
        status = live.row.status if live is not None else (await self._row(gid)).status
        if status == "abandoned":
            raise LobbyError(
                Msg(
                    "bot.manager.there_no_game_channel",
                    "There is no game in this channel. Start one with `/game new`.",
                )
            )
        if status == "lobby":
            raise LobbyError(
                Msg(
                    "bot.manager.game_here_has_not",
                    "The game here has not started yet: join it, then the host starts it.",
                )
            )
        return gid

    async def live_in_channel(self, channel_id: int) -> LiveGame:
        gid = await self.game_id_in_channel(channel_id)
        if gid is None:
            raise LobbyError(
                Msg(
                    "bot.manager.there_no_game_channel",
                    "There is no game in this channel. Start one with `/game new`.",
                )
            )
        live = None if self.storage.shared else self.cached(gid)
        if live is None:
            row = await self._row(gid)
            if row.status == "abandoned":
                raise LobbyError(
                    Msg(
                        "bot.manager.there_no_game_channel",
                        "There is no game in this channel. Start one with `/game new`.",
                    )
                )
            if row.status == "lobby":
                raise LobbyError(
                    Msg(
                        "bot.manager.game_here_has_not",
                        "The game here has not started yet: join it, then the host starts it.",
                    )
                )
            live = await self.load(gid)
        if live.row.status == "abandoned":
            raise LobbyError(
                Msg(
                    "bot.manager.there_no_game_channel",
                    "There is no game in this channel. Start one with `/game new`.",
                )
            )
        return live

    async def load(self, game_id: int) -> LiveGame:
        """The cached live game, or rebuilt by replaying its stored moves (under the game's
        lock, in a worker thread, so the cache never runs behind the database)."""
        live = None if self.storage.shared else self.cached(game_id)
        if live is not None:
            return live
        async with self.lock(game_id):
            return await self._load_locked(game_id)

    async def _load_locked(self, game_id: int) -> LiveGame:
        live = self.cached(game_id)
        stamp: tuple[int, int] | None = None
        if self.storage.shared:
            # Another process may have moved, undone or changed the game since: use the
            # copy only if its line is still the stored one, with the stored row.
            fresh, stamp = await self.storage.game_and_stamp(game_id)
            if fresh is None:
                self.forget(game_id)
                raise LobbyError("That game no longer exists.")
            if live is not None and stamp == live.stamp:
                live.row = fresh
            elif live is not None:
                self.forget(game_id)
                live = None
            row = fresh
        if live is not None:
            return live
        if stamp is None:
            row = await self._row(game_id)
        if row.status == "lobby":
            raise LobbyError(
                Msg("bot.manager.game_has_not_started", "That game has not started yet.")
            )
        spec = get_game(row.game_key)
        if not spec.can_replay(row.engine_version):
            raise LobbyError(
                Msg(
                    "bot.manager.game_was_recorded_version",
                    "This game was recorded by version {engine_version} of the {title} rules "
                    "engine, and this bot runs version {engine_version2}, which cannot replay it. "
                    "The host can `/game abandon` it.",
                    engine_version=row.engine_version,
                    title=spec.title,
                    engine_version2=spec.engine_version,
                )
            )
        moves, stored = await self.storage.replay_moves(game_id)
        record = GameRecord(
            row.game_key, row.engine_version, row.seed, len(row.seats), dict(row.options), moves
        )
        try:
            state, digest = await asyncio.to_thread(_replay, record)
        except GameError as exc:
            raise ReplayDiverged(
                Msg(
                    "bot.manager.game_no_longer_replays",
                    "Game #{game_id} no longer replays: a recorded move is refused by this "
                    "version of the {title} rules ({message}). Nothing was changed; tell the "
                    "bot's host. The host can `/game abandon` it.",
                    game_id=game_id,
                    title=spec.title,
                    message=exc.msg,
                )
            ) from None
        self.replays += 1
        if stored is not None and stored != digest:
            digests = await self.storage.digests(game_id)
            where = await asyncio.to_thread(_first_divergence, record, digests)
            log.error(
                "game %s diverges on replay after move %s (engine v%s, recorded v%s)",
                game_id,
                where,
                spec.engine_version,
                row.engine_version,
            )
            raise ReplayDiverged(
                Msg(
                    "bot.manager.game_no_longer_replays_2",
                    "Game #{game_id} no longer replays to what its players were shown: after move "
                    "{where} the public board differs (recorded with version {engine_version} of "
                    "the {title} rules, this bot runs {engine_version2}). It is paused so nothing "
                    "changes silently; tell the bot's host. The host can `/game abandon` it.",
                    game_id=game_id,
                    where=where,
                    engine_version=row.engine_version,
                    title=spec.title,
                    engine_version2=spec.engine_version,
                )
            )
        live = LiveGame(row, spec, state, len(moves), digest, stamp=stamp)
        self._remember(live)
        return live

    # -- play -------------------------------------------------------------------------

    async def play(
        self,
        game_id: int,
        user_id: int,
        notation: str,
        *,
        expected_seq: int | None = None,
        received_at: float | None = None,
        sent_at: float | None = None,
    ) -> MoveResult:
        """Parse, validate, apply and commit one move by a Discord user.

        A duplicate is refused with ``DuplicateMove``: the player's previous move (the last
        of the game) had the same notation, and this request either arrived
        (``received_at``, ``time.monotonic()``) before that move was committed, or was sent
        (``sent_at``, Unix time, the interaction's creation) before it was committed, so the
        player could not have seen it. Raises ``GameError`` subclasses (with a player-facing
        sentence) and changes nothing when the user is not seated, the board is stale, or the
        move is not legal.
        """
        async with self.exclusive(game_id):
            live = await self._load_locked(game_id)
            if live.row.status != "running":
                raise NotYourTurn(
                    Msg(
                        "bot.manager.game_over_no_more",
                        "This game is over; no more moves can be made.",
                    ),
                    key="not_your_turn",
                )
            seat = live.row.seat_of(user_id)
            if seat is None:
                if any(s.kind == "ai" and s.owner_id == user_id for s in live.row.seats):
                    raise NotYourTurn(
                        Msg(
                            "bot.manager.ai_plays_seat_now",
                            "The AI plays your seat now: take it back with `/seat takeback` first.",
                        ),
                        key="not_your_turn",
                    )
                raise NotYourTurn(
                    spectator(Msg("bot.manager.moves_to_make", "moves to make")),
                    key="not_your_turn",
                )
            if expected_seq is not None and expected_seq != live.seq:
                raise NotYourTurn(STALE, key="not_your_turn")
            wanted = normalize_notation(notation)
            last = live.last_commit
            if (
                last is not None
                and last[0] == user_id
                and last[1] == wanted
                and (
                    (received_at is not None and received_at < last[2])
                    or (sent_at is not None and sent_at <= last[3])
                )
            ):
                raise DuplicateMove(
                    Msg(
                        "bot.manager.arrived_twice_same_time",
                        "`{wanted}` arrived twice at the same time; it was applied once.",
                        wanted=wanted[:60],
                    )
                )
            dl = live.deadline()
            if dl is not None and wanted == dl.move.notation:
                raise InvalidMove(
                    Msg(
                        "bot.manager.happens_itself_when_time",
                        "That happens by itself when the time runs out.",
                    ),
                    key="invalid_move",
                )
            move = live.state.parse_move(seat, notation)
            return await self._commit(live, seat, move, "user", user_id)

    async def play_ai(
        self,
        game_id: int,
        seat: int,
        choose: Callable[[GameState[Any], int, Rng], Move],
        *,
        at_seq: int | None = None,
    ) -> MoveResult | None:
        """Let ``choose`` (a policy's ``choose``) pick and commit a move for an AI seat.

        Returns ``None`` (nothing changed) if the game is not running, the seat is no longer
        an AI seat, it has nothing to do now, or (``at_seq``) the game is no longer after
        that many moves. The policy's generator is seeded from the game's seed, the move
        count and the seat (``ai_seed``), so a replayed game needs only the moves.
        """
        async with self.exclusive(game_id):
            live = await self._load_locked(game_id)
            if live.row.status != "running" or not 0 <= seat < len(live.row.seats):
                return None
            if live.row.seats[seat].kind != "ai" or seat not in ai_movers(live):
                return None
            if at_seq is not None and live.seq != at_seq:
                return None
            move = choose(live.state, seat, Rng(ai_seed(live, seat)))
            return await self._commit(live, seat, move, "ai", None)

    async def expire(self, game_id: int, key: str) -> MoveResult | None:
        """Apply the running deadline's move as the system actor if ``key`` still names the
        running phase; otherwise do nothing."""
        async with self.exclusive(game_id):
            live = await self._load_locked(game_id)
            dl = live.deadline()
            if live.row.status != "running" or dl is None or dl.key != key:
                return None
            return await self._commit(live, SYSTEM, dl.move, "timer", None)

    async def timeout(
        self, game_id: int, seat: int, still: Callable[[LiveGame], bool]
    ) -> MoveResult | None:
        """Play ``state.default_move(seat)`` as ``seat`` with the ``timer`` actor (a turn
        clock ran out) if ``still(live)`` holds under the game's lock; else do nothing."""
        async with self.exclusive(game_id):
            live = await self._load_locked(game_id)
            if live.row.status != "running" or not still(live):
                return None
            move = live.state.default_move(seat)
            return await self._commit(live, seat, move, "timer", None)

    async def under_lock(self, game_id: int, fn: Callable[[LiveGame], Awaitable[T]]) -> T:
        """Run ``fn`` on the loaded game under its lock (clock changes outside moves)."""
        async with self.exclusive(game_id):
            return await fn(await self._load_locked(game_id))

    def _clocks(self, live: LiveGame, seat: int | None, actor: Actor) -> ClockWrite | None:
        if self.clock_hook is None or not live.row.time_control:
            return None
        return self.clock_hook(live, seat, actor, self.clock().timestamp())

    async def channel_language(self, guild_id: int | None) -> str:
        """The language of a server's public messages (``bot.lang.for_channel``): one
        settings read."""
        if guild_id is None:
            return i18n.DEFAULT
        return i18n.pick(server=(await self.storage.guild_settings(guild_id)).language, public=True)

    async def _commit(
        self, live: LiveGame, seat: int, move: Move, actor: Actor, user_id: int | None
    ) -> MoveResult:
        # The channel's language, read once per move before anything changes (issue 23).
        language = await self.channel_language(live.row.guild_id)
        state = live.state
        before_dl = live.deadline()
        before = state.to_act()
        phase_before = state.phase_name()
        label = _describe(state, seat, move)
        digest_before = live.digest
        events = state.apply(seat, move)
        seq = live.seq
        live.seq += 1  # the state moved on; undone below if the commit fails
        notices = state.notices(seat, move)
        public = state.public_notation(seat, move)
        view = live.public_view()
        digest = public_digest(view)
        after = live.deadline()
        outcome = state.outcome()
        now = self.now()
        if after is None:
            phase_key, started = None, None
        elif before_dl is not None and before_dl.key == after.key:
            phase_key, started = after.key, live.row.phase_started_at
        else:
            phase_key, started = after.key, now
        old_phase = (live.row.phase_key, live.row.phase_started_at)
        live.row.phase_key, live.row.phase_started_at = phase_key, started
        timer = live.deadline_timer()
        clocks = None if outcome is not None else self._clocks(live, seat, actor)
        write = MoveWrite(
            seq=seq,
            seat=seat,
            notation=move.notation,
            actor=actor,
            user_id=user_id,
            public="" if public is None else public,
            digest=digest,
            phase_key=phase_key,
            phase_started_at=started,
            outcome=outcome.to_dict() if outcome else None,
            deadline=timer,
            clocks=clocks,
        )
        try:
            await self.storage.commit_move(live.id, write, now)
        except BaseException:
            # The in-memory state moved ahead of the database: forget it; the next load
            # replays what was actually committed.
            live.seq -= 1
            live.row.phase_key, live.row.phase_started_at = old_phase
            self.forget(live.id)
            raise
        live.digest = digest
        if live.stamp is not None:
            live.stamp = (live.stamp[0] + 1, live.stamp[1] + 1)
        live.last_commit = (user_id, move.notation, time.monotonic(), self.clock().timestamp())
        if outcome is not None:
            live.row.status = "finished"
            live.row.outcome = outcome.to_dict()
        result = MoveResult(
            live,
            seat,
            move.notation,
            events,
            seq,
            actor,
            user_id,
            before,
            view,
            notices,
            public,
            timer,
            new_period=after is not None and (before_dl is None or before_dl.key != after.key),
            clocks=clocks,
            label=label,
            phase_before=phase_before,
            public_changed=digest_before is None or digest_before != digest,
            lang=language,
        )
        return result

    # -- timers -------------------------------------------------------------------------

    async def backfill_timers(self) -> int:
        """Store the deadline timer of running timed games that have none (databases from
        before the timers table): each is replayed once. Returns how many were stored."""
        count = 0
        for gid in await self.storage.games_missing_timers():
            try:
                live = await self.load(gid)
            except GameError as exc:
                log.warning("game %s: timer not restored: %s", gid, exc.message)
                continue
            timer = live.deadline_timer()
            if timer is not None:
                await self.storage.set_timer(timer)
                count += 1
        return count


def _describe(state: GameState[Any], seat: int, move: Move) -> str:
    """The move in words before it is made (``GameState.describe``); its own label when
    the game cannot describe it (a system move, or a move the engine is about to refuse)."""
    if seat < 0:
        return move.label
    try:
        return state.describe(seat, move)
    except Exception:
        return move.label


def ai_name(n: int) -> str:
    """The name of the ``n``-th AI seat added in a lobby."""
    return f"AI {n} (bot)"


DEFAULT_LEVEL = "normal"
"""The AI level of a seat and game that chose none (``games.core.search.LEVELS``)."""


def level_of(row: GameRow, seat: int) -> str:
    """The level ``seat`` plays at when the AI plays it: its own (``SeatRow.ai_level``),
    else the game's (``GameRow.ai_level``, ``ai=`` at ``/game new``), else ``normal``."""
    own = row.seats[seat].ai_level if 0 <= seat < len(row.seats) else None
    return own or row.ai_level or DEFAULT_LEVEL


def ai_seed(live: LiveGame, seat: int) -> int:
    """The seed of the generator an AI seat decides its next move with: from the game's
    seed, its move count and the seat."""
    return (live.row.seed * 1_000_003 + live.seq * 16 + seat) % 2**64


def ai_movers(live: LiveGame) -> Sequence[int]:
    """AI seats the game is waiting on that have a move, in seat order. Only seats in
    ``waiting_for`` act, so an AI that is done in a simultaneous phase does not act again."""
    state = live.state
    if live.row.status != "running" or state.is_over():
        return []
    seats = live.row.seats
    return [
        s
        for s in sorted(state.waiting_for())
        if 0 <= s < len(seats) and seats[s].kind == "ai" and state.legal_moves(s)
    ]


def _replay(record: GameRecord) -> tuple[GameState[Any], str]:
    from games.core import replay

    state = replay(record)
    return state, public_digest(state.view(None))


def _imported_writes(moves: list[tuple[int, str, str, str]]) -> list[MoveWrite]:
    """An imported record's moves as stored (``bot.records.check_moves`` computed their
    public text and digest): actor ``"system"``, or ``"timer"`` for the system seat; no
    user, as nobody here made them."""
    return [
        MoveWrite(
            seq=seq,
            seat=seat,
            notation=notation,
            actor="timer" if seat == SYSTEM else "system",
            user_id=None,
            public=public,
            digest=digest,
            phase_key=None,
            phase_started_at=None,
        )
        for seq, (seat, notation, public, digest) in enumerate(moves)
    ]


def _first_divergence(record: GameRecord, digests: list[str | None]) -> int:
    """The 1-based number of the first move whose replayed public view differs."""
    spec = get_game(record.game)
    state = spec.new_game(spec.resolve_options(record.options), record.seats, record.seed)
    state.engine_version = record.engine_version
    for i, (seat, text) in enumerate(record.moves):
        state.apply(seat, state.parse_move(seat, text))
        stored = digests[i] if i < len(digests) else None
        if stored is not None and stored != public_digest(state.view(None)):
            return i + 1
    return len(record.moves)
