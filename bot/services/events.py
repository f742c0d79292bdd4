"""Typed events raised by the one path after a commit (``bot.services.aftermath``) and by
the services around it, delivered with discord.py's own event dispatch.

``raise_event(client, event)`` calls ``client.dispatch(event.name, event)``: every listener
named ``on_<name>`` runs as its own task, so a slow or failing subscriber never delays the
table or another subscriber (a failure is logged by the bot's ``on_error``). Cogs subscribe
with ``@commands.Cog.listener("on_<name>")`` (ratings, summaries); services are subscribed
once, in the composition root (``bot.app``), with ``bot.add_listener``.

=================  ==============================================  ==========================
event              raised                                          listened to by
=================  ==============================================  ==========================
``move_done``      after a committed move's notices, replies and   AI seats (the next AI move)
                   announcement are out, whoever made it
``table_reset``    after a game's start or an applied undo is      AI seats
                   announced (the position changed without a move)
``game_over``      after the final board is delivered              ratings, summary and replay
``seat_changed``   after a seat changed hands (AI, member)         turn clocks (resync)
``timer_due``      when a stored deadline, clock or reminder       deadlines, turn clocks
                   timer comes due
=================  ==============================================  ==========================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Protocol

if TYPE_CHECKING:
    from ..manager import LiveGame, MoveResult
    from ..storage import TimerRow
    from .publisher import Announcement


class Dispatcher(Protocol):
    """What raises events: a ``discord.Client`` (``Client.dispatch``)."""

    def dispatch(self, event: str, /, *args: object) -> None: ...


@dataclass(frozen=True)
class Event:
    name: ClassVar[str] = ""


@dataclass(frozen=True)
class MoveDone(Event):
    """A committed move was told to everyone who needs to know (``announced``: with a
    public message; ``False`` for a move with no public effect, e.g. a secret choice)."""

    name: ClassVar[str] = "move_done"
    result: MoveResult
    announced: bool


@dataclass(frozen=True)
class TableReset(Event):
    """A game's position changed without a move and its board is out: ``"start"`` (also an
    imported record's start) or ``"undo"``."""

    name: ClassVar[str] = "table_reset"
    live: LiveGame
    reason: str


@dataclass(frozen=True)
class GameOver(Event):
    """A game ended and its final board (``announcement``) was delivered."""

    name: ClassVar[str] = "game_over"
    announcement: Announcement


@dataclass(frozen=True)
class SeatChanged(Event):
    """A seat of ``game_id`` changed hands (to or from the AI, or a member)."""

    name: ClassVar[str] = "seat_changed"
    game_id: int


@dataclass(frozen=True)
class TimerDue(Event):
    """A stored timer came due (``row.kind``: ``deadline``, ``clock`` or ``reminder``)."""

    name: ClassVar[str] = "timer_due"
    row: TimerRow


def raise_event(client: Dispatcher, event: Event) -> None:
    """Deliver ``event`` to every ``on_<event.name>`` listener (each as its own task)."""
    client.dispatch(event.name, event)


def listener_name(event: type[Event]) -> str:
    """``"on_move_done"``: the listener name for ``bot.add_listener`` / ``Cog.listener``."""
    return f"on_{event.name}"


__all__ = [
    "Dispatcher",
    "Event",
    "GameOver",
    "MoveDone",
    "SeatChanged",
    "TableReset",
    "TimerDue",
    "listener_name",
    "raise_event",
]
