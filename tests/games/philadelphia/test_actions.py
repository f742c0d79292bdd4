"""Setup and the action phase (seed ゲームの準備, アクションフェイズ): one rule per test."""

from __future__ import annotations

import dataclasses

import pytest

from games.core import IllegalMove, InvalidMove, NotYourTurn
from games.philadelphia.state import PhilaState
from games.philadelphia.view import Phase

from .scenario import ad_cards, legal, make, play


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_deals_four_cards_and_seven_money(n: int) -> None:
    """準備 6: from the start player, 4 cards and 7 money each; 準備 1: 85 ad cards."""
    g = PhilaState(n, seed=n)
    assert all(len(p.hand) == 4 and p.money == 7 and p.vp == 0 for p in g.players)
    assert len(g.deck) == 85 - 4 * n and g.card_count() == 85
    assert g.phase is Phase.ACTION and g.to_act() == {g.start_player} and g.actions_left == 2


def test_the_start_player_is_drawn_from_the_games_seed() -> None:
    """準備 5: "choose the start player by any method": drawn from the seed, so a seed always
    gives the same start player and every seat starts some games (engine version 1: seat 0)."""
    for n in (2, 3, 4):
        starts = {PhilaState(n, seed).start_player for seed in range(40)}
        assert starts == set(range(n)), (n, starts)
        assert PhilaState(n, 11).start_player == PhilaState(n, 11).start_player
        assert {PhilaState(n, seed, version=1).start_player for seed in range(20)} == {0}
    g = PhilaState(3, 5)
    assert g.turn_order == g.seats_from(g.start_player) and g.roller == g.start_player


def test_setup_item_row_never_shows_the_field_card() -> None:
    """準備 3-4: 15 item cards, 3 face up, the field card shuffled back until none shows."""
    for seed in range(60):
        g = PhilaState(2, seed)
        assert len(g.item_row) == 3 and "boom" not in g.item_row
        assert g.item_count() == 15 and not g.field_up


def test_each_player_takes_two_actions_in_turn() -> None:
    """アクションフェイズ: the start player takes 2 actions, then the next player clockwise."""
    g = make(3, hands={0: [], 1: [], 2: []}, money={0: 9, 1: 9, 2: 9})
    play(g, 0, "acquire 1")
    assert g.to_act() == {0}
    play(g, 0, "acquire 1")
    assert g.to_act() == {1}
    with pytest.raises(NotYourTurn):
        g.parse_move(0, "acquire 1")
    play(g, 1, "acquire 2")
    play(g, 1, "acquire 2")
    play(g, 2, "acquire 1")
    assert g.to_act() == {2} and g.phase is Phase.ACTION


def test_explore_reveals_four_and_keeps_one() -> None:
    """探査: reveal the top 4, keep 1; the other 3 go to the discard pile."""
    top = ["cafe-a", "taxi-a", "hotel-a", "nurse-a"]
    g = make(hands={0: ["cafe-b"]}, top=top)
    play(g, 0, "explore")
    view = g.view(1)
    assert view.pending is not None and [c.id for c in view.pending.cards] == top
    assert view.revealed is not None and view.revealed.reason == "explore"
    assert set(legal(g, 0)) == {f"keep {c}" for c in top}
    play(g, 0, "keep cafe-a")
    assert sorted(g.players[0].hand) == ["cafe-a", "cafe-b"]
    assert g.discard == ["taxi-a", "hotel-a", "nurse-a"]
    assert g.actions_left == 1


def test_explore_is_refused_with_seven_cards() -> None:
    """探査: not with 7 or more cards in hand."""
    seven = ["cafe-a", "cafe-b", "taxi-a", "taxi-b", "hotel-a", "nurse-a", "guard-a"]
    g = make(hands={0: seven})
    assert g.refusal(0, g.parse_move(0, "explore")) == (
        "You hold 7 cards; explore needs 6 or fewer (seed 探査)."
    )


def test_acquire_pays_one_per_card_up_to_five() -> None:
    """獲得: 1 money per card, at most 5."""
    g = make(hands={0: []}, money={0: 9}, top=["cafe-a", "cafe-b", "cafe-c", "cafe-d", "taxi-a"])
    assert "acquire 5" in legal(g, 0) and "acquire 6" not in legal(g, 0)
    play(g, 0, "acquire 5")
    assert g.players[0].money == 4
    assert sorted(g.players[0].hand) == ["cafe-a", "cafe-b", "cafe-c", "cafe-d", "taxi-a"]
    with pytest.raises(IllegalMove, match="1 to 5"):
        play(g, 0, "acquire 6")


