"""Department use (seed 3. 部署の使用, 部署一覧), one rule per test.

The default company (reconstructed grid): b3 Commerce & Finance, c3 Strategic Planning,
a4 R&D, b4 Lobby, c4 Human Resources, d4 Construction; one active employee on each.
"""

from __future__ import annotations

from .scenario import legal, play, put, ready, refused, turn


def test_hr_gives_three_moves_per_active_employee_counting_the_printed_one() -> None:
    # Seed 人事: 3 moves per active employee; the printed employee counts as active; moving
    # HR's own active employee does not change the turn's total.
    g = turn(ready(2), 0, "hr")
    c = g.company(0)
    play(g, 0, "move hr c4 c3")  # HR's active employee leaves: it lies down in Planning
    assert g.turn.moves_left == 5
    assert c.cells["c4"].active == 0 and c.cells["c3"].inactive == 1
    play(g, 0, "move hr b4 a1")  # lobby to the top-left corner: 4 moves
    assert g.turn.moves_left == 1
    refused(g, 0, "move hr b4 b2", "takes 2 moves but you have 1 left")


def test_moving_prefers_an_inactive_employee() -> None:
    g = turn(ready(2), 0, "hr")
    c = g.company(0)
    c.cells["b3"].inactive = 1
    c.lobby -= 1
    play(g, 0, "move hr b3 a3")
    assert (c.cells["b3"].active, c.cells["b3"].inactive) == (1, 0)


def test_a_department_is_used_once_in_one_go() -> None:
    g = turn(ready(2), 0, "management")
    play(g, 0, "use commerce money")
    c = g.company(0)
    c.goods = 9
    play(g, 0, "establish " + _display_kind(g) + " a1")
    refused(g, 0, "use commerce money", "already used")


def _display_kind(g) -> str:  # type: ignore[no-untyped-def]
    c = g.company(0)
    return c.reserve or next(k for k, n in g.display.items() if n)


def test_only_departments_of_the_chosen_action() -> None:
    g = turn(ready(2), 0, "management")
    refused(g, 0, "use rd", "this round's action is Management")
    refused(g, 0, "move hr b4 b3", "this round's action is Management")


def test_action_choice_tile_allows_one_department_of_another_action() -> None:
    # Seed: the action-choice tile lets a player use one department of another action.
    g = turn(ready(4), 0, "management")
    c = g.company(0)
    assert c.choice_tile
    play(g, 0, "tile rd", "use rd")
    assert not c.choice_tile and c.study == 3
    g.turn.uses_left = 0
    play(g, 0, "use commerce goods")
    refused(g, 0, "tile hr", "no action-choice tile")


def test_commerce_and_finance_options() -> None:
    # Seed 商務・財務: $3, 1 goods, mission + $6, mission + 2 goods.
    g = turn(ready(2), 0, "management")
    c = g.company(0)
    assert {m for m in legal(g, 0) if m.startswith("use commerce")} == {
        "use commerce money",
        "use commerce goods",
        *(
            f"use commerce {r} {w}"
            for r in ("west", "midwest", "south", "east")
            for w in ("money", "goods")
        ),
    }
    money = c.money
    play(g, 0, "use commerce west money")
    assert c.money == money + 6 and c.missions["west"] == 1 and c.cells["b3"].active == 0


def test_sales_printed_and_seed_values() -> None:
    for values, per in (("printed", 6), ("seed", 5)):
        g = turn(ready(2, values=values), 0, "management")
        put(g, 0, "a2", "sales", active=1)
        c = g.company(0)
        c.goods, c.money = 3, 0
        play(g, 0, "use sales 2")
        assert (c.goods, c.money) == (1, 2 * per)
        refused(g, 0, "use sales 3", "has no uses left")


def test_sales_needs_the_goods() -> None:
    g = turn(ready(2), 0, "management")
    put(g, 0, "a2", "sales", active=2)
    g.company(0).goods = 1
    refused(g, 0, "use sales 2", "needs 2 goods")


def test_logistics_pays_money_and_vp_per_goods() -> None:
    g = turn(ready(2), 0, "management")
    put(g, 0, "a2", "logistics", active=1)
    c = g.company(0)
    c.goods, c.money = 3, 0
    play(g, 0, "use logistics 3")
    assert (c.goods, c.money, c.vp) == (0, 9, 3)


