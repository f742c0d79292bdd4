"""``boardroom migrate-db``: copy a SQLite database into an empty PostgreSQL database, then
check the copy by replaying every game from PostgreSQL.

The SQLite file is first copied aside with SQLite's backup API and that copy is migrated to
the current schema (the file itself is left as it was), so both sides have the same tables
and columns. Every table is copied in one PostgreSQL transaction (``games`` first: the other
tables reference it), and the identity sequences are moved past the copied ids. The check:
each table has as many rows on both sides, each game's stored line (seat, notation, public
text, actor, digest of every move) is equal on both sides, and replaying each started game
from PostgreSQL reaches every stored digest (a game that does not replay from the SQLite file
either is reported as such, not as a copy error).
"""

from __future__ import annotations

import asyncio
import sqlite3
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.core import GameError, get_game

from . import redact

SKIP_TABLES = {"sqlite_sequence", "schema_version"}


@dataclass
class CopyReport:
    """What ``migrate`` copied and checked: rows per table, games replayed, and problems
    (``errors``: the copy differs; ``notes``: games that did not replay in the file either)."""

    rows: dict[str, int] = field(default_factory=dict)
    games_checked: int = 0
    moves_checked: int = 0
    digests_checked: int = 0
    errors: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


class TargetNotEmpty(Exception):
    """The PostgreSQL database already holds games: nothing was copied."""


def replay_check(row: Any, moves: list[Any]) -> str | None:
    """``None`` if ``moves`` (``MoveRow``s of ``row``'s game) replay from the start to every
    stored digest; else what went wrong, naming the first move that differs."""
    from ..manager import public_digest

    try:
        spec = get_game(row.game_key)
    except KeyError:
        return f"game #{row.id}: no engine for {row.game_key!r}"
    if not spec.can_replay(row.engine_version):
        return f"game #{row.id}: recorded by engine v{row.engine_version}, cannot replay"
    try:
        state = spec.new_game(spec.resolve_options(row.options), len(row.seats), row.seed)
    except GameError as exc:
        return f"game #{row.id}: cannot be set up again: {exc.message}"
    state.engine_version = row.engine_version  # as recorded (games.core.replay)
    for m in moves:
        try:
            state.apply(m.seat, state.parse_move(m.seat, m.notation))
        except GameError as exc:
            return f"game #{row.id}: move {m.seq} ({m.notation}) is refused: {exc.message}"
        if m.digest is not None and m.digest != public_digest(state.view(None)):
            return f"game #{row.id}: after move {m.seq} the public board differs"
    return None


def _tables(db: sqlite3.Connection) -> list[str]:
    names = [
        r[0]
        for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        if r[0] not in SKIP_TABLES and not r[0].startswith("sqlite_")
    ]
    return sorted(names, key=lambda n: n != "games")  # games first: the rest refer to it


async def migrate(
    source: str | Path, target: str, progress: Callable[[str], None] = print
) -> CopyReport:
    """Copy the SQLite database ``source`` into the PostgreSQL database ``target`` (created
    and migrated if new; refused with ``TargetNotEmpty`` if it has games) and check the copy.
    Returns the report; ``report.errors`` is empty when the copy is exact."""
    from ..storage import Storage

    report = CopyReport()
    with tempfile.TemporaryDirectory() as tmp:
        aside = Path(tmp) / "source.sqlite3"
        with (
            sqlite3.connect(f"file:{source}?mode=ro", uri=True) as src,
            sqlite3.connect(aside) as dst,
        ):
            src.backup(dst)
        old = Storage(aside)
        await old.open()  # migrated to the current schema, like the bot would at start
        new = Storage(target, pool_size=2)
        await new.open()
        try:
            async with new.reading() as tx:
                if await tx.scalar("SELECT COUNT(*) FROM games"):
                    raise TargetNotEmpty(
                        f"{redact(target)} already holds games: migrate-db copies into an "
                        "empty database only. Nothing was copied."
                    )
            await _copy(old, new, report, progress)
            await _check(old, new, report, progress)
        finally:
            await old.close()
            await new.close()
    return report


async def _copy(old: Any, new: Any, report: CopyReport, progress: Callable[[str], None]) -> None:
    db = old.db  # the migrated copy's own connection: nobody else uses it
    async with db.execute("SELECT name FROM sqlite_master WHERE type = 'table'") as cur:
        present = {r[0] for r in await cur.fetchall()}
    with sqlite3.connect(old.path) as plain:
        tables = [t for t in _tables(plain) if t in present]
    async with new.database.pool.acquire() as conn, conn.transaction():
        for table in tables:
            async with db.execute(f"SELECT * FROM {table}") as cur:
                columns = [d[0] for d in cur.description]
                rows = await cur.fetchall()
            types = dict(
                await conn.fetch(
                    "SELECT column_name, data_type FROM information_schema.columns "
                    "WHERE table_schema = current_schema() AND table_name = $1",
                    table,
                )
            )
            missing = [c for c in columns if c not in types]
            if missing:
                raise RuntimeError(f"{table}: PostgreSQL has no column {missing[0]!r}")
            casts = [_cast(types[c]) for c in columns]
            records = [
                tuple(None if v is None else cast(v) for cast, v in zip(casts, r, strict=True))
                for r in rows
            ]
            await conn.copy_records_to_table(table, records=records, columns=columns)
            if "id" in columns and records:
                await conn.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                    f"(SELECT MAX(id) FROM {table}))"
                )
            report.rows[table] = len(records)
            progress(f"copied {table}: {len(records)} rows")


def _cast(data_type: str) -> Callable[[Any], Any]:
    if data_type in ("bigint", "integer", "smallint"):
        return int
    if data_type in ("double precision", "real", "numeric"):
        return float
    return lambda v: v if isinstance(v, str) else str(v)


async def _check(old: Any, new: Any, report: CopyReport, progress: Callable[[str], None]) -> None:
    for table, count in report.rows.items():
        async with new.reading() as tx:
            stored = await tx.scalar(f"SELECT COUNT(*) FROM {table}")
        if stored != count:
            report.errors.append(f"{table}: {count} rows in the file, {stored} in PostgreSQL")
    async with new.reading() as tx:
        ids = [int(r[0]) for r in await tx.fetchall("SELECT id FROM games ORDER BY id")]
    for gid in ids:
        row = await new.get_game(gid)
        moves = await new.moves(gid)
        before = await old.moves(gid)
        line = [(m.seq, m.seat, m.notation, m.public, m.actor, m.digest) for m in moves]
        if line != [(m.seq, m.seat, m.notation, m.public, m.actor, m.digest) for m in before]:
            report.errors.append(f"game #{gid}: its moves differ from the file's")
            continue
        if row is None or row.status == "lobby" or (row.status == "abandoned" and not moves):
            continue  # never started: nothing to replay
        problem = await asyncio.to_thread(replay_check, row, moves)
        report.games_checked += 1
        report.moves_checked += len(moves)
        report.digests_checked += sum(m.digest is not None for m in moves)
        if problem is not None:
            old_row = await old.get_game(gid)
            if await asyncio.to_thread(replay_check, old_row, before) == problem:
                report.notes.append(problem + " (in the file too)")
            else:
                report.errors.append(problem)
        if report.games_checked % 1000 == 0:
            progress(f"replayed {report.games_checked} games")
