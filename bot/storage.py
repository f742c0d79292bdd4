"""All SQL lives here: games, seats, the append-only move log, timers, the private inbox and
pending announcement lines, on SQLite (the default: aiosqlite, WAL, ``synchronous=FULL``) or
PostgreSQL (asyncpg), through ``bot.db``.

Schema changes are one list of numbered migrations applied in order at start-up, rendered per
dialect (``bot.db.schema``); SQLite's ``PRAGMA user_version`` or PostgreSQL's
``schema_version`` table records the last one applied. Moves are append-only with
``UNIQUE(game_id, seq)``, so a move can never be recorded twice or out of order.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import sqlite3
import threading
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from dataclasses import astuple, dataclass, field
from pathlib import Path
from typing import Any, Literal, TypeVar

import aiosqlite

from games.core import GameError

from .db import Database, Dialect, IntegrityError, Tx, connect, uninterrupted
from .db.schema import Migration, PerDialect, render_all
from .db.sqlite import SqliteDatabase

SeatKind = Literal["human", "ai", "vacant"]
Actor = Literal["user", "timer", "ai", "system"]
TimerKind = Literal["deadline", "clock", "reminder"]


class ChannelBusy(GameError):
    """A lobby was opened in a channel that has an unfinished game (the sentence says so)."""


class StaleMove(IntegrityError):
    """A move was to be stored as number ``seq`` but the game has ``stored`` moves: the
    copy it was applied to is out of date (another process or an undo changed the game)."""

    def __init__(self, game_id: int, seq: int, stored: int) -> None:
        super().__init__(f"game {game_id}: move {seq} follows a copy of {stored} stored moves")
        self.game_id, self.seq, self.stored = game_id, seq, stored


SYSTEM_SEAT = -1  # games.core.SYSTEM: the seat recorded for timer and system moves

MIGRATIONS: tuple[Migration, ...] = (
    # 1: initial schema
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id INTEGER,
        channel_id INTEGER NOT NULL,
        game_key TEXT NOT NULL,
        engine_version INTEGER NOT NULL,
        seed INTEGER NOT NULL,
        options TEXT NOT NULL,
        host_id INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'abandoned')),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        lobby_message_id INTEGER,
        outcome TEXT,
        phase_key TEXT,
        phase_started_at TEXT
    );
    CREATE INDEX games_channel ON games(channel_id, status);
    CREATE INDEX games_guild ON games(guild_id, status);
    CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games(id),
        seat INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        display_name TEXT NOT NULL,
        PRIMARY KEY (game_id, seat),
        UNIQUE (game_id, user_id)
    );
    CREATE TABLE moves (
        game_id INTEGER NOT NULL REFERENCES games(id),
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        notation TEXT NOT NULL,
        user_id INTEGER,
        created_at TEXT NOT NULL,
        UNIQUE (game_id, seq)
    );
    """,
    # 2: what each move shows in public logs ('' = a private move, e.g. an offer)
    """
    ALTER TABLE moves ADD COLUMN public TEXT;
    UPDATE moves SET public = notation;
    """,
    # 3: the public table message of the running timed phase, so edits survive a restart
    """
    ALTER TABLE games ADD COLUMN table_key TEXT;
    ALTER TABLE games ADD COLUMN table_message_id INTEGER;
    """,
    # 4: seats have a kind; only a human seat has a user id (UNIQUE ignores NULLs)
    """
    CREATE TABLE seats_v4 (
        game_id INTEGER NOT NULL REFERENCES games(id),
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL DEFAULT 'human' CHECK (kind IN ('human', 'ai', 'vacant')),
        user_id INTEGER,
        display_name TEXT NOT NULL,
        PRIMARY KEY (game_id, seat),
        UNIQUE (game_id, user_id),
        CHECK ((kind = 'human') = (user_id IS NOT NULL))
    );
    INSERT INTO seats_v4 (game_id, seat, kind, user_id, display_name)
        SELECT game_id, seat, 'human', user_id, display_name FROM seats;
    DROP TABLE seats;
    ALTER TABLE seats_v4 RENAME TO seats;
    """,
    # 5: each move's actor; timer moves are made by the system seat (-1), as the engine now
    # expects (games.core.SYSTEM); a digest of the public view after each move
    """
    ALTER TABLE moves ADD COLUMN actor TEXT NOT NULL DEFAULT 'user'
        CHECK (actor IN ('user', 'timer', 'ai', 'system'));
    ALTER TABLE moves ADD COLUMN digest TEXT;
    UPDATE moves SET actor = 'timer' WHERE user_id IS NULL;
    UPDATE moves SET seat = -1, actor = 'timer', user_id = NULL WHERE notation LIKE 'expire %';
    CREATE INDEX games_status ON games(status);
    """,
    # 6: timers (deadlines now; turn clocks and reminders later), armed at start-up from rows
    """
    CREATE TABLE timers (
        game_id INTEGER NOT NULL REFERENCES games(id),
        kind TEXT NOT NULL CHECK (kind IN ('deadline', 'clock', 'reminder')),
        key TEXT NOT NULL,
        due REAL NOT NULL,
        warn_at TEXT NOT NULL DEFAULT '[]',
        label TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (game_id, kind)
    );
    """,
    # 7: private notices that could not be sent by DM, and public lines waiting for the
    # next announcement, so a restart loses neither
    """
    CREATE TABLE inbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id INTEGER NOT NULL REFERENCES games(id),
        user_id INTEGER NOT NULL,
        text TEXT NOT NULL,
        moves TEXT NOT NULL DEFAULT '[]',
        created_at TEXT NOT NULL
    );
    CREATE INDEX inbox_user ON inbox(game_id, user_id);
    CREATE TABLE pending_lines (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id INTEGER NOT NULL REFERENCES games(id),
        line TEXT NOT NULL
    );
    CREATE INDEX pending_game ON pending_lines(game_id);
    """,
    # 8: the newest public board message and the move count it shows, so the previous
    # board's buttons can be removed (also after a restart) and its Play button stays valid
    # through private moves
    """
    ALTER TABLE games ADD COLUMN board_message_id INTEGER;
    ALTER TABLE games ADD COLUMN board_seq INTEGER;
    """,
    # 9: turn clocks (issue 12): a game's time control (JSON, NULL = none); each seat's clock
    # (seconds left in its bank, when its running clock started, reminders sent for that
    # run, time-outs in a row, vacation used and running); each user's reminder setting
    """
    ALTER TABLE games ADD COLUMN time_control TEXT;
    CREATE TABLE seat_clocks (
        game_id INTEGER NOT NULL REFERENCES games(id),
        seat INTEGER NOT NULL,
        bank REAL NOT NULL DEFAULT 0,
        since REAL,
        reminded INTEGER NOT NULL DEFAULT 0,
        timeouts INTEGER NOT NULL DEFAULT 0,
        vacation_used REAL NOT NULL DEFAULT 0,
        vacation_since REAL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE TABLE user_settings (
        user_id INTEGER PRIMARY KEY,
        reminders TEXT NOT NULL DEFAULT 'channel' CHECK (reminders IN ('channel', 'dm'))
    );
    """,
    # 10: games started from an imported record (/game import): the record's moves are
    # committed when the lobby starts; the row stays as the game's provenance
    """
    CREATE TABLE imports (
        game_id INTEGER PRIMARY KEY REFERENCES games(id),
        seats INTEGER NOT NULL,
        moves TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    """,
    # 11: AI seats: the member a seat was handed over from (kind 'ai' while the AI plays it
    # for them; they may take it back), and an index to find games with AI seats at start-up
    """
    ALTER TABLE seats ADD COLUMN owner_id INTEGER;
    CREATE INDEX seats_kind ON seats(kind, game_id);
    """,
    # 12: undo with consent. An undone move stays in ``moves`` (append-only history): it
    # gets ``undone_by`` (the undo's id), keeps its number in ``undone_seq`` and moves out
    # of the standing line to a negative ``seq``. ``games.undo_rule``: who must consent
    # ('all', 'majority' or 'off'; NULL: 'all').
    """
    ALTER TABLE moves ADD COLUMN undone_by INTEGER;
    ALTER TABLE moves ADD COLUMN undone_seq INTEGER;
    ALTER TABLE games ADD COLUMN undo_rule TEXT;
    CREATE TABLE undos (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id INTEGER NOT NULL REFERENCES games(id),
        requested_by INTEGER NOT NULL,
        at_seq INTEGER NOT NULL,
        back_to INTEGER NOT NULL,
        rule TEXT NOT NULL,
        voters TEXT NOT NULL,
        votes TEXT NOT NULL DEFAULT '{}',
        status TEXT NOT NULL CHECK (status IN ('pending', 'done', 'refused', 'stale')),
        message_id INTEGER,
        created_at TEXT NOT NULL,
        decided_at TEXT
    );
    CREATE INDEX undos_game ON undos(game_id, status);
    """,
    # 13: the bot's own state (``last_alive``: the Unix time it was last known running, so
    # a restart credits running turn clocks with the downtime), and which finished games'
    # summaries are posted (NULL: not yet; older games count as posted)
    """
    CREATE TABLE bot_state (key TEXT PRIMARY KEY, value REAL NOT NULL);
    ALTER TABLE games ADD COLUMN summary_posted INTEGER;
    UPDATE games SET summary_posted = 1 WHERE status IN ('finished', 'abandoned');
    """,
    # 14: ratings. ``results``: one row per seat of every game that ended (finished or
    # abandoned after its start), with ``rated`` = whether it counted for ratings;
    # ``ratings``: openskill (Plackett-Luce) mu/sigma per scope (a server id, 0 = global),
    # game and member
    """
    CREATE TABLE results (
        game_id INTEGER NOT NULL REFERENCES games(id),
        seat INTEGER NOT NULL,
        guild_id INTEGER,
        game_key TEXT NOT NULL,
        user_id INTEGER,
        display_name TEXT NOT NULL,
        kind TEXT NOT NULL,
        status TEXT NOT NULL,
        rank INTEGER,
        score INTEGER,
        rated INTEGER NOT NULL,
        ended_at TEXT NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX results_user ON results(user_id, game_key);
    CREATE TABLE ratings (
        scope INTEGER NOT NULL,
        game_key TEXT NOT NULL,
        user_id INTEGER NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        games INTEGER NOT NULL,
        wins INTEGER NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (scope, game_key, user_id)
    );
    """,
    # 15: per-server settings (/settings server): the default time control as /game new
    # option words, the channels that may host games (JSON list of ids; empty: any) and
    # the game-master role (the host's powers in every game of the server)
    """
    CREATE TABLE guild_settings (
        guild_id INTEGER PRIMARY KEY,
        default_clock TEXT NOT NULL DEFAULT '',
        channels TEXT NOT NULL DEFAULT '[]',
        gm_role INTEGER
    );
    """,
    # 16: who has held each seat's private information (issue 18): a member is recorded
    # with the one seat they play, played, or have the AI play for them; the key makes a
    # second seat for the same member impossible. Filled from the games already started.
    PerDialect(
        sqlite="""
    CREATE TABLE seat_holders (
        game_id INTEGER NOT NULL REFERENCES games(id),
        user_id INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    INSERT OR IGNORE INTO seat_holders (game_id, user_id, seat)
        SELECT s.game_id, COALESCE(s.user_id, s.owner_id), s.seat
        FROM seats s JOIN games g ON g.id = s.game_id
        WHERE g.status != 'lobby' AND COALESCE(s.user_id, s.owner_id) IS NOT NULL
        ORDER BY s.game_id, s.seat;
    """,
        postgresql="""
    CREATE TABLE seat_holders (
        game_id BIGINT NOT NULL REFERENCES games(id),
        user_id BIGINT NOT NULL,
        seat BIGINT NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    INSERT INTO seat_holders (game_id, user_id, seat)
        SELECT s.game_id, COALESCE(s.user_id, s.owner_id), s.seat
        FROM seats s JOIN games g ON g.id = s.game_id
        WHERE g.status != 'lobby' AND COALESCE(s.user_id, s.owner_id) IS NOT NULL
        ORDER BY s.game_id, s.seat
        ON CONFLICT DO NOTHING;
    """,
    ),
    # 17: undo votes belong to seats (issue 18): with ``by_seat`` = 1, ``undos.voters`` are
    # the seats asked and ``votes`` are keyed by seat, so whoever holds a seat now answers
    # for it. Open requests are converted; closed ones keep their members' ids.
    PerDialect(
        sqlite="""
    ALTER TABLE undos ADD COLUMN by_seat INTEGER NOT NULL DEFAULT 0;
    UPDATE undos SET
        voters = (SELECT COALESCE(json_group_array(s.seat), '[]')
                  FROM json_each(undos.voters) j JOIN seats s
                  ON s.game_id = undos.game_id AND s.user_id = j.value),
        votes = (SELECT COALESCE(json_group_object(CAST(s.seat AS TEXT), j.value), '{}')
                 FROM json_each(undos.votes) j JOIN seats s
                 ON s.game_id = undos.game_id AND s.user_id = CAST(j.key AS INTEGER)),
        by_seat = 1
    WHERE status = 'pending';
    """,
        postgresql="""
    ALTER TABLE undos ADD COLUMN by_seat BIGINT NOT NULL DEFAULT 0;
    UPDATE undos SET
        voters = (SELECT COALESCE(json_agg(s.seat ORDER BY j.ord)::text, '[]')
                  FROM json_array_elements_text(undos.voters::json) WITH ORDINALITY j(value, ord)
                  JOIN seats s ON s.game_id = undos.game_id AND s.user_id = j.value::bigint),
        votes = (SELECT COALESCE(json_object_agg(s.seat::text, j.value)::text, '{}')
                 FROM json_each(undos.votes::json) j JOIN seats s
                 ON s.game_id = undos.game_id AND s.user_id = j.key::bigint),
        by_seat = 1
    WHERE status = 'pending';
    """,
    ),
    # 18: languages (issue 23): a member's own (/settings me language:) and a server's
    # (/settings server language:); NULL: not chosen (the client's locale, then English)
    """
    ALTER TABLE user_settings ADD COLUMN language TEXT;
    ALTER TABLE guild_settings ADD COLUMN language TEXT;
    """,
    # 19: AI levels (issue 21): the level an AI seat plays at ('easy', 'normal' or 'hard';
    # NULL: the game's level), and the game's level for AI seats added without one (NULL:
    # 'normal')
    """
    ALTER TABLE seats ADD COLUMN ai_level TEXT;
    ALTER TABLE games ADD COLUMN ai_level TEXT;
    """,
    # 20: timer leases (issue 22): with several bot processes on one PostgreSQL database, the
    # process that fires a timer first claims its row until ``lease_until`` (Unix time), so
    # each timer fires once and a killed process's claims run out; ``warned``: the smallest
    # warning (seconds before due) posted, so each warning is posted once. Unused on SQLite.
    """
    ALTER TABLE timers ADD COLUMN lease_owner TEXT;
    ALTER TABLE timers ADD COLUMN lease_until REAL;
    ALTER TABLE timers ADD COLUMN warned REAL;
    """,
)