def test_supply_chain_buys_up_to_three_goods_at_one_dollar() -> None:
    g = turn(ready(2), 0, "construction")
    put(g, 0, "a2", "supply-chain", active=1)
    c = g.company(0)
    c.goods, c.money = 0, 2
    refused(g, 0, "use supply-chain 3", "costs $3")
    play(g, 0, "use supply-chain 2")
    assert (c.goods, c.money) == (2, 0)


def test_purchasing_mission_goods_or_money() -> None:
    g = turn(ready(2, values="printed"), 0, "management")
    put(g, 0, "a2", "purchasing", active=2)
    c = g.company(0)
    goods, money = c.goods, c.money
    play(g, 0, "use purchasing east goods", "use purchasing east money")
    assert (c.goods, c.money, c.missions["east"]) == (goods + 3, money + 8, 2)
    g = turn(ready(2, values="seed"), 0, "management")
    put(g, 0, "a2", "purchasing", active=1)
    refused(g, 0, "use purchasing east money", "goods only")


def test_training_printed_money_or_moves() -> None:
    g = turn(ready(2), 0, "hr")
    put(g, 0, "a2", "training", active=1)
    c = g.company(0)
    play(g, 0, "use training south moves")
    assert g.turn.move_source == "training" and g.turn.moves_left == 8
    assert c.missions["south"] == 1
    play(g, 0, "move training b4 a1")
    assert g.turn.moves_left == 4
    refused(g, 0, "use training south money 3", "no uses left")


def test_training_seed_values_mix_money_and_moves() -> None:
    g = turn(ready(2, values="seed"), 0, "hr")
    put(g, 0, "a2", "training", active=1)
    c = g.company(0)
    money = c.money
    play(g, 0, "use training south money 3")
    assert c.money == money + 3 and g.turn.moves_left == 5


def test_recruiting_hires_or_moves() -> None:
    g = turn(ready(2, values="printed"), 0, "hr")
    put(g, 0, "a2", "recruiting", active=2)
    c = g.company(0)
    play(g, 0, "use recruiting midwest")
    assert (c.aside, c.lobby, c.missions["midwest"]) == (4, 6, 1)
    play(g, 0, "use recruiting moves")
    assert g.turn.moves_left == 4


def test_recruiting_needs_an_employee_left_and_seed_has_no_moves() -> None:
    g = turn(ready(2), 0, "hr")
    put(g, 0, "a2", "recruiting", active=1)
    g.company(0).aside = 0
    refused(g, 0, "use recruiting midwest", "no employee left")
    g = turn(ready(2, values="seed"), 0, "hr")
    put(g, 0, "a2", "recruiting", active=1)
    refused(g, 0, "use recruiting moves", "only sends")


def test_safety_and_quality_vp_per_two_active_employees() -> None:
    for values, vp in (("printed", 3), ("seed", 2)):
        g = turn(ready(2, values=values), 0, "hr")
        put(g, 0, "a2", "safety", active=1)
        # 6 active before the mission, 5 after: printed rounds up (3), seed whole pairs (2)
        play(g, 0, "use safety west")
        assert g.company(0).vp == vp


def test_advanced_research_and_design_study_points() -> None:
    for values, points in (("printed", 7), ("seed", 8)):
        g = turn(ready(2, values=values), 0, "rd")
        put(g, 0, "a2", "advanced-research", active=1)
        play(g, 0, "use advanced-research east")
        assert g.company(0).study == points
    g = turn(ready(2), 0, "rd")
    put(g, 0, "a2", "advanced-design", active=2)
    play(g, 0, "use advanced-design", "use advanced-design")
    assert g.company(0).study == 8


def test_charitable_giving_joins_another_players_donation() -> None:
    # Seed 慈善寄付: pay your donation cost and put your disk on another player's donation;
    # never the same donation twice.
    g = turn(ready(2), 0, "rd")
    put(g, 0, "a2", "charity", active=2)
    c = g.company(0)
    free = next(d for d, o in g.chart.items() if not o)
    refused(g, 0, f"use charity west {free}", "is empty")
    g.chart[free] = [1]
    g.company(1).donations.append(free)
    c.money = 20
    play(g, 0, f"use charity west {free}")
    assert g.chart[free] == [1, 0] and c.donations == [free] and c.money == 15
    refused(g, 0, f"use charity west {free}", "already made")


