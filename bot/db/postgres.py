"""PostgreSQL through an asyncpg pool: one pooled connection per transaction.

Statements are written once, in SQLite's spelling, and rendered here once each
(``render``): ``?`` placeholders become ``$1, $2, …`` and ``IS NOT x`` (x not ``NULL``)
becomes ``IS DISTINCT FROM x``; everything else in ``bot.storage`` is SQL both engines
read alike (``ON CONFLICT … DO UPDATE``, ``COALESCE``, ``CASE``, ``LIMIT``). asyncpg prepares
and caches each rendered statement per connection.

Transactions are PostgreSQL's default READ COMMITTED; a check and the write it guards take
an advisory transaction lock on what they guard (``Tx.lock``: a game, a channel), so two
processes serialise exactly there and nowhere else. ``exclusive`` blocks (one game's changes
across the fleet) hold a session advisory lock on a connection of their own, fenced so that a
holder that died cannot still be committing when the next holder starts (``exclusive``).
Consistent reads are REPEATABLE READ, read only. The schema version is the one row of
``schema_version``; migrations run under an advisory lock, so several processes starting at
once migrate once.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import re
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Sequence
from typing import Any
from urllib.parse import parse_qs, urlsplit

from .base import Database, Dialect, IntegrityError, Tx, lock_key, uninterrupted

try:
    import asyncpg
except ImportError:  # pragma: no cover - the optional extra is missing
    asyncpg = None

MIGRATE_LOCK = lock_key("migrate", 0)

# Set on every connection: over TCP, the server probes a session that has been idle 10 s every
# 5 s and ends it after 3 unanswered probes, so the locks of a bot host that vanished (power
# cut, partition: no FIN ever arrives) are released within about 25 s instead of the kernel's
# default two hours. A process that is merely killed closes its sockets and loses its locks at
# once; Unix sockets ignore these settings.
KEEPALIVES = {
    "tcp_keepalives_idle": "10",
    "tcp_keepalives_interval": "5",
    "tcp_keepalives_count": "3",
}

# The fences of the ``exclusive`` blocks the current task is inside: each transaction it
# opens holds them shared (``PostgresDatabase.exclusive``).
_fences: contextvars.ContextVar[tuple[int, ...]] = contextvars.ContextVar(
    "boardroom_pg_fences", default=()
)

_QUOTED_OR_MARK = re.compile(r"'(?:[^']|'')*'|\?|\bIS NOT\b(?!\s+NULL\b)", re.IGNORECASE)


def session_settings(url: str) -> dict[str, str]:
    """The settings each connection asks for (``KEEPALIVES``), less those the URL's query
    names (``?tcp_keepalives_idle=60``: the operator's value stands)."""
    named = parse_qs(urlsplit(url).query)
    return {k: v for k, v in KEEPALIVES.items() if k not in named}


@functools.lru_cache(maxsize=1024)
def render(sql: str) -> str:
    """``sql`` (SQLite spelling) in PostgreSQL's: ``?`` -> ``$n``, ``IS NOT x`` -> ``IS
    DISTINCT FROM x`` (not inside string literals)."""
    count = 0

    def repl(m: re.Match[str]) -> str:
        nonlocal count
        text = m.group(0)
        if text == "?":
            count += 1
            return f"${count}"
        if text.startswith("'"):
            return text
        return "IS DISTINCT FROM"

    return _QUOTED_OR_MARK.sub(repl, sql)


@contextlib.contextmanager
def _integrity() -> Iterator[None]:
    try:
        yield
    except asyncpg.IntegrityConstraintViolationError as exc:
        raise IntegrityError(str(exc)) from exc


def _rowcount(status: str) -> int:
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


Trace = Callable[[str], None]


class PostgresTx(Tx):
    dialect: Dialect = "postgresql"

    def __init__(self, conn: Any, trace: Trace | None = None) -> None:
        self._conn = conn
        self._trace = trace

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        if self._trace:
            self._trace(sql)
        with _integrity():
            return _rowcount(await uninterrupted(self._conn.execute(render(sql), *params)))

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        if self._trace:
            self._trace(sql)
        with _integrity():
            return int(
                await uninterrupted(self._conn.fetchval(render(sql) + " RETURNING id", *params))
            )

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = list(rows)
        if self._trace:
            self._trace(sql)
        if rows:
            with _integrity():
                await uninterrupted(self._conn.executemany(render(sql), rows))

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        if self._trace:
            self._trace(sql)
        return list(await uninterrupted(self._conn.fetch(render(sql), *params)))

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Any:
        if self._trace:
            self._trace(sql)
        return await uninterrupted(self._conn.fetchrow(render(sql), *params))

    async def lock(self, namespace: str, ident: int) -> None:
        await uninterrupted(
            self._conn.execute("SELECT pg_advisory_xact_lock($1)", lock_key(namespace, ident))
        )


class PostgresDatabase(Database):
    dialect: Dialect = "postgresql"

    def __init__(self, url: str, *, pool_size: int = 10, lock_pool_size: int = 20) -> None:
        if asyncpg is None:
            raise RuntimeError(
                "A postgresql:// database needs the PostgreSQL driver: "
                "pip install 'boardroom[postgres]' (asyncpg)."
            )
        self.target = url
        self.pool_size = pool_size
        self.lock_pool_size = lock_pool_size
        self._pool: Any = None
        self._lock_pool: Any = None  # connections holding ``exclusive`` locks
        # called with each statement of a save (``transaction``) before it runs: tests
        # cancel saves part-way with it, as with SQLite's trace callback
        self.trace: Trace | None = None

    async def open(self) -> None:
        # No 5-minute expiry timers for idle connections and prepared statements: a bot
        # keeps a few of each, and SimCord's virtual clock counts such timers as pending work.
        options: dict[str, Any] = dict(
            max_inactive_connection_lifetime=0,
            max_cached_statement_lifetime=0,
            server_settings=session_settings(self.target),
        )
        self._pool = await asyncpg.create_pool(
            self.target, min_size=1, max_size=self.pool_size, **options
        )
        # A lock holder needs a statement connection too, so locks take connections from a
        # pool of their own: lock waiters can never use up the statement pool (deadlock).
        self._lock_pool = await asyncpg.create_pool(
            self.target, min_size=0, max_size=self.lock_pool_size, **options
        )

    async def close(self) -> None:
        for name in ("_lock_pool", "_pool"):
            pool = getattr(self, name)
            if pool is not None:
                setattr(self, name, None)
                await pool.close()

    @property
    def is_open(self) -> bool:
        return self._pool is not None

    @property
    def pool(self) -> Any:
        """The asyncpg pool (for bulk loading by benches and tests)."""
        if self._pool is None:
            raise RuntimeError("storage is not open")
        return self._pool

    @contextlib.asynccontextmanager
    async def _tx(self, *, write: bool = True, **options: Any) -> AsyncIterator[Tx]:
        trace = self.trace if write else None
        async with self.pool.acquire() as conn:
            tr = conn.transaction(**options)
            if trace:
                trace("BEGIN")
            await uninterrupted(tr.start())
            try:
                fences = _fences.get() if write else ()
                if fences:
                    await uninterrupted(
                        conn.execute(
                            "SELECT pg_advisory_xact_lock_shared(k) FROM unnest($1::bigint[]) k",
                            list(fences),
                        )
                    )
                yield PostgresTx(conn, trace)
            except BaseException:
                await uninterrupted(tr.rollback())
                raise
            if trace:
                trace("COMMIT")
            with _integrity():  # a deferred constraint fails at the commit
                await uninterrupted(tr.commit())

    def transaction(self) -> contextlib.AbstractAsyncContextManager[Tx]:
        return self._tx()

    @contextlib.asynccontextmanager
    async def exclusive(self, namespace: str, ident: int) -> AsyncIterator[None]:
        """A session advisory lock on a connection of the lock pool, held for the block and
        released after it (or by the server when this process dies: its session ends).

        Fenced: the lock lives on one connection and the block's transactions on others, so
        when a holder is killed the server may end its lock session (releasing the lock)
        while one of its transactions is still committing, e.g. a move whose COMMIT had
        arrived. Each transaction of a block therefore holds the lock's fence (a second
        advisory key) shared until it ends, and a new holder takes the fence exclusively
        once, right after the lock: it waits until every transaction of earlier holders
        has committed or rolled back, so what it reads is what they left. (A dead holder's
        transaction that has not yet sent its COMMIT can no longer commit.)"""
        if self._lock_pool is None:
            raise RuntimeError("storage is not open")
        key = lock_key(namespace, ident)
        fence = lock_key(f"{namespace}.fence", ident)
        async with self._lock_pool.acquire() as conn:
            try:
                await uninterrupted(conn.execute("SELECT pg_advisory_lock($1)", key))
            except asyncio.CancelledError:  # cancelled while waiting: the lock was taken
                await uninterrupted(conn.execute("SELECT pg_advisory_unlock($1)", key))
                raise
            try:
                # outside a transaction: taken and released by this one statement
                await uninterrupted(conn.execute("SELECT pg_advisory_xact_lock($1)", fence))
                token = _fences.set((*_fences.get(), fence))
                try:
                    yield
                finally:
                    _fences.reset(token)
            finally:
                await uninterrupted(conn.execute("SELECT pg_advisory_unlock($1)", key))

    def reading(self) -> contextlib.AbstractAsyncContextManager[Tx]:
        return self._tx(write=False, isolation="repeatable_read", readonly=True)

    async def schema_version(self) -> int:
        async with self.pool.acquire() as conn:
            exists = await conn.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
            if not exists:
                return 0
            return int(await conn.fetchval("SELECT max(version) FROM schema_version") or 0)

    async def migrate(self, scripts: Sequence[str], upto: int | None = None) -> None:
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATE_LOCK)
            await conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)"
            )
            version = await conn.fetchval("SELECT max(version) FROM schema_version")
            if version is None:
                await conn.execute("INSERT INTO schema_version (version) VALUES (0)")
                version = 0
            for number, script in enumerate(scripts, start=1):
                if number <= version or (upto is not None and number > upto):
                    continue
                await conn.execute(script)
                await conn.execute("UPDATE schema_version SET version = $1", number)