SCHEMA_VERSION = len(MIGRATIONS)


@dataclass
class SeatRow:
    seat: int
    user_id: int | None
    display_name: str
    kind: SeatKind = "human"
    owner_id: int | None = None  # an AI seat's member who handed it over (may take it back)
    ai_level: str | None = None  # an AI seat's level (None: the game's ``ai_level``)


@dataclass
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int
    game_key: str
    engine_version: int
    seed: int
    options: dict[str, Any]
    host_id: int
    status: str
    created_at: str
    updated_at: str
    lobby_message_id: int | None
    outcome: dict[str, Any] | None
    phase_key: str | None
    phase_started_at: str | None
    table_key: str | None = None
    table_message_id: int | None = None
    board_message_id: int | None = None  # the newest public board (the one with buttons)
    board_seq: int | None = None  # the move count that board shows
    seats: list[SeatRow] = field(default_factory=list)
    time_control: dict[str, Any] | None = None  # bot.services.clocks.TimeControl, as JSON
    clocks: dict[int, SeatClock] = field(default_factory=dict)  # by seat (clocked games)
    ai_level: str | None = None  # the level of AI seats added without one (None: normal)

    def seat_of(self, user_id: int) -> int | None:
        """The seat of a human player, or ``None``."""
        for s in self.seats:
            if s.user_id == user_id and s.kind == "human":
                return s.seat
        return None

    def user_of(self, seat: int) -> int | None:
        """The Discord user of a human seat; ``None`` for an AI or vacant seat."""
        if 0 <= seat < len(self.seats):
            return self.seats[seat].user_id
        return None

    def humans(self) -> list[SeatRow]:
        return [s for s in self.seats if s.kind == "human" and s.user_id is not None]


@dataclass
class SeatClock:
    """One seat's turn clock (migration 9). Seconds and Unix times.

    ``bank``: time left when the clock last stopped (bank mode); ``since``: when the running
    clock started (``None``: not running); ``reminded``: reminders sent in this run (0, 1 =
    the reminder, 2 = the last warning); ``timeouts``: time-outs in a row;
    ``vacation_used``: vacation taken in this game; ``vacation_since``: start of the running
    vacation, if any."""

    seat: int
    bank: float = 0.0
    since: float | None = None
    reminded: int = 0
    timeouts: int = 0
    vacation_used: float = 0.0
    vacation_since: float | None = None


@dataclass(frozen=True)
class ClockWrite:
    """Seat clocks and the clock/reminder timers to store with a move (or alone)."""

    clocks: tuple[SeatClock, ...]
    clock: TimerRow | None
    reminder: TimerRow | None


@dataclass
class MoveRow:
    seq: int
    seat: int
    notation: str
    user_id: int | None
    created_at: str
    public: str | None = None  # '' for a private move
    actor: Actor = "user"
    digest: str | None = None


@dataclass(frozen=True)
class GuildSettings:
    """A server's settings (migration 15): ``default_clock``: time-control words applied at
    ``/game new`` when the host gives none (``""``: none); ``channels``: the channel ids that
    may host games (empty: any; their threads too); ``gm_role``: the game-master role;
    ``language``: the language of the server's public messages (migration 18; ``None``:
    English), a code of ``i18n.LANGUAGES``."""

    guild_id: int
    default_clock: str = ""
    channels: tuple[int, ...] = ()
    gm_role: int | None = None
    language: str | None = None


@dataclass(frozen=True)
class ResultRow:
    """One seat's result of a game that ended (migration 14). ``rank`` 1 = best (``None``
    for an abandoned game); ``rated``: whether it counted for ratings."""

    game_id: int
    seat: int
    guild_id: int | None
    game_key: str
    user_id: int | None
    display_name: str
    kind: str
    status: str
    rank: int | None
    score: int | None
    rated: int
    ended_at: str


