"""The ``normal`` AI's marketing (issue 21): a campaign is valued by the demand it creates at
houses the chain can serve, so the kind follows the map. Map as in test_working.py (3 x 3
tiles, houses 2, 4, 5, 7, 8 and 12); seat 0's restaurant stands at f1, nearest to houses 4, 2
and 12."""

from __future__ import annotations

from games.core import Rng
from games.food_chain_magnate import ai_marketing
from games.food_chain_magnate.ai_search import FcmPrior
from games.food_chain_magnate.data import components
from games.food_chain_magnate.game import FcmState
from games.food_chain_magnate.marketing import positions
from games.food_chain_magnate.model import MARKETING
from games.food_chain_magnate.moves import PlaceCampaign
from games.food_chain_magnate.rules import emp

from .scenario import demand, give, make_game, restaurant, working
from .test_working import MAP


def marketing_game(*cards: str) -> FcmState:
    g = make_game(MAP, 3)
    restaurant(g, 0, "f1", "se")
    give(g, 0, *cards, work=True)
    working(g)
    g.players[0].turn.sub = MARKETING
    return g


def best_of_kind(g: FcmState, marketeer: str, kind: str) -> float:
    """The best gain of a ``kind`` campaign ``marketeer`` could place (any tile, any spot)."""
    e = emp(marketeer)
    products = FcmPrior()._products(g, 0)
    best = float("-inf")
    for number in sorted(g.campaign_supply):
        d = components().campaigns[number]
        if d.kind != kind:
            continue
        for where, tall in positions(g, 0, e, d):
            houses = ai_marketing.campaign_houses(g, 0, d, where, tall)
            duration = ai_marketing.duration_of(g, 0, marketeer, kind)
            best = max(best, ai_marketing.best_product(g, 0, houses, kind, duration, products)[0])
    return best


def test_radio_is_chosen_when_the_houses_we_serve_are_in_its_zone() -> None:
    """A brand director with a burger chef behind it: the radio reaches every house of the
    small map, two tokens each with the "first radio" milestone, so it beats any airplane,
    mailbox or billboard."""
    g = marketing_game("brand_director", "burger_chef")
    move = FcmPrior().choose(g, 0, Rng(1))
    assert isinstance(move, PlaceCampaign) and move.kind == "radio", move
    radio = best_of_kind(g, "brand_director", "radio")
    for kind in ("airplane", "mailbox", "billboard"):
        assert radio > best_of_kind(g, "brand_director", kind), kind


def test_brand_manager_flies_an_airplane_over_the_lines_of_its_houses() -> None:
    """No radio for a brand manager: the widest airplane reaches three houses (ours alone:
    no rival restaurant), worth more than a billboard or mailbox at one house."""
    g = marketing_game("brand_manager", "burger_chef")
    move = FcmPrior().choose(g, 0, Rng(1))
    assert isinstance(move, PlaceCampaign) and move.kind == "airplane", move
    houses = ai_marketing.campaign_houses(
        g, 0, components().campaigns[move.number], move.where, move.tall
    )
    assert len(houses) >= 3
    for kind in ("mailbox", "billboard"):
        assert best_of_kind(g, "brand_manager", "airplane") > best_of_kind(g, "brand_manager", kind)


def test_a_full_house_adds_nothing() -> None:
    """House 12 already holds 3 demand tokens (the cap without a garden): a campaign reaching
    it and house 4 is worth what one reaching house 4 alone is."""
    g = marketing_game("brand_director", "burger_chef")
    demand(g, 12, "burger", "burger", "burger")
    g.invalidate()
    full, free = g.houses[12], g.houses[4]
    assert ai_marketing.campaign_gain(g, 0, [full], "airplane", "burger", 4) == 0
    both = ai_marketing.campaign_gain(g, 0, [full, free], "airplane", "burger", 4)
    assert both == ai_marketing.campaign_gain(g, 0, [free], "airplane", "burger", 4) > 0


def test_campaign_gain_counts_against_a_rival_who_wins_the_houses() -> None:
    """A rival restaurant nearer houses 5 and 8 (and cooking burgers) takes them: a burger
    campaign there feeds the rival and is worth less than nothing to us."""
    g = marketing_game("brand_director", "burger_chef")
    restaurant(g, 1, "b10", "ne")
    give(g, 1, "burger_cook", work=True)
    g.invalidate()
    houses = [g.houses[5], g.houses[8]]
    assert all(ai_marketing.house_share(g, 0, h, "burger").get(1, 0) > 0.5 for h in houses)
    assert ai_marketing.campaign_gain(g, 0, houses, "billboard", "burger", 3) < 0
    ours = [g.houses[4]]
    assert ai_marketing.campaign_gain(g, 0, ours, "billboard", "burger", 3) > 0


def test_campaign_gain_is_capped_by_what_the_chain_can_sell() -> None:
    """One kitchen trainee makes one burger a turn: a campaign over three houses is worth
    no more than one house's token a turn; a burger chef (8 a turn) sells all three."""
    small = marketing_game("brand_director", "kitchen_trainee")
    big = marketing_game("brand_director", "burger_chef")
    for g in (small, big):
        g.houses[4].demand = []
    three = [4, 12, 2]
    one = ai_marketing.campaign_gain(small, 0, [small.houses[4]], "airplane", "burger", 4)
    capped = ai_marketing.campaign_gain(
        small, 0, [small.houses[n] for n in three], "airplane", "burger", 4
    )
    assert capped == one
    assert ai_marketing.campaign_gain(
        big, 0, [big.houses[n] for n in three], "airplane", "burger", 4
    ) > 2 * ai_marketing.campaign_gain(big, 0, [big.houses[4]], "airplane", "burger", 4)
