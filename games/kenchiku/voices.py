"""Voice card conditions (seed 002, 声カードの能力説明).

Administration cards are checked for the building about to be built (before it is placed)
and return how many times their bonus applies. Citizen cards are scored at the end for one
company. Bankrupt companies are passed in ``active`` as absent: their buildings and parks
stay in the city but they compete for nothing.
"""

from __future__ import annotations

from collections.abc import Collection

from .board import Board
from .components import VoiceCard


def administration_times(card: VoiceCard, board: Board, seat: int, cell: int, height: int) -> int:
    """How many times ``card`` pays for ``seat`` building ``height`` on ``cell`` (0 = not met)."""
    city = board.city
    cond = card.condition
    if cond == "new_tallest_in_district":
        # strictly taller than every building there; an empty district counts (seed)
        return int(height > board.tallest_in_district(city.district_of[cell]))
    if cond == "on_avenue":
        return int(city.on_avenue[cell] and height >= card.min_height)
    if cond == "min_height":
        return int(height >= card.min_height)
    if cond == "not_adjacent_to_own":
        # own buildings only; parks (own or not) are never buildings (seed)
        owners, heights = board.owners, board.heights
        return int(not any(owners[j] == seat and heights[j] > 0 for j in city.neighbours[cell]))
    if cond == "park_adjacent":
        return board.adjacent_parks(cell) if height >= card.min_height else 0
    raise ValueError(f"unknown administration condition {cond!r}")


def citizen_honour(
    card: VoiceCard,
    board: Board,
    seat: int,
    active: Collection[int],
    *,
    modest_needs_building: bool = False,
) -> int:
    """Honour ``seat`` earns from citizen ``card`` at final scoring.

    ``modest_needs_building`` keeps engine version 1's reading of ``modest`` (only districts
    where ``seat`` has a building pay), for replaying version-1 records.
    """
    city = board.city
    heights, owners = board.heights, board.owners
    cond = card.condition
    if cond == "park_adjacent":
        return card.amount * sum(
            board.adjacent_parks(i)
            for i in board.buildings_of(seat)
            if heights[i] <= card.max_height
        )
    if cond == "park_in_district":
        return card.amount * sum(
            board.parks_in_district(city.district_of[i])
            for i in board.buildings_of(seat)
            if heights[i] <= card.max_height
        )
    if cond == "straight_line":
        return card.amount * count_lines(board, seat, card.min_length)
    if cond == "most_low_in_district":
        total = 0
        for cells in city.district_cells.values():
            counts = {s: 0 for s in active}
            for i in cells:
                o = owners[i]
                if o is not None and o in counts and 0 < heights[i] <= card.max_height:
                    counts[o] += 1
            best = max(counts.values(), default=0)
            if best > 0 and counts.get(seat, 0) == best:
                total += card.amount
        return total
    if cond == "not_tallest_in_district":
        # 一区画ごとに、最も高いビルを建設したプレイヤー以外の全員は名誉点を獲得します: every
        # company except the builders of a district's tallest building(s) scores, whether
        # or not it built there. A district with no building has no tallest builder, so it
        # pays everyone; a starting building (no owner) as the tallest excludes nobody.
        total = 0
        for cells in city.district_cells.values():
            built = [i for i in cells if heights[i] > 0]
            if modest_needs_building and not any(owners[i] == seat for i in built):
                continue  # engine version 1: only districts where this company has a building
            top = max((heights[i] for i in built), default=0)
            if not any(owners[i] == seat and heights[i] == top for i in built):
                total += card.amount
        return total
    raise ValueError(f"unknown citizen condition {cond!r}")


def count_lines(board: Board, seat: int, min_length: int) -> int:
    """Unbroken straight runs (row, column, diagonal) of ``min_length``+ of ``seat``'s buildings.

    Each maximal run counts once however long it is (seed: 3棟以上直線上に連続していても、獲得出来る
    ボーナスは増えません); runs in different directions may share buildings.
    """
    heights, owners = board.heights, board.owners
    runs = 0
    for line in board.city.lines:
        length = 0
        for i in line:
            if owners[i] == seat and heights[i] > 0:
                length += 1
                continue
            if length >= min_length:
                runs += 1
            length = 0
        if length >= min_length:
            runs += 1
    return runs