@dataclass(frozen=True)
class RatingRow:
    """A member's openskill rating for one game in one scope (a server id; 0 = global)."""

    scope: int
    game_key: str
    user_id: int
    mu: float
    sigma: float
    games: int
    wins: int
    updated_at: str

    @property
    def ordinal(self) -> float:
        """The conservative rating shown to players: mu - 3 sigma (0 for a newcomer)."""
        return self.mu - 3 * self.sigma


_RATING_COLS = "scope, game_key, user_id, mu, sigma, games, wins, updated_at"


@dataclass(frozen=True)
class UndoRow:
    """An undo request (migration 12): ``back_to`` is the number of standing moves it keeps
    (the moves from ``back_to`` on are taken back), ``at_seq`` the move count when asked
    (any later move makes it stale); ``voters`` the players asked, ``votes`` their answers."""

    id: int
    game_id: int
    requested_by: int
    at_seq: int
    back_to: int
    rule: str
    voters: tuple[int, ...]
    votes: dict[int, bool]
    status: str
    message_id: int | None
    created_at: str
    decided_at: str | None
    by_seat: bool = True  # voters and votes by seat (False: members' ids, before migration 17)


_UNDO_COLS = (
    "id, game_id, requested_by, at_seq, back_to, rule, voters, votes, status, message_id, "
    "created_at, decided_at, by_seat"
)


def _undo_from_row(r: Sequence[Any]) -> UndoRow:
    votes = {int(k): bool(v) for k, v in json.loads(r[7]).items()}
    return UndoRow(
        id=r[0],
        game_id=r[1],
        requested_by=r[2],
        at_seq=r[3],
        back_to=r[4],
        rule=r[5],
        voters=tuple(json.loads(r[6])),
        votes=votes,
        status=r[8],
        message_id=r[9],
        created_at=r[10],
        decided_at=r[11],
        by_seat=bool(r[12]),
    )


@dataclass(frozen=True)
class MoveWrite:
    """One move to append, with what the game row and timers become after it."""

    seq: int
    seat: int
    notation: str
    actor: Actor
    user_id: int | None
    public: str  # '' for a private move
    digest: str | None
    phase_key: str | None
    phase_started_at: str | None
    outcome: dict[str, Any] | None = None
    deadline: TimerRow | None = None  # the game's deadline timer after the move (None: none)
    clocks: ClockWrite | None = None  # turn clocks after the move (None: the game has none)


@dataclass(frozen=True)
class ImportWrite:
    """The record a ``/game import`` lobby continues: recorded with ``engine_version`` for
    exactly ``seats`` players; ``moves`` are ``(seat, notation, public text, digest)`` as
    ``bot.records.check_moves`` found them."""

    engine_version: int
    seats: int
    moves: Sequence[tuple[int, str, str, str]]


@dataclass(frozen=True)
class TimerRow:
    game_id: int
    kind: TimerKind
    key: str
    due: float  # Unix time, seconds
    warn_at: tuple[float, ...] = ()
    label: str = ""
    channel_id: int = 0


@dataclass(frozen=True)
class InboxRow:
    id: int
    text: str
    moves: tuple[str, ...]


def _forget(memo: dict[int, Any] | set[int], key: int) -> None:
    if isinstance(memo, dict):
        memo.pop(key, None)
    else:
        memo.discard(key)


MEMO = 10_000
"""Entries each of ``Storage``'s memos keeps (a full memo starts again empty)."""

_GAME_COLS = (
    "id, guild_id, channel_id, game_key, engine_version, seed, options, host_id, status, "
    "created_at, updated_at, lobby_message_id, outcome, phase_key, phase_started_at, "
    "table_key, table_message_id, board_message_id, board_seq, time_control, ai_level"
)


