"""What a seat (or the public) may see of a Kenchiku game (seed 002).

Money is the only hidden information ("ついたてで隠すのはお金だけ", seed FAQ): in the public
view and in other seats' views ``CompanyView.money`` is ``None``.
Coordinates are ``<column letter><row number>``, e.g. ``c4``: column ``a`` is the left edge,
row ``1`` the top edge, matching the move notation (``build c4 money``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

MARKER_TYPES: tuple[str, ...] = ("structure", "design", "planning", "workers")


@dataclass(frozen=True)
class CellView:
    """One plot of land in the city."""

    coord: str  # "c4"
    col: int  # 0-based, left to right
    row: int  # 0-based, top to bottom
    district: str  # district id from data/kenchiku/map.toml
    on_avenue: bool  # plot lies along the avenue (大通り沿い)
    height: int  # building blocks on it (0 = empty or park)
    owner: int | None  # seat whose chip is on the building; None for starting buildings
    park_owner: int | None  # seat whose park is here
    land_value: int  # 0..6 from the eight neighbours' blocks (seed: 地価)


@dataclass(frozen=True)
class CompanyView:
    """One player's company board. ``money`` is None unless the viewer is this seat."""

    seat: int
    markers: dict[str, int]  # MARKER_TYPES -> count held (workers: ready + spent)
    workers_ready: int  # workers on the white spaces (can build)
    honour: int  # honour track position (may be negative)
    has_loan: bool
    park_available: bool  # the once-per-game park not yet placed
    buildings: int  # buildings built by this company
    chips_left: int
    bankrupt: bool
    money: int | None


@dataclass(frozen=True)
class VoiceCardView:
    """An administration (money at build time) or citizen (honour at game end) voice card."""

    id: str
    kind: str  # "administration" | "citizen"
    title: str  # short English title
    text: str  # full English wording of the condition and bonus
    amount: int
    source: str  # "seed" | "reconstructed"


@dataclass(frozen=True)
class KenchikuView:
    viewer: int | None
    n_columns: int
    n_rows: int
    cells: tuple[CellView, ...]  # row-major: index = row * n_columns + col
    avenue: tuple[tuple[float, float, float, float], ...]  # segments (x0, y0, x1, y1) in cell units
    districts: dict[str, str]  # district id -> display name
    market_prices: dict[str, int]  # MARKER_TYPES -> 1..7
    market_stock: dict[str, int]  # MARKER_TYPES -> markers left in the market
    companies: tuple[CompanyView, ...]
    voices: tuple[VoiceCardView, ...]
    to_act: tuple[int, ...]
    round: int  # 1-based
    turn: int  # moves made so far that ended a turn
    last_dice: dict[str, int] | None  # MARKER_TYPES -> 0 or -1, from the latest rest
    honour_goal: int  # the end triggers when a company's honour exceeds this
    end_triggered_by: int | None  # first seat to meet an end condition
    final_round: bool
    blocks_left: int  # building blocks left in the supply (146 at start minus starters)
    last_event: str  # sentence describing the last move, "" at start
    outcome: dict[str, Any] | None  # Outcome.to_dict() once the game is over
    repay_offered: bool = False  # the company to act has acted and may repay its loan (v2)

    def cell(self, coord: str) -> CellView:
        for c in self.cells:
            if c.coord == coord:
                return c
        raise KeyError(coord)
