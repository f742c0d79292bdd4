"""Placement lists (used by ``legal_moves`` and as the refusal fast path) agree with the full
placement checks square by square, in real mid-game positions."""

from __future__ import annotations

from games.core import Rng, start
from games.food_chain_magnate import SPEC, houses, marketing, restaurants
from games.food_chain_magnate.board import CORNERS, SIDES, rect, square_name
from games.food_chain_magnate.data import components
from games.food_chain_magnate.model import Phase
from games.food_chain_magnate.rules import emp


def _mid_game(seats: int, seed: int, turn: int):  # type: ignore[no-untyped-def]
    _, g = start(SPEC, {}, seats, seed)
    rng = Rng(seed)
    while not (g.turn >= turn and g.phase == Phase.WORKING):
        seat = min(g.to_act())
        g.apply(seat, SPEC.ai.choose(g, seat, rng))  # type: ignore[union-attr]
    return g


def test_campaign_positions_match_the_full_check() -> None:
    g = _mid_game(3, 4, 5)
    for seat in range(g.n_seats):
        for kind in ("marketing_trainee", "campaign_manager", "brand_director"):
            e = emp(kind)
            for d in components().campaigns.values():
                if d.kind == "airplane" or d.kind not in e.campaign_types:
                    continue
                fast = set(marketing.positions(g, seat, e, d))
                for tall in (False, True) if d.width != d.height else (False,):
                    h, w = marketing.footprint(d, tall)
                    for r in range(g.grid.height - h + 1):
                        for c in range(g.grid.width - w + 1):
                            ok = marketing.board_refusal(g, seat, e, d, rect((r, c), h, w)) is None
                            assert ok == ((square_name((r, c)), tall) in fast), (
                                seat,
                                kind,
                                d,
                                r,
                                c,
                            )


def test_restaurant_and_house_spots_match_the_full_check() -> None:
    g = _mid_game(4, 8, 4)
    spots = set(houses.house_spots(g))
    for seat in range(g.n_seats):
        for mode in ("local", "regional"):
            fast = set(restaurants.placements(g, seat, mode=mode))
            for r in range(g.grid.height):
                for c in range(g.grid.width):
                    word = square_name((r, c))
                    for corner in CORNERS:
                        ok = restaurants.placement_refusal(g, seat, word, corner, mode=mode) is None
                        assert ok == ((word, corner) in fast), (seat, mode, word, corner)
    for r in range(g.grid.height):
        for c in range(g.grid.width):
            for side in SIDES:
                house, garden = houses.house_squares((r, c), side)
                squares = house + garden
                ok = all(g.grid.on_board(s) for s in squares) and (
                    houses._spot_refusal(g, squares) is None and g.grid.touches_road(squares)
                )
                assert ok == ((square_name((r, c)), side) in spots)
