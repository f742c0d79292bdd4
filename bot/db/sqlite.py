"""SQLite through aiosqlite: one connection shared by every game, under one lock.

WAL with ``synchronous=FULL``: in WAL mode ``NORMAL`` may roll back the last commits on
power loss or an OS crash (SQLite docs, "PRAGMA synchronous"), and an acknowledged move must
survive that. A transaction holds the connection's lock from its ``BEGIN IMMEDIATE`` to its
``COMMIT`` or ``ROLLBACK``, and reads take the same lock, so no save can put statements into
another, commit half of it, or be rolled back with it (docs/architecture.md, "Write
isolation"). ``PRAGMA user_version`` numbers the migrations applied.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterable, Sequence
from pathlib import Path
from typing import Any

import aiosqlite

from .base import Database, Dialect, Tx, uninterrupted


class SqliteTx(Tx):
    dialect: Dialect = "sqlite"

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        async with self._db.execute(sql, params) as cur:
            return cur.rowcount

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        async with self._db.execute(sql, params) as cur:
            return int(cur.lastrowid or 0)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        async with self._db.executemany(sql, rows):
            pass

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        async with self._db.execute(sql, params) as cur:
            return list(await cur.fetchall())

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Any:
        async with self._db.execute(sql, params) as cur:
            return await cur.fetchone()


class SqliteDatabase(Database):
    dialect: Dialect = "sqlite"

    def __init__(self, path: str) -> None:
        self.target = path
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    async def open(self) -> None:
        if self.target != ":memory:":
            Path(self.target).parent.mkdir(parents=True, exist_ok=True)
        self._db = await aiosqlite.connect(self.target)
        for pragma in ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON"):
            async with self._db.execute(f"PRAGMA {pragma}"):
                pass

    async def close(self) -> None:
        if self._db is not None:
            async with self._lock:
                await self._db.close()
                self._db = None

    @property
    def is_open(self) -> bool:
        return self._db is not None

    @property
    def connection(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("storage is not open")
        return self._db

    @property
    def lock(self) -> asyncio.Lock:
        """The connection's lock (held by every transaction and read)."""
        return self._lock

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        async with self._lock:
            db = self.connection
            try:
                await uninterrupted(db.execute("BEGIN IMMEDIATE"))
                yield SqliteTx(db)
                await uninterrupted(db.commit())
            except BaseException:
                await uninterrupted(db.rollback())
                raise

    @contextlib.asynccontextmanager
    async def reading(self) -> AsyncIterator[Tx]:
        async with self._lock:
            yield SqliteTx(self.connection)

    async def schema_version(self) -> int:
        async with self.reading() as tx:
            return int(await tx.scalar("PRAGMA user_version") or 0)

    async def migrate(self, scripts: Sequence[str], upto: int | None = None) -> None:
        version = await self.schema_version()
        async with self._lock:
            for number, script in enumerate(scripts, start=1):
                if number <= version or (upto is not None and number > upto):
                    continue
                await self.connection.executescript(
                    f"BEGIN; {script}; PRAGMA user_version = {number}; COMMIT;"
                )
