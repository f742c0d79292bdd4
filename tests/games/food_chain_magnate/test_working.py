"""Working 9–5 (seed phase 3): recruit, train, marketing, food and drinks, houses and gardens,
restaurants, and their order. Map as in test_map.py; seat 0's restaurant stands at f1 (tile B)
with its entrance at g2, next to the road h2. Road ranges from it: B 0; A, G, P 1; E, O 2; C, D
3; M 4."""

from __future__ import annotations

import pytest

from games.core import IllegalMove
from games.food_chain_magnate.model import Phase

from .scenario import give, kinds, make_game, notations, play, restaurant, working

MAP = ["A0", "B0", "G0", "E0", "P0", "M0", "C0", "O0", "D0"]


def game(*cards: str, seat: int = 0):  # type: ignore[no-untyped-def]
    g = make_game(MAP, 3)
    restaurant(g, 0, "f1", "se")
    give(g, seat, *cards, work=True)
    working(g)
    return g


# -- 1. recruit ------------------------------------------------------------------------------


def test_ceo_recruits_one_entry_level_card_to_the_beach() -> None:
    g = game()
    recruits = [n for n in notations(g, 0) if n.startswith("recruit")]
    assert sorted(recruits) == sorted(
        f"recruit {k}"
        for k in (
            "waitress",
            "management_trainee",
            "pricing_manager",
            "recruiting_girl",
            "trainer",
            "errand_boy",
            "marketing_trainee",
            "kitchen_trainee",
        )
    )
    play(g, 0, "recruit waitress")
    p = g.players[0]
    assert kinds(p.cards) == ["waitress"] and not p.at_work
    with pytest.raises(IllegalMove, match="no recruiting actions left"):
        play(g, 0, "recruit trainer")


def test_only_entry_level_cards_are_recruited() -> None:
    g = game()
    with pytest.raises(IllegalMove, match="trained from a kitchen trainee"):
        play(g, 0, "recruit burger_cook")


def test_recruit_and_train_at_once_only_when_the_pile_is_empty() -> None:
    """Seed phase 3 "1.": an empty pile may be hired if trained at once."""
    g = game("trainer")
    with pytest.raises(IllegalMove, match="still has a kitchen trainee"):
        play(g, 0, "recruit kitchen_trainee as burger_cook")
    g.supply["kitchen_trainee"] = 0
    g.invalidate()
    assert "recruit kitchen_trainee" not in notations(g, 0)
    assert "recruit kitchen_trainee as burger_cook" in notations(g, 0)
    assert "recruit kitchen_trainee as burger_chef" not in notations(g, 0)  # 2 steps
    play(g, 0, "recruit kitchen_trainee as burger_cook")
    assert kinds(g.players[0].beach_cards()) == ["burger_cook"]
    assert g.supply["kitchen_trainee"] == 0 and g.players[0].has("first_train")
    assert not g.players[0].turn.trainers  # the trainer's action is used


def test_hiring_three_in_a_turn_gives_two_management_trainees() -> None:
    g = game("recruiting_girl", "recruiting_girl")
    events = play(g, 0, "recruit waitress", "recruit waitress", "recruit trainer")
    assert g.players[0].has("first_hire_3")
    assert kinds(g.players[0].beach_cards()).count("management_trainee") == 2
    assert any("2 management trainees" in e for e in events)


def test_unused_recruiting_manager_actions_cut_salary() -> None:
    """Seed phase 5: unused recruit actions of multi-recruit cards, $5 each."""
    g = game("recruiting_manager")
    play(g, 0, "recruit waitress", "done")  # the CEO's action is used first
    assert g.players[0].turn.unused_discounts == 2


# -- 2. train --------------------------------------------------------------------------------


def test_trainer_trains_a_beach_card_one_step() -> None:
    g = game("trainer")
    give(g, 0, "kitchen_trainee")  # on the beach
    give(g, 0, "marketing_trainee", work=True)
    assert "train kitchen_trainee burger_cook" in notations(g, 0)
    with pytest.raises(IllegalMove, match="at work or busy"):
        play(g, 0, "train marketing_trainee campaign_manager")
    with pytest.raises(IllegalMove, match="2 training steps"):
        play(g, 0, "train kitchen_trainee burger_chef")
    play(g, 0, "train kitchen_trainee pizza_cook")
    assert "pizza_cook" in kinds(g.players[0].cards)
    assert g.players[0].has("first_train")
    assert g.supply["kitchen_trainee"] == 12 and g.supply["pizza_cook"] == 5


