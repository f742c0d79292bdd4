"""Slash commands by concern: lobby and administration (/game), play (/move, /play, /board,
/hand) information (/rules) and seats (/seat: AI players, handing over, replacing)."""

from .info import InfoCog
from .lobby import GameCog
from .play import PlayCog
from .seats import SeatCog

__all__ = ["GameCog", "InfoCog", "PlayCog", "SeatCog"]