def test_acquire_never_goes_beyond_seven_cards_or_money() -> None:
    """獲得: refused if the hand would exceed 7; the price must be paid in full."""
    g = make(hands={0: ["cafe-a", "cafe-b", "taxi-a", "taxi-b", "hotel-a"]}, money={0: 9})
    assert g.refusal(0, g.parse_move(0, "acquire 3")) == (
        "You hold 5 cards; acquiring 3 would make 8, more than 7 (seed 獲得)."
    )
    assert g.refusal(0, g.parse_move(0, "acquire 2")) is None
    g = make(hands={0: []}, money={0: 2})
    assert g.refusal(0, g.parse_move(0, "acquire 3")) == (
        "Acquiring 3 card(s) costs 3 money; you have 2."
    )


def test_post_pays_the_posting_cost() -> None:
    """掲載: pay the card's posting cost and put it in your area."""
    g = make(hands={0: ["cinema-a"]}, money={0: 5})
    cost = g.job("cinema-a").cost
    play(g, 0, "post cinema-a")
    assert ad_cards(g, 0) == ["cinema-a"] and g.players[0].money == 5 - cost
    assert g.players[0].ads[0].months == 0


def test_post_is_refused_without_the_money() -> None:
    """掲載 / Q2: a posting cost is paid, never partly: without the money it cannot be posted."""
    g = make(hands={0: ["airline-a"]}, money={0: 2})
    cost = g.job("airline-a").cost
    before = g.view(0)
    with pytest.raises(IllegalMove, match=f"costs {cost} money; you have 2"):
        play(g, 0, "post airline-a")
    assert g.view(0) == before


def test_post_a_card_not_in_hand_is_refused() -> None:
    g = make(hands={0: ["cafe-a"]})
    assert g.refusal(0, g.parse_move(0, "post cafe-b")) == "cafe-b is not in your hand."


def test_buy_uses_the_item_and_refills_the_row_once_per_turn() -> None:
    """購入: buy an item, use it at once, at most one per turn; the row is refilled."""
    g = make(
        hands={0: []},
        money={0: 9},
        items=["magazine", "reform", "fair"],
        item_top=["chance"],
        top=["cafe-a", "cafe-b", "cafe-c"],
    )
    play(g, 0, "buy magazine")
    assert sorted(g.players[0].hand) == ["cafe-a", "cafe-b", "cafe-c"]  # Job magazine: draw 3
    assert g.players[0].money == 9 - g.data.item("magazine").price
    assert g.item_row == ["reform", "fair", "chance"] and g.item_discard == ["magazine"]
    assert g.refusal(0, g.parse_move(0, "buy fair")) == (
        "You have already bought an item this turn (one per turn, seed 購入)."
    )


def test_buy_an_item_not_in_the_row_is_refused() -> None:
    g = make(items=["magazine", "reform", "fair"])
    reason = g.refusal(0, g.parse_move(0, "buy chance"))
    assert reason == "There is no `chance` in the item row; it shows magazine, reform, fair."


@pytest.mark.parametrize(
    "cards, move, vp",
    [
        (["cafe-a", "cafe-b"], "submit pair cafe", 1),
        (["cafe-a", "cafe-b", "cafe-c"], "submit three cafe", 3),
        (["cafe-a", "cafe-b", "cafe-c", "cafe-d"], "submit four cafe", 5),
        (["cafe-a", "hotel-b", "cinema-c"], "submit flush cafe+cinema+hotel", 2),
        (["cafe-a", "hotel-b", "cinema-c"], "submit flush cafe+hotel+cinema", 2),  # any order
        (
            ["cafe-a", "hotel-b", "cinema-c", "bookstore-a"],
            "submit flush cafe+hotel+cinema+bookstore",
            3,
        ),
    ],
)
def test_hands_score_as_the_table_says(cards: list[str], move: str, vp: int) -> None:
    """役一覧: pair 1, three of a kind 3, four of a kind 5, flush-3 2, flush-4 3."""
    g = make(hands={0: cards})
    play(g, 0, move)
    assert g.players[0].vp == vp
    assert g.players[0].hand == [] and sorted(g.discard) == sorted(cards)


def test_professionals_never_count_in_hands() -> None:
    """役一覧 *: professional (専門職) ads cannot be used to submit hands."""
    g = make(hands={0: ["guard-a", "guard-b", "nurse-a"]})
    assert not [m for m in legal(g, 0) if m.startswith("submit")]
    reason = g.refusal(0, g.parse_move(0, "submit pair guard"))
    assert reason is not None and "Professionals never count" in reason


def test_a_flush_is_offered_with_its_jobs_in_alphabetical_order() -> None:
    g = make(hands={0: ["hotel-b", "cinema-c", "cafe-a"]})
    assert [m for m in legal(g, 0) if m.startswith("submit")] == ["submit flush cafe+cinema+hotel"]