class Storage:
    """All SQL, on one database (``bot.db``): a SQLite file (the default) or PostgreSQL.

    Write isolation (issue 18): every logical save — a move with its derived rows, a start,
    an undo, a seat change, a settings change — is one ``transaction()``. On SQLite a
    transaction holds the one connection's lock from its ``BEGIN IMMEDIATE`` to its
    ``COMMIT`` or ``ROLLBACK``, so no other save can put statements into it, commit half of
    it, or be rolled back with it; reads take the same lock (``reading()``) and so never see
    another save half-done. On PostgreSQL each transaction has a pooled connection of its
    own, and a check and the write it guards hold an advisory lock on what they guard
    (``Tx.lock``: the game, the channel), so processes sharing the database serialise there.
    A save cancelled part-way rolls back its own statements only, and the commit or rollback
    runs to its end first (``bot.db.uninterrupted``); see docs/architecture.md.

    ``target``: a file path or a ``postgresql://`` URL (``bot.db.connect``).
    """

    def __init__(self, target: str | Path, *, pool_size: int = 10) -> None:
        self.path = str(target)
        self.database: Database = connect(target, pool_size=pool_size)
        # Rows only this process writes (SQLite: the bot is the database's one writer, and
        # every write of these goes through the methods below), remembered so the move path
        # reads none of them: a server's settings (read for every move), whether a game has
        # stored pending lines, and its timed phase's table message (members' languages are
        # remembered by bot.lang's cache, on both backends). ``shared`` (PostgreSQL: other
        # processes write too) remembers nothing.
        self._guilds: dict[int, GuildSettings] = {}
        self._no_pending: set[int] = set()
        self._tables: dict[int, tuple[str | None, int | None]] = {}
        self._writes = 0  # writes of memoised rows so far: a read that overlapped one is not kept
        self._batch: _Batch | None = None  # SQLite: the saves queued last (``_save``)

    @property
    def dialect(self) -> Dialect:
        return self.database.dialect

    async def open(self, *, upto: int | None = None) -> None:
        """Connect and apply the migrations not applied yet (``upto``: stop after that
        number; tests of old schemas use it)."""
        self._batch = None
        await self.database.open()
        await self.database.migrate(render_all(MIGRATIONS, self.dialect), upto)

    async def close(self) -> None:
        await self.database.close()

    @property
    def is_open(self) -> bool:
        return self.database.is_open

    @property
    def db(self) -> aiosqlite.Connection:
        """SQLite's raw connection: for bulk loading by benches and tests that run alone;
        the bot's code uses ``transaction()`` and ``reading()``."""
        if not isinstance(self.database, SqliteDatabase):
            raise RuntimeError("storage.db is SQLite's connection; this storage is PostgreSQL")
        return self.database.connection

    def transaction(self) -> contextlib.AbstractAsyncContextManager[Tx]:
        """One logical save: ``async with storage.transaction() as tx: await tx.execute(…)``.
        Commits at the end of the block; any exception (a cancellation too) rolls back this
        save's statements alone and is raised again."""
        return self.database.transaction()

    def reading(self) -> contextlib.AbstractAsyncContextManager[Tx]:
        """Reads that see only committed saves, consistently."""
        return self.database.reading()

    async def _fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        async with self.reading() as tx:
            return await tx.fetchall(sql, params)

    async def _scalar(self, sql: str, params: Sequence[Any] = ()) -> Any:
        async with self.reading() as tx:
            return await tx.scalar(sql, params)

    async def _write(self, sql: str, params: Sequence[Any]) -> int:
        """A save of one statement (``_save``); returns the number of rows it changed."""
        return (await self._save([(sql, params)]))[0]

    async def schema_version(self) -> int:
        return await self.database.schema_version()

    @property
    def shared(self) -> bool:
        """Whether other bot processes may use this database at once (PostgreSQL): caches
        are then checked against it and each game's changes hold ``exclusive``."""
        return self.dialect == "postgresql"

    def exclusive(self, namespace: str, ident: int) -> contextlib.AbstractAsyncContextManager[None]:
        """Hold the lock named ``(namespace, ident)`` across processes for the block (a
        PostgreSQL session advisory lock on a connection of its own; released if the
        process dies). SQLite: nothing (one process, whose callers hold asyncio locks)."""
        return self.database.exclusive(namespace, ident)

    async def line_stamp(self, game_id: int) -> tuple[int, int]:
        """``(moves in the line, move rows ever stored)`` of a game: any move or undo made
        since a copy of the game was loaded changes it (undone moves keep their rows)."""
        async with self.reading() as tx:
            return await _line_stamp(tx, game_id)

    async def pragma(self, name: str) -> Any:
        """A SQLite pragma's value (tests check WAL and ``synchronous``)."""
        return await self._scalar(f"PRAGMA {name}")

    # -- games ------------------------------------------------------------------------

    async def create_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game_key: str,
        engine_version: int,
        seed: int,
        options: dict[str, Any],
        host_id: int,
        host_name: str,
        now: str,
        time_control: dict[str, Any] | None = None,
        imported: ImportWrite | None = None,
    ) -> int:
        """A new lobby with the host in seat 0; ``imported`` (``/game import``) attaches the
        record it continues, in the same transaction. Raises ``ChannelBusy`` (nothing
        written) if the channel already has a lobby or running game, so two lobbies opened
        at once in one channel never both exist."""
        async with self.transaction() as tx:
            await tx.lock("channel", channel_id)
            busy = await tx.scalar(
                "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'running')",
                (channel_id,),
            )
            if busy is not None:
                raise ChannelBusy(
                    f"This channel already has a game (#{busy}): finish it or ask the host to "
                    "`/game abandon` it first, or start a thread for a second game."
                )
            game_id = await tx.insert(
                "INSERT INTO games (guild_id, channel_id, game_key, engine_version, seed, "
                "options, host_id, status, created_at, updated_at, time_control) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, 'lobby', ?, ?, ?)",
                (
                    guild_id,
                    channel_id,
                    game_key,
                    imported.engine_version if imported else engine_version,
                    seed,
                    json.dumps(options),
                    host_id,
                    now,
                    now,
                    json.dumps(time_control) if time_control else None,
                ),
            )
            await tx.execute(
                "INSERT INTO seats (game_id, seat, kind, user_id, display_name) "
                "VALUES (?, 0, 'human', ?, ?)",
                (game_id, host_id, host_name),
            )
            if imported is not None:
                await tx.execute(
                    "INSERT INTO imports (game_id, seats, moves, created_at) VALUES (?, ?, ?, ?)",
                    (game_id, imported.seats, json.dumps([list(m) for m in imported.moves]), now),
                )
        return game_id

    @staticmethod
    def _game_from_row(row: Sequence[Any]) -> GameRow:
        return GameRow(
            id=row[0],
            guild_id=row[1],
            channel_id=row[2],
            game_key=row[3],
            engine_version=row[4],
            seed=row[5],
            options=json.loads(row[6]),
            host_id=row[7],
            status=row[8],
            created_at=row[9],
            updated_at=row[10],
            lobby_message_id=row[11],
            outcome=json.loads(row[12]) if row[12] else None,
            phase_key=row[13],
            phase_started_at=row[14],
            table_key=row[15],
            table_message_id=row[16],
            board_message_id=row[17],
            board_seq=row[18],
            time_control=json.loads(row[19]) if row[19] else None,
            ai_level=row[20],
        )

    async def _games(self, where: str, params: Sequence[Any] = ()) -> list[GameRow]:
        """Games with their seats and seat clocks, read consistently: three queries."""
        async with self.reading() as tx:
            return await self._games_in(tx, where, params)

    async def game_and_stamp(self, game_id: int) -> tuple[GameRow | None, tuple[int, int]]:
        """``get_game`` and ``line_stamp`` of one game, read together in one snapshot."""
        async with self.reading() as tx:
            found = await self._games_in(tx, "WHERE id = ?", (game_id,))
            return (found[0] if found else None), await _line_stamp(tx, game_id)

    async def game_line(
        self, game_id: int
    ) -> tuple[GameRow | None, tuple[int, int], tuple[list[tuple[int, str]], str | None]]:
        """``game_and_stamp`` and ``replay_moves`` of one game, read together in one
        snapshot: a copy replayed from them is the line its row and stamp describe, even
        while another process moves in the game."""
        async with self.reading() as tx:
            found = await self._games_in(tx, "WHERE id = ?", (game_id,))
            stamp = await _line_stamp(tx, game_id)
            line = await _replay_moves(tx, game_id)
        return (found[0] if found else None), stamp, line

    async def _games_in(self, tx: Tx, where: str, params: Sequence[Any]) -> list[GameRow]:
        rows = await tx.fetchall(f"SELECT {_GAME_COLS} FROM games {where}", params)
        games = [self._game_from_row(r) for r in rows]
        if not games:
            return games
        by_id = {g.id: g for g in games}
        marks = ",".join("?" * len(by_id))
        for gid, seat, user_id, name, kind, owner, level in await tx.fetchall(
            f"SELECT game_id, seat, user_id, display_name, kind, owner_id, ai_level FROM seats "
            f"WHERE game_id IN ({marks}) ORDER BY game_id, seat",
            tuple(by_id),
        ):
            by_id[gid].seats.append(SeatRow(seat, user_id, name, kind, owner, level))
        clocked = [g.id for g in games if g.time_control]
        if clocked:
            marks = ",".join("?" * len(clocked))
            for gid, *rest in await tx.fetchall(
                "SELECT game_id, seat, bank, since, reminded, timeouts, vacation_used, "
                f"vacation_since FROM seat_clocks WHERE game_id IN ({marks})",
                tuple(clocked),
            ):
                by_id[gid].clocks[rest[0]] = SeatClock(*rest)
        return games

    async def get_game(self, game_id: int) -> GameRow | None:
        if not 0 < game_id < 2**63:
            return None  # a forged id can't name a game (and would overflow SQLite)
        found = await self._games("WHERE id = ?", (game_id,))
        return found[0] if found else None

    async def active_game_in_channel(self, channel_id: int) -> GameRow | None:
        """The lobby or running game of a channel (at most one exists)."""
        found = await self._games(
            "WHERE channel_id = ? AND status IN ('lobby', 'running') ORDER BY id DESC LIMIT 1",
            (channel_id,),
        )
        return found[0] if found else None

    async def latest_game_in_channel(self, channel_id: int) -> GameRow | None:
        found = await self._games("WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,))
        return found[0] if found else None

    async def games_in_guild(self, guild_id: int, limit: int = 25) -> list[GameRow]:
        return await self._games(
            "WHERE guild_id = ? ORDER BY CASE status WHEN 'running' THEN 0 WHEN 'lobby' THEN 1 "
            "ELSE 2 END, id DESC LIMIT ?",
            (guild_id, limit),
        )

    async def running_games(self) -> list[GameRow]:
        """Every running game with its seats: two queries in all."""
        return await self._games("WHERE status = 'running' ORDER BY id")

    async def games_with_ai_seats(self) -> list[int]:
        """Ids of running games with at least one AI seat (resumed at start-up)."""
        rows = await self._fetchall(
            "SELECT DISTINCT s.game_id FROM seats s JOIN games g ON g.id = s.game_id "
            "WHERE s.kind = 'ai' AND g.status = 'running' ORDER BY s.game_id"
        )
        return [gid for (gid,) in rows]

    # -- seats ---------------------------------------------------------------------------

    async def set_seat(self, game_id: int, seat: SeatRow, clocks: ClockWrite | None = None) -> None:
        """Change who plays a seat of a started game (kind, member, name, owner), with the
        seat clocks that change with it, in one transaction. A member who gets the seat is
        recorded as one of its holders (``seat_holders``); the table's key refuses a member
        who held another seat of the game (``IntegrityError``, nothing written)."""
        async with self.transaction() as tx:
            await tx.lock("game", game_id)
            await tx.execute(
                "UPDATE seats SET kind = ?, user_id = ?, display_name = ?, owner_id = ?, "
                "ai_level = ? WHERE game_id = ? AND seat = ?",
                (
                    seat.kind,
                    seat.user_id,
                    seat.display_name,
                    seat.owner_id,
                    seat.ai_level,
                    game_id,
                    seat.seat,
                ),
            )
            holder = seat.user_id if seat.kind == "human" else seat.owner_id
            if holder is not None:
                await _add_holder(tx, game_id, holder, seat.seat)
            await _put_clocks(tx, game_id, clocks)

    async def seat_held(self, game_id: int, user_id: int) -> int | None:
        """The seat whose private information ``user_id`` has held in this game (they play
        it, played it, or the AI plays it for them), or ``None``."""
        value = await self._scalar(
            "SELECT seat FROM seat_holders WHERE game_id = ? AND user_id = ?", (game_id, user_id)
        )
        return None if value is None else int(value)

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        await self._write(
            "UPDATE games SET lobby_message_id = ? WHERE id = ?", (message_id, game_id)
        )

    async def add_seat(
        self,
        game_id: int,
        user_id: int | None,
        name: str,
        kind: SeatKind = "human",
        ai_level: str | None = None,
    ) -> int:
        """Seat a member (or an AI, at ``ai_level``) in the next free seat of a lobby;
        returns the seat."""
        async with self.transaction() as tx:
            await tx.lock("game", game_id)
            seat = int(
                await tx.scalar(
                    "SELECT COALESCE(MAX(seat), -1) + 1 FROM seats WHERE game_id = ?", (game_id,)
                )
            )
            await tx.execute(
                "INSERT INTO seats (game_id, seat, kind, user_id, display_name, ai_level) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, seat, kind, user_id, name, ai_level),
            )
        return seat

    async def remove_seat(
        self,
        game_id: int,
        user_id: int | None,
        *,
        seat: int | None = None,
        new_host: int | None = None,
    ) -> None:
        """Remove a lobby seat (a member's, or ``seat``: e.g. an AI's) and close the gap so
        seats stay 0..n-1; ``new_host`` takes over as host in the same transaction."""
        async with self.transaction() as tx:
            await tx.lock("game", game_id)
            if seat is None:
                seat = await tx.scalar(
                    "SELECT seat FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)
                )
            if seat is None:
                return
            await tx.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))
            # Two steps so UNIQUE(game_id, seat) never sees a transient duplicate.
            await tx.execute(
                "UPDATE seats SET seat = -seat - 1 WHERE game_id = ? AND seat > ?", (game_id, seat)
            )
            await tx.execute(
                "UPDATE seats SET seat = -seat - 2 WHERE game_id = ? AND seat < 0", (game_id,)
            )
            if new_host is not None:
                await tx.execute("UPDATE games SET host_id = ? WHERE id = ?", (new_host, game_id))

    async def set_host(self, game_id: int, user_id: int) -> None:
        await self._write("UPDATE games SET host_id = ? WHERE id = ?", (user_id, game_id))

    async def start_game(
        self,
        game_id: int,
        options: dict[str, Any],
        now: str,
        phase_key: str | None,
        phase_started_at: str | None,
        deadline: TimerRow | None,
        clocks: ClockWrite | None = None,
        *,
        moves: Sequence[MoveWrite] = (),
        outcome: dict[str, Any] | None = None,
    ) -> None:
        """Start a lobby's game; ``moves`` (an imported record's, numbered from 0) are
        committed in the same transaction, and ``outcome`` finishes it at once. Every seated
        member becomes the holder of their seat (``seat_holders``)."""
        async with self.transaction() as tx:
            await tx.lock("game", game_id)
            await tx.execute(
                "UPDATE games SET status = 'running', options = ?, updated_at = ?, "
                "phase_key = ?, phase_started_at = ? WHERE id = ? AND status = 'lobby'",
                (json.dumps(options), now, phase_key, phase_started_at, game_id),
            )
            await tx.execute(
                "INSERT INTO seat_holders (game_id, user_id, seat) "
                "SELECT game_id, user_id, seat FROM seats "
                "WHERE game_id = ? AND kind = 'human' ON CONFLICT DO NOTHING",
                (game_id,),
            )
            if moves:
                await tx.executemany(
                    "INSERT INTO moves (game_id, seq, seat, notation, user_id, created_at, "
                    "public, actor, digest) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [
                        (
                            game_id,
                            m.seq,
                            m.seat,
                            m.notation,
                            m.user_id,
                            now,
                            m.public,
                            m.actor,
                            m.digest,
                        )
                        for m in moves
                    ],
                )
            if outcome is not None:
                await tx.execute(
                    "UPDATE games SET status = 'finished', outcome = ? WHERE id = ?",
                    (json.dumps(outcome), game_id),
                )
            await _put_timer(tx, game_id, "deadline", deadline)
            await _put_clocks(tx, game_id, clocks)

    async def imported(self, game_id: int) -> tuple[int, list[tuple[int, str, str, str]]] | None:
        """``(seats, moves)`` of the record game ``game_id`` was imported from (moves as
        ``ImportWrite.moves``), or ``None``."""
        async with self.reading() as tx:
            row = await tx.fetchone(
                "SELECT seats, moves FROM imports WHERE game_id = ?", (game_id,)
            )
        if row is None:
            return None
        return int(row[0]), [(int(s), str(n), str(p), str(d)) for s, n, p, d in json.loads(row[1])]

    async def set_status(
        self, game_id: int, status: str, now: str, outcome: dict[str, Any] | None = None
    ) -> None:
        async with self.transaction() as tx:
            await tx.lock("game", game_id)
            await tx.execute(
                "UPDATE games SET status = ?, updated_at = ?, outcome = COALESCE(?, outcome) "
                "WHERE id = ?",
                (status, now, json.dumps(outcome) if outcome is not None else None, game_id),
            )
            if status in ("finished", "abandoned"):
                await tx.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))

    # -- moves ------------------------------------------------------------------------

    async def moves(self, game_id: int) -> list[MoveRow]:
        """The standing moves in order (undone moves are kept apart: ``undone_moves``)."""
        rows = await self._fetchall(
            "SELECT seq, seat, notation, user_id, created_at, public, actor, digest FROM moves "
            "WHERE game_id = ? AND seq >= 0 ORDER BY seq",
            (game_id,),
        )
        return [MoveRow(*r) for r in rows]

    async def replay_moves(self, game_id: int) -> tuple[list[tuple[int, str]], str | None]:
        """``(seat, notation)`` of every move in order, and the last move's digest."""
        async with self.reading() as tx:
            return await _replay_moves(tx, game_id)

    async def digests(self, game_id: int) -> list[str | None]:
        rows = await self._fetchall(
            "SELECT digest FROM moves WHERE game_id = ? AND seq >= 0 ORDER BY seq", (game_id,)
        )
        return [r[0] for r in rows]

    async def last_moves(self, game_id: int, count: int) -> list[MoveRow]:
        rows = await self._fetchall(
            "SELECT seq, seat, notation, user_id, created_at, public, actor, digest FROM moves "
            "WHERE game_id = ? AND seq >= 0 ORDER BY seq DESC LIMIT ?",
            (game_id, count),
        )
        return [MoveRow(*r) for r in rows][::-1]

    async def commit_move(self, game_id: int, move: MoveWrite, now: str) -> None:
        """Record one move, the game's new phase/finish state, its deadline timer and turn
        clocks, in a single transaction (SQLite: in one hop to the connection's thread,
        ``_save``).

        Raises ``StaleMove`` (an ``IntegrityError``; nothing is written) unless ``seq`` is
        the number of moves stored, i.e. the move follows the stored line: another process
        (or an undo) changed the game since this copy of it was loaded.
        """

        def follows(stored: Any) -> None:
            if stored != move.seq:
                raise StaleMove(game_id, move.seq, int(stored))

        statements: list[Statement] = [
            (
                "INSERT INTO moves (game_id, seq, seat, notation, user_id, created_at, "
                "public, actor, digest) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    move.seq,
                    move.seat,
                    move.notation,
                    move.user_id,
                    now,
                    move.public,
                    move.actor,
                    move.digest,
                ),
            )
        ]
        if move.outcome is not None:
            statements += [
                (
                    "UPDATE games SET status = 'finished', outcome = ?, updated_at = ?, "
                    "phase_key = NULL, phase_started_at = NULL WHERE id = ?",
                    (json.dumps(move.outcome), now, game_id),
                ),
                ("DELETE FROM timers WHERE game_id = ?", (game_id,)),
            ]
        else:
            statements += [
                (
                    "UPDATE games SET updated_at = ?, phase_key = ?, phase_started_at = ? "
                    "WHERE id = ?",
                    (now, move.phase_key, move.phase_started_at, game_id),
                ),
                _timer_statement(game_id, "deadline", move.deadline),
                *_clock_statements(game_id, move.clocks),
            ]
        await self._save(statements, Guard("game", game_id, _STORED_MOVES, (game_id,), follows))

    async def _save(self, statements: Sequence[Statement], guard: Guard | None = None) -> list[int]:
        """One save of ``statements`` (after ``guard``'s check passes); returns the rows each
        changed. PostgreSQL: ``transaction()``, with the guard's lock held.

        SQLite: the whole transaction (``BEGIN IMMEDIATE``, the check, the statements,
        ``COMMIT``, or ``ROLLBACK`` on any error) is one function queued for the connection's
        thread (``_commit_batch``), and the connection's lock is held only while it is
        queued, not until it has run: the thread runs what is queued one at a time in order,
        so no transaction is open when it is queued (a transaction holds the lock from its
        ``BEGIN`` to its end) and whatever takes the lock after it runs after its
        ``COMMIT``; the same isolation as holding the lock to the end. Holding it to the end
        made every save wait for the thread and then for the event loop to come round to the
        answer, and on a busy loop the saves of 50 moves a second queued behind those turns
        (docs/architecture.md, "Where a move's CPU goes").

        Saves that arrive while the previous one is still queued, with nothing queued after
        it, join it (``_Batch``): one transaction, one fsync, each save in a savepoint of its
        own, so a save whose check or statement fails is rolled back alone and only it
        raises. None is answered before the ``COMMIT`` that stores it; a failed ``COMMIT``
        raises in every save of the batch, none stored. The save runs to its end even if the
        caller is cancelled (``uninterrupted``), so it is whole or absent."""
        database = self.database
        if isinstance(database, SqliteDatabase):
            connection = database.connection
            answer: asyncio.Future[list[int]] = asyncio.get_running_loop().create_future()
            async with database.lock:
                batch = self._batch
                if batch is None or not batch.join(statements, guard, answer):
                    batch = self._batch = _Batch()
                    batch.join(statements, guard, answer)
                    queued = _queue(connection, _commit_batch, connection._conn, batch)
                    queued.add_done_callback(batch.answer)
            counts: list[int] = await uninterrupted(answer)
            return counts
        async with self.transaction() as tx:
            if guard is not None:
                await tx.lock(guard.namespace, guard.ident)
                guard.check(await tx.scalar(guard.sql, guard.params))
            return await tx.batch(statements)

    async def put_clocks(self, game_id: int, write: ClockWrite) -> None:
        """Store seat clocks and their timers alone (a reminder sent, a vacation)."""
        async with self.transaction() as tx:
            await _put_clocks(tx, game_id, write)

    async def user_reminders(self, user_id: int) -> str:
        """``"channel"`` (default) or ``"dm"``."""
        value = await self._scalar(
            "SELECT reminders FROM user_settings WHERE user_id = ?", (user_id,)
        )
        return str(value) if value else "channel"

    async def set_user_reminders(self, user_id: int, value: str) -> None:
        await self._write(
            "INSERT INTO user_settings (user_id, reminders) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET reminders = excluded.reminders",
            (user_id, value),
        )

    async def user_language(self, user_id: int) -> str | None:
        """The member's chosen language (migration 18), ``None`` when they chose none. Read
        each time: the bot reads it through ``bot.lang``'s cache."""
        value = await self._scalar(
            "SELECT language FROM user_settings WHERE user_id = ?", (user_id,)
        )
        return str(value) if value else None

    async def set_user_language(self, user_id: int, value: str | None) -> None:
        """Store the member's language (``None``: follow their Discord client). The bot
        calls ``bot.lang.set_user_language``, which also forgets the cached choice."""
        await self._write(
            "INSERT INTO user_settings (user_id, language) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET language = excluded.language",
            (user_id, value),
        )

    def _remember(self, memo: dict[int, Any], key: int, value: Any, writes: int) -> None:
        """Keep ``value``, read when ``self._writes`` was ``writes``, in ``memo`` (at most
        ``MEMO`` entries), unless a memoised row was written meanwhile or other processes
        write the database too."""
        if self.shared or writes != self._writes:
            return
        if len(memo) >= MEMO:
            memo.clear()
        memo[key] = value

    @contextlib.asynccontextmanager
    async def _changing(self, memo: dict[int, Any] | set[int], key: int) -> AsyncIterator[None]:
        """A write of the row ``memo`` keeps for ``key``: forgotten before and after it, and
        reads that overlap it are not kept (``_remember``)."""
        self._writes += 1
        _forget(memo, key)
        try:
            yield
        finally:
            self._writes += 1
            _forget(memo, key)

    async def games_of_user(self, user_id: int, limit: int = 25) -> list[GameRow]:
        """Lobbies and running games where the user holds a seat, newest first."""
        return await self._games(
            "WHERE status IN ('lobby', 'running') AND id IN "
            "(SELECT game_id FROM seats WHERE user_id = ?) ORDER BY id DESC LIMIT ?",
            (user_id, limit),
        )

    # -- timers -----------------------------------------------------------------------

    async def timers(self) -> list[TimerRow]:
        """Every armed timer of a running game, with its channel: one query."""
        rows = await self._fetchall(
            "SELECT t.game_id, t.kind, t.key, t.due, t.warn_at, t.label, g.channel_id "
            "FROM timers t JOIN games g ON g.id = t.game_id WHERE g.status = 'running' "
            "ORDER BY t.due"
        )
        return [
            TimerRow(gid, kind, key, due, tuple(json.loads(warn)), label, channel)
            for gid, kind, key, due, warn, label, channel in rows
        ]

    async def set_timer(self, timer: TimerRow) -> None:
        async with self.transaction() as tx:
            await _put_timer(tx, timer.game_id, timer.kind, timer)

    async def claim_timer(
        self, timer: TimerRow, owner: str, now: float, lease: float, *, same_due: bool = False
    ) -> bool:
        """Claim the stored ``timer`` (same game, kind and key; and due, with ``same_due``)
        for ``owner`` until ``now + lease`` unless another owner holds an unexpired claim.
        Returns whether it is ``owner``'s now: only the claimant fires it (several processes
        share the database)."""
        due = " AND due = ?" if same_due else ""
        changed = await self._write(
            "UPDATE timers SET lease_owner = ?, lease_until = ? "
            "WHERE game_id = ? AND kind = ? AND key = ?" + due + " "
            "AND (lease_until IS NULL OR lease_until < ? OR lease_owner = ?)",
            (owner, now + lease, timer.game_id, timer.kind, timer.key)
            + ((timer.due,) if same_due else ())
            + (now, owner),
        )
        return changed > 0

    async def claim_due(
        self, owner: str, now: float, lease: float, limit: int = 100
    ) -> list[TimerRow]:
        """Claim for ``owner`` (until ``now + lease``) up to ``limit`` timers of running games
        that are due and not claimed by a live owner, oldest first; returns them. On
        PostgreSQL the rows are picked ``FOR UPDATE SKIP LOCKED``, so processes polling at
        once take different rows and never wait for each other."""
        skip = " FOR UPDATE OF t SKIP LOCKED" if self.dialect == "postgresql" else ""
        async with self.transaction() as tx:
            rows = await tx.fetchall(
                "SELECT t.game_id, t.kind, t.key, t.due, t.warn_at, t.label, g.channel_id "
                "FROM timers t JOIN games g ON g.id = t.game_id WHERE g.status = 'running' "
                "AND t.due <= ? AND (t.lease_until IS NULL OR t.lease_until < ?) "
                "ORDER BY t.due LIMIT ?" + skip,
                (now, now, limit),
            )
            await tx.executemany(
                "UPDATE timers SET lease_owner = ?, lease_until = ? WHERE game_id = ? AND kind = ?",
                [(owner, now + lease, r[0], r[1]) for r in rows],
            )
        return [
            TimerRow(gid, kind, key, due, tuple(json.loads(warn)), label, channel)
            for gid, kind, key, due, warn, label, channel in rows
        ]

    async def claim_warning(self, timer: TimerRow, warn: float) -> bool:
        """Whether this process is the one to post ``timer``'s warning ``warn`` seconds
        before it is due (each warning of a timer once, whichever process armed it)."""
        changed = await self._write(
            "UPDATE timers SET warned = ? WHERE game_id = ? AND kind = ? AND key = ? "
            "AND (warned IS NULL OR warned > ?)",
            (warn, timer.game_id, timer.kind, timer.key, warn),
        )
        return changed > 0

    async def games_missing_timers(self) -> list[int]:
        """Running games in a timed phase with no timer row (databases from before
        migration 6): their deadline is computed once by replay, then stored."""
        rows = await self._fetchall(
            "SELECT id FROM games WHERE status = 'running' AND phase_key IS NOT NULL "
            "AND id NOT IN (SELECT game_id FROM timers WHERE kind = 'deadline') ORDER BY id"
        )
        return [int(r[0]) for r in rows]

    # -- table message -----------------------------------------------------------------

    async def set_table(self, game_id: int, key: str | None, message_id: int | None) -> None:
        """Store the running timed phase's table message (``None``: none); a value already
        stored by this process is not written again (every board of a game without timed
        phases clears it)."""
        if self._tables.get(game_id, 0) == (key, message_id):
            return
        async with self._changing(self._tables, game_id):
            await self._write(
                "UPDATE games SET table_key = ?, table_message_id = ? WHERE id = ? AND "
                "(table_key IS NOT ? OR table_message_id IS NOT ?)",
                (key, message_id, game_id, key, message_id),
            )
        self._remember(self._tables, game_id, (key, message_id), self._writes)

    async def set_board(self, game_id: int, message_id: int | None, seq: int | None) -> None:
        """Remember the newest public board message (the one carrying buttons) and the move
        count it shows."""
        await self._write(
            "UPDATE games SET board_message_id = ?, board_seq = ? WHERE id = ?",
            (message_id, seq, game_id),
        )

    # -- private inbox and pending lines -------------------------------------------------

    async def add_inbox(
        self, game_id: int, user_id: int, text: str, moves: Iterable[str], now: str
    ) -> None:
        await self._write(
            "INSERT INTO inbox (game_id, user_id, text, moves, created_at) VALUES (?, ?, ?, ?, ?)",
            (game_id, user_id, text, json.dumps(list(moves)), now),
        )

    async def take_inbox(self, game_id: int, user_id: int) -> list[InboxRow]:
        """The user's waiting notices for a game, removed as they are read (one
        transaction: a notice is handed out once)."""
        async with self.transaction() as tx:
            await tx.lock("inbox", game_id)
            rows = [
                InboxRow(i, t, tuple(json.loads(m)))
                for i, t, m in await tx.fetchall(
                    "SELECT id, text, moves FROM inbox WHERE game_id = ? AND user_id = ? "
                    "ORDER BY id",
                    (game_id, user_id),
                )
            ]
            if rows:
                await tx.execute(
                    "DELETE FROM inbox WHERE game_id = ? AND user_id = ? AND id <= ?",
                    (game_id, user_id, rows[-1].id),
                )
        return rows

    async def add_pending(self, game_id: int, line: str) -> None:
        async with self._changing(self._no_pending, game_id):
            await self._write(
                "INSERT INTO pending_lines (game_id, line) VALUES (?, ?)", (game_id, line)
            )

    async def pending(self, game_id: int) -> list[tuple[int, str]]:
        """Lines stored by older versions for a game's next board (none are stored now)."""
        if game_id in self._no_pending:
            return []
        writes = self._writes
        rows = await self._fetchall(
            "SELECT id, line FROM pending_lines WHERE game_id = ? ORDER BY id", (game_id,)
        )
        if not rows and not self.shared and writes == self._writes:
            if len(self._no_pending) >= MEMO:
                self._no_pending.clear()
            self._no_pending.add(game_id)
        return [(int(i), str(line)) for i, line in rows]

    async def clear_pending(self, game_id: int, upto_id: int) -> None:
        await self._write(
            "DELETE FROM pending_lines WHERE game_id = ? AND id <= ?", (game_id, upto_id)
        )

    async def backup(self, target: str | Path) -> None:
        """Online copy of the whole database to ``target`` (SQLite backup API), between
        saves."""
        if not isinstance(self.database, SqliteDatabase):
            raise RuntimeError("PostgreSQL is backed up with pg_dump (docs/operating.md)")
        dest = await aiosqlite.connect(str(target))
        try:
            async with self.database.lock:
                await self.db.backup(dest)
        finally:
            await dest.close()

    # -- undo with consent (migrations 12, 17) ------------------------------------------

    async def undo_rule(self, game_id: int) -> str:
        """``"all"`` (default), ``"majority"`` or ``"off"``."""
        value = await self._scalar("SELECT undo_rule FROM games WHERE id = ?", (game_id,))
        return str(value) if value else "all"

    async def set_undo_rule(self, game_id: int, rule: str) -> None:
        await self._write("UPDATE games SET undo_rule = ? WHERE id = ?", (rule, game_id))

    async def set_ai_level(self, game_id: int, level: str) -> None:
        """The game's AI level (migration 19): AI seats added without one play at it."""
        await self._write("UPDATE games SET ai_level = ? WHERE id = ?", (level, game_id))

    async def add_undo(
        self,
        game_id: int,
        requested_by: int,
        at_seq: int,
        back_to: int,
        rule: str,
        voters: Sequence[int],
        now: str,
    ) -> int:
        """Open an undo request; ``voters`` are the seats asked (0-based)."""
        async with self.transaction() as tx:
            return await tx.insert(
                "INSERT INTO undos (game_id, requested_by, at_seq, back_to, rule, voters, "
                "status, created_at, by_seat) VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, 1)",
                (game_id, requested_by, at_seq, back_to, rule, json.dumps(list(voters)), now),
            )

    async def undo(self, undo_id: int) -> UndoRow | None:
        if not 0 < undo_id < 2**63:
            return None
        async with self.reading() as tx:
            row = await tx.fetchone(f"SELECT {_UNDO_COLS} FROM undos WHERE id = ?", (undo_id,))
        return _undo_from_row(row) if row else None

    async def undos(self, game_id: int, status: str | None = None) -> list[UndoRow]:
        sql = f"SELECT {_UNDO_COLS} FROM undos WHERE game_id = ?"
        params: tuple[Any, ...] = (game_id,)
        if status is not None:
            sql += " AND status = ?"
            params += (status,)
        return [_undo_from_row(r) for r in await self._fetchall(sql + " ORDER BY id", params)]

    async def set_undo(
        self,
        undo_id: int,
        *,
        status: str | None = None,
        votes: Mapping[int, bool] | None = None,
        message_id: int | None = None,
        now: str | None = None,
    ) -> None:
        sets: list[str] = []
        params: list[Any] = []
        if status is not None:
            sets += ["status = ?", "decided_at = ?"]
            params += [status, now]
        if votes is not None:
            sets.append("votes = ?")
            params.append(json.dumps({str(k): v for k, v in votes.items()}))
        if message_id is not None:
            sets.append("message_id = ?")
            params.append(message_id)
        if sets:
            await self._write(
                f"UPDATE undos SET {', '.join(sets)} WHERE id = ?", (*params, undo_id)
            )

    async def apply_undo(self, undo: UndoRow, votes: Mapping[int, bool], now: str) -> None:
        """Take back every standing move from ``undo.back_to`` on, in one transaction: the
        moves stay (marked ``undone_by``, their number in ``undone_seq``, a negative
        ``seq``), the undo is ``done``, the game's timed phase and pending lines are
        cleared (undo never crosses a timed phase), and so is its deadline timer."""
        async with self.transaction() as tx:
            await tx.lock("game", undo.game_id)
            await tx.execute(
                "UPDATE moves SET undone_by = ?, undone_seq = seq, seq = -(? * 1000000 + seq + 1) "
                "WHERE game_id = ? AND seq >= ?",
                (undo.id, undo.id, undo.game_id, undo.back_to),
            )
            await tx.execute(
                "UPDATE undos SET status = 'done', votes = ?, decided_at = ? WHERE id = ?",
                (json.dumps({str(k): v for k, v in votes.items()}), now, undo.id),
            )
            await tx.execute(
                "UPDATE games SET phase_key = NULL, phase_started_at = NULL, updated_at = ? "
                "WHERE id = ?",
                (now, undo.game_id),
            )
            await tx.execute("DELETE FROM pending_lines WHERE game_id = ?", (undo.game_id,))
            await tx.execute(
                "DELETE FROM timers WHERE game_id = ? AND kind = 'deadline'", (undo.game_id,)
            )

    async def undone_moves(self, game_id: int) -> list[tuple[int, MoveRow]]:
        """``(undo id, move)`` of every undone move, the move with its old number as seq."""
        rows = await self._fetchall(
            "SELECT undone_by, undone_seq, seat, notation, user_id, created_at, public, actor, "
            "digest FROM moves WHERE game_id = ? AND seq < 0 ORDER BY undone_by, undone_seq",
            (game_id,),
        )
        return [(int(r[0]), MoveRow(*r[1:])) for r in rows]

    # -- downtime and lost summaries (migration 13) -------------------------------------

    async def bot_state(self, key: str) -> float | None:
        """A value the bot keeps about itself (``last_alive``: Unix time), or ``None``."""
        value = await self._scalar("SELECT value FROM bot_state WHERE key = ?", (key,))
        return None if value is None else float(value)

    async def set_bot_state(self, key: str, value: float) -> None:
        async with self.transaction() as tx:
            await _put_bot_state(tx, key, value)

    async def running_clocked_games(self) -> list[GameRow]:
        """Running games with a time control, with their seat clocks."""
        return await self._games(
            "WHERE status = 'running' AND time_control IS NOT NULL ORDER BY id"
        )

    async def credit_downtime(
        self, writes: Sequence[tuple[int, ClockWrite]], key: str, now: float
    ) -> None:
        """Store shifted clocks and timers and ``key = now`` in one transaction, so a crash
        in the middle credits nothing twice."""
        async with self.transaction() as tx:
            for game_id, write in writes:
                await _put_clocks(tx, game_id, write)
            await _put_bot_state(tx, key, now)

    async def summaries_due(self) -> list[int]:
        """Finished games whose game-over summary was never posted (oldest first)."""
        rows = await self._fetchall(
            "SELECT id FROM games WHERE status = 'finished' AND summary_posted IS NULL "
            "ORDER BY updated_at, id"
        )
        return [int(r[0]) for r in rows]

    async def summary_due(self, game_id: int) -> bool:
        """Whether the finished game's summary is still to be posted."""
        return bool(
            await self._scalar(
                "SELECT 1 FROM games WHERE id = ? AND status = 'finished' "
                "AND summary_posted IS NULL",
                (game_id,),
            )
        )

    async def mark_summary_posted(self, game_id: int) -> None:
        await self._write("UPDATE games SET summary_posted = 1 WHERE id = ?", (game_id,))

    # -- results and ratings (migration 14) ---------------------------------------------

    async def games_without_results(self) -> list[GameRow]:
        """Games that ended (finished, or abandoned after moves were made) with no results
        recorded yet, in the order they ended."""
        return await self._games(
            "WHERE (status = 'finished' OR (status = 'abandoned' AND EXISTS "
            "(SELECT 1 FROM moves m WHERE m.game_id = games.id))) "
            "AND NOT EXISTS (SELECT 1 FROM results r WHERE r.game_id = games.id) "
            "ORDER BY updated_at, id"
        )

    async def is_imported(self, game_id: int) -> bool:
        return bool(await self._scalar("SELECT 1 FROM imports WHERE game_id = ?", (game_id,)))

    async def ratings_of(
        self, scope: int, game_key: str, user_ids: Sequence[int]
    ) -> dict[int, RatingRow]:
        marks = ",".join("?" * len(user_ids))
        rows = await self._fetchall(
            f"SELECT {_RATING_COLS} FROM ratings WHERE scope = ? AND game_key = ? "
            f"AND user_id IN ({marks})",
            (scope, game_key, *user_ids),
        )
        return {r[2]: RatingRow(*r) for r in rows}

    async def record_results(self, rows: Sequence[ResultRow], ratings: Sequence[RatingRow]) -> bool:
        """Store one game's results and its rating changes in one transaction; ``False``
        (nothing written) if the game already has results."""
        if not rows:
            return False
        async with self.transaction() as tx:
            await tx.lock("results", rows[0].game_id)
            if await tx.fetchone("SELECT 1 FROM results WHERE game_id = ?", (rows[0].game_id,)):
                return False
            await tx.executemany(
                "INSERT INTO results (game_id, seat, guild_id, game_key, user_id, display_name, "
                "kind, status, rank, score, rated, ended_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [astuple(r) for r in rows],
            )
            await tx.executemany(
                "INSERT INTO ratings (scope, game_key, user_id, mu, sigma, games, wins, "
                "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (scope, game_key, user_id) DO UPDATE SET mu = excluded.mu, "
                "sigma = excluded.sigma, games = excluded.games, wins = excluded.wins, "
                "updated_at = excluded.updated_at",
                [astuple(r) for r in ratings],
            )
        return True

    async def leaderboard(self, scope: int, game_key: str) -> list[RatingRow]:
        """Every rated member of ``game_key`` in ``scope``, best conservative rating first."""
        rows = await self._fetchall(
            f"SELECT {_RATING_COLS} FROM ratings WHERE scope = ? AND game_key = ? "
            "ORDER BY mu - 3 * sigma DESC, games DESC, user_id",
            (scope, game_key),
        )
        return [RatingRow(*r) for r in rows]

    async def results_of(self, user_id: int, guild_id: int | None = None) -> list[ResultRow]:
        """The member's results, newest first (on one server, or everywhere)."""
        sql = "SELECT * FROM results WHERE user_id = ?"
        params: tuple[Any, ...] = (user_id,)
        if guild_id is not None:
            sql += " AND guild_id = ?"
            params += (guild_id,)
        rows = await self._fetchall(sql + " ORDER BY ended_at DESC, game_id DESC", params)
        return [ResultRow(*r) for r in rows]

    async def ratings_of_user(self, scope: int, user_id: int) -> list[RatingRow]:
        rows = await self._fetchall(
            f"SELECT {_RATING_COLS} FROM ratings WHERE scope = ? AND user_id = ? ORDER BY game_key",
            (scope, user_id),
        )
        return [RatingRow(*r) for r in rows]

    async def latest_names(self, user_ids: Sequence[int]) -> dict[int, str]:
        """The display name each member last played under."""
        if not user_ids:
            return {}
        marks = ",".join("?" * len(user_ids))
        rows = await self._fetchall(
            f"SELECT user_id, display_name FROM results WHERE user_id IN ({marks}) "
            "ORDER BY ended_at, game_id",
            tuple(user_ids),
        )
        return {int(u): str(n) for u, n in rows}

    # -- per-server settings (migration 15) ----------------------------------------------

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        known = self._guilds.get(guild_id)
        if known is not None:
            return known
        writes = self._writes
        settings = await self._guild_settings(guild_id)
        self._remember(self._guilds, guild_id, settings, writes)
        return settings

    async def _guild_settings(self, guild_id: int) -> GuildSettings:
        async with self.reading() as tx:
            row = await tx.fetchone(
                "SELECT default_clock, channels, gm_role, language FROM guild_settings "
                "WHERE guild_id = ?",
                (guild_id,),
            )
        if row is None:
            return GuildSettings(guild_id)
        return GuildSettings(guild_id, str(row[0]), tuple(json.loads(row[1])), row[2], row[3])

    async def set_guild_settings(self, settings: GuildSettings) -> None:
        async with self._changing(self._guilds, settings.guild_id):
            await self._write(
                "INSERT INTO guild_settings (guild_id, default_clock, channels, gm_role, "
                "language) VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
                "default_clock = excluded.default_clock, channels = excluded.channels, "
                "gm_role = excluded.gm_role, language = excluded.language",
                (
                    settings.guild_id,
                    settings.default_clock,
                    json.dumps(list(settings.channels)),
                    settings.gm_role,
                    settings.language,
                ),
            )


