"""Philadelphia (フィラデルフィア, モグモグプロジェクト 2019): the ad-posting card game of seed 003.

Importing this package registers the game with ``games.core``.
"""

from games.core import GameSpec, register

from .ai_search import LEVELS, NORMAL
from .state import ENGINE_VERSION, OPTIONS, PhilaState, new_game
from .view import Phase, PhilaView

SPEC = register(
    GameSpec(
        key="philadelphia",
        title="Philadelphia",
        title_ja="フィラデルフィア",
        min_players=2,
        max_players=4,
        engine_version=ENGINE_VERSION,
        oldest_engine_version=1,
        new_game=new_game,
        summary=(
            "Run an ad agency: post job ads from your hand, roll the die to see which ads "
            "find recruits and pay out, and spend the money on cards to submit pairs, threes, "
            "fours and flushes for VP. Ten VP after a round ends the game."
        ),
        rules_path="docs/rules/philadelphia.md",
        options=OPTIONS,
        ai=NORMAL,
        levels=LEVELS,
    )
)

__all__ = ["SPEC", "Phase", "PhilaState", "PhilaView", "new_game"]
