"""Food Chain Magnate (Splotter Spellen, 2015): the full base game for 2–5 players (seed 000).

Importing this package registers the game with ``games.core``. Options: ``intro`` (the seed's
introductory game: no reserve cards, bank $75 × players, no milestones, no salaries, the game ends
at the first bank break) and ``milestones`` (default: on, off in the intro game), so the seed's
suggested progression is three option settings.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import GameSpec, OptionSpec, register

from .ai import FcmPolicy as FcmPolicy
from .ai_search import LEVELS, NORMAL
from .game import FcmState
from .setup import new_game
from .view import FcmView


def _defaults_for(opts: Mapping[str, Any]) -> Mapping[str, Any]:
    return {"milestones": not opts.get("intro", False)}


OPTIONS = (
    OptionSpec(
        "intro",
        "Introductory game: no reserve cards, $75 per player in the bank, no milestones, no "
        "salaries; the game ends when the bank first runs out.",
        "bool",
        False,
    ),
    OptionSpec(
        "milestones",
        "Play with milestones (default: yes, but no in the introductory game).",
        "bool",
        True,
    ),
)


SPEC = register(
    GameSpec(
        key="food_chain_magnate",
        title="Food Chain Magnate",
        title_ja="フードチェーンマグネイト",
        min_players=2,
        max_players=5,
        engine_version=1,
        new_game=new_game,
        summary=(
            "Run a fast-food chain: secretly restructure your staff each turn, recruit and "
            "train, market burgers, pizza and drinks to the houses, cook and buy, and sell at "
            "dinnertime by price and distance. The game ends when the bank breaks twice; the "
            "richest chain wins."
        ),
        rules_path="docs/rules/food_chain_magnate.md",
        options=OPTIONS,
        defaults_for=_defaults_for,
        ai=NORMAL,
        levels=LEVELS,
    )
)

__all__ = ["OPTIONS", "SPEC", "FcmState", "FcmView", "new_game"]
