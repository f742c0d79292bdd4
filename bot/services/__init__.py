"""Services between the Discord-facing layer (cogs, UI items) and the game manager.

Dependencies go one way: cogs and UI items -> services (turns, lobby, publisher, notices,
timers, boards, autoplay, seats) -> manager -> storage. Services never import cogs or UI; the
views they post (board buttons, notice answers) are passed in as factories by ``bot.app``,
which builds and wires every service once. After a commit every producer hands its move to one
place, ``aftermath``; services that react to what happened (AI seats, turn clocks, deadlines)
and cogs (ratings, summaries) listen to its typed events (``bot.services.events``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..manager import GameManager
from ..storage import Storage
from .aftermath import Aftermath
from .autoplay import Autoplay
from .boards import Boards
from .clocks import Clocks
from .lobby import Lobby
from .notices import Notices
from .publisher import Publisher
from .seats import Seats
from .timers import Deadlines, Timers
from .turns import Turns


@dataclass
class Services:
    storage: Storage
    manager: GameManager
    boards: Boards
    publisher: Publisher
    notices: Notices
    timers: Timers
    turns: Turns
    lobby: Lobby
    clocks: Clocks
    autoplay: Autoplay
    seats: Seats
    aftermath: Aftermath
    deadlines: Deadlines


__all__ = [
    "Aftermath",
    "Autoplay",
    "Boards",
    "Clocks",
    "Deadlines",
    "Lobby",
    "Notices",
    "Publisher",
    "Seats",
    "Services",
    "Timers",
    "Turns",
]