def test_hr_administration_moves_anywhere_once_per_hr_department() -> None:
    g = turn(ready(2), 0, "hr")
    put(g, 0, "a2", "hr-admin", active=1)
    put(g, 0, "d1", "recruiting")
    play(g, 0, "use hr-admin west")
    assert g.turn.moves_left == 3  # HR, HR Administration and Recruiting
    play(g, 0, "move hr-admin b4 d1", "move hr-admin b4 a1")
    assert g.turn.moves_left == 1


def test_local_partners_per_project_in_the_region() -> None:
    g = turn(ready(2), 0, "hr")
    put(g, 0, "a2", "local-partners", active=1)
    region = g.data.city[g.company(0).projects[0][0]].region
    other = next(r for r in ("west", "midwest", "south", "east") if r != region)
    refused(g, 0, f"use local-partners {other} money", "none there")
    play(g, 0, f"use local-partners {region} moves")
    assert g.turn.moves_left == 2


def test_corporate_communication_allows_diagonal_moves() -> None:
    g = ready(2)
    put(g, 0, "a2", "corporate-comms", active=1)
    turn(g, 0, "hr")
    play(g, 0, "move hr b4 c3")
    assert g.turn.moves_left == 5
    g = turn(ready(2), 0, "hr")
    play(g, 0, "move hr b4 c3")
    assert g.turn.moves_left == 4


def test_accounting_production_lines_rd_coordination_count_departments() -> None:
    g = turn(ready(2), 0, "management")
    put(g, 0, "a2", "accounting", active=1)
    money = g.company(0).money
    play(g, 0, "use accounting west")
    assert g.company(0).money == money + 9  # Commerce, Planning, Accounting
    g = turn(ready(2), 0, "construction")
    put(g, 0, "a2", "production-lines", active=1)
    goods = g.company(0).goods
    play(g, 0, "use production-lines west")
    assert g.company(0).goods == goods + 2  # Construction, Production Lines
    g = turn(ready(2), 0, "rd")
    put(g, 0, "a2", "rd-coordination", active=1)
    play(g, 0, "use rd-coordination west")
    assert g.company(0).study == 4


def test_regional_departments_branding_renovation_knowledge_sharing() -> None:
    for action, dept, reward, field, each in (
        ("management", "branding", "goods", "goods", 1),
        ("construction", "renovation", "vp", "vp", 1),
        ("rd", "knowledge-sharing", "points", "study", 2),
        ("management", "branding", "money", "money", 2),
    ):
        g = turn(ready(2), 0, action)
        put(g, 0, "a2", dept, active=1)
        c = g.company(0)
        region = g.data.city[c.projects[0][0]].region
        before = getattr(c, field)
        play(g, 0, f"use {dept} {region} {reward}")
        assert getattr(c, field) == before + each


def test_ongoing_and_end_game_departments_are_not_used() -> None:
    g = turn(ready(2), 0, "rd")
    put(g, 0, "a2", "telegraph", active=1)
    put(g, 0, "b2", "libraries", active=1)
    refused(g, 0, "use telegraph", "works by itself")
    refused(g, 0, "use libraries", "scores at game end")


def test_a_department_without_active_employee_is_not_used() -> None:
    g = turn(ready(2), 0, "management")
    put(g, 0, "a2", "sales", inactive=1)
    refused(g, 0, "use sales 1", "no active employee")


def test_activation_pays_the_next_workplace() -> None:
    # Seed 4.: activation at the end of the turn, paying the cost under the workplace.
    g = turn(ready(2), 0, "management")
    put(g, 0, "a2", "logistics", inactive=3)
    c = g.company(0)
    c.money = 7
    play(g, 0, "activate a2", "activate a2")
    assert c.cells["a2"].active == 2 and c.money == 1
    refused(g, 0, "activate a2", "no empty workplace")
    # no department use after activation has begun
    refused(g, 0, "use commerce money", "begun activating")
    refused(g, 0, "activate b4", "holds no department")


def test_activation_needs_the_money() -> None:
    g = turn(ready(2), 0, "management")
    put(g, 0, "a2", "communications", inactive=1)
    g.company(0).money = 7
    refused(g, 0, "activate a2", "costs $8")


