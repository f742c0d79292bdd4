"""SimCord fixtures: the real bot on a temporary SQLite file."""

from __future__ import annotations

import pytest
import pytest_asyncio

from bot import create_bot

MEMBERS = ("alice", "bob", "carol", "dave")


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "boardroom.sqlite3"


@pytest_asyncio.fixture
async def bots(db_path, toy_game):
    """``bots()`` builds a bot on the test database; all are closed at the end.

    The toy game is registered (``toy_game``) before any bot is built, so its commands list
    it; it is not registered at import, so it never changes what the contract suite covers.

    SimCord detaches a bot without calling ``close()``, so the storage (a worker thread)
    is closed here.
    """
    made = []

    def make():
        bot = create_bot(db_path)
        made.append(bot)
        return bot

    yield make
    for bot in made:
        bot.router.cancel_all()
        await bot.storage.close()


@pytest.fixture
def simcord_bot(bots):
    return bots()


@pytest.fixture
def table(simcord_env):
    """A guild with a #games channel and four members."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    members = [guild.add_member(simcord_env.create_user(n)) for n in MEMBERS]
    return guild, channel, members
