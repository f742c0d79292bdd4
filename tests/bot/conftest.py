"""SimCord fixtures: the real bot on a temporary SQLite file, and the toy game registered
for these tests only (so other tests see exactly the built-in games)."""

from __future__ import annotations

import pytest
import pytest_asyncio

from bot import create_bot
from bot.settings import Settings
from bot.storage import Storage

MEMBERS = ("alice", "bob", "carol", "dave")
# Scripted players type far faster than people: the per-user limits are tested on their own.
FAST = Settings(
    autocomplete_rate=(100_000, 1.0),
    new_lobby_cooldown=(1000, 1.0),
    public_board_cooldown=(1000, 1.0),
    ai_pause=0.0,  # AI seats move at once (the pause itself is tested on its own)
    alive_every=0.0,  # no "still running" stamps in virtual time (tests/bot/test_downtime.py)
    timer_poll=0.0,  # PostgreSQL: no timer polling in virtual time (tests/bot/test_fleet.py)
    render_processes=0,  # boards drawn in threads: no processes started for every test's bot
    ai_processes=0,  # AI seats think in a thread (tests/bot/test_ai_levels_bot.py: processes)
)


@pytest.fixture(autouse=True)
def _toy_registered(toy_game):
    """Every bot test runs with the toy game registered (tests/conftest.py ``toy_game``)."""
    return toy_game


@pytest.fixture(autouse=True)
def _ai_seats_play_easy(monkeypatch):
    """Bot tests test the bot, not the AI's strength: AI seats play the fast ``easy`` policy
    at every level (issue 21). The search levels have their own tests
    (tests/games/test_ai_levels.py); which level the bot asks for, and its thinking
    processes, are tested in tests/bot/test_ai_levels_bot.py."""
    import dataclasses

    from games.core.registry import _REGISTRY, all_games

    for spec in all_games():
        if spec.levels:
            policy = spec.ai_level("easy")
            levels = {level: policy for level in spec.levels}
            easy = dataclasses.replace(spec, ai=policy, levels=levels)
            monkeypatch.setitem(_REGISTRY, spec.key, easy)


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "boardroom.sqlite3"


@pytest_asyncio.fixture
async def bots(db_path, toy_game):
    """``bots()`` builds a bot on the test database; all are shut down at the end.

    SimCord detaches a bot without calling ``close()``, so timers, the render pool and the
    storage (a worker thread) are closed here.
    """
    made = []

    def make(**kwargs):
        kwargs.setdefault("settings", FAST)
        bot = create_bot(db_path, **kwargs)
        made.append(bot)
        return bot

    yield make
    for bot in made:
        await bot.shutdown()


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


@pytest.fixture
async def storage(tmp_path):
    """A ``Storage`` on a fresh SQLite file, open for the test (a test file may define its
    own, e.g. on both backends)."""
    s = Storage(tmp_path / "storage.sqlite3")
    await s.open()
    yield s
    await s.close()
