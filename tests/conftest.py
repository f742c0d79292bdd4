"""Fixtures shared by every test package."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import simcord.env as _simcord_env

from bot.simtools import SETTLE
from games.core import GameSpec
from tests.toy import registered

_attach_bot = _simcord_env._attach_bot


async def _attach_bot_within_settle_timeout(env: _simcord_env.Env, bot: object) -> None:
    """SimCord 3.2.1 attaches a bot (at the start and on ``restart_bot``) and then settles
    with a fixed 5 s wall-clock limit, not the env's ``settle_timeout``; a restart that
    resumes games (replays, summaries, boards) exceeds it on a busy machine ("bot did not
    settle (timeout=5s)" in test_japanese_game under load 24). Here that settle uses the
    env's ``settle_timeout`` like every other one, so the limit only stops a hung test."""
    settle = env._settle_internal

    async def within_settle_timeout(*, timeout: float | None = None, **options: object) -> None:
        await settle(timeout=None if timeout == 5.0 else timeout, **options)  # type: ignore[arg-type]

    env._settle_internal = within_settle_timeout  # type: ignore[method-assign]
    try:
        await _attach_bot(env, bot)  # type: ignore[arg-type]
    finally:
        del env._settle_internal


_simcord_env._attach_bot = _attach_bot_within_settle_timeout  # type: ignore[assignment]

# The slash commands' game choices are fixed when the cogs are imported
# (``app_commands.choices(game=game_choices())``). Bot tests play the toy game, so the cogs are
# imported with it registered, whichever test first builds a bot in this process (a bench test
# outside tests/bot built one without it, and every later /game new game:toy was refused).
with registered():
    import bot.cogs.info
    import bot.cogs.lobby
    import bot.cogs.stats  # noqa: F401


@pytest.fixture
def toy_game() -> Iterator[GameSpec]:
    """The toy game (tests/toy.py), registered only while the test runs."""
    with registered() as spec:
        yield spec


PG_FIXTURES = {"pg_url", "pg_empty_url"}  # tests/pg.py: a PostgreSQL database


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test on ``simcord_env`` runs with ``settle_timeout=SETTLE`` (other ``simcord``
    marker options are kept): SimCord's default, 5 s, is a wall-clock limit that a step of a
    7-player game exceeds on a busy machine. The bot's own waits run on SimCord's virtual
    clock (``bot.clock.sleep``), so the long limit never makes SimCord wait out a game timer
    in real time; it only stops a hung test. A test on a PostgreSQL database (``tests/pg.py``)
    is marked ``postgres``, so ``-m postgres`` runs exactly the PostgreSQL tests."""
    for item in items:
        if PG_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.postgres)
        if "simcord_env" not in getattr(item, "fixturenames", ()):
            continue
        marker = item.get_closest_marker("simcord")
        options = {**(marker.kwargs if marker else {}), "settle_timeout": SETTLE}
        item.add_marker(pytest.mark.simcord(**options))
