"""Setup, Restructuring and Order of business (seed "■セットアップ", phases 1 and 2)."""

from __future__ import annotations

import dataclasses

import pytest

from games.core import IllegalMove, Rng, replay, start
from games.food_chain_magnate import SPEC
from games.food_chain_magnate.model import Phase
from games.food_chain_magnate.restructuring import reveal
from games.food_chain_magnate.rules import open_slots, structure_fits

from .scenario import give, make_game, notations, play


@pytest.mark.parametrize(
    "seats, squares, one_x, removed",
    [
        (2, (15, 15), 1, {12, 15, 16}),
        (3, (15, 20), 1, {15, 16}),
        (4, (20, 20), 2, {16}),
        (5, (20, 25), 3, set()),
    ],
)
def test_setup_by_player_count(
    seats: int, squares: tuple[int, int], one_x: int, removed: set[int]
) -> None:
    """Seed setup: map size, 1x cards and billboards by player count, bank $50 × players."""
    _, g = start(SPEC, {}, seats, 3)
    assert (g.grid.height, g.grid.width) == squares
    assert g.bank == 50 * seats
    assert all(p.cash == 0 for p in g.players)
    assert g.supply["cfo"] == one_x and g.supply["waitress"] == 12
    assert set(range(1, 17)) - set(g.campaign_supply) == removed
    assert sorted(g.order) == list(range(seats))
    assert len({t.tile for t in g.grid.placed}) == len(g.grid.placed)


def test_intro_option_resolves_and_sets_up() -> None:
    """Seed "入門ゲーム": no reserve cards, $75 × players, no milestones (unless asked)."""
    assert SPEC.resolve_options({"intro": True})["milestones"] is False
    assert SPEC.resolve_options({"intro": True, "milestones": True})["milestones"] is True
    assert SPEC.resolve_options({})["milestones"] is True
    assert SPEC.resolve_options({})["intro"] is False
    _, g = start(SPEC, {"intro": True}, 3, 1)
    assert g.bank == 225 and not g.milestones_left


def test_first_restaurants_reverse_order_then_passers_must_place() -> None:
    """Seed setup: last player first; passers place in turn order in a second round."""
    _, g = start(SPEC, {}, 3, 5)
    first, second, third = g.order
    assert g.to_act() == {third}
    play(g, third, "pass")
    assert g.to_act() == {second}
    spot = notations(g, second)[0]
    play(g, second, spot)
    play(g, first, "pass")
    assert g.to_act() == {first}  # second round in turn order: first before third
    assert "pass" not in notations(g, first)
    with pytest.raises(IllegalMove, match="must place"):
        play(g, first, "pass")
    play(g, first, notations(g, first)[0])
    assert g.to_act() == {third}
    play(g, third, notations(g, third)[0])
    assert g.phase == Phase.SETUP_RESERVE and len(g.restaurants) == 3


def test_first_restaurant_placement_limits() -> None:
    """Seed setup: empty squares, entrance next to a road, not next to a road on a tile where
    an existing entrance touches a road."""
    g = make_game(["A0", "T0"], 2)
    g.phase = Phase.SETUP_RESTAURANTS
    g.setup_queue = [(1, True), (0, True)]
    with pytest.raises(IllegalMove, match="c1 is not empty: it holds a road"):
        play(g, 1, "place restaurant c1 ne")
    with pytest.raises(IllegalMove, match="does not touch a road"):
        play(g, 1, "place restaurant d4 se")
    play(g, 1, "place restaurant d4 nw")  # entrance d4 touches road c4 (tile A)
    # Seat 0 may not touch a road on tile A now, but tile T's roads are fine.
    with pytest.raises(IllegalMove, match="another restaurant's entrance"):
        play(g, 0, "place restaurant d1 sw")
    assert "place restaurant d1 sw" not in notations(g, 0)
    play(g, 0, "place restaurant i4 nw")  # entrance i4 next to h4 on tile T


def test_reserve_card_is_secret_until_the_first_break() -> None:
    """Seed setup: each player keeps one reserve card face down."""
    _, g = start(SPEC, {}, 2, 2)
    while g.phase == Phase.SETUP_RESTAURANTS:
        seat = next(iter(g.to_act()))
        play(g, seat, notations(g, seat)[0])
    assert g.to_act() == {0, 1}
    assert notations(g, 0) == ["reserve 100", "reserve 200", "reserve 300"]
    play(g, 0, "reserve 300")
    assert g.public_notation(0, g.parse_move(1, "reserve 100")) == "reserve (secret)"
    assert g.view(0).players[0].reserve == 300
    assert g.view(1).players[0].reserve is None and g.view(None).players[0].reserve is None
    assert g.secrets(0) == {("players", 0, "reserve"): 300}


def test_structure_pyramid_rules() -> None:
    """Seed phase 1: CEO 3 slots; managers only under the CEO and hold non-managers only."""
    assert structure_fits(["waitress"] * 3, 3)
    assert not structure_fits(["waitress"] * 4, 3)
    assert structure_fits(["management_trainee", "waitress", "waitress", "waitress", "trainer"], 3)
    assert not structure_fits(["management_trainee"] * 4, 3)  # managers never under managers
    assert structure_fits(["executive_vp"] + ["waitress"] * 12, 3)  # EVP: 10 slots
    assert open_slots(["management_trainee", "waitress"], 3) == 3


