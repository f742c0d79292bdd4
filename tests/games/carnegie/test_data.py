"""Carnegie data files: everything loads, matches the seed's and the reference's counts, and a
broken file reports every problem at once."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from games.carnegie.data import PROJECT_TYPES, REGIONS, load, parse, read_raw
from games.core.data import DataError


def test_map_matches_the_reference_counts() -> None:
    d = load()
    assert len(d.cities) == 32
    sizes = Counter(c.size for c in d.cities)
    assert sizes == {"small": 18, "medium": 10, "major": 4}
    spaces = Counter(s.type for c in d.cities for s in c.spaces)
    assert sum(spaces.values()) == 68
    assert spaces == {"any": 18, "housing": 14, "commerce": 14, "industry": 13, "infrastructure": 9}
    assert len(d.roads) == 54
    majors = {c.id: c.connection_points for c in d.cities if c.size == "major"}
    # Seed 主要都市の接続: San Francisco counts as two cities.
    assert majors == {"san-francisco": 2, "chicago": 1, "new-york": 1, "new-orleans": 1}
    # Seed 得点計算: projects score 0-3 VP by city.
    assert {c.vp for c in d.cities} <= {0, 1, 2, 3}


def test_roads_connect_every_city() -> None:
    d = load()
    seen = {"seattle"}
    todo = ["seattle"]
    while todo:
        for n in d.neighbours[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(d.city)


def test_transport_tracks_and_east_stagecoach() -> None:
    d = load()
    assert set(d.tracks) == set(REGIONS)
    for t in d.tracks.values():
        assert len(t.levels) == 5 and len(t.costs) == 4 and len(t.income) == 5
    # Seed: East starts at stagecoach level, the other regions at wagon.
    assert d.tracks["east"].levels[0] == "stagecoach"
    assert {d.tracks[r].levels[0] for r in ("west", "midwest", "south")} == {"wagon"}
    # Seed: every region's starting transport income is $1.
    assert all(t.income[0].money == 1 for t in d.tracks.values())


def test_timeline_tiles_hold_three_incomes_and_one_donation_per_side() -> None:
    d = load()
    assert len(d.tiles) == 8
    for tile in d.tiles:
        for side in (tile.front, tile.back):
            assert side.count("donation") == 1
            assert len(set(side) - {"donation"}) == 3
    assert d.end_donation and sorted(d.end_income) == sorted(REGIONS)


def test_departments_kinds_and_types() -> None:
    d = load()
    kinds = d.tile_kinds()
    assert len(kinds) == 32 and sorted(k.number for k in kinds) == list(range(1, 33))
    assert sum(1 for k in kinds if not k.is_expansion) == 16
    assert Counter(k.type for k in kinds) == {"hr": 8, "management": 8, "construction": 8, "rd": 8}
    starting = [x for x in d.departments if x.is_starting]
    assert [x.id for x in starting] == ["hr", "commerce", "planning", "construction", "rd"]
    assert all(x.source == "reconstructed" for x in starting)
    assert d.department["hr"].printed_employee
    # The seven departments where the seed and the printed tiles differ carry the seed's values,
    # plus Safety and Quality (seed: whole pairs) and Property Management (seed: its own
    # employee moves into the new department).
    differing = {k.number for k in kinds if k.seed_params}
    assert differing == {1, 2, 5, 6, 9, 10, 13, 3, 8}
    assert d.department["sales"].param("money_per_goods") == 6
    assert d.department["sales"].param("money_per_goods", seed=True) == 5
    assert d.department["advanced-research"].param("study_points", seed=True) == 8


def test_tabs_and_company_fit_the_known_maxima() -> None:
    d = load()
    assert [t.id for t in d.tabs] == list(PROJECT_TYPES)
    # S6 (rulebook p. 13): tab VP at most 6 / 9 / 12 / 15 = 42.
    assert [t.max_vp for t in d.tabs] == [6, 9, 12, 15]
    assert sum(t.max_vp for t in d.tabs) == d.rules.tab_max == 42
    # Seed 準備 6: housing, commerce and industry show a disk at setup, infrastructure none.
    assert [t.start_revealed for t in d.tabs] == [1, 1, 1, 0]
    # Seed: housing/commerce cost 1 goods, industry/infrastructure 2.
    assert [t.build_goods for t in d.tabs] == [1, 1, 2, 2]
    lay = d.company
    used = {lay.lobby, *lay.start.values()}
    empty = [c for c in lay.cells if c not in used]
    assert len(empty) == 10  # 15 departments in all (S9) = 5 starting + 10
    vp = sum(lay.top_row_vp if c.endswith("1") else lay.other_row_vp for c in empty)
    assert vp == d.rules.department_max == 24


def test_andrew_cards_and_decks() -> None:
    d = load()
    a = d.andrew
    assert a.vp_cards == (0, 1, 3, 6, 10)
    assert Counter(c.deck for c in a.cards) == {"normal": 20, "advanced": 20}
    assert [x + y for x, y in zip(a.deck_normal, a.deck_advanced, strict=True)] == [20] * 4
    # Every normal card names a different donation.
    assert len({c.donation for c in a.cards if c.deck == "normal"}) == 20


def test_broken_data_reports_every_problem_at_once() -> None:
    raw = copy.deepcopy(read_raw())
    raw["map"]["roads"].append(["seattle", "atlantis"])
    raw["departments"]["department"][6]["params"]["bogus"] = 1
    raw["company"]["start"]["hr"] = "z9"
    raw["tabs"]["tab"][0]["spaces"][0]["colour"] = "red"
    del raw["andrew"]["card"][0]["rd_steps"]
    with pytest.raises(DataError) as err:
        parse(raw)
    text = str(err.value)
    for needle in ("atlantis", "bogus", "z9", "colour", "rd_steps"):
        assert needle in text


def test_a_value_without_provenance_is_refused() -> None:
    raw = copy.deepcopy(read_raw())
    del raw["tabs"]["note"]
    with pytest.raises(DataError, match="needs a `note`"):
        parse(raw)
