"""The map: tiles in rotation, roads across tile borders, bridges, distances in tiles, buyer
routes (seed "セットアップ", phase 3 "レンジ" and "4.", phase 4 "距離").

Map used (3×3 tiles, no rotation), column letters a–o, rows 1–15::

        abcdefghijklmno
      1 ..#....#HHHH#..
      2 ..#....#HHHH#..
      3 ###############     A B G (G: bridge at m3)
      4 HH#....#....#..
      5 HH#....#....#..
      6 ###....#....###
      7 #B...L.#.....L#
      8 #.HH#######...#     E P M (P: bridge at h8; E and M: two separate roads)
      9 ..HH#..#..#S...
     10 ..###..#B.###..
     11 #####.B#..#####
     12 #.HH#..#..#HH.#
     13 #.HH#######HH.#     C O D
     14 #...#..#.......
     15 #####..#.......
"""

from __future__ import annotations

from games.food_chain_magnate.board import UNREACHABLE, rotate_grid, square_name
from games.food_chain_magnate.data import components

from .scenario import make_game, sq

MAP = ["A0", "B0", "G0", "E0", "P0", "M0", "C0", "O0", "D0"]


def _node(g, word: str, axis: int = 0) -> int:  # type: ignore[no-untyped-def]
    return g.grid.nodes_at[sq(word)][axis]


def test_rotation_is_clockwise_and_keeps_the_layout() -> None:
    a = components().tiles["A"].grid
    assert rotate_grid(a, 1) == ("HH#..", "HH#..", "#####", "..#..", "..#..")
    assert rotate_grid(a, 4) == a
    g = make_game(["A1", "T0"], 2)
    assert g.grid.printed_houses[2] == ((0, 0), (0, 1), (1, 0), (1, 1))


def test_roads_connect_across_tile_borders_and_count_borders() -> None:
    g = make_game(MAP, 3)
    dist = g.grid.distances([(_node(g, "c3"), 0)])
    assert dist[_node(g, "e3")] == 0  # same tile
    assert dist[_node(g, "f3")] == 1  # one border crossed
    assert dist[_node(g, "h9")] == 2  # A → B → P


def test_bridge_carries_two_roads_that_do_not_meet() -> None:
    g = make_game(MAP, 3)
    ns, we = g.grid.nodes_at[sq("h8")]
    dist = g.grid.distances([(_node(g, "c3"), 0)])
    # Coming down the north–south road of P, the bridge is 2 borders away; its west–east road
    # is reached only around the south of the map (A B P O C E P: 6 borders).
    assert (dist[ns], dist[we]) == (2, 6)
    # G's north–south road meets only the north-east road of M, which leads off the map.
    gns, gwe = g.grid.nodes_at[sq("m3")]
    assert dist[gns] == UNREACHABLE and dist[gwe] == 2


def test_buyer_route_goes_straight_over_a_bridge() -> None:
    g = make_game(MAP, 3)
    west_east = g.grid.road_routes([(_node(g, "g8"), 0)], 0)
    north_south = g.grid.road_routes([(_node(g, "h7"), 0)], 0)
    assert {square_name(s) for r in west_east for s in r} == {"f7"}  # lemonade by f8
    assert {square_name(s) for r in north_south for s in r} == {"i10"}  # beer by h10


def test_buyer_route_makes_no_u_turn() -> None:
    # Tile S alone: a crossing at c3; soft drink d1 by the dead end c1, beer a4 by a3.
    g = make_game(["S0"], 1)
    sets = g.grid.road_routes([(_node(g, "c3"), 0)], 0)
    names = {frozenset(square_name(s) for s in r) for r in sets}
    assert frozenset({"d1"}) in names and frozenset({"a4"}) in names
    # Both would need turning back at a dead end: not allowed (seed: no U-turns).
    assert frozenset({"d1", "a4"}) not in names


def test_zeppelin_flies_tile_to_tile_without_entering_a_tile_twice() -> None:
    g = make_game(MAP, 3)
    one_step = g.grid.air_routes([(0, 0)], 1)  # A, then B or E
    names = {frozenset(square_name(s) for s in r) for r in one_step}
    assert names == {frozenset(), frozenset({"b7"})}
    far = g.grid.air_routes([(0, 0)], 4)  # 5 tiles: A E P M + G or D is the richest
    best = max(far, key=len)
    assert {square_name(s) for s in best} == {"b7", "f7", "i10", "n7", "l9"}
    assert all(len(r) <= 5 for r in far)


def test_access_from_a_square_on_another_tile_costs_one_border() -> None:
    g = make_game(MAP, 3)
    # House 2's square b5 (tile A) touches road c5 on tile A and road b6 across the border.
    got = dict(g.grid.access([sq("b5")]))
    assert got[_node(g, "c5")] == 0
    assert got[_node(g, "b6")] == 1
