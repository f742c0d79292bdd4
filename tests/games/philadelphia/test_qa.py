"""Every ruling of the seed's Q&A (Q1-Q10), one test (or a few) per ruling."""

from __future__ import annotations

import pytest

from games.core import IllegalMove, NotYourTurn
from games.philadelphia.view import Phase

from .scenario import (
    ad_cards,
    dice,
    finish_actions,
    hit,
    legal,
    make,
    miss,
    months,
    only,
    play,
)

SEVEN = ["cafe-a", "cafe-b", "taxi-a", "hotel-a", "guard-a", "nurse-a", "doctor-a"]


def last_month_of(job: str) -> int:
    """Month markers that make ``job`` default in this round's update phase."""
    return make().data.job(job).duration - 1


def test_q1_an_effect_may_draw_beyond_seven_cards() -> None:
    """Q1: explore and acquire stop at 7 cards, but card effects have no hand limit."""
    g = make(hands={0: SEVEN}, ads={0: [("printer-a", 0)]}, top=["cinema-a", "cinema-b"])
    dice(g, hit(g, "printer-a"))
    finish_actions(g)
    assert len(g.players[0].hand) == 9


def test_q1_an_item_may_draw_beyond_seven_cards() -> None:
    g = make(hands={0: SEVEN}, items=["magazine", "fair", "reform"], money={0: 5})
    play(g, 0, "buy magazine")
    assert len(g.players[0].hand) == 10


def test_q2_losing_takes_only_what_there_is() -> None:
    """Q2: 'lose 5' with 2 money loses the 2."""
    g = make(ads={0: [("steelworks-a", last_month_of("steelworks"))]}, money={0: 2})
    dice(g, miss(g, "steelworks-a"))
    finish_actions(g)  # the steelworks defaults: lose 5
    assert g.players[0].money == 0 and "steelworks-a" in g.discard


def test_q2_paying_needs_the_full_amount() -> None:
    """Q2: a posting cost or the nurse's 'pay 3' cannot be paid in part: no posting, no effect."""
    g = make(hands={0: ["architect-a"]}, ads={0: [("nurse-a", 0)]}, money={0: 2})
    assert g.refusal(0, g.parse_move(0, "post architect-a")) is not None
    assert g.refusal(0, g.parse_move(0, "nurse")) == (
        "The nurse's action costs 3 money (to pay, not to lose); you have 2."
    )


def test_q2_the_guard_answers_losing() -> None:
    """Q2 / 衛兵: an effect that makes you lose money makes you gain 5 instead."""
    g = make(ads={0: [("steelworks-a", last_month_of("steelworks")), ("guard-a", 0)]}, money={0: 2})
    dice(g, miss(g, "steelworks-a", "guard-a"))
    finish_actions(g)
    assert g.players[0].money == 7


def test_q2_the_guard_does_not_answer_paying() -> None:
    """Q2: the guard covers only 'lose'; paying the nurse or a posting cost is not losing."""
    g = make(hands={0: ["cafe-a"]}, ads={0: [("guard-a", 0), ("nurse-a", 0)]}, money={0: 4})
    play(g, 0, "nurse")
    assert g.players[0].money == 1
    play(g, 0, "post cafe-a")
    assert g.players[0].money == 1 - g.job("cafe-a").cost


def test_q2_another_players_lose_effect_takes_what_there_is() -> None:
    g = make(ads={0: [("shipping-a", 0)]}, money={1: 1})
    dice(g, hit(g, "shipping-a"))
    finish_actions(g)
    assert g.players[1].money == 0


def test_q3_a_hotel_pays_for_a_service_ad_posted_later() -> None:
    """Q3: the hotel's while-posted effect: 1 card and 4 money when a service ad is posted
    into an area where the hotel already is."""
    g = make(hands={0: ["cafe-a"]}, ads={0: [("hotel-a", 0)]}, money={0: 3}, top=["taxi-a"])
    play(g, 0, "post cafe-a")
    assert g.players[0].money == 3 - g.job("cafe-a").cost + 4
    assert g.players[0].hand == ["taxi-a"]


