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
