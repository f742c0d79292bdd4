"""The city board: buildings, parks and cached land values (seed 002, 地価について).

Cells are indexed row-major like ``City``. ``around[i]`` holds the number of building blocks
on the eight plots around ``i`` and is updated incrementally when a building goes up, so a
land value is one table lookup.
"""

from __future__ import annotations

from .components import City, Rules


class Board:
    """Heights, owners and parks of every plot, plus the cached neighbour block counts."""

    __slots__ = ("around", "city", "heights", "owners", "park_owners", "value_of_blocks")

    def __init__(self, city: City, rules: Rules) -> None:
        n = city.n_cells
        self.city = city
        self.heights: list[int] = [0] * n
        self.owners: list[int | None] = [None] * n  # None: empty, park or starting building
        self.park_owners: list[int | None] = [None] * n
        self.around: list[int] = [0] * n
        # every possible neighbourhood total (8 plots x max height) -> land value
        most = 8 * rules.end_height
        self.value_of_blocks: tuple[int, ...] = tuple(rules.land_value(b) for b in range(most + 1))

    def land_value(self, cell: int) -> int:
        """Land value 0..6 of ``cell`` from its neighbours' blocks (parks do not count)."""
        return self.value_of_blocks[self.around[cell]]

    def is_free(self, cell: int) -> bool:
        """No building and no park on the plot."""
        return self.heights[cell] == 0 and self.park_owners[cell] is None

    def put_building(self, cell: int, height: int, owner: int | None) -> None:
        """Place a building of ``height`` blocks (owner ``None`` for a starting building)."""
        self.heights[cell] = height
        self.owners[cell] = owner
        around = self.around
        for j in self.city.neighbours[cell]:
            around[j] += height

    def put_park(self, cell: int, owner: int) -> None:
        """Place ``owner``'s park; it adds no blocks (seed: 公園はビルブロックとして数えません)."""
        self.park_owners[cell] = owner

    def blocks_on_board(self) -> int:
        return sum(self.heights)

    def adjacent_parks(self, cell: int) -> int:
        """Number of parks (any owner) on the eight plots around ``cell``."""
        parks = self.park_owners
        return sum(1 for j in self.city.neighbours[cell] if parks[j] is not None)

    def park_bonus(self, cell: int) -> int:
        """Blocks on the plots around a park (seed: 公園チップの名誉点について)."""
        return self.around[cell]

    def tallest_in_district(self, district: str) -> int:
        """Height of the tallest building in ``district`` (0 if it has none)."""
        heights = self.heights
        return max((heights[i] for i in self.city.district_cells[district]), default=0)

    def parks_in_district(self, district: str) -> int:
        parks = self.park_owners
        return sum(1 for i in self.city.district_cells[district] if parks[i] is not None)

    def buildings_of(self, seat: int) -> list[int]:
        """Cells holding ``seat``'s buildings, in cell order."""
        heights, owners = self.heights, self.owners
        return [i for i in range(len(heights)) if owners[i] == seat and heights[i] > 0]
