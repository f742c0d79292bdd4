"""Component data of Food Chain Magnate: loads, validates, and matches the published counts."""

from __future__ import annotations

import copy

import pytest

from games.core.data import DataError, load_toml
from games.food_chain_magnate.data import GAME, components, parse_components


def _docs() -> list[dict]:
    return [load_toml(GAME, n) for n in ("employees", "tiles", "campaigns", "milestones", "setup")]


def test_employee_cards_sum_to_222_with_ten_1x_types() -> None:
    c = components()
    assert len(c.employees) == 33  # 32 supply types + CEO
    assert sum(e.copies for e in c.employees.values()) == 222  # seed: "222 cards, not 223"
    assert sorted(e.id for e in c.employees.values() if e.one_x) == sorted(
        [
            "executive_vp",
            "luxuries_manager",
            "regional_manager",
            "cfo",
            "hr_director",
            "guru",
            "zeppelin_pilot",
            "brand_director",
            "burger_chef",
            "pizza_chef",
        ]
    )
    entry = sorted(e.id for e in c.employees.values() if e.entry)
    assert entry == sorted(
        [
            "waitress",
            "management_trainee",
            "pricing_manager",
            "recruiting_girl",
            "trainer",
            "errand_boy",
            "marketing_trainee",
            "kitchen_trainee",
        ]
    )
    assert all(not e.salary for e in c.employees.values() if e.entry)


def test_career_tree_and_manager_slots() -> None:
    c = components()
    assert c.employee("executive_vp").slots == 10  # seed errata: the card's 10 is right
    assert c.employee("ceo").slots == 3
    assert c.employee("coach").trained_from == "junior_vp"
    assert c.employee("zeppelin_pilot").trained_from == "truck_driver"
    assert set(c.employee("kitchen_trainee").trains_into) == {"burger_cook", "pizza_cook"}
    assert [e.id for e in c.employees.values() if e.is_manager] == (
        ["management_trainee", "junior_vp", "vice_president", "senior_vp", "executive_vp"]
    )
    assert c.employee("truck_driver").amount == 3 and c.employee("truck_driver").bonus_amount == 4


def test_tiles_houses_drinks_and_bridges() -> None:
    c = components()
    assert len(c.tiles) == 20
    assert sorted(t.house for t in c.tiles.values() if t.house) == [
        2,
        4,
        5,
        7,
        8,
        10,
        12,
        13,
        15,
        16,
        18,
    ]
    drinks = "".join("".join(t.grid) for t in c.tiles.values())
    assert (drinks.count("B"), drinks.count("L"), drinks.count("S")) == (5, 4, 4)
    assert sorted(t.id for t in c.tiles.values() if t.bridge) == ["G", "P"]
    assert c.house_numbers == (1, 3, 6, 9, 11, 14, 17, 19)


def test_campaign_tiles_and_removal_by_player_count() -> None:
    c = components()
    kinds = [d.kind for d in c.campaigns.values()]
    assert (kinds.count("radio"), kinds.count("airplane"), kinds.count("mailbox")) == (3, 3, 4)
    assert kinds.count("billboard") == 6
    removed = {n: [d.number for d in c.campaigns.values() if n in d.removed] for n in (2, 3, 4, 5)}
    assert removed == {2: [12, 15, 16], 3: [15, 16], 4: [16], 5: []}
    assert [c.campaigns[n].width for n in (4, 5, 6)] == [1, 3, 5]


def test_setup_table_and_constants() -> None:
    c = components()
    assert {n: (p.rows, p.cols, p.one_x_copies) for n, p in c.counts.items()} == {
        2: (3, 3, 1),
        3: (3, 4, 1),
        4: (4, 4, 2),
        5: (4, 5, 3),
    }
    assert (c.bank_per_player, c.intro_bank_per_player) == (50, 75)
    assert [(r.money, r.ceo_slots) for r in c.reserve_cards] == [(100, 2), (200, 3), (300, 4)]
    assert len(c.milestones) == 18


def test_every_problem_is_reported_at_once() -> None:
    docs = copy.deepcopy(_docs())
    emp, tiles, camps, miles, setup = docs
    emp["employee"]["coach"]["colour"] = "black"  # unknown key
    emp["employee"]["junior_vp"]["trains_into"].append("astronaut")  # unresolved reference
    tiles["tile"]["A"]["grid"][0] = "..#."  # bad shape
    camps["campaign"]["11"]["kind"] = "poster"
    del miles["milestone"]["first_radio"]
    setup["reserve"]["source"] = "guess"
    with pytest.raises(DataError) as err:
        parse_components(emp, tiles, camps, miles, setup)
    text = str(err.value)
    for bit in ("unknown key `colour`", "astronaut", "[tile.A]", "poster", "first_radio", "source"):
        assert bit in text


def test_house_numbers_must_be_unique() -> None:
    emp, tiles, camps, miles, setup = copy.deepcopy(_docs())
    setup["houses"]["numbers"][0] = 2  # printed on tile A
    with pytest.raises(DataError, match="house number is used twice"):
        parse_components(emp, tiles, camps, miles, setup)
