"""Final scoring by category (seed 得点計算, 主要都市の接続, 寄付の効果)."""

from __future__ import annotations

from games.carnegie.model import Company
from games.carnegie.scoring import connection_vp, donation_vp, final_outcome, score_company
from games.carnegie.state import CarnegieState

from .scenario import game, put


def _build(g: CarnegieState, seat: int, *cities: str, tab: str = "housing") -> None:
    c = g.company(seat)
    for city in cities:
        i = g.spaces[city].index(None)
        g.spaces[city][i] = seat
        c.projects.append((city, i, tab))


def _bare(n: int = 2) -> tuple[CarnegieState, Company]:
    g = game(n, seed=2)
    for s in g.spaces:
        g.spaces[s] = [None] * len(g.spaces[s])
    c = g.company(0)
    return g, c


def test_two_connected_major_cities_at_wagon_level() -> None:
    # Seed: a continuous line of one's disks joining at least two major cities; the column
    # is the lowest transport level of those cities' regions.
    g, c = _bare()
    _build(g, 0, "chicago", "pittsburgh", "new-york")
    assert connection_vp(g, 0) == 3  # 2 points, wagon (Midwest box 1)
    c.tracks["midwest"] = 2  # railroad in the Midwest; East box 1 is stagecoach
    assert connection_vp(g, 0) == 6


def test_san_francisco_counts_double() -> None:
    g, _c = _bare()
    _build(g, 0, "san-francisco", "portland", "boise", "denver", "kansas-city", "chicago")
    assert connection_vp(g, 0) == 6  # 3 points at wagon


def test_only_the_best_of_two_separate_networks_scores() -> None:
    # Seed example: San Francisco - Chicago and New Orleans - New York apart: best one only.
    g, c = _bare()
    _build(g, 0, "san-francisco", "portland", "boise", "denver", "kansas-city", "chicago")
    _build(g, 0, "new-orleans", "atlanta", "washington", "new-york")
    c.tracks = {"west": 0, "midwest": 0, "south": 3, "east": 3}
    # SF-Chicago: 3 points at wagon = 6; New Orleans-New York: 2 points at railroad = 9
    assert connection_vp(g, 0) == 9


def test_one_major_city_scores_nothing() -> None:
    g, _c = _bare()
    _build(g, 0, "chicago", "st-louis", "kansas-city")
    assert connection_vp(g, 0) == 0


def test_other_players_disks_break_the_line() -> None:
    g, _c = _bare()
    _build(g, 0, "chicago", "new-york")
    _build(g, 1, "pittsburgh")
    assert connection_vp(g, 0) == 0


def test_post_office_adds_a_point_and_six_points_score_nine_more() -> None:
    g, c = _bare()
    put(g, 0, "a2", "post-office", active=1)
    _build(g, 0, "chicago", "pittsburgh", "new-york")
    assert connection_vp(g, 0) == 6  # 3 points at wagon
    _build(g, 0, "st-louis", "memphis", "new-orleans", "houston", "san-antonio", "el-paso")
    _build(g, 0, "phoenix", "los-angeles", "san-francisco")
    c.tracks = {r: 3 for r in c.tracks}
    assert connection_vp(g, 0) == 36 + 9


def test_departments_score_three_top_row_two_other_rows() -> None:
    g, c = _bare()
    put(g, 0, "a1", "sales", active=1)
    put(g, 0, "a2", "logistics")
    c.added = ["sales", "logistics"]
    assert score_company(g, 0)["departments"] == 5


def test_donations_each_capped_at_twelve() -> None:
    g, c = _bare()
    _build(g, 0, "chicago", "new-york", "boston", "albany", "washington", "pittsburgh", "atlanta")
    c.donations = ["d1", "b3", "c1"]
    # d1: 2 x 5 East projects = 10; b3: 2 x 7 housing = 14 -> 12; c1: 7
    assert donation_vp(g, 0, c.donations) == 10 + 12 + 7


def test_welfare_payments_are_chosen_for_the_most_vp() -> None:
    g, c = _bare()
    c.goods, c.money = 4, 12
    c.donations = ["c2", "c4"]
    # c4: 2 sets ($10 + 2 goods) = 8 VP; c2: 2 goods left = 4 VP -> 12
    assert donation_vp(g, 0, c.donations) == 12


def test_education_counts_starting_departments() -> None:
    g, c = _bare()
    c.donations = ["a2", "a5"]
    # Management: Commerce and Planning = 2 x 3; any department: 5 starting = 5
    assert donation_vp(g, 0, c.donations) == 6 + 5


def test_active_employees_and_the_unused_tile() -> None:
    g, _c = _bare(4)
    s = score_company(g, 0)
    assert s["active_employees"] == 5 and s["choice_tile"] == 3


def test_end_game_departments() -> None:
    g, c = _bare()
    _build(g, 0, "boston", "albany", "chicago")
    put(g, 0, "a1", "green-spaces", active=1)
    put(g, 0, "b1", "public-relations", active=1)
    put(g, 0, "c1", "libraries", active=1)
    # Green Spaces: 7 empty spaces x 2; Public Relations: East 2 x 2; Libraries: West 0 x 4
    assert score_company(g, 0)["end_departments"] == 14 + 4 + 0
    c.cells["a1"].active = 0
    assert score_company(g, 0)["end_departments"] == 4


def test_ties_share_the_win() -> None:
    g, _ = _bare()
    out = final_outcome(g)
    assert out.scores[0] == out.scores[1]
    assert out.winners == {0, 1} and out.ranks == {0: 1, 1: 1}
    assert set(out.details[0]) >= {
        "vp_track",
        "active_employees",
        "departments",
        "tabs",
        "connections",
        "projects",
        "donations",
        "choice_tile",
        "total",
    }
