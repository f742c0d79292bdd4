"""All SQL lives here: games, seats, the append-only move log, timers. aiosqlite + WAL.

Schema changes are numbered migrations applied in order at start-up; ``PRAGMA user_version``
records the last one applied. Moves are append-only with ``UNIQUE(game_id, seq)``, so a move
can never be recorded twice or out of order.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiosqlite

MIGRATIONS: tuple[str, ...] = (
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
)


@dataclass
class SeatRow:
    seat: int
    user_id: int
    display_name: str


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
    seats: list[SeatRow] = field(default_factory=list)

    def seat_of(self, user_id: int) -> int | None:
        for s in self.seats:
            if s.user_id == user_id:
                return s.seat
        return None

    def user_of(self, seat: int) -> int:
        return self.seats[seat].user_id


@dataclass
class MoveRow:
    seq: int
    seat: int
    notation: str
    user_id: int | None
    created_at: str
    public: str | None = None  # '' for a private move


_GAME_COLS = (
    "id, guild_id, channel_id, game_key, engine_version, seed, options, host_id, status, "
    "created_at, updated_at, lobby_message_id, outcome, phase_key, phase_started_at"
)


class Storage:
    """One aiosqlite connection; every method is a short transaction."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._db: aiosqlite.Connection | None = None

    async def open(self) -> None:
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._db = await aiosqlite.connect(self.path)
        for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON"):
            async with self._db.execute(f"PRAGMA {pragma}"):
                pass
        await self._migrate()

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("storage is not open")
        return self._db

    async def _migrate(self) -> None:
        async with self.db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        version = int(row[0]) if row else 0
        for number, script in enumerate(MIGRATIONS, start=1):
            if number <= version:
                continue
            await self.db.executescript(f"BEGIN; {script}; PRAGMA user_version = {number}; COMMIT;")

    async def schema_version(self) -> int:
        async with self.db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

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
    ) -> int:
        cur = await self.db.execute(
            "INSERT INTO games (guild_id, channel_id, game_key, engine_version, seed, options, "
            "host_id, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'lobby', ?, ?)",
            (
                guild_id,
                channel_id,
                game_key,
                engine_version,
                seed,
                json.dumps(options),
                host_id,
                now,
                now,
            ),
        )
        game_id = int(cur.lastrowid or 0)
        await self.db.execute(
            "INSERT INTO seats (game_id, seat, user_id, display_name) VALUES (?, 0, ?, ?)",
            (game_id, host_id, host_name),
        )
        await self.db.commit()
        return game_id

    def _game_from_row(self, row: Sequence[Any]) -> GameRow:
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
        )

    async def _attach_seats(self, game: GameRow) -> GameRow:
        async with self.db.execute(
            "SELECT seat, user_id, display_name FROM seats WHERE game_id = ? ORDER BY seat",
            (game.id,),
        ) as cur:
            game.seats = [SeatRow(*r) for r in await cur.fetchall()]
        return game

    async def get_game(self, game_id: int) -> GameRow | None:
        async with self.db.execute(f"SELECT {_GAME_COLS} FROM games WHERE id = ?", (game_id,)) as c:
            row = await c.fetchone()
        return await self._attach_seats(self._game_from_row(row)) if row else None

    async def active_game_in_channel(self, channel_id: int) -> GameRow | None:
        """The lobby or running game of a channel (at most one exists)."""
        async with self.db.execute(
            f"SELECT {_GAME_COLS} FROM games WHERE channel_id = ? AND status IN "
            "('lobby', 'running') ORDER BY id DESC LIMIT 1",
            (channel_id,),
        ) as c:
            row = await c.fetchone()
        return await self._attach_seats(self._game_from_row(row)) if row else None

    async def latest_game_in_channel(self, channel_id: int) -> GameRow | None:
        async with self.db.execute(
            f"SELECT {_GAME_COLS} FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
            (channel_id,),
        ) as c:
            row = await c.fetchone()
        return await self._attach_seats(self._game_from_row(row)) if row else None

    async def games_in_guild(self, guild_id: int | None, limit: int = 25) -> list[GameRow]:
        async with self.db.execute(
            f"SELECT {_GAME_COLS} FROM games WHERE guild_id IS ? ORDER BY "
            "CASE status WHEN 'running' THEN 0 WHEN 'lobby' THEN 1 ELSE 2 END, id DESC LIMIT ?",
            (guild_id, limit),
        ) as c:
            rows = await c.fetchall()
        return [await self._attach_seats(self._game_from_row(r)) for r in rows]

    async def running_games(self) -> list[GameRow]:
        async with self.db.execute(
            f"SELECT {_GAME_COLS} FROM games WHERE status = 'running' ORDER BY id"
        ) as c:
            rows = await c.fetchall()
        return [await self._attach_seats(self._game_from_row(r)) for r in rows]

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        await self.db.execute(
            "UPDATE games SET lobby_message_id = ? WHERE id = ?", (message_id, game_id)
        )
        await self.db.commit()

    async def add_seat(self, game_id: int, user_id: int, name: str) -> int:
        async with self.db.execute(
            "SELECT COALESCE(MAX(seat), -1) + 1 FROM seats WHERE game_id = ?", (game_id,)
        ) as c:
            row = await c.fetchone()
        seat = int(row[0]) if row else 0
        await self.db.execute(
            "INSERT INTO seats (game_id, seat, user_id, display_name) VALUES (?, ?, ?, ?)",
            (game_id, seat, user_id, name),
        )
        await self.db.commit()
        return seat

    async def remove_seat(self, game_id: int, user_id: int) -> None:
        """Remove a lobby seat and close the gap so seats stay 0..n-1."""
        async with self.db.execute(
            "SELECT seat FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)
        ) as c:
            row = await c.fetchone()
        if row is None:
            return
        await self.db.execute(
            "DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)
        )
        # Two steps so UNIQUE(game_id, seat) never sees a transient duplicate.
        await self.db.execute(
            "UPDATE seats SET seat = -seat - 1 WHERE game_id = ? AND seat > ?", (game_id, row[0])
        )
        await self.db.execute(
            "UPDATE seats SET seat = -seat - 2 WHERE game_id = ? AND seat < 0", (game_id,)
        )
        await self.db.commit()

    async def set_host(self, game_id: int, user_id: int) -> None:
        await self.db.execute("UPDATE games SET host_id = ? WHERE id = ?", (user_id, game_id))
        await self.db.commit()

    async def start_game(
        self,
        game_id: int,
        options: dict[str, Any],
        now: str,
        phase_key: str | None,
        phase_started_at: str | None,
    ) -> None:
        await self.db.execute(
            "UPDATE games SET status = 'running', options = ?, updated_at = ?, phase_key = ?, "
            "phase_started_at = ? WHERE id = ? AND status = 'lobby'",
            (json.dumps(options), now, phase_key, phase_started_at, game_id),
        )
        await self.db.commit()

    async def set_status(
        self, game_id: int, status: str, now: str, outcome: dict[str, Any] | None = None
    ) -> None:
        await self.db.execute(
            "UPDATE games SET status = ?, updated_at = ?, outcome = COALESCE(?, outcome) "
            "WHERE id = ?",
            (status, now, json.dumps(outcome) if outcome is not None else None, game_id),
        )
        await self.db.commit()

    # -- moves ------------------------------------------------------------------------

    async def moves(self, game_id: int) -> list[MoveRow]:
        async with self.db.execute(
            "SELECT seq, seat, notation, user_id, created_at FROM moves WHERE game_id = ? "
            "ORDER BY seq",
            (game_id,),
        ) as c:
            return [MoveRow(*r) for r in await c.fetchall()]

    async def last_moves(self, game_id: int, count: int) -> list[MoveRow]:
        async with self.db.execute(
            "SELECT seq, seat, notation, user_id, created_at, public FROM moves "
            "WHERE game_id = ? ORDER BY seq DESC LIMIT ?",
            (game_id, count),
        ) as c:
            rows = [MoveRow(*r) for r in await c.fetchall()]
        return rows[::-1]

    async def append_move(
        self,
        game_id: int,
        seq: int,
        seat: int,
        notation: str,
        user_id: int | None,
        now: str,
        *,
        public: str | None = None,
        phase_key: str | None,
        phase_started_at: str | None,
        finished_outcome: dict[str, Any] | None,
    ) -> None:
        """Record one move (and the game's new timer/finish state) in a single transaction.

        Raises ``sqlite3.IntegrityError`` if ``seq`` is already taken.
        """
        try:
            await self.db.execute(
                "INSERT INTO moves (game_id, seq, seat, notation, user_id, created_at, public) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    seq,
                    seat,
                    notation,
                    user_id,
                    now,
                    notation if public is None else public,
                ),
            )
            if finished_outcome is not None:
                await self.db.execute(
                    "UPDATE games SET status = 'finished', outcome = ?, updated_at = ?, "
                    "phase_key = NULL, phase_started_at = NULL WHERE id = ?",
                    (json.dumps(finished_outcome), now, game_id),
                )
            else:
                await self.db.execute(
                    "UPDATE games SET updated_at = ?, phase_key = ?, phase_started_at = ? "
                    "WHERE id = ?",
                    (now, phase_key, phase_started_at, game_id),
                )
            await self.db.commit()
        except BaseException:
            await self.db.rollback()
            raise

    async def set_table(self, game_id: int, key: str | None, message_id: int | None) -> None:
        await self.db.execute(
            "UPDATE games SET table_key = ?, table_message_id = ? WHERE id = ?",
            (key, message_id, game_id),
        )
        await self.db.commit()

    async def get_table(self, game_id: int) -> tuple[str | None, int | None]:
        async with self.db.execute(
            "SELECT table_key, table_message_id FROM games WHERE id = ?", (game_id,)
        ) as c:
            row = await c.fetchone()
        return (row[0], row[1]) if row else (None, None)

    async def backup(self, target: str | Path) -> None:
        """Online copy of the whole database to ``target`` (SQLite backup API)."""
        dest = await aiosqlite.connect(str(target))
        try:
            await self.db.backup(dest)
        finally:
            await dest.close()
