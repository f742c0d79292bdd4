"""Dinnertime (seed phase 4) and the bank breaking. Map as in test_map.py. Seat 0's
restaurant is at f1 (tile B, entrance g2), seat 1's at d1 (tile A, entrance d1). Distances:
house 4 (tile B) 0 for seat 0, 1 for seat 1; house 2 (tile A) 1 and 0."""

from __future__ import annotations

from games.food_chain_magnate import dinnertime
from games.food_chain_magnate.board import TILE_SIZE
from games.food_chain_magnate.model import House, Phase
from games.food_chain_magnate.rules import bank_pays, break_bank

from .scenario import demand, give, make_game, restaurant, stock, working

MAP = ["A0", "B0", "G0", "E0", "P0", "M0", "C0", "O0", "D0"]


def game(seats: int = 2, **kw: bool):  # type: ignore[no-untyped-def]
    g = make_game(MAP, 3, seats=seats, **kw)
    restaurant(g, 0, "f1", "se")
    restaurant(g, 1, "d1", "nw")
    return g


def dine(g) -> list[str]:  # type: ignore[no-untyped-def]
    working(g)
    g.phase = Phase.DINNERTIME
    return dinnertime.dinner(g)


def test_lowest_price_plus_distance_wins() -> None:
    g = game()
    demand(g, 4, "burger")
    stock(g, 0, burger=1)
    stock(g, 1, burger=1)
    events = dine(g)
    assert g.players[0].cash == 10 and g.players[1].cash == 0  # 10 + 0 against 10 + 1
    assert g.players[1].stock == {"burger": 1} and g.houses[4].demand == []
    assert any("House 4 wants 1 burger: eats at p1" in e and "p2 $10 + 1 = 11" in e for e in events)


def test_price_managers_change_the_unit_price() -> None:
    g = game()
    demand(g, 4, "burger")
    stock(g, 0, burger=1)
    stock(g, 1, burger=1)
    give(g, 0, "luxuries_manager", work=True)  # 20 + 0
    give(g, 1, "pricing_manager", "discount_manager", work=True)  # 6 + 1
    dine(g)
    assert (g.players[0].cash, g.players[1].cash) == (0, 6)


def test_tie_goes_to_more_waitresses_then_turn_order() -> None:
    g = game()
    demand(g, 4, "burger")
    stock(g, 0, burger=1)
    stock(g, 1, burger=1)
    give(g, 1, "pricing_manager", work=True)  # 9 + 1 = 10, as seat 0's 10 + 0
    give(g, 1, "waitress", work=True)
    events = dine(g)
    assert g.players[1].cash == 9 + 3  # the sale and the waitress
    assert any("tie broken by waitresses" in e for e in events)
    g = game()
    g.order = [1, 0]
    demand(g, 4, "burger")
    stock(g, 0, burger=1)
    stock(g, 1, burger=1)
    give(g, 1, "pricing_manager", work=True)
    events = dine(g)
    assert g.players[1].cash == 9
    assert any("tie broken by turn order" in e for e in events)


def test_a_restaurant_must_serve_the_whole_demand() -> None:
    g = game()
    demand(g, 4, "burger", "beer")
    stock(g, 0, burger=3)
    stock(g, 1, burger=1, beer=1)
    dine(g)
    assert g.players[0].cash == 0 and g.players[1].cash == 20


def test_nobody_able_leaves_the_demand() -> None:
    g = game()
    demand(g, 4, "pizza", "pizza")
    stock(g, 0, pizza=1)
    events = dine(g)
    assert g.houses[4].demand == ["pizza", "pizza"]
    assert any("stays home (p1 lacks 1 pizza; p2 lacks 2 pizzas)" in e for e in events)


def test_houses_go_out_in_number_order() -> None:
    g = game()
    demand(g, 2, "burger")  # seat 1 is nearer
    demand(g, 4, "burger")  # seat 0 is nearer
    stock(g, 1, burger=2)
    dine(g)
    assert g.players[1].cash == 20  # served house 2 first, then house 4 (only able)
    demand(g, 2, "burger")
    demand(g, 4, "burger")
    stock(g, 0, burger=1)
    stock(g, 1, burger=0)
    dine(g)
    assert g.players[0].cash == 10 and g.houses[2].demand == []  # house 2 took it (distance 1)


def test_adjacent_entrance_without_a_road_is_not_connected() -> None:
    """FAQ: a restaurant entrance right next to a house is not connected; roads are needed.
    (A synthetic road-less house beside a drive-in restaurant on tile D alone.)"""
    g = make_game(["D0"], 1)
    restaurant(g, 0, "a4", "nw")  # a4–b5, entrance a4 next to the road a3
    give(g, 0, "local_manager", work=True)  # drive-in: b4 and b5 are entrances too
    g.houses[1] = House(1, ((3, 2), (3, 3), (4, 2), (4, 3)), printed=False)
    demand(g, 1, "burger")
    stock(g, 0, burger=1)
    events = dine(g)
    assert g.players[0].cash == 0
    assert any(
        "House 1 wants 1 burger: stays home (no restaurant is connected" in e for e in events
    )


def test_drive_in_counts_distance_from_the_nearest_corner() -> None:
    """Seed phase 3 "6.": with a local/regional manager at work every corner is an entrance.
    Seat 1's restaurant e1–f2 straddles tiles A and B; its entrance e2 touches road e3 on A
    (house 4 on B is 1 away); the drive-in corner f2 touches f3 on B (0 away)."""
    for drive_in, winner in ((False, 0), (True, 1)):
        g = make_game(MAP, 3)
        g.order = [1, 0]
        restaurant(g, 0, "i4", "nw")  # tile B, 0 from house 4
        restaurant(g, 1, "e1", "sw")
        if drive_in:
            give(g, 1, "local_manager", work=True)
        demand(g, 4, "burger")
        stock(g, 0, burger=1)
        stock(g, 1, burger=1)
        dine(g)
        assert g.players[winner].cash == 10 and g.players[1 - winner].cash == 0


