"""Solo play against Andrew Carnegie (seed ソロルール)."""

from __future__ import annotations

from collections import Counter

import pytest

from games.carnegie.data import ACTIONS
from games.carnegie.model import ANDREW, NEUTRAL
from games.carnegie.phases import Phase
from games.carnegie.scoring import final_outcome, score_company
from games.carnegie.solo import andrew as solo
from games.carnegie.timeline import LAST, Event, event_at, select
from games.core.text import key_of

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


# -- audit against the seed's solo rules (docs/rules/carnegie.md "Solo") ---------------------


def _to_round(g, n: int) -> None:  # type: ignore[no-untyped-def]
    while g.round < n:
        g.apply(0, g.default_move(0))


@pytest.mark.parametrize(
    "card, ended, flipped",
    [
        ("n01", ["hr"], "management"),  # the row just below
        ("n20", ["rd"], "hr"),  # 研究開発が選択された場合は人事
        ("n01", ["hr", "management"], "construction"),  # the flipped disc must still advance
    ],
)
def test_andrew_picks_his_row_at_the_end_and_flips_the_next_row_that_can_advance(
    card: str, ended: list[str], flipped: str
) -> None:
    # Seed 注意: his row's disc on the last space: the marker goes right of it, the disc of the
    # row below that can still advance is flipped and its space's event happens; that disc
    # advances at the end of the round, the chosen action is still his row's.
    g = ready(1, seed=3)
    a = g.andrew
    assert a is not None
    play(g, 0, "choose construction")
    a.deck[0] = card  # round 2's card: Andrew picks the row on its back
    for row in ended:
        g.discs[ACTIONS.index(row)] = LAST
    _to_round(g, 2)
    back = g.card_index[card].back
    sel = g.selection
    assert a.picks and g.action == back and sel is not None
    assert sel.row == ACTIONS.index(back) and sel.marker == LAST + 1
    assert sel.flipped == ACTIONS.index(flipped)
    before = list(g.discs)  # discs move at the end of a round
    assert g.event == event_at(g.data, g.tiles, sel.flipped, before[sel.flipped] + 1)
    _to_round(g, 3)
    assert g.discs[ACTIONS.index(flipped)] == before[ACTIONS.index(flipped)] + 1
    assert all(g.discs[ACTIONS.index(r)] == LAST for r in ended)


@pytest.mark.parametrize("option, shift", [(None, 3), ("none", 3), ("slide", 4)])
@pytest.mark.parametrize("why", ["taken", "no disks"])
def test_a_donation_he_cannot_make_places_nothing_and_slides_only_with_the_option(
    option: str | None, shift: int, why: str
) -> None:
    # Seed: 「表示されているスペースに既に占有されている場合や、ディスクを使い切ってしまった場合、
    # アンドリューはディスクを置きません」 (nothing else); S5 also slides the card one space.
    g = ready(1, **({} if option is None else {"andrew_donation": option}))
    a = g.andrew
    assert a is not None
    g.chart["d2"] = [NEUTRAL] if why == "taken" else []
    if why == "no disks":
        a.disks = 0
    _solo_round(g, "n05", "hr", Event(None, True))  # HR 3, donation d2
    assert a.donations == [] and ANDREW not in g.chart["d2"]
    assert a.shift == shift


def test_the_slide_of_a_failed_donation_adds_to_the_failed_parts_and_stops_at_ten() -> None:
    g = ready(1, andrew_donation="slide")
    a = g.andrew
    assert a is not None
    g.chart["a1"] = [NEUTRAL]
    g.spaces["salt-lake-city"] = [0]
    _solo_round(g, "n01", "construction", Event(None, True))  # Salt Lake City full, Reno free
    assert a.shift == 2 and g.spaces["reno"] == [ANDREW]
    _solo_round(g, "n01", "hr", Event(None, True))  # HR 4 + 1: the 10 VP card
    assert a.shift == 4


def test_construction_without_disks_slides_once_per_listed_city() -> None:
    g = ready(1)
    a = g.andrew
    assert a is not None
    a.disks = 0
    g.spaces["salt-lake-city"] = [None]
    g.spaces["reno"] = [None]
    _solo_round(g, "n01", "construction", Event("west", False))
    assert g.spaces["salt-lake-city"] == [None] and g.spaces["reno"] == [None]
    assert a.shift == 2 and a.projects == 0


def test_construction_takes_the_leftmost_free_space_of_a_larger_city() -> None:
    g = ready(1)
    a = g.andrew
    assert a is not None
    g.spaces["st-louis"] = [0, None, None]
    g.spaces["chicago"] = [None, NEUTRAL, None, None, None]
    _solo_round(g, "n02", "construction", Event("west", False))  # St. Louis, Chicago
    assert g.spaces["st-louis"] == [0, ANDREW, None]
    assert g.spaces["chicago"] == [ANDREW, NEUTRAL, None, None, None]
    assert a.shift == 0 and a.disks == 24


def test_rd_moves_what_it_can_and_slides_for_each_step_it_cannot() -> None:
    g = ready(1)
    a = g.andrew
    assert a is not None
    a.tracks["south"] = 2
    _solo_round(g, "n16", "rd", Event("west", False))  # South 3: two steps to the final box
    assert a.tracks["south"] == g.data.tracks["south"].last and a.shift == 1
    _solo_round(g, "n16", "rd", Event("west", False))  # already on the final box: 3 slides
    assert a.tracks["south"] == g.data.tracks["south"].last and a.shift == 3


