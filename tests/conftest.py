"""Fixtures shared by every test package."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.simtools import SETTLE
from games.core import GameSpec
from tests.toy import registered


@pytest.fixture
def toy_game() -> Iterator[GameSpec]:
    """The toy game (tests/toy.py), registered only while the test runs."""
    with registered() as spec:
        yield spec


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test on ``simcord_env`` runs with ``settle_timeout=SETTLE`` (other ``simcord``
    marker options are kept): SimCord's default, 5 s, is a wall-clock limit that a step of a
    7-player game exceeds on a busy machine. The bot's own waits run on SimCord's virtual
    clock (``bot.clock.sleep``), so the long limit never makes SimCord wait out a game timer
    in real time; it only stops a hung test."""
    for item in items:
        if "simcord_env" not in getattr(item, "fixturenames", ()):
            continue
        marker = item.get_closest_marker("simcord")
        options = {**(marker.kwargs if marker else {}), "settle_timeout": SETTLE}
        item.add_marker(pytest.mark.simcord(**options))
