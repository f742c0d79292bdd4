"""Carnegie (Xavier Georges, Quined Games 2022): the game of seed 001, for 1-4 players, with the
expansion departments and the solo opponent Andrew Carnegie (run by the engine itself).

Importing this package registers the game with ``games.core`` (not yet in ``BUILTIN_GAMES``).
"""

from games.core import GameSpec, register

from .ai import POLICY
from .ai_search import LEVELS, NORMAL
from .state import ENGINE_VERSION, OPTIONS, CarnegieState, defaults_for, new_game

SPEC = register(
    GameSpec(
        key="carnegie",
        title="Carnegie",
        title_ja="カーネギー",
        min_players=1,
        max_players=4,
        engine_version=ENGINE_VERSION,
        oldest_engine_version=1,
        new_game=new_game,
        summary=(
            "Grow a company across 20 rounds: the chooser picks a timeline row, everyone follows "
            "with the departments of that action — move employees, earn money and goods, build "
            "projects across America, research project tabs and transport — then activate "
            "employees. Donations, connections between major cities and departments score at "
            "the end. With one player, a solo game against Andrew Carnegie."
        ),
        rules_path="docs/rules/carnegie.md",
        options=OPTIONS,
        defaults_for=defaults_for,
        ai=NORMAL,
        levels=LEVELS,
    )
)

__all__ = ["ENGINE_VERSION", "OPTIONS", "POLICY", "SPEC", "CarnegieState", "new_game"]
