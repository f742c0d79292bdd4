"""Fixtures shared by every test package."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from games.core import GameSpec
from tests.toy import registered


@pytest.fixture
def toy_game() -> Iterator[GameSpec]:
    """The toy game (tests/toy.py), registered only while the test runs."""
    with registered() as spec:
        yield spec


SETTLE = 3600.0
"""Seconds SimCord may wait for the bot to settle after a step. SimCord's default (5 s) is a
wall-clock limit: on a machine busy with other work a 7-player game's step can take longer.
The bot's own waits run on SimCord's virtual clock (``bot.clock.sleep``), so a long limit
never makes SimCord wait out a game timer in real time; this one only stops a hung test."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test on ``simcord_env`` runs with ``settle_timeout=SETTLE`` (other ``simcord``
    marker options are kept)."""
    for item in items:
        if "simcord_env" not in getattr(item, "fixturenames", ()):
            continue
        marker = item.get_closest_marker("simcord")
        options = {**(marker.kwargs if marker else {}), "settle_timeout": SETTLE}
        item.add_marker(pytest.mark.simcord(**options))