def test_q3_a_hotel_posted_with_a_cafe_does_not_see_it() -> None:
    """Q3: hotel and cafe posted at the same time (job fair): no card, no 4 money."""
    g = make(
        hands={0: ["hotel-a", "cafe-a"]},
        money={0: 9},
        items=["fair", "magazine", "reform"],
    )
    play(g, 0, "buy fair")
    play(g, 0, "post hotel-a")
    play(g, 0, "post cafe-a")  # the second pick posts both at once
    assert ad_cards(g, 0) == ["hotel-a", "cafe-a"]
    price = g.data.item("fair").price
    assert g.players[0].money == 9 - price - g.job("hotel-a").cost - g.job("cafe-a").cost
    assert g.players[0].hand == []


def test_q3_a_furniture_factory_cannot_default_an_ad_posted_with_it() -> None:
    """Q3: furniture factory and cafe posted together: the cafe is not a possible target."""
    g = make(
        hands={0: ["furniture-a", "cafe-a"]},
        ads={1: [("taxi-a", 0)]},
        money={0: 9},
        items=["fair", "magazine", "reform"],
    )
    play(g, 0, "buy fair")
    play(g, 0, "post furniture-a")
    play(g, 0, "post cafe-a")
    assert g.to_act() == {0}
    assert set(legal(g, 0)) == {"default taxi-a", "skip"}
    reason = g.refusal(0, g.parse_move(0, "default cafe-a"))
    assert reason is not None and "posted at the same time" in reason
    play(g, 0, "default taxi-a")
    assert ad_cards(g, 1) == [] and "taxi-a" in g.discard


def test_q4_a_reserved_success_effect_resolves_after_the_card_is_taken() -> None:
    """Q4: once its reward is taken, an ad's success effect is locked in; a potter taking the
    card into hand does not cancel it (the card, having left, is not discarded)."""
    g = make(
        ads={0: [("potter-a", 0)], 1: [("salon-a", 0)]},
        top=["cafe-a", "cafe-b", "cafe-c"],
    )
    dice(g, hit(g, "potter-a", "salon-a"))  # potter and hair salon both succeed
    money1 = g.players[1].money
    finish_actions(g)
    assert g.players[1].money == money1 + g.job("salon-a").reward
    assert g.to_act() == {0}
    play(g, 0, "take salon-a")
    assert "salon-a" in g.players[0].hand
    # the salon's effect still runs for its owner: reveal 3, keep 1
    assert g.to_act() == {1} and g.stack[-1].kind == "keep"
    play(g, 1, "keep cafe-b")
    assert "cafe-b" in g.players[1].hand
    assert "salon-a" in g.players[0].hand and "salon-a" not in g.discard
    assert g.phase is Phase.ACTION


def test_q5_the_first_recruitment_chance_binds_the_die() -> None:
    """Q5: the first player to use a recruitment chance fixes the die; a later one cannot
    change it."""
    g = make(
        ads={0: [("textile-a", 0)], 1: [("cafe-a", 0)]},
        money={0: 9, 1: 9},
        items=["chance", "chance", "magazine"],
        item_top=["reform"],
    )
    face = only(g, "textile-a", "cafe-a")
    play(g, 0, "buy chance")
    play(g, 0, f"die {face}")
    play(g, 0, "acquire 1")
    play(g, 1, "buy chance")
    assert g.die_fixed == face and not g.stack  # nothing to choose: the die is already fixed
    play(g, 1, "acquire 1")
    # no roll is made (the scripted die has no rolls); the textile mill succeeds
    assert g.die == face and "textile-a" in g.successes and "cafe-a" not in g.successes


def test_q5_a_fixed_die_is_not_rerolled_by_the_translator() -> None:
    g = make(ads={1: [("translator-a", 0)]}, items=["chance", "fair", "magazine"], money={0: 9})
    play(g, 0, "buy chance")
    play(g, 0, "die 5")
    finish_actions(g)
    assert g.die == 5 and g.phase is Phase.ACTION  # nobody was asked about a reroll


