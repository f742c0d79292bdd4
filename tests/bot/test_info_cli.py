"""``boardroom backup`` / ``restore`` use the database ``boardroom run`` uses, and say which
file they looked for when it is missing (issue 8)."""

from __future__ import annotations

import asyncio
import sqlite3
from contextlib import closing

from bot.cli import DEFAULT_DB, PREVIEW_DB, main
from bot.storage import Storage


def make_db(path):
    async def go():
        storage = Storage(path)
        await storage.open()
        await storage.close()

    asyncio.run(go())


def test_backup_without_database_uses_runs_default(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("BOARDROOM_DATABASE", raising=False)
    monkeypatch.delenv("BOARDROOM_PREVIEW_DATABASE", raising=False)
    assert main(["backup", "copy.sqlite3"]) == 2
    err = capsys.readouterr().err
    assert f"No database at {tmp_path / DEFAULT_DB}" in err
    assert "--database" in err and "BOARDROOM_DATABASE" in err
    # the preview's database is pointed out when it is there
    make_db(tmp_path / PREVIEW_DB)
    assert main(["backup", "copy.sqlite3"]) == 2
    assert "add --preview" in capsys.readouterr().err
    assert main(["backup", "--preview", "copy.sqlite3"]) == 0
    assert (tmp_path / "copy.sqlite3").exists()
    # the run default, then $BOARDROOM_DATABASE, exactly as `boardroom run` chooses
    make_db(tmp_path / DEFAULT_DB)
    assert main(["backup", "b1.sqlite3"]) == 0
    assert f"Backed up {tmp_path / DEFAULT_DB}" in capsys.readouterr().out
    monkeypatch.setenv("BOARDROOM_DATABASE", str(tmp_path / "elsewhere.sqlite3"))
    assert main(["backup", "b2.sqlite3"]) == 2
    assert "from $BOARDROOM_DATABASE" in capsys.readouterr().err


def test_restore_replaces_the_database_from_a_backup(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("BOARDROOM_DATABASE", raising=False)
    make_db(tmp_path / DEFAULT_DB)
    with closing(sqlite3.connect(tmp_path / DEFAULT_DB)) as db:
        db.execute("CREATE TABLE marker (x)")
        db.commit()
    assert main(["backup", "saved.sqlite3"]) == 0
    running = sqlite3.connect(tmp_path / DEFAULT_DB)  # like a bot still running (WAL open)
    running.execute("DROP TABLE marker")
    running.commit()
    (tmp_path / "junk.txt").write_text("not a database")
    assert main(["restore", "junk.txt"]) == 2
    assert "not a SQLite database" in capsys.readouterr().err
    assert main(["restore", "saved.sqlite3"]) == 2
    assert "may still be running" in capsys.readouterr().err
    running.close()
    assert main(["restore", "saved.sqlite3"]) == 0
    with closing(sqlite3.connect(tmp_path / DEFAULT_DB)) as db:
        assert db.execute("SELECT name FROM sqlite_master WHERE name = 'marker'").fetchone()
