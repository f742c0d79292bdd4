"""The command line with PostgreSQL (issue 22): ``boardroom migrate-db`` copies a SQLite
database (an old one: it is migrated on the way) and checks the copy by replaying every game;
``backup``/``restore`` name pg_dump/pg_restore instead of pretending, and those commands
round-trip a database; ``BOARDROOM_SHARDS`` is parsed and refused on a SQLite file when it
leaves shards to other processes."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.app import parse_shards
from bot.cli import main
from bot.manager import GameManager
from bot.storage import Storage
from tests.bot.together import start_toy
from tests.pg import (  # noqa: F401 (fixture)
    database_url,
    drop_database,
    execute,
    fresh_database,
    pg_empty_url,
    run_sync,
)

V3 = Path(__file__).parent / "data" / "boardroom_v3.sqlite3"


def old_database(tmp_path: Path) -> Path:
    path = tmp_path / "old.sqlite3"
    shutil.copy(V3, path)
    return path


async def table_counts(target) -> dict[str, int]:
    storage = Storage(target, pool_size=1)
    await storage.open()
    try:
        counts = {}
        for table in ("games", "seats", "moves", "timers", "inbox", "pending_lines", "undos"):
            counts[table] = int(await storage._scalar(f"SELECT COUNT(*) FROM {table}"))
        return counts
    finally:
        await storage.close()


def test_migrate_db_copies_an_old_database_and_replays_every_game(tmp_path, pg_empty_url, capsys):
    source = old_database(tmp_path)
    assert main(["migrate-db", "--from", str(source), "--to", pg_empty_url]) == 0
    out = capsys.readouterr().out
    # (moves stored before migration 5 have no digest: each replays, and applies)
    assert "replayed 3 games (348 moves, 0 with a stored digest) from PostgreSQL: every" in out
    with sqlite3.connect(source) as db:  # the file itself is left as it was
        assert db.execute("PRAGMA user_version").fetchone() == (3,)
    migrated = tmp_path / "migrated.sqlite3"
    shutil.copy(V3, migrated)
    assert run_sync(table_counts(pg_empty_url)) == run_sync(table_counts(migrated))
    run_sync(usable_after_copy(pg_empty_url))
    # a second copy into a database that has games is refused, changing nothing
    assert main(["migrate-db", "--from", str(source), "--to", pg_empty_url]) == 2
    assert "already holds games" in capsys.readouterr().err


async def usable_after_copy(url: str) -> None:
    storage = Storage(url)
    await storage.open()
    try:
        manager = GameManager(storage, lambda: datetime.now(UTC))
        for gid in (2, 3):
            live = await manager.load(gid)
            assert live.seq == len(await storage.moves(gid)) > 0
        # ids go on after the copied ones (the identity sequences were moved past them)
        old_max = int(await storage._scalar("SELECT MAX(id) FROM games"))
        new = await storage.create_game(
            guild_id=1,
            channel_id=99,
            game_key="kenchiku",
            engine_version=3,
            seed=1,
            options={},
            host_id=1,
            host_name="a",
            now="t",
        )
        assert new == old_max + 1
    finally:
        await storage.close()


def test_migrate_db_compares_every_digest_and_names_games_that_diverged_in_the_file(
    tmp_path, pg_empty_url, capsys
):
    source = tmp_path / "toy.sqlite3"
    run_sync(toy_games(source, 2))
    run_sync(execute(source, "UPDATE moves SET digest = 'ffffffffffffffff' WHERE seq = 3"))
    assert main(["migrate-db", "--from", str(source), "--to", pg_empty_url]) == 0
    out = capsys.readouterr().out
    assert "replayed 2 games (10 moves, 10 with a stored digest) from PostgreSQL: the copy" in out
    assert "note: game #1: after move 3 the public board differs (in the file too)" in out
    assert "note: game #2: after move 3 the public board differs (in the file too)" in out


async def toy_games(path: Path, count: int) -> None:
    """``count`` toy games of 5 moves each, played through the manager (digests stored)."""
    storage = Storage(path)
    await storage.open()
    try:
        manager = GameManager(storage, lambda: datetime.now(UTC))
        for channel in range(1, count + 1):
            live = await start_toy(manager, channel, target=3)
            while not live.state.is_over():
                await manager.play(live.id, 1 + min(live.state.to_act()), "add 1")
    finally:
        await storage.close()


def test_backup_and_restore_name_pg_dump_for_postgresql(capsys, monkeypatch):
    url = "postgresql://boardroom:secret@db.example/boardroom"
    assert main(["backup", "--database", url, "copy.dump"]) == 2
    err = capsys.readouterr().err
    assert "pg_dump --format=custom" in err and "secret" not in err and "***" in err
    monkeypatch.setenv("BOARDROOM_DATABASE", url)
    assert main(["restore", "copy.dump"]) == 2
    assert "pg_restore --clean" in capsys.readouterr().err


def test_the_documented_pg_dump_and_pg_restore_round_trip_a_database(tmp_path, pg_empty_url):
    dump, restore = shutil.which("pg_dump"), shutil.which("pg_restore")
    if not (dump and restore):
        pytest.skip("pg_dump/pg_restore are not on PATH (.ci/postgres.sh puts them there)")
    assert main(["migrate-db", "--from", str(old_database(tmp_path)), "--to", pg_empty_url]) == 0
    file = tmp_path / "boardroom.dump"
    subprocess.run([dump, "--format=custom", f"--file={file}", pg_empty_url], check=True)
    name = fresh_database(migrated=False)
    try:
        target = database_url(name)
        subprocess.run(
            [restore, "--clean", "--if-exists", f"--dbname={target}", str(file)], check=True
        )
        assert run_sync(table_counts(target)) == run_sync(table_counts(pg_empty_url))
        run_sync(replays(target, 2))
    finally:
        drop_database(name)


async def replays(url: str, game_id: int) -> None:
    storage = Storage(url)
    await storage.open()
    try:
        live = await GameManager(storage, lambda: datetime.now(UTC)).load(game_id)
        assert live.seq == len(await storage.moves(game_id)) > 0
    finally:
        await storage.close()


def test_shards_are_parsed_and_a_sqlite_file_serves_them_all(tmp_path, capsys):
    assert parse_shards("0-3/8") == ([0, 1, 2, 3], 8)
    assert parse_shards("4,6-7/8") == ([4, 6, 7], 8)
    for bad in ("0-3", "0-8/8", "1,1/4", "a/4", "0-3/0"):
        with pytest.raises(ValueError, match="BOARDROOM_SHARDS"):
            parse_shards(bad)
    db = str(tmp_path / "b.sqlite3")
    assert main(["run", "--token", "t", "--database", db, "--shards", "0-1/4"]) == 2
    assert "a SQLite file serves one process" in capsys.readouterr().err
    assert main(["run", "--token", "t", "--database", db, "--shards", "0-9/4"]) == 2
    assert "numbered 0 to 3" in capsys.readouterr().err


def test_a_process_given_shards_is_an_auto_sharded_bot_serving_them(tmp_path):
    from discord.ext import commands

    from bot.app import create_bot

    bot = create_bot(tmp_path / "b.sqlite3", shards=parse_shards("2-3/4"))
    assert isinstance(bot, commands.AutoShardedBot)
    assert (bot.shard_ids, bot.shard_count) == ([2, 3], 4)
    assert not isinstance(create_bot(tmp_path / "b.sqlite3"), commands.AutoShardedBot)