def test_restructuring_is_secret_and_simultaneous_then_revealed() -> None:
    """Seed phase 1: choices are secret until everyone has chosen, then all are revealed."""
    g = make_game(["A0", "T0"], 2)
    give(g, 0, "waitress", "trainer")
    give(g, 1, "kitchen_trainee")
    g.turn = 1
    g.steps[Phase.RESTRUCTURING].enter(g)
    g.phase = Phase.RESTRUCTURING
    assert g.to_act() == {0, 1}
    play(g, 0, "work waitress")
    assert g.view(0).players[0].pending == ("waitress",)
    assert g.view(1).players[0].pending is None and g.view(None).players[0].pending is None
    assert g.secrets(0) == {
        ("players", 0, "pending"): ("waitress",),
        ("players", 0, "reserve"): 200,
    }
    assert g.public_notation(0, g.parse_move(0, "work waitress")) == "restructure (secret)"
    play(g, 0, "commit")
    assert g.view(None).players[0].at_work == ()  # nothing shown yet
    barrier = g.undo_barrier()
    play(g, 1, "work kitchen_trainee", "commit")
    assert g.undo_barrier() > barrier  # revealing is not undoable
    assert g.view(None).players[0].at_work == (("waitress", 1),)
    assert g.view(None).players[0].beach == (("trainer", 1),)
    assert g.phase == Phase.ORDER_OF_BUSINESS


def test_a_structure_that_does_not_fit_is_refused() -> None:
    g = make_game(["A0", "T0"], 2)
    give(g, 0, "waitress", "waitress", "waitress", "waitress", "management_trainee")
    g.steps[Phase.RESTRUCTURING].enter(g)
    play(g, 0, "work waitress", "work waitress", "work waitress")
    with pytest.raises(IllegalMove, match=r"does not fit.*3 free slots for 4 non-managers"):
        play(g, 0, "work waitress")
    assert g.players[0].pending == ["waitress"] * 3
    play(g, 0, "work management_trainee", "work waitress")  # the trainee makes room
    assert "work waitress" not in notations(g, 0)  # all four are chosen


def test_impossible_structure_sends_everyone_but_the_ceo_to_the_beach() -> None:
    """Seed phase 1: an impossible structure works with the CEO only."""
    g = make_game(["A0", "T0"], 2)
    give(g, 0, *["waitress"] * 4)
    g.players[0].pending = ["waitress"] * 4  # as if chosen before the CEO lost slots
    events = reveal(g)
    assert not g.players[0].at_work
    assert any("does not fit" in e for e in events)


def test_busy_marketeers_are_neither_at_work_nor_on_the_beach() -> None:
    g = make_game(["A0", "T0"], 2)
    (mt,) = give(g, 0, "marketing_trainee")
    g.players[0].cards.remove(mt)
    g.players[0].busy[11] = mt
    give(g, 0, "waitress")
    g.steps[Phase.RESTRUCTURING].enter(g)
    with pytest.raises(IllegalMove, match=r"no other marketing trainee.*1 busy"):
        play(g, 0, "work marketing_trainee")


def test_order_of_business_most_open_slots_first_ties_by_previous_order() -> None:
    """Seed phase 2 (+ airplane milestone: 2 extra open slots)."""
    g = make_game(["A0", "T0", "B0"], 3, seats=3)
    g.order = [2, 0, 1]
    give(g, 0, "management_trainee", work=True)  # 3 + 2 − 1 = 4 open
    give(g, 1, "waitress", work=True)  # 2 open
    give(g, 2, "waitress", work=True)  # 2 open
    g.players[1].milestones["first_airplane"] = 0  # 2 + 2 = 4 open
    for p in g.players:
        p.revealed = True
    g.phase = Phase.ORDER_OF_BUSINESS
    g.steps[Phase.ORDER_OF_BUSINESS].enter(g)
    assert g.oob_queue == [0, 1, 2]  # 0 and 1 tie at 4: 0 was earlier than 1
    play(g, 0, "order 3")
    with pytest.raises(IllegalMove, match="Position 3 is not free"):
        play(g, 1, "order 3")
    play(g, 1, "order 1")
    assert g.order == [1, 2, 0]  # seat 2 took the last position automatically
    assert g.phase == Phase.WORKING


def test_replay_reproduces_views_and_reveals_nothing_early() -> None:
    rec, g = start(SPEC, {}, 2, 11)
    rng = Rng(5)
    for _ in range(400):
        if g.is_over():
            break
        seat = min(g.to_act())
        move = SPEC.ai.choose(g, seat, rng)  # type: ignore[union-attr]
        g.apply(seat, move)
        rec.moves.append((seat, move.notation))
    again = replay(rec)
    assert dataclasses.asdict(again.view(None)) == dataclasses.asdict(g.view(None))
    assert again.view(0) == g.view(0)
