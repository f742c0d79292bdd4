"""The map of Food Chain Magnate: tiles in rotation, squares, the road graph and its distances.

Seed "セットアップ": tiles are drawn at random and placed in random rotations. Squares are named
like a chess board read from the top: column letter (``a`` = left) and row number (``1`` = top),
so ``c7`` is column 3, row 7. Distances and ranges count **tile borders crossed along roads**
(seed phase 3 "レンジ", phase 4 "距離"):

* every pair of orthogonally adjacent road squares is connected, within a tile or across a tile
  border, except the bridge square at the centre of tiles G and P, which carries the north–south
  and west–east roads separately (a route goes straight over it);
* a house (with its garden) or a restaurant entrance reaches the road squares orthogonally
  adjacent to it; reaching a road square on another tile crosses that border (+1);
* two road squares touching the same entrance do not connect through it.

This module holds only the static map (roads, printed houses, drink symbols); pieces placed
during play live in the game state.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .data import TILE_SIZE, TileDef

Square = tuple[int, int]  # (row, column) in map squares, 0-based, row 0 at the top
Tile = tuple[int, int]  # (row, column) in map tiles

LETTERS = "abcdefghijklmnopqrstuvwxyz"
DIRS: tuple[tuple[int, int], ...] = ((-1, 0), (0, 1), (1, 0), (0, -1))  # n e s w
SIDES = ("n", "e", "s", "w")
DRINK_OF = {"B": "beer", "L": "lemonade", "S": "soft_drink"}
_SQUARE = re.compile(r"([a-z])([1-9][0-9]?)")
UNREACHABLE = 1 << 20


def square_name(sq: Square) -> str:
    """``(6, 2)`` → ``"c7"``."""
    return f"{LETTERS[sq[1]]}{sq[0] + 1}"


def parse_square(word: str) -> Square | None:
    """``"c7"`` → ``(6, 2)``; ``None`` if the word is not a square name."""
    m = _SQUARE.fullmatch(word.lower())
    if not m:
        return None
    return (int(m.group(2)) - 1, LETTERS.index(m.group(1)))


def rotate_grid(grid: Sequence[str], quarters: int) -> tuple[str, ...]:
    """The tile grid turned ``quarters`` quarter turns clockwise: new(r, c) = old(4 − c, r)."""
    rows = list(grid)
    n = len(rows)
    for _ in range(quarters % 4):
        rows = ["".join(rows[n - 1 - c][r] for c in range(n)) for r in range(n)]
    return tuple(rows)


@dataclass(frozen=True)
class PlacedTile:
    """A map tile on the board: ``tile`` id at tile position (``row``, ``col``), turned
    ``rotation`` quarter turns clockwise from its printed orientation."""

    tile: str
    row: int
    col: int
    rotation: int


class MapGrid:
    """The static map: terrain by square, printed houses, drink symbols and the road graph.

    Terrain letters: ``#`` road, ``.`` empty, ``H`` printed house, ``B``/``L``/``S`` drinks.
    Road graph nodes are ints; a bridge square has two nodes (north–south and west–east).
    """

    def __init__(self, placed: Sequence[PlacedTile], tiles: dict[str, TileDef] | None = None):
        from .data import components

        defs = tiles if tiles is not None else dict(components().tiles)
        self.placed = tuple(placed)
        self.tile_rows = max(p.row for p in placed) + 1
        self.tile_cols = max(p.col for p in placed) + 1
        self.height = self.tile_rows * TILE_SIZE
        self.width = self.tile_cols * TILE_SIZE
        rows = [["."] * self.width for _ in range(self.height)]
        self.bridges: set[Square] = set()
        self.printed_houses: dict[int, tuple[Square, ...]] = {}
        self.tile_at: dict[Tile, PlacedTile] = {}
        for p in placed:
            d = defs[p.tile]
            self.tile_at[(p.row, p.col)] = p
            grid = rotate_grid(d.grid, p.rotation)
            house: list[Square] = []
            for r in range(TILE_SIZE):
                for c in range(TILE_SIZE):
                    sq = (p.row * TILE_SIZE + r, p.col * TILE_SIZE + c)
                    rows[sq[0]][sq[1]] = grid[r][c]
                    if grid[r][c] == "H":
                        house.append(sq)
            if d.bridge:
                m = TILE_SIZE // 2
                self.bridges.add((p.row * TILE_SIZE + m, p.col * TILE_SIZE + m))
            if house and d.house is not None:
                self.printed_houses[d.house] = tuple(sorted(house))
        self.terrain: tuple[str, ...] = tuple("".join(r) for r in rows)
        self.drinks: dict[Square, str] = {
            (r, c): DRINK_OF[ch]
            for r, row in enumerate(self.terrain)
            for c, ch in enumerate(row)
            if ch in DRINK_OF
        }
        self._build_roads()
        self._dist_cache: dict[tuple[tuple[int, int], ...], list[int]] = {}
        self._access_cache: dict[tuple[Square, ...], tuple[tuple[int, int], ...]] = {}
        self.reach_cache: dict[object, tuple[list[int], dict[Tile, int]]] = {}

    # -- squares -------------------------------------------------------------------------

    def on_board(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.height and 0 <= sq[1] < self.width

    def is_road(self, sq: Square) -> bool:
        return self.on_board(sq) and self.terrain[sq[0]][sq[1]] == "#"

    def is_blank(self, sq: Square) -> bool:
        """An empty printed square (no road, house or drink symbol)."""
        return self.on_board(sq) and self.terrain[sq[0]][sq[1]] == "."

    @staticmethod
    def tile_of(sq: Square) -> Tile:
        return (sq[0] // TILE_SIZE, sq[1] // TILE_SIZE)

    def neighbours(self, sq: Square) -> Iterable[Square]:
        r, c = sq
        for dr, dc in DIRS:
            n = (r + dr, c + dc)
            if self.on_board(n):
                yield n

    def touches_road(self, squares: Iterable[Square]) -> bool:
        """Whether any of ``squares`` is orthogonally adjacent to a road square."""
        return any(self.is_road(n) for s in squares for n in self.neighbours(s))

    def tiles_of(self, squares: Iterable[Square]) -> set[Tile]:
        return {self.tile_of(s) for s in squares}

    def squares_of_tile(self, tile: Tile) -> Iterable[Square]:
        for r in range(TILE_SIZE):
            for c in range(TILE_SIZE):
                yield (tile[0] * TILE_SIZE + r, tile[1] * TILE_SIZE + c)

    # -- road graph ----------------------------------------------------------------------

    def _build_roads(self) -> None:
        self.node_square: list[Square] = []
        self.nodes_at: dict[Square, tuple[int, ...]] = {}
        self._axis_node: dict[tuple[Square, int], int] = {}  # (square, axis 0=ns 1=we)
        for r, row in enumerate(self.terrain):
            for c, ch in enumerate(row):
                if ch != "#":
                    continue
                sq = (r, c)
                ids: tuple[int, ...]
                if sq in self.bridges:
                    ids = (len(self.node_square), len(self.node_square) + 1)
                    self.node_square += [sq, sq]
                    self._axis_node[(sq, 0)] = ids[0]
                    self._axis_node[(sq, 1)] = ids[1]
                else:
                    ids = (len(self.node_square),)
                    self.node_square.append(sq)
                    self._axis_node[(sq, 0)] = ids[0]
                    self._axis_node[(sq, 1)] = ids[0]
                self.nodes_at[sq] = ids
        self.adj: list[list[tuple[int, int]]] = [[] for _ in self.node_square]
        for sq in self.nodes_at:
            for i, (dr, dc) in enumerate(DIRS):
                axis = 0 if i in (0, 2) else 1
                here = self._axis_node[(sq, axis)]
                nxt = (sq[0] + dr, sq[1] + dc)
                if nxt not in self.nodes_at:
                    continue
                there = self._axis_node[(nxt, axis)]
                cost = 0 if self.tile_of(sq) == self.tile_of(nxt) else 1
                self.adj[here].append((there, cost))
        self.node_tile: list[Tile] = [self.tile_of(s) for s in self.node_square]
        self.node_drinks: list[frozenset[Square]] = [
            frozenset(n for n in self.neighbours(s) if n in self.drinks) for s in self.node_square
        ]

    def access(self, squares: Iterable[Square]) -> tuple[tuple[int, int], ...]:
        """Road nodes orthogonally adjacent to ``squares`` (from outside them), each with the
        cost of stepping onto it: 1 if that road square lies on another tile, else 0."""
        key = tuple(squares)
        got = self._access_cache.get(key)
        if got is not None:
            return got
        inside = set(key)
        best: dict[int, int] = {}
        for s in inside:
            for n in self.neighbours(s):
                if n in inside or n not in self.nodes_at:
                    continue
                cost = 0 if self.tile_of(n) == self.tile_of(s) else 1
                for node in self.nodes_at[n]:
                    if cost < best.get(node, UNREACHABLE):
                        best[node] = cost
        out = tuple(sorted(best.items()))
        if len(self._access_cache) > 4096:
            self._access_cache.clear()
        self._access_cache[key] = out
        return out

    def distances(self, starts: Sequence[tuple[int, int]]) -> list[int]:
        """Fewest tile borders crossed from ``starts`` (node, start cost) to every road node
        (``UNREACHABLE`` if not connected). A 0-1 breadth-first search, cached."""
        key = tuple(sorted(starts))
        got = self._dist_cache.get(key)
        if got is not None:
            return got
        dist = [UNREACHABLE] * len(self.node_square)
        dq: deque[int] = deque()
        for node, cost in key:
            if cost < dist[node]:
                dist[node] = cost
                dq.append(node)
        while dq:
            n = dq.popleft()
            d = dist[n]
            for m, w in self.adj[n]:
                nd = d + w
                if nd < dist[m]:
                    dist[m] = nd
                    if w:
                        dq.append(m)
                    else:
                        dq.appendleft(m)
        if len(self._dist_cache) > 256:
            self._dist_cache.clear()
        self._dist_cache[key] = dist
        return dist

    def tile_ranges(
        self, starts: Sequence[tuple[int, int]], zero_tiles: Iterable[Tile]
    ) -> dict[Tile, int]:
        """Road range of every tile reached: the fewest borders crossed along roads to reach a
        road square on it; ``zero_tiles`` (the entrances' tiles) are range 0."""
        out: dict[Tile, int] = {t: 0 for t in zero_tiles}
        if not starts:
            return out
        dist = self.distances(starts)
        for node, d in enumerate(dist):
            if d < UNREACHABLE:
                t = self.node_tile[node]
                if d < out.get(t, UNREACHABLE):
                    out[t] = d
        return out

    def road_routes(
        self, starts: Sequence[tuple[int, int]], max_cost: int
    ) -> set[frozenset[Square]]:
        """Every set of drink symbols a road buyer can pass (seed phase 3 "カートオペレーター").

        A route starts on a road square next to an entrance (``starts``), moves square by
        square, never steps straight back onto the square it just left (no U-turns), and
        crosses at most ``max_cost`` tile borders; it may stop anywhere. A symbol is passed when
        it is orthogonally adjacent to a road square of the route.
        """
        results: set[frozenset[Square]] = set()
        seen: set[tuple[int, int, int, frozenset[Square]]] = set()
        stack = [
            (node, -1, cost, self.node_drinks[node]) for node, cost in starts if cost <= max_cost
        ]
        while stack:
            node, prev, cost, got = stack.pop()
            key = (node, prev, cost, got)
            if key in seen:
                continue
            seen.add(key)
            results.add(got)
            for nxt, w in self.adj[node]:
                if nxt == prev or cost + w > max_cost:
                    continue
                stack.append((nxt, node, cost + w, got | self.node_drinks[nxt]))
        return results

    def air_routes(self, start_tiles: Iterable[Tile], max_steps: int) -> set[frozenset[Square]]:
        """Every set of drink symbols a zeppelin can collect: it flies tile to tile
        orthogonally from a start tile, at most ``max_steps`` steps, never entering a tile
        twice, and collects every symbol on every tile entered, the start tile included."""
        drinks_on: dict[Tile, frozenset[Square]] = {}
        for sq in self.drinks:
            t = self.tile_of(sq)
            drinks_on[t] = drinks_on.get(t, frozenset()) | {sq}
        results: set[frozenset[Square]] = set()

        def walk(tile: Tile, visited: frozenset[Tile], got: frozenset[Square], left: int) -> None:
            results.add(got)
            if left == 0:
                return
            for dr, dc in DIRS:
                nt = (tile[0] + dr, tile[1] + dc)
                if nt in visited or nt not in self.tile_at:
                    continue
                walk(nt, visited | {nt}, got | drinks_on.get(nt, frozenset()), left - 1)

        for t in set(start_tiles):
            walk(t, frozenset({t}), drinks_on.get(t, frozenset()), max_steps)
        return results

    def region(self, squares: Iterable[Square]) -> set[Square]:
        """The squares reachable from ``squares`` without crossing a road or the board edge
        (4-connected; seed phase 6 "メールボックス")."""
        todo = [s for s in squares if not self.is_road(s)]
        seen = set(todo)
        while todo:
            s = todo.pop()
            for n in self.neighbours(s):
                if n not in seen and not self.is_road(n):
                    seen.add(n)
                    todo.append(n)
        return seen


def rect(top_left: Square, height: int, width: int) -> tuple[Square, ...]:
    """The squares of a ``height`` × ``width`` rectangle from its top-left square."""
    r0, c0 = top_left
    return tuple((r0 + r, c0 + c) for r in range(height) for c in range(width))


CORNERS = ("nw", "ne", "sw", "se")


def corner_square(top_left: Square, corner: str) -> Square:
    """The square of a 2×2 piece at ``corner`` (``nw``/``ne``/``sw``/``se``)."""
    r, c = top_left
    return (r + (1 if corner[0] == "s" else 0), c + (1 if corner[1] == "e" else 0))


def garden_squares(house: Sequence[Square], side: str) -> tuple[Square, ...]:
    """The two squares a garden takes on ``side`` of a 2×2 house (house + garden = 2×3)."""
    r0 = min(s[0] for s in house)
    c0 = min(s[1] for s in house)
    if side == "n":
        return ((r0 - 1, c0), (r0 - 1, c0 + 1))
    if side == "s":
        return ((r0 + 2, c0), (r0 + 2, c0 + 1))
    if side == "w":
        return ((r0, c0 - 1), (r0 + 1, c0 - 1))
    return ((r0, c0 + 2), (r0 + 1, c0 + 2))
