"""Slash commands by concern: lobby and administration (/game), play (/move, /play, /board,
/hand), information (/rules), history (/game export, /game import, the game-over
summary and replay), seats (/seat: AI players, handing over, replacing), and your own games
and settings (/games, /settings), undo with consent (/undo), and ratings (/leaderboard, /stats)."""

from .history import HistoryCog
from .info import InfoCog
from .lobby import GameCog
from .me import MeCog
from .play import PlayCog
from .seats import SeatCog
from .stats import StatsCog
from .undo import UndoCog

__all__ = ["GameCog", "HistoryCog", "InfoCog", "MeCog", "PlayCog", "SeatCog", "StatsCog", "UndoCog"]