# -- statements shared by several saves (always inside a transaction) ------------------------


async def _add_holder(tx: Tx, game_id: int, user_id: int, seat: int) -> None:
    """Record that ``user_id`` holds ``seat``'s private information (again: no change)."""
    held = await tx.scalar(
        "SELECT seat FROM seat_holders WHERE game_id = ? AND user_id = ?", (game_id, user_id)
    )
    if held is None:
        await tx.execute(
            "INSERT INTO seat_holders (game_id, user_id, seat) VALUES (?, ?, ?)",
            (game_id, user_id, seat),
        )
    elif held != seat:
        raise IntegrityError(
            f"member {user_id} held seat {held} of game {game_id}, not seat {seat}"
        )


async def _replay_moves(tx: Tx, game_id: int) -> tuple[list[tuple[int, str]], str | None]:
    rows = await tx.fetchall(
        "SELECT seat, notation, digest FROM moves WHERE game_id = ? AND seq >= 0 ORDER BY seq",
        (game_id,),
    )
    return [(int(s), str(n)) for s, n, _ in rows], (rows[-1][2] if rows else None)


async def _line_stamp(tx: Tx, game_id: int) -> tuple[int, int]:
    row = await tx.fetchone(
        "SELECT COALESCE(SUM(CASE WHEN seq >= 0 THEN 1 ELSE 0 END), 0), COUNT(*) "
        "FROM moves WHERE game_id = ?",
        (game_id,),
    )
    return int(row[0]), int(row[1])