def test_q6_the_detective_draws_after_the_submit_action() -> None:
    """Q6: the detective draws 2 after a submit-hands action."""
    g = make(
        hands={0: ["cafe-a", "cafe-b"]}, ads={0: [("detective-a", 0)]}, top=["taxi-a", "taxi-b"]
    )
    play(g, 0, "submit pair cafe")
    assert sorted(g.players[0].hand) == ["taxi-a", "taxi-b"] and g.players[0].vp == 1


def test_q6_the_detective_does_not_draw_after_work_style_reform() -> None:
    """Q6: submitting with the work-style reform item is not the submit-hands action."""
    g = make(
        hands={0: ["cafe-a", "cafe-b"]},
        ads={0: [("detective-a", 0)]},
        items=["reform", "fair", "magazine"],
        money={0: 5},
    )
    play(g, 0, "buy reform")
    assert g.to_act() == {0} and "submit pair cafe" in legal(g, 0)
    play(g, 0, "submit pair cafe")
    assert g.players[0].vp == 1 and g.players[0].hand == []
    assert g.actions_left == 1  # the item used the buy action, not a submit action


def test_q7_logistics_under_a_painter_pays_twice() -> None:
    """Q7: with a painter posted, posting the logistics company from 8 cards: 2 money for the
    posting (the card handed over belongs to it), 2 more for the discard: 4 in all."""
    hand = ["logistics-a", "cafe-a", "cafe-b", "taxi-a", "taxi-b", "hotel-a", "guard-a", "nurse-a"]
    g = make(hands={0: hand, 1: []}, ads={0: [("painter-a", 0)]}, money={0: 1})
    play(g, 0, "post logistics-a")  # costs 1
    assert g.to_act() == {0} and g.stack[-1].kind == "give"  # the give is part of posting
    play(g, 0, "give guard-a p2")
    assert g.players[0].money == 2 and g.players[1].hand == ["guard-a"]  # one change: +2
    play(g, 0, "discard nurse-a")
    assert g.players[0].money == 4 and len(g.players[0].hand) == 5


def test_q7_forestry_discard_two_draw_two_pays_twice() -> None:
    """Q7: forestry's 'discard 2, draw 2' under a painter: 2 + 2 = 4 money."""
    g = make(
        hands={0: ["cafe-a", "taxi-a", "hotel-a"]},
        ads={0: [("painter-a", 0), ("forestry-a", 0)]},
        money={0: 0},
        top=["cinema-a", "cinema-b"],
    )
    dice(g, only(g, "forestry-a", "painter-a"))
    finish_actions(g)
    reward = g.job("forestry-a").reward
    assert g.players[0].money == reward
    play(g, 0, "discard cafe-a")
    play(g, 0, "discard taxi-a")
    assert g.players[0].money == reward + 4
    assert sorted(g.players[0].hand) == ["cinema-a", "cinema-b", "hotel-a"]


def test_q8_the_translator_voids_the_first_roll() -> None:
    """Q8: the first roll counts for nothing; the player who rolled rolls again."""
    g = make(3, ads={0: [("cafe-a", 0)], 2: [("translator-a", 0), ("textile-a", 0)]})
    first = only(g, "cafe-a", "translator-a", "textile-a")
    second = only(g, "textile-a", "cafe-a", "translator-a")
    dice(g, first, second)
    finish_actions(g)
    assert g.die == first and g.to_act() == {2}
    assert set(legal(g, 2)) == {"reroll", "skip"}
    events = play(g, 2, "reroll")
    assert any(f"p1 rolls the recruitment die: {second}" in e for e in events)
    assert g.die == second
    assert "textile-a" in g.successes and "cafe-a" not in g.successes
    assert ad_cards(g, 0) == ["cafe-a"]


