"""Solo play against Andrew Carnegie (seed ソロルール)."""

from __future__ import annotations

from collections import Counter

import pytest

from games.carnegie.model import ANDREW
from games.carnegie.phases import Phase
from games.carnegie.solo import andrew as solo
from games.carnegie.timeline import Event, select

from .scenario import game, legal, play, ready


@pytest.mark.parametrize(
    "level, normal, advanced", [(1, 20, 0), (2, 15, 5), (3, 10, 10), (4, 5, 15)]
)
def test_difficulty_decks(level: int, normal: int, advanced: int) -> None:
    g = game(1, difficulty=level)
    a = g.andrew
    assert a is not None and a.level == level
    decks = Counter(g.card_index[c].deck for c in a.deck)
    assert decks == Counter({"normal": normal, "advanced": advanced}) - Counter()


def test_andrew_starts_with_a_disk_on_each_track_and_none_on_the_map() -> None:
    g = ready(1)
    a = g.andrew
    assert a is not None
    assert all(box == 0 for box in a.tracks.values())
    assert not any(x == ANDREW for o in g.spaces.values() for x in o)
    assert a.disks == 26


def test_locomotive_alternates_who_picks() -> None:
    # Seed: the player picks when the locomotive is on the left, Andrew (card back) otherwise.
    g = ready(1, seed=3)
    a = g.andrew
    assert a is not None and not a.picks
    assert g.phase == Phase.CHOOSE and g.to_act() == {0}
    play(g, 0, "choose rd")
    while g.round == 1:
        g.apply(0, g.default_move(0))
    # round 2: Andrew picked the row on his card's back; no choose move for the player
    assert a.picks and g.phase != Phase.CHOOSE
    assert g.action == g.card_index[a.current or ""].back
    while g.round == 2:
        g.apply(0, g.default_move(0))
    assert not a.picks and g.phase == Phase.CHOOSE and g.to_act() == {0}


def test_andrew_acts_first_with_the_revealed_card() -> None:
    g = ready(1, seed=3)
    play(g, 0, "choose construction")
    a = g.andrew
    assert a is not None and a.revealed
    c = g.card_index[a.current or ""]
    built = sum(1 for o in g.spaces.values() for x in o if x == ANDREW)
    assert built == a.projects == len(c.cities) - a.shift


def _solo_round(g, card_id: str, action: str, event: Event):  # type: ignore[no-untyped-def]
    a = g.andrew
    a.current = card_id
    a.shift = 0
    g.action = action
    g.selection = select(g.discs, ["hr", "management", "construction", "rd"].index(action))
    g.event = event
    return solo.play_turn(g)


def test_hr_slides_the_card() -> None:
    g = ready(1)
    _solo_round(g, "n01", "hr", Event("west", False))
    assert g.andrew is not None and g.andrew.shift == 4


def test_management_takes_one_tile_per_listed_type_and_slides_for_missing_ones() -> None:
    g = ready(1)
    for k in list(g.display):
        if g.data.department[k].type == "rd":
            g.display[k] = 0
    g.display[next(k for k in g.display if g.data.department[k].type == "hr")] = 2
    before = sum(g.display.values())
    _solo_round(g, "n10", "management", Event("west", False))  # HR, Construction, R&D
    a = g.andrew
    assert a is not None
    types = [g.data.department[k].type for k in a.departments]
    assert "hr" in types and "rd" not in types
    assert sum(g.display.values()) == before - len(a.departments)
    assert a.shift == 3 - len(a.departments)


def test_management_never_takes_two_of_the_same_kind_in_one_turn() -> None:
    g = ready(1)
    g.display = {k: 0 for k in g.display}
    g.display["training"] = 2
    _solo_round(g, "n06", "management", Event("west", False))  # HR x3
    assert g.andrew is not None and g.andrew.departments == ["training"] and g.andrew.shift == 2


