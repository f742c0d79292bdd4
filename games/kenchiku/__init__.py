"""Kenchiku: the building-company board game of seed 002 (食用産廃GAMES; title unknown).

Importing this package registers the game with ``games.core``.
"""

from games.core import GameSpec, register

from .ai import AI, KenchikuAI
from .ai_search import LEVELS, NORMAL
from .moves import CODEC, Build, Buy, EndTurn, PlacePark, RepayLoan, Rest, TakeLoan
from .state import ENGINE_VERSION, OPTIONS, Company, KenchikuState, new_game
from .view import KenchikuView

SPEC = register(
    GameSpec(
        key="kenchiku",
        title="Kenchiku",
        title_ja="建築会社ゲーム (原題不明)",
        min_players=2,
        max_players=4,
        engine_version=ENGINE_VERSION,
        oldest_engine_version=1,
        new_game=new_game,
        summary=(
            "Run a building company: buy structure, design, planning and workers, build on "
            "plots whose land value sets the height, take money or honour, rest to pay wages, "
            "and beware of loans and bankruptcy. Most honour after parks and citizen voices wins."
        ),
        rules_path="docs/rules/kenchiku.md",
        options=OPTIONS,
        ai=NORMAL,
        levels=LEVELS,
    )
)

__all__ = [
    "AI",
    "CODEC",
    "ENGINE_VERSION",
    "OPTIONS",
    "SPEC",
    "Build",
    "Buy",
    "Company",
    "EndTurn",
    "KenchikuAI",
    "KenchikuState",
    "KenchikuView",
    "PlacePark",
    "RepayLoan",
    "Rest",
    "TakeLoan",
    "new_game",
]