def test_a_card_is_trained_once_a_turn_without_the_salary_milestone() -> None:
    g = game("trainer", "trainer")
    give(g, 0, "management_trainee")
    play(g, 0, "train management_trainee junior_vp")
    with pytest.raises(IllegalMove, match="trained this turn already"):
        play(g, 0, "train junior_vp vice_president")


def test_salary_milestone_lets_trainers_stack_on_one_card() -> None:
    """Milestone "first to pay $20 or more in salaries"."""
    g = game("trainer", "trainer")
    give(g, 0, "management_trainee")
    g.players[0].milestones["first_pay_20"] = 0
    g.invalidate()
    assert "train management_trainee vice_president" in notations(g, 0)
    play(g, 0, "train management_trainee junior_vp", "train junior_vp vice_president")
    assert kinds(g.players[0].cards) == ["trainer", "trainer", "vice_president"]


def test_coach_puts_two_steps_on_one_card_past_an_empty_pile() -> None:
    """Seed: multi-step trainers skip cards missing from the supply on the way."""
    g = game("coach")
    give(g, 0, "kitchen_trainee", "errand_boy")
    g.supply["burger_cook"] = 0
    g.invalidate()
    assert "train kitchen_trainee burger_cook" not in notations(g, 0)
    play(g, 0, "train kitchen_trainee burger_chef")
    assert "burger_chef" in kinds(g.players[0].cards)
    assert not g.players[0].turn.trainers  # both actions spent


def test_coach_may_split_its_steps_over_two_cards() -> None:
    g = game("coach")
    give(g, 0, "kitchen_trainee", "errand_boy")
    play(g, 0, "train kitchen_trainee burger_cook", "train errand_boy cart_operator")
    assert kinds(g.players[0].cards) == ["burger_cook", "cart_operator", "coach"]


def test_actions_follow_the_seed_order() -> None:
    g = game("trainer", "recruiting_girl")
    give(g, 0, "kitchen_trainee")
    play(g, 0, "recruit waitress", "train kitchen_trainee burger_cook")
    with pytest.raises(IllegalMove, match="moved on to training; recruiting comes earlier"):
        play(g, 0, "recruit waitress")


# -- 3. marketing ---------------------------------------------------------------------------


def test_marketing_trainee_billboard_road_range_and_connection() -> None:
    g = game("marketing_trainee")
    # Tile A (range 1), touching road c1: legal.
    assert "campaign marketing_trainee billboard 14 d1" in notations(g, 0)
    # Tile G (range 1) but touching only G's north–south road, not connected to us.
    with pytest.raises(IllegalMove, match="connected to one of your restaurants"):
        play(g, 0, "campaign marketing_trainee billboard 14 n1")
    # Tile C is 3 tiles away by road.
    with pytest.raises(IllegalMove, match=r"within road range 2.*3 tiles away"):
        play(g, 0, "campaign marketing_trainee billboard 13 b14")
    with pytest.raises(IllegalMove, match="places only billboard"):
        play(g, 0, "campaign marketing_trainee mailbox 7 b14")


def test_campaign_manager_range_three_and_mailbox() -> None:
    g = game("campaign_manager")
    assert "campaign campaign_manager billboard 13 b14" in notations(g, 0)
    assert "campaign campaign_manager mailbox 9 b14" in notations(g, 0)


def test_brand_manager_needs_no_road_and_places_airplanes() -> None:
    """Seed: brand manager/director range is unlimited and needs no road next to it."""
    g = game("brand_manager", "campaign_manager")
    with pytest.raises(IllegalMove, match="touch a road"):
        play(g, 0, "campaign campaign_manager billboard 14 l15")
    assert "campaign brand_manager billboard 14 l15" in notations(g, 0)
    assert "campaign brand_manager airplane 6 col-k" in notations(g, 0)
    with pytest.raises(IllegalMove, match="covers 5 rows or columns"):
        play(g, 0, "campaign brand_manager airplane 6 col-l")


def test_radio_must_touch_a_road() -> None:
    g = game("brand_director")
    assert "campaign brand_director radio 1 o9" in notations(g, 0)
    with pytest.raises(IllegalMove, match="radio campaign must be placed next to a road"):
        play(g, 0, "campaign brand_director radio 1 n9")


