"""Slash commands by concern: lobby and administration (/game), play (/move, /play, /board,
/hand), information (/rules) and history (/game export, /game import, the game-over
summary and replay)."""

from .history import HistoryCog
from .info import InfoCog
from .lobby import GameCog
from .play import PlayCog

__all__ = ["GameCog", "HistoryCog", "InfoCog", "PlayCog"]
