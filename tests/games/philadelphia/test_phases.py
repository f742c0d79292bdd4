"""Recruitment, update and the end of the game (seed 採用フェイズ, 更新フェイズ, 終了・勝利条件)."""

from __future__ import annotations

from games.philadelphia.view import Phase

from .scenario import ad_cards, dice, finish_actions, hit, last_month, make, miss, months, play


def test_the_start_player_rolls_and_matching_ads_succeed() -> None:
    """採用フェイズ: every posted ad whose numbers match the die succeeds: its reward, then
    the discard pile; the others stay posted."""
    g = make(ads={0: [("cafe-a", 0), ("bus-a", 0)], 1: [("cafe-b", 0), ("hotel-a", 0)]})
    face = hit(g, "cafe-a", "bus-a")
    assert face not in g.job("hotel-a").numbers
    dice(g, face)
    money = [p.money for p in g.players]
    finish_actions(g)
    assert g.die == face
    assert g.players[0].money == money[0] + g.job("cafe-a").reward + g.job("bus-a").reward
    assert g.players[1].money == money[1] + g.job("cafe-b").reward
    assert set(g.successes) == {"cafe-a", "bus-a", "cafe-b"}
    assert {"cafe-a", "bus-a", "cafe-b"} <= set(g.discard)
    assert ad_cards(g, 1) == ["hotel-a"]


def test_the_round_continues_after_recruitment_and_update() -> None:
    g = make(ads={0: [("hotel-a", 0)]})
    dice(g, 2)
    finish_actions(g)
    assert g.phase is Phase.ACTION and g.round == 2
    assert months(g, "hotel-a") == 1


def test_month_markers_and_default_at_the_duration() -> None:
    """更新フェイズ: a month marker on every ad; markers >= duration: it defaults."""
    g = make(ads={0: [("railway-a", 0), ("architect-a", 0)]})
    g.players[0].ads[0].months = last_month(g, "railway-a")  # railway lasts 3 (blog Vol.1)
    dice(g, miss(g, "railway-a", "architect-a"))
    finish_actions(g)
    assert ad_cards(g, 0) == ["architect-a"] and months(g, "architect-a") == 1
    assert "railway-a" in g.discard and g.defaults == ["railway-a"]


def test_an_ad_gets_as_many_recruitment_rolls_as_its_duration() -> None:
    """A railway (duration 3) posted this round is judged 3 times, then defaults."""
    g = make(hands={0: ["railway-a"]}, money={0: 5}, actions=1)
    play(g, 0, "post railway-a")
    face = miss(g, "railway-a")
    for _ in range(g.job("railway-a").duration):
        assert ad_cards(g, 0) == ["railway-a"]
        dice(g, face)
        finish_actions(g)
    assert "railway-a" in g.discard and ad_cards(g, 0) == []


def test_the_start_player_card_passes_clockwise() -> None:
    g = make(3)
    dice(g, 6)
    finish_actions(g)
    assert g.start_player == 1 and g.to_act() == {1} and g.roller == 1
    dice(g, 6)
    finish_actions(g)
    assert g.start_player == 2 and g.to_act() == {2}


def test_the_game_ends_after_the_update_phase_with_ten_vp() -> None:
    """終了条件: at the end of the update phase, 10 VP or more ends the game with the round."""
    g = make(hands={0: ["cafe-a", "cafe-b"]}, vp={0: 9})
    play(g, 0, "submit pair cafe")
    assert g.players[0].vp == 10 and not g.is_over()  # the round goes on
    dice(g, 6)
    finish_actions(g)
    out = g.outcome()
    assert out is not None and out.winners == {0} and out.scores == {0: 10, 1: 0}
    assert g.to_act() == frozenset()


def test_most_vp_wins_then_money_then_a_draw() -> None:
    """勝利条件: most VP; if tied, most money; if still tied, a draw."""
    g = make(3, vp={0: 10, 1: 10, 2: 4}, money={0: 3, 1: 8, 2: 20})
    dice(g, 6)
    finish_actions(g)
    out = g.outcome()
    assert out is not None and out.winners == {1} and out.ranks == {1: 1, 0: 2, 2: 3}
    g = make(2, vp={0: 11, 1: 11}, money={0: 5, 1: 5})
    dice(g, 6)
    finish_actions(g)
    out = g.outcome()
    assert out is not None and out.winners == {0, 1} and "draw" in out.reason
    assert getattr(out.reason, "key", None) == "philadelphia.end_reason_draw"
    assert getattr(out.reason, "params", {}).get("reached") == "p1, p2"


def test_all_rewards_are_paid_before_any_success_effect() -> None:
    """採用フェイズ / Q4: the reward is taken when the ad succeeds; effects follow, in order
    from the start player."""
    g = make(
        ads={0: [("bookstore-a", 0)], 1: [("post-office-a", 0)]},
        hands={0: ["cafe-a"], 1: ["taxi-a"]},
        top=["hotel-a"],
    )
    dice(g, hit(g, "bookstore-a", "post-office-a"))
    money = [p.money for p in g.players]
    finish_actions(g)
    # both rewards are in; the bookstore (start player) drew; the post office waits for cards
    assert g.players[0].money == money[0] + g.job("bookstore-a").reward
    assert g.players[1].money == money[1] + g.job("post-office-a").reward
    assert "hotel-a" in g.players[0].hand and g.to_act() == {0, 1}