Statement = tuple[str, Sequence[Any]]
T = TypeVar("T")

_STORED_MOVES = "SELECT COALESCE(MAX(seq), -1) + 1 FROM moves WHERE game_id = ? AND seq >= 0"


@dataclass(frozen=True)
class Guard:
    """The check that a save is still valid: ``sql`` (one value) with ``params`` is read
    inside the save's transaction, under the lock ``(namespace, ident)`` (``Tx.lock``), and
    ``check`` raises (nothing is written) if the value says the save no longer applies."""

    namespace: str
    ident: int
    sql: str
    params: Sequence[Any]
    check: Callable[[Any], None]


def _queue(connection: aiosqlite.Connection, fn: Callable[..., T], *args: Any) -> asyncio.Future[T]:
    """``fn(*args)`` queued now for aiosqlite's thread, which runs what is queued one at a
    time in order; its future. ``Connection._execute`` queues the same way, but only once
    its coroutine first runs (a later turn of the event loop)."""
    queue = getattr(connection, "_tx", None)
    if queue is None:
        raise RuntimeError(
            f"aiosqlite {aiosqlite.__version__} has no Connection._tx, which Boardroom's SQLite "
            "storage needs: install the version pyproject.toml names (docs/self-hosting.md, "
            "'The SQLite driver')"
        )
    future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
    queue.put_nowait((future, functools.partial(fn, *args)))
    return future