def test_garden_doubles_the_price_but_not_the_bonuses() -> None:
    """Rulebook example quoted in fcm_data: luxuries manager, burger marketed, garden house
    buying 1 burger + 2 beers: 2×$20 + $5 and 2 × (2×$20) = $125."""
    g = game()
    h = g.houses[4]
    h.garden = ((2, 8), (2, 9))  # (the squares are road; only the garden flag matters here)
    demand(g, 4, "burger", "beer", "beer")
    stock(g, 0, burger=1, beer=2)
    give(g, 0, "luxuries_manager", work=True)
    g.players[0].milestones["first_burger_marketed"] = 0
    dine(g)
    assert g.players[0].cash == 125


def test_waitresses_and_cfo_rounded_up() -> None:
    """Deluxe example: pricing manager, garden house buys a pizza with "first pizza marketed"
    ($9 × 2 + $5 = $23), 2 waitresses +$6 = $29, CFO +50% rounded up (+$15) = $44."""
    g = game()
    g.houses[4].garden = ((2, 8), (2, 9))
    demand(g, 4, "pizza")
    stock(g, 0, pizza=1)
    give(g, 0, "pricing_manager", "waitress", "waitress", "cfo", work=True)
    g.players[0].milestones["first_pizza_marketed"] = 0
    events = dine(g)
    assert g.players[0].cash == 44
    assert any("CFO adds 50% of $29 (rounded up): $15" in e for e in events)


def test_first_waitress_milestone_pays_five() -> None:
    g = game()
    give(g, 0, "waitress", "waitress", work=True)
    g.players[0].milestones["first_waitress"] = 1
    dine(g)
    assert g.players[0].cash == 10


def test_hundred_dollar_milestone_makes_the_ceo_a_cfo_from_next_turn() -> None:
    g = game()
    g.players[0].cash = 95
    give(g, 0, "waitress", "waitress", work=True)  # +6 → 101
    dine(g)
    assert g.players[0].cash == 101 and g.players[0].has("first_have_100")
    g.turn += 1
    dine(g)
    assert g.players[0].cash == 101 + 6 + 3  # waitresses + 50% rounded up


def test_first_break_reveals_reserves_and_sets_ceo_slots() -> None:
    """Seed phase 4: reveal, add the total, CEO slots = most frequent (ties: higher)."""
    g = game()
    g.players[0].reserve, g.players[1].reserve = 100, 300
    g.bank = 20
    demand(g, 4, "burger", "burger", "burger")
    stock(g, 0, burger=3)
    barrier = g.undo_barrier()
    g.moves_applied = 5
    events = dine(g)
    assert g.players[0].cash == 30 and g.bank == 20 + 400 - 30
    assert g.breaks == 1 and g.reserve_revealed and not g.ending
    assert g.next_ceo_slots == 4  # one 2 and one 4: the higher
    assert g.view(1).players[0].reserve == 100
    assert g._reveal_now and barrier == 0  # the move that ran this marks revealed info
    assert any("revealed (p1 $100, p2 $300)" in e for e in events)
    g3 = make_game(MAP, 3, seats=3)
    for p, r in zip(g3.players, (100, 100, 300), strict=True):
        p.reserve = r
    break_bank(g3, [])
    assert g3.next_ceo_slots == 2


def test_bank_breaks_only_when_it_runs_short() -> None:
    """Seed: the bank breaks when its money is not enough (an exact $0 is not a break)."""
    g = game()
    g.bank = 10
    bank_pays(g, 0, 10, [])
    assert g.bank == 0 and g.breaks == 0
    bank_pays(g, 0, 1, [])
    assert g.breaks == 1


def test_second_break_finishes_dinnertime_then_ends_the_game() -> None:
    g = game()
    g.breaks = 1
    g.reserve_revealed = True
    g.bank = 5
    demand(g, 2, "burger")
    demand(g, 4, "burger")
    stock(g, 0, burger=1)
    stock(g, 1, burger=1)
    give(g, 1, "waitress", work=True)
    dine(g)
    assert g.ending
    assert (g.players[0].cash, g.players[1].cash) == (10, 13)  # all income still paid
    assert g.bank == 5 - 23
    g.phase = Phase.DINNERTIME
    assert g.steps[Phase.DINNERTIME].next_phase(g) is None
    g.end_game()
    out = g.outcome()
    assert out is not None and out.winners == frozenset({1})
    g.players[0].cash = 13
    g.end_game()
    assert g.outcome().winners == frozenset({0})  # type: ignore[union-attr]  # tie: turn order


def test_intro_game_ends_at_the_first_break() -> None:
    g = game(intro=True)
    g.bank = 5
    demand(g, 4, "burger")
    stock(g, 0, burger=1)
    dine(g)
    assert g.ending and g.breaks == 1 and g.bank == -5


def test_have_20_milestone_lets_its_holder_see_the_reserve_cards() -> None:
    g = game()
    g.players[0].reserve, g.players[1].reserve = 100, 300
    g.players[0].cash = 15
    give(g, 0, "waitress", "waitress", work=True)
    dine(g)
    assert g.players[0].has("first_have_20")
    assert g.view(0).reserve_peek == (100, 300)
    assert g.view(1).reserve_peek is None and g.view(None).reserve_peek is None
    assert g.view(0).players[1].reserve is None  # the secret's own place stays hidden


def test_tiles_are_five_squares() -> None:
    assert TILE_SIZE == 5
