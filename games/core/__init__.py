"""Shared engine core: protocol, errors, seeded RNG, registry and saved-game replay."""

from .errors import GameError, IllegalMove, InvalidMove, InvalidOptions, NotYourTurn
from .notation import Converter, Notation, register_converter
from .protocol import (
    MAX_NOTATION,
    SYSTEM,
    Choice,
    Deadline,
    GameState,
    Move,
    MoveTemplate,
    Notice,
    Outcome,
    Seat,
    group_choices,
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
from .steps import Step, StepGame
from .text import Msg, game_title, joined

__all__ = [
    "MAX_NOTATION",
    "SYSTEM",
    "Choice",
    "Converter",
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
    "Msg",
    "NotYourTurn",
    "Notation",
    "Notice",
    "OptionSpec",
    "Outcome",
    "Rng",
    "Seat",
    "Step",
    "StepGame",
    "all_games",
    "game_title",
    "get_game",
    "group_choices",
    "joined",
    "normalize_notation",
    "register",
    "register_converter",
    "replay",
    "start",
    "view_as_dict",
]
