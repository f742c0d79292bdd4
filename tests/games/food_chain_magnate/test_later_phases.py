"""Payday, Marketing campaigns, Cleanup (seed phases 5–7) and milestone timing."""

from __future__ import annotations

import pytest

from games.core import IllegalMove
from games.food_chain_magnate import cleanup, marketing_phase
from games.food_chain_magnate.board import rect
from games.food_chain_magnate.model import Campaign, Phase
from games.food_chain_magnate.restructuring import reveal
from games.food_chain_magnate.rules import salary_due

from .scenario import demand, give, make_game, notations, play, restaurant, sq, stock, working

MAP = ["A0", "B0", "G0", "E0", "P0", "M0", "C0", "O0", "D0"]


def payday(g) -> None:  # type: ignore[no-untyped-def]
    working(g)
    for p in g.players:
        p.turn.done = True
    g.phase = Phase.PAYDAY
    g.steps[Phase.PAYDAY].enter(g)
    g.invalidate()


def busy(g, seat: int, marketeer: str, number: int, **kw) -> Campaign:  # type: ignore[no-untyped-def]
    (card,) = give(g, seat, marketeer)
    g.players[seat].cards.remove(card)
    g.players[seat].busy[number] = card
    camp = Campaign(number, kw.pop("kind", "billboard"), seat, card, **kw)
    g.campaigns[number] = camp
    if number in g.campaign_supply:
        g.campaign_supply.remove(number)
    for s in camp.squares:
        g.occupied[s] = f"campaign #{number}"
    return camp


# -- Payday ---------------------------------------------------------------------------------


def test_salary_for_every_salaried_card_including_busy_marketeers() -> None:
    g = make_game(MAP, 3)
    give(g, 0, "burger_cook", work=True)
    give(g, 0, "waitress", "junior_vp")
    busy(g, 0, "campaign_manager", 9, squares=(sq("b12"),), product="beer", remaining=2)
    g.players[0].cash = 40
    payday(g)
    assert salary_due(g, 0) == (15, 15)
    play(g, 0, "pay")
    assert g.players[0].cash == 25 and g.players[0].paid


def test_must_fire_until_salaries_can_be_paid() -> None:
    g = make_game(MAP, 3)
    give(g, 0, "burger_cook", "pizza_cook")
    g.players[0].cash = 5
    payday(g)
    with pytest.raises(IllegalMove, match=r"owe \$10 .* have \$5: fire"):
        play(g, 0, "pay")
    play(g, 0, "fire pizza_cook", "pay")
    assert g.players[0].cash == 0 and g.supply["pizza_cook"] == 6


def test_busy_marketeer_fired_only_when_unpayable_and_alone() -> None:
    """Seed phase 5: forced firing of a busy marketeer; its campaign stays."""
    g = make_game(MAP, 3)
    give(g, 0, "burger_cook")
    busy(g, 0, "campaign_manager", 9, squares=(sq("b12"),), product="beer", remaining=2)
    payday(g)
    with pytest.raises(IllegalMove, match="busy marketeer cannot be fired"):
        play(g, 0, "fire campaign_manager")
    play(g, 0, "fire burger_cook")
    assert "fire campaign_manager" in notations(g, 0)
    with pytest.raises(IllegalMove, match="fire a busy marketeer"):
        play(g, 0, "pay")
    play(g, 0, "fire campaign_manager", "pay")
    assert 9 in g.campaigns and not g.players[0].busy


def test_salary_cuts_never_below_zero() -> None:
    g = make_game(MAP, 3)
    give(g, 0, "burger_cook", "pizza_cook")
    g.players[0].milestones["first_train"] = 1  # −$15 against $10
    payday(g)
    assert salary_due(g, 0) == (10, 0)
    play(g, 0, "pay")
    assert g.players[0].cash == 0


def test_billboard_milestone_frees_marketeers_from_salary() -> None:
    g = make_game(MAP, 3)
    give(g, 0, "campaign_manager", "brand_manager", "burger_cook")
    g.players[0].milestones["first_billboard"] = 1
    assert salary_due(g, 0) == (5, 5)