class _Batch:
    """SQLite saves committed together by the connection's thread (``Storage._save``): a
    save joins while the batch is queued and not yet running (``join``, on the event loop);
    the thread closes it when it starts (``take``); its outcomes go to each save's future on
    the event loop (``answer``)."""

    def __init__(self) -> None:
        self._mutex = threading.Lock()
        self._closed = False
        self._saves: list[tuple[Sequence[Statement], Guard | None, asyncio.Future[list[int]]]] = []

    def join(
        self,
        statements: Sequence[Statement],
        guard: Guard | None,
        answer: asyncio.Future[list[int]],
    ) -> bool:
        """Add a save unless the thread has started on the batch; whether it was added."""
        with self._mutex:
            if self._closed:
                return False
            self._saves.append((statements, guard, answer))
            return True

    def take(self) -> list[tuple[Sequence[Statement], Guard | None]]:
        """The saves, in the order they joined; no more may join (the thread, at the start)."""
        with self._mutex:
            self._closed = True
            return [(statements, guard) for statements, guard, _ in self._saves]

    def answer(self, done: asyncio.Future[list[list[int] | Exception]]) -> None:
        """Each save's outcome (its row counts, or what it raised) to its future; if the
        transaction failed (its ``COMMIT`` too), that error to every save."""
        error = asyncio.CancelledError() if done.cancelled() else done.exception()
        outcomes = [] if error is not None else done.result()
        for i, (_, _, answer) in enumerate(self._saves):
            if answer.done():
                continue
            outcome = error if error is not None else outcomes[i]
            if isinstance(outcome, BaseException):
                answer.set_exception(outcome)
            else:
                answer.set_result(outcome)


