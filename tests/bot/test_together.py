"""The shared bot-test helpers of ``tests/bot/together.py`` that lean on SimCord's internals."""

from __future__ import annotations

from typing import Any

import pytest

from .together import ATTACH_SETTLE, simcord_restart


async def test_restart_bot_gives_the_new_bot_the_long_settle_limit(
    simcord_env: Any, bots: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SimCord's own restart settles the new bot with a fixed ``ATTACH_SETTLE`` s of wall
    clock; ``env.restart_bot`` in a bot test (``together.restart_bot``, put in its place by
    tests/bot/conftest.py) settles it with the environment's ``settle_timeout`` instead,
    and leaves the environment as it found it. (If a SimCord upgrade changes the fixed
    limit, this fails: update ``ATTACH_SETTLE``.)"""
    env = simcord_env
    limits: list[float | None] = []
    real = type(env)._settle_internal

    async def spy(self: Any, *, timeout: float | None = None, **kwargs: Any) -> None:
        limits.append(timeout)
        await real(self, timeout=timeout, **kwargs)

    monkeypatch.setattr(type(env), "_settle_internal", spy)
    await simcord_restart()(env, bots())
    assert ATTACH_SETTLE in limits, limits
    limits.clear()
    await env.restart_bot(bots())
    assert ATTACH_SETTLE not in limits and None in limits, limits
    assert "_settle_internal" not in vars(env)