def test_airplanes_may_stack_on_the_same_lines() -> None:
    """Seed: a third airplane over the same rows may sit on top of another."""
    g = game("brand_manager", "brand_manager")
    play(g, 0, "campaign brand_manager airplane 6 row-1", "advertise burger 4")
    play(g, 0, "campaign brand_manager airplane 5 row-1", "advertise pizza 4")
    assert g.campaigns[6].lines == (0, 1, 2, 3, 4) and g.campaigns[5].lines == (0, 1, 2)


def test_campaign_then_product_and_duration_and_busy_marketeer() -> None:
    g = game("marketing_trainee")
    events = play(g, 0, "campaign marketing_trainee billboard 14 d1")
    assert g.players[0].has("first_billboard")
    assert any("First billboard" in e for e in events)
    assert set(notations(g, 0)) >= {"advertise burger 2", "advertise soft_drink eternal"}
    with pytest.raises(IllegalMove, match="advertises and for how long"):
        play(g, 0, "done")
    with pytest.raises(IllegalMove, match="1 to 2 turns"):
        play(g, 0, "advertise burger 3")
    play(g, 0, "advertise burger 2")
    assert g.players[0].has("first_burger_marketed")
    camp = g.campaigns[14]
    assert (camp.product, camp.remaining, camp.eternal) == ("burger", 2, False)
    assert g.players[0].busy == {14: camp.marketeer}
    assert "marketing_trainee" not in kinds(g.players[0].cards)
    assert 14 not in g.campaign_supply


def test_eternal_campaign_needs_the_billboard_milestone() -> None:
    g = game("campaign_manager")
    play(g, 0, "campaign campaign_manager mailbox 9 b14")
    with pytest.raises(IllegalMove, match="first billboard placed"):
        play(g, 0, "advertise beer eternal")
    play(g, 0, "advertise beer 3")
    assert g.players[0].has("first_drink_marketed")


# -- 4. food and drinks ---------------------------------------------------------------------


def test_kitchen_staff_cook_and_first_burger_brings_a_cook() -> None:
    g = game("kitchen_trainee", "burger_cook")
    with pytest.raises(IllegalMove, match="burger or pizza"):
        play(g, 0, "cook kitchen_trainee")
    play(g, 0, "cook kitchen_trainee pizza", "cook burger_cook")
    p = g.players[0]
    assert p.stock == {"pizza": 1, "burger": 3}
    assert p.has("first_pizza_produced") and p.has("first_burger_produced")
    assert kinds(p.beach_cards()) == ["burger_cook", "pizza_cook"]


def test_errand_boy_one_drink_two_with_milestone() -> None:
    g = game("errand_boy", "errand_boy")
    play(g, 0, "buy errand_boy lemonade")
    g.players[0].milestones["first_errand_boy"] = 0
    play(g, 0, "buy errand_boy beer")
    assert g.players[0].stock == {"lemonade": 1, "beer": 2}


def test_cart_operator_routes_and_drinks_per_source() -> None:
    """Range 2 from f1: south over P (beer i10) into O (beer g11), or west to E (beer b7)."""
    g = game("cart_operator")
    buys = sorted(n for n in notations(g, 0) if n.startswith("buy"))
    assert buys == [
        "buy cart_operator b7",
        "buy cart_operator i10",
        "buy cart_operator i10 g11",
    ]
    with pytest.raises(IllegalMove, match="No route"):
        play(g, 0, "buy cart_operator b7 i10")
    play(g, 0, "buy cart_operator I10 G11")  # any case and order
    assert g.players[0].stock == {"beer": 4}


def test_first_cart_operator_milestone_adds_range() -> None:
    """Soft drink l9 (tile M) is 4 borders away: B P O D M."""
    g = game("truck_driver")
    assert not any("l9" in n for n in notations(g, 0))
    g.players[0].milestones["first_cart_operator"] = 0
    g.invalidate()
    assert "buy truck_driver l9 i10 g11" in notations(g, 0)
    play(g, 0, "buy truck_driver l9 i10 g11")
    assert g.players[0].stock == {"soft_drink": 3, "beer": 6}


def test_zeppelin_collects_every_symbol_on_the_tiles_it_enters() -> None:
    g = game("zeppelin_pilot")
    assert "buy zeppelin_pilot b7 f7 n7 l9 i10" in notations(g, 0)  # B A E P M
    play(g, 0, "buy zeppelin_pilot f7 n7 l9 i10 g11")
    assert g.players[0].stock == {"lemonade": 4, "soft_drink": 2, "beer": 4}