def test_payroll_management_bonus_and_cheap() -> None:
    g = ready(2)
    put(g, 0, "a2", "payroll", active=1)
    put(g, 0, "b2", "logistics", inactive=2)
    turn(g, 0, "management")
    c = g.company(0)
    c.money, c.vp = 20, 1
    play(g, 0, "activate b2 bonus")
    assert (c.money, c.vp) == (15, 2)
    play(g, 0, "activate b2 cheap")
    assert (c.money, c.vp) == (14, 1)


def test_payroll_does_not_work_in_the_round_it_was_activated() -> None:
    g = ready(2)
    put(g, 0, "a2", "payroll", inactive=1)
    put(g, 0, "b2", "logistics", inactive=1)
    turn(g, 0, "management")
    play(g, 0, "activate a2")
    refused(g, 0, "activate b2 bonus", "activated before this round")


def test_property_management_moves_an_employee_into_the_new_department() -> None:
    g = ready(2, values="printed")
    put(g, 0, "a2", "property", active=1)
    turn(g, 0, "management")
    c = g.company(0)
    c.goods = 5
    kind = _display_kind(g)
    play(g, 0, f"establish {kind} d1")
    assert g.turn.pending == "d1"
    refused(g, 0, "use commerce money", "Property Management")
    play(g, 0, "assign b4")
    assert c.cells["d1"].inactive == 1 and c.lobby == 4


def test_property_management_seed_moves_its_own_employee() -> None:
    g = ready(2, values="seed")
    put(g, 0, "a2", "property", active=1)
    turn(g, 0, "management")
    g.company(0).goods = 5
    play(g, 0, f"establish {_display_kind(g)} d1")
    assert legal(g, 0) == {"assign none", "assign a2"}
    refused(g, 0, "assign b4", "from a2")


def test_new_lobby_is_a_second_lobby_and_costs_two_more_goods() -> None:
    g = ready(2)
    c = g.company(0)
    c.reserve = None
    g.display["new-lobby"] = 1
    turn(g, 0, "management")
    c.goods = 3
    refused(g, 0, "establish new-lobby d1", "costs 4 goods")
    c.goods = 4
    play(g, 0, "establish new-lobby d1")
    assert c.goods == 0
    turn(g, 0, "hr")
    play(g, 0, "move hr d1 d2")  # a Lobby employee leaves from the New Lobby
    assert c.cells["d2"].inactive == 1 and c.lobby == 4


def test_new_lobby_on_an_occupied_space_takes_its_employees_into_the_lobby() -> None:
    g = ready(2)
    c = g.company(0)
    c.reserve = None
    g.display["new-lobby"] = 1
    c.cells["d3"].inactive = 2
    c.lobby -= 2
    turn(g, 0, "management")
    c.goods = 3
    play(g, 0, "establish new-lobby d3")  # 1 + 2 goods on an occupied space
    assert c.cells["d3"].employees == 0 and c.lobby == 5
    turn(g, 0, "hr")
    notations = [m.notation for m in g.legal_moves(0)]
    assert len(notations) == len(set(notations))
    assert "move hr d3 d2" in notations and "move hr b4 b3" in notations


def test_choices_offer_reachable_cells_only() -> None:
    # Issue #10: employee moves are browsed through choices, reachable cells only.
    g = turn(ready(2), 0, "hr")
    top = {c.notation: c.count for c in g.choices(0, "")}
    assert set(top) == {"move", "end", "sell"} and top["move"] > 50
    got = {c.notation for c in g.choices(0, "move hr b4 ")}
    # HR has 6 moves (printed employee + 1 active): from the Lobby b4 every cell is in reach
    assert "move hr b4 a1" in got and "move hr b4 b4" not in got
    play(g, 0, "move hr b4 a1")  # 4 moves: 2 left
    got = {c.notation for c in g.choices(0, "move hr b4 ")}
    assert got == {
        "move hr b4 a4",
        "move hr b4 a3",
        "move hr b4 b3",
        "move hr b4 b2",
        "move hr b4 c3",
        "move hr b4 c4",
        "move hr b4 d4",
    }
    assert all(c.complete and c.count == 1 for c in g.choices(0, "move hr b4 "))
