"""PostgreSQL for tests: a fresh database per test, cloned from a migrated template.

``.ci/run`` starts a throwaway cluster (``.ci/postgres.sh``) and exports its URL as
``BOARDROOM_TEST_PG``; without it, tests that need PostgreSQL skip and say so. Each xdist
worker keeps one template database per schema (its name carries a hash of the rendered
migrations), so a test's database is one ``CREATE DATABASE … TEMPLATE`` (tens of
milliseconds), dropped at the end.

Fixtures (import them into a test module to use them there):
``pg_url`` (a fresh database's URL), ``backend`` (``"sqlite"`` / ``"postgresql"``,
parametrized) and ``db_path`` (the bot's database for that backend: a file, or a fresh
PostgreSQL database), which overrides tests/bot/conftest.py's SQLite-only ``db_path`` in the
modules that import it.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import hashlib
import os
import uuid
from collections.abc import Coroutine, Iterator
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import pytest

T = TypeVar("T")

ENV = "BOARDROOM_TEST_PG"
SKIP_REASON = (
    f"PostgreSQL tests need a server: set {ENV} to a postgresql:// URL "
    "(.ci/run starts one from Debian's postgresql; see .ci/postgres.sh)"
)
BACKENDS = ("sqlite", pytest.param("postgresql", marks=pytest.mark.postgres))


def server_url() -> str | None:
    return os.environ.get(ENV) or None


def database_url(name: str) -> str:
    """The URL of database ``name`` on the test server."""
    url = server_url()
    assert url is not None
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + name))


def run_sync(coro: Coroutine[Any, Any, T]) -> T:
    """Run ``coro`` on a loop of its own in another thread (fixtures are synchronous, and
    the test's own loop must stay untouched)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


async def _admin(sql: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(server_url())
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


_templates: dict[str, str] = {}


def _template() -> str:
    """This worker's migrated template database (made once per schema)."""
    from bot.db.schema import render_all
    from bot.storage import MIGRATIONS, Storage

    schema = hashlib.blake2b(
        "\n".join(render_all(MIGRATIONS, "postgresql")).encode(), digest_size=6
    ).hexdigest()
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    name = f"br_tpl_{schema}_{worker}"
    if name in _templates:
        return name

    async def make() -> None:
        import asyncpg

        conn = await asyncpg.connect(server_url())
        try:
            exists = await conn.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", name)
            if not exists:
                await conn.execute(f'CREATE DATABASE "{name}"')
        finally:
            await conn.close()
        storage = Storage(database_url(name), pool_size=1)
        await storage.open()
        await storage.close()

    run_sync(make())
    _templates[name] = name
    return name


def fresh_database(*, migrated: bool = True) -> str:
    """A new database (migrated, or empty) on the test server; returns its name."""
    name = "br_" + uuid.uuid4().hex[:16]
    template = _template() if migrated else "template0"
    run_sync(_admin(f'CREATE DATABASE "{name}" TEMPLATE "{template}"'))
    return name


def drop_database(name: str) -> None:
    run_sync(_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh, migrated PostgreSQL database for this test (skips without a server)."""
    if server_url() is None:
        pytest.skip(SKIP_REASON)
    name = fresh_database()
    yield database_url(name)
    drop_database(name)


@pytest.fixture
def pg_empty_url() -> Iterator[str]:
    """A fresh PostgreSQL database with no tables (skips without a server)."""
    if server_url() is None:
        pytest.skip(SKIP_REASON)
    name = fresh_database(migrated=False)
    yield database_url(name)
    drop_database(name)


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """Each backend in turn; PostgreSQL skips without a server."""
    if request.param == "postgresql" and server_url() is None:
        pytest.skip(SKIP_REASON)
    return str(request.param)


@pytest.fixture
def db_path(backend: str, tmp_path: Any) -> Iterator[Any]:
    """The bot's database on ``backend``: a SQLite file or a fresh PostgreSQL database."""
    if backend == "sqlite":
        yield tmp_path / "boardroom.sqlite3"
        return
    name = fresh_database()
    yield database_url(name)
    drop_database(name)


async def execute(target: Any, sql: str, params: tuple[Any, ...] = ()) -> int:
    """Run one statement on the database ``target`` (a file or URL) in a transaction of its
    own, as a person editing the database by hand would (tests that tamper with rows)."""
    from bot.storage import Storage

    storage = Storage(target, pool_size=1)
    await storage.open()
    try:
        async with storage.transaction() as tx:
            return await tx.execute(sql, params)
    finally:
        await storage.close()