def _run_save(
    conn: sqlite3.Connection, statements: Sequence[Statement], guard: Guard | None
) -> list[int]:
    if guard is not None:
        row = conn.execute(guard.sql, guard.params).fetchone()
        guard.check(row[0] if row else None)
    counts = []
    for sql, params in statements:
        cursor = conn.execute(sql, params)
        counts.append(cursor.rowcount)
        cursor.close()
    return counts


def _commit_batch(conn: sqlite3.Connection, batch: _Batch) -> list[list[int] | Exception]:
    """A batch of SQLite saves in the connection's thread (``Storage._save``): ``BEGIN
    IMMEDIATE``, each save's check and statements (in a savepoint when there are several: a
    save that raises is rolled back alone and its error is its outcome), ``COMMIT``;
    ``ROLLBACK`` and raise if anything else fails. A batch of one is not wrapped in a
    savepoint: its error rolls back the transaction and is its outcome."""
    saves = batch.take()
    conn.execute("BEGIN IMMEDIATE")
    outcomes: list[list[int] | Exception] = []
    try:
        if len(saves) == 1:
            try:
                outcomes.append(_run_save(conn, *saves[0]))
            except Exception as exc:
                conn.rollback()
                return [exc]
        else:
            for statements, guard in saves:
                conn.execute("SAVEPOINT save")
                try:
                    outcomes.append(_run_save(conn, statements, guard))
                except Exception as exc:
                    conn.execute("ROLLBACK TO save")
                    outcomes.append(exc)
                conn.execute("RELEASE save")
        conn.commit()
    except BaseException:
        conn.rollback()
        raise
    return outcomes


def _timer_statement(game_id: int, kind: TimerKind, timer: TimerRow | None) -> Statement:
    if timer is None:
        return "DELETE FROM timers WHERE game_id = ? AND kind = ?", (game_id, kind)
    return (
        "INSERT INTO timers (game_id, kind, key, due, warn_at, label) "
        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, kind) DO UPDATE SET "
        "key = excluded.key, due = excluded.due, warn_at = excluded.warn_at, "
        "label = excluded.label, lease_owner = NULL, lease_until = NULL, warned = NULL "
        # the same period's due moves only later (a restart's grace is kept, as armed)
        "WHERE timers.key IS NOT excluded.key OR timers.due < excluded.due",
        (game_id, kind, timer.key, timer.due, json.dumps(list(timer.warn_at)), timer.label),
    )


def _clock_statements(game_id: int, write: ClockWrite | None) -> list[Statement]:
    if write is None:
        return []
    sql = (
        "INSERT INTO seat_clocks (game_id, seat, bank, since, reminded, timeouts, "
        "vacation_used, vacation_since) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (game_id, seat) DO UPDATE SET bank = excluded.bank, "
        "since = excluded.since, reminded = excluded.reminded, timeouts = excluded.timeouts, "
        "vacation_used = excluded.vacation_used, vacation_since = excluded.vacation_since"
    )
    return [
        *(
            (
                sql,
                (
                    game_id,
                    c.seat,
                    c.bank,
                    c.since,
                    c.reminded,
                    c.timeouts,
                    c.vacation_used,
                    c.vacation_since,
                ),
            )
            for c in write.clocks
        ),
        _timer_statement(game_id, "clock", write.clock),
        _timer_statement(game_id, "reminder", write.reminder),
    ]


async def _put_timer(tx: Tx, game_id: int, kind: TimerKind, timer: TimerRow | None) -> None:
    await tx.execute(*_timer_statement(game_id, kind, timer))


async def _put_clocks(tx: Tx, game_id: int, write: ClockWrite | None) -> None:
    await tx.batch(_clock_statements(game_id, write))


async def _put_bot_state(tx: Tx, key: str, value: float) -> None:
    await tx.execute(
        "INSERT INTO bot_state (key, value) VALUES (?, ?) "
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        (key, value),
    )
