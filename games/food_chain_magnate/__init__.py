"""Food Chain Magnate (Splotter Spellen, 2015): the full base game for 2–5 players (seed 000).

Importing this package registers the game with ``games.core``. Options: ``intro`` (the seed's
introductory game: no reserve cards, bank $75 × players, no milestones, no salaries, the game ends
at the first bank break) and ``milestones`` (default: on, off in the intro game), so the seed's
suggested progression is three option settings; and one option per reading players disagree on
(``campaign_range``, ``house_road``, ``cfo``, ``open_cards``, ``eternal``, ``negative_price``:
docs/rules/food_chain_magnate.md "Readings and options").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import GameSpec, OptionSpec, register

from .ai import FcmPolicy as FcmPolicy
from .ai_search import LEVELS, NORMAL
from .game import ENGINE_VERSION, FcmState
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
    OptionSpec(
        "campaign_range",
        "A road-range marketeer's campaign is in range when part of it lies on a tile within "
        "range (part: the Deluxe rules) or only when all of it does (whole)",
        "choice",
        "part",
        choices=("part", "whole"),
    ),
    OptionSpec(
        "house_road",
        "A new house touches a road with any of its six squares, garden included (any: the "
        "Deluxe rules), or with its 2x2 house squares (house: the seed's 「家は…道路と隣接」)",
        "choice",
        "any",
        choices=("any", "house"),
    ),
    OptionSpec(
        "cfo",
        "The CFO's 50% (rounded up) is taken on the Dinnertime's total (total: the seed's rule "
        "and the Deluxe rules) or on each payment (each: the seed translator's note)",
        "choice",
        "total",
        choices=("total", "each"),
    ),
    OptionSpec(
        "open_cards",
        "Other companies' cards stay visible during Restructuring (the seed and the Deluxe "
        "rules hide them in that phase; what a company owns was public at Cleanup)",
        "bool",
        False,
    ),
    OptionSpec(
        "eternal",
        "With the first-billboard milestone campaigns may be eternal (choice: the seed's "
        "「できる」) or every new campaign is eternal (all: the rulebook and the Deluxe rules)",
        "choice",
        "choice",
        choices=("choice", "all"),
    ),
    OptionSpec(
        "negative_price",
        "A chain selling below $0 pays the bank per item; if it cannot pay it is bankrupt and "
        "out at the end of the turn, and the CFO also applies to a negative income (bankrupt: "
        "the designer's rulings) — or it pays what it has and the CFO only adds to a positive "
        "income (forgive)",
        "choice",
        "bankrupt",
        choices=("bankrupt", "forgive"),
    ),
)


SPEC = register(
    GameSpec(
        key="food_chain_magnate",
        title="Food Chain Magnate",
        title_ja="フードチェーンマグネイト",
        min_players=2,
        max_players=5,
        engine_version=ENGINE_VERSION,
        oldest_engine_version=1,
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
