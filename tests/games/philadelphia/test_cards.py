"""Every card effect, item and the field card (data/philadelphia/*.toml), one test each.

Effects the Q&A already pins down are tested in test_qa.py: hotel and furniture factory
(Q3), potter and hair salon (Q4), recruitment chance (Q5), detective and work-style reform
(Q6), painter, logistics and forestry (Q7), translator (Q8), astronaut (Q9), nurse (Q10),
guard, car factory and shipping line (Q2), print shop and job magazine (Q1).
"""

from __future__ import annotations

from games.philadelphia.moves import Give
from games.philadelphia.view import Phase

from .scenario import (
    ad_cards,
    dice,
    finish_actions,
    hit,
    last_month,
    legal,
    make,
    miss,
    months,
    only,
    play,
)


def test_bookstore_draws_a_card_on_success() -> None:
    g = make(hands={0: []}, ads={0: [("bookstore-a", 0)]}, top=["taxi-a"])
    dice(g, hit(g, "bookstore-a"))
    finish_actions(g)
    assert g.players[0].hand == ["taxi-a"]


def test_hair_salon_reveals_three_and_keeps_one() -> None:
    g = make(hands={0: []}, ads={0: [("salon-a", 0)]}, top=["taxi-a", "taxi-b", "cafe-a"])
    dice(g, hit(g, "salon-a"))
    finish_actions(g)
    assert {c.id for c in g.view(1).pending.cards} == {"taxi-a", "taxi-b", "cafe-a"}  # type: ignore[union-attr]
    play(g, 0, "keep taxi-b")
    assert g.players[0].hand == ["taxi-b"] and {"taxi-a", "cafe-a"} <= set(g.discard)


def test_post_office_passes_cards_left_at_once_and_in_secret() -> None:
    """Every player chooses at the same time; choices stay hidden until all have chosen."""
    g = make(
        3,
        hands={0: ["cafe-a"], 1: ["taxi-a"], 2: ["hotel-a"]},
        ads={1: [("post-office-a", 0)]},
    )
    dice(g, hit(g, "post-office-a"))
    finish_actions(g)
    assert g.to_act() == {0, 1, 2}
    assert legal(g, 2) == ["give hotel-a"]
    play(g, 2, "give hotel-a")
    assert g.to_act() == {0, 1}
    assert g.view(2).players[2].chosen == "hotel-a"
    assert g.view(0).players[2].chosen is None and g.view(None).players[2].chosen is None
    assert g.secrets(2)[("players", 2, "chosen")] == "hotel-a"
    assert g.public_notation(2, Give("hotel-a")) == "give (a card)"
    play(g, 0, "give cafe-a")
    play(g, 1, "give taxi-a")
    told = g.notices(1, Give("taxi-a"))
    assert told[2].text == "p2 gave you Taxi company (taxi-a)."  # each receiver, privately
    assert getattr(told[2].text, "key", None) == "philadelphia.gave_you"
    assert g.players[1].hand == ["cafe-a"]
    assert g.players[2].hand == ["taxi-a"]
    assert g.players[0].hand == ["hotel-a"]
    assert g.phase is Phase.ACTION


def test_fire_station_returns_another_ad_to_hand() -> None:
    g = make(hands={0: []}, ads={0: [("fire-station-a", 0), ("architect-a", 2)]})
    dice(g, only(g, "fire-station-a", "architect-a"))
    finish_actions(g)
    assert set(legal(g, 0)) == {"return architect-a", "skip"}
    play(g, 0, "return architect-a")
    assert g.players[0].hand == ["architect-a"] and ad_cards(g, 0) == []


def test_fire_station_may_be_declined() -> None:
    g = make(ads={0: [("fire-station-a", 0), ("steelworks-a", 0)]})
    dice(g, only(g, "fire-station-a", "steelworks-a"))
    finish_actions(g)
    play(g, 0, "skip")
    assert ad_cards(g, 0) == ["steelworks-a"]


def test_design_office_draws_a_card_when_posted() -> None:
    g = make(hands={0: ["design-office-a"]}, money={0: 5}, top=["taxi-a"])
    play(g, 0, "post design-office-a")
    assert g.players[0].hand == ["taxi-a"]


def test_demolition_makes_another_players_ad_default() -> None:
    g = make(ads={0: [("demolition-a", 0), ("design-office-a", 0)], 1: [("hotel-a", 0)]})
    dice(g, only(g, "demolition-a", "design-office-a", "hotel-a"))
    finish_actions(g)
    assert legal(g, 0) == ["default hotel-a"]  # not optional, not one's own ads
    assert g.refusal(0, g.parse_move(0, "skip")) is not None
    play(g, 0, "default hotel-a")
    assert ad_cards(g, 1) == [] and "hotel-a" in g.discard


def test_plumber_pays_three_when_it_defaults() -> None:
    g = make(ads={0: [("plumber-a", 4)]}, money={0: 0})
    assert last_month(g, "plumber-a") == 4
    dice(g, miss(g, "plumber-a"))
    finish_actions(g)
    assert g.players[0].money == 3 and "plumber-a" in g.discard


