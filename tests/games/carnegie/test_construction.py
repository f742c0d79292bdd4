"""Strategic Planning, Construction and R&D (seed 戦略企画, 建設, 研究開発)."""

from __future__ import annotations

from .scenario import legal, play, put, ready, refused, turn


def _reserve(g, seat: int = 0) -> str:  # type: ignore[no-untyped-def]
    r = g.company(seat).reserve
    assert r is not None
    return str(r)


def test_new_department_costs_two_goods_or_one_on_an_occupied_space() -> None:
    g = turn(ready(2), 0, "management")
    c = g.company(0)
    c.goods = 2
    play(g, 0, f"establish {_reserve(g)} a1")
    assert c.goods == 0 and c.cells["a1"].dept in c.added
    g = turn(ready(2), 0, "management")
    c = g.company(0)
    c.goods = 1
    refused(g, 0, f"establish {_reserve(g)} a1", "costs 2 goods")
    c.cells["a1"].inactive = 1
    c.lobby -= 1
    play(g, 0, f"establish {_reserve(g)} a1")
    assert c.goods == 0


def test_the_first_department_must_be_the_reserved_one() -> None:
    # Option reserve=first, S6 (rulebook): the tile chosen at setup must be the first one built.
    g = turn(ready(2, reserve="first"), 0, "management")
    c = g.company(0)
    c.goods = 9
    other = next(k for k, n in g.display.items() if n and k != c.reserve)
    refused(g, 0, f"establish {other} a1", "reserved")
    assert {m.split()[1] for m in legal(g, 0) if m.startswith("establish")} == {c.reserve}


def test_no_duplicate_departments_and_only_empty_spaces() -> None:
    g = ready(2)
    c = g.company(0)
    c.reserve = None
    put(g, 0, "a2", "sales", active=1)
    g.display["sales"] = 1
    turn(g, 0, "management")
    c.goods = 9
    refused(g, 0, "establish sales a1", "never holds the same department twice")
    kind = next(k for k, n in g.display.items() if n and k != "sales")
    refused(g, 0, f"establish {kind} b4", "holds the Lobby")
    refused(g, 0, f"establish {kind} a2", "holds Sales")


def test_building_a_department_takes_a_tile_from_the_display() -> None:
    g = ready(2)
    c = g.company(0)
    c.reserve = None
    turn(g, 0, "management")
    c.goods = 9
    kind = next(k for k, n in g.display.items() if n)
    n = g.display[kind]
    play(g, 0, f"establish {kind} a1")
    assert g.display[kind] == n - 1


def test_construction_sends_the_employee_to_the_region_and_pays_goods_by_type() -> None:
    # Seed 建設: mission to the region, pay the tab's goods, build on a matching space.
    g = turn(ready(2, seed=5), 0, "construction")
    c = g.company(0)
    goods = c.goods
    play(g, 0, "build commerce boston")
    assert c.missions["east"] == 1 and c.cells["d4"].active == 0
    assert c.goods == goods - 1
    boston = g.data.city["boston"]
    i = next(i for i, s in enumerate(boston.spaces) if s.type == "commerce")
    assert g.spaces["boston"][i] == 0
    assert c.built["commerce"] == 1 and c.tab_disks("commerce", g.data) == 0


def test_industry_costs_two_goods_and_needs_a_matching_space() -> None:
    g = turn(ready(2, seed=5), 0, "construction")
    c = g.company(0)
    c.goods = 1
    refused(g, 0, "build industry chicago", "costs 2 goods")
    c.goods = 2
    refused(g, 0, "build industry denver", "no free industry space")
    play(g, 0, "build industry chicago")
    assert c.goods == 0


def test_small_towns_take_any_type_and_pay_transport_income() -> None:
    g = ready(2, seed=5)
    town = next(
        x.id
        for x in g.data.cities
        if x.is_town and x.region == "south" and g.spaces[x.id][0] is None
    )
    turn(g, 0, "construction")
    c = g.company(0)
    c.tracks["south"] = 2  # box 3: $5
    money = c.money
    play(g, 0, f"build industry {town}")
    assert c.money == money + 5


def test_town_income_option_icons_only() -> None:
    g = ready(2, seed=5, town_income="icons")
    assert g.town_pays_income("dallas") and not g.town_pays_income("memphis")
    g = ready(2, seed=5)
    assert g.town_pays_income("memphis")


def test_the_tab_builds_its_rightmost_disk_first_revealing_its_income() -> None:
    # Seed: with several disks on a tab, the rightmost (first revealed) is built first; the
    # built space shows its project income ("!").
    g = turn(ready(2, seed=5), 0, "rd")
    c = g.company(0)
    c.study = 10
    play(g, 0, "research tab commerce", "research tab commerce")
    assert c.tab_disks("commerce", g.data) == 3
    spaces = g.data.tab["commerce"].spaces
    turn(g, 0, "construction")
    before = c.project_income(g.data).money
    play(g, 0, "build commerce boston")
    assert c.project_income(g.data).money == before + spaces[0].income.money


