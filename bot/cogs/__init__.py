"""Slash commands by concern: lobby and administration (/game), play (/move, /play, /board,
/hand) information (/rules), and
your own games and settings (/games, /settings)."""

from .info import InfoCog
from .lobby import GameCog
from .me import MeCog
from .play import PlayCog

__all__ = ["GameCog", "InfoCog", "MeCog", "PlayCog"]