def test_paying_twenty_claims_the_milestone_and_cfo_is_fired_with_100() -> None:
    g = make_game(MAP, 3)
    give(g, 0, *["burger_cook"] * 4)
    give(g, 0, "cfo")
    g.players[0].cash = 100
    g.players[0].milestones["first_have_100"] = 1
    payday(g)
    assert "cfo" not in [c.kind for c in g.players[0].cards]
    events = play(g, 0, "pay")
    assert g.players[0].cash == 80 and g.players[0].has("first_pay_20")
    assert any("first to pay $20" in e.lower() for e in events)


def test_no_payday_in_the_intro_game() -> None:
    g = make_game(MAP, 3, intro=True)
    give(g, 0, "burger_cook")
    payday(g)
    assert g.steps[Phase.PAYDAY].is_done(g)


# -- Marketing campaigns ---------------------------------------------------------------------


def run(g) -> list[str]:  # type: ignore[no-untyped-def]
    g.phase = Phase.MARKETING
    return g.steps[Phase.MARKETING].enter(g)


def test_billboard_reaches_orthogonally_adjacent_houses() -> None:
    g = make_game(MAP, 3)
    busy(g, 0, "marketing_trainee", 14, squares=rect(sq("c7"), 1, 2), product="burger", remaining=2)
    run(g)
    assert g.houses[8].demand == ["burger"]
    assert all(not h.demand for n, h in g.houses.items() if n != 8)
    assert g.campaigns[14].remaining == 1


def test_mailbox_reaches_its_block_bounded_by_roads_and_bridges() -> None:
    g = make_game(MAP, 3)
    busy(
        g,
        0,
        "campaign_manager",
        9,
        kind="mailbox",
        squares=(sq("g6"),),
        product="pizza",
        remaining=3,
    )
    busy(
        g,
        0,
        "campaign_manager",
        10,
        kind="mailbox",
        squares=(sq("i6"),),
        product="beer",
        remaining=3,
    )
    busy(
        g,
        0,
        "campaign_manager",
        7,
        kind="mailbox",
        squares=rect(sq("b13"), 1, 1),
        product="burger",
        remaining=3,
    )
    run(g)
    assert g.houses[8].demand == ["pizza"]  # through E's empty squares west of P
    assert g.houses[5].demand == ["burger"]  # inside C's ring road
    assert not any("beer" in h.demand for h in g.houses.values())  # i6: no house in its block


def test_airplane_reaches_houses_in_its_rows_or_columns() -> None:
    g = make_game(MAP, 3)
    busy(
        g,
        0,
        "brand_manager",
        4,
        kind="airplane",
        axis="row",
        lines=(7,),
        product="beer",
        remaining=1,
    )
    busy(
        g,
        0,
        "brand_manager",
        5,
        kind="airplane",
        axis="col",
        lines=(8, 9, 10),
        product="pizza",
        remaining=1,
    )
    run(g)
    assert g.houses[8].demand == ["beer"]
    assert g.houses[4].demand == ["pizza"] and g.houses[12].demand == ["pizza"]


def test_radio_reaches_its_tile_and_the_eight_around_with_milestone_two() -> None:
    g = make_game(MAP, 3)
    busy(
        g, 0, "brand_director", 1, kind="radio", squares=(sq("d1"),), product="burger", remaining=2
    )
    g.houses[4].demand = ["beer", "beer"]
    g.players[0].milestones["first_radio"] = 1
    run(g)
    assert g.houses[2].demand == ["burger", "burger"]  # tile A
    assert g.houses[8].demand == ["burger", "burger"]  # tile E
    assert g.houses[4].demand == ["beer", "beer", "burger"]  # cap 3
    assert not g.houses[12].demand and not g.houses[5].demand  # tiles G and C are 2 away


def test_campaigns_run_in_number_order_up_to_the_cap() -> None:
    g = make_game(MAP, 3)
    g.houses[8].demand = ["beer", "beer"]
    busy(g, 0, "marketing_trainee", 14, squares=rect(sq("c7"), 1, 2), product="pizza", remaining=2)
    busy(g, 1, "marketing_trainee", 13, squares=rect(sq("b8"), 2, 1), product="burger", remaining=2)
    run(g)
    assert g.houses[8].demand == ["beer", "beer", "burger"]  # #13 first; #14 finds it full