def test_engineering_and_outsourcing() -> None:
    g = ready(2, seed=5, values="printed")
    put(g, 0, "a2", "engineering", active=1)
    put(g, 0, "b2", "outsourcing", active=1)
    turn(g, 0, "construction")
    c = g.company(0)
    c.goods, c.money = 4, 3
    play(g, 0, "build industry chicago with engineering")
    assert c.missions["midwest"] == 1 and c.goods == 2
    play(g, 0, "build commerce boston with outsourcing")
    assert c.money == 0 and c.goods == 1 and c.missions["east"] == 0


def test_engineering_seed_value_builds_for_one_goods() -> None:
    g = ready(2, seed=5, values="seed")
    put(g, 0, "a2", "engineering", active=1)
    turn(g, 0, "construction")
    c = g.company(0)
    c.goods = 1
    play(g, 0, "build industry chicago with engineering")
    assert c.goods == 0


def test_political_lobbying_builds_off_type_and_scores_on_type() -> None:
    g = ready(2, seed=5)
    put(g, 0, "a2", "lobbying", active=1)
    turn(g, 0, "construction")
    c = g.company(0)
    c.goods = 9
    play(g, 0, "build commerce chicago on industry")
    assert c.vp == 0
    g = ready(2, seed=5)
    put(g, 0, "a2", "lobbying", active=1)
    turn(g, 0, "construction")
    g.company(0).goods = 9
    play(g, 0, "build commerce boston")
    assert g.company(0).vp == 1
    g = turn(ready(2, seed=5), 0, "construction")
    refused(g, 0, "build commerce chicago on industry", "Political Lobbying")


def test_rd_gives_three_points_per_employee_and_unused_points_are_lost() -> None:
    g = turn(ready(2, seed=5), 0, "rd")
    c = g.company(0)
    c.cells["a4"].active = 2
    c.lobby -= 1
    play(g, 0, "use rd", "use rd")
    assert c.study == 6
    play(g, 0, "research track west")  # 2 points
    assert c.tracks["west"] == 1 and c.study == 4
    play(g, 0, "end")
    assert c.study == 0


def test_sliding_a_tab_places_a_disk_and_costs_its_points() -> None:
    g = turn(ready(2, seed=5), 0, "rd")
    c = g.company(0)
    cost = g.data.tab["infrastructure"].spaces[0].cost
    c.study = cost - 1
    refused(g, 0, "research tab infrastructure", f"costs {cost} study points")
    c.study = cost
    disks = c.disks
    play(g, 0, "research tab infrastructure")
    assert c.disks == disks - 1 and c.tab_disks("infrastructure", g.data) == 1


def test_tab_vp_spaces_score_at_the_end() -> None:
    g = ready(2, seed=5)
    c = g.company(0)
    c.revealed["housing"] = len(g.data.tab["housing"].spaces)
    from games.carnegie.scoring import score_company

    assert score_company(g, 0)["tabs"] == 6


def test_final_box_holds_one_player_unless_archives() -> None:
    g = turn(ready(2, seed=5), 0, "rd")
    c = g.company(0)
    g.company(1).tracks["south"] = 4
    c.tracks["south"] = 3
    c.study = 20
    refused(g, 0, "research track south", "holds one player")
    put(g, 0, "a2", "archives", active=1)
    goods = c.goods
    play(g, 0, "research track south")
    assert c.tracks["south"] == 4 and c.goods == goods + 3  # final bonus: 3 goods


def test_telegraph_lowers_each_step_by_one_to_at_least_one() -> None:
    g = ready(2, seed=5)
    put(g, 0, "a2", "telegraph", active=1)
    turn(g, 0, "rd")
    c = g.company(0)
    c.study = 2
    play(g, 0, "research track midwest")  # 1 -> stays 1
    play(g, 0, "research track west")  # 2 -> 1
    assert c.study == 0 and c.tracks["midwest"] == 1 and c.tracks["west"] == 1


def test_archives_takes_a_lower_box_at_income() -> None:
    g = ready(2, seed=5)
    put(g, 0, "a2", "archives", active=1)
    c = g.company(0)
    c.tracks["east"] = 2  # box 3: a new employee
    c.missions["east"] = 1
    c.lobby -= 1
    from games.carnegie.flow import IncomeStep
    from games.carnegie.phases import Phase
    from games.carnegie.timeline import Event

    g.event = Event("east", False)
    g.phase = Phase.INCOME
    IncomeStep().enter(g)
    g.queue = [0]
    assert {"return 1 box 1", "return 1 box 2", "return 1", "return 0"} <= legal(g, 0)
    money = c.money
    play(g, 0, "return 1 box 2")  # $4 instead of an employee
    assert c.money == money + 4 + c.project_income(g.data).money