# -- 5. houses and gardens ------------------------------------------------------------------


def test_new_house_on_empty_squares_next_to_a_road() -> None:
    g = game("new_business_developer")
    play(g, 0, "house 1 k14 e")  # house k14–l15, garden m14–m15; k14 touches road k13
    h = g.houses[1]
    assert h.garden == ((13, 12), (14, 12)) and not h.printed
    assert 1 not in g.house_supply


def test_new_house_refusals() -> None:
    g = game("new_business_developer")
    with pytest.raises(IllegalMove, match="not empty: it holds a road"):
        play(g, 0, "house 1 a14 e")
    with pytest.raises(IllegalMove, match="stick out of the map"):
        play(g, 0, "house 1 n14 e")


def test_garden_may_cross_a_tile_edge() -> None:
    """House 10 (tile F, below tile L) gets a garden on tile L's empty squares."""
    g = make_game(["L0", "F0"], 1)
    give(g, 0, "new_business_developer", "new_business_developer", work=True)
    working(g)
    play(g, 0, "garden 10 n")
    assert g.houses[10].garden == ((4, 0), (4, 1))
    assert g.gardens_left == 7
    with pytest.raises(IllegalMove, match="already has a garden"):
        play(g, 0, "garden 10 s")


# -- 6. restaurants --------------------------------------------------------------------------


def test_local_manager_places_coming_soon_within_range_three() -> None:
    g = game("local_manager")
    with pytest.raises(IllegalMove, match="within road range 3"):
        play(g, 0, "place restaurant k6 sw by local_manager")  # tile M: 4 away
    play(g, 0, "place restaurant k14 nw by local_manager")  # tile D: 3 away
    r = g.restaurants[-1]
    assert not r.open and r.index == 2


def test_regional_manager_places_open_anywhere_or_moves() -> None:
    g = game("regional_manager")
    assert "place restaurant k6 sw by regional_manager" in notations(g, 0)
    play(g, 0, "move restaurant 1 f1 sw")  # turn it where it stands
    assert g.restaurants[0].corner == "sw"
    assert g.phase == Phase.WORKING


def test_drive_in_makes_every_corner_an_entrance() -> None:
    """Seed: with a local/regional manager at work restaurants have drive-ins; FAQ: a
    restaurant across a tile edge can then have two tiles at range 0."""
    from games.food_chain_magnate.rules import chain_reach

    g = make_game(MAP, 3)
    r = restaurant(g, 0, "d1", "nw")  # d1–e2 on tile A; entrance d1
    give(g, 0, "waitress", work=True)
    working(g)
    assert chain_reach(g, 0)[1][(0, 1)] == 1
    assert g.view(None).restaurants[0].drive_in is False
    g2 = make_game(MAP, 3)
    restaurant(g2, 0, "e1", "nw")  # e1–f2 across the A/B edge
    give(g2, 0, "local_manager", work=True)
    working(g2)
    ranges = chain_reach(g2, 0)[1]
    assert ranges[(0, 0)] == 0 and ranges[(0, 1)] == 0
    assert r.squares == ((0, 3), (0, 4), (1, 3), (1, 4))


# -- browsing and defaults -------------------------------------------------------------------


def test_placements_are_browsed_word_by_word_with_legal_squares_only() -> None:
    g = game("marketing_trainee")
    top = {c.notation: c.count for c in g.choices(0, "")}
    assert {"recruit", "campaign", "done"} <= set(top)
    squares = g.choices(0, "campaign marketing_trainee billboard 14 ")
    words = {c.notation.split()[-1] for c in squares}
    assert "d1" in words and "b14" not in words  # b14 (tile C) is 3 tiles away by road
    # n1–o1 touches only an unconnected road; turned (n1–n2) it touches row 3: legal.
    at_n1 = g.choices(0, "campaign marketing_trainee billboard 14 n1 ")
    assert [(c.notation, c.complete) for c in at_n1] == [
        ("campaign marketing_trainee billboard 14 n1 tall", True)
    ]
    for c in squares:
        if c.complete:
            assert g.refusal(0, g.parse_move(0, c.notation)) is None


def test_default_moves_are_safe() -> None:
    g = game("marketing_trainee")
    assert g.default_move(0).notation == "done"
    play(g, 0, "campaign marketing_trainee billboard 14 d1")
    assert g.default_move(0).notation.startswith("advertise ")
