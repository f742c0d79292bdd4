"""Slash commands by concern: lobby and administration (/game), play (/move, /play, /board,
/hand) and information (/rules)."""

from .info import InfoCog
from .lobby import GameCog
from .play import PlayCog

__all__ = ["GameCog", "InfoCog", "PlayCog"]
