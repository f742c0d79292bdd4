"""SimCord's wall-clock limits are lifted for the suite (tests/conftest.py): the suite must pass
on a busy machine, so no SimCord settle may stop a test that is slow but not hung."""

from __future__ import annotations

import pytest
import simcord.env

from bot.simtools import SETTLE
from tests.bot.conftest import FAST


async def test_start_and_restart_settle_within_the_env_settle_timeout(
    simcord_env, tmp_path, monkeypatch
):
    """Attaching a bot (start, ``restart_bot``) settles with the env's ``settle_timeout``,
    not SimCord's fixed 5 s: a restart that resumes games took longer than 5 s under load."""
    from bot import create_bot

    assert simcord_env.settle_timeout == SETTLE
    limits: list[float] = []
    original = simcord.env.Env._settle_internal

    async def recorded(self, *, timeout=None, **options):
        limits.append(self.settle_timeout if timeout is None else timeout)
        await original(self, timeout=timeout, **options)

    monkeypatch.setattr(simcord.env.Env, "_settle_internal", recorded)
    await simcord_env.restart_bot(create_bot(tmp_path / "again.sqlite3", settings=FAST))
    assert limits, "the restart settled"
    assert min(limits) == pytest.approx(SETTLE)
