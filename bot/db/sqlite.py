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
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from pathlib import Path
from typing import Any

import aiosqlite

from .base import Database, Dialect, Tx, uninterrupted


def _run(conn: sqlite3.Connection, begin: str | None, sql: str, params: Any, want: str) -> Any:
    """One statement with its result, in the connection's thread: one hop there and back
    (not three: execute, fetch, close), opening the transaction first if ``begin`` is
    given (not a hop of its own)."""
    if begin is not None:
        conn.execute(begin)
    if want == "many":
        conn.executemany(sql, params).close()
        return None
    cur = conn.execute(sql, params)
    try:
        if want == "all":
            return cur.fetchall()
        if want == "one":
            return cur.fetchone()
        return cur.lastrowid if want == "id" else cur.rowcount
    finally:
        cur.close()


def _run_all(
    conn: sqlite3.Connection, begin: str | None, statements: Sequence[tuple[str, Sequence[Any]]]
) -> list[int]:
    return [_run(conn, begin if i == 0 else None, *s, "count") for i, s in enumerate(statements)]


class SqliteTx(Tx):
    """``begin``: the statement that opens the transaction, sent with the first statement
    (so a save of one statement is two hops to the connection's thread: it and the
    commit)."""

    dialect: Dialect = "sqlite"

    def __init__(self, db: aiosqlite.Connection, begin: str | None = None) -> None:
        self._db = db
        self._begin = begin

    async def _hop(self, fn: Any, *args: Any) -> Any:
        # aiosqlite's ``_execute`` queues a function for the connection's thread. Its public
        # methods are each one fixed sqlite3 call made of it: none runs a function of ours,
        # so none sends BEGIN with a statement, a statement with its fetch and row count, or
        # a move's writes, in one hop (pyproject.toml pins aiosqlite for this; see
        # docs/self-hosting.md, "The SQLite driver")
        begin, self._begin = self._begin, None
        return await self._db._execute(fn, self._db._conn, begin, *args)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return int(await self._hop(_run, sql, params, "count"))

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        return int(await self._hop(_run, sql, params, "id") or 0)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self._hop(_run, sql, list(rows), "many")

    async def batch(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> list[int]:
        if not statements:
            return []
        return list(await self._hop(_run_all, statements))

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return list(await self._hop(_run, sql, params, "all"))

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return await self._hop(_run, sql, params, "one")


class SqliteDatabase(Database):
    dialect: Dialect = "sqlite"

    def __init__(self, path: str) -> None:
        self.target = path
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    async def open(self) -> None:
        if not callable(getattr(aiosqlite.Connection, "_execute", None)):
            raise RuntimeError(
                f"aiosqlite {aiosqlite.__version__} has no Connection._execute, which "
                "Boardroom's SQLite storage needs: install the version pyproject.toml names "
                "(docs/self-hosting.md, 'The SQLite driver')"
            )
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
                yield SqliteTx(db, "BEGIN IMMEDIATE")  # begun with its first statement
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