def test_garden_house_holds_five() -> None:
    g = make_game(MAP, 3)
    g.houses[8].garden = (sq("b8"), sq("b9"))
    g.houses[8].demand = ["beer"] * 4
    busy(g, 0, "marketing_trainee", 14, squares=rect(sq("c7"), 1, 2), product="pizza", remaining=2)
    run(g)
    assert g.houses[8].demand == ["beer"] * 4 + ["pizza"]


def test_finished_campaign_returns_tile_and_marketeer_eternal_stays() -> None:
    g = make_game(MAP, 3)
    camp = busy(
        g, 0, "marketing_trainee", 14, squares=rect(sq("c7"), 1, 2), product="pizza", remaining=1
    )
    busy(
        g,
        1,
        "marketing_trainee",
        11,
        squares=rect(sq("b12"), 2, 1),
        product="beer",
        remaining=1,
        eternal=True,
    )
    events = run(g)
    assert 14 not in g.campaigns and 14 in g.campaign_supply
    assert camp.marketeer in g.players[0].cards and not g.players[0].busy
    assert sq("c7") not in g.occupied
    assert g.campaigns[11].remaining == 1 and 11 in g.players[1].busy
    assert any("Campaign #14 ends" in e for e in events)


# -- Cleanup and milestones ------------------------------------------------------------------


def clean(g):  # type: ignore[no-untyped-def]
    g.phase = Phase.CLEANUP
    return g.steps[Phase.CLEANUP].enter(g)


def test_cleanup_throws_food_away_and_claims_the_freezer() -> None:
    g = make_game(MAP, 3)
    working(g)
    stock(g, 0, burger=2)
    clean(g)
    assert g.players[0].stock == {} and g.players[0].has("first_throw_away")
    assert "first_throw_away" not in g.milestones_left  # claimed this turn: out of the game


def test_freezer_keeps_ten_from_the_next_cleanup_and_the_player_chooses() -> None:
    g = make_game(MAP, 3)
    working(g)
    g.players[0].milestones["first_throw_away"] = g.turn - 1
    stock(g, 0, burger=8, beer=4)
    stock(g, 1, pizza=3)
    clean(g)
    assert g.to_act() == {0} and g.players[1].stock == {}
    play(g, 0, "discard beer", "discard burger")
    assert g.players[0].stock == {"burger": 7, "beer": 3}
    assert g.phase != Phase.CLEANUP and g.turn == 2


def test_coming_soon_restaurants_open_and_cards_come_home() -> None:
    g = make_game(MAP, 3)
    r = restaurant(g, 0, "f1", "se", open_=False)
    give(g, 0, "waitress", work=True)
    working(g)
    clean(g)
    assert r.open and not g.players[0].at_work


def test_same_turn_milestones_are_shared_then_leave_the_game() -> None:
    """Seed: several players may claim a milestone in the turn it is first claimed."""
    g = make_game(MAP, 3, seats=3)
    for seat in (0, 1):
        give(g, seat, "waitress")
        g.players[seat].pending = ["waitress"]
    events = reveal(g)
    assert g.players[0].has("first_waitress") and g.players[1].has("first_waitress")
    assert sum("First waitress" in e for e in events) == 2
    working(g)
    clean(g)
    give(g, 2, "waitress")
    g.players[2].pending = ["waitress"]
    reveal(g)
    assert not g.players[2].has("first_waitress")
    assert g.players[0].has("first_waitress")


def test_no_milestones_without_the_option() -> None:
    g = make_game(MAP, 3, milestones=False)
    give(g, 0, "waitress")
    g.players[0].pending = ["waitress"]
    reveal(g)
    assert not g.players[0].milestones


def test_cleanup_step_is_a_phase_between_marketing_and_restructuring() -> None:
    assert cleanup.Cleanup().next_phase(make_game(MAP, 3)) == Phase.RESTRUCTURING
    assert marketing_phase.MarketingPhase().next_phase(make_game(MAP, 3)) == Phase.CLEANUP


def test_demand_helper_and_restaurant_stay() -> None:
    g = make_game(MAP, 3)
    demand(g, 2, "beer")
    assert g.houses[2].demand == ["beer"]
