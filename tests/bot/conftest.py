"""SimCord fixtures: the real bot on a temporary SQLite file."""

from __future__ import annotations

import pytest

from tests.toy import ensure_registered

ensure_registered()

from bot import create_bot  # noqa: E402


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "boardroom.sqlite3"


@pytest.fixture
def simcord_bot(db_path):
    return create_bot(db_path)


@pytest.fixture
def table(simcord_env):
    """A guild with a #games channel and four members."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    members = [
        guild.add_member(simcord_env.create_user(n)) for n in ("alice", "bob", "carol", "dave")
    ]
    return guild, channel, members
