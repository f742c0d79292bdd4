"""What both backends provide: a ``Tx`` (the statements of one transaction) and a
``Database`` (transactions, consistent reads, the schema version and migrations)."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Awaitable, Iterable, Sequence
from typing import Any, Literal, TypeVar

T = TypeVar("T")

Dialect = Literal["sqlite", "postgresql"]

# The one error for a broken key or constraint, whatever the backend: SQLite raises it
# itself, the PostgreSQL backend raises it from asyncpg's IntegrityConstraintViolationError.
IntegrityError = sqlite3.IntegrityError


def lock_key(namespace: str, ident: int) -> int:
    """A signed 64-bit key for PostgreSQL's advisory locks naming ``(namespace, ident)``,
    e.g. ``("game", 12)``: the first 8 bytes of BLAKE2b over ``"namespace:ident"``."""
    digest = hashlib.blake2b(f"{namespace}:{ident}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


async def uninterrupted(aw: Awaitable[T]) -> T:
    """Await ``aw`` to its end even if the caller is cancelled meanwhile (a statement, a
    commit or a rollback must finish before the connection serves anyone else); a
    cancellation that arrived is raised afterwards."""
    task = asyncio.ensure_future(aw)
    cancelled = False
    while True:
        try:
            result = await asyncio.shield(task)
        except asyncio.CancelledError:
            if task.done():  # the task itself was cancelled, not its caller
                raise
            cancelled = True
            continue
        except BaseException:
            if cancelled:
                raise asyncio.CancelledError from None
            raise
        if cancelled:
            raise asyncio.CancelledError
        return result


class Tx(ABC):
    """The statements of one transaction (``Database.transaction``) or one consistent read
    (``Database.reading``), in SQLite's spelling with ``?`` placeholders. Only valid inside
    its ``async with`` block."""

    dialect: Dialect

    @abstractmethod
    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; returns the number of rows it changed."""

    @abstractmethod
    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one INSERT into a table with an ``id`` key; returns the new row's id."""

    @abstractmethod
    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one statement once per row of parameters."""

    @abstractmethod
    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Every row (each indexable and iterable like a tuple)."""

    @abstractmethod
    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """The first row, or ``None``."""

    async def batch(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> list[int]:
        """Run ``(sql, params)`` statements in order; returns the rows each changed (SQLite:
        in one hop to the connection's thread)."""
        return [await self.execute(sql, params) for sql, params in statements]

    async def scalar(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """The first column of the first row, or ``None``."""
        row = await self.fetchone(sql, params)
        return row[0] if row else None

    async def lock(self, namespace: str, ident: int) -> None:
        """Hold a lock named ``(namespace, ident)`` until this transaction ends, so checks
        and writes of the same thing in other processes wait (PostgreSQL: an advisory
        transaction lock). SQLite needs none: its write transactions run one at a time."""
        return None


class Database(ABC):
    """One database: ``open``, ``transaction``/``reading``, migrations, ``close``."""

    dialect: Dialect
    target: str

    @abstractmethod
    async def open(self) -> None: ...

    @abstractmethod
    async def close(self) -> None: ...

    @property
    @abstractmethod
    def is_open(self) -> bool: ...

    @abstractmethod
    def transaction(self) -> contextlib.AbstractAsyncContextManager[Tx]:
        """One logical save: commits at the end of the block; any exception (a
        cancellation too) rolls back this save's statements alone and is raised again."""

    @abstractmethod
    def reading(self) -> contextlib.AbstractAsyncContextManager[Tx]:
        """Reads that see only committed saves, consistently across their statements."""

    @abstractmethod
    async def schema_version(self) -> int:
        """The number of migrations applied (0: a new database)."""

    @abstractmethod
    async def migrate(self, scripts: Sequence[str], upto: int | None = None) -> None:
        """Apply the migrations after ``schema_version()`` (each one whole or not at all),
        up to number ``upto`` (default: all). ``scripts`` are already in this dialect."""

    @contextlib.asynccontextmanager
    async def exclusive(self, namespace: str, ident: int) -> AsyncIterator[None]:
        """Hold the lock named ``(namespace, ident)`` for the block, across every process
        using this database. The default (SQLite: one process) holds nothing."""
        yield

    async def read_all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        async with self.reading() as tx:
            return await tx.fetchall(sql, params)