def test_construction_uses_the_leftmost_free_space_and_slides_when_full() -> None:
    g = ready(1)
    g.spaces["salt-lake-city"] = [1]  # taken
    g.spaces["reno"] = [None]
    _solo_round(g, "n01", "construction", Event("west", False))
    assert g.spaces["reno"] == [ANDREW]
    assert g.andrew is not None and g.andrew.shift == 1


def test_rd_advances_and_final_box_blocks() -> None:
    g = ready(1)
    a = g.andrew
    assert a is not None
    a.tracks["east"] = 3
    g.company(0).tracks["east"] = 4  # the player holds the final box
    _solo_round(g, "n19", "rd", Event("west", False))  # East 3 steps
    assert a.tracks["east"] == 3 and a.shift == 3


def test_shift_is_capped_at_the_ten_vp_card() -> None:
    g = ready(1)
    g.display = {k: 0 for k in g.display}
    _solo_round(g, "a01", "hr", Event(None, True))
    assert g.andrew is not None and g.andrew.shift == 4


def test_donation_event_puts_a_disk_on_the_cards_donation_unless_taken() -> None:
    g = ready(1)
    g.chart["a1"] = []
    _solo_round(g, "n01", "hr", Event(None, True))
    assert g.chart["a1"] == [ANDREW]
    g.andrew.donations.clear()  # type: ignore[union-attr]
    g.chart["a1"] = [0]
    _solo_round(g, "n01", "hr", Event(None, True))
    assert g.chart["a1"] == [0]


def test_card_is_filed_under_the_vp_card_it_reached() -> None:
    g = ready(1)
    _solo_round(g, "n03", "hr", Event("west", False))  # slides 3
    solo.end_round(g)
    a = g.andrew
    assert a is not None and a.piles[3] == ["n03"] and a.picks


def test_andrew_scoring_uses_the_players_achievements_for_donations() -> None:
    # Seed: e.g. the player built 5 projects in the West and Andrew holds the West Health
    # donation: 10 VP for Andrew.
    g = ready(1)
    a = g.andrew
    assert a is not None
    c = g.company(0)
    c.projects = [(x, 0, "housing") for x in ("seattle", "helena", "portland", "boise", "reno")]
    a.donations = ["d4"]
    a.piles[2] = ["n01", "n02"]
    a.departments = ["sales"]
    a.tracks["west"] = 4
    g.spaces["denver"][0] = ANDREW
    s = solo.score(g)
    assert s["andrew_donations"] == 10
    assert s["andrew_cards"] == 6 and s["andrew_departments"] == 2
    assert s["andrew_transport"] == 6 and s["andrew_projects"] == 2


def test_a_whole_solo_game_ends_with_andrews_score() -> None:
    g = ready(1, seed=8)
    while not g.is_over():
        g.apply(0, g.default_move(0))
    out = g.outcome()
    assert out is not None and "Andrew" in out.reason
    assert out.details[0]["andrew_total"] >= 0
    assert sum(len(p) for p in g.andrew.piles) == 20  # type: ignore[union-attr]


def test_player_sees_card_backs_but_not_faces_before_reveal() -> None:
    g = ready(1, seed=3)
    v = g.view(0).andrew
    assert v is not None and v.card_back is not None and v.next_back is not None
    assert v.card is None
    play(g, 0, "choose hr")
    assert g.view(0).andrew.card is not None
    assert g.undo_barrier() == g.moves_applied
    assert "choose hr" not in legal(g, 0)


def test_drawing_andrews_next_card_is_an_undo_barrier() -> None:
    # The top card's back becomes visible when a card is drawn: no undo past that.
    g = ready(1, seed=3)
    play(g, 0, "choose hr")
    while g.round < 3:  # round 2 is Andrew's pick; round 3 is the player's again
        g.apply(0, g.default_move(0))
    assert g.phase == Phase.CHOOSE and g.andrew is not None and not g.andrew.revealed
    assert g.undo_barrier() == g.moves_applied
