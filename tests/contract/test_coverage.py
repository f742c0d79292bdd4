"""The contract suite covers exactly the games players can start, whatever else is collected.

Every module of the suite parametrizes over the built-in games at collection time, so a game is
covered as soon as it is listed in ``BUILTIN_GAMES``. Games under construction that their own
tests import (and so register) are not covered until then. The toy game of the bot tests is
registered only while a test that asks for the ``toy_game`` fixture runs, never at import, so
it is never covered.
"""

from __future__ import annotations

from games.core import GameSpec, all_games
from games.core.registry import BUILTIN_GAMES

from .test_playouts import GAMES


def test_contract_covers_every_builtin_game_and_nothing_else() -> None:
    assert {s.key for s in GAMES} == set(BUILTIN_GAMES)
    assert [s.key for s in GAMES] == [s.key for s in all_games() if s.key in BUILTIN_GAMES]


def test_toy_game_is_registered_only_by_its_fixture(toy_game: GameSpec) -> None:
    assert toy_game.key == "toy" and "toy" in {s.key for s in all_games()}
    assert "toy" not in {s.key for s in GAMES}