def test_railway_takes_a_defaulted_ad_back_and_pays_four() -> None:
    g = make(hands={0: []}, ads={0: [("railway-a", 0), ("cafe-a", 3)]}, money={0: 0})
    dice(g, miss(g, "railway-a", "cafe-a"))
    finish_actions(g)
    assert g.players[0].hand == ["cafe-a"] and g.players[0].money == 4
    assert "cafe-a" not in g.discard


def test_railway_does_not_save_an_ad_defaulting_with_it() -> None:
    """Defaults of one update phase happen at the same time; a railway leaving with them
    does not see them (Q3's reading of 'at the same time')."""
    g = make(hands={0: []}, ads={0: [("railway-a", 2), ("cafe-a", 3)]}, money={0: 0})
    dice(g, miss(g, "railway-a", "cafe-a"))
    finish_actions(g)
    assert g.players[0].hand == [] and g.players[0].money == 0
    assert {"railway-a", "cafe-a"} <= set(g.discard)


def test_railway_saves_an_ad_made_to_default_by_another_player() -> None:
    g = make(
        hands={0: ["furniture-a"], 1: []},
        ads={1: [("railway-a", 0), ("architect-a", 0)]},
        money={0: 5, 1: 0},
    )
    play(g, 0, "post furniture-a")
    play(g, 0, "default architect-a")
    assert g.players[1].hand == ["architect-a"] and g.players[1].money == 4


def test_moving_company_posts_an_ad_from_hand_on_success() -> None:
    g = make(hands={0: ["architect-a", "cafe-a"]}, ads={0: [("movers-a", 0)]}, money={0: 4})
    dice(g, only(g, "movers-a"))
    finish_actions(g)
    reward = g.job("movers-a").reward
    assert g.to_act() == {0} and "post architect-a" in legal(g, 0) and "done" in legal(g, 0)
    play(g, 0, "post architect-a")
    assert ad_cards(g, 0) == ["architect-a"]
    assert g.players[0].money == 4 + reward - g.job("architect-a").cost
    assert months(g, "architect-a") == 1  # posted during recruitment; aged in the update


def test_furniture_factory_may_decline() -> None:
    g = make(hands={0: ["furniture-a"]}, ads={1: [("cafe-a", 0)]}, money={0: 5})
    play(g, 0, "post furniture-a")
    play(g, 0, "skip")
    assert ad_cards(g, 1) == ["cafe-a"]


def test_potter_cannot_take_its_owners_own_ads() -> None:
    g = make(ads={0: [("potter-a", 0), ("bookstore-a", 0)], 1: [("hotel-a", 0)]})
    dice(g, only(g, "potter-a", "bookstore-a", "hotel-a"))
    finish_actions(g)
    assert legal(g, 0) == ["take hotel-a"]
    assert g.refusal(0, g.parse_move(0, "take bookstore-a")) is not None


def test_doctor_success_removes_a_marker_from_each_other_ad() -> None:
    g = make(ads={0: [("doctor-a", 1), ("design-office-a", 2), ("guard-a", 1)]})
    dice(g, only(g, "doctor-a", "design-office-a", "guard-a"))
    finish_actions(g)
    # -1 from the doctor, then +1 in the update phase
    assert months(g, "design-office-a") == 2 and months(g, "guard-a") == 1


def test_doctor_default_clears_every_other_ads_markers() -> None:
    g = make(ads={0: [("doctor-a", 4), ("architect-a", 1)], 1: [("steelworks-a", 2)]})
    assert last_month(g, "doctor-a") == 4
    dice(g, miss(g, "doctor-a", "architect-a", "steelworks-a"))
    finish_actions(g)
    assert "doctor-a" in g.discard
    assert months(g, "architect-a") == 0 and months(g, "steelworks-a") == 0


def test_lawyer_makes_every_other_player_choose_a_card_to_give() -> None:
    """A choice another player must make is their move: they are in to_act."""
    g = make(
        3,
        hands={0: [], 1: ["taxi-a", "taxi-b"], 2: ["hotel-a"]},
        ads={0: [("lawyer-a", 0)]},
        version=1,  # the lawyer is in engine version 1's list only
    )
    dice(g, 3)
    finish_actions(g)
    assert g.to_act() == {1, 2}
    assert set(legal(g, 1)) == {"give taxi-a", "give taxi-b"}
    play(g, 1, "give taxi-b")
    play(g, 2, "give hotel-a")
    assert sorted(g.players[0].hand) == ["hotel-a", "taxi-b"]
    notice = g.notices(2, Give("hotel-a"))[0].text
    # one keyed notice to the lawyer's owner names every card and its giver (issue 6 §2)
    assert notice == (
        "You were given 2 cards: Taxi company (taxi-b) from p2, Hotel (hotel-a) from p3."
    )
    assert getattr(notice, "key", None) == "philadelphia.gave_you_several"


