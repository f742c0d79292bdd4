"""The timeline: four action rows of six positions (Start, four tiles, End).

Seed (アクション選択): the chooser puts the timeline marker one space right of the chosen row's
action disc, and that space's event happens. If the disc has already reached the last space,
the marker goes right of it (no space there) and the disc of the row below that can still
advance is flipped: its next space's event happens as if chosen (below the R&D row comes the HR
row again). At the end of the round the chosen disc (or the flipped one) advances one space.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import terms
from .data import ACTIONS, CarnegieData

LAST = 5
"""Position of the End tile; positions 1-4 are the random tiles, 0 the Start tile."""


@dataclass(frozen=True)
class Event:
    """What happens at one timeline space: a region's income, a donation, or both (End)."""

    income: str | None  # region id
    donation: bool


def event_at(data: CarnegieData, tiles: list[tuple[int, str]], row: int, pos: int) -> Event:
    """The event printed at ``pos`` (1..5) of action row ``row`` (0 = HR)."""
    if pos == LAST:
        return Event(data.end_income[row], data.end_donation)
    tile_id, side = tiles[pos - 1]
    tile = next(t for t in data.tiles if t.id == tile_id)
    ev = (tile.front if side == "front" else tile.back)[row]
    return Event(None, True) if ev == "donation" else Event(ev, False)


@dataclass(frozen=True)
class Selection:
    """The result of choosing a row: where the marker sits and which disc advances."""

    row: int  # the chosen action row
    marker: int  # marker position (6 = right of a disc already on the End tile)
    flipped: int | None  # row whose disc was flipped (last-space rule), else None
    event_row: int  # the row whose space's event happens
    event_pos: int  # that space's position (1..5)


def select(discs: list[int], row: int) -> Selection:
    """Apply the choose rule to ``row`` given the discs' positions.

    Raises ``ValueError`` if no disc can advance (the game is over).
    """
    if discs[row] < LAST:
        return Selection(row, discs[row] + 1, None, row, discs[row] + 1)
    n = len(discs)
    for k in range(1, n):
        below = (row + k) % n
        if discs[below] < LAST:
            return Selection(row, LAST + 1, below, below, discs[below] + 1)
    raise ValueError("every action disc has reached the End tile")


def advancing_row(sel: Selection) -> int:
    """The row whose disc moves one space right at the end of the round."""
    return sel.flipped if sel.flipped is not None else sel.row


def action_name(row: int) -> str:
    """The long name of the action of timeline ``row``, keyed (``terms.action_long``)."""
    return terms.action_long(ACTIONS[row])