def test_q8_letting_the_roll_stand() -> None:
    g = make(ads={0: [("cafe-a", 0)], 1: [("translator-a", 0)]})
    dice(g, only(g, "cafe-a", "translator-a"))
    finish_actions(g)
    play(g, 1, "skip")
    assert "cafe-a" in g.successes


@pytest.mark.parametrize("roller", ["start", "astronaut"])
def test_q9_the_astronauts_extra_round(roller: str) -> None:
    """Q9: in the extra round only the astronaut's owner acts, but every player's ads are
    judged and take month markers. 採用フェイズ: the round's start player rolls; the start
    player card does not move for the extra round (option `extra_roller`: or its owner)."""
    g = make(
        3,
        ads={2: [("astronaut-a", 0)], 0: [("architect-a", 0)], 1: [("hotel-a", 0)]},
        money={0: 0, 1: 0, 2: 9},
        options={"extra_roller": roller},
    )
    dice(g, only(g, "astronaut-a", "architect-a", "hotel-a"))
    finish_actions(g)
    assert g.round == 2 and g.extra_round_of == 2 and g.to_act() == {2}
    assert g.start_player == 1  # the regular round passed the card as usual
    assert g.roller == (1 if roller == "start" else 2)
    assert months(g, "architect-a") == 1 and months(g, "hotel-a") == 1
    play(g, 2, "acquire 1")
    with pytest.raises(NotYourTurn):
        g.parse_move(1, "acquire 1")
    dice(g, only(g, "architect-a", "hotel-a"))
    events = play(g, 2, "acquire 1")
    who = "p2" if roller == "start" else "p3"
    assert any(f"{who} rolls the recruitment die" in e for e in events)
    # recruitment of the extra round: p1's architect succeeded
    assert "architect-a" in g.successes
    assert g.players[0].money == g.job("architect-a").reward
    assert months(g, "hotel-a") == 2  # every ad ages in the extra round
    assert g.round == 3 and g.extra_round_of is None
    assert g.start_player == 1 and g.to_act() == {1}  # no pass after the extra round


def test_q9_engine_version_1_let_the_astronaut_roll() -> None:
    """Engine version 1 had the astronaut's owner roll in the extra round (replays keep it)."""
    g = make(3, ads={2: [("astronaut-a", 0)]}, money={2: 9}, version=1)
    dice(g, 3)  # version 1's astronaut succeeds on 3
    finish_actions(g)
    assert g.extra_round_of == 2 and g.roller == 2


def test_q10_the_nurse_adds_an_action_while_one_is_left() -> None:
    """Q10: pay 3 for another action while at least one action remains."""
    g = make(hands={0: []}, ads={0: [("nurse-a", 0)]}, money={0: 9})
    play(g, 0, "acquire 1")
    assert g.actions_left == 1
    play(g, 0, "nurse")
    assert g.actions_left == 2 and g.players[0].money == 5
    assert g.refusal(0, g.parse_move(0, "nurse")) == (
        "Your nurse has already sold you an action this turn."
    )
    play(g, 0, "acquire 1")
    play(g, 0, "acquire 1")
    assert g.to_act() == {1}


def test_q10_no_nurse_after_the_last_action() -> None:
    """Q10: once the last action is spent the next player acts at once; no nurse."""
    g = make(hands={0: []}, ads={0: [("nurse-a", 0)]}, money={0: 9}, actions=1)
    play(g, 0, "acquire 1")
    assert g.to_act() == {1}
    with pytest.raises(NotYourTurn):
        g.parse_move(0, "nurse")


def test_q10_no_effect_interrupts_another() -> None:
    """Q10: while an effect waits for a choice, no other card (the nurse) can be used."""
    g = make(hands={0: []}, ads={0: [("nurse-a", 0)]}, money={0: 9})
    play(g, 0, "explore")
    assert "nurse" not in legal(g, 0)
    with pytest.raises(IllegalMove, match="First finish the effect waiting now"):
        play(g, 0, "nurse")