def test_lawyer_skips_players_without_cards() -> None:
    g = make(hands={0: [], 1: []}, ads={0: [("lawyer-a", 0)]}, version=1)
    dice(g, 3)
    finish_actions(g)
    assert g.phase is Phase.ACTION and g.round == 2


def test_job_change_discards_any_number_and_draws_as_many() -> None:
    g = make(
        hands={0: ["cafe-a", "taxi-a", "hotel-a"]},
        items=["job-change", "fair", "magazine"],
        money={0: 5},
        top=["cinema-a", "cinema-b"],
    )
    play(g, 0, "buy job-change")
    play(g, 0, "discard cafe-a")
    play(g, 0, "discard taxi-a")
    play(g, 0, "done")
    assert sorted(g.players[0].hand) == ["cinema-a", "cinema-b", "hotel-a"]


def test_contract_extension_removes_up_to_two_markers() -> None:
    g = make(
        ads={0: [("architect-a", 2), ("steelworks-a", 1)]},
        items=["extension", "fair", "magazine"],
        money={0: 5},
        version=1,  # the contract extension is in engine version 1's list only
    )
    play(g, 0, "buy extension")
    assert set(legal(g, 0)) == {"unmark architect-a", "unmark steelworks-a", "done"}
    play(g, 0, "unmark architect-a")
    play(g, 0, "unmark architect-a")
    assert months(g, "architect-a") == 0 and not g.stack


def test_job_fair_may_post_a_single_ad() -> None:
    g = make(hands={0: ["cafe-a", "taxi-a"]}, items=["fair", "magazine", "chance"], money={0: 5})
    play(g, 0, "buy fair")
    play(g, 0, "post cafe-a")
    play(g, 0, "done")
    assert ad_cards(g, 0) == ["cafe-a"] and g.players[0].hand == ["taxi-a"]


def test_field_card_turns_up_pays_one_more_and_goes_back() -> None:
    """The field card (reconstructed): revealed while refilling, +1 on every success this
    round, then shuffled back into the item deck; another item takes its row place."""
    g = make(
        ads={0: [("cafe-a", 0)]},
        items=["magazine", "fair", "chance"],
        item_top=["boom", "reform"],
        money={0: 5},
    )
    play(g, 0, "buy magazine")
    assert g.field_up and g.item_row == ["fair", "chance", "reform"]
    assert g.view(None).field is not None
    money = g.players[0].money
    dice(g, hit(g, "cafe-a"))
    finish_actions(g)
    assert g.players[0].money == money + g.job("cafe-a").reward + 1
    assert not g.field_up and "boom" in g.item_deck and g.item_count() == 15


def test_overtime_turns_seven_money_into_a_vp_without_using_the_action() -> None:
    """残業 (designer's note 2): 7 money, 1 VP, and the action is not used up (option
    `overtime` = free, the default)."""
    g = make(hands={0: []}, items=["overtime", "fair", "magazine"], money={0: 9})
    play(g, 0, "buy overtime")
    assert g.players[0].vp == 1 and g.players[0].money == 2
    assert g.actions_left == 2 and g.bought  # still one item per turn
    assert g.refusal(0, g.parse_move(0, "buy fair")) is not None


def test_overtime_uses_the_action_with_the_option() -> None:
    """Option `overtime` = action: buying it is an action like any other buy."""
    g = make(
        hands={0: []},
        items=["overtime", "fair", "magazine"],
        money={0: 9},
        options={"overtime": "action"},
    )
    play(g, 0, "buy overtime")
    assert g.players[0].vp == 1 and g.actions_left == 1


def test_car_factory_is_free_when_broke() -> None:
    """自動車工場 (reconstructed role: an early card against deadlock): free to post with 2
    money or less, full price otherwise."""
    g = make(hands={0: ["carmaker-a"]}, money={0: 2})
    play(g, 0, "post carmaker-a")
    assert ad_cards(g, 0) == ["carmaker-a"] and g.players[0].money == 2
    g = make(hands={0: ["carmaker-a"]}, money={0: 3})
    play(g, 0, "post carmaker-a")
    assert g.players[0].money == 3 - g.job("carmaker-a").cost


def test_pharmacist_pays_money_when_posted() -> None:
    """薬剤師 (reconstructed role: an early card against deadlock): free to post, 2 money at
    once."""
    g = make(hands={0: ["pharmacist-a"]}, money={0: 0})
    play(g, 0, "post pharmacist-a")
    assert ad_cards(g, 0) == ["pharmacist-a"] and g.players[0].money == 2


def test_the_readings_are_game_options() -> None:
    """Readings players may disagree on are options shown by /rules (GameSpec.options)."""
    from games.philadelphia import SPEC

    assert {o.name: o.default for o in SPEC.options} == {
        "overtime": "free",
        "extra_roller": "start",
    }
    assert SPEC.resolve_options({"overtime": "action"})["overtime"] == "action"
