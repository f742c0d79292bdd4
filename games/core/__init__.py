"""Shared engine core: protocol, errors, seeded RNG, registry and saved-game replay."""

from .errors import GameError, IllegalMove, InvalidMove, InvalidOptions, NotYourTurn
from .protocol import (
    MAX_NOTATION,
    Deadline,
    GameState,
    Move,
    MoveTemplate,
    Notice,
    Outcome,
    Seat,
    normalize_notation,
    view_as_dict,
)
from .registry import (
    GameRecord,
    GameSpec,
    OptionSpec,
    all_games,
    get_game,
    register,
    replay,
    start,
)
from .rng import Rng

__all__ = [
    "MAX_NOTATION",
    "Deadline",
    "GameError",
    "GameRecord",
    "GameSpec",
    "GameState",
    "IllegalMove",
    "InvalidMove",
    "InvalidOptions",
    "Move",
    "MoveTemplate",
    "NotYourTurn",
    "Notice",
    "OptionSpec",
    "Outcome",
    "Rng",
    "Seat",
    "all_games",
    "get_game",
    "normalize_notation",
    "register",
    "replay",
    "start",
    "view_as_dict",
]