def test_a_flush_needs_one_industry_and_different_names() -> None:
    g = make(hands={0: ["cafe-a", "cafe-b", "taxi-a", "hotel-a"]})
    assert g.refusal(0, g.parse_move(0, "submit flush cafe+taxi+hotel")) is not None
    assert g.refusal(0, g.parse_move(0, "submit flush cafe+cafe+hotel")) is not None


def test_submit_hands_takes_as_many_hands_as_you_like_in_one_action() -> None:
    """役提出: submit any number of hands in one action; `done` ends it."""
    g = make(hands={0: ["cafe-a", "cafe-b", "taxi-a", "taxi-b", "taxi-c", "nurse-a"]})
    play(g, 0, "submit pair cafe")
    assert g.actions_left == 1 and g.to_act() == {0}
    assert "submit three taxi" in legal(g, 0) and "done" in legal(g, 0)
    play(g, 0, "submit three taxi")
    # nothing left to submit: the action ends by itself
    assert g.players[0].vp == 4 and not g.stack and g.actions_left == 1
    assert g.players[0].hand == ["nurse-a"]


def test_done_ends_the_submission_early() -> None:
    g = make(hands={0: ["cafe-a", "cafe-b", "taxi-a", "taxi-b"]})
    play(g, 0, "submit pair cafe")
    play(g, 0, "done")
    assert g.players[0].vp == 1 and sorted(g.players[0].hand) == ["taxi-a", "taxi-b"]
    assert not g.stack and g.actions_left == 1


def test_pass_only_when_nothing_else_is_possible() -> None:
    """パス: allowed only if no other action is possible; the hand is revealed; +1 money."""
    g = make(hands={0: ["cafe-a"]}, money={0: 0})
    assert g.refusal(0, g.parse_move(0, "pass")) == (
        "You may pass only when no other action is possible (seed パス)."
    )
    seven = ["guard-a", "nurse-a", "doctor-a", "airline-a", "hotel-a", "potter-a", "detective-a"]
    g = make(hands={0: seven}, money={0: 0}, items=["chance", "reform", "magazine"])
    assert legal(g, 0) == ["pass"]
    floor = g.undo_barrier()
    play(g, 0, "pass")
    assert g.players[0].money == 1
    public = g.view(None)
    assert public.revealed is not None and public.revealed.seat == 0
    assert {c.id for c in public.revealed.cards} == set(seven)
    assert g.undo_barrier() > floor  # a revealed hand cannot be undone


def test_builder_is_free_with_three_cards_or_fewer() -> None:
    """建設会社 (blog #3): free to post if the hand, this card included, has at most 3 cards."""
    g = make(hands={0: ["builder-a", "cafe-a", "cafe-b"]}, money={0: 0})
    play(g, 0, "post builder-a")
    assert ad_cards(g, 0) == ["builder-a"] and g.players[0].money == 0
    g = make(hands={0: ["builder-a", "cafe-a", "cafe-b", "taxi-a"]}, money={0: 0})
    assert g.refusal(0, g.parse_move(0, "post builder-a")) is not None


def test_hands_are_secret_in_every_other_view() -> None:
    g = make(hands={0: ["cafe-a"], 1: ["taxi-a"]})
    assert g.view(0).players[0].hand is not None
    assert g.view(1).players[0].hand is None and g.view(None).players[0].hand is None
    assert g.view(1).players[0].hand_size == 1
    assert g.secrets(0) == {("players", 0, "hand"): ("cafe-a",)}


def test_bad_notation_names_the_forms() -> None:
    g = make()
    with pytest.raises(InvalidMove, match="acquire <count>"):
        g.parse_move(0, "acquire many")


def test_every_legal_move_round_trips_through_notation() -> None:
    g = make(
        hands={0: ["cafe-a", "cafe-b", "hotel-a", "cinema-a", "logistics-a"]},
        money={0: 9},
        items=["chance", "fair", "magazine"],
    )
    for move in g.legal_moves(0):
        assert g.parse_move(0, move.notation) == move
        assert dataclasses.is_dataclass(move)


def test_default_move_is_a_safe_choice() -> None:
    """What a time-out would play: explore in the action phase, skip/done inside an effect."""
    g = make(hands={0: ["cafe-a"]}, ads={1: [("taxi-a", 0)]}, money={0: 5})
    assert g.default_move(0).notation == "explore"
    g = make(hands={0: ["furniture-a"]}, ads={1: [("taxi-a", 0)]}, money={0: 5})
    play(g, 0, "post furniture-a")
    assert g.default_move(0).notation == "skip"


def test_choices_browse_word_by_word() -> None:
    g = make(hands={0: ["cafe-a", "cafe-b", "hotel-a"]}, money={0: 5})
    words = {c.notation: c.count for c in g.choices(0, "po")}
    assert words == {"post": 3}
    assert {c.notation for c in g.choices(0, "submit ")} == {"submit pair"}
