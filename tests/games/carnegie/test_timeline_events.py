"""Action selection on the timeline and the events (seed 1. アクション選択, 2. イベント)."""

from __future__ import annotations

from games.carnegie.phases import Phase
from games.carnegie.timeline import LAST, event_at, select

from .scenario import legal, play, ready, refused


def test_choosing_puts_the_marker_right_of_the_disc_and_runs_its_event() -> None:
    g = ready(2, seed=3)
    s = g.start_player
    assert legal(g, s) == {"choose hr", "choose management", "choose construction", "choose rd"}
    play(g, s, "choose construction")
    sel = g.selection
    assert sel is not None and (sel.row, sel.marker, sel.flipped) == (2, 1, None)
    assert g.event == event_at(g.data, g.tiles, 2, 1)


def test_the_chosen_disc_advances_at_round_end_and_the_start_player_passes() -> None:
    g = ready(2, seed=3)
    s = g.start_player
    play(g, s, "choose rd")
    while g.phase != Phase.CHOOSE:
        seat = min(g.to_act())
        g.apply(seat, g.default_move(seat))
    assert g.discs == [0, 0, 0, 1]
    assert g.round == 2 and g.start_player == 1 - s


def test_last_space_rule_flips_the_row_below() -> None:
    # Seed: a disc on the last space may still be chosen; the disc of the row below is flipped
    # and its space's event happens; below the 4th row comes the 1st.
    assert select([0, 0, 0, 0], 1).flipped is None
    sel = select([0, LAST, 2, 0], 1)
    assert (sel.row, sel.marker, sel.flipped, sel.event_row, sel.event_pos) == (1, 6, 2, 2, 3)
    # rows below also at the end are skipped; R&D (row 3) wraps to HR (row 0)
    sel = select([LAST, 1, LAST, LAST], 2)
    assert (sel.flipped, sel.event_row, sel.event_pos) == (1, 1, 2)
    sel = select([3, LAST, LAST, LAST], 3)
    assert (sel.flipped, sel.event_pos) == (0, 4)


def test_flipped_disc_advances_and_the_chosen_action_is_played() -> None:
    g = ready(2, seed=3)
    g.discs = [LAST, 1, 0, 0]
    s = g.start_player
    play(g, s, "choose hr")
    assert g.action == "hr" and g.selection is not None and g.selection.flipped == 1
    assert g.event == event_at(g.data, g.tiles, 1, 2)
    while g.phase != Phase.CHOOSE:
        seat = min(g.to_act())
        g.apply(seat, g.default_move(seat))
    assert g.discs == [LAST, 2, 0, 0]


def test_twenty_rounds_end_the_game() -> None:
    g = ready(2, seed=9)
    while not g.is_over():
        seat = min(g.to_act())
        g.apply(seat, g.default_move(seat))
    assert g.round == 20 and g.discs == [LAST] * 4
    out = g.outcome()
    assert out is not None and "20 rounds" in out.reason


def test_end_tile_has_income_and_donation() -> None:
    g = ready(2)
    for row, region in enumerate(g.data.end_income):
        ev = event_at(g.data, g.tiles, row, LAST)
        assert ev.income == region and ev.donation


def _to_event(g, region: str | None, donation: bool):  # type: ignore[no-untyped-def]
    """Choose a row whose next space has the wanted event (rearranging discs if needed)."""
    for row in range(4):
        for pos in range(1, LAST + 1):
            ev = event_at(g.data, g.tiles, row, pos)
            if ev.income == region and ev.donation == donation:
                g.discs[row] = pos - 1
                play(g, g.start_player, f"choose {['hr', 'management', 'construction', 'rd'][row]}")
                return
    raise AssertionError("no such space")


def test_income_returns_employees_and_pays_transport_per_employee_and_projects_once() -> None:
    # Seed 収入を得る: 1+ employees home; transport income per employee at the player's box;
    # project income ("!" of built projects) once.
    g = ready(2, seed=4)
    s = g.start_player
    c = g.company(s)
    c.lobby -= 3
    c.missions["south"] = 3
    c.tracks["south"] = 2  # box 3: $5 per employee
    money = c.money
    project = c.project_income(g.data)  # the setup housing project: $2 (reconstructed tab)
    _to_event(g, "south", False)
    assert g.phase == Phase.INCOME and g.to_act() == {s}
    assert legal(g, s) == {"return 3", "return 2", "return 1", "return 0"}
    play(g, s, "return 2")
    assert c.missions["south"] == 1 and c.lobby == 4
    assert c.money == money + 2 * 5 + project.money


def test_no_return_no_income() -> None:
    g = ready(2, seed=4)
    s = g.start_player
    c = g.company(s)
    c.lobby -= 1
    c.missions["east"] = 1
    money = c.money
    _to_event(g, "east", False)
    play(g, s, "return 0")
    assert c.money == money and c.missions["east"] == 1


def test_donations_cost_five_more_each_time_and_one_disk_per_space() -> None:
    g = ready(2, seed=4)
    s = g.start_player
    c = g.company(s)
    c.money = 40
    c.donations = ["a1"]
    g.chart["a1"] = [s]
    _to_event(g, None, True)
    assert g.phase == Phase.DONATION and g.to_act() == {s}
    taken = next(d for d, o in g.chart.items() if o)
    refused(g, s, f"donate {taken}", "taken")
    free = next(d for d, o in g.chart.items() if not o)
    play(g, s, f"donate {free}")
    assert c.money == 30  # second donation: $10
    assert g.chart[free] == [s]


def test_communications_makes_donations_three_dollars_a_step() -> None:
    g = ready(2, seed=4)
    s = g.start_player
    c = g.company(s)
    c.donations = ["a1", "a2"]
    assert g.donation_cost(s) == 15
    c.set_dept("a2", "communications")
    c.cells["a2"].active = 1
    assert g.donation_cost(s) == 9  # seed example: 3 x 3 instead of 5 x 3
