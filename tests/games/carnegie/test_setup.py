"""Setup (seed ゲームの準備 1-12)."""

from __future__ import annotations

import pytest

from games.carnegie.model import NEUTRAL
from games.carnegie.phases import Phase
from games.core import InvalidOptions

from .scenario import finish_setup, game, legal, play, refused


@pytest.mark.parametrize("n, tiles", [(1, 16), (2, 16), (3, 24), (4, 28)])
def test_department_tiles_by_player_count(n: int, tiles: int) -> None:
    # Seed 準備 4: remove 4/8/16 of the 32 tiles for 4/3/2 players; solo: 16 available.
    g = game(n)
    assert sum(g.display.values()) == tiles
    assert all(v <= 2 for v in g.display.values())


def test_each_company_starts_as_the_seed_says() -> None:
    # Seed 準備 6: 4 goods, $12, 5 standing employees, 5 lying in the Lobby, 5 aside; 30 disks:
    # VP 0, 4 transport tracks, the housing/commerce/industry tabs -> 22 left.
    g = game(3)
    for c in g.companies:
        assert (c.goods, c.money, c.vp) == (4, 12, 0)
        assert c.active_employees() == 5 and c.lobby == 5 and c.aside == 5
        assert all(box == 0 for box in c.tracks.values())
        assert c.revealed == {"housing": 1, "commerce": 1, "industry": 1, "infrastructure": 0}
        assert c.disks == 22


def test_four_timeline_tiles_and_discs_at_start() -> None:
    g = game(2)
    assert len(g.tiles) == 4 and len({t for t, _ in g.tiles}) == 4
    assert g.discs == [0, 0, 0, 0]


@pytest.mark.parametrize("n, holders", [(2, 0), (3, 1), (4, 4)])
def test_action_choice_tiles(n: int, holders: int) -> None:
    # Seed 準備 8: 4 players all, 3 players the third player only, 2 players none.
    g = game(n)
    assert sum(c.choice_tile for c in g.companies) == holders
    if n == 3:
        assert g.companies[(g.start_player + 2) % 3].choice_tile


@pytest.mark.parametrize("n, disks", [(1, 18), (2, 18), (3, 9), (4, 0)])
def test_neutral_blocking_disks(n: int, disks: int) -> None:
    # Seed 準備 9: 18 neutral disks with 2 players, 9 with 3, none with 4 (solo as 2: S8).
    g = game(n)
    on_map = sum(1 for o in g.spaces.values() for x in o if x == NEUTRAL)
    on_chart = sum(1 for o in g.chart.values() for x in o if x == NEUTRAL)
    assert on_map + on_chart == disks == g.neutral_disks
    if disks:
        assert on_chart >= 1  # every card puts its first disk on its donation space


def test_projects_placed_counter_clockwise_on_medium_or_major_housing() -> None:
    # Seed 準備 10: from the player right of the start player, counter-clockwise.
    g = game(4, seed=11)
    s = g.start_player
    assert g.phase == Phase.SETUP_PROJECTS
    assert g.to_act() == {(s - 1) % 4}
    assert all(m.startswith("place ") for m in legal(g, (s - 1) % 4))
    refused(g, (s - 1) % 4, "place seattle", "medium or major")
    play(g, (s - 1) % 4, "place pittsburgh")
    c = g.company((s - 1) % 4)
    assert c.projects == [("pittsburgh", 0, "housing")]  # spaces left to right: H C I
    assert c.built["housing"] == 1 and c.tab_disks("housing", g.data) == 0
    # then the reserved department (S6), then the next seat counter-clockwise
    kind = next(k for k, v in g.display.items() if v)
    play(g, (s - 1) % 4, f"reserve {kind}")
    assert c.reserve == kind
    assert g.to_act() == {(s - 2) % 4}


def test_setup_moves_are_six_orthogonal_then_activation() -> None:
    # Seed 準備 11-12: up to 6 orthogonal moves, then activation.
    g = game(2, seed=5)
    while g.phase == Phase.SETUP_PROJECTS:
        seat = min(g.to_act())
        g.apply(seat, g.legal_moves(seat)[0])
    seat = g.start_player
    assert g.to_act() == {seat}
    play(g, seat, "move setup b4 b1")  # 3 moves up the b column
    play(g, seat, "move setup b4 b2")  # 2 more
    refused(g, seat, "move setup b4 b2", "takes 2 moves but you have 1 left")
    play(g, seat, "move setup b4 c4")
    assert g.turn.moves_left == 0
    c = g.company(seat)
    assert c.cells["c4"].inactive == 1  # into HR: lies down
    play(g, seat, "activate c4")
    assert c.cells["c4"].active == 2 and c.money == 11
    play(g, seat, "end")
    assert g.to_act() == {1 - seat}


def test_unknown_options_and_player_counts_are_refused() -> None:
    with pytest.raises(InvalidOptions):
        game(2, departments="all")
    with pytest.raises(InvalidOptions):
        game(5)


def test_finished_setup_reaches_round_one() -> None:
    g = finish_setup(game(3))
    assert g.phase == Phase.CHOOSE and g.round == 1
    assert g.to_act() == {g.start_player}
