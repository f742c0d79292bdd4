"""The database under ``bot.storage``: one interface, two backends.

``connect(target)`` returns a ``Database`` for ``target``: a file path (SQLite through
aiosqlite, the default, one connection shared by every game under one lock) or a
``postgresql://`` URL (PostgreSQL through an asyncpg pool, one pooled connection per
transaction). ``bot.storage`` writes its SQL once, in SQLite's spelling with ``?``
placeholders; the PostgreSQL backend renders each statement once (``postgres.render``).
Migrations are one numbered list (``bot.storage.MIGRATIONS``) rendered per dialect
(``schema.render``).
"""

from __future__ import annotations

from pathlib import Path

from .base import Database, Dialect, IntegrityError, Tx, lock_key, uninterrupted

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres(target: str | Path) -> bool:
    """Whether ``target`` names a PostgreSQL database (a ``postgresql://`` URL)."""
    return str(target).startswith(POSTGRES_SCHEMES)


def connect(target: str | Path, *, pool_size: int = 10) -> Database:
    """The backend for ``target`` (not opened yet: ``await db.open()``).

    ``pool_size``: most PostgreSQL connections this process holds at once (ignored for
    SQLite). PostgreSQL needs the optional driver: ``pip install 'boardroom[postgres]'``;
    without it a ``RuntimeError`` says so."""
    if is_postgres(target):
        from .postgres import PostgresDatabase

        return PostgresDatabase(str(target), pool_size=pool_size)
    from .sqlite import SqliteDatabase

    return SqliteDatabase(str(target))


def redact(target: str | Path) -> str:
    """``target`` fit for logs and messages: a URL's password is replaced by ``***``."""
    text = str(target)
    if not is_postgres(text) or "@" not in text:
        return text
    scheme, rest = text.split("://", 1)
    creds, host = rest.rsplit("@", 1)
    if ":" in creds:
        creds = creds.split(":", 1)[0] + ":***"
    return f"{scheme}://{creds}@{host}"


__all__ = [
    "POSTGRES_SCHEMES",
    "Database",
    "Dialect",
    "IntegrityError",
    "Tx",
    "connect",
    "is_postgres",
    "lock_key",
    "redact",
    "uninterrupted",
]
