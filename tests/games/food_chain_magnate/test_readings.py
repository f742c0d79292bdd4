"""Issue 19: the "first to have $100" fix and the readings of seed 000 that players disagree
on, each an option (docs/rules/food_chain_magnate.md "Readings and options"). Map as in
test_working.py; seat 0's restaurant at f1 (tile B), seat 1's at d1 (tile A)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.core import GameRecord, IllegalMove, InvalidOptions, replay
from games.food_chain_magnate import OPTIONS, SPEC, dinnertime, houses, marketing
from games.food_chain_magnate.game import V1_RULES, FcmState
from games.food_chain_magnate.model import Phase
from games.food_chain_magnate.view import FACE_DOWN

from .scenario import demand, give, make_game, notations, play, restaurant, stock, working

MAP = ["A0", "B0", "G0", "E0", "P0", "M0", "C0", "O0", "D0"]
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "food_chain_magnate"


def game(rival: bool = True, **options: object) -> FcmState:
    g = make_game(MAP, 3)
    g.options.update(options)
    restaurant(g, 0, "f1", "se")
    if rival:
        restaurant(g, 1, "d1", "nw")
    return g


def dine(g: FcmState) -> list[str]:
    working(g)
    g.phase = Phase.DINNERTIME
    return dinnertime.dinner(g)


# -- "first to have $100" ---------------------------------------------------------------------


def test_first_to_have_100_needs_more_than_100() -> None:
    # Seed マイルストーン:
    # 「フェイズ4:ディナータイムの終了時に所持金が$100を超えていれば獲得できる」.
    g = game()
    g.players[0].cash = 94
    give(g, 0, "waitress", "waitress", work=True)  # +6 → exactly 100
    dine(g)
    assert g.players[0].cash == 100 and not g.players[0].has("first_have_100")
    g.turn += 1
    dine(g)  # +6 → 106
    assert g.players[0].has("first_have_100")
    old = game()
    old.engine_version = 1  # version 1 gave it at exactly $100
    old.players[0].cash = 94
    give(old, 0, "waitress", "waitress", work=True)
    dine(old)
    assert old.players[0].has("first_have_100")


# -- CFO ------------------------------------------------------------------------------------


def test_cfo_on_the_total_or_on_each_payment() -> None:
    # Seed: 「そのプレイヤーが得たターン中の全収入に対して50%のボーナス(端数切り上げ)」 (the
    # total; Deluxe p27 the same); the translator's note: 「CFOによるボーナスはそれぞれの収入を
    # 得る度に計算する」 (option cfo=each). Two $9 sales: total 50% of $18 = $9; each $5 + $5.
    for reading, bonus in (("total", 9), ("each", 10)):
        g = game(cfo=reading)
        give(g, 0, "pricing_manager", "cfo", work=True)  # price $9
        demand(g, 4, "burger")
        demand(g, 2, "pizza")
        stock(g, 0, burger=1, pizza=1)
        g.players[1].stock = {}
        events = dine(g)
        assert g.players[0].cash == 18 + bonus, (reading, events)


# -- negative prices ------------------------------------------------------------------------


def _below_cost(**options: object) -> FcmState:
    """Seat 0 sells 3 burgers at −$1 (3 discount managers, 1 pricing manager, the milestone)
    with $0 in hand and a CFO at work."""
    g = game(**options)
    give(g, 0, "discount_manager", "discount_manager", "discount_manager", work=True)
    give(g, 0, "pricing_manager", "cfo", work=True)
    g.players[0].milestones["first_lower_prices"] = 0
    demand(g, 4, "burger", "burger", "burger")
    stock(g, 0, burger=3)
    return g


def test_a_chain_that_cannot_pay_for_a_sale_below_cost_is_bankrupt() -> None:
    # Seed silent; designer rulings (BGG threads 1473813, 1535734): no minimum price, the chain
    # pays the bank, cannot pay → bankrupt and out; the CFO applies to the negative income.
    g = _below_cost()
    assert dinnertime.cfo_bonus(g, 0) == 0
    events = dine(g)
    p = g.players[0]
    assert p.bankrupt and not p.out and p.cash == 0
    assert any("is bankrupt" in e for e in events)
    assert dinnertime.cfo_bonus(g, 0) == -1  # 50% of −$3, rounded up
    from games.food_chain_magnate.cleanup import finish

    supply = dict(g.supply)
    finish(g)
    assert p.out and not p.cards and g.supply["cfo"] == supply["cfo"] + 1
    assert dinnertime.restaurants_of(g, 0) == []  # derelict: serves nobody
    g.end_game()
    out = g.outcome()
    assert out is not None and out.ranks[0] == 2 and 0 not in out.winners


def test_negative_price_forgive_keeps_the_version_1_reading() -> None:
    g = _below_cost(negative_price="forgive")
    events = dine(g)
    assert not g.players[0].bankrupt
    assert any("the bank lets it go" in e for e in events)
    assert not any("CFO" in e for e in events)


def test_a_bankrupt_chain_takes_no_more_turns() -> None:
    g = _below_cost()
    dine(g)
    from games.food_chain_magnate.cleanup import finish

    finish(g)
    g.phase = Phase.ORDER_OF_BUSINESS
    g.steps[Phase.ORDER_OF_BUSINESS].enter(g)
    assert g.order == [1, 0] and not g.oob_queue  # p2 alone takes position 1
    g.phase = Phase.WORKING
    g.steps[Phase.WORKING].enter(g)
    assert g.to_act() == frozenset({1})


# -- campaigns partly in range --------------------------------------------------------------


def test_campaign_partly_in_range() -> None:
    # Seed: 「キャンペーン自体がレンジ内にあればよく、接続する道路はその制限に含まない」; Deluxe
    # p19: a campaign spanning tiles needs one square in range.
    g = game(rival=False)
    give(g, 0, "marketing_trainee", work=True)
    working(g)
    from games.food_chain_magnate.data import components

    e = components().employee("marketing_trainee")
    d = components().campaigns[11]  # the 3x2 billboard
    part = set(marketing.positions(g, 0, e, d))
    g2 = game(rival=False, campaign_range="whole")
    give(g2, 0, "marketing_trainee", work=True)
    working(g2)
    whole = set(marketing.positions(g2, 0, e, d))
    assert whole < part
    where, tall = sorted(part - whole)[0]
    move = f"campaign marketing_trainee billboard 11 {where}" + (" tall" if tall else "")
    assert move in notations(g, 0)
    with pytest.raises(IllegalMove, match="all of the campaign"):
        play(g2, 0, move)


# -- a new house touching a road only through its garden -----------------------------------


def test_house_touching_a_road_only_with_its_garden() -> None:
    # Seed: 「家は最低1つの道路と隣接していること」; Deluxe p24: part of an edge of the
    # house+garden token.
    g = game()
    give(g, 0, "new_business_developer", work=True)
    working(g)
    g2 = game(house_road="house")
    give(g2, 0, "new_business_developer", work=True)
    working(g2)
    spots = set(houses.house_spots(g)) - set(houses.house_spots(g2))
    assert spots
    square, side = sorted(spots)[0]
    number = g.house_supply[0]
    play(g, 0, f"house {number} {square} {side}")
    with pytest.raises(IllegalMove, match="Only the garden touches a road"):
        play(g2, 0, f"house {number} {square} {side}")


# -- first billboard: eternal campaigns -----------------------------------------------------


def test_first_billboard_eternal_is_a_choice_or_every_campaign() -> None:
    # Seed: 「∞マークのついた面を表にして…ゲーム中ずっと継続するキャンペーンにすることができる」
    # (a choice); the rulebook and the Deluxe rules make every new campaign eternal.
    for reading in ("choice", "all"):
        g = game(rival=False, eternal=reading)
        give(g, 0, "marketing_trainee", work=True)
        working(g)
        play(g, 0, "campaign marketing_trainee billboard 14 d1")
        offered = [n for n in notations(g, 0) if n.startswith("advertise burger")]
        if reading == "choice":
            assert "advertise burger 2" in offered and "advertise burger eternal" in offered
        else:
            assert offered == ["advertise burger eternal"]
            with pytest.raises(IllegalMove, match="every new campaign is eternal"):
                play(g, 0, "advertise burger 2")


# -- other companies' cards during Restructuring --------------------------------------------


def test_other_companies_cards_are_face_down_during_restructuring() -> None:
    # Seed phase 1: 「※このフェイズを除く全てのフェイズを通して、プレイヤーは他のプレイヤーが
    # 持つカードの内容を確認できる」 — everywhere except this phase.
    g = game()
    give(g, 1, "waitress", "trainer")
    g.phase = Phase.RESTRUCTURING
    assert g.view(0).players[1].hand == ((FACE_DOWN, 2),)
    assert g.view(None).players[1].hand == ((FACE_DOWN, 2),)
    assert g.view(1).players[1].hand == (("trainer", 1), ("waitress", 1))
    g.phase = Phase.DINNERTIME
    assert g.view(0).players[1].hand == (("trainer", 1), ("waitress", 1))
    g.phase = Phase.RESTRUCTURING
    g.options["open_cards"] = True
    assert g.view(0).players[1].hand == (("trainer", 1), ("waitress", 1))


# -- options and versions -------------------------------------------------------------------


def test_every_reading_is_an_option_with_its_default() -> None:
    defaults = SPEC.resolve_options({})
    readings = {k for k in V1_RULES if k != "hundred"}
    assert readings <= {o.name for o in OPTIONS}
    assert {k: defaults[k] for k in readings} == {
        "campaign_range": "part",
        "house_road": "any",
        "cfo": "total",
        "open_cards": False,
        "eternal": "choice",
        "negative_price": "bankrupt",
    }
    from bot.rules_help import options_page

    page = options_page(SPEC)
    assert all(f"`{name}`" in page for name in readings)


def test_unknown_option_values_are_refused_with_a_sentence() -> None:
    with pytest.raises(InvalidOptions, match=r"`cfo` must be one of total, each; got `half`"):
        SPEC.resolve_options({"cfo": "half"})


def test_version_1_records_replay_with_the_version_1_readings() -> None:
    data = json.loads((FIXTURES / "v1_2p.json").read_text())
    record = GameRecord.from_dict(data)
    assert record.engine_version == 1
    state = replay(record)
    assert isinstance(state, FcmState)
    assert all(state.rule(k) == v for k, v in V1_RULES.items())
    out = state.outcome()
    assert out is not None
    assert {str(k): v for k, v in out.scores.items()} == data["expect"]["scores"]
    v2 = replay(GameRecord.from_dict({**data, "engine_version": 2}))
    assert v2.rule("hundred") == "exceed" and v2.rule("negative_price") == "bankrupt"