@pytest.mark.parametrize(
    "event, donates",
    [(Event("west", False), False), (Event(None, True), True), (Event("west", True), True)],
)
def test_he_ignores_income_and_donates_on_any_space_with_the_donation_symbol(
    event: Event, donates: bool
) -> None:
    # Seed イベント: nothing on a mission-area (income) space; the End tile has both symbols.
    g = ready(1)
    a = g.andrew
    assert a is not None
    g.chart["c4"] = []
    _solo_round(g, "n11", "hr", event)  # donation c4
    assert (g.chart["c4"] == [ANDREW]) is donates and a.donations == (["c4"] if donates else [])
    assert a.disks == 26 - donates


def test_management_takes_the_lowest_numbered_kind_of_each_listed_type() -> None:
    # Seed silent on which tile of a type; S5 (brdgm BotActions.ts): the first one by number.
    g = ready(1)
    a = g.andrew
    assert a is not None
    g.display = {k: 0 for k in g.display}
    g.display["safety"] = 2  # number 3
    g.display["recruiting"] = 1  # number 2
    _solo_round(g, "n06", "management", Event("west", False))  # HR x3
    assert a.departments == ["recruiting", "safety"] and a.shift == 1
    assert g.display["recruiting"] == 0 and g.display["safety"] == 1


def test_a_card_that_did_not_move_is_filed_under_the_zero_vp_card() -> None:
    g = ready(1)
    a = g.andrew
    assert a is not None
    g.spaces["salt-lake-city"] = [None]
    g.spaces["reno"] = [None]
    _solo_round(g, "n01", "construction", Event("west", False))
    solo.end_round(g)
    assert a.piles[0] == ["n01"] and solo.score(g)["andrew_cards"] == 0


def test_only_a_disk_on_a_final_box_scores_six_and_projects_score_their_city() -> None:
    # Seed: 6 VP per final box (no connection VP); each built disk the city's 0-3 VP.
    g = ready(1)
    a = g.andrew
    assert a is not None
    for r in a.tracks:
        a.tracks[r] = g.data.tracks[r].last - 1
    assert solo.score(g)["andrew_transport"] == 0
    a.tracks["west"] = g.data.tracks["west"].last
    a.tracks["east"] = g.data.tracks["east"].last
    # a network joining three major cities scores no connection VP for him
    g.spaces = {c: [None] * len(s) for c, s in g.spaces.items()}
    for city in ("new-york", "pittsburgh", "chicago", "reno"):
        g.spaces[city][0] = ANDREW
    s = solo.score(g)
    assert s["andrew_transport"] == 12
    assert s["andrew_projects"] == 3 + 2 + 3 + 0
    assert set(s) == {
        "andrew_cards",
        "andrew_departments",
        "andrew_transport",
        "andrew_projects",
        "andrew_donations",
        "andrew_total",
    }
    assert s["andrew_total"] == sum(v for k, v in s.items() if k != "andrew_total")


def test_his_donations_score_the_players_company_each_at_most_twelve() -> None:
    g = ready(1)
    a = g.andrew
    assert a is not None
    c = g.company(0)
    west = ("seattle", "helena", "portland", "boise", "reno", "denver", "santa-fe")
    c.projects = [(x, 0, "housing") for x in west]
    a.donations = ["d4"]  # 2 VP per project of the player's in the West: 14, capped
    assert solo.score(g)["andrew_donations"] == 12
    c.donations = ["a1", "a2"]
    a.donations = ["b5"]  # 2 VP per donation, this one included: the player's two and his
    assert solo.score(g)["andrew_donations"] == 6


def test_welfare_donations_are_paid_from_what_the_player_has_left() -> None:
    # S8 (designer): the player pays for Andrew's Welfare donations after scoring their own.
    g = ready(1)
    a = g.andrew
    assert a is not None
    c = g.company(0)
    c.goods, c.money = 3, 12
    c.donations = ["c2"]  # the player's own: 2 VP per good, all three goods used
    a.donations = ["c2"]
    assert solo.score(g)["andrew_donations"] == 0
    a.donations = ["c3"]  # 2 VP per $5 of the $12 left
    assert solo.score(g)["andrew_donations"] == 4


def _set_andrew_total(g, total: int) -> None:  # type: ignore[no-untyped-def]
    a = g.andrew
    a.piles = [[], ["n01"] * total, [], [], []]  # 1 VP each


@pytest.mark.parametrize(
    "margin, key, won",
    [
        (1, "carnegie.outcome.solo_win", True),
        (0, "carnegie.outcome.solo_shared", True),
        (-1, "carnegie.outcome.solo_loss", False),
    ],
)
def test_more_vp_wins_and_a_tie_is_shared(margin: int, key: str, won: bool) -> None:
    # Seed: 「勝利点が多い方が勝者です」; ties (general rule):
    # 「同点のプレイヤーは握手をして勝利を分かち合います」.
    g = ready(1)
    mine = score_company(g, 0)["total"]
    assert mine >= 1
    _set_andrew_total(g, mine - margin)
    out = final_outcome(g)
    assert key_of(out.reason) == key
    assert out.details[0]["andrew_total"] == mine - margin
    assert (out.winners == frozenset({0})) is won and out.ranks[0] == (1 if won else 2)
